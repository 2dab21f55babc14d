package cardplatform

// SettleMethods exposes, to the external tests, the generated table of every operation whose
// spec names a read-back: its Write method and its Snapshot/Reconcile pair.
var SettleMethods = settleMethods

// SettleMethodNames is the type of SettleMethods' entries.
type SettleMethodNames = settleMethodNames
