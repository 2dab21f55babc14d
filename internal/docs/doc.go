// Package docs holds the tests of the repository's documents for users: README.md's Go
// snippets are the text of Example or Test functions that go test compiles, its commands
// and links point at what exists, it stays a front door (at most 150 lines), and neither it
// nor CHANGELOG.md uses the design documents' jargon.
package docs
