package sdkclient

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
)

// neverSent reports whether err is of a kind that a failure before any connection carried
// the request gives: a dial that failed (*net.OpError with Op "dial", or "proxyconnect" for
// the connection to a proxy), a DNS failure (*net.DNSError), a TLS handshake that failed (a
// certificate the client did not accept, a tls.RecordHeaderError from a server that does not
// speak TLS, a tls.AlertError, ECH rejected), or one of the SDK's own refusals (isPermanent).
//
// It is the second, stricter filter of provedUnsent, never a proof on its own: every one of
// these kinds can also come after the request was written (a tls.RecordHeaderError from a
// middlebox that breaks the connection after the write; a dial error from a RoundTripper that
// opens a second connection). Only what the attempt's trace showed says which (see
// attemptLog). Anything else (a reset, a timeout, an EOF, an alert the server sent) is not
// among them even when the trace shows nothing was written: both must agree.
func neverSent(err error) bool {
	if isPermanent(err) {
		return true
	}
	var (
		op     *net.OpError
		dns    *net.DNSError
		header tls.RecordHeaderError
		alert  tls.AlertError
		ech    *tls.ECHRejectionError
	)
	switch {
	case errors.As(err, &op) && (op.Op == "dial" || op.Op == "proxyconnect"):
		return true
	case errors.As(err, &dns), errors.As(err, &header), errors.As(err, &alert), errors.As(err, &ech):
		return true
	}
	return false
}

// certificateRefused reports a server certificate the client did not accept.
func certificateRefused(err error) bool {
	var (
		unknownAuthority x509.UnknownAuthorityError
		hostname         x509.HostnameError
		invalid          x509.CertificateInvalidError
		verify           *tls.CertificateVerificationError
	)
	return errors.As(err, &unknownAuthority) || errors.As(err, &hostname) || errors.As(err, &invalid) ||
		errors.As(err, &verify)
}

// isPermanent reports errors that a new attempt cannot fix: certificates the client does not
// accept, and the SDK's own refusals (insecure transport, no token, an invalid header:
// ErrInvalidArgument). Whether the request was sent is not decided here: for a request that
// must not be repeated, provedUnsent must hold first, else the failure is an outcome unknown. A
// refused redirect is not one of them: the server received the request before it answered
// with the redirect.
func isPermanent(err error) bool {
	return certificateRefused(err) || errors.Is(err, ErrInsecureTransport) || errors.Is(err, ErrTokenSource) ||
		errors.Is(err, ErrInvalidArgument)
}
