package cardplatformtest

import (
	"context"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest/internal/sandboxapi"
)

// How the sandbox's card bureau moves a bulk order along (the platform does not publish its
// timing): an order placed PENDING is CREATED once BulkOrderCreatedAfter has passed on the
// sandbox clock, and SHIPPED once BulkOrderShippedAfter has. CANCELLED orders stay cancelled.
const (
	BulkOrderCreatedAfter = 24 * time.Hour
	BulkOrderShippedAfter = 48 * time.Hour
)

// bulkOrder is a bulk order with its bureau timing.
type bulkOrder struct {
	dto       sandboxapi.BulkOrderDetail
	placed    time.Time
	fixed     bool // seeded: its status does not advance with the clock
	checkedIn bool
	location  string
}

// advance moves the order along the bureau's timeline.
func (o *bulkOrder) advance(a *api) {
	if o.fixed || o.dto.BulkOrderStatus == sandboxapi.BulkOrderStatusCANCELLED {
		return
	}
	age := a.now().Sub(o.placed)
	next := o.dto.BulkOrderStatus
	switch {
	case age >= BulkOrderShippedAfter:
		next = sandboxapi.BulkOrderStatusSHIPPED
	case age >= BulkOrderCreatedAfter:
		next = sandboxapi.BulkOrderStatusCREATED
	}
	if next != o.dto.BulkOrderStatus {
		o.dto.BulkOrderStatus = next
		o.dto.SysUTCUpdated = a.stamp()
	}
}

func (a *api) order(g core.GUID) *bulkOrder {
	o := a.orders[g]
	if o != nil {
		o.advance(a)
	}
	return o
}

// CreateBulkOrder places a PENDING order of quantity cards for a new or existing person.
// 404 (with body) for an unknown program.
func (a *api) CreateBulkOrder(_ context.Context, req sandboxapi.CreateBulkOrderRequestObject) (sandboxapi.CreateBulkOrderResponseObject, error) {
	if req.Body == nil || req.Body.ProgramGUID.IsZero() {
		return sandboxapi.CreateBulkOrder400JSONResponse{BadRequestJSONResponse: bad("program_guid", "The program_guid field is required.")}, nil
	}
	b := *req.Body
	if b.Quantity < 1 {
		return sandboxapi.CreateBulkOrder400JSONResponse{BadRequestJSONResponse: bad("quantity", "The field quantity must be at least 1.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	program := a.programs[b.ProgramGUID]
	if program == nil {
		return sandboxapi.CreateBulkOrder404JSONResponse{NotFoundJSONResponse: notFound("The program")}, nil
	}
	if !b.CompanyGUID.IsZero() && a.companies[b.CompanyGUID] == nil {
		return sandboxapi.CreateBulkOrder400JSONResponse{BadRequestJSONResponse: bad("company_guid", "The company does not exist.")}, nil
	}
	person, resp := a.personFor(b.Person)
	if resp != nil {
		return sandboxapi.CreateBulkOrder400JSONResponse{BadRequestJSONResponse: *resp}, nil
	}
	company := b.CompanyGUID
	if company.IsZero() {
		company = program.CompanyGUID
	}
	location := person.FirstName + " " + person.LastName
	if person.BaseAddress.AddressLine1 != "" {
		location = person.BaseAddress.AddressLine1
	}
	o := &bulkOrder{placed: a.now(), location: location, dto: sandboxapi.BulkOrderDetail{
		OrderGUID: core.NewGUID(), ProgramGUID: b.ProgramGUID, CompanyGUID: company, PackageGUID: b.PackageGUID,
		PersonGUID: person.PersonGUID, Quantity: b.Quantity, BulkOrderStatus: sandboxapi.BulkOrderStatusPENDING,
		SysUTCInserted: a.stamp(),
	}}
	a.orders[o.dto.OrderGUID] = o
	a.orderSeq = append(a.orderSeq, o.dto.OrderGUID)
	return sandboxapi.CreateBulkOrder201JSONResponse{OrderGUID: o.dto.OrderGUID, PersonGUID: person.PersonGUID, BulkOrderStatus: o.dto.BulkOrderStatus}, nil
}

// SearchBulkOrders pages the orders that match every filter, oldest first. 404 (with body)
// when order_guid names no order.
func (a *api) SearchBulkOrders(_ context.Context, req sandboxapi.SearchBulkOrdersRequestObject) (sandboxapi.SearchBulkOrdersResponseObject, error) {
	p := req.Params
	a.mu.Lock()
	defer a.mu.Unlock()
	if !p.OrderGUID.IsZero() && a.orders[p.OrderGUID] == nil {
		return sandboxapi.SearchBulkOrders404JSONResponse{NotFoundJSONResponse: notFound("The order")}, nil
	}
	var items []sandboxapi.BulkOrderDetail
	for _, g := range a.orderSeq {
		d := a.order(g).dto
		if (!p.OrderGUID.IsZero() && d.OrderGUID != p.OrderGUID) || (!p.PackageGUID.IsZero() && d.PackageGUID != p.PackageGUID) ||
			(!p.PersonGUID.IsZero() && d.PersonGUID != p.PersonGUID) || (!p.CompanyGUID.IsZero() && d.CompanyGUID != p.CompanyGUID) ||
			(p.BulkOrderStatus != "" && d.BulkOrderStatus != p.BulkOrderStatus) ||
			(!p.StartSearchDate.IsZero() && d.SysUTCInserted.Time().Before(p.StartSearchDate.Time())) ||
			(!p.EndSearchDate.IsZero() && d.SysUTCInserted.Time().After(p.EndSearchDate.Time())) {
			continue
		}
		items = append(items, d)
	}
	lo, hi, fields := page(len(items), p.StartIndex, p.Limit, 25)
	if fields != nil {
		return sandboxapi.SearchBulkOrders400JSONResponse{BadRequestJSONResponse: badFields(fields)}, nil
	}
	return sandboxapi.SearchBulkOrders200JSONResponse{Items: nonNil(items[lo:hi]), Total: int32(len(items))}, nil
}

// CancelBulkOrder cancels a PENDING or CREATED order; cancelling a cancelled order answers the
// same order again; a SHIPPED order cannot be cancelled (400). The operation lists no 404: an
// unknown order is a 400.
func (a *api) CancelBulkOrder(_ context.Context, req sandboxapi.CancelBulkOrderRequestObject) (sandboxapi.CancelBulkOrderResponseObject, error) {
	if req.Body == nil || req.Body.OrderGUID.IsZero() {
		return sandboxapi.CancelBulkOrder400JSONResponse{BadRequestJSONResponse: bad("order_guid", "The order_guid field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	o := a.order(req.Body.OrderGUID)
	if o == nil {
		return sandboxapi.CancelBulkOrder400JSONResponse{BadRequestJSONResponse: bad("order_guid", "The order does not exist.")}, nil
	}
	switch o.dto.BulkOrderStatus {
	case sandboxapi.BulkOrderStatusSHIPPED:
		return sandboxapi.CancelBulkOrder400JSONResponse{BadRequestJSONResponse: bad("order_guid", "A shipped order cannot be cancelled.")}, nil
	case sandboxapi.BulkOrderStatusCANCELLED:
	default:
		o.dto.BulkOrderStatus = sandboxapi.BulkOrderStatusCANCELLED
		o.dto.SysUTCUpdated = a.stamp()
	}
	return sandboxapi.CancelBulkOrder200JSONResponse(o.dto), nil
}

// CheckInBulkOrder receives a SHIPPED order into inventory (its cards count as available in
// the summary by location); checking it in again answers the same order. Any other status is
// refused (400), as is an unknown order (the operation lists no 404).
func (a *api) CheckInBulkOrder(_ context.Context, req sandboxapi.CheckInBulkOrderRequestObject) (sandboxapi.CheckInBulkOrderResponseObject, error) {
	if req.Body == nil || req.Body.OrderGUID.IsZero() {
		return sandboxapi.CheckInBulkOrder400JSONResponse{BadRequestJSONResponse: bad("order_guid", "The order_guid field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	o := a.order(req.Body.OrderGUID)
	if o == nil {
		return sandboxapi.CheckInBulkOrder400JSONResponse{BadRequestJSONResponse: bad("order_guid", "The order does not exist.")}, nil
	}
	if o.dto.BulkOrderStatus != sandboxapi.BulkOrderStatusSHIPPED {
		return sandboxapi.CheckInBulkOrder400JSONResponse{BadRequestJSONResponse: bad("order_guid", "Only a SHIPPED order can be checked in; this one is "+string(o.dto.BulkOrderStatus)+".")}, nil
	}
	if !o.checkedIn {
		o.checkedIn = true
		o.dto.SysUTCUpdated = a.stamp()
	}
	return sandboxapi.CheckInBulkOrder200JSONResponse(o.dto), nil
}

// ListBulkOrderSummaryByLocation pages the inventory by location (person, company and card
// package): cards ordered (orders not cancelled) and cards available (orders checked in).
// 404 (with body) when person_guid or company_guid names no person or company.
func (a *api) ListBulkOrderSummaryByLocation(_ context.Context, req sandboxapi.ListBulkOrderSummaryByLocationRequestObject) (sandboxapi.ListBulkOrderSummaryByLocationResponseObject, error) {
	p := req.Params
	a.mu.Lock()
	defer a.mu.Unlock()
	if (!p.PersonGUID.IsZero() && a.persons[p.PersonGUID] == nil) || (!p.CompanyGUID.IsZero() && a.companies[p.CompanyGUID] == nil) {
		return sandboxapi.ListBulkOrderSummaryByLocation404JSONResponse{NotFoundJSONResponse: notFound("The location")}, nil
	}
	type key struct{ person, company, pkg core.GUID }
	sums := map[key]*sandboxapi.BulkOrderSummary{}
	var keys []key
	for _, g := range a.orderSeq {
		o := a.order(g)
		d := o.dto
		if d.BulkOrderStatus == sandboxapi.BulkOrderStatusCANCELLED ||
			(!p.PersonGUID.IsZero() && d.PersonGUID != p.PersonGUID) || (!p.CompanyGUID.IsZero() && d.CompanyGUID != p.CompanyGUID) {
			continue
		}
		k := key{d.PersonGUID, d.CompanyGUID, d.PackageGUID}
		s := sums[k]
		if s == nil {
			s = &sandboxapi.BulkOrderSummary{PersonGUID: d.PersonGUID, CompanyGUID: d.CompanyGUID, PackageGUID: d.PackageGUID, LocationName: o.location}
			sums[k] = s
			keys = append(keys, k)
		}
		s.QuantityOrdered += d.Quantity
		if o.checkedIn {
			s.QuantityAvailable += d.Quantity
		}
	}
	items := make([]sandboxapi.BulkOrderSummary, 0, len(keys))
	for _, k := range keys {
		items = append(items, *sums[k])
	}
	lo, hi, fields := page(len(items), p.StartIndex, p.Limit, 25)
	if fields != nil {
		return sandboxapi.ListBulkOrderSummaryByLocation400JSONResponse{BadRequestJSONResponse: badFields(fields)}, nil
	}
	return sandboxapi.ListBulkOrderSummaryByLocation200JSONResponse{Items: items[lo:hi], Total: int32(len(items))}, nil
}
