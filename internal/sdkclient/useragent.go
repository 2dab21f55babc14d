package sdkclient

import (
	"runtime"
	"strings"
)

// Version is the SDK version reported in the User-Agent header.
const Version = "0.1.0"

// userAgent is `issuerkit-go/<version> (<go version>; <os>/<arch>)` plus the caller's suffix.
func userAgent(suffix string) string {
	ua := "issuerkit-go/" + Version + " (" + runtime.Version() + "; " + runtime.GOOS + "/" + runtime.GOARCH + ")"
	if s := strings.TrimSpace(suffix); s != "" {
		ua += " " + s
	}
	return ua
}
