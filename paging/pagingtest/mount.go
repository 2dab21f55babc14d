package pagingtest

import "net/http"

// Handler returns the sandbox's HTTP handler (what URL serves), to serve the list endpoints
// on an origin of one's own beside other handlers: package
// github.com/issuerkit/issuerkit-go/paging/banktest serves them and the
// account validation service together, as the bank does.
func (s *Server) Handler() http.Handler { return s.srv.Config.Handler }
