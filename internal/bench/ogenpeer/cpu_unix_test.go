//go:build unix

package ogenpeer_test

import "syscall"

// cpuTime returns the CPU time (user and system, every thread, the garbage collector's
// included) the process has used so far, in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
