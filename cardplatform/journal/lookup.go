package journal

import (
	"context"
	"errors"
	"fmt"

	"github.com/issuerkit/issuerkit-go/cardplatform"
)

// Lookup returns what became of the write w recorded under key, as Do would return it, from
// the Store alone: without the request, sending nothing, taking no lease and changing nothing,
// so that a support engineer days later, another process or a service's status endpoint can
// ask for a key without holding its write. The Write fixes the operation and the response's
// type; Lookup reads the entry once (Store.Get) and returns:
//
//   - committed or refused: the recorded Result and a nil error, as Do returns it (the
//     response decoded, opened by the Journal's Sealer when it rests sealed; the Refusal with
//     its field errors and ids);
//   - in review: the Result with the latest read-back's verdict and an error matching
//     ErrReview, as Do returns it (a person decides: Journal.Review, Journal.Resolve);
//   - pending or sending: the Result with that State, its Attempts and the latest read-back
//     (no Response), and a *SettlingError (matching ErrSettling) with the State, the DueAt and
//     why: "waiting to be sent" (pending), "outcome unknown" (sending, no read-back of this
//     attempt yet) or the reason of the read-back that could not prove it yet ("too early");
//     Lookup does not settle it (Do, Journal.Recover and Journal.Run do);
//   - a key no entry holds: an error matching ErrNotFound;
//   - a key that holds a write of another operation: an error matching ErrKeyReused, naming
//     the entry's operation (Lookup with that operation's Write reads it).
//
// As with Do, a response that rests sealed needs the Journal's Sealer: a Journal without one
// returns the Result without its Response and an error.
func Lookup[Req, Res any](ctx context.Context, j *Journal, w Write[Req, Res], key string) (Result[Res], error) {
	if j == nil || w.send == nil {
		return Result[Res]{}, errors.New("journal: Lookup needs a Journal and one of the package's Writes")
	}
	if key == "" {
		return Result[Res]{}, errors.New("journal: Lookup needs a key")
	}
	e, err := j.s.Get(ctx, key)
	if err != nil {
		return Result[Res]{Key: key}, fmt.Errorf("journal: looking the key up: %w", err)
	}
	if e.Operation != w.op {
		return Result[Res]{Key: key}, fmt.Errorf("%w (operation %s, looked up as %s)", ErrKeyReused, e.Operation, w.op)
	}
	return finish[Res](j, step{e: e, reason: unsettledReason(e)})
}

// unsettledReason says why an entry Lookup read is not settled, in the words Do uses: empty
// for an entry settled or in review (finish needs none).
func unsettledReason(e Entry) string {
	switch e.State {
	case StatePending:
		return "waiting to be sent"
	case StateSending:
		// A verdict that could not prove the outcome is the current attempt's: only one that
		// proved the attempt not committed leads to another.
		if v, ok := readVerdict(e); ok && v.Outcome == cardplatform.StillUnknown && v.Reason != cardplatform.ReasonNone {
			return v.Reason.String()
		}
		return "outcome unknown"
	}
	return ""
}
