package journal

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// What the engine keeps in an Entry's JSON members, and how it seals what rests.

// hashRequest is the RequestHash of a request's wire encoding.
func hashRequest(wire []byte) string {
	h := sha256.Sum256(wire)
	return hex.EncodeToString(h[:])
}

// aad is the additional data a Sealer binds a sealed value to: the entry's key and operation.
func aad(e Entry, what string) []byte {
	b, _ := json.Marshal([]string{what, e.Operation, e.Key}) // not a model: three strings
	return b
}

func (j *Journal) seal(e Entry, what string, b []byte) ([]byte, error) {
	if j.sealer == nil {
		return b, nil
	}
	out, err := j.sealer.Seal(b, aad(e, what))
	if err != nil {
		return nil, fmt.Errorf("journal: seal: %w", err)
	}
	return out, nil
}

func (j *Journal) open(e Entry, what string, b []byte) ([]byte, error) {
	if j.sealer == nil {
		return b, nil
	}
	out, err := j.sealer.Open(b, aad(e, what))
	if err != nil {
		return nil, fmt.Errorf("journal: open: %w", err)
	}
	return out, nil
}

// recorded is Entry.Result: the platform's answer (its wire encoding, or sealed), or the
// refusal.
type recorded struct {
	Response json.RawMessage `json:"response,omitempty"`
	Sealed   []byte          `json:"sealed,omitempty"`
	Refusal  *Refusal        `json:"refusal,omitempty"`
}

// verdict is Entry.Verdict: the latest read-back's answer and evidence, or a person's.
type verdict struct {
	Outcome  cardplatform.Outcome `json:"outcome"`
	Reason   cardplatform.Reason  `json:"reason"`
	Words    string               `json:"words"` // outcome and reason in words, for a person reading the Store
	New      []string             `json:"new,omitempty"`
	Evidence string               `json:"evidence,omitempty"`
	ReadAt   time.Time            `json:"read_at"`
	SettleAt time.Time            `json:"settle_at"`
	Error    string               `json:"error,omitempty"`
	// Resolved and Note are a person's verdict (Resolve).
	Resolved bool   `json:"resolved,omitempty"`
	Note     string `json:"note,omitempty"`
}

func newVerdict(rec cardplatform.SettleResult, err error) verdict {
	v := verdict{Outcome: rec.Outcome, Reason: rec.Reason, Words: rec.Outcome.String() + " (" + rec.Reason.String() + ")",
		New: rec.New, Evidence: rec.Evidence, ReadAt: rec.ReadAt, SettleAt: rec.SettleAt}
	if err != nil {
		v.Error = err.Error() // the SDK's error texts are masked
	}
	return v
}

func (v verdict) readBack() *cardplatform.SettleResult {
	return &cardplatform.SettleResult{Outcome: v.Outcome, Reason: v.Reason, New: v.New, Evidence: v.Evidence, ReadAt: v.ReadAt, SettleAt: v.SettleAt}
}

func marshal(v any) []byte {
	b, _ := json.Marshal(v) // not a model: the engine's own records (strings, numbers, times)
	return b
}

func readVerdict(e Entry) (verdict, bool) {
	var v verdict
	if len(e.Verdict) == 0 || json.Unmarshal(e.Verdict, &v) != nil {
		return v, false
	}
	return v, true
}

// refusalOf is the record of a refusal error: the platform's status, problem (its field
// errors copied, so that the record shares nothing with the error) and ids, as the SDK masked
// them when it built the error.
func refusalOf(err error) *Refusal {
	r := &Refusal{Detail: err.Error()}
	var ae *core.Error
	if errors.As(err, &ae) {
		r.Status = ae.StatusCode
		r.Detail = ""
		r.TraceID, r.CorrelationID = ae.TraceID, ae.CorrelationID
		if ae.Problem != nil {
			r.Type, r.Title, r.Detail = ae.Problem.Type, ae.Problem.Title, ae.Problem.Detail
			r.Errors = copyErrors(ae.Problem.Errors)
		}
		if r.Title == "" && r.Detail == "" {
			r.Detail = ae.Error()
		}
	}
	return r
}

// copyErrors returns a deep copy of a problem's field errors, nil for none.
func copyErrors(m map[string][]string) map[string][]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string][]string, len(m))
	for field, msgs := range m {
		out[field] = slices.Clone(msgs)
	}
	return out
}

// resultOf builds the Result of an entry.
func resultOf[Res any](j *Journal, e Entry) (Result[Res], error) {
	r := Result[Res]{Key: e.Key, State: e.State, Attempts: e.Attempts}
	if v, ok := readVerdict(e); ok && !v.ReadAt.IsZero() {
		r.ReadBack = v.readBack()
	}
	if len(e.Result) == 0 {
		return r, nil
	}
	var rec recorded
	if err := json.Unmarshal(e.Result, &rec); err != nil {
		return r, fmt.Errorf("journal: the recorded result does not decode: %w", err)
	}
	r.Refusal = rec.Refusal
	wire := []byte(rec.Response)
	if rec.Sealed != nil {
		if j.sealer == nil {
			return r, errors.New("journal: the recorded response is sealed, and this Journal has no Sealer")
		}
		var err error
		if wire, err = j.open(e, "response", rec.Sealed); err != nil {
			return r, err
		}
	}
	if len(wire) > 0 && string(wire) != "null" {
		res := new(Res)
		if err := json.Unmarshal(wire, res); err != nil {
			return r, fmt.Errorf("journal: the recorded response does not decode: %w", err)
		}
		r.Response = res
	}
	return r, nil
}

// recordResponse is the Entry.Result of an answer.
func (j *Journal) recordResponse(e Entry, wire []byte) ([]byte, error) {
	if j.sealer == nil {
		return marshal(recorded{Response: wire}), nil
	}
	sealed, err := j.seal(e, "response", wire)
	if err != nil {
		return nil, err
	}
	return marshal(recorded{Sealed: sealed}), nil
}
