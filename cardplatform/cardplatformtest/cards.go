package cardplatformtest

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"regexp"
	"strings"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest/internal/sandboxapi"
)

// Card states the sandbox uses besides PENDING (the platform shows only PENDING).
const (
	// CardStatusActive is the status of a card after ActivateCard.
	CardStatusActive = "ACTIVE"
	// CardStatusReplaced is the status of a card after ReplaceCard.
	CardStatusReplaced = "REPLACED"
	// CardConditionReplacement is the condition of a card issued by ReplaceCard.
	CardConditionReplacement = "REPLACEMENT"
)

// defaultMonthsUntilExpire is the validity of a new card when the request does not say.
const defaultMonthsUntilExpire = 36

var pinPattern = regexp.MustCompile(`^[0-9]{4,12}$`)

// newCard returns a PENDING card of program for person; it is not stored yet.
func (a *api) newCard(program, person, wallet core.GUID, issuance sandboxapi.IssuanceType, months int32) *card {
	n := a.nextSeq()
	pan := newPAN(n)
	if wallet.IsZero() {
		wallet = core.NewGUID()
	}
	a.wallets[wallet] = true
	if issuance == "" {
		issuance = sandboxapi.IssuanceTypeFULL
		if p := a.programs[program]; p != nil {
			for _, c := range p.Configurations {
				if c.Name == "DEFAULT_ISSUANCE_TYPE" && c.Value != "" {
					issuance = sandboxapi.IssuanceType(c.Value)
				}
			}
		}
	}
	if months <= 0 {
		months = defaultMonthsUntilExpire
	}
	now := a.now()
	exp := time.Date(now.Year(), now.Month()+time.Month(months)+1, 1, 0, 0, 0, 0, time.UTC).Add(-time.Second)
	return &card{
		program: program,
		pin:     fmt.Sprintf("%04d", n%10000),
		dto: sandboxapi.CardDTO{
			CardProxy:             fmt.Sprintf("%013d", n),
			CardNumber:            pan,
			CVV:                   fmt.Sprintf("%03d", n%1000),
			MaskCardPAN:           maskPAN(pan),
			WalletGUID:            wallet,
			PersonGUID:            person,
			IssuanceType:          issuance,
			CardCondition:         sandboxapi.CardConditionORIGINAL,
			CardStatus:            sandboxapi.CardStatusPENDING,
			ActivationMethod:      "ONLOAD",
			ExpirationDate:        exp.Format("0106"),
			LogicalExpirationDate: core.NewTimestamp(exp),
			PersonCardStatus:      "ACTIVE",
			SysUTCInserted:        a.stamp(),
		},
	}
}

func (a *api) addCard(c *card) {
	a.cards[c.dto.CardProxy] = c
	a.cardOrder = append(a.cardOrder, c.dto.CardProxy)
}

// public is the card as the platform returns it outside showpan: no PAN, no CVV.
func (c *card) public() sandboxapi.CardDTO {
	d := c.dto
	d.CardNumber = ""
	d.CVV = ""
	return d
}

func (c *card) touch(a *api) { c.dto.SysUTCUpdated = a.stamp() }

// fulfillment is the card's track data, CVX2 and PIN.
func (c *card) fulfillment(a *api) sandboxapi.EncryptedFulfillmentDetails {
	pan := c.dto.CardNumber
	name := "VALUED CARDHOLDER"
	if p := a.persons[c.dto.PersonGUID]; p != nil {
		name = strings.ToUpper(p.LastName + "/" + p.FirstName)
	}
	yymm := c.dto.ExpirationDate
	if len(yymm) == 4 {
		yymm = yymm[2:] + yymm[:2]
	}
	return sandboxapi.EncryptedFulfillmentDetails{
		Track1: "%B" + pan + "^" + name + "^" + yymm + "1010000000000000000000000?",
		Track2: ";" + pan + "=" + yymm + "1010000000000000?",
		Cvx2:   c.dto.CVV,
		PIN:    c.pin,
	}
}

// SearchCards pages the cards that match every filter given, oldest first.
func (a *api) SearchCards(_ context.Context, req sandboxapi.SearchCardsRequestObject) (sandboxapi.SearchCardsResponseObject, error) {
	p := req.Params
	a.mu.Lock()
	defer a.mu.Unlock()
	var items []sandboxapi.CardDTO
	for _, proxy := range a.cardOrder {
		c := a.cards[proxy]
		d := c.dto
		switch {
		case !p.PersonGUID.IsZero() && d.PersonGUID != p.PersonGUID,
			!p.WalletGUID.IsZero() && d.WalletGUID != p.WalletGUID,
			!p.ProgramGUID.IsZero() && c.program != p.ProgramGUID,
			len(p.CardStatuses) > 0 && !contains(p.CardStatuses, d.CardStatus),
			len(p.IssuanceTypes) > 0 && !contains(p.IssuanceTypes, d.IssuanceType),
			p.CardCondition != "" && d.CardCondition != p.CardCondition,
			p.CardLast4 != "" && !strings.HasSuffix(d.CardNumber, p.CardLast4),
			p.BaseIIN != "" && !strings.HasPrefix(d.CardNumber, p.BaseIIN),
			!p.ExpirationDateStart.IsZero() && d.LogicalExpirationDate.Time().Before(p.ExpirationDateStart.Time()),
			!p.ExpirationDateEnd.IsZero() && d.LogicalExpirationDate.Time().After(p.ExpirationDateEnd.Time()):
			continue
		}
		items = append(items, c.public())
	}
	lo, hi, fields := page(len(items), p.StartIndex, p.Limit, 25)
	if fields != nil {
		return sandboxapi.SearchCards400JSONResponse{BadRequestJSONResponse: badFields(fields)}, nil
	}
	return sandboxapi.SearchCards200JSONResponse{Items: nonNil(items[lo:hi]), Total: int32(len(items))}, nil
}

// CreateCard creates a PENDING card for a new person, or for an existing one when only
// person.person_guid is sent. 404 (with body) for an unknown program.
func (a *api) CreateCard(_ context.Context, req sandboxapi.CreateCardRequestObject) (sandboxapi.CreateCardResponseObject, error) {
	if req.Body == nil {
		return sandboxapi.CreateCard400JSONResponse{BadRequestJSONResponse: bad("body", "A non-empty request body is required.")}, nil
	}
	b := *req.Body
	a.mu.Lock()
	defer a.mu.Unlock()
	if b.ProgramGUID.IsZero() {
		return sandboxapi.CreateCard400JSONResponse{BadRequestJSONResponse: bad("program_guid", "The program_guid field is required.")}, nil
	}
	if a.programs[b.ProgramGUID] == nil {
		return sandboxapi.CreateCard404JSONResponse{NotFoundJSONResponse: notFound("The program")}, nil
	}
	person, resp := a.personFor(b.Person)
	if resp != nil {
		return sandboxapi.CreateCard400JSONResponse{BadRequestJSONResponse: *resp}, nil
	}
	c := a.newCard(b.ProgramGUID, person.PersonGUID, b.WalletGUID, "", b.MonthsUntilExpire)
	a.addCard(c)
	return sandboxapi.CreateCard201JSONResponse{
		Person: *person, ProgramGUID: b.ProgramGUID, Card: c.public(), FulfillmentData: c.fulfillment(a),
	}, nil
}

// personFor returns the existing person named by p.person_guid, or creates one from p.
func (a *api) personFor(p sandboxapi.Person) (*sandboxapi.Person, *sandboxapi.BadRequestJSONResponse) {
	if !p.PersonGUID.IsZero() {
		existing := a.persons[p.PersonGUID]
		if existing == nil {
			r := bad("person.person_guid", "The person does not exist.")
			return nil, &r
		}
		return existing, nil
	}
	fields := map[string][]string{}
	if p.FirstName == "" {
		fields["person.first_name"] = []string{"The first_name field is required."}
	}
	if p.LastName == "" {
		fields["person.last_name"] = []string{"The last_name field is required."}
	}
	if p.Email != "" && !strings.Contains(p.Email, "@") {
		fields["person.email"] = []string{"The email field is not a valid e-mail address."}
	}
	if len(fields) > 0 {
		r := badFields(fields)
		return nil, &r
	}
	p.PersonGUID = core.NewGUID()
	a.persons[p.PersonGUID] = &p
	return &p, nil
}

// GetCard returns a card without its PAN. 404 (with body) for an unknown proxy.
func (a *api) GetCard(_ context.Context, req sandboxapi.GetCardRequestObject) (sandboxapi.GetCardResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[req.CardProxyParam]
	if c == nil {
		return sandboxapi.GetCard404JSONResponse{NotFoundJSONResponse: notFound("The card")}, nil
	}
	return sandboxapi.GetCard200JSONResponse(c.public()), nil
}

// UpdateCard replaces the supplemental details (invoices) of a card. 404 (with body) for an
// unknown card.
func (a *api) UpdateCard(_ context.Context, req sandboxapi.UpdateCardRequestObject) (sandboxapi.UpdateCardResponseObject, error) {
	if req.Body == nil || req.Body.CardProxy == "" {
		return sandboxapi.UpdateCard400JSONResponse{BadRequestJSONResponse: bad("card_proxy", "The card_proxy field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[req.Body.CardProxy]
	if c == nil {
		return sandboxapi.UpdateCard404JSONResponse{NotFoundJSONResponse: notFound("The card")}, nil
	}
	c.dto.SupplementalDetails = req.Body.SupplementalDetails
	c.touch(a)
	resp := sandboxapi.CreateCardResponse{ProgramGUID: c.program, Card: c.public()}
	if p := a.persons[c.dto.PersonGUID]; p != nil {
		resp.Person = *p
	}
	return sandboxapi.UpdateCard200JSONResponse(resp), nil
}

// GetCardFulfillmentData returns track data, CVX2 and PIN. 404 (with body).
func (a *api) GetCardFulfillmentData(_ context.Context, req sandboxapi.GetCardFulfillmentDataRequestObject) (sandboxapi.GetCardFulfillmentDataResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[req.CardProxyParam]
	if c == nil {
		return sandboxapi.GetCardFulfillmentData404JSONResponse{NotFoundJSONResponse: notFound("The card")}, nil
	}
	return sandboxapi.GetCardFulfillmentData200JSONResponse(c.fulfillment(a)), nil
}

// UpdateDigitalPackage records the digital package of a card. 404 (with body).
func (a *api) UpdateDigitalPackage(_ context.Context, req sandboxapi.UpdateDigitalPackageRequestObject) (sandboxapi.UpdateDigitalPackageResponseObject, error) {
	b := firstBody(req.JSONBody, req.ApplicationJSONPatchPlusJSONBody, req.ApplicationWildcardPlusJSONBody)
	if b == nil || b.CardProxy == "" {
		return sandboxapi.UpdateDigitalPackage400JSONResponse(bad("card_proxy", "The card_proxy field is required.")), nil
	}
	if b.DigitalPackage == "" {
		return sandboxapi.UpdateDigitalPackage400JSONResponse(bad("digital_package", "The digital_package field is required.")), nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[b.CardProxy]
	if c == nil {
		return sandboxapi.UpdateDigitalPackage404JSONResponse{NotFoundJSONResponse: notFound("The card proxy")}, nil
	}
	c.digitalPackage = b.DigitalPackage
	return sandboxapi.UpdateDigitalPackage201JSONResponse{CardProxy: b.CardProxy, DigitalPackage: b.DigitalPackage}, nil
}

// ShowCardPAN returns the card with its PAN and CVV. 404 (with body).
func (a *api) ShowCardPAN(_ context.Context, req sandboxapi.ShowCardPANRequestObject) (sandboxapi.ShowCardPANResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[req.CardProxyParam]
	if c == nil {
		return sandboxapi.ShowCardPAN404JSONResponse{NotFoundJSONResponse: notFound("The card")}, nil
	}
	return sandboxapi.ShowCardPAN200JSONResponse(c.dto), nil
}

// AssignCard assigns a card to an existing person. 404 (no body) for an unknown card or person.
func (a *api) AssignCard(_ context.Context, req sandboxapi.AssignCardRequestObject) (sandboxapi.AssignCardResponseObject, error) {
	if req.Body == nil || req.Body.CardProxy == "" || req.Body.PersonGUID.IsZero() {
		fields := map[string][]string{}
		if req.Body == nil || req.Body.CardProxy == "" {
			fields["card_proxy"] = []string{"The card_proxy field is required."}
		}
		if req.Body == nil || req.Body.PersonGUID.IsZero() {
			fields["person_guid"] = []string{"The person_guid field is required."}
		}
		return sandboxapi.AssignCard400JSONResponse{BadRequestJSONResponse: badFields(fields)}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[req.Body.CardProxy]
	if c == nil || a.persons[req.Body.PersonGUID] == nil {
		return sandboxapi.AssignCard404Response{}, nil
	}
	if !req.Body.ProgramGUID.IsZero() && req.Body.ProgramGUID != c.program {
		return sandboxapi.AssignCard400JSONResponse{BadRequestJSONResponse: bad("program_guid", "The card belongs to another program.")}, nil
	}
	c.dto.PersonGUID = req.Body.PersonGUID
	c.touch(a)
	return sandboxapi.AssignCard200JSONResponse{CardProxy: c.dto.CardProxy, PersonGUID: c.dto.PersonGUID, ProgramGUID: c.program}, nil
}

// ActivateCard activates a PENDING card; any other status is refused (400). 404 (with body).
func (a *api) ActivateCard(_ context.Context, req sandboxapi.ActivateCardRequestObject) (sandboxapi.ActivateCardResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[req.CardProxyParam]
	if c == nil {
		return sandboxapi.ActivateCard404JSONResponse{NotFoundJSONResponse: notFound("The card")}, nil
	}
	if c.dto.CardStatus != sandboxapi.CardStatusPENDING {
		return sandboxapi.ActivateCard400JSONResponse{BadRequestJSONResponse: bad("card_status", fmt.Sprintf("The card is %s; only a PENDING card can be activated.", c.dto.CardStatus))}, nil
	}
	c.dto.CardStatus = CardStatusActive
	c.touch(a)
	return sandboxapi.ActivateCard200JSONResponse(c.public()), nil
}

// ChangeCardStatus sets the card status (any value; the platform's list is not published).
// A replaced card cannot change status (400). 404 (with body).
func (a *api) ChangeCardStatus(_ context.Context, req sandboxapi.ChangeCardStatusRequestObject) (sandboxapi.ChangeCardStatusResponseObject, error) {
	if req.Body == nil || req.Body.CardStatus == "" {
		return sandboxapi.ChangeCardStatus400JSONResponse{BadRequestJSONResponse: bad("card_status", "The card_status field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[req.CardProxyParam]
	if c == nil {
		return sandboxapi.ChangeCardStatus404JSONResponse{NotFoundJSONResponse: notFound("The card")}, nil
	}
	if c.dto.CardStatus == CardStatusReplaced {
		return sandboxapi.ChangeCardStatus400JSONResponse{BadRequestJSONResponse: bad("card_status", "The card was replaced.")}, nil
	}
	c.dto.CardStatus = req.Body.CardStatus
	c.touch(a)
	return sandboxapi.ChangeCardStatus200JSONResponse(c.public()), nil
}

// ValidateCard returns the card whose PAN and CVV match. 404 (with body) when none does.
func (a *api) ValidateCard(_ context.Context, req sandboxapi.ValidateCardRequestObject) (sandboxapi.ValidateCardResponseObject, error) {
	if req.Body == nil || req.Body.CardNumber == "" {
		return sandboxapi.ValidateCard400JSONResponse{BadRequestJSONResponse: bad("card_number", "The card_number field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, proxy := range a.cardOrder {
		c := a.cards[proxy]
		if c.dto.CardNumber == req.Body.CardNumber &&
			(req.Body.CVV == "" || c.dto.CVV == req.Body.CVV) {
			return sandboxapi.ValidateCard200JSONResponse(c.public()), nil
		}
	}
	return sandboxapi.ValidateCard404JSONResponse{NotFoundJSONResponse: notFound("The card")}, nil
}

// SetCardPIN changes the PIN (4 to 12 digits). 404 (with body).
func (a *api) SetCardPIN(_ context.Context, req sandboxapi.SetCardPINRequestObject) (sandboxapi.SetCardPINResponseObject, error) {
	if req.Body == nil || !pinPattern.MatchString(req.Body.PIN) {
		return sandboxapi.SetCardPIN400JSONResponse{BadRequestJSONResponse: bad("pin", "The pin field must be 4 to 12 digits.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[req.CardProxyParam]
	if c == nil {
		return sandboxapi.SetCardPIN404JSONResponse{NotFoundJSONResponse: notFound("The card")}, nil
	}
	c.pin = req.Body.PIN
	c.touch(a)
	return sandboxapi.SetCardPIN200JSONResponse{CardProxy: c.dto.CardProxy, PIN: c.pin}, nil
}

// GetCardPIN returns the PIN. 404 (with body).
func (a *api) GetCardPIN(_ context.Context, req sandboxapi.GetCardPINRequestObject) (sandboxapi.GetCardPINResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[req.CardProxyParam]
	if c == nil {
		return sandboxapi.GetCardPIN404JSONResponse{NotFoundJSONResponse: notFound("The card")}, nil
	}
	return sandboxapi.GetCardPIN200JSONResponse{CardProxy: c.dto.CardProxy, PIN: c.pin}, nil
}

// ReplaceCard issues a new PENDING card (new proxy, PAN and CVV; same person, wallet,
// program and issuance type) and marks the old one REPLACED. 404 (no body).
func (a *api) ReplaceCard(_ context.Context, req sandboxapi.ReplaceCardRequestObject) (sandboxapi.ReplaceCardResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	old := a.cards[req.CardProxyParam]
	if old == nil {
		return sandboxapi.ReplaceCard404Response{}, nil
	}
	if old.dto.CardStatus == CardStatusReplaced {
		return sandboxapi.ReplaceCard400JSONResponse{BadRequestJSONResponse: bad("card_proxy", "The card was already replaced.")}, nil
	}
	c := a.newCard(old.program, old.dto.PersonGUID, old.dto.WalletGUID, old.dto.IssuanceType, defaultMonthsUntilExpire)
	c.dto.CardCondition = CardConditionReplacement
	c.dto.SupplementalDetails = old.dto.SupplementalDetails
	a.addCard(c)
	old.dto.CardStatus = CardStatusReplaced
	old.touch(a)
	return sandboxapi.ReplaceCard200JSONResponse{
		CardProxy: c.dto.CardProxy, ReplacedCardProxy: old.dto.CardProxy, MaskCardPAN: c.dto.MaskCardPAN,
		CardStatus: c.dto.CardStatus, CardCondition: c.dto.CardCondition,
	}, nil
}

// ChangePersonCardStatus sets the person-card status; person_guid, when sent, must be the
// card's person (400). 404 (with body).
func (a *api) ChangePersonCardStatus(_ context.Context, req sandboxapi.ChangePersonCardStatusRequestObject) (sandboxapi.ChangePersonCardStatusResponseObject, error) {
	if req.Body == nil || req.Body.PersonCardStatus == "" {
		return sandboxapi.ChangePersonCardStatus400JSONResponse{BadRequestJSONResponse: bad("person_card_status", "The person_card_status field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[req.CardProxyParam]
	if c == nil {
		return sandboxapi.ChangePersonCardStatus404JSONResponse{NotFoundJSONResponse: notFound("The card")}, nil
	}
	if !req.Body.PersonGUID.IsZero() && req.Body.PersonGUID != c.dto.PersonGUID {
		return sandboxapi.ChangePersonCardStatus400JSONResponse{BadRequestJSONResponse: bad("person_guid", "The card does not belong to this person.")}, nil
	}
	c.dto.PersonCardStatus = req.Body.PersonCardStatus
	c.touch(a)
	return sandboxapi.ChangePersonCardStatus200JSONResponse(c.public()), nil
}

// GetGenericEncryptedCardData returns the card data. The sandbox has no key to encrypt with:
// encrypted_card_data is the base64 of the JSON payload (accountNumber, expirationMonth,
// expirationYear, nameOnAccount). 404 (with body).
func (a *api) GetGenericEncryptedCardData(_ context.Context, req sandboxapi.GetGenericEncryptedCardDataRequestObject) (sandboxapi.GetGenericEncryptedCardDataResponseObject, error) {
	if req.Body == nil || req.Body.CardProxy == "" {
		return sandboxapi.GetGenericEncryptedCardData400JSONResponse{BadRequestJSONResponse: bad("card_proxy", "The card_proxy field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[req.Body.CardProxy]
	if c == nil {
		return sandboxapi.GetGenericEncryptedCardData404JSONResponse{NotFoundJSONResponse: notFound("The card")}, nil
	}
	name := "VALUED CARDHOLDER"
	if p := a.persons[c.dto.PersonGUID]; p != nil {
		name = p.FirstName + " " + p.LastName
	}
	exp := c.dto.ExpirationDate
	// not a model: the sandbox's own server type (plain strings)
	payload, err := json.Marshal(sandboxapi.EncryptedCardData{
		AccountNumber: c.dto.CardNumber, ExpirationMonth: exp[:2], ExpirationYear: "20" + exp[2:], NameOnAccount: name,
	})
	if err != nil {
		return nil, err
	}
	return sandboxapi.GetGenericEncryptedCardData200JSONResponse{
		EncryptedCardData: base64.StdEncoding.EncodeToString(payload),
	}, nil
}

// UpdateCardIssuanceType turns a VIRTUAL card into a FULL one; every other change is refused
// (400). 404 (no body).
func (a *api) UpdateCardIssuanceType(_ context.Context, req sandboxapi.UpdateCardIssuanceTypeRequestObject) (sandboxapi.UpdateCardIssuanceTypeResponseObject, error) {
	if req.Body == nil || req.Body.IssuanceType == "" {
		return sandboxapi.UpdateCardIssuanceType400JSONResponse{BadRequestJSONResponse: bad("issuance_type", "The issuance_type field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[req.CardProxyParam]
	if c == nil {
		return sandboxapi.UpdateCardIssuanceType404Response{}, nil
	}
	if c.dto.IssuanceType != sandboxapi.IssuanceTypeVIRTUAL || req.Body.IssuanceType != sandboxapi.IssuanceTypeFULL {
		return sandboxapi.UpdateCardIssuanceType400JSONResponse{BadRequestJSONResponse: bad("issuance_type",
			fmt.Sprintf("Only VIRTUAL to FULL is allowed, not %s to %s.", c.dto.IssuanceType, req.Body.IssuanceType))}, nil
	}
	c.dto.IssuanceType = sandboxapi.IssuanceTypeFULL
	c.touch(a)
	return sandboxapi.UpdateCardIssuanceType200JSONResponse(c.public()), nil
}

// RequestCardData answers a wallet provider's digitization request: APPROVED for an ACTIVE
// card, DECLINED otherwise. 404 (with body).
func (a *api) RequestCardData(_ context.Context, req sandboxapi.RequestCardDataRequestObject) (sandboxapi.RequestCardDataResponseObject, error) {
	if req.Body == nil || req.Body.CardProxy == "" {
		return sandboxapi.RequestCardData400JSONResponse{BadRequestJSONResponse: bad("card_proxy", "The card_proxy field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cards[req.Body.CardProxy]
	if c == nil {
		return sandboxapi.RequestCardData404JSONResponse{NotFoundJSONResponse: notFound("The card")}, nil
	}
	decision := "DECLINED"
	if c.dto.CardStatus == CardStatusActive {
		decision = "APPROVED"
	}
	return sandboxapi.RequestCardData200JSONResponse{RequestID: req.Body.RequestID, CardProxy: c.dto.CardProxy, Decision: decision}, nil
}

// SearchInvoices returns the invoices of the cards that match the filters.
func (a *api) SearchInvoices(_ context.Context, req sandboxapi.SearchInvoicesRequestObject) (sandboxapi.SearchInvoicesResponseObject, error) {
	var f sandboxapi.InvoiceSearchRequest
	if req.Body != nil {
		f = *req.Body
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	items := []sandboxapi.InvoiceSearchResponse{}
	for _, proxy := range a.cardOrder {
		c := a.cards[proxy]
		if (f.CardProxy != "" && proxy != f.CardProxy) || (!f.PersonGUID.IsZero() && c.dto.PersonGUID != f.PersonGUID) ||
			(!f.ProgramGUID.IsZero() && c.program != f.ProgramGUID) {
			continue
		}
		for _, inv := range c.dto.SupplementalDetails.Invoices {
			if (f.InvoiceStatus != "" && inv.InvoiceStatus != f.InvoiceStatus) ||
				(!f.InvoiceDateStart.IsZero() && inv.InvoiceDate.Time().Before(f.InvoiceDateStart.Time())) ||
				(!f.InvoiceDateEnd.IsZero() && inv.InvoiceDate.Time().After(f.InvoiceDateEnd.Time())) {
				continue
			}
			items = append(items, sandboxapi.InvoiceSearchResponse{CardProxy: proxy, PersonGUID: c.dto.PersonGUID, Invoice: inv})
		}
	}
	return sandboxapi.SearchInvoices200JSONResponse{Items: items, Total: int32(len(items))}, nil
}

func contains[T comparable](s []T, v T) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// firstBody returns the first non-nil body: the generated server binds a JSON body to one
// of several fields depending on the media type.
func firstBody[T any](bodies ...*T) *T {
	for _, b := range bodies {
		if b != nil {
			return b
		}
	}
	return nil
}
