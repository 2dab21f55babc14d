package sdkclient_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
)

// TestPathArgument: the values of opstest.HostilePathArguments are refused with
// sdkclient.ErrInvalidArgument, without quoting them; ordinary identifiers, dots inside a name and
// percent signs that decode to nothing hostile pass.
func TestPathArgument(t *testing.T) {
	for _, v := range append([]string{""}, opstest.HostilePathArguments...) {
		err := sdkclient.PathArgument("GetCard", "cardProxy", v)
		if assert.ErrorIs(t, err, sdkclient.ErrInvalidArgument, "%q", v) && v != "" {
			assert.NotContains(t, err.Error(), v, "the value is not quoted")
		}
	}
	for _, v := range []string{"proxy-123", "a.b", ".a", "a..", "v1.2", "100%", "%zz", "a%2", "%41", "~x_y", "é", "a\u2024b", "\uff50\uff52\uff4f\uff58\uff59", "100\uff05"} {
		assert.NoError(t, sdkclient.PathArgument("GetCard", "cardProxy", v), "%q", v)
	}
}
