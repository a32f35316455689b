"""Every bot level answers legally under the regional presets (russian, ukrainian, polish).

The regional sets bring actions and values the bots did not meet before: the
``bomb`` action (bombs), bids and contracts in tens (bid_step), the barrel in
``declarer_only`` mode, the talon going to the barrel player. Each level plays
a few deals of each preset, once from the start and once from totals near the
barrel, and every answer must be one of ``legal_actions()``.
"""

from __future__ import annotations

import random

import pytest

from thousand import Conventions, State
from thousand import actions as A
from thousand.bots import make_bot

LEVELS = ["random", "easy", "normal", "strong"]
PRESETS = ["russian", "ukrainian", "polish"]


def play_deals(
    conv: Conventions, level: str, deals: int, seed: int, totals: list[int] | None
) -> list[int]:
    """``deals`` deals with ``level`` at every seat; returns every action chosen."""
    bot = make_bot(level)
    rng = random.Random(seed)
    state = State(conv, random.Random(seed + 1), totals=totals)
    chosen: list[int] = []
    while not state.is_terminal() and state.n_rows < deals:
        seat = state.current_player()
        obs = state.observation(seat)
        a = bot.act(obs, rng)
        assert a in state.legal_actions(), (level, obs.phase, A.action_str(a))
        state.apply_action(a)
        chosen.append(a)
    return chosen


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("level", LEVELS)
def test_bots_answer_legally_under_regional_presets(level: str, preset: str) -> None:
    """Each level, each regional preset: from the start and from near the barrel."""
    conv = Conventions.preset(preset)
    deals = {"strong": 1, "normal": 2}.get(level, 12)  # the AI levels think for a while
    chosen = play_deals(conv, level, deals, 7, None)
    chosen += play_deals(conv, level, deals, 8, [790, 850, 700])
    assert len(chosen) >= 2 * deals * 10


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [2, 4])
def test_easy_and_random_bots_at_two_and_four_players(preset: str, players: int) -> None:
    """Easy and Random bots under the regional presets at 2 and 4 players."""
    conv = Conventions.for_players(players, preset)
    for level in ("random", "easy"):
        assert play_deals(conv, level, 8, 3, None)


def test_easy_bot_throws_a_bomb_when_hopeless() -> None:
    """bombs: Easy throws its bomb where it would concede, and only while it has one."""
    conv = Conventions.preset("polish")
    bombs = 0
    for seed in range(30):
        chosen = play_deals(conv, "easy", 6, seed, None)
        bombs += chosen.count(A.BOMB)
    assert bombs > 0
