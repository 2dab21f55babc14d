package paging_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// TestRTPParticipantsKeyClientIDPerCall: as RTPParticipantsIterator's doc says, the KeyClientId
// header may come through WithCallOptions(WithHeader("KeyClientId", id)) instead of the client
// option: every page goes out with it, over HTTP, to a sandbox that requires it.
func TestRTPParticipantsKeyClientIDPerCall(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(250), pagingtest.WithClientID("client-32"))
	c := client(t, srv) // no WithKeyClientID
	got, err := collect(t, c.RTPParticipants(t.Context(),
		core.WithCallOptions(core.WithHeader("KeyClientId", "client-32"))), partyKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 250), got)
	require.Len(t, srv.Requests(), 3)
	for _, r := range srv.Requests() {
		assert.Equal(t, "client-32", r.RevealHeader().Get("KeyClientId"))
	}

	// The single-page method too, whatever the case of the header name.
	res, err := c.ListRTPParticipants(t.Context(), paging.ListRTPParticipantsRequest{Limit: 10},
		core.WithHeader("keyclientid", "client-32"))
	require.NoError(t, err)
	assert.Equal(t, "250", res.Count)
}

// TestKeyClientIDPrecedence: the request field wins over the call's header, which wins over the
// client's default (WithKeyClientID); an empty per-call value does not count as given.
func TestKeyClientIDPrecedence(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(5))
	c := client(t, srv, paging.WithKeyClientID("from-client"))
	last := func() string { r := srv.Requests(); return r[len(r)-1].RevealHeader().Get("KeyClientId") }

	_, err := c.ListRTPParticipants(t.Context(), paging.ListRTPParticipantsRequest{Limit: 5})
	require.NoError(t, err)
	assert.Equal(t, "from-client", last())

	_, err = c.ListRTPParticipants(t.Context(), paging.ListRTPParticipantsRequest{Limit: 5}, core.WithHeader("KeyClientId", "from-call"))
	require.NoError(t, err)
	assert.Equal(t, "from-call", last(), "the call's header wins over the client's default")

	_, err = c.ListRTPParticipants(t.Context(), paging.ListRTPParticipantsRequest{Limit: 5, KeyClientID: "from-request"}, core.WithHeader("KeyClientId", "from-call"))
	require.NoError(t, err)
	assert.Equal(t, "from-request", last(), "the request field wins")

	bare := client(t, srv)
	n := len(srv.Requests())
	_, err = bare.ListRTPParticipants(t.Context(), paging.ListRTPParticipantsRequest{Limit: 5}, core.WithHeader("KeyClientId", ""))
	require.ErrorIs(t, err, core.ErrInvalidArgument, "an empty header is no KeyClientId")
	assert.Len(t, srv.Requests(), n, "refused before the network")

	// A per-call value HTTP cannot carry is refused before the network, even over a client default.
	_, err = c.ListRTPParticipants(t.Context(), paging.ListRTPParticipantsRequest{Limit: 5}, core.WithHeader("KeyClientId", "x\r\nX-Forged: 1"))
	require.ErrorIs(t, err, core.ErrInvalidArgument)
	assert.Len(t, srv.Requests(), n, "refused before the network")
}
