package leaktest

import "log/slog"

// NoTime returns a copy of o (the zero options when o is nil) whose handler writes no time
// attribute, for a test that looks for a secret in slog output: a short secret (a CVV, a PIN,
// digits of a date) can be part of a record's timestamp ("737" once matched one), and the
// test then failed, or passed for a reason that was not masking. o's own ReplaceAttr, if
// any, still sees every other attribute.
func NoTime(o *slog.HandlerOptions) *slog.HandlerOptions {
	var out slog.HandlerOptions
	if o != nil {
		out = *o
	}
	next := out.ReplaceAttr
	out.ReplaceAttr = func(groups []string, a slog.Attr) slog.Attr {
		if len(groups) == 0 && a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		if next != nil {
			return next(groups, a)
		}
		return a
	}
	return &out
}
