"""Storage can never brick the page, and saves replay exactly.

A value that cannot be read is moved aside whole, or its head when it is too
large to keep, and the report says which (issue: 4 MB saves were reported kept
but lost); deep nesting is refused before parsing; refused storage is
reported; a save round-trips; undo takes back exactly the human's last
decision and the bot moves after it, never past a revealed card."""

from __future__ import annotations

import json
import random

import pytest
from app_helpers import new_session, to_human_turn

from app.shell.storage import ASIDE_SLOTS, SAVE_KEY, MemoryStorage, Store
from app.table.session import Session, load_or_new, save
from thousand import actions as A
from thousand.phase import Phase


class Refusing:
    """A localStorage whose every call throws (some private modes)."""

    def getItem(self, key: str) -> str | None:
        raise PermissionError("SecurityError")

    def setItem(self, key: str, value: str) -> None:
        raise PermissionError("SecurityError")

    def removeItem(self, key: str) -> None:
        raise PermissionError("SecurityError")


def _fresh() -> Session:
    return new_session(seed=5)


@pytest.mark.parametrize(
    "bad",
    [
        "not json",
        "[" * 9000 + "]" * 9000,
        '{"format": "thousand-save", "version": 1, "record": ' + "[" * 100 + "]" * 100 + "}",
        '{"format": "thousand-save", "version": 1, "record": {"format": "thousand-record", '
        '"version": 1, "deals": [{"dealer": 0, "actions": ["bid '
        + "5" * 5000
        + '"]}], "seed": 1}}',
        json.dumps({"format": "thousand-save", "version": 2}),
        "9" * 5000,
    ],
)
def test_a_corrupt_save_is_kept_aside_whole_and_a_new_game_starts(bad: str) -> None:
    mem = MemoryStorage()
    mem.setItem(SAVE_KEY, bad)
    session, aside = load_or_new(Store(mem), _fresh)
    assert aside is not None and aside.kept == "whole" and aside.key == SAVE_KEY + ".corrupt"
    assert mem.getItem(SAVE_KEY + ".corrupt") == bad and mem.getItem(SAVE_KEY) is None
    assert len(aside.reason) <= 160
    assert session.human_to_act() or session.bot_to_act() is not None


def test_a_huge_corrupt_save_is_kept_whole_when_it_fits_once_the_original_is_gone() -> None:
    bad = "x" * 700_000  # over the save's size limit
    mem = MemoryStorage(quota=800_000)
    mem.setItem(SAVE_KEY, bad)
    _, aside = load_or_new(Store(mem), _fresh)
    assert aside is not None and aside.kept == "whole"
    assert mem.getItem(aside.key or "") == bad


def test_when_the_whole_does_not_fit_the_head_is_kept_and_said() -> None:
    bad = "y" * 700_000
    other = "z" * 250_000  # someone else's data fills the rest
    quota = len(SAVE_KEY) + len(bad) + len("other.app") + len(other)  # full to the brim
    mem = MemoryStorage(quota=quota)
    mem.setItem(SAVE_KEY, bad)
    mem.setItem("other.app", other)
    _, aside = load_or_new(Store(mem), _fresh)
    assert aside is not None and aside.kept == "head" and aside.kb >= 1
    assert bad.startswith(mem.getItem(aside.key or "") or "-")


def test_aside_slots_are_never_overwritten() -> None:
    mem = MemoryStorage()
    for n in range(1, ASIDE_SLOTS + 1):
        mem.setItem(SAVE_KEY + (".corrupt" if n == 1 else f".corrupt.{n}"), f"old {n}")
    mem.setItem(SAVE_KEY, "broken")
    _, aside = load_or_new(Store(mem), _fresh)
    assert aside is not None and aside.kept == "none" and aside.key is None
    assert mem.getItem(SAVE_KEY + ".corrupt") == "old 1"


def test_refused_storage_is_reported_and_play_goes_on() -> None:
    store = Store(Refusing())
    assert store.refused
    session, aside = load_or_new(store, _fresh)
    assert aside is None
    assert save(store, session) == "storage refused"


def test_a_full_storage_reports_the_failed_write() -> None:
    store = Store(MemoryStorage(quota=100))
    assert save(store, _fresh()) is not None


def test_save_round_trip_resumes_the_same_game() -> None:
    rng = random.Random(3)
    s = _fresh()
    for _ in range(40):
        to_human_turn(s, rng)
        legal = s.state.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    store = Store(MemoryStorage())
    assert save(store, s, tab="t1") is None
    back, aside = load_or_new(store, _fresh)
    assert aside is None
    assert back.state.rows == s.state.rows and back.state.deal_actions == s.state.deal_actions
    assert back.state.legal_actions() == s.state.legal_actions()
    assert back.game_id == s.game_id and back.rev == s.rev
    # Both deal the same next deal: future deals come from the seed and the row count.
    a, b = s.state.clone(), back.state.clone()
    while a.n_rows == s.state.n_rows and not a.is_terminal():
        move = a.legal_actions()[0]
        a.rng = random.Random(f"{s.seed}:{a.n_rows}")
        b.rng = random.Random(f"{back.seed}:{b.n_rows}")
        a.apply_action(move)
        b.apply_action(move)
    assert a.hands == b.hands


def test_undo_takes_back_the_humans_bid_and_the_bots_after_it() -> None:
    for seed in range(1, 100):
        s = new_session(seed=seed)
        rng = random.Random(seed)
        to_human_turn(s, rng)
        if s.state.phase is not Phase.BIDDING:
            continue
        before = list(s.state.deal_actions)
        bids = [a for a in s.state.legal_actions() if A.is_bid(a)]
        if not bids:
            continue
        bid = min(bids)
        s.apply(bid)
        while s.bot_to_act() is not None and s.state.phase is Phase.BIDDING:
            raises = [a for a in s.state.legal_actions() if A.is_bid(a)]
            s.apply(min(raises) if raises else A.PASS)  # the bots raise: bidding comes back
        if not s.human_to_act() or s.state.phase is not Phase.BIDDING:
            continue
        assert s.undo_point() == len(before)
        assert s.undo() and list(s.state.deal_actions) == before and s.undos == 1
        assert s.human_to_act()
        return
    raise AssertionError("no seed with a bidding undo")


def test_undo_never_crosses_a_revealed_card() -> None:
    rng = random.Random(11)
    s = new_session(seed=7)
    for _ in range(300):
        if not to_human_turn(s, rng):
            break
        if s.state.phase is Phase.PLAY and s.state.trick:
            legal = s.state.legal_actions()
            s.apply(legal[0])  # the human plays a card ...
            while s.bot_to_act() is not None and s.state.trick:
                s.apply(s.state.legal_actions()[0])  # ... and a bot answers with a card
            if s.bot_to_act() is None and not s.waiting_for_summary():
                continue
            assert s.undo_point() is None or s.state.trick == []
            return
        legal = s.state.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
