"""The lab's pass valued by a model fitted on forced passes (``bench/lab/variant_models.py``
``PassValue``, the ``measured_pass`` of the evaluator of ``strong_pm``;
``bench/lab/ai_pass_value.py --force``).

The ``defend`` model is fitted on the seats that ended a deal defending, so a strong
hand enters it only when somebody outbid it: a pass of a strong hand is valued as
if it would be outbid. The pass model is fitted on passes forced on a seat drawn at
random whatever it held (RULES §5: a seat that passes is out of the auction), with
its own terms for the early pass (nobody over first hand's hundred) and the early
pass after another seat's. It applies only under the conventions it was measured
under; elsewhere the pass is valued as before.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import bidding_observations

from thousand import actions as A
from thousand.ai.auction import bolt_cost, is_early, pass_ev
from thousand.ai.evaluator import FEATURES, Evaluator, features
from thousand.ai.settings import STRONG
from thousand.conventions import Conventions

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "lab"))

import ai_pass_value as pv
from variant_models import PassValue, load_pass_models

CLASSIC = Conventions.preset("classic")


def measured(data: dict[str, Any]) -> PassValue:
    """The pass value of an evaluator's data (its ``pass<players>`` entries)."""
    return PassValue.of(load_pass_models(data))


def pass_value(
    data: dict[str, Any], conv: Conventions, hand: int, players: int, early: bool, after: bool
) -> float | None:
    return measured(data)(conv, hand, players, early, after)


def _entry(weights: list[float], early: float, after: float, **conv: Any) -> dict[str, Any]:
    return {
        "features": list(FEATURES),
        "weights": weights,
        "early": early,
        "after_pass": after,
        "sigma": 60.0,
        "conventions": conv or {"write_off": True, "bombs": 0},
    }


def _points_model(early: float = 30.0, after: float = -5.0) -> dict[str, Any]:
    """A pass worth 10 plus the hand's card points (plus the early terms)."""
    w = [0.0] * len(FEATURES)
    w[0], w[1] = 10.0, 1.0
    return {"pass3": [_entry(w, early, after)]}


def test_the_pass_value_is_the_model_plus_its_early_terms_where_it_applies() -> None:
    ev = _points_model()
    hand = sum(1 << c for c in (5, 11, 17, 23, 0, 1, 2))  # four aces, two nines, a jack
    pts = features(hand)[1]
    assert pass_value(ev, CLASSIC, hand, 3, False, False) == 10.0 + pts
    assert pass_value(ev, CLASSIC, hand, 3, True, False) == 40.0 + pts
    assert pass_value(ev, CLASSIC, hand, 3, True, True) == 35.0 + pts
    assert pass_value(ev, CLASSIC, hand, 3, False, True) == 10.0 + pts  # only early
    assert pass_value(ev, CLASSIC, hand, 4, True, False) == 40.0 + pts  # 4 play a 3 deal
    assert pass_value(ev, CLASSIC, hand, 2, True, False) is None  # none for 2 players
    assert pass_value(ev, Conventions.preset("polish"), hand, 3, True, False) is None
    assert pass_value({}, CLASSIC, hand, 3, True, False) is None


def test_a_malformed_pass_entry_is_ignored() -> None:
    short = _entry([1.0] * 5, 0.0, 0.0)
    other = {**_entry([1.0] * len(FEATURES), 0.0, 0.0), "features": ["bias"]}
    for bad in (short, other):
        assert pass_value({"pass3": [bad]}, CLASSIC, 255, 3, True, False) is None


def test_pass_ev_takes_the_model_where_the_evaluator_has_it_and_it_was_measured() -> None:
    data = _points_model()
    ev, plain = Evaluator(data, measured_pass=measured(data)), Evaluator(data)
    seen = {"early": 0, "after": 0, "over": 0}
    for obs in bidding_observations("classic", 40, 3):
        seat = obs.seat
        early = is_early(obs, seat)
        after = early and any(a == A.PASS for s, a in obs.bids if s != seat)
        seen["early" if early and not after else "after" if after else "over"] += 1
        want = pass_value(data, obs.conventions, obs.hand, 3, early, after)
        assert want is not None
        bolt = ev.bolt_chance(obs.hand, 3)  # the bolt's cost is taken off as before
        assert bolt == 0.08  # (no bolt model here: the default chance)
        got = pass_ev(obs, seat, ev, STRONG)
        assert got == pytest.approx(want - bolt * bolt_cost(obs, seat))
        assert pass_ev(obs, seat, plain, STRONG) != got  # without it, the old value
    assert all(seen.values()), seen
    for obs in bidding_observations("polish", 10, 4):  # not measured there: as before
        assert pass_ev(obs, obs.seat, ev, STRONG) == pass_ev(obs, obs.seat, plain, STRONG)


def test_a_forced_pass_is_recorded_whatever_the_bot_would_have_done() -> None:
    rng = random.Random(5)
    recs = [r for _ in range(12) for r in pv.deal(rng, "normal", force=True)]
    assert recs and all(r["dealt"].bit_count() == 7 for r in recs)  # the hand as dealt
    assert all(r["role"] == "defender" for r in recs)  # it passed: never declarer
    assert {"bot_bids", "early", "calls", "pass_ev", "bid_ev", "u"} <= set(recs[0])


def test_the_fit_finds_a_pass_worth_the_points_and_its_early_terms() -> None:
    rng = random.Random(6)
    recs = []
    for _ in range(800):
        hand = sum(1 << c for c in rng.sample(range(24), 7))
        early = rng.random() < 0.7
        calls = rng.randrange(2) if early else 2
        u = 5.0 + features(hand)[1] + (25.0 if early else 0.0) + (-8.0 if early and calls else 0)
        recs.append({"dealt": hand, "early": early, "calls": calls, "u": u + rng.gauss(0, 1)})
    entry = pv.fit_pass(recs, "classic", lam=1e-3)
    assert entry["weights"][1] == pytest.approx(1.0, abs=0.05)
    assert entry["early"] == pytest.approx(25.0, abs=1.0)
    assert entry["after_pass"] == pytest.approx(-8.0, abs=1.0)
    assert entry["conventions"]["write_off"] is True and entry["conventions"]["bombs"] == 0
    data = {"pass3": [json.loads(json.dumps(entry))]}
    for r in recs[:20]:
        got = pass_value(data, CLASSIC, r["dealt"], 3, r["early"], r["early"] and r["calls"] >= 1)
        assert got == pytest.approx(r["u"], abs=4.0)
