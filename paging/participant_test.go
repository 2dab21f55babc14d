package paging_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// TestGetRTPParticipant: the single participant lookup returns the party of the routing
// number, sends the client's KeyClientId (the spec requires it: no list names the operation),
// answers an unknown routing number with a typed 404, and without any KeyClientId fails
// before the network.
func TestGetRTPParticipant(t *testing.T) {
	const id = "0123456789abcdef0123456789abcdef"
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(20), pagingtest.WithClientID(id))
	c := client(t, srv, paging.WithKeyClientID(id))

	p, err := c.GetRTPParticipant(t.Context(), "000000007", paging.GetRTPParticipantRequest{})
	require.NoError(t, err)
	assert.Equal(t, pagingtest.Key(7), p.Name)
	assert.Equal(t, "000000007", p.ABA)
	reqs := srv.RequestsFor("GetRTPParticipant")
	require.Len(t, reqs, 1)
	assert.Equal(t, id, reqs[0].RevealHeader().Get("KeyClientId"))
	assert.Equal(t, "/rtp/v1/payment/rtp/participant/000000007", reqs[0].Path)

	_, err = c.GetRTPParticipant(t.Context(), "000000021", paging.GetRTPParticipantRequest{})
	var e *core.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 404, e.StatusCode)
	assert.True(t, errors.Is(err, core.ErrNotFound))

	n := len(srv.Requests())
	_, err = client(t, srv).GetRTPParticipant(t.Context(), "000000007", paging.GetRTPParticipantRequest{})
	require.ErrorIs(t, err, core.ErrInvalidArgument)
	assert.Len(t, srv.Requests(), n, "refused before the network")

	// A wrong KeyClientId is the sandbox's 403.
	_, err = client(t, srv).GetRTPParticipant(t.Context(), "000000007", paging.GetRTPParticipantRequest{KeyClientID: "someone-else"})
	require.ErrorIs(t, err, core.ErrForbidden)
}
