//go:build !unix

package ogenpeer_test

// cpuTime returns 0 where the process's CPU time is not read: cpu-ns/op reads 0.
func cpuTime() int64 { return 0 }
