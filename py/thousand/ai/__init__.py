"""AI opponents for 1000: open-hand solver, world sampler, Normal and Strong bots."""
