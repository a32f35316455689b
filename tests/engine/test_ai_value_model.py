"""The rich value model of a played hand (``evaluator.rich_features``, ``play_rich``)
and the level setting that values hands by it (``Settings.value_model``)."""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest

from thousand.ai import AIBot, make_ai_bot
from thousand.ai.evaluator import RICH, RICH_SIZE, Evaluator, rich_features, shared
from thousand.ai.settings import LEVELS, STRONG
from thousand.cards import cards_mask, mask_points
from thousand.conventions import Conventions


def test_rich_features_count_each_suit_once_and_mark_the_trump_candidate() -> None:
    rng = random.Random(5)
    for _ in range(200):
        hand = sum(1 << c for c in rng.sample(range(24), 8))
        x = rich_features(hand)
        assert len(x) == RICH_SIZE
        assert sum(x[:64]) == 4  # one holding per suit, the void included
        assert x[128] == 1.0  # the bias
        assert x[133] == mask_points(hand)
        marriages = x[129]
        assert sum(x[64:128]) == (1 if marriages else 0)
        assert x[135] == (0.0 if marriages else 1.0)


def test_the_trump_candidate_is_the_highest_marriage() -> None:
    hand = cards_mask(["KS", "QS", "KH", "QH", "AH", "9C", "JD", "TD"])
    x = rich_features(hand)
    hearts = cards_mask(["KH", "QH", "AH"]) >> 18  # the hearts' pattern (suit 3)
    assert x[64 + hearts] == 1.0
    assert x[129] == 2 and x[130] == 40 + 100 and x[131] == 100 and x[132] == 1.0
    assert x[134] == 3  # the candidate's length


def test_the_rich_mean_is_the_weights_times_the_features() -> None:
    rng = random.Random(6)
    w = [rng.uniform(-5, 5) for _ in range(RICH_SIZE)]
    model = Evaluator(_data(w)).models["play_rich", 3]
    for _ in range(200):
        hand = sum(1 << c for c in rng.sample(range(24), rng.choice((8, 10))))
        want = sum(a * b for a, b in zip(w, rich_features(hand), strict=True))
        assert abs(model.mean(hand) - want) < 1e-9


def _data(weights: list[float], features: Any = RICH) -> dict[str, Any]:
    return {"play_rich3": {"features": features, "weights": weights, "sigma": 30.0}}


def test_a_view_values_play_by_the_rich_model_where_one_is_fitted() -> None:
    w = [0.0] * RICH_SIZE
    w[133] = 1.0  # the card points
    w[128] = 7.0
    ev = Evaluator(_data(w))
    view = ev.valuing_play_by("play_rich")
    hand = cards_mask(["AS", "TS", "KS", "QH", "9C", "JD", "TD", "AD"])
    assert view.model("play", 3).rich
    assert view.expected("play", hand, 3) == mask_points(hand) + 7.0
    assert view.model("play", 4) is view.model("play", 3)  # 4 players deal a 3-player deal
    assert view.model("play", 3).sigma == 30.0
    assert view.model("play", 2) == ev.model("play", 2)  # none fitted for 2 players
    assert not ev.model("play", 3).rich  # the evaluator itself is untouched
    assert ev.valuing_play_by("play") is ev
    assert ev.valuing_play_by("play_rich") is view  # made once


def test_a_malformed_rich_entry_is_ignored() -> None:
    for data in (_data([1.0] * 5), _data([1.0] * RICH_SIZE, features="rich-0")):
        ev = Evaluator(data)
        assert not ev.valuing_play_by("play_rich").model("play", 3).rich


def test_strong_values_hands_by_the_rich_model_and_its_predecessor_does_not() -> None:
    assert STRONG.value_model == "play_rich"
    assert ("play_rich", 3) in shared().models  # shipped in data/evaluator.json
    strong: Any = make_ai_bot("strong")
    assert strong.evaluator.model("play", 3).rich
    assert strong.evaluator.model("play", 4).rich  # 4 players deal a 3-player deal
    assert not strong.evaluator.model("play", 2).rich  # none fitted for 2 players
    old = AIBot(dataclasses.replace(STRONG, name="strong_play17", value_model="play"))
    assert not old.evaluator.model("play", 3).rich
    normal: Any = make_ai_bot("normal")
    assert not normal.evaluator.model("play", 3).rich


def _rule_data(classic: float, polish: float) -> dict[str, Any]:
    """A classic rich model and a Polish one, each the card points plus a constant."""
    data: dict[str, Any] = {}
    for key, bias, rules in (
        ("play_rich3", classic, None),
        ("play_rich3_polish", polish, {"must_beat": True, "declare_on_first_lead": True}),
    ):
        w = [0.0] * RICH_SIZE
        w[133] = 1.0
        w[128] = bias
        data[key] = {"features": RICH, "weights": w, "sigma": 25.0}
        if rules:
            data[key]["play_rules"] = rules
    data["rule_shift3"] = [
        {"must_beat": True, "declare_on_first_lead": True, "by_marriages": [1.0, 11.0, 36.0]}
    ]
    return data


def test_a_rule_model_replaces_the_classic_one_under_its_play_rules_only() -> None:
    ev = Evaluator(_rule_data(5.0, 40.0))
    rich = ev.valuing_play_by("play_rich")
    hand = cards_mask(["AS", "TS", "KS", "QS", "9C", "JD", "TD", "AD"])  # a spades marriage
    polish = rich.under(Conventions.preset("polish"))
    assert polish.expected("play", hand, 3) == mask_points(hand) + 40.0
    assert polish.expected("play", hand, 4) == mask_points(hand) + 40.0
    assert polish.model("play", 2) == ev.model("play", 2)  # none fitted for 2 players
    # Fitted under the Polish rules, it takes no rule shift on top; the classic-
    # fitted model under the same rules does.
    assert polish.rule_shift(hand, 3, True, True) == 0.0
    assert rich.rule_shift(hand, 3, True, True) == 11.0
    for name in ("classic", "russian", "ukrainian", "family"):
        conv = Conventions.preset(name)
        if (conv.must_beat, conv.declare_on_first_lead) != (True, True):
            assert rich.under(conv) is rich
    assert rich.expected("play", hand, 3) == mask_points(hand) + 5.0
    # The 17-feature kind has no rule model: under any rules it is itself.
    assert ev.under(Conventions.preset("polish")) is ev
    assert rich.under(Conventions.preset("polish")) is polish  # made once


def test_a_bot_values_hands_by_the_rule_model_only_when_its_level_asks() -> None:
    assert not any(level.rule_models for level in LEVELS.values())
    polish, classic = Conventions.preset("polish"), Conventions.preset("classic")
    ev = Evaluator(_rule_data(5.0, 40.0))
    ruled = AIBot(dataclasses.replace(STRONG, name="strong_rules", rule_models=True), ev)
    plain = AIBot(STRONG, ev)
    assert ruled.evaluator_for(polish) is ruled.evaluator.under(polish)
    assert ruled.evaluator_for(polish).fitted_rules == (True, True)
    assert ruled.evaluator_for(classic) is ruled.evaluator
    assert plain.evaluator_for(polish) is plain.evaluator


def test_a_calibration_fitted_under_rules_goes_with_their_model() -> None:
    data = _rule_data(5.0, 40.0)
    data["bidcal3"] = {"weights": [-0.2, 0.9]}
    pol = {"must_beat": True, "declare_on_first_lead": True}
    data["bidcal3_polish"] = {"weights": [0.5, 1.0], "play_rules": pol}
    data["bidcal2_polish"] = {"weights": [0.7, 1.0], "play_rules": pol}  # no 2-player model
    rich = Evaluator(data).valuing_play_by("play_rich")
    polish = rich.under(Conventions.preset("polish"))
    assert polish.calibrated(0.5, 3, "bidcal") == pytest.approx(1 / (1 + math.exp(-0.5)))
    assert polish.calibrated(0.5, 4, "bidcal") == polish.calibrated(0.5, 3, "bidcal")
    # Where the classic model stays, so does the classic calibration.
    assert rich.calibrated(0.5, 3, "bidcal") == pytest.approx(1 / (1 + math.exp(0.2)))
    assert polish.calibrated(0.5, 2, "bidcal") == 0.5  # no 2-player bidcal, none taken
    assert rich.under(Conventions.preset("classic")).calibrated(0.5, 3, "bidcal") == (
        rich.calibrated(0.5, 3, "bidcal")
    )
    assert polish.calibrated(0.5, 3) == 0.5  # ``calib`` has no entry at all here


class _Offset:
    """An added term: a constant (what a term reader gives ``Evaluator``)."""

    def __init__(self, value: float) -> None:
        self.offset = value

    def value(self, hand: int) -> float:
        return self.offset


def _read_offset(m: dict[str, Any]) -> _Offset | None:
    """A term reader: the sum of the entry's ``out`` as a constant; None when malformed."""
    out = m.get("out")
    return _Offset(float(sum(out))) if isinstance(out, list) else None


def _term_entry(rng: random.Random, out: Any) -> dict[str, Any]:
    return {**_rich_entry(rng), "hidden": [], "out": out}


def test_a_rich_model_with_an_added_term_needs_a_reader_for_it() -> None:
    """An entry that adds a term (``hidden``, ``out``) is left out unless the evaluator
    is given a reader for it (none is in the shipped one); read, the term is added to
    the linear prediction, and an entry the reader cannot read is left out."""
    rng = random.Random(12)
    entry = _term_entry(rng, [2.0, 5.0])
    assert ("play_net", 3) not in Evaluator({"play_net3": entry}).models
    model = Evaluator({"play_net3": entry}, terms=_read_offset).models["play_net", 3]
    assert model.rich and isinstance(model.net, _Offset) and model.sigma == 30.0
    hand = cards_mask(["AS", "TS", "KS", "QS", "9C", "JD", "TD", "AD"])
    linear = sum(a * b for a, b in zip(entry["weights"], rich_features(hand), strict=True))
    assert model.mean(hand) == pytest.approx(linear + 7.0)
    bad = Evaluator({"play_net3": _term_entry(rng, None)}, terms=_read_offset)
    assert ("play_net", 3) not in bad.models
    assert not bad.valuing_play_by("play_net").model("play", 3).rich
    linear_entry = {k: v for k, v in entry.items() if k not in ("hidden", "out")}
    ev = Evaluator({"play_net3": entry, "play_rich3": linear_entry}, terms=_read_offset)
    assert ev.models["play_rich", 3].net is None  # the linear kind has no term
    view = ev.valuing_play_by("play_net")
    assert view.model("play", 3) is ev.models["play_net", 3]
    assert view.model("play", 4) is view.model("play", 3)
    assert shared().measured_pass is None  # nor a pass model


def test_a_calibration_fitted_on_a_value_models_chances_goes_with_that_model() -> None:
    rng = random.Random(13)
    data: dict[str, Any] = {"play_net3": _term_entry(rng, [1.0]), "play_rich3": _rich_entry(rng)}
    data["calib3"] = {"weights": [0.2, 1.2]}
    data["bidcal3"] = {"weights": [-0.2, 0.9]}
    data["calib3_net"] = {"weights": [-0.3, 1.1], "value_model": "play_net"}
    data["bidcal3_net"] = {"weights": [-0.4, 1.0], "value_model": "play_net"}
    data["bidcal2_net"] = {"weights": [0.9, 1.0], "value_model": "play_net"}  # no 2-player net
    data["calib3_odd"] = {"weights": [5.0, 1.0], "value_model": "play_unknown"}
    ev = Evaluator(data, terms=_read_offset)
    net, rich = ev.valuing_play_by("play_net"), ev.valuing_play_by("play_rich")

    def at(e: Evaluator, kind: str, players: int = 3) -> float:
        return e.calibrated(0.5, players, kind)

    assert at(net, "calib") == pytest.approx(1 / (1 + math.exp(0.3)))
    assert at(net, "bidcal") == pytest.approx(1 / (1 + math.exp(0.4)))
    assert at(net, "bidcal", 4) == at(net, "bidcal")  # 4 players deal a 3-player deal
    assert at(net, "bidcal", 2) == at(ev, "bidcal", 2) == 0.5  # nothing for 2 players
    for plain in (ev, rich):  # the other models keep the plain calibrations
        assert at(plain, "calib") == pytest.approx(1 / (1 + math.exp(-0.2)))
        assert at(plain, "bidcal") == pytest.approx(1 / (1 + math.exp(0.2)))
    assert ev.logistic[("calib", 3)] == (0.2, 1.2)  # the evaluator itself is untouched


def _rich_entry(rng: random.Random) -> dict[str, Any]:
    return {
        "features": RICH,
        "weights": [rng.uniform(-3, 3) for _ in range(RICH_SIZE)],
        "sigma": 30.0,
    }
