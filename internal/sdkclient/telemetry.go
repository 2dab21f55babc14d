package sdkclient

// tracePropagation applies the API's default and WithTracePropagation.
func tracePropagation(api API, cfg *Config) {
	off := api.NoTracePropagation
	if cfg.tracePropagation != nil {
		off = !*cfg.tracePropagation
	}
	cfg.Transport.Telemetry.NoPropagation = off
}
