package paging

import (
	"context"
	"fmt"
	"iter"
)

// RTPParticipantsIterator returns an Iterator over the participants of the real-time payments
// network (GET /rtp/v1/payment/rtp/participant), by offset and limit (DefaultLimit per page
// unless WithPageSize), until count. The endpoint needs the KeyClientId header: set it with
// WithKeyClientID on the client. A server that serves another offset than the one asked for
// fails with *MismatchError.
func (c *Client) RTPParticipantsIterator(ctx context.Context, opts ...IterOption) *Iterator[Party] {
	return newIterator(ctx, opListRTPParticipants.ID, nil, opts,
		func(ctx context.Context, p Position, call []CallOption) (Page[Party], error) {
			res, err := c.ListRTPParticipants(ctx, ListRTPParticipantsRequest{Limit: p.Size, Offset: p.Start}, call...)
			if err != nil {
				return Page[Party]{}, err
			}
			parties, err := partiesOf(res.Parties)
			if err != nil {
				return Page[Party]{}, err
			}
			pg := Page[Party]{Items: parties, Echo: res.Offset, HasEcho: true}
			pg.Total, pg.HasTotal = ParseCount(res.Count)
			return pg, nil
		})
}

// RTPParticipants yields every RTP network participant: the items of RTPParticipantsIterator.
func (c *Client) RTPParticipants(ctx context.Context, opts ...IterOption) iter.Seq2[Party, error] {
	return c.RTPParticipantsIterator(ctx, opts...).Items()
}

// partiesOf reads parties as the array the endpoint serves or the single object its schema
// declares; an absent member is no parties.
func partiesOf(ps Parties) ([]Party, error) {
	b, err := ps.MarshalJSON()
	if err != nil || len(b) == 0 || string(b) == "null" {
		return nil, nil
	}
	if list, err := ps.AsPartyList(); err == nil {
		return list, nil
	}
	one, err := ps.AsParty()
	if err != nil {
		return nil, fmt.Errorf("paging: parties is neither a Party nor a list of them: %w", err)
	}
	return []Party{one}, nil
}
