package ops

// Op returns the operation whose operationId is id, as a pointer into t that stays valid and
// unchanged for the life of t, or nil when t has no such operation. The client packages do not
// use it: each method sends its generated descriptor (op<Method>), from which t is built.
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
