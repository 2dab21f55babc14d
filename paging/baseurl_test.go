package paging_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
)

// TestNewRefusesBaseURLWithQueryFragmentOrUserInfo: a base URL with a query (an empty one
// too: url + "/?" sent every call to "/" with the path in the query), a fragment (empty too),
// user info or a dot segment is refused by New with ErrInvalidArgument, without quoting the
// user info.
func TestNewRefusesBaseURLWithQueryFragmentOrUserInfo(t *testing.T) {
	for _, base := range []string{
		"https://api.example.com/?", "https://api.example.com?", "https://api.example.com/base?x=1",
		"https://api.example.com/#", "https://api.example.com/#f", "https://api.example.com/?#",
		"https://@api.example.com/", "https://alice@api.example.com/", "https://alice:s3cret@api.example.com/",
		"https://api.example.com/base/../other", "https://api.example.com/./base", "https://api.example.com/%2e%2e/",
		"https://api.example.com/a%2Fb", "ftp://api.example.com/", "https:///base", "://nohost",
	} {
		c, err := paging.New(base, core.WithStaticToken("tok"))
		assert.ErrorIs(t, err, core.ErrInvalidArgument, "%s", base)
		assert.Nil(t, c, "%s", base)
		if err != nil {
			assert.NotContains(t, err.Error(), "s3cret", "%s", base)
			assert.NotContains(t, err.Error(), "alice", "%s", base)
		}
	}
	for _, base := range []string{"https://api.example.com", "https://api.example.com/", "https://api.example.com/base/v.1/"} {
		_, err := paging.New(base, core.WithStaticToken("tok"))
		assert.NoError(t, err, "%s", base)
	}
}
