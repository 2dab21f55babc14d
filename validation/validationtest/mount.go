package validationtest

import (
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/ratelimit"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
)

// Handler returns the sandbox's HTTP handler (what URL serves), to serve the validation
// service on an origin of one's own beside other handlers: package
// github.com/issuerkit/issuerkit-go/paging/banktest serves it and the bank's list endpoints
// together, as the bank does.
func (s *Server) Handler() http.Handler { return s.srv.Config.Handler }

// forgetBudgets drops the rate-limit budgets (lock-outs included) the process keeps for the
// clients of url: the port may be given to a later sandbox, whose clients must not inherit a
// lock-out earned here.
func forgetBudgets(url string) { ratelimit.Process().Forget(sdkclient.Origin(url)) }
