//go:build race

package cardplatform

// raceDetector reports a build with the race detector, where long tests scale down.
const raceDetector = true
