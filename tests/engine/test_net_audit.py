"""The audit (thousand.net.audit): each kind of lie in a finished deal is named."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand import actions as A
from thousand.net import mental as M
from thousand.net.audit import audit


@pytest.fixture(scope="module")
def deal() -> Iterator[tuple[Any, ...]]:
    with small_group():
        t = Table(Conventions(), guests=2, seed=21, bot="easy")
        t.seat_all()
        t.run(until=lambda: t.deals_done("host") >= 1)
        got = t.peers["host"].audited
        assert got is not None
        yield got


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


def run(deal: tuple[Any, ...], change: Any = None) -> list[Any]:
    base, last, rec, revealed = deal
    rec, revealed = copy.deepcopy(rec), copy.deepcopy(revealed)
    if change:
        change(rec, revealed)
    return audit(Conventions(), base, last, rec, revealed).findings


def test_the_honest_deal_passes(deal: tuple[Any, ...]) -> None:
    assert run(deal) == []


def test_a_wrong_key(deal: tuple[Any, ...]) -> None:
    def lie(rec: Any, revealed: Any) -> None:
        d, hidden = revealed[2]
        revealed[2] = (d + 2, hidden)

    (f,) = run(deal, lie)
    assert (f.seat, f.what, f.n) == (2, "key", -1)


def test_a_shuffle_that_swapped_in_a_card(deal: tuple[Any, ...]) -> None:
    def lie(rec: Any, revealed: Any) -> None:
        rec.decks[1][5] = rec.decks[1][6]  # one card twice, one lost

    found = run(deal, lie)
    assert found[0].seat == 1 and found[0].what == "shuffle"


def test_a_lying_share(deal: tuple[Any, ...]) -> None:
    def lie(rec: Any, revealed: Any) -> None:
        pos = min(rec.chains)
        seat, x = rec.chains[pos][0]
        rec.chains[pos][0] = (seat, x * x % M.P)

    found = run(deal, lie)
    assert found[0].what == "share" and found[0].params == (("pos", min(deal[2].chains)),)


def test_a_false_claim(deal: tuple[Any, ...]) -> None:
    def lie(rec: Any, revealed: Any) -> None:
        seat = min(rec.claims)
        rec.claims[seat] = "" if rec.claims[seat] else "redeal"

    (f,) = run(deal, lie)
    assert f.what == "claim" and f.seat == min(deal[2].claims)


def test_an_action_the_engine_refuses(deal: tuple[Any, ...]) -> None:
    def lie(rec: Any, revealed: Any) -> None:
        # the last action replaced by another card of nobody's hand: illegal
        seat, _, a = rec.actions[-1]
        other = next(c for c in range(24) if c != A.played_card(a))
        rec.actions[-1] = (seat, A.action_str(other), other)

    found = run(deal, lie)
    assert found[0].what in ("illegal", "turn") and found[0].n == len(deal[2].actions) - 1


def test_a_hidden_pass_not_revealed(deal: tuple[Any, ...]) -> None:
    rec = deal[2]
    assert any(text == "give?" for _, text, _ in rec.actions), "the seeded deal has a pass"

    def lie(rec: Any, revealed: Any) -> None:
        for seat, (d, _hidden) in list(revealed.items()):
            revealed[seat] = (d, [])

    found = run(deal, lie)
    assert found[0].what == "hidden"
