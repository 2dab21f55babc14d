package sdkclient

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/transport"
)

// maxSuccessBody caps a JSON success body the SDK decodes into memory (streams such as file
// downloads are not decoded here).
const maxSuccessBody = 64 << 20

// DecodeError reports a 2xx response whose body is not the JSON the spec describes.
type DecodeError struct {
	StatusCode    int
	CorrelationID string
	Err           error
}

// Error implements error.
func (e *DecodeError) Error() string {
	return fmt.Sprintf("issuerkit: decoding the %d response (correlation id %s): %v", e.StatusCode, e.CorrelationID, e.Err)
}

// Unwrap returns the JSON error.
func (e *DecodeError) Unwrap() error { return e.Err }

// JSON finishes a call whose success body is JSON: it passes err through, else decodes the
// body into a new T, drains and closes the body. Unknown fields are ignored so that new server
// fields never break a caller.
func JSON[T any](resp *http.Response, err error) (*T, error) {
	if err != nil {
		return nil, err
	}
	defer transport.DrainAndClose(resp.Body)
	v := new(T)
	dec := json.NewDecoder(io.LimitReader(resp.Body, maxSuccessBody))
	if derr := dec.Decode(v); derr != nil {
		if errors.Is(derr, io.EOF) {
			derr = errors.New("empty body")
		}
		return nil, &DecodeError{StatusCode: resp.StatusCode, CorrelationID: transport.CorrelationID(resp), Err: derr}
	}
	return v, nil
}
