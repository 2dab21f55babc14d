// Package paging is the client of the bank's paginated list endpoints (ACH addenda and
// transactions, wire details, RTP participants and transactions, previous-day reports) and,
// next, the generic iterators over their three pagination styles (row range, offset, page).
//
// The models and a raw client are generated from openapi/banklists.yaml (api.gen.go); this
// package builds the client on the shared transport pipeline. The typed list methods and
// iterators arrive with the paging work; the pipeline, options and errors are in place.
package paging
