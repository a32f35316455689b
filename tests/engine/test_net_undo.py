"""Online undo: a person takes back a decision once every other person allows it
(``thousand.net.events``: ``AskUndo``, ``AnswerUndo``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand.net.events import (
    AnswerUndo,
    AskUndo,
    LocalAction,
    Stage,
    UndoAnswered,
    UndoAsked,
    Undone,
)
from thousand.net.messages import Refusal
from thousand.record import replay
from thousand.state import Phase

SHORT = Conventions(barrel=False, target=200)


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


NAMES = {0: "host", 1: "g1", 2: "g2"}


def person_turn(t: Table) -> None:
    """The person whose turn it is plays (as the bots do)."""
    seat = t.peers["host"].to_act()
    assert seat in NAMES, seat
    t.act_for(NAMES[seat], seat)
    t.run()


def until_undo(t: Table, phase: Phase) -> int:
    """Play until g1 can take back a decision in ``phase``; the actions it keeps."""
    g1 = t.peers["g1"]
    for _ in range(400):
        t.run()
        s = g1.shadow()
        n = g1.undo_target(1)
        if n is not None and s is not None and s.phase is phase:
            return n
        if t.peers["host"].to_act() in NAMES:
            person_turn(t)
    raise AssertionError("g1 never had a decision to take back")


def outs(t: Table, name: str, kind: type) -> list:
    return [o for o in t.outputs[name] if isinstance(o, kind)]


def test_an_undo_needs_every_other_persons_allow_and_happens_on_every_page() -> None:
    t = Table(SHORT, guests=2, seed=2, bot="easy", idle={"host", "g1", "g2"})
    t.seat_all()
    host, g1 = t.peers["host"], t.peers["g1"]
    for phase in (Phase.BIDDING, Phase.PLAY):
        n = until_undo(t, phase)
        before = len(host.deal.view.actions)
        t.feed("g1", AskUndo(1))
        t.run()
        asked = outs(t, "host", UndoAsked)[-1]
        assert (asked.seat, asked.n, asked.waiting) == (1, n, (0, 2))
        assert host.undo_req == g1.undo_req == t.peers["g2"].undo_req == (1, n)
        # the table waits: whoever is to act may not until the undo is answered
        seat = host.to_act()
        name = NAMES[seat]
        t.outputs[name].clear()
        legal = t.peers[name].shadow().legal_actions()
        t.feed(name, LocalAction(legal[0], seat, t.peers[name].version()))
        assert [r.code for r in t.refused(name)] == [Refusal.NOT_NOW]
        t.feed("host", AnswerUndo(0, True))
        t.run()
        assert len(host.deal.view.actions) == before  # one Allow of two
        assert g1.undo_waiting() == (2,)
        t.feed("g2", AnswerUndo(2, True))
        t.run()
        for name, peer in t.peers.items():
            assert outs(t, name, Undone)[-1] == Undone(1, n), name
            assert len(peer.deal.view.actions) == n and peer.undo_req is None
        assert host.to_act() == g1.to_act() == 1
        person_turn(t)  # g1 decides again (maybe the same)
    # a refused undo changes nothing
    n = until_undo(t, Phase.PLAY)
    t.feed("g1", AskUndo(1))
    t.run()
    t.feed("g2", AnswerUndo(2, True))
    t.feed("host", AnswerUndo(0, False))
    t.run()
    assert outs(t, "g1", UndoAnswered)[-2:] == [UndoAnswered(2, True), UndoAnswered(0, False)]
    assert len(g1.deal.view.actions) == n + 1 and g1.undo_req is None
    # the game goes on to its end; the record holds no trace of the undone moves
    for _ in range(5000):
        if t.over():
            break
        t.run()
        if host.to_act() in NAMES:
            person_turn(t)
    assert all(p.stage is Stage.OVER for p in t.peers.values())
    assert len(t.hashes()) == 1 and not t.found("host") and not t.found("g1")
    rec = g1.record()
    assert rec == host.record() and rec is not None and replay(rec).is_terminal()


def test_what_cannot_be_undone() -> None:
    t = Table(SHORT, guests=2, seed=7, bot="easy", idle={"host", "g1", "g2"})
    t.seat_all()
    host, g1 = t.peers["host"], t.peers["g1"]
    t.run()
    t.outputs["g1"].clear()
    if g1.undo_target(1) is None:  # nothing of g1's to take back yet
        t.feed("g1", AskUndo(1))
        assert [r.code for r in t.refused("g1")] == [Refusal.NOT_NOW]
    t.outputs["host"].clear()
    t.feed("host", AskUndo(2))  # a seat the host's page does not play
    t.feed("host", AnswerUndo(0, True))  # nothing to answer
    assert [r.code for r in t.refused("host")] == [Refusal.NOT_NOW, Refusal.NOT_NOW]
    # once someone else has played a card after it, a card is not taken back
    n = until_undo(t, Phase.PLAY)
    assert n == len(g1.deal.view.actions) - 1
    assert host.to_act() == 2  # g2, a person here, plays next
    person_turn(t)
    assert g1.undo_target(1) is None
    t.outputs["g1"].clear()
    t.feed("g1", AskUndo(1))
    assert [r.code for r in t.refused("g1")] == [Refusal.NOT_NOW]
