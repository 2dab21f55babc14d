// Code generated for the fixture. DO NOT EDIT.

package cardplatform

// Response stands for the retired facade: its names are not the package's own.
type Response struct{ StatusCode int }
