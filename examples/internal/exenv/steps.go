package exenv

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
)

// Steps prints one numbered line per step of an example.
type Steps struct {
	w io.Writer
	n int
}

// NewSteps returns a Steps printing to w.
func NewSteps(w io.Writer) *Steps { return &Steps{w: w} }

// Step prints the next line: the step's number, its name and the formatted detail.
func (s *Steps) Step(name, format string, args ...any) {
	s.n++
	fmt.Fprintf(s.w, "%2d. %-28s %s\n", s.n, name, fmt.Sprintf(format, args...))
}

// Count returns the number of steps printed so far.
func (s *Steps) Count() int { return s.n }

// Main runs an example's run function with a context cancelled on interrupt, and exits with
// status 1 (after printing the error) when it fails.
func Main(name string, run func(ctx context.Context, out io.Writer) error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
}
