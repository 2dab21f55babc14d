// Package redact masks secrets before they reach logs and error texts.
//
// The SDK handles card data and bank account data (PCI DSS scope): PANs, CVVs, PINs, track
// data, SSNs, account numbers, and the tokens and client secrets that authorize calls. Every
// URL, body and header that the SDK logs or keeps in an error goes through a Redactor first:
//
//   - URL drops user:password@, masks sensitive query parameters and PAN-like path segments;
//   - JSON masks the values of sensitive keys in a JSON body and the PANs and SSNs in its texts;
//   - Text masks PANs (13–19 digits passing the Luhn check) and SSNs (ddd-dd-dddd) in free text;
//   - HeaderAllowed tells which headers may be logged at all; Header and ErrorHeader copy
//     headers for a log record or an error; ShownHeader and PrintableHeader are the one
//     allowlist by which every value holding headers prints (core's Response, CallSettings
//     and Error, the test kits' Request, Call and Fault).
//
// A Redactor holds its configuration: the default sensitive keys, query parameters and
// loggable headers, what one client adds (Config), and exact secret values (the credentials
// a call sent), which every method masks wherever they appear. There is no package-level
// mutable state: the package functions use Default, which cannot be changed. A secret value
// shorter than MinSecretLen is masked only where it stands as a whole token, and values given
// to WithPlain (identifiers such as a card proxy) are not masked as card numbers or SSNs.
//
// Masking of sensitive values always looks the same: mask.Mask keeps the last four
// characters of values longer than eight characters and masks shorter values whole. A secret
// value is replaced whole by SecretMask. None of the functions panic, whatever their input.
package redact
