"""The pass valued under the Polish rules (``Evaluator.pass_shift``, ``Settings.pass_shift``).

The ``defend`` model and ``pass_at_100`` were measured in classic self-play. Under
the Polish preset the first hand left on the hundred may throw its bomb (the
defenders get 60 each, not a failed contract) and cannot concede, so a pass is
worth less (``bench/lab/ai_pass_value.py --preset polish``). The shift applies only
to conventions that hold every value its entry lists; classic rules and the other
presets are valued as before. Strong has it on, and with it the extra for the
early pass of a seat that still holds its bomb (both measured in
``bench/lab/ai_results.md``, entries 26 and 29); the lab's ``strong_no_pass_shift`` is Strong
without either, ``strong_no_bomb_pass`` without the extra.
"""

from __future__ import annotations

import dataclasses
import random

from helpers import bidding_observations

from thousand import actions as A
from thousand.ai import STRONG
from thousand.ai.auction import _bomb_left, is_early, pass_ev
from thousand.ai.evaluator import Evaluator, shared
from thousand.ai.settings import NORMAL
from thousand.conventions import Conventions

PASS = STRONG
# The lab's ``strong_no_pass_shift`` and ``strong_no_bomb_pass``: Strong without
# either, without the extra.
OFF = dataclasses.replace(STRONG, name="strong_no_pass_shift", pass_shift=False, bomb_pass=False)


def test_strong_values_the_pass_under_the_rules_and_normal_does_not() -> None:
    assert STRONG.pass_shift and not OFF.pass_shift
    assert dataclasses.replace(OFF, name="strong", pass_shift=True, bomb_pass=True) == STRONG
    assert not NORMAL.pass_shift and not NORMAL.full_model


def test_the_shift_is_measured_for_the_polish_preset_only() -> None:
    """The shipped entry matches the Polish preset, at both kinds of pass, and no
    other built-in preset (classic rules have no bombs)."""
    ev = shared()
    polish = Conventions.preset("polish")
    assert ev.pass_shift(polish, 3, True) < -10.0
    assert ev.pass_shift(polish, 3, False) < -10.0
    assert ev.pass_shift(polish, 4, True) == ev.pass_shift(polish, 3, True)
    assert ev.pass_shift(polish, 2, True) == 0.0  # not measured with 2 players
    for name in Conventions.PRESETS:
        if name != "polish":
            conv = Conventions.preset(name)
            assert ev.pass_shift(conv, conv.players, True) == 0.0, name
            assert ev.pass_shift(conv, conv.players, False) == 0.0, name


def test_an_entry_applies_only_when_every_listed_convention_holds() -> None:
    entry = {"conventions": {"bombs": 1, "write_off": False}, "at_100": -20.0, "above": -30.0}
    ev = Evaluator({"pass_shift3": [entry]})
    polish = Conventions.preset("polish")
    assert (ev.pass_shift(polish, 3, True), ev.pass_shift(polish, 3, False)) == (-20.0, -30.0)
    conceding = dataclasses.replace(polish, write_off=True)
    assert ev.pass_shift(conceding, 3, True) == 0.0
    assert Evaluator(None).pass_shift(polish, 3, True) == 0.0


def test_pass_ev_moves_by_the_shift_under_polish_rules_and_not_in_classic() -> None:
    """With the flag a pass is the classic value plus the shift (the early one while
    nobody has bid over first hand's hundred, with its bomb extra while the seat holds
    a bomb); classic passes are unchanged, and so is Normal, which has no full model."""
    ev = shared()
    classic = bidding_observations("classic", 12, 5)
    assert classic
    for obs in classic:
        assert pass_ev(obs, obs.seat, ev, PASS) == pass_ev(obs, obs.seat, ev, OFF)
    polish = bidding_observations("polish", 12, 5)
    kinds = set()
    for obs in polish:
        early = is_early(obs, obs.seat)
        kinds.add(early)
        shift = ev.pass_shift(obs.conventions, 3, early, _bomb_left(obs, obs.seat))
        want = pass_ev(obs, obs.seat, ev, OFF) + shift
        assert abs(pass_ev(obs, obs.seat, ev, PASS) - want) < 1e-9
        assert pass_ev(obs, obs.seat, ev, NORMAL) == pass_ev(
            obs, obs.seat, ev, dataclasses.replace(NORMAL, pass_shift=True)
        )
    assert kinds == {True, False}


def test_strong_bids_more_over_the_hundred_with_the_polish_pass() -> None:
    """The pass worth less, the bid table beats it more often at the seat facing
    first hand's hundred (the same tables, the same generator)."""
    from thousand.ai.auction import bid_table
    from thousand.ai.think import Context, finish

    ev = shared()
    bids = {"plain": 0, "shifted": 0}
    for obs in bidding_observations("polish", 40, 11):
        if not is_early(obs, obs.seat):
            continue
        lo = min(A.action_value(a) for a in obs.legal_actions if A.BID_BASE <= a < A.CONTRACT_BASE)
        table = finish(bid_table(Context(None), obs, random.Random(1), OFF, ev, lo, lo))
        u = table.at(lo)[0]
        bids["plain"] += u > pass_ev(obs, obs.seat, ev, OFF)
        bids["shifted"] += u > pass_ev(obs, obs.seat, ev, PASS)
    assert bids["shifted"] > bids["plain"]


def test_strong_decides_classic_auctions_exactly_as_without_the_shift() -> None:
    """In classic rules (and with four players, who use the same entry's table size)
    Strong's bidding choices and all their values are those of ``strong_no_pass_shift``."""
    from thousand.ai import AIBot

    for preset in ("classic", "four_players"):
        observations = bidding_observations(preset, 3, 7)
        assert observations
        for obs in observations:
            on = AIBot(STRONG).explain(obs, random.Random(2), budget_ms=None)
            off = AIBot(OFF).explain(obs, random.Random(2), budget_ms=None)
            assert on == off, preset


def test_strong_values_a_polish_pass_lower() -> None:
    """Under Polish rules the pass in Strong's own explanation is worth the shift less."""
    from thousand.ai import AIBot

    ev = shared()
    for obs in bidding_observations("polish", 3, 7):
        on = dict(AIBot(STRONG).explain(obs, random.Random(2), budget_ms=None))
        off = dict(AIBot(OFF).explain(obs, random.Random(2), budget_ms=None))
        early = is_early(obs, obs.seat)
        shift = ev.pass_shift(obs.conventions, 3, early, _bomb_left(obs, obs.seat))
        assert abs(on[A.PASS]["ev"] - (off[A.PASS]["ev"] + shift)) < 0.11


BOMB_PASS = STRONG
NO_BOMB_PASS = dataclasses.replace(STRONG, name="strong_no_bomb_pass", bomb_pass=False)


def test_the_bomb_extra_is_for_the_early_pass_with_a_bomb_left_only() -> None:
    """``bomb_at_100`` (measured by ``bench/lab/ai_bid_counterfactual.py``) is added to the
    early pass of a seat that may still throw a bomb, never to a pass over a bid."""
    entry = {
        "conventions": {"bombs": 1},
        "at_100": -20.0,
        "above": -30.0,
        "bomb_at_100": -25.0,
    }
    ev = Evaluator({"pass_shift3": [entry]})
    polish = Conventions.preset("polish")
    assert ev.pass_shift(polish, 3, True, bomb_left=True) == -45.0
    assert ev.pass_shift(polish, 3, True, bomb_left=False) == -20.0
    assert ev.pass_shift(polish, 3, False, bomb_left=True) == -30.0
    assert shared().pass_shift(polish, 3, True, True) < shared().pass_shift(polish, 3, True)


def test_bomb_pass_lowers_the_early_pass_only_while_the_seat_holds_a_bomb() -> None:
    """Strong (``bomb_pass`` on) values an early Polish pass lower by exactly the
    entry's extra than the Strong without it (the arena's ``strong_no_bomb_pass``) while the
    seat has its bomb, and as that Strong once it has thrown it; classic passes are
    the same."""
    ev = shared()
    assert BOMB_PASS.bomb_pass and BOMB_PASS.pass_shift and not NO_BOMB_PASS.bomb_pass
    assert dataclasses.replace(NO_BOMB_PASS, name="strong", bomb_pass=True) == STRONG
    extra = ev.pass_shift(Conventions.preset("polish"), 3, True, True) - ev.pass_shift(
        Conventions.preset("polish"), 3, True
    )
    assert extra < -10.0
    seen_early = 0
    for obs in bidding_observations("polish", 12, 27):
        early = is_early(obs, obs.seat)
        base = pass_ev(obs, obs.seat, ev, NO_BOMB_PASS)
        assert pass_ev(obs, obs.seat, ev, BOMB_PASS) == base + (extra if early else 0.0)
        spent = dataclasses.replace(obs, bombs=(1,) * obs.players)
        without = pass_ev(spent, obs.seat, ev, NO_BOMB_PASS)
        assert pass_ev(spent, obs.seat, ev, BOMB_PASS) == without
        seen_early += early
    assert seen_early > 3
    for obs in bidding_observations("classic", 6, 27):
        assert pass_ev(obs, obs.seat, ev, BOMB_PASS) == pass_ev(obs, obs.seat, ev, NO_BOMB_PASS)
