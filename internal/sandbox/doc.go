// Package sandbox holds what the three in-process sandboxes (cardplatformtest, validationtest,
// pagingtest) share: the record of a request they received (Request, converted to each
// sandbox's own Request, written by the generator's part sandbox), its masking, validation of
// requests against an OpenAPI description (Spec), the not-served answer (AnswerNotServed),
// fault injection (Faults, Serve), and the mapping from a client's method names to the
// spec's operation ids (Names) that their fault injection and request filters accept.
package sandbox
