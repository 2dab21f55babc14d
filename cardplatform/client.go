package cardplatform

// DefaultAPIVersion is the {version} path segment sent unless WithAPIVersion says otherwise.
const DefaultAPIVersion = "v1"
