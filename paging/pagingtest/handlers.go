package pagingtest

import (
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"strconv"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/paging"
)

// handler serves one operation; body is the request body, already read.
type handler = func(w http.ResponseWriter, r *http.Request, body []byte)

// handlers are the functions that serve the operations of banklists.yaml, by operationId:
// routes serves each at the spec's method and path. An operation of the spec missing here
// answers the typed not-served answer, and TestSandboxServesEveryOperation fails.
func (s *Server) handlers() map[string]handler {
	return map[string]handler{
		"listAchAddenda":                     s.addenda,
		"listAchTransactions":                s.achList,
		"listWireTransactions":               s.wireDetails,
		"listWireTransactionsByPage":         s.wireList,
		"listRtpParticipants":                s.participants,
		"getRtpParticipant":                  s.participant,
		"listRtpTransactions":                s.rtpList,
		"listPreviousDayTransactions":        s.previousDay,
		"listCommercialAccounts":             s.commercialAccounts,
		"getCommercialAccount":               s.commercialAccount,
		"listPreviousDayAccountTransactions": s.commercialTransactions,
		"listCurrentDayAccountTransactions":  s.commercialTransactions,
	}
}

// window is a range of records [from, to], 1-based inclusive; empty when to < from.
type window struct{ from, to int }

func (w window) len() int { return max(w.to-w.from+1, 0) }

// items builds the records of w with rec.
func items[T any](w window, rec func(int) T) []T {
	out := make([]T, 0, w.len())
	for i := w.from; i <= w.to; i++ {
		out = append(out, rec(i))
	}
	return out
}

// partiesOf sets ps to the list, written by the wire encoder (jsonx.AppendWire): the union's own
// FromPartyList uses json.Marshal, which masks the account numbers.
func partiesOf(ps *paging.Parties, list []paging.Party) error {
	b := append(make([]byte, 0, 256*len(list)+2), '[')
	for i, p := range list {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = jsonx.AppendWire(b, p); err != nil {
			return err
		}
	}
	return ps.UnmarshalJSON(append(b, ']'))
}

// rowWindow reads startRowIndex and endRowIndex (query) and answers 400 for a window the bank
// rejects. It returns the records to serve and whether to go on.
func (s *Server) rowWindow(w http.ResponseWriter, r *http.Request, n int) (window, bool) {
	q := r.URL.Query()
	start, ok1 := intParam(q.Get("startRowIndex"), 1)
	end, ok2 := intParam(q.Get("endRowIndex"), core.MaxRowWindow)
	switch {
	case !ok1 || !ok2 || start < 1 || end < start:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("invalid row window %d-%d", start, end))
		return window{}, false
	case end-start+1 > core.MaxRowWindow:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("row window %d-%d over %d rows", start, end, core.MaxRowWindow))
		return window{}, false
	}
	if s.cfg.ignorePage {
		start, end = 1, core.MaxRowWindow
	}
	if s.cfg.ignorePosition {
		start, end = 1, end-start+1
	}
	win := window{start, min(end, n)}
	s.setRowHeaders(w, s.claimed(n), win.len())
	return win, true
}

func (s *Server) previousDay(w http.ResponseWriter, r *http.Request, _ []byte) {
	if s.cfg.published { // not in the bank's published files: commercial reporting replaces it
		writeError(w, http.StatusNotFound, "no such endpoint: use GET /commercial/accounts/v1/{accountId}/transactions/previous")
		return
	}
	n, rec := source(s, s.cfg.seed.PreviousDayTransactions, previousDayRecord)
	if win, ok := s.rowWindow(w, r, n); ok {
		writeJSON(w, paging.PreviousDayResponse{Transactions: rows(s, win, rec)})
	}
}

func (s *Server) wireDetails(w http.ResponseWriter, r *http.Request, _ []byte) {
	if s.cfg.published { // not in the bank's published wire inquiry (1.3.6)
		writeError(w, http.StatusNotFound, "no such endpoint: use POST /wireInquiry/v1/transactions/list")
		return
	}
	n, rec := source(s, s.cfg.seed.WireDetails, wireRecord)
	if win, ok := s.rowWindow(w, r, n); ok {
		writeJSON(w, paging.WireDetailsResponse{Transactions: rows(s, win, rec)})
	}
}

// pageWindow reads pageNumber and pageSize from the query or the body and answers 400 for
// values the bank rejects. It returns the records and the page metadata to serve.
func (s *Server) pageWindow(w http.ResponseWriter, r *http.Request, body []byte, in Placement, n int) (window, paging.ListMetadata, bool) {
	var number, size int
	var ok1, ok2 bool
	if in == Body {
		number, ok1 = bodyInt(body, "pageNumber", 1)
		size, ok2 = bodyInt(body, "pageSize", core.MaxPageSize)
	} else {
		q := r.URL.Query()
		number, ok1 = intParam(q.Get("pageNumber"), 1)
		size, ok2 = intParam(q.Get("pageSize"), core.MaxPageSize)
	}
	if !ok1 || !ok2 || number < 1 || size < 1 || size > core.MaxPageSize {
		s.errorAnswer(w, r, http.StatusBadRequest, fmt.Sprintf("invalid pageNumber %d or pageSize %d (pageNumber from 1, pageSize 1 to 1000)", number, size))
		return window{}, paging.ListMetadata{}, false
	}
	if s.cfg.ignorePage {
		number = 1
	}
	if s.cfg.sizeLimit > 0 {
		size = min(size, s.cfg.sizeLimit)
	}
	total := s.claimed(n)
	pages := (total + size - 1) / size
	meta := paging.ListMetadata{Page: paging.PageMetadata{
		PageNumber: number, PageSize: size, TotalPages: pages, TotalRecords: total,
		LastPage: number >= pages,
	}}
	if s.cfg.pageMeta != nil {
		s.cfg.pageMeta(&meta.Page)
	}
	from := (number-1)*size + 1
	if s.cfg.ignorePosition {
		from = 1 // page 1's records, under the number asked for
	}
	if s.cfg.shiftBy > 0 {
		s.mu.Lock()
		asked := s.counts[r.URL.Path]
		s.mu.Unlock()
		if asked > s.cfg.shiftAfter {
			from = max(from-s.cfg.shiftBy, 1) // n records inserted before: each one n places later
		}
	}
	to := min(from+size-1+s.cfg.extraItems, n)
	if s.cfg.shortPage == number && s.cfg.shortPage > 0 {
		to = min(to, from+s.cfg.shortLen-1)
	}
	return window{from, to}, meta, true
}

func (s *Server) achList(w http.ResponseWriter, r *http.Request, body []byte) {
	n, rec := source(s, s.cfg.seed.ACHTransactions, achRecord)
	if win, meta, ok := s.pageWindow(w, r, body, s.cfg.placement, n); ok {
		writeJSON(w, paging.ACHListResponse{Transactions: items(win, rec), Metadata: meta})
	}
}

func (s *Server) rtpList(w http.ResponseWriter, r *http.Request, body []byte) {
	n, rec := source(s, s.cfg.seed.RTPTransactions, rtpRecord)
	if win, meta, ok := s.pageWindow(w, r, body, s.cfg.placement, n); ok {
		writeJSON(w, paging.RTPListResponse{Transactions: items(win, rec), Metadata: meta})
	}
}

func (s *Server) wireList(w http.ResponseWriter, r *http.Request, body []byte) {
	n, rec := source(s, s.cfg.seed.WireTransactions, wireListRecord)
	if win, meta, ok := s.pageWindow(w, r, body, Body, n); ok {
		writeJSON(w, paging.WireListResponse{Transactions: items(win, rec), Metadata: meta})
	}
}

// participants serves the RTP participants: limit and offset are required query parameters,
// count is the total as a string, offset and limit are echoed, parties is an array.
func (s *Server) participants(w http.ResponseWriter, r *http.Request, _ []byte) {
	q := r.URL.Query()
	limit, ok1 := intParam(q.Get("limit"), -1)
	offset, ok2 := intParam(q.Get("offset"), -1)
	if !ok1 || !ok2 || limit < 1 || offset < 0 {
		writeError(w, http.StatusBadRequest, "limit (at least 1) and offset (at least 0) are required")
		return
	}
	if s.cfg.ignorePage {
		offset = 0
	}
	n, rec := source(s, s.cfg.seed.RTPParticipants, participantRecord)
	win := window{offset + 1, min(offset+limit, n)}
	if s.cfg.ignorePosition {
		win = window{1, min(limit, n)} // offset 0's records, offset echoed as asked
	}
	var parties paging.Parties
	err := partiesOf(&parties, items(win, rec))
	if s.cfg.partiesJSON != "" {
		err = parties.UnmarshalJSON([]byte(s.cfg.partiesJSON))
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	s.setRowHeaders(w, s.claimed(n), win.len())
	writeJSON(w, paging.ParticipantListResponse{
		Count: strconv.Itoa(s.claimed(n)), Limit: limit, Offset: offset, Parties: parties,
	})
}

// participant serves the lookup of one RTP participant by its routing number: the participant
// of the list (WithSeed's, else the synthetic ones) whose aba it is, else 404.
func (s *Server) participant(w http.ResponseWriter, r *http.Request, _ []byte) {
	aba := r.PathValue("routingNumber")
	n, rec := source(s, s.cfg.seed.RTPParticipants, participantRecord)
	for i := 1; i <= n; i++ {
		if p := rec(i); p.ABA == aba {
			writeJSON(w, p)
			return
		}
	}
	writeError(w, http.StatusNotFound, "no RTP participant with routing number "+aba)
}

// maxAddenda is the most addenda one ACH item can have: sequence numbers have four digits.
const maxAddenda = 9999

// addenda serves the addenda of one ACH item: pageSize records, the first numbered
// startAddendaSequenceNumber (body, default 1) or more. Record i is numbered 1 + (i−1)·step
// (WithSequenceStep), never past 9999. pageSize travels in the query (the documented form) or, with
// WithParamsIn(Body), in the body as a string (the bank's published form; the query is then
// not read); default 10, at most WithPageSizeLimit. The page that holds the last record
// carries the information message 1002040-50I ("all addenda have been received"), unless
// WithoutAddendaEndMessage.
func (s *Server) addenda(w http.ResponseWriter, r *http.Request, body []byte) {
	size, ok1 := intParam(r.URL.Query().Get("pageSize"), defaultAddendaPageSize)
	if s.cfg.placement == Body {
		size, ok1 = bodyText(body, "pageSize", defaultAddendaPageSize)
	}
	start, ok2 := bodyInt(body, "startAddendaSequenceNumber", 1)
	if !ok1 || !ok2 || size < 1 || start < 1 || start > maxAddenda {
		s.errorAnswer(w, r, http.StatusBadRequest, "invalid pageSize or startAddendaSequenceNumber")
		return
	}
	if s.cfg.ignorePage || s.cfg.ignorePosition {
		start = 1
	}
	if s.cfg.sizeLimit > 0 {
		size = min(size, s.cfg.sizeLimit)
	}
	if s.cfg.seed.ACHAddenda != nil {
		s.seededAddenda(w, start, size)
		return
	}
	step := max(s.cfg.seqStep, 1)
	first := (start-1+step-1)/step + 1 // the first record numbered start or more
	last := min(s.cfg.records, (maxAddenda-1)/step+1)
	win := window{first, min(first+size-1, last)}
	res := paging.ACHAddendaResponse{
		UUID: "sandbox", Status: "accepted", TraceNumber: "041001030000777",
		Addenda: items(win, func(i int) paging.ACHAddenda {
			seq := 1 + (i-1)*step
			a := addendaRecord(i, seq)
			if s.cfg.seqText != nil {
				a.AddendaSequenceNumber = s.cfg.seqText(seq)
			}
			return a
		}),
	}
	if win.to >= last && !s.cfg.noEndMessage {
		res.InformationMessages = []paging.ACHMessage{{Code: paging.AddendaEndCode, MoreInfo: "All addenda have been received."}}
	}
	writeJSON(w, res)
}

// defaultAddendaPageSize is the sandbox's own addenda page size when pageSize is absent (the
// bank publishes none).
const defaultAddendaPageSize = 10

// seededAddenda serves the addenda of WithSeed: size of them from the first numbered start or
// more, the end message on the page that holds the last.
func (s *Server) seededAddenda(w http.ResponseWriter, start, size int) {
	seeded := s.cfg.seed.ACHAddenda
	first := len(seeded)
	for i, a := range seeded {
		if sequenceOf(a) >= start {
			first = i
			break
		}
	}
	last := min(first+size, len(seeded))
	res := paging.ACHAddendaResponse{
		UUID: "sandbox", Status: "accepted", TraceNumber: "041001030000777",
		Addenda: append([]paging.ACHAddenda{}, seeded[first:last]...),
	}
	if last >= len(seeded) && !s.cfg.noEndMessage {
		res.InformationMessages = []paging.ACHMessage{{Code: paging.AddendaEndCode, MoreInfo: "All addenda have been received."}}
	}
	writeJSON(w, res)
}
