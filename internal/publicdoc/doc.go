// Package publicdoc holds no code: its tests read the go doc of every public package of the
// module (the packages a user imports: cardplatform, validation, paging and their test
// sandboxes, openapi and its shared types, paging/redisfleet) and fail on what a user should
// not have to read there: words from the project's own design notes, and types shown through
// a package a user cannot import.
package publicdoc
