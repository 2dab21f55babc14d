// Package templates holds the text/template files of the generator (package gen), one per
// kind of output file, embedded so the generator runs from any directory.
package templates

import "embed"

// FS holds every *.tmpl file of this folder.
//
//go:embed *.tmpl
var FS embed.FS
