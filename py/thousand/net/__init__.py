"""Online play's pure core: protocol, fair deal, audit and session (no browser code).

``messages`` (the wire format and its refusals), ``mental`` (mental poker over
a safe-prime group), ``view`` (a peer's engine view of a deal it cannot fully
see), ``audit`` (the check of a finished deal) and ``session`` (one peer as a
pure state machine, ``step(peer, event) -> (peer, outputs)``). See
``docs/PROTOCOL.md``.
"""
