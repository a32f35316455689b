"""The arena's work variants: twice Strong's work in one part only, and Strong as the
page runs it on a clock that never runs out (``settings.VARIANTS``)."""

from __future__ import annotations

import dataclasses
import math
import random
import re
import sys
from pathlib import Path

import pytest

from thousand.ai import NORMAL, STRONG, AIBot, make_ai_bot
from thousand.ai.settings import VARIANTS, Settings
from thousand.bots import EasyBot
from thousand.state import Game, Observation, Phase

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import ai_latency

PLAY_COUNTS = {"play_samples", "node_limit", "play_nodes", "min_worlds"}
AUCTION_COUNTS = {"bid_talons", "discard_worlds", "discard_node_limit", "discard_nodes"}


def _second_card(seed: int) -> Observation:
    """The observation of the seat to play the second card of a deal's first trick
    (classic rules; the auction and the talon played by the easy bot)."""
    easy, rng = EasyBot(), random.Random(seed)
    state = Game().new_initial_state(random.Random(seed))
    while not (state.phase is Phase.PLAY and len(state.observation(0).trick) == 1):
        state.apply_action(easy.act(state.observation(state.current_player()), rng))
    return state.observation(state.current_player())


def _changed(s: Settings, base: Settings = STRONG) -> set[str]:
    """The fields (other than the name) where ``s`` differs from ``base``."""
    return {
        f.name
        for f in dataclasses.fields(Settings)
        if f.name != "name" and getattr(s, f.name) != getattr(base, f.name)
    }


def test_each_part_doubles_only_its_own_counts() -> None:
    """``strong_play2`` and ``strong_auction2`` split ``strong@2`` between them: each
    doubles its part's counts and leaves the rest as Strong has them."""
    play, auction, both = VARIANTS["strong_play2"], VARIANTS["strong_auction2"], STRONG.scaled(2)
    assert _changed(play) == PLAY_COUNTS
    assert _changed(auction) == AUCTION_COUNTS
    assert _changed(both) == PLAY_COUNTS | AUCTION_COUNTS
    for name in PLAY_COUNTS:
        assert getattr(play, name) == getattr(both, name)
    for name in AUCTION_COUNTS:
        assert getattr(auction, name) == getattr(both, name)


def test_the_page_variant_extends_unclear_decisions_reproducibly() -> None:
    """``strong_page`` decides with the page's extension of the worlds and no node cap,
    reading no clock: the same answer twice, never fewer worlds than Strong's counted
    work, and more where Strong's counted worlds leave the decision unclear."""
    page = make_ai_bot("strong_page")
    assert page.settings.budget_ms == math.inf
    assert _changed(page.settings) == {"budget_ms"}
    assert _changed(make_ai_bot("normal_page").settings, NORMAL) == {"budget_ms", "extend"}
    strong = AIBot(STRONG)
    extended = 0
    for seed in range(4):
        obs = _second_card(seed)
        first = page.start(obs, random.Random(seed)).run()
        again = page.start(obs, random.Random(seed)).run()
        assert first == again
        counted = strong.start(obs, random.Random(seed)).run()
        k = STRONG.samples(obs.hand.bit_count())
        worlds = first[0].values["worlds"]
        assert counted[0].values["worlds"] <= worlds <= k * STRONG.extend
        extended += worlds > k
    assert extended


def _worlds_line(capsys: pytest.CaptureFixture[str], *budget: str) -> tuple[float, float]:
    """``bench/ai_latency.py`` on two deals of Normal as the page ran it: the mean and
    the largest count of worlds per card-play decision it reports."""
    sys.argv = ["ai_latency.py", "--level", "normal_page", "--deals", "2", "--seed", "3", *budget]
    assert ai_latency.main() == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("card play"))
    got = re.search(r"mean ([\d.]+), p50 \d+, p90 \d+, max (\d+)", line)
    assert got and "greedy fallbacks" in line
    return float(got[1]), float(got[2])


def test_the_latency_bench_counts_the_worlds_the_budget_buys(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counted work stays within Normal's sample counts; on a clock that never runs out
    the decisions extend past them, as on the page."""
    monkeypatch.setattr(sys, "argv", sys.argv[:])
    counted_mean, counted_max = _worlds_line(capsys)
    assert counted_max <= max(NORMAL.play_samples)
    page_mean, page_max = _worlds_line(capsys, "--budget", "inf")
    assert page_mean > counted_mean and page_max > max(NORMAL.play_samples)


def test_normal_plays_on_the_page_as_the_arena_measures_it() -> None:
    """Normal keeps to its counted work under a clock (``extend`` 1): while the clock
    lasts, every decision (bid, discard, contract, card) is the one it makes without
    one, so the page's Normal is the arena's on every device."""
    normal = AIBot(NORMAL)
    rng = random.Random(5)
    state = Game().new_initial_state(random.Random(5))
    phases: set[Phase] = set()
    while not state.rows:
        obs = state.observation(state.current_player())
        if len(obs.legal_actions) > 1:
            seed = rng.randrange(1 << 30)
            clocked = normal.start(obs, random.Random(seed), budget_ms=1e7).run()
            counted = normal.start(obs, random.Random(seed), budget_ms=None).run()
            assert clocked == counted
            phases.add(obs.phase)
        state.apply_action(normal.act(obs, random.Random(rng.randrange(1 << 30))))
    assert {Phase.BIDDING, Phase.DISCARD, Phase.CONTRACT, Phase.PLAY} <= phases
