package cardplatformtest

import (
	"context"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"reflect"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest/internal/sandboxapi"
)

// CreateCompany creates a company and its program.
func (a *api) CreateCompany(_ context.Context, req sandboxapi.CreateCompanyRequestObject) (sandboxapi.CreateCompanyResponseObject, error) {
	if req.Body == nil || req.Body.CompanyName == "" {
		return sandboxapi.CreateCompany400JSONResponse{BadRequestJSONResponse: bad("company_name", "The company_name field is required.")}, nil
	}
	b := *req.Body
	a.mu.Lock()
	defer a.mu.Unlock()
	c := &sandboxapi.CompanyDTO{CompanyGUID: core.NewGUID(), CompanyName: b.CompanyName, DbaName: b.DbaName, Address: b.Address, SysUTCInserted: a.stamp()}
	a.companies[c.CompanyGUID] = c
	name := b.ProgramName
	if name == "" {
		name = b.CompanyName
	}
	p := &sandboxapi.ProgramDataDTO{ProgramGUID: core.NewGUID(), ProgramName: name, CompanyGUID: c.CompanyGUID,
		Configurations: []sandboxapi.ProgramConfiguration{{Name: "PAYOUT_OPTIONS", Value: "ACH,CARD"}}}
	a.programs[p.ProgramGUID] = p
	return sandboxapi.CreateCompany201JSONResponse{CompanyGUID: c.CompanyGUID, ProgramGUID: p.ProgramGUID, CompanyName: c.CompanyName, ProgramName: p.ProgramName}, nil
}

// UpdateCompany changes the fields sent. 404 (with body).
func (a *api) UpdateCompany(_ context.Context, req sandboxapi.UpdateCompanyRequestObject) (sandboxapi.UpdateCompanyResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.companies[req.GUID]
	if c == nil {
		return sandboxapi.UpdateCompany404JSONResponse{NotFoundJSONResponse: notFound("The company")}, nil
	}
	if req.Body != nil {
		if req.Body.CompanyName != "" {
			c.CompanyName = req.Body.CompanyName
		}
		if req.Body.DbaName != "" {
			c.DbaName = req.Body.DbaName
		}
		if !reflect.ValueOf(req.Body.Address).IsZero() {
			c.Address = req.Body.Address
		}
	}
	c.SysUTCUpdated = a.stamp()
	return sandboxapi.UpdateCompany200JSONResponse(*c), nil
}

// GetProgram returns a program with its configurations. 404 (with body).
func (a *api) GetProgram(_ context.Context, req sandboxapi.GetProgramRequestObject) (sandboxapi.GetProgramResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	p := a.programs[req.GUID]
	if p == nil {
		return sandboxapi.GetProgram404JSONResponse{NotFoundJSONResponse: notFound("The program")}, nil
	}
	return sandboxapi.GetProgram200JSONResponse(*p), nil
}

// ConfigureProgram sets configuration values (replacing those of the same name). An unknown
// program is a 400 (the operation lists no 404).
func (a *api) ConfigureProgram(_ context.Context, req sandboxapi.ConfigureProgramRequestObject) (sandboxapi.ConfigureProgramResponseObject, error) {
	if req.Body == nil || req.Body.ProgramGUID.IsZero() {
		return sandboxapi.ConfigureProgram400JSONResponse{BadRequestJSONResponse: bad("program_guid", "The program_guid field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	p := a.programs[req.Body.ProgramGUID]
	if p == nil {
		return sandboxapi.ConfigureProgram400JSONResponse{BadRequestJSONResponse: bad("program_guid", "The program does not exist.")}, nil
	}
	for _, c := range req.Body.Configurations {
		if c.Name == "" {
			return sandboxapi.ConfigureProgram400JSONResponse{BadRequestJSONResponse: bad("configurations", "Every configuration needs a name.")}, nil
		}
	}
	for _, c := range req.Body.Configurations {
		replaced := false
		for i := range p.Configurations {
			if p.Configurations[i].Name == c.Name {
				p.Configurations[i].Value, replaced = c.Value, true
			}
		}
		if !replaced {
			p.Configurations = append(p.Configurations, c)
		}
	}
	return sandboxapi.ConfigureProgram200JSONResponse(*p), nil
}

// PerformCompanyKYB starts a verification, answered PENDING; the sandbox's verifier decides
// PASSED at once, which RetrieveCompanyKYB and GetCompanyVerificationResult then show.
// 404 (with body) for an unknown company.
func (a *api) PerformCompanyKYB(_ context.Context, req sandboxapi.PerformCompanyKYBRequestObject) (sandboxapi.PerformCompanyKYBResponseObject, error) {
	if req.Body == nil || req.Body.CompanyGUID.IsZero() {
		return sandboxapi.PerformCompanyKYB400JSONResponse{BadRequestJSONResponse: bad("company_guid", "The company_guid field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.companies[req.Body.CompanyGUID] == nil {
		return sandboxapi.PerformCompanyKYB404JSONResponse{NotFoundJSONResponse: notFound("The company")}, nil
	}
	now := a.stamp()
	k := &sandboxapi.RetrieveCompanyRequest{CompanyGUID: req.Body.CompanyGUID, KYBRequestGUID: core.NewGUID(), KYBStatus: "PASSED", RequestedAt: now, RespondedAt: now}
	a.kyb[k.CompanyGUID] = k
	return sandboxapi.PerformCompanyKYB201JSONResponse{CompanyGUID: k.CompanyGUID, KYBRequestGUID: k.KYBRequestGUID, KYBStatus: "PENDING"}, nil
}

// RetrieveCompanyKYB returns the last verification of a company. 404 (with body) for an
// unknown company or one never verified.
func (a *api) RetrieveCompanyKYB(_ context.Context, req sandboxapi.RetrieveCompanyKYBRequestObject) (sandboxapi.RetrieveCompanyKYBResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	k := a.kyb[req.CompanyGUIDParam]
	if k == nil {
		return sandboxapi.RetrieveCompanyKYB404JSONResponse{NotFoundJSONResponse: notFound("The company verification")}, nil
	}
	return sandboxapi.RetrieveCompanyKYB200JSONResponse(*k), nil
}

// GetCompanyVerificationResult returns the result of the last verification. 404 (with body)
// for an unknown company or one never verified.
func (a *api) GetCompanyVerificationResult(_ context.Context, req sandboxapi.GetCompanyVerificationResultRequestObject) (sandboxapi.GetCompanyVerificationResultResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	k := a.kyb[req.CompanyGUIDParam]
	if k == nil {
		return sandboxapi.GetCompanyVerificationResult404JSONResponse{NotFoundJSONResponse: notFound("The company verification")}, nil
	}
	return sandboxapi.GetCompanyVerificationResult200JSONResponse{CompanyGUID: k.CompanyGUID, VerificationStatus: k.KYBStatus, VerifiedAt: k.RespondedAt}, nil
}
