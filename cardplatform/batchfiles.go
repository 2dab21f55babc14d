package cardplatform

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// CreateBatchfileResult is the answer to CreateBatchfile. The platform answers 201 with the
// created batch file, or 200 with only its batchfile_guid; exactly one of the two is set.
type CreateBatchfileResult struct {
	// StatusCode is 200 or 201.
	StatusCode int
	// Created is the 201 body.
	Created *BatchfileResponse
	// GUIDOnly is the 200 body.
	GUIDOnly *BatchfileGUIDResponse
}

// CreateBatchfile sends POST /api/{version}/batchfiles: a batch file for disbursement. meta
// describes the file (its SourceDocument is ignored); document is read once and sent
// base64-encoded as source_document while it is read, so the encoded document is never held in
// memory. Use CreateBatchfileBytes when the document is in memory already.
//
// It moves money, so it is never re-sent once it may have reached the server: such a failure
// returns an error matching [core.ErrOutcomeUnknown] (no read-back settles it: see below). A
// document given as an io.Reader cannot be read twice, so it is not re-sent at all.
//
// If its outcome is unknown ([core.ErrOutcomeUnknown]), no read-back exists: manual review. No
// operation lists batch files; downloadBatchfile needs the batchfile_guid the lost answer held.
//
// Like a download, an upload has no whole-call ceiling (core.WithTimeout) but an idle timeout
// (WithIdleTimeout): it fails with a *[core.TimeoutError] when neither a byte of the document
// is sent nor a byte of the answer arrives for that long.
//
// Every non-2xx answer is a *[core.Error]: 400 with a ProblemDetails body (*[core.Problem],
// [core.ErrBadRequest]), 401 ([core.ErrUnauthorized]), 404 ([core.ErrNotFound]), 500 without a body ([core.ErrServerError]).
func (c *Client) CreateBatchfile(ctx context.Context, meta BatchfileRequest, document io.Reader, opts ...core.CallOption) (*CreateBatchfileResult, error) {
	if document == nil {
		return nil, sdkclient.MissingArgument("CreateBatchfile", "document")
	}
	head, tail, err := batchfileFrame(meta)
	if err != nil {
		return nil, err
	}
	r := sdkclient.Request{Op: opCreateBatchfile, Path: "/api/" + c.core.APIVersion + "/batchfiles", ContentLength: -1, Streamed: true}
	r.Stream = io.MultiReader(bytes.NewReader(head), newBase64Reader(document), bytes.NewReader(tail))
	return c.sendBatchfile(ctx, r, opts)
}

// CreateBatchfileBytes is CreateBatchfile for a document held in memory. Its length is known,
// so the request has a Content-Length, and it can be re-sent after a failure that proves it
// never reached the server.
func (c *Client) CreateBatchfileBytes(ctx context.Context, meta BatchfileRequest, document []byte, opts ...core.CallOption) (*CreateBatchfileResult, error) {
	head, tail, err := batchfileFrame(meta)
	if err != nil {
		return nil, err
	}
	open := func() io.Reader {
		return io.MultiReader(bytes.NewReader(head), newBase64Reader(bytes.NewReader(document)), bytes.NewReader(tail))
	}
	r := sdkclient.Request{
		Op: opCreateBatchfile, Path: "/api/" + c.core.APIVersion + "/batchfiles", Streamed: true,
		Stream:        open(),
		ContentLength: int64(len(head) + base64.StdEncoding.EncodedLen(len(document)) + len(tail)),
		GetBody:       func() (io.ReadCloser, error) { return io.NopCloser(open()), nil },
	}
	return c.sendBatchfile(ctx, r, opts)
}

func (c *Client) sendBatchfile(ctx context.Context, r sdkclient.Request, opts []core.CallOption) (*CreateBatchfileResult, error) {
	resp, err := sdkclient.Send(ctx, &c.core, r, opts)
	if err != nil {
		return nil, err
	}
	out := &CreateBatchfileResult{StatusCode: resp.StatusCode}
	if resp.StatusCode == http.StatusCreated {
		out.Created, err = sdkclient.JSON[BatchfileResponse](resp, nil)
	} else {
		out.GUIDOnly, err = sdkclient.JSON[BatchfileGUIDResponse](resp, nil)
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// batchfileFrame returns the JSON of meta split around the place of source_document:
// {"source_document":"  and  ",<the other members>}.
func batchfileFrame(meta BatchfileRequest) (head, tail []byte, err error) {
	meta.SourceDocument = nil
	rest, err := jsonx.MarshalWire(meta) // the wire encoder: json.Marshal masks for logs
	if err != nil {
		return nil, nil, fmt.Errorf("issuerkit: encoding the batch file request: %w", err)
	}
	head = []byte(`{"source_document":"`)
	if len(rest) <= 2 { // {}
		return head, []byte(`"}`), nil
	}
	return head, append([]byte(`",`), rest[1:]...), nil
}

// newBase64Reader returns a reader of src, base64-encoded, produced as it is read. It uses a
// small fixed buffer; nothing is held beyond it.
func newBase64Reader(src io.Reader) io.Reader {
	return &encodingReader{src: src, buf: make([]byte, 0, 4096)}
}

// encodingReader is a pull-based base64 encoder: it reads 3-byte groups from src and emits
// their encoding, with padding only at the end.
type encodingReader struct {
	src  io.Reader
	in   [3 * 1024]byte
	pend int    // bytes of in[:pend] not yet encoded (fewer than 3 after a read)
	buf  []byte // encoded bytes not yet returned
	eof  bool
	err  error
}

func (e *encodingReader) Read(p []byte) (int, error) {
	for len(e.buf) == 0 {
		if e.err != nil {
			return 0, e.err
		}
		if e.eof {
			return 0, io.EOF
		}
		n, err := io.ReadAtLeast(e.src, e.in[e.pend:], 1)
		e.pend += n
		switch {
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
			e.eof = true
			e.buf = base64.StdEncoding.AppendEncode(e.buf[:0], e.in[:e.pend])
			e.pend = 0
		case err != nil:
			e.err = fmt.Errorf("issuerkit: reading the batch file document: %w", err)
		default:
			whole := e.pend - e.pend%3
			e.buf = base64.StdEncoding.AppendEncode(e.buf[:0], e.in[:whole])
			e.pend = copy(e.in[:], e.in[whole:e.pend])
		}
	}
	n := copy(p, e.buf)
	e.buf = e.buf[n:]
	return n, nil
}

// Download is a file the platform returns. Body streams it: nothing is buffered and no size cap
// applies. The caller must close Body.
type Download struct {
	// Body is the file content, read from the connection as the caller reads it.
	Body io.ReadCloser
	// FileName is the attachment's file name from Content-Disposition, "" when none was sent.
	FileName string
	// ContentType is the media type the platform sent (application/octet-stream).
	ContentType string
	// ContentLength is the size in bytes, -1 when unknown.
	ContentLength int64
	// CorrelationID is the correlation id of the call.
	CorrelationID string
}

// DownloadBatchfile sends POST /api/{version}/batchfiles/Download and returns the batch file as
// a stream. It is a read: a connection failure or a 408, 429, 500, 502, 503 or 504 before the
// answer arrives is retried; once the answer's body is handed over nothing is re-sent, and a
// failure while reading Body is the caller's to handle.
//
// A download has no whole-call ceiling (core.WithTimeout), so a large file is never cut off while
// bytes flow; instead it fails with a *[core.TimeoutError] (Idle set, [core.ErrTimeout]) when no byte
// arrives for the idle timeout (WithIdleTimeout, default DefaultIdleTimeout), from the
// request until Body is closed. A core.WithCallTimeout on the call is a ceiling on the whole
// download, reading Body included.
//
// Every non-2xx answer is a *[core.Error]: 400 with a ProblemDetails body (*[core.Problem],
// [core.ErrBadRequest]), 401 ([core.ErrUnauthorized]), 404 ([core.ErrNotFound]), 500 without a body ([core.ErrServerError]).
func (c *Client) DownloadBatchfile(ctx context.Context, body BatchfileDownloadRequest, opts ...core.CallOption) (*Download, error) {
	r := sdkclient.Request{Op: opDownloadBatchfile, Path: "/api/" + c.core.APIVersion + "/batchfiles/Download", Body: body, Accept: "application/octet-stream", Streamed: true}
	resp, err := sdkclient.Send(ctx, &c.core, r, opts)
	if err != nil {
		return nil, err
	}
	d := &Download{
		Body:          resp.Body,
		ContentType:   resp.Header.Get("Content-Type"),
		ContentLength: resp.ContentLength,
		CorrelationID: sdkclient.CorrelationID(resp),
	}
	if _, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition")); err == nil {
		d.FileName = params["filename"]
	}
	return d, nil
}
