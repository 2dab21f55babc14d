package ops

// Op returns the operation whose operationId is id, as a pointer into t that stays valid and
// unchanged for the life of t, or nil when t has no such operation. Generated methods take it
// once, at package initialisation, and pass it with every call.
func (t *Table) Op(id string) *Operation {
	if t == nil {
		return nil
	}
	i, ok := t.byID[id]
	if !ok {
		return nil
	}
	return &t.ops[i]
}
