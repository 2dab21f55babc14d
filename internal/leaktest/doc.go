// Package leaktest holds the test that renders every exported type of the SDK's public
// packages every way a service prints or logs a value, with secrets planted everywhere, and
// finds none of them in any text (issue 33), and NoTime, the slog options every test that
// looks for a secret in log output writes with.
package leaktest
