"""Strong's work and the arena's work variants: twice Strong's work in one part only,
the extension of unclear decisions counted the same with and without a clock, and
the levels before it (the lab's ``bench/lab/variants.py``)."""

from __future__ import annotations

import dataclasses
import random
import re
import sys
from pathlib import Path

import pytest
from helpers import late_position

from thousand.ai import NORMAL, STRONG, AIBot
from thousand.ai.oracle import OracleBot
from thousand.ai.play import _Stats
from thousand.ai.settings import Settings
from thousand.ai.solver import Rules, Solver
from thousand.bots import EasyBot
from thousand.state import Game, Observation, Phase

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "lab"))

import ai_dd_outcome
import ai_latency
from variants import VARIANTS

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


def test_strong_extends_unclear_decisions_reproducibly() -> None:
    """Strong goes on adding worlds while a card decision is unclear, reading no
    clock: the same answer twice, never fewer worlds than the counted work of the
    Strong before it (``strong_no_extend``), and more where those leave the decision
    unclear; a clock that does not run out changes nothing."""
    assert _changed(VARIANTS["strong_no_extend"]) == {"extend"}
    assert _changed(VARIANTS["strong_page"]) == {"extend_nodes"}
    assert _changed(VARIANTS["strong_extend4"]) == {"extend_nodes"}
    assert VARIANTS["strong_extend4"].extend_nodes < STRONG.extend_nodes
    assert _changed(VARIANTS["normal_page"], NORMAL) == {"extend"}
    strong, counted_only = AIBot(STRONG), AIBot(VARIANTS["strong_no_extend"])
    extended = 0
    for seed in range(4):
        obs = _second_card(seed)
        first = strong.start(obs, random.Random(seed)).run()
        assert first == strong.start(obs, random.Random(seed)).run()
        assert first == strong.start(obs, random.Random(seed), budget_ms=1e7).run()
        counted = counted_only.start(obs, random.Random(seed)).run()
        k = STRONG.samples(obs.hand.bit_count())
        worlds = first[0].values["worlds"]
        assert counted[0].values["worlds"] <= worlds <= k * STRONG.extend
        extended += worlds > k
    assert extended


def test_the_extension_keeps_to_its_node_budget() -> None:
    """Strong's extension spends at most ``extend`` times the card play's node budget:
    with a budget of one node a decision stops at its least worlds, however unclear,
    and Normal (no extension) keeps to the budget itself."""
    assert STRONG.most_nodes(STRONG.play_nodes) == round(STRONG.play_nodes * STRONG.extend_nodes)
    assert NORMAL.most_nodes(NORMAL.play_nodes) == NORMAL.play_nodes
    starved = AIBot(dataclasses.replace(STRONG, play_nodes=1))
    for seed in range(3):
        obs = _second_card(seed)
        assert STRONG.samples(obs.hand.bit_count()) > STRONG.min_worlds
        first = starved.start(obs, random.Random(seed)).run()
        assert first[0].values["worlds"] == STRONG.min_worlds


def _worlds_line(capsys: pytest.CaptureFixture[str], level: str) -> tuple[float, float]:
    """``bench/ai_latency.py`` on two deals of ``level``: the mean and the largest
    count of worlds per card-play decision it reports."""
    sys.argv = ["ai_latency.py", "--level", level, "--deals", "2", "--seed", "3"]
    assert ai_latency.main() == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("card play"))
    got = re.search(r"mean ([\d.]+), p50 \d+, p90 \d+, max (\d+)", line)
    assert got and "greedy fallbacks" in line
    return float(got[1]), float(got[2])


def test_the_latency_bench_counts_the_worlds_of_the_extension(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Normal's counted work stays within its sample counts; Normal with Strong's
    extension (``normal_page``) goes past them, and the bench reports it."""
    monkeypatch.setattr(sys, "argv", sys.argv[:])
    counted_mean, counted_max = _worlds_line(capsys, "normal")
    assert counted_max <= max(NORMAL.play_samples)
    page_mean, page_max = _worlds_line(capsys, "normal_page")
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


def test_the_latency_bench_counts_the_decisions_over_the_page_budget(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bench counts the decisions that took longer than the page's budget: all of
    them against a budget of 0 ms, none against an hour."""
    monkeypatch.setattr(sys, "argv", ["ai_latency.py", "--level", "normal", "--deals", "1"])
    counts = []
    for ms in (0.0, 3.6e6):
        monkeypatch.setattr(ai_latency, "Pace", lambda ms=ms: type("P", (), {"think_ms": ms}))
        assert ai_latency.main() == 0
        out = capsys.readouterr().out
        got = re.search(r"over the page's \d+ ms budget: (\d+) of (\d+)", out)
        assert got
        counts.append((int(got[1]), int(got[2])))
    (all_over, n), (none_over, n2) = counts
    assert n == n2 > 0 and all_over == n and none_over == 0


def test_the_latency_bench_digests_the_decisions(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The digest of the decisions is the same for the same counted work, run after
    run, and another level's decisions give another."""

    def digest(level: str) -> str:
        monkeypatch.setattr(sys, "argv", ["ai_latency.py", "--level", level, "--deals", "1"])
        assert ai_latency.main() == 0
        got = re.search(r"decisions digest: ([0-9a-f]{16})", capsys.readouterr().out)
        assert got
        return got[1]

    first = digest("normal")
    assert digest("normal") == first
    assert digest("strong") != first


def _stats(rows: list[list[float]]) -> _Stats:
    """``_Stats`` over worlds with these utilities (one row per world, one entry per move)."""
    s = _Stats(len(rows[0]))
    for r in rows:
        s.add(r, [0.0] * len(r), [0.0] * len(r))
    return s


def test_the_paired_rule_tells_equal_moves_apart_at_once() -> None:
    """Two moves worth the same in every world: never clear by the means taken apart
    (their lead is 0), clear at once paired, with any tolerance above 0."""
    rng = random.Random(4)
    worlds = [rng.uniform(-200.0, 200.0) for _ in range(20)]
    same = _stats([[u, u] for u in worlds])
    assert not same.clear()
    assert same.clear(0.5)
    assert not same.clear(0.0)


def test_the_paired_rule_sees_a_small_lead_the_means_apart_do_not() -> None:
    """A move one point better in every world of very different values: hidden in the
    spread of the worlds taken apart, clear paired; the other way round it is the other
    move that leads, and still clear."""
    rng = random.Random(5)
    worlds = [rng.uniform(-200.0, 200.0) for _ in range(20)]
    ahead = _stats([[u + 1.0, u] for u in worlds])
    assert not ahead.clear()
    assert ahead.clear(0.5)
    assert _stats([[u, u + 1.0] for u in worlds]).clear(0.5)


def test_the_paired_rule_waits_while_another_move_may_be_better() -> None:
    """A second move behind on the mean but ahead by much in a few worlds: its lead
    over the best may pass the tolerance, so the decision is not clear; when the best
    is ahead in every world, it is. Every other move is checked, not only the
    runner-up by mean."""
    rows = [[10.0, 0.0] for _ in range(17)] + [[0.0, 40.0] for _ in range(3)]
    assert not _stats(rows).clear(0.5)
    assert _stats([[10.0, 0.0] for _ in range(20)]).clear(0.5)
    # The runner-up (the middle move) is 5 behind in every world; the last move, behind
    # it on the mean, is ahead of the best by 50 in a fifth of the worlds.
    rows = [[20.0, 15.0, 0.0] for _ in range(16)] + [[0.0, -5.0, 50.0] for _ in range(4)]
    assert sorted(range(3), key=lambda i: -sum(r[i] for r in rows)) == [0, 1, 2]
    assert not _stats(rows).clear(0.5)
    assert _stats([r[:2] for r in rows]).clear(0.5)


def test_strong_tol_stops_its_extension_where_the_paired_rule_says() -> None:
    """``strong_tol`` is Strong with the paired rule: it searches no more worlds than
    Strong on each decision, and fewer on some."""
    assert _changed(VARIANTS["strong_tol"]) == {"extend_tolerance"}
    assert _changed(VARIANTS["strong_tol_x8"]) == {"extend_tolerance", "extend"}
    strong, tol = AIBot(STRONG), AIBot(VARIANTS["strong_tol"])
    fewer = 0
    for seed in range(4):
        obs = _second_card(seed)
        k = STRONG.samples(obs.hand.bit_count())
        a = strong.start(obs, random.Random(seed)).run()[0].values["worlds"]
        b = tol.start(obs, random.Random(seed)).run()[0].values["worlds"]
        assert k <= b <= a
        fewer += b < a
    assert fewer


def test_strong_p2e_moves_extension_work_into_the_counted_worlds() -> None:
    """``strong_p2e`` counts twice Strong's card-play work under Strong's own caps:
    at every hand size its counted worlds (``samples``) are twice Strong's and its most
    worlds the same, its node cap the same; on these decisions it searches at least
    twice Strong's counted worlds and never more than Strong's cap."""
    p2e = VARIANTS["strong_p2e"]
    assert _changed(p2e) == PLAY_COUNTS | {"extend", "extend_nodes"}
    for cards in range(1, 11):
        k = STRONG.samples(cards)
        assert p2e.samples(cards) == 2 * k
        assert p2e.most_worlds(p2e.samples(cards)) == STRONG.most_worlds(k)
    assert p2e.most_nodes(p2e.play_nodes) == STRONG.most_nodes(STRONG.play_nodes)
    bot = AIBot(p2e)
    for seed in range(3):
        obs = _second_card(seed)
        k = STRONG.samples(obs.hand.bit_count())
        worlds = bot.start(obs, random.Random(seed)).run()[0].values["worlds"]
        assert 2 * k <= worlds <= STRONG.most_worlds(k)


def test_strong_exact5_values_five_cards_exactly() -> None:
    """``strong_exact5`` differs from Strong only in solving exactly from five cards
    down: on the true deal (the oracle's one world) every move's declarer points are
    the solver's exact value to within the resolution, where Strong's probe and greedy
    playout are not always."""
    assert _changed(VARIANTS["strong_exact5"]) == {"exact_cards"}
    assert VARIANTS["strong_exact5"].exact_cards == 5 > STRONG.exact_cards
    off_by_playout = 0
    for seed in range(5):
        state, obs = late_position(seed, 5)
        truth = ai_dd_outcome.final_points(state, obs, Solver(Rules.of(obs.conventions)))
        for exact_cards in (5, STRONG.exact_cards):
            oracle = OracleBot()
            oracle.settings = dataclasses.replace(oracle.settings, exact_cards=exact_cards)
            oracle.see_deal(state)
            hints = dict(oracle.explain(obs, random.Random(seed), budget_ms=None))
            missed = [truth[mv] - v["declarer_points"] for mv, v in hints.items()]
            if exact_cards == 5:
                assert all(0 <= m < STRONG.resolution for m in missed), missed
            else:
                off_by_playout += any(abs(m) >= STRONG.resolution for m in missed)
    assert off_by_playout > 0
