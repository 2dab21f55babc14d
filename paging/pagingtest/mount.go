package pagingtest

import (
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/ratelimit"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
)

// Handler returns the sandbox's HTTP handler (what URL serves), to serve the list endpoints
// on an origin of one's own beside other handlers: package
// github.com/issuerkit/issuerkit-go/paging/banktest serves them and the
// account validation service together, as the bank does.
func (s *Server) Handler() http.Handler { return s.srv.Config.Handler }

// forgetBudgets drops the rate-limit budgets (lock-outs included) the process keeps for the
// clients of url: the port may be given to a later sandbox, whose clients must not inherit a
// lock-out earned here.
func forgetBudgets(url string) { ratelimit.Process().Forget(sdkclient.Origin(url)) }
