package cardplatform

// Operations exposes the generated operation table to the external tests that enumerate it
// (the sandbox, the fake).
var Operations = operations
