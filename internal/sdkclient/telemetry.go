package sdkclient

// tracePropagation applies the API's default and WithTracePropagation.
func tracePropagation(api API, cfg *Options) {
	off := api.NoTracePropagation
	if cfg.TracePropagation != nil {
		off = !*cfg.TracePropagation
	}
	cfg.NoPropagation = off
}
