"""Online play's pure core: protocol, fair deal, audit and the peers (no browser code).

``messages`` (the wire format and its refusals), ``mental`` (mental poker over
a safe-prime group), ``view`` (a peer's engine view of a deal it cannot fully
see), ``audit`` (the check of a finished deal), ``events`` (what a peer is fed
and what it answers), ``link`` (links, numbered logs, resends), ``peer`` (one
page's side of a table as a pure state machine, ``step(peer, event) -> (peer,
outputs)``) with its two roles ``host`` and ``guest``, and ``journal`` and
``snapshot`` (a peer rebuilt after a reload). See ``docs/PROTOCOL.md``.
"""
