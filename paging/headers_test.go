package paging_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// TestInvalidKeyClientIDRefused: a KeyClientId that is not a valid header value is refused
// with ErrInvalidArgument: by New when it comes from WithKeyClientID, before the first attempt
// when it comes from the request or a per-call header; no request reaches the server, and the
// value's line breaks reach no error text.
func TestInvalidKeyClientIDRefused(t *testing.T) {
	const bad = "client-32\r\nX-Forged: 1"
	c, err := paging.New("https://bank.example.com", paging.WithKeyClientID(bad))
	require.ErrorIs(t, err, core.ErrInvalidArgument)
	assert.Nil(t, c)
	assert.False(t, strings.ContainsAny(err.Error(), "\r\n"), "raw line break in %q", err.Error())

	srv := pagingtest.NewServer(t, pagingtest.WithRecords(10))
	cl := client(t, srv)
	_, err = cl.ListRTPParticipants(t.Context(), paging.ListRTPParticipantsRequest{KeyClientID: bad, Limit: 10})
	require.ErrorIs(t, err, core.ErrInvalidArgument)
	assert.False(t, strings.ContainsAny(err.Error(), "\r\n"), "raw line break in %q", err.Error())
	for _, opt := range []core.CallOption{core.WithCorrelationID("c\nforged")} {
		_, err = collect(t, client(t, srv, paging.WithKeyClientID("client-32")).RTPParticipants(t.Context(), core.WithCallOptions(opt)), partyKey)
		require.ErrorIs(t, err, core.ErrInvalidArgument)
		assert.False(t, strings.ContainsAny(err.Error(), "\r\n"), "raw line break in %q", err.Error())
	}
	assert.Empty(t, srv.Requests(), "refused before the network")
}
