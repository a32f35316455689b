"""Online play under the family rules: four nines received in the discard let the
receiver ask a redeal (``redeal_four_nines_after_discard``), by a public claim that
the audit checks against the hand the receiver then held."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand import actions as A
from thousand.bots import make_bot
from thousand.cards import NINE
from thousand.net.audit import audit
from thousand.net.events import Stage
from thousand.net.view import AFTER, CLAIM, after_key
from thousand.record import replay

FAMILY = Conventions.preset("family").replace(target=300, barrel=False)
EASY = make_bot("easy")


def give_nines(obs: Any, rng: random.Random) -> int:
    """Pass nines when one can, and ask the redeal when offered (else play as Easy)."""
    legal = obs.legal_actions
    nines = [a for a in legal if A.is_give(a) and A.action_card(a) % 6 == NINE]
    if nines:
        return nines[0]
    return A.REDEAL if A.REDEAL in legal else EASY.act(obs, rng)


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


def claimed_deals(t: Table) -> list[Any]:
    """The audited deals (of the host) in which a receiver claimed four nines."""
    return [d for d in t.deals if any(k >= AFTER and w == CLAIM for k, w in d[2].claims.items())]


class Keeping(Table):
    """A table that keeps every deal the host audited (base, last, record, keys)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.deals: list[Any] = []
        host = self.peers["host"]
        finish = host._finish_deal

        def keep(d: Any) -> None:
            finish(d)
            if host.audited is not None and host.audited not in self.deals:
                self.deals.append(copy.deepcopy(host.audited))

        host._finish_deal = keep  # type: ignore[method-assign]


def test_four_nines_received_ask_a_redeal_on_every_page_and_the_audit_checks_it() -> None:
    t = Keeping(
        FAMILY, guests=1, seed=32, bot="easy", choosers={"host": give_nines, "g1": give_nines}
    )
    t.seat_all()
    t.run(until=t.over)
    assert all(p.stage is Stage.OVER for p in t.peers.values())
    assert len(t.hashes()) == 1 and not t.found("host") and not t.found("g1")
    claimed = claimed_deals(t)
    assert claimed, "no receiver held four nines: the seed no longer shows the rule"
    base, last, rec, revealed = claimed[0]
    assert any(a == A.REDEAL for _, _, a in rec.actions)  # asked after the discard
    assert audit(FAMILY, base, last, rec, revealed).findings == []
    # a claim that does not match the hand is named, with its seat
    seat = next(s for s in range(3) if rec.claims.get(after_key(s)) == CLAIM)
    lying = copy.deepcopy(rec)
    lying.claims[after_key(seat)] = ""
    (f,) = audit(FAMILY, base, last, lying, revealed).findings
    assert (f.seat, f.what) == (seat, "claim")
    full = t.peers["g1"].record()
    assert full == t.peers["host"].record() and replay(full).is_terminal()


def test_an_unclaimed_discard_is_named_too() -> None:
    t = Keeping(FAMILY, guests=1, seed=3, bot="easy")
    t.seat_all()
    t.run(until=lambda: any(any(x[1] == "give?" for x in d[2].actions) for d in t.deals))
    base, last, rec, revealed = next(
        d for d in t.deals if any(x[1] == "give?" for x in d[2].actions)
    )
    assert audit(FAMILY, base, last, rec, revealed).findings == []
    r = next(k - AFTER for k in rec.claims if k >= AFTER)
    missing = copy.deepcopy(rec)
    del missing.claims[after_key(r)]
    (f,) = audit(FAMILY, base, last, missing, revealed).findings
    assert (f.seat, f.what) == (r, "claim")
