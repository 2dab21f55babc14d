package sdkclient

import (
	"net/http"
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

func userAgentPolicy(suffix string) Policy {
	// One slice shared by every request: net/http only reads header values, so the header is
	// set without an allocation per call.
	ua := []string{userAgent(suffix)}
	return PolicyFunc(func(req *http.Request, next Next) (*http.Response, error) {
		req.Header["User-Agent"] = ua
		return next(req)
	})
}
