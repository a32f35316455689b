"""``bench/lab/ai_bid_calibration.py``: the calibrations fitted from forced deals, and where
``--write`` stores them (the plain entry, or one owned by a rule model or a value
model, used only where that model is)."""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "lab"))

import ai_bid_calibration as bc


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z))


def _records(n: int, truth: tuple[float, float], **fields: Any) -> list[dict[str, Any]]:
    """Forced-deal records whose raw chances ``q`` come true with the chance
    ``sigmoid(truth[0] + truth[1] * logit(q))``, each recorded after the calibrations
    in force (``fields['bidcal']``, ``fields['calib']``) as the bot records them."""
    rng = random.Random(3)
    out = []
    for _ in range(n):
        z = rng.uniform(-3, 3)
        made = rng.random() < _sigmoid(truth[0] + truth[1] * z)
        rec: dict[str, Any] = {"players": 3, "preset": "classic", "made": made, **fields}
        bid, con = fields.get("bidcal"), fields.get("calib")
        rec["make"] = [_sigmoid(bid[0] + bid[1] * z) if bid else _sigmoid(z)]
        rec["p_contract"] = _sigmoid(con[0] + con[1] * z) if con else _sigmoid(z)
        out.append(rec)
    return out


def test_both_calibrations_are_fitted_on_the_chances_before_those_in_force() -> None:
    recs = _records(6000, (-0.4, 1.3), bidcal=[0.5, 0.7], calib=[-1.0, 2.0])
    for entry in (bc.fit_bidcal(recs), bc.fit_calib(recs)):
        a, b = entry["weights"]
        assert a == pytest.approx(-0.4, abs=0.12) and b == pytest.approx(1.3, abs=0.12)


def test_a_value_models_records_write_calibrations_that_name_it() -> None:
    recs = _records(400, (0.0, 1.0), value_model="play_net", fitted_rules=None)
    entries = bc.calibration_entries(recs)
    assert set(entries) == {"bidcal3_net", "calib3_net"}
    assert all(e["value_model"] == "play_net" for e in entries.values())
    rich = bc.calibration_entries(_records(400, (0.0, 1.0), value_model="play_rich"))
    assert set(rich) == {"bidcal3_rich", "calib3_rich"}


def test_rule_model_and_plain_records_write_the_bid_tables_calibration_alone() -> None:
    polish = _records(400, (0.0, 1.0), value_model="play_rich", fitted_rules=[True, True])
    for r in polish:
        r["preset"] = "polish"
    entries = bc.calibration_entries(polish)
    assert set(entries) == {"bidcal3_polish"}
    assert entries["bidcal3_polish"]["play_rules"] == {
        "must_beat": True,
        "declare_on_first_lead": True,
    }
    assert set(bc.calibration_entries(_records(400, (0.0, 1.0), value_model="play"))) == {"bidcal3"}
    assert set(bc.calibration_entries(_records(400, (0.0, 1.0)))) == {"bidcal3"}  # older ones


def test_records_of_different_models_are_refused() -> None:
    mixed = _records(10, (0.0, 1.0), value_model="play_net") + _records(
        10, (0.0, 1.0), value_model="play_rich"
    )
    with pytest.raises(SystemExit):
        bc.calibration_entries(mixed)


def test_a_fitted_entry_has_one_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ai_fit_evaluator as fe

    assert fe.VARIANTS_OUT.parent.parent.name == "lab"  # the lab's data, not shipped
    shipped, variants = tmp_path / "evaluator.json", tmp_path / "variants.json"
    shipped.write_text('{"bid3": 1, "pass3": 2}')
    monkeypatch.setattr(fe, "OUT", shipped)
    monkeypatch.setattr(fe, "VARIANTS_OUT", variants)
    assert fe.store({"pass3": 3}, used_by_a_level=False) == variants
    assert json.loads(shipped.read_text()) == {"bid3": 1}  # taken out of the page's file
    assert json.loads(variants.read_text()) == {"pass3": 3}
    assert fe.store({"pass3": 4, "calib3": 5}, used_by_a_level=True) == shipped
    assert json.loads(shipped.read_text()) == {"bid3": 1, "pass3": 4, "calib3": 5}
    assert json.loads(variants.read_text()) == {}
    assert fe.level_uses(value_model="play_rich")  # Strong's
    assert not fe.level_uses(value_model="play_net")  # the lab's
