"""Online with ``ace_marriage``: the four aces declared by leading one of them, the
three others shown each with its proof (``act`` fields pos2..pos4)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand import actions as A
from thousand.bots import make_bot
from thousand.cards import ACE, ACES_MASK
from thousand.net import mental as M
from thousand.net.acting import partners
from thousand.net.messages import Refusal
from thousand.record import replay
from thousand.state import Phase

ACES = Conventions(ace_marriage=True, declare_on_first_lead=True, barrel=False, target=300)
EASY = make_bot("easy")


def declare_aces(obs: Any, rng: random.Random) -> int:
    """The seat with the four aces takes the contract, keeps its aces and declares
    them on its first lead; the others pass (else as Easy)."""
    legal = obs.legal_actions
    for a in legal:
        if A.is_declare(a) and A.played_card(a) % 6 == ACE:
            return a
    four = obs.hand & ACES_MASK == ACES_MASK
    bids = [a for a in legal if A.is_bid(a)]
    if obs.phase is Phase.BIDDING and A.PASS in legal:
        return min(bids) if four and bids else A.PASS
    keep = [a for a in legal if A.is_give(a) and A.action_card(a) % 6 != ACE]
    if four and keep:
        return keep[0]
    return EASY.act(obs, rng)


def aces_to_the_dealer(deck: list[int], k: M.Keys, rng: random.Random) -> list[int]:
    """The first shuffle (of the plain deck) puts the four aces at positions 5, 8, 11
    and 14, which ``mental.layout`` deals to the dealer; the later ones only encrypt."""
    if all(x in M.CODE_CARD for x in deck):
        cards = [M.CODE_CARD[x] for x in deck]
        rng.shuffle(cards)
        order = [c for c in cards if c % 6 != ACE]
        for p, ace in zip((5, 8, 11, 14), (c for c in cards if c % 6 == ACE), strict=True):
            order.insert(p, ace)
        deck = [M.CARD_CODES[c] for c in order]
    return [M.encrypt(x, k) for x in deck]


@pytest.fixture(autouse=True)
def _small_and_rigged(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(M, "shuffle", aces_to_the_dealer)
    with small_group():
        yield


def test_partners_of_a_marriage() -> None:
    assert partners(6 * 2 + ACE) == [ACE, 6 + ACE, 18 + ACE]
    king, queen = 6 * 1 + 3, 6 * 1 + 2
    assert partners(king) == [queen] and partners(queen) == [king]


def test_the_four_aces_are_declared_and_proven_on_every_page() -> None:
    people = {"host": declare_aces, "g1": declare_aces, "g2": declare_aces}
    t = Table(ACES, guests=2, seed=4, bot="easy", choosers=people)
    t.seat_all()

    def declared() -> bool:
        d = t.peers["host"].deal
        return d is not None and any(
            A.is_declare(a) and A.played_card(a) % 6 == ACE for _, _, a in d.view.actions
        )

    t.run(until=lambda: declared() or t.over())
    assert declared(), "nobody declared the aces"
    t.run(until=t.over)
    assert len(t.hashes()) == 1 and not any(t.found(n) for n in t.peers)
    rec = t.peers["g2"].record()
    assert rec == t.peers["host"].record() and replay(rec).is_terminal()
    assert any(a.startswith("declare A") for d in rec["deals"] for a in d["actions"])


def refusals(t: Table) -> list[Any]:
    return [r for r in t.refused("host") if r.code is not Refusal.DUPLICATE]


def test_an_ace_marriage_without_the_other_aces_is_refused() -> None:
    def strip(src: str, dst: str, text: str) -> list[str]:
        if src != "host" and '"a":"declare A' in text and '"pos4"' in text:
            head, _, _ = text.partition(',"pos3"')
            return [head + "}"]
        return [text]

    people = {"host": declare_aces, "g1": declare_aces, "g2": declare_aces}
    for seed in range(4):
        t = Table(ACES, guests=2, seed=seed, bot="easy", choosers=people, tamper=strip)
        t.seat_all()
        t.run(until=lambda t=t: t.over() or bool(refusals(t)))
        if refusals(t):
            assert refusals(t)[0].code in (Refusal.ILLEGAL, Refusal.MALFORMED)
            return
    raise AssertionError("no guest declared the aces in four games")
