// Package scalar holds the SDK's reflection over the scalar types of package core
// (github.com/issuerkit/issuerkit-go/openapi/core, where Timestamp, Decimal, Secret, GUID and
// Date are defined): [SecretValues] gives the values of the core.Secrets a request sends,
// which the call masks in every text; [RedactSecrets] (re-exported by each client) and
// [MaskedJSON] mask the Secrets of values where no marshaller can reach them.
package scalar
