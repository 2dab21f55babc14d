package cardplatform

import (
	"time"

	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// DefaultAPIVersion is the {version} path segment sent unless WithAPIVersion says otherwise.
const DefaultAPIVersion = "v1"

// DefaultIdleTimeout is how long a file transfer (DownloadBatchfile, CreateBatchfile) may go
// without moving a byte, unless WithIdleTimeout says otherwise.
const DefaultIdleTimeout = core.DefaultIdleTimeout

// WithIdleTimeout sets how long a file transfer (DownloadBatchfile, CreateBatchfile,
// CreateBatchfileBytes) may go without a byte of the document being sent or a byte of the
// answer arriving before it fails with a *[core.TimeoutError] (default DefaultIdleTimeout); 0 turns
// it off. File transfers have no whole-call ceiling (core.WithTimeout), so a large file is never cut
// off while bytes flow.
func WithIdleTimeout(d time.Duration) core.Option {
	return sdkclient.Own("cardplatform", "WithIdleTimeout", sdkclient.WithIdleTimeout(d))
}
