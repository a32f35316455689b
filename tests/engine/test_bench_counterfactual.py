"""``bench/lab/ai_bid_counterfactual.py --against``: a variant's decisions of one phase
played on beside the bot's where they differ (the same observation and generator
state for both, so an identical variant never differs)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from thousand import actions as A
from thousand.arena import deal_set_seed
from thousand.conventions import Conventions
from thousand.state import Phase

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "lab"))

import ai_bid_counterfactual as cf


def test_an_identical_variant_never_differs() -> None:
    conv = Conventions.preset("classic")
    recs = cf.deal_against(conv, "normal", "normal", deal_set_seed(5, 0), Phase.PLAY)
    assert [r["kind"] for r in recs] == ["deal"]
    assert recs[0]["decisions"] > 5


def test_a_different_variant_is_played_on_both_ways() -> None:
    conv = Conventions.preset("classic")
    recs: list[dict[str, object]] = []
    for i in range(3):
        recs += cf.deal_against(conv, "normal", "normal@3", deal_set_seed(5, i), Phase.PLAY)
    deals = [r for r in recs if r["kind"] == "deal"]
    differ = [r for r in recs if r["kind"] == "variant/bot"]
    assert len(deals) == 3 and differ
    for r in differ:
        assert r["first"] != r["second"]
        assert isinstance(r["r_variant"], float) and isinstance(r["r_bot"], float)


def test_the_bomb_against_playing_on_plays_the_contract_out() -> None:
    # --phase discard (Polish rules): the bot's best card to pass against the bomb,
    # the bomb scored exactly (the thrower 0, each opponent bomb_points) and the other
    # branch played out with no bomb offered later in the deal.
    conv = Conventions.preset("polish")
    recs = cf.deal(conv, "normal", deal_set_seed(4101, 3), 80.0, Phase.DISCARD)
    assert [r["kind"] for r in recs] == ["play/bomb"]
    assert recs[0]["second"] == "bomb" and recs[0]["first"].startswith("give")
    assert recs[0]["r_pass"] == -conv.bomb_points
    bots = [cf.make_ai_bot("normal")] * conv.players
    state, start, _seat, _obs, _rng = next(
        cf._decisions(conv, bots, deal_set_seed(4101, 3), Phase.DISCARD)
    )
    bombed = cf._play_on(state.clone(), bots, 1)
    assert bombed.rows[start].kind == "bomb"
    played = cf._play_on(state.clone(), bots, 1, no_bomb=True)
    assert played.rows[start].kind == "play"


def test_an_oracle_variant_is_shown_the_deal_and_records_split_by_role() -> None:
    # --against oracle_play: the variant sees the true deal before it decides (as in
    # the arena); every record names the deciding seat's role and the cards it held.
    conv = Conventions.preset("classic")
    recs = cf.deal_against(conv, "normal", "oracle_play", deal_set_seed(5, 1), Phase.PLAY)
    (deal,) = [r for r in recs if r["kind"] == "deal"]
    differ = [r for r in recs if r["kind"] == "variant/bot"]
    assert sum(deal["roles"].values()) == deal["decisions"] > 5
    assert differ
    for r in differ:
        assert r["role"] in ("declarer", "defender") and 1 <= r["cards"] <= 8


def test_in_company_only_the_hero_seat_decides_and_is_recorded() -> None:
    # --company: the level in one seat, another level in the others; the records are
    # marked with the company, and only the one seat's decisions pause for recording.
    conv = Conventions.preset("polish")
    recs: list[dict[str, object]] = []
    for i in range(6):
        recs += cf.deal(conv, "normal", deal_set_seed(4107, i), 45.0, company="easy", hero=i % 3)
    assert recs and all(r["company"] == "easy" for r in recs)
    seen = cf._decisions(
        conv,
        [cf.make_ai_bot("normal")] * 3,
        deal_set_seed(4107, 0),
        Phase.BIDDING,
        hero=1,
    )
    assert {seat for _st, _start, seat, _obs, _rng in _drive(seen)} == {1}


def _drive(decisions: Iterator[tuple[Any, ...]]) -> Iterator[tuple[Any, ...]]:
    """Each paused decision, answered by passing where the seat may."""
    for d in decisions:
        state, _start, _seat, obs, _rng = d
        yield d
        state.apply_action(A.PASS if A.PASS in obs.legal_actions else obs.legal_actions[0])


def test_the_report_shows_what_each_side_realized_against_its_value(
    tmp_path: Path, capsys: Any
) -> None:
    # A play valued 20 below what it realizes and a bomb valued with a 10-point reserve
    # the deal does not score: the line alone would hide which side is off.
    recs = [
        {"kind": "play/bomb", "u_bid": u, "u_pass": -70.0, "r_bid": u + 20.0, "r_pass": -60.0}
        for u in (-150.0, -120.0, -40.0, 10.0, 60.0)
    ]
    path = tmp_path / "bombs.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    cf.report([str(path)])
    out = capsys.readouterr().out
    assert "realized = +10.0 + 1.00 x predicted" in out
    assert "realized less valued: the play +20.0 +- 0.0, the bomb +10.0 +- 0.0" in out
