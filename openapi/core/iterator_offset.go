package core

// advanceOffset advances an offset-style iteration: an echoed offset other than the one asked
// for fails with *MismatchError (a server that ignores the offset would otherwise return the
// same rows until the total); otherwise as advanceLinear. The RTP participants endpoint
// echoes offset and sends its total as the string count (see ParseCount).
func advanceOffset[T any](req Position, pg *Page[T]) (Position, bool, error) {
	if pg.HasEcho && pg.Echo != req.Start {
		return Position{}, false, &MismatchError{Style: StyleOffset, Requested: req.Start, Returned: pg.Echo}
	}
	return advanceLinear(req, pg)
}
