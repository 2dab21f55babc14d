package validationtest

import "net/http"

// Handler returns the sandbox's HTTP handler (what URL serves), to serve the validation
// service on an origin of one's own beside other handlers: package
// github.com/issuerkit/issuerkit-go/paging/banktest serves it and the bank's list endpoints
// together, as the bank does.
func (s *Server) Handler() http.Handler { return s.srv.Config.Handler }
