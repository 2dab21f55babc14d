package sdkclient

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
)

// neverSent reports whether err is of a kind a failure before any connection carried the
// request gives: a failed dial or proxy CONNECT, DNS, a TLS handshake that failed, or one of
// the SDK's own refusals (isPermanent). It is the second filter of provedUnsent, never a proof
// on its own: each kind can also come after the write (see attemptLog); a reset, a timeout or
// an EOF is not among them even when the trace shows nothing written.
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
// accept, and the SDK's own refusals (insecure transport, no token, an invalid argument). It
// does not decide whether the request was sent (provedUnsent does).
func isPermanent(err error) bool {
	return certificateRefused(err) || errors.Is(err, ErrInsecureTransport) || errors.Is(err, ErrTokenSource) ||
		errors.Is(err, ErrInvalidArgument)
}
