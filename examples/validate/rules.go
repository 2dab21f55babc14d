package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
)

// rules sends inquiries the client-side rules refuse: each fails before the network with an
// *InquiryError naming every problem with the service's own errorCode. The client points at
// an address nothing listens on, so a request that got through would fail differently.
func rules(ctx context.Context, s *steps) error {
	c, err := validation.New("http://127.0.0.1:9", core.WithStaticToken("unused"))
	if err != nil {
		return err
	}
	bad := []struct {
		name string
		inq  validation.Inquiry
		want []validation.ErrorCode
	}{
		{"missing fields", validation.Inquiry{ServiceType: validation.ServiceTypeOwner}, []validation.ErrorCode{"006", "006", "006"}},
		{"routing check digit", validation.Inquiry{SecondaryID: "SEC0001", RoutingNumber: "011000016", AccountNumber: core.NewSecret("123")}, []validation.ErrorCode{"001"}},
		{"account number", validation.Inquiry{SecondaryID: "SEC0001", RoutingNumber: "011000015", AccountNumber: core.NewSecret("0123")}, []validation.ErrorCode{"003"}},
		{"account number length", validation.Inquiry{SecondaryID: "SEC0001", RoutingNumber: "011000015", AccountNumber: core.NewSecret("123456789012345678")}, []validation.ErrorCode{"008"}},
		{"amount", validation.Inquiry{SecondaryID: "SEC0001", RoutingNumber: "011000015", AccountNumber: core.NewSecret("123"), Amount: "12.5"}, []validation.ErrorCode{"013"}},
		{"owner formats", validation.Inquiry{SecondaryID: "SEC0001", RoutingNumber: "011000015", AccountNumber: core.NewSecret("123"),
			AcctOwner: validation.AcctOwner{FirstName: strings.Repeat("A", 41), State: "O1", ZipCode: "4550", DOB: core.NewSecret("19801301"), IDState: "O"}},
			[]validation.ErrorCode{"006", "011", "104", "107", "107", "010"}},
		{"client date", validation.Inquiry{SecondaryID: "SEC0001", RoutingNumber: "011000015", AccountNumber: core.NewSecret("123"),
			Client: validation.ClientRecord{ClientDate: "05/01/2024"}}, []validation.ErrorCode{"105"}},
		{"service type", validation.Inquiry{ServiceType: "owner", SecondaryID: "SEC-1", RoutingNumber: "011000015", AccountNumber: core.NewSecret("123")},
			[]validation.ErrorCode{"104", "104"}},
	}
	for _, b := range bad {
		_, err := c.VerifyAccount(ctx, b.inq)
		var ie *validation.InquiryError
		if !errors.As(err, &ie) || !errors.Is(err, validation.ErrInvalidInquiry) {
			return fmt.Errorf("rule %s: want an *InquiryError, got %v", b.name, err)
		}
		if !slices.Equal(ie.Codes(), b.want) {
			return fmt.Errorf("rule %s: codes %v, want %v (%v)", b.name, ie.Codes(), b.want, err)
		}
		parts := make([]string, len(ie.Violations))
		for i, v := range ie.Violations {
			parts[i] = fmt.Sprintf("%s %s (%s)", v.Field, string(v.Code), v.Code)
		}
		s.Step("rule: "+b.name, "not sent: %s", strings.Join(parts, "; "))
	}
	return nil
}
