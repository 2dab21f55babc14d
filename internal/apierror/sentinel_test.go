package apierror

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
)

var allSentinels = []error{ErrBadRequest, ErrUnauthorized, ErrForbidden, ErrNotFound, ErrConflict,
	ErrRateLimited, ErrServerError, ErrTimeout, ErrUnexpectedStatus}

func TestStatusSentinel(t *testing.T) {
	tests := []struct {
		code int
		want []error // every sentinel the status matches; the others must not match
	}{
		{400, []error{ErrBadRequest}},
		{401, []error{ErrUnauthorized}},
		{403, []error{ErrForbidden}},
		{404, []error{ErrNotFound}},
		{408, []error{ErrTimeout}},
		{409, []error{ErrConflict}},
		{429, []error{ErrRateLimited}},
		{500, []error{ErrServerError}},
		{501, []error{ErrServerError}},
		{502, []error{ErrServerError}},
		{503, []error{ErrServerError}},
		{504, []error{ErrServerError, ErrTimeout}},
		{599, []error{ErrServerError}},
		{301, []error{ErrUnexpectedStatus}},
		{405, []error{ErrUnexpectedStatus}},
		{413, []error{ErrUnexpectedStatus}},
		{415, []error{ErrUnexpectedStatus}},
		{422, []error{ErrUnexpectedStatus}},
		{0, []error{ErrUnexpectedStatus}},
		{600, []error{ErrUnexpectedStatus}},
		{-1, []error{ErrUnexpectedStatus}},
		{200, nil},
		{204, nil},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.code), func(t *testing.T) {
			s := StatusSentinel(tt.code)
			if tt.want == nil {
				assert.Nil(t, s)
			}
			e := &Error{StatusCode: tt.code, Method: http.MethodGet, URL: "https://h/x"}
			wrapped := fmt.Errorf("get card: %w", e)
			for _, sentinel := range allSentinels {
				want := false
				for _, w := range tt.want {
					want = want || w == sentinel
				}
				assert.Equal(t, want, errors.Is(s, sentinel), "StatusSentinel(%d) is %v", tt.code, sentinel)
				assert.Equal(t, want, errors.Is(wrapped, sentinel), "*Error %d is %v", tt.code, sentinel)
			}
		})
	}
}
