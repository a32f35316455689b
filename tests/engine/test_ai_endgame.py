"""Vector minimax over the sampled worlds in the last tricks (``ai/endgame.py``).

PIMC lets the seat play its later cards knowing each world (strategy fusion);
vector minimax makes each of its later choices one card for every world it
cannot tell apart. ``strong_fused`` (a benchmark variant; ``fused_cards`` is
off at every level) decides with it holding three cards.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from thousand.ai import STRONG, endgame
from thousand.ai.endgame import vector_values
from thousand.ai.evaluator import shared
from thousand.ai.oracle import true_world
from thousand.ai.play import play_decision
from thousand.ai.settings import Settings
from thousand.ai.solver import Position, Rules, Solver, apply_move, legal_moves
from thousand.ai.think import Context, finish
from thousand.bots import EasyBot
from thousand.cards import card_from_str, cards_mask
from thousand.conventions import Conventions
from thousand.state import Game, Phase, State

FUSED = dataclasses.replace(STRONG, name="strong_fused", fused_cards=3)  # the lab's


def _declarer(f: list[int]) -> float:
    return float(f[0])


def _after(pos: Position, move: int) -> tuple[Position, list[int]]:
    q = pos.copy()
    pts = [0] * pos.n
    apply_move(q, move, pts)
    return q, pts


def _random_worlds(rng: random.Random, n_worlds: int) -> list[tuple[Position, list[int]]]:
    """Three cards each, no trump, the declarer (position 0) to lead; the other
    two hands drawn from the same nine unseen cards in every world."""
    cards = rng.sample(range(24), 12)
    mine = cards_mask(cards[:3])
    out = []
    for _ in range(n_worlds):
        o = rng.sample(cards[3:], 6)
        hands = [mine, cards_mask(o[:3]), cards_mask(o[3:])]
        out.append((Position(3, hands, 0, won=7), [0, 0, 0]))
    return out


def test_with_one_world_it_is_the_open_hand_value() -> None:
    rules = Rules()
    solver = Solver(rules)
    rng = random.Random(5)
    for _ in range(40):
        worlds = _random_worlds(rng, 1)
        pos = worlds[0][0]
        moves = legal_moves(pos, rules)
        for mv, row in zip(moves, vector_values(worlds, 0, rules, _declarer, moves), strict=True):
            q, pts = _after(pos, mv)
            assert row[0][0] == pts[0] + solver.value(q)


def test_one_choice_across_worlds_never_beats_choosing_per_world() -> None:
    """The declarer's later cards fixed across the worlds it cannot tell apart can
    only lower its points in each world (the defenders still answer per world)."""
    rules = Rules()
    solver = Solver(rules)
    rng = random.Random(6)
    for _ in range(30):
        worlds = _random_worlds(rng, 4)
        moves = legal_moves(worlds[0][0], rules)
        for mv, row in zip(moves, vector_values(worlds, 0, rules, _declarer, moves), strict=True):
            for (pos, _), final in zip(worlds, row, strict=True):
                q, pts = _after(pos, mv)
                assert final[0] <= pts[0] + solver.value(q)


def test_strategy_fusion_the_lead_that_needs_a_later_guess() -> None:
    """The declarer holds the three side tens, no trump, and needs 16 points. In
    one world the spade ten is good (the ace of spades is not out against it), in
    the other the diamond ten. Led first, either ten makes in its own world. The
    club ten loses the trick to the ace, and PIMC counts it as making in both
    worlds, because in each world it then plays the right ten; but the defenders
    can play the same cards in both, so the declarer must guess, and the vector
    minimax counts it as making in neither."""
    m = cards_mask
    mine = m(["TS", "TC", "TD"])
    worlds = [
        (Position(3, [mine, m(["AD", "JH", "TH"]), m(["KS", "9C", "AC"])], 0, won=7), [0] * 3),
        (Position(3, [mine, m(["KS", "AS", "JH"]), m(["9C", "AC", "KD"])], 0, won=7), [0] * 3),
    ]
    rules = Rules()
    solver = Solver(rules)
    need = 16

    def made(f: list[int]) -> float:
        return 1.0 if f[0] >= need else 0.0

    tens = [card_from_str(c) for c in ("TS", "TC", "TD")]
    pimc = [sum(solver.reach(*_shifted(pos, mv, need)) for pos, _ in worlds) for mv in tens]
    fused = [sum(made(f) for f in row) for row in vector_values(worlds, 0, rules, made, tens)]
    assert pimc == [1, 2, 1]  # PIMC leads the club ten
    assert fused == [1.0, 0.0, 1.0]  # one choice later: the club ten makes nowhere


def _shifted(pos: Position, move: int, need: int) -> tuple[Position, int]:
    """The position after ``move`` and the declarer's points still needed."""
    q, pts = _after(pos, move)
    return q, need - pts[0]


def _three_card_decision(seed: int) -> State | None:
    """A classic deal played by Easy until a seat holds three cards and has a choice
    (None if the deal ends first: conceded, or no choice)."""
    rng = random.Random(seed)
    state = Game(Conventions()).new_initial_state(random.Random(seed))
    bot = EasyBot()
    while not state.rows:
        seat = state.current_player()
        obs = state.observation(seat)
        if (
            state.phase is Phase.PLAY
            and obs.hand.bit_count() == 3
            and len(state.legal_actions()) > 1
        ):
            return state
        state.apply_action(bot.act(obs, rng))
    return None


def _decide(state: State, settings: Settings) -> dict[int, dict[str, float]]:
    """Each move's values in ``settings``' play decision, with the true deal as the
    one world."""
    obs = state.observation(state.current_player())
    ctx = Context(None)
    ctx.known = true_world(state)
    gen = play_decision(ctx, obs, random.Random(0), settings, shared())
    return {c.action: c.values for c in finish(gen)}


def test_fused_cards_sends_a_three_card_decision_to_the_vector_minimax(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The flag is what sends a three-card decision to the vector minimax; with one
    world (the true deal) nothing is fused, so each move's chance of the contract is
    the same as PIMC's, every world solved exactly (no greedy fallbacks)."""
    calls = []

    def spy(*args: Any) -> list[list[list[int]]]:
        calls.append(1)
        return vector_values(*args)

    monkeypatch.setattr(endgame, "vector_values", spy)  # (play imports it when it fuses)
    states = [s for s in map(_three_card_decision, range(1, 12)) if s is not None]
    assert len(states) >= 5
    for state in states[:5]:
        plain = _decide(state, STRONG)
        assert not calls
        fused = _decide(state, FUSED)
        assert calls
        calls.clear()
        assert set(plain) == set(fused) == set(state.legal_actions())
        for a in plain:
            assert plain[a]["make"] == fused[a]["make"]
            assert fused[a]["fallbacks"] == 0.0
