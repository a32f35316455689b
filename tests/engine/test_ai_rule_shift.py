"""Hands valued under the Polish play rules (``Evaluator.rule_shift``).

The hand models were fitted on classic deals; under ``must_beat`` with
``declare_on_first_lead`` a marriage is worth more to the declarer (measured
open-handed, ``bench/lab/ai_rule_shift.py``). ``Settings.rule_shift`` (off at every
level; the lab's ``strong_shift``) adds that shift, by the marriages of the played
hand; classic deals are valued as before.
"""

from __future__ import annotations

import dataclasses
import random

from thousand.ai import STRONG, AIBot, make_ai_bot
from thousand.ai.auction import quick_plan_value
from thousand.ai.evaluator import shared
from thousand.bots import EasyBot
from thousand.cards import cards_mask
from thousand.conventions import Conventions
from thousand.state import Game, Phase, State

SHIFT = dataclasses.replace(STRONG, name="strong_shift", rule_shift=True)  # the lab's
NO_SHIFT = STRONG  # off at every level (measured within chance)


def test_the_shift_is_by_marriages_and_rules() -> None:
    ev = shared()
    one = cards_mask(["KS", "QS", "AH", "TH", "9C", "JC", "9D", "JD"])
    two = cards_mask(["KS", "QS", "AH", "TH", "9C", "JC", "KD", "QD"])
    none = cards_mask(["KS", "JS", "AH", "TH", "9C", "JC", "KD", "9D"])
    assert ev.rule_shift(two, 3, True, True) > ev.rule_shift(one, 3, True, True) > 5.0
    assert abs(ev.rule_shift(none, 3, True, True)) < 1.0
    assert ev.rule_shift(two, 3, False, False) == 0.0
    assert ev.rule_shift(two, 2, True, True) == 0.0  # not measured with 2 players
    assert ev.rule_shift(two, 4, True, True) == ev.rule_shift(two, 3, True, True)


def test_quick_plan_value_shifts_only_when_asked() -> None:
    ev = shared()
    polish = Game(Conventions.preset("polish")).new_initial_state(random.Random(1))
    obs = polish.observation(0)
    hand = cards_mask(["KS", "QS", "AH", "TH", "9C", "JC", "9D", "JD", "AC", "9H"])
    a, b = [c for c in range(24) if hand >> c & 1][-2:]  # any two cards it holds
    plain = quick_plan_value(obs, ev, hand, a, b)
    shifted = quick_plan_value(obs, ev, hand, a, b, shifted=True)
    assert shifted - plain == ev.rule_shift(hand & ~(1 << a) & ~(1 << b), 3, True, True)


def _decisions(conv: Conventions, seed: int) -> list[tuple[State, int]]:
    """Decision points before the play (bidding, discard, contract) of an Easy deal."""
    rng = random.Random(seed)
    state = Game(conv).new_initial_state(random.Random(seed))
    out = []
    while state.phase is not Phase.PLAY and not state.rows:
        seat = state.current_player()
        if (
            state.phase in (Phase.BIDDING, Phase.DISCARD, Phase.CONTRACT)
            and len(state.legal_actions()) > 1
        ):
            out.append((state.clone(), seat))
        state.apply_action(EasyBot().act(state.observation(seat), rng))
    return out


def test_classic_deals_are_valued_as_before() -> None:
    """With classic rules the shift is 0: the variant's values equal Strong's."""
    for seed in range(2):
        for state, seat in _decisions(Conventions(), seed):
            obs = state.observation(seat)
            on = AIBot(SHIFT).explain(obs, random.Random(seed), budget_ms=None)
            off = AIBot(NO_SHIFT).explain(obs, random.Random(seed), budget_ms=None)
            assert on == off


def test_polish_marriage_hands_are_valued_higher() -> None:
    """Under Polish rules some decision with a marriage in hand is valued higher."""
    higher = 0
    for seed in range(4):
        for state, seat in _decisions(Conventions.preset("polish"), seed):
            obs = state.observation(seat)
            on = dict(AIBot(SHIFT).explain(obs, random.Random(seed), budget_ms=None))
            off = dict(AIBot(NO_SHIFT).explain(obs, random.Random(seed), budget_ms=None))
            assert on.keys() == off.keys()
            higher += any(
                "expected_points" in on[a] and on[a]["expected_points"] > off[a]["expected_points"]
                for a in on
            )
    assert higher > 0


def test_no_level_shifts_the_rules() -> None:
    assert not make_ai_bot("strong").settings.rule_shift
    assert not make_ai_bot("normal").settings.rule_shift
