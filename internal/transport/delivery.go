package transport

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
)

// neverSent reports whether err proves that the request never left: nothing of it can have
// reached the server, whatever RoundTripper sent it. Only these errors allow a request that
// moves money or changes state to be sent again:
//
//   - a dial that failed (*net.OpError with Op "dial", or "proxyconnect" for the connection
//     to a proxy), a DNS failure (*net.DNSError);
//   - a TLS handshake that failed on the client's side: the server's certificate was not
//     accepted (x509 errors, *tls.CertificateVerificationError), the server does not speak
//     TLS (tls.RecordHeaderError), the client sent an alert (tls.AlertError), or ECH was
//     rejected;
//   - the SDK's own refusals (isPermanent).
//
// Anything else (a reset, a timeout, an EOF, an error of a custom RoundTripper, an alert the
// server sent, which may come after the client's handshake finished) may have come after the
// request was written, so it proves nothing.
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

// isPermanent reports errors that a new attempt cannot fix and after which the request was
// certainly not processed: certificates the client does not accept (nothing was sent), and the
// SDK's own refusals: insecure transport, no token and an invalid header (ErrInvalidArgument):
// nothing was sent. A refused redirect is not one of them: the server received the request
// before it answered with the redirect.
func isPermanent(err error) bool {
	var (
		unknownAuthority x509.UnknownAuthorityError
		hostname         x509.HostnameError
		invalid          x509.CertificateInvalidError
		verify           *tls.CertificateVerificationError
	)
	return errors.As(err, &unknownAuthority) || errors.As(err, &hostname) || errors.As(err, &invalid) ||
		errors.As(err, &verify) || errors.Is(err, ErrInsecureTransport) || errors.Is(err, ErrTokenSource) ||
		errors.Is(err, ErrInvalidArgument)
}
