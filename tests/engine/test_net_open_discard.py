"""Online with ``open_discard``: the declarer's two passed cards are shown to
everybody, each with its proof, and the receiver later plays it by that proof."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand import actions as A
from thousand.net.messages import Refusal
from thousand.record import replay

OPEN = Conventions(open_discard=True, barrel=False, target=300)


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


def test_passed_cards_are_public_and_proven() -> None:
    t = Table(OPEN, guests=2, seed=1, bot="easy")
    t.seat_all()
    host = t.peers["host"]

    def passed() -> bool:
        d = host.deal
        return d is not None and sum(A.is_give(a) for _, _, a in d.view.actions) == 2

    t.run(until=passed)
    t.run()
    gives = [(who, a) for who, _, a in host.deal.view.actions if A.is_give(a)]
    for name, peer in t.peers.items():
        d = peer.deal
        assert [(w, a) for w, _, a in d.view.actions if A.is_give(a)] == gives, name
        for _, a in gives:  # every page knows both cards and who got them
            card, to = divmod(a - A.GIVE_BASE, 4)
            assert d.view.gives[to] == card and card in {d.view.cards[p] for p in d.view.seen}
        assert not any(text == "give?" for _, text, _ in d.view.actions)
    t.run(until=t.over)
    assert len(t.hashes()) == 1 and not any(t.found(n) for n in t.peers)
    rec = t.peers["g2"].record()
    assert rec == host.record() and replay(rec).is_terminal()


def bad_proof(t: Table) -> bool:
    return any(r.code is Refusal.BAD_PROOF for r in t.refused("host"))


def test_a_pass_with_a_forged_proof_is_refused() -> None:
    def forge(src: str, dst: str, text: str) -> list[str]:
        if src != "host" and '"a":"give ' in text and '"proof":["' in text:
            i = text.index('"proof":["') + len('"proof":["')
            digit = "1" if text[i] != "1" else "2"
            text = text[:i] + digit + text[i + 1 :]
        return [text]

    for seed in range(6):
        t = Table(OPEN, guests=2, seed=seed, bot="easy", tamper=forge)
        t.seat_all()
        t.run(until=lambda t=t: t.over() or bad_proof(t))
        if bad_proof(t):
            return  # a guest declared, passed a card, and its forged proof was refused
    raise AssertionError("no guest passed a card in six games")
