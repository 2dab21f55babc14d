//go:build !race

package alloctest

// raceEnabled reports whether the binary runs under the race detector, whose sync.Pool drops
// what is put into it at random (see raceRuns).
const raceEnabled = false
