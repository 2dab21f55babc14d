//go:build !unix

package cardplatform_test

import "testing"

// cpuNow cannot read the process's CPU time here: 0, and reportCPU reports nothing.
func cpuNow() int64 { return 0 }

// reportCPU reports nothing where the CPU time cannot be read.
func reportCPU(*testing.B, int64) {}
