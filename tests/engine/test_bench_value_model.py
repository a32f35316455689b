"""``bench/lab/ai_value_model.py``: open-hand labels of random deals, and the fit that
ships ``play_rich3`` (mapped to real outcomes by a line folded into its weights)."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from thousand.ai.evaluator import Evaluator
from thousand.ai.solver import Position, Rules, Solver
from thousand.cards import FULL_DECK, mask_points
from thousand.conventions import Conventions

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "lab"))

import ai_value_model as vm
from variants import read_net


def test_a_label_is_a_whole_deal_solved_open_handed() -> None:
    conv = Conventions.preset("classic")
    solver = Solver(Rules.of(conv))
    rng = random.Random(3)
    for _ in range(4):
        r = vm.dd_deal(rng, conv, solver)
        hands = [r["played"], r["h1"], r["h2"]]
        assert [h.bit_count() for h in hands] == [8, 8, 8]
        assert hands[0] | hands[1] | hands[2] == FULL_DECK
        assert hands[0] & hands[1] == hands[0] & hands[2] == hands[1] & hands[2] == 0
        again = Solver(Rules.of(conv)).value(Position(3, hands, 0))
        assert r["dd"] == again
        assert 0 <= r["dd"] <= 120 + 40 + 60 + 80 + 100  # the cards and every marriage


def _fit_on(
    tmp_path: Path, seed: int, rows: Callable[[list[int]], list[dict[str, Any]]], preset: str
) -> tuple[list[int], dict[str, Any]]:
    """Fit on 300 random hands labelled by their card points and on the real
    records ``rows`` makes of them; the hands and the evaluator data written."""
    rng = random.Random(seed)
    hands = [sum(1 << c for c in rng.sample(range(24), 8)) for _ in range(300)]
    dd = tmp_path / "dd.jsonl"
    real = tmp_path / "real.jsonl"
    dd.write_text("".join(json.dumps({"played": h, "dd": mask_points(h)}) + "\n" for h in hands))
    real.write_text("".join(json.dumps(r) + "\n" for r in rows(hands)))
    out = tmp_path / "evaluator.json"
    out.write_text("{}")
    vm.fit([str(dd)], [str(real)], 1e-6, out, preset)
    return hands, json.loads(out.read_text())


def test_the_fit_maps_the_open_hand_model_to_the_real_outcomes(tmp_path: Path) -> None:
    # Real outcomes are half the open-hand value plus 20: the line must find it.
    def rows(hands: list[int]) -> list[dict[str, Any]]:
        return [
            {"kind": "forced", "players": 3, "played": h, "points": 20 + mask_points(h) / 2}
            for h in hands
        ]

    hands, data = _fit_on(tmp_path, 4, rows, "classic")
    entry = data["play_rich3"]
    assert entry["line"][1] > 0.49 and entry["line"][1] < 0.51
    model = Evaluator(data).valuing_play_by("play_rich").model("play", 3)
    assert model.rich
    for h in hands[:20]:
        assert abs(model.mean(h) - (20 + mask_points(h) / 2)) < 0.5


def test_a_preset_fit_uses_that_presets_records_and_names_its_play_rules(tmp_path: Path) -> None:
    # Polish records are the open-hand value plus 30; classic ones (no preset
    # field: the older records) minus 50, which the Polish fit must not see.
    def rows(hands: list[int]) -> list[dict[str, Any]]:
        polish = [
            {"kind": "forced", "players": 3, "preset": "polish", "played": h}
            | {"points": 30 + mask_points(h)}
            for h in hands
        ]
        classic = [
            {"kind": "forced", "players": 3, "played": h, "points": mask_points(h) - 50}
            for h in hands
        ]
        return polish + classic

    hands, data = _fit_on(tmp_path, 7, rows, "polish")
    assert "play_rich3" not in data
    entry = data["play_rich3_polish"]
    assert entry["n_real"] == 300
    assert entry["play_rules"] == {"must_beat": True, "declare_on_first_lead": True}
    ev = Evaluator(data).valuing_play_by("play_rich").under(Conventions.preset("polish"))
    for h in hands[:20]:
        assert abs(ev.expected("play", h, 3) - (30 + mask_points(h))) < 0.5


def test_polish_labels_are_solved_under_the_polish_play_rules() -> None:
    conv = Conventions.preset("polish")
    solver = Solver(Rules.of(conv))
    r = vm.dd_deal(random.Random(8), conv, solver)
    hands = [r["played"], r["h1"], r["h2"]]
    assert r["dd"] == Solver(Rules.of(conv)).value(Position(3, hands, 0))


def _two_aces_and_a_marriage(hand: int) -> bool:
    aces = sum(1 for s in range(4) if hand >> (6 * s + 5) & 1)
    marriage = any(hand >> (6 * s + 3) & 1 and hand >> (6 * s + 4) & 1 for s in range(4))
    return aces >= 2 and marriage


def test_a_net_learns_what_the_linear_model_cannot_and_ships_as_predicted(
    tmp_path: Path,
) -> None:
    pytest.importorskip("numpy")
    import ai_value_net

    from thousand.ai.evaluator import rich_features

    # The label: the card points, plus 60 with two aces *and* a marriage (an
    # interaction no sum of per-suit values can express; a ninth of the hands).
    rng = random.Random(21)
    hands = [sum(1 << c for c in rng.sample(range(24), 8)) for _ in range(3000)]
    label = {h: mask_points(h) + (60.0 if _two_aces_and_a_marriage(h) else 0.0) for h in hands}
    train, test = hands[:2400], hands[2400:]
    net = ai_value_net.train(
        [rich_features(h) for h in train], [label[h] for h in train], 8, seed=1
    )
    lin = vm._fit([(rich_features(h), label[h]) for h in train], 1e-3)

    def rmse(f: Callable[[int], float]) -> float:
        return float(sum((f(h) - label[h]) ** 2 for h in test) / len(test)) ** 0.5

    by_net = rmse(lambda h: ai_value_net.predict(net, rich_features(h)))
    by_line = rmse(lambda h: vm._dot(lin, rich_features(h)))
    assert by_line > 12.0  # the linear model misses the interaction
    assert by_net < by_line / 2  # (about 14 and 5.4)

    # fit --net: the same net, mapped by the line to the real outcomes (here half
    # the label plus 20), written as play_net3 and evaluated as predicted.
    dd = tmp_path / "dd.jsonl"
    real = tmp_path / "real.jsonl"
    dd.write_text("".join(json.dumps({"played": h, "dd": label[h]}) + "\n" for h in train))
    real.write_text(
        "".join(
            json.dumps({"kind": "forced", "players": 3, "played": h, "points": 20 + label[h] / 2})
            + "\n"
            for h in train
        )
    )
    out = tmp_path / "evaluator.json"
    out.write_text("{}")
    vm.fit([str(dd)], [str(real)], 1e-3, out, "classic", net=8)
    data = json.loads(out.read_text())
    assert set(data) == {"play_net3"}
    model = Evaluator(data, terms=read_net).valuing_play_by("play_net").model("play", 3)
    assert model.net is not None
    err = sum(abs(model.mean(h) - (20 + label[h] / 2)) for h in test) / len(test)
    assert err < by_net / 2 + 1.0  # the line is folded in: half the net's error, or so


def test_gzipped_records_read_as_plain_ones(tmp_path: Path) -> None:
    import gzip

    rows = [{"played": 255 << k, "dd": 40 + k} for k in range(5)]
    text = "".join(json.dumps(r) + "\n" for r in rows)
    plain, packed = tmp_path / "dd.jsonl", tmp_path / "dd.jsonl.gz"
    plain.write_text(text)
    packed.write_bytes(gzip.compress(text.encode()))
    assert vm._read([str(packed)]) == vm._read([str(plain)]) == rows
    assert vm._read([str(plain), str(packed)]) == rows + rows


def test_the_labs_net_is_fitted_on_the_data_the_lab_keeps() -> None:
    data = Path(__file__).resolve().parents[2] / "bench" / "lab" / "data"
    shipped = json.loads((data / "variants.json").read_text())["play_net3"]
    assert shipped["n_open_hand"] == len(vm._read([str(data / "value_labels_classic.jsonl.gz")]))
    assert shipped["n_real"] == len(
        vm._real([str(data / "value_real_classic.jsonl.gz")], "classic")
    )
    assert len(shipped["out"]) == 16


def test_two_models_discards_are_judged_in_the_same_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    vm.discards(4, 2, 3, "play_rich", "play_rich")  # one model against itself
    assert "pass different cards in 0" in capsys.readouterr().out
    vm.discards(16, 2, 3, "play", "play_rich")
    out = capsys.readouterr().out
    assert "open-hand points" in out and "share reaching 100" in out


def test_within_splits_the_open_hand_value_between_the_hand_and_the_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    vm.within(5, 2, 4, "play_rich")
    out = capsys.readouterr().out
    assert "the deal's sd within a hand" in out and "explaining" in out
    with pytest.raises(SystemExit):
        vm.within(2, 2, 4, "play_rich")
