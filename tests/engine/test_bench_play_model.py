"""``bench/lab/ai_play_model.py``: the play model's fit (linear, or with hidden units)
and the calibration that compares models on the same worlds."""

from __future__ import annotations

import json
import math
import random
import shutil
import sys
from pathlib import Path

import pytest

from thousand.ai.inference import FEATURES, PlayModel

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "lab"))

import ai_play_model as pm

ROOT = Path(__file__).resolve().parents[2]


def _xor_decisions(n: int, seed: int) -> list[dict[str, object]]:
    """Decisions among three cards where the card chosen is mostly the one whose
    first two features differ: no weights of the features alone can say so."""
    rng = random.Random(seed)
    recs: list[dict[str, object]] = []
    for _ in range(n):
        xs = [[float(rng.random() < 0.5) for _ in FEATURES] for _ in range(3)]
        scores = [3.0 * (x[0] != x[1]) for x in xs]
        z = sum(math.exp(s) for s in scores)
        r, y = rng.random() * z, 0
        while r > math.exp(scores[y]):
            r -= math.exp(scores[y])
            y += 1
        recs.append({"lead": False, "x": xs, "y": y})
    return recs


def _mean_ll(w: list[float], units: list[pm.Unit], recs: list[dict[str, object]]) -> float:
    return sum(pm._log_probs(w, units, r["x"])[r["y"]] for r in recs) / len(recs)  # type: ignore[index, arg-type]


def test_hidden_units_learn_what_the_linear_model_cannot() -> None:
    pytest.importorskip("numpy")
    train, held = _xor_decisions(600, 1), _xor_decisions(300, 2)
    linear = pm.fit_linear(train, 1.0)
    w, units = pm.fit_units(train, 8, 1.0, 0, steps=1500)
    assert len(units) == 8
    uniform = -math.log(3)
    assert _mean_ll(linear, [], held) < uniform + 0.05  # it finds next to nothing
    assert _mean_ll(w, units, held) > _mean_ll(linear, [], held) + 0.3


def test_the_fit_writes_a_model_that_gives_the_fitted_chances(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    recs = _xor_decisions(200, 3)
    recs += [{**r, "lead": True} for r in _xor_decisions(200, 4)]
    data = tmp_path / "p.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in recs))
    out = tmp_path / "model.json"
    pm.main(["fit", str(data), "--hidden", "4", "--write", str(out)])
    model = PlayModel.from_json(json.loads(out.read_text()))
    assert len(model.lead_units) == len(model.follow_units) == 4
    r = recs[0]
    want = pm._log_probs(list(model.follow), list(model.follow_units), r["x"])  # type: ignore[arg-type]
    assert math.isclose(math.fsum(math.exp(x) for x in want), 1.0)
    assert json.loads(out.read_text())["decisions"] == len(recs)


def test_calibration_compares_models_on_the_same_worlds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same model under two names is placed identically at every decision point:
    the paired difference is exactly nothing, while each differs from the auction."""
    shipped = ROOT / "bench/lab/data/play_model_normal_polish.json"
    a, b = tmp_path / "first.json", tmp_path / "again.json"
    shutil.copy(shipped, a)
    shutil.copy(shipped, b)
    where = ["--level", "normal", "--preset", "polish", "--deals", "2", "--seed", "5"]
    pm.main(
        ["calibrate", *where, "--pool", "12", "--betas", "1", "--model", str(a), "--model", str(b)]
    )
    out = capsys.readouterr().out
    assert "again b=1 - first b=1: right place +0.0000 [+0.0000, +0.0000]" in out
    assert "first b=1 - auction: right place" in out
    assert "again b=1 - auction: right place" in out


def test_calibration_keeps_two_models_of_the_same_file_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shipped = ROOT / "bench/lab/data/play_model_normal_polish.json"
    a, b = tmp_path / "x" / "m.json", tmp_path / "y" / "m.json"
    for path in (a, b):
        path.parent.mkdir()
        shutil.copy(shipped, path)
    where = ["--level", "normal", "--preset", "polish", "--deals", "1", "--seed", "5"]
    pm.main(
        ["calibrate", *where, "--pool", "8", "--betas", "1", "--model", str(a), "--model", str(b)]
    )
    out = capsys.readouterr().out
    assert f"{b} b=1 - m b=1: right place +0.0000 [+0.0000, +0.0000]" in out
