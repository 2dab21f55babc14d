//go:build race

package cardplatform_test

// raceEnabled reports a build with the race detector, where long tests scale down.
const raceEnabled = true
