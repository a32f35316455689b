"""Online play: the pure core (protocol, fair deal, audit, session); no browser code."""
