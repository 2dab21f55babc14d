package paging

// InteractionHeader is the header of the commercial account reporting reads that carries the
// request's interaction id (a 36-character UUID), echoed on every answer. The generated
// methods send a new UUID on every call unless the request sets one.
const InteractionHeader = "x-fapi-interaction-id"

// InteractionID returns the x-fapi-interaction-id the server echoed on a commercial account
// reporting answer: the id the SDK generated for the call (or the one the request set). ""
// for the bank's other APIs, and for a server that does not echo it.
func (r Response) InteractionID() string { return r.Header.Get(InteractionHeader) }
