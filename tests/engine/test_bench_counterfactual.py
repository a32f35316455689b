"""``bench/ai_bid_counterfactual.py --against``: a variant's decisions of one phase
played on beside the bot's where they differ (the same observation and generator
state for both, so an identical variant never differs)."""

from __future__ import annotations

import sys
from pathlib import Path

from thousand.arena import deal_set_seed
from thousand.conventions import Conventions
from thousand.state import Phase

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

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
    state, start, _seat, _obs, _rng = next(
        cf._decisions(conv, cf.make_ai_bot("normal"), deal_set_seed(4101, 3), Phase.DISCARD)
    )
    bot = cf.make_ai_bot("normal")
    bombed = cf._play_on(state.clone(), bot, 1)
    assert bombed.rows[start].kind == "bomb"
    played = cf._play_on(state.clone(), bot, 1, no_bomb=True)
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
