package publicdoc

import (
	"regexp"
	"testing"
)

// oddName matches the generated names that read as the generator's, not the API's: a response
// of a response (SearchAccountsProgramResponseSearchResponse), a cache wrapper
// (AccountByBalanceDTOCacheResponse), a range in the name (Amount0To1B), an abbreviation
// beside its full form (BulkOrderReq beside BulkOrderRequest).
var oddName = regexp.MustCompile(`Response\w*Response|DTOCache|\dTo\d|Req$`)

// envelopes are the request and response envelopes of the bank's account validation: wire
// details that VerifyAccount builds and reads itself.
var envelopes = []string{
	"AOARequest", "AccountValidationRequest", "VerifyAccountRequest", "VerifyAccountV2Request",
	"AccountValidationResponse", "AccountValidationV2Response", "VerifyAccountResponse", "VerifyAccountV2Response",
}

// TestClientTypeNamesReadAsTheAPI fails on an exported type of a client package with an odd
// generated name, or on an exported envelope type a user never builds.
func TestClientTypeNamesReadAsTheAPI(t *testing.T) {
	pkgs := map[string]publicPackage{}
	for _, p := range publicPackages(t) {
		pkgs[p.dir] = p
	}
	for _, dir := range clientPackages {
		for _, ty := range pkgs[dir].doc.Types {
			if oddName.MatchString(ty.Name) {
				t.Errorf("%s.%s: a generated name; name it at the spec (x-go-name or the schema key)", dir, ty.Name)
			}
			for _, e := range envelopes {
				if ty.Name == e {
					t.Errorf("%s.%s is exported, but users never build or read the envelope", dir, ty.Name)
				}
			}
		}
	}
}
