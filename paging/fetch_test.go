package paging_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// The thin fetch functions below stand in for the generated single-page methods: plain
// net/http against the sandbox, decoding into the generated models.

// statusError is a non-200 answer.
type statusError struct{ status int }

func (e *statusError) Error() string { return "status " + strconv.Itoa(e.status) }

// post sends body (JSON) to u and decodes a 200 answer into out.
func post(ctx context.Context, hc *http.Client, method, u string, body any, header http.Header, out any) (http.Header, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, resp.Body)
		return resp.Header, &statusError{resp.StatusCode}
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return resp.Header, fmt.Errorf("decode: %w", err)
	}
	return resp.Header, nil
}

var previousDayRequest = map[string]any{"accountNumber": []string{"3123456789"}, "fromDate": "2025-01-02", "toDate": "2025-01-09"}

// previousDay fetches one row window of previous-day transactions.
func previousDay(srv *pagingtest.Server) core.FetchFunc[paging.PreviousDayTransaction] {
	hc := srv.HTTPClient()
	return func(ctx context.Context, p core.Position) (core.Page[paging.PreviousDayTransaction], error) {
		u := fmt.Sprintf("%s/ddaReports/accounts/v1/transactions/list?startRowIndex=%d&endRowIndex=%d", srv.URL, p.Start, p.End())
		var out paging.PreviousDayResponse
		h, err := post(ctx, hc, http.MethodPost, u, previousDayRequest, nil, &out)
		if err != nil {
			return core.Page[paging.PreviousDayTransaction]{}, err
		}
		pg := core.Page[paging.PreviousDayTransaction]{Items: out.Transactions}
		pg.Total, pg.HasTotal = core.HeaderCount(h, "totalRows")
		pg.Retrieved, pg.HasRetrieved = core.HeaderCount(h, "retrievedRows")
		return pg, nil
	}
}

// participants fetches one offset page of RTP participants.
func participants(srv *pagingtest.Server) core.FetchFunc[paging.Party] {
	hc := srv.HTTPClient()
	return func(ctx context.Context, p core.Position) (core.Page[paging.Party], error) {
		u := fmt.Sprintf("%s/rtp/v1/payment/rtp/participant?limit=%d&offset=%d", srv.URL, p.Size, p.Start)
		var out paging.ParticipantListResponse
		if _, err := post(ctx, hc, http.MethodGet, u, nil, http.Header{"KeyClientId": {"client-1"}}, &out); err != nil {
			return core.Page[paging.Party]{}, err
		}
		parties, err := out.Parties.AsPartyList()
		if err != nil {
			one, err1 := out.Parties.AsParty()
			if err1 != nil {
				return core.Page[paging.Party]{}, fmt.Errorf("parties: %w", err)
			}
			parties = []paging.Party{one}
		}
		pg := core.Page[paging.Party]{Items: parties, Echo: out.Offset, HasEcho: true}
		pg.Total, pg.HasTotal = core.ParseCount(out.Count)
		return pg, nil
	}
}

// rtpList fetches one page of RTP transactions, with the page parameters in the query or in
// the body.
func rtpList(srv *pagingtest.Server, in pagingtest.Placement) core.FetchFunc[paging.RTPListTransaction] {
	hc := srv.HTTPClient()
	return func(ctx context.Context, p core.Position) (core.Page[paging.RTPListTransaction], error) {
		body := map[string]any{"accountNumber": "3123456789", "fromDate": "2025-01-01", "toDate": "2025-01-10"}
		u := srv.URL + "/rtp/v1/transactions/list"
		if in == pagingtest.Body {
			body["pageNumber"], body["pageSize"] = p.Start, p.Size
		} else {
			u += "?" + url.Values{"pageNumber": {strconv.Itoa(p.Start)}, "pageSize": {strconv.Itoa(p.Size)}}.Encode()
		}
		var out paging.RTPListResponse
		if _, err := post(ctx, hc, http.MethodPost, u, body, nil, &out); err != nil {
			return core.Page[paging.RTPListTransaction]{}, err
		}
		m := out.Metadata.Page
		return core.Page[paging.RTPListTransaction]{
			Items: out.Transactions, Echo: m.PageNumber, HasEcho: m.PageNumber != 0,
			Total: m.TotalRecords, HasTotal: m.TotalPages != 0 || m.LastPage,
			TotalPages: m.TotalPages, LastPage: m.LastPage,
		}, nil
	}
}

// bodyParam returns the JSON member name of body as text.
func bodyParam(t *testing.T, body []byte, name string) string {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(body, &m))
	return string(m[name])
}
