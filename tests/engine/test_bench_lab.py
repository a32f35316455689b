"""The AI lab (``bench/lab``): its variants of the levels, the models only they use
(``variant_models.py``, ``data/``), and the seams they reach the engine by: the
evaluator's term reader and measured pass, ``Settings.play_model`` naming a file,
``AIBot(settings, evaluator)`` and the arena's bot maker. The engine ships none of it."""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from thousand.ai import AIBot, make_ai_bot
from thousand.ai.evaluator import RICH, RICH_SIZE, Evaluator, rich_features, shared, shipped_data
from thousand.ai.settings import LEVELS, STRONG
from thousand.conventions import Conventions

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "lab"))

import arena as lab_arena
import fuzz as lab_fuzz
import variants
from variant_models import Net, PassValue
from variants import PASS_MODEL, VARIANTS, lab_data, lab_evaluator, read_net

LAB = Path(__file__).resolve().parents[2] / "bench" / "lab"


def test_the_engine_ships_no_variant_and_none_of_the_labs_data() -> None:
    shipped = {p.name for p in resources.files("thousand.ai").joinpath("data").iterdir()}
    assert shipped.isdisjoint({p.name for p in (LAB / "data").glob("*.json")})
    assert not (set(VARIANTS) & set(LEVELS))
    for name in ("strong_no_pass_shift", "strong_net", "normal_page"):
        with pytest.raises(ValueError, match="unknown bot"):
            make_ai_bot(name)


def test_a_variant_is_a_level_with_some_knobs_changed_valued_by_the_labs_evaluator() -> None:
    assert VARIANTS["strong_play17"] == dataclasses.replace(
        STRONG, name="strong_play17", value_model="play"
    )
    assert VARIANTS["strong_rules"] == dataclasses.replace(
        STRONG, name="strong_rules", rule_models=True
    )
    bot = variants.make_ai_bot("strong_no_pass_shift@2")
    assert bot.name == "strong_no_pass_shift@2" and not bot.settings.pass_shift
    assert bot.settings.play_samples == STRONG.scaled(2).play_samples
    for name in VARIANTS:
        made = variants.make_ai_bot(name)
        assert made.settings == VARIANTS[name]
        assert (made.evaluator.measured_pass is not None) == (name in PASS_MODEL), name
    # Any other name is the engine's: the same level, valued by the shipped evaluator.
    strong = variants.make_bot("strong")
    assert isinstance(strong, AIBot) and strong.evaluator is shared().valuing_play_by("play_rich")
    assert type(variants.make_bot("easy")).__name__ == "EasyBot"


def test_the_lab_evaluator_holds_the_net_the_rule_models_and_the_pass_model() -> None:
    lab, shipped = lab_evaluator(), shared()
    assert ("play_net", 3) in lab.models and ("play_net", 3) not in shipped.models
    assert isinstance(lab.models["play_net", 3].net, Net)
    assert lab.rule_models and not shipped.rule_models
    assert lab.measured_pass is None and isinstance(lab_evaluator(True).measured_pass, PassValue)
    polish, classic = Conventions.preset("polish"), Conventions.preset("classic")
    ruled, plain = (
        variants.make_ai_bot("strong_rules"),
        variants.make_ai_bot("strong_no_pass_shift"),
    )
    assert ruled.evaluator_for(polish) is ruled.evaluator.under(polish)
    assert ruled.evaluator_for(polish).fitted_rules == (True, True)
    assert ruled.evaluator_for(classic) is ruled.evaluator
    assert plain.evaluator_for(polish) is plain.evaluator


def test_the_levels_value_hands_alike_with_the_labs_models_or_without() -> None:
    """The lab's data adds models only its variants' knobs reach: every level values
    hands exactly as with the shipped ``evaluator.json`` alone."""
    page = shipped_data()
    lab = json.loads((LAB / "data" / "variants.json").read_text())
    assert not set(lab) & set(page) and lab_data() == page | lab
    # The shipped file needs no term reader and has no pass model.
    assert not any(isinstance(m, dict) and {"hidden", "out"} & set(m) for m in page.values())
    assert not {"pass2", "pass3"} & set(page)
    full = lab_evaluator()
    for level in LEVELS.values():
        assert not level.rule_models, level.name
        alone = shared().valuing_play_by(level.value_model)
        both = full.valuing_play_by(level.value_model)
        for players in (2, 3):
            assert alone.model("play", players) == both.model("play", players), level.name
        assert alone.logistic == both.logistic, level.name


def test_the_labs_arena_is_the_engines_with_the_labs_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert lab_arena.main(["--a", "easy", "--b", "random", "--deals", "2", "--seed", "3"]) == 0
    lab_lines = capsys.readouterr().out.splitlines()[1:]
    from thousand import arena

    assert arena.main(["--a", "easy", "--b", "random", "--deals", "2", "--seed", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == lab_lines
    assert lab_lines[-1].startswith("A-B: ")
    with pytest.raises(ValueError, match="unknown bot"):
        arena.main(["--a", "strong_no_pass_shift", "--b", "random", "--deals", "1"])


def test_the_labs_decision_checks_take_its_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert lab_fuzz.main(["--deals", "1", "--seed", "3", "--levels", "normal_page"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("failures: 0")
    from thousand.ai import fuzz

    with pytest.raises(ValueError, match="unknown bot"):
        fuzz.main(["--deals", "1", "--levels", "normal_page"])


def _net_entry(rng: random.Random, units: int) -> dict[str, Any]:
    return {
        "features": RICH,
        "weights": [rng.uniform(-3, 3) for _ in range(RICH_SIZE)],
        "hidden": [[rng.uniform(-1, 1) for _ in range(units)] for _ in range(RICH_SIZE)],
        "out": [rng.uniform(-2, 2) for _ in range(units)],
        "sigma": 28.0,
    }


def test_a_net_adds_its_relu_units_to_the_linear_part() -> None:
    rng = random.Random(11)
    entry = _net_entry(rng, 6)
    model = Evaluator({"play_net3": entry}, terms=read_net).models["play_net", 3]
    assert model.rich and model.net is not None and model.sigma == 28.0
    seen_off = seen_on = False
    for _ in range(300):
        hand = sum(1 << c for c in rng.sample(range(24), rng.choice((8, 10))))
        x = rich_features(hand)
        linear = sum(a * b for a, b in zip(entry["weights"], x, strict=True))
        units = [sum(x[i] * entry["hidden"][i][k] for i in range(RICH_SIZE)) for k in range(6)]
        seen_off |= any(u <= 0 for u in units)
        seen_on |= any(u > 0 for u in units)
        want = linear + sum(o * u for o, u in zip(entry["out"], units, strict=True) if u > 0)
        assert model.mean(hand) == pytest.approx(want, abs=1e-9)
    assert seen_off and seen_on  # both sides of the ReLU were exercised


def test_a_malformed_net_entry_is_ignored_and_a_view_values_play_by_a_good_one() -> None:
    rng = random.Random(12)
    good = _net_entry(rng, 4)
    short = {**good, "hidden": good["hidden"][:-1]}
    ragged = {**good, "out": good["out"][:-1]}
    for bad in (short, ragged, {**good, "hidden": None}):
        ev = Evaluator({"play_net3": bad}, terms=read_net)
        assert ("play_net", 3) not in ev.models
        assert not ev.valuing_play_by("play_net").model("play", 3).rich
    linear = {k: v for k, v in good.items() if k not in ("hidden", "out")}
    ev = Evaluator({"play_net3": good, "play_rich3": linear}, terms=read_net)
    assert ev.models["play_rich", 3].net is None  # the linear kind has no units
    view = ev.valuing_play_by("play_net")
    assert view.model("play", 3) is ev.models["play_net", 3]
    assert view.model("play", 4) is view.model("play", 3)
