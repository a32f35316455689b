"""The discard's candidate pairs solved both ways round (``Settings.discard_both``).

Strong passes the richer card of a pair to the seat after the declarer and solves
its four best pairs that way only; the arena's ``strong_discard`` also solves each
pair the other way round (on twice the nodes), so that who gets which card is
searched. Off at every level.
"""

from __future__ import annotations

import dataclasses
import random

from thousand import actions as A
from thousand.ai import STRONG, AIBot
from thousand.ai.auction import _discard_candidates
from thousand.ai.settings import NORMAL
from thousand.bots import EasyBot
from thousand.conventions import Conventions
from thousand.state import Game, Phase

# The lab's ``strong_discard``: the pairs solved both ways round, on twice the nodes.
BOTH = dataclasses.replace(
    STRONG, name="strong_discard", discard_both=True, discard_nodes=2 * STRONG.discard_nodes
)


def test_only_the_variant_solves_both_ways() -> None:
    assert BOTH.discard_both and not STRONG.discard_both and not NORMAL.discard_both
    assert BOTH.discard_nodes == 2 * STRONG.discard_nodes


def _plans(both: bool) -> list[tuple[float, int, int, int]]:
    """Pairs (0, 1), (2, 3), ... valued 10, 9, ...; the first card to seat 1."""
    out = []
    for i in range(6):
        hi, lo = 2 * i, 2 * i + 1
        out.append((10.0 - i, hi, lo, A.give(hi, 1)))
        if both:
            out.append((10.0 - i, lo, hi, A.give(lo, 1)))
    return out


def test_without_it_the_best_first_actions_are_kept() -> None:
    top = _discard_candidates(_plans(False), 4, False)
    assert [p[1:3] for p in top] == [(0, 1), (2, 3), (4, 5), (6, 7)]
    # Plans sharing a first action: the best of them only.
    shared = [(9.0, 0, 1, A.give(0, 1)), (8.0, 0, 3, A.give(0, 1)), (7.0, 2, 3, A.give(2, 1))]
    assert [p[1:3] for p in _discard_candidates(shared, 4, False)] == [(0, 1), (2, 3)]


def test_with_it_the_best_pairs_come_both_ways_round() -> None:
    top = _discard_candidates(_plans(True), 4, True)
    assert [p[1:3] for p in top] == [
        (0, 1), (1, 0), (2, 3), (3, 2), (4, 5), (5, 4), (6, 7), (7, 6)
    ]  # fmt: skip
    # Plans that are not pairs both ways (the second card, 2 players): k of them.
    assert len(_discard_candidates(_plans(False), 4, True)) == 4


def test_the_variant_discards_legally_and_sometimes_otherwise() -> None:
    """Every first give of the variant is legal; on some deal it passes another card
    to the seat after the declarer than Strong does."""
    conv = Conventions.preset("classic")
    differ = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = Game(conv).new_initial_state(random.Random(100 + seed))
        while state.phase is not Phase.DISCARD and not state.rows:
            seat = state.current_player()
            state.apply_action(EasyBot().act(state.observation(seat), rng))
        if state.phase is not Phase.DISCARD:
            continue
        obs = state.observation(state.current_player())
        mine = AIBot(BOTH).act(obs, random.Random(seed))
        assert mine in obs.legal_actions
        differ += mine != AIBot(STRONG).act(obs, random.Random(seed))
    assert differ >= 1
