"""Online dark games (``dark_game``): first hand decides before it has seen a card,
and its page cannot see them either: its own layer of the deck stays on until the
rules let it look (it looks, someone unblinds, or it takes the talon)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand import actions as A
from thousand.bots import make_bot
from thousand.record import replay
from thousand.state import Phase

GOLDEN_DARK = Conventions.preset("golden_dark").replace(target=400, barrel=False)
EASY = make_bot("easy")


def daring(obs: Any, rng: random.Random) -> int:
    """Plays in the dark and unblinds often (else as Easy)."""
    for a in (A.DARK, A.UNBLIND):
        if a in obs.legal_actions and rng.random() < 0.7:
            return a
    return EASY.act(obs, rng)


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


def holder_of(t: Table, seat: int) -> str:
    return next(n for n, p in t.peers.items() if seat in p.local)


def test_dark_unblind_and_look_through_whole_games() -> None:
    for seed in (0, 3):
        t = Table(
            GOLDEN_DARK, guests=1, seed=seed, bot="easy", choosers={"host": daring, "g1": daring}
        )
        t.seat_all()
        t.run(until=t.over)
        assert len(t.hashes()) == 1 and not t.found("host") and not t.found("g1")
        rec = t.peers["g1"].record()
        assert rec == t.peers["host"].record() and replay(rec).is_terminal()
        said = {a for d in rec["deals"] for a in d["actions"]}
        assert {"dark", "unblind"} <= said, seed


def test_first_hand_in_the_dark_has_not_opened_its_cards() -> None:
    t = Table(GOLDEN_DARK, guests=1, seed=3, bot="easy", choosers={"host": daring, "g1": daring})
    t.seat_all()

    def dark_bidding() -> bool:
        for p in t.peers.values():
            d, s = p.deal, p.shadow()
            if d is None or s is None or not d.dark:
                continue
            if s.phase is Phase.BIDDING and s.dark and not s.looked:
                return True
        return False

    t.run(until=dark_bidding)
    host = t.peers["host"]
    first = host._first(host.deal)
    peer = t.peers[holder_of(t, first)]
    d = peer.deal
    mine = {p for p, h in enumerate(d.view.places()) if h == first}
    assert not d.first_open and not d.view.seen & mine  # not even its own page knows
    obs = peer.observation(first)
    assert obs is not None and obs.hand == 0
    # once the rules let it look, it opens its cards
    t.run(until=lambda: peer.deal is not d or d.first_open)
    assert peer.deal is d and d.first_open and d.view.seen >= mine
