package exenv

import (
	"fmt"
	"os"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
)

// Environment variables of the card platform.
const (
	EnvCardPlatformURL     = "CARDPLATFORM_BASE_URL"
	EnvCardPlatformToken   = "CARDPLATFORM_TOKEN"
	EnvCardPlatformProgram = "CARDPLATFORM_PROGRAM_GUID"
)

// CardPlatform is a card platform client, pointed at a real platform or at an embedded
// sandbox.
type CardPlatform struct {
	// Client is the client to use.
	Client *cardplatform.Client
	// ProgramGUID is the program the example works in.
	ProgramGUID cardplatform.GUID
	// Sandbox is the embedded sandbox, or nil against a real platform.
	Sandbox *cardplatformtest.Server
	// Where says what the client points at, for the first line of an example.
	Where string
}

// Close stops the sandbox, if one was started.
func (c *CardPlatform) Close() {
	if c.Sandbox != nil {
		c.Sandbox.Close()
	}
}

// NewCardPlatform returns a client for the platform named by CARDPLATFORM_BASE_URL and
// CARDPLATFORM_TOKEN, or starts the sandbox (with opts) when both are unset. Only one of the
// two set is an error.
func NewCardPlatform(opts ...cardplatformtest.Option) (*CardPlatform, error) {
	base, tok := os.Getenv(EnvCardPlatformURL), os.Getenv(EnvCardPlatformToken)
	if base == "" && tok == "" {
		srv, err := cardplatformtest.Start(opts...)
		if err != nil {
			return nil, err
		}
		return &CardPlatform{Client: srv.Client(), ProgramGUID: cardplatform.MustParseGUID(cardplatformtest.DefaultProgramGUID),
			Sandbox: srv, Where: "embedded sandbox at " + srv.URL}, nil
	}
	if base == "" || tok == "" {
		return nil, fmt.Errorf("set both %s and %s, or neither for the sandbox", EnvCardPlatformURL, EnvCardPlatformToken)
	}
	pg := os.Getenv(EnvCardPlatformProgram)
	if pg == "" {
		return nil, fmt.Errorf("%s is needed with a real platform", EnvCardPlatformProgram)
	}
	program, err := cardplatform.ParseGUID(pg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", EnvCardPlatformProgram, err)
	}
	c, err := cardplatform.New(base, cardplatform.WithStaticToken(tok))
	if err != nil {
		return nil, err
	}
	return &CardPlatform{Client: c, ProgramGUID: program, Where: base}, nil
}
