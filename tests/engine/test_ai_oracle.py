"""The benchmark oracle (``thousand.ai.oracle``): Strong's search on the true deal.

It must decide on the real hands, not on sampled ones: its card-play values
are the open-handed solver's verdicts on the true deal, where Strong (which
samples) is unsure; it refuses to decide on a deal it was not shown; the
arena shows it the deal, so it plays whole deal sets there.
"""

from __future__ import annotations

import random

import pytest
from helpers import late_position

from thousand.ai import make_ai_bot
from thousand.ai.common import position_from_obs
from thousand.ai.oracle import OracleBot, true_world
from thousand.ai.play import target_points
from thousand.ai.solver import Rules, Solver, apply_move
from thousand.arena import main as arena_main
from thousand.bots import EasyBot, bot_action, make_bot
from thousand.cards import marriage_value
from thousand.state import Game, Observation, Phase, State


def _true_makes(state: State, obs: Observation) -> dict[int, float]:
    """Per legal move: 1.0 if the declarer makes the contract from the true deal
    after it against best play (the open-handed solver), else 0.0."""
    hands = {s: state.hands[s] for s in obs.active}
    solver = Solver(Rules.of(obs.conventions))
    d = obs.declarer
    have = obs.points_taken[d] + sum(marriage_value(suit) for s, suit in obs.marriages if s == d)
    out = {}
    for mv in obs.legal_actions:
        q = position_from_obs(obs, hands)
        gain = apply_move(q, mv)
        need = target_points(obs) - have - gain
        out[mv] = 1.0 if need <= 0 or solver.reach(q, need) else 0.0
    return out


def test_the_oracle_values_moves_on_the_true_deal() -> None:
    """With few cards left the oracle's chance of the contract for each move is the
    solver's verdict on the real hands (0 or 1); Strong's, over sampled worlds, is
    not always (so the check tells the two apart)."""
    strong = make_ai_bot("strong")
    unsure = 0
    for seed in range(6):
        state, obs = late_position(seed, 4)
        oracle = OracleBot()
        oracle.see_deal(state)
        hints = dict(oracle.explain(obs, random.Random(seed), budget_ms=None))
        truth = _true_makes(state, obs)
        assert {mv: v["make"] for mv, v in hints.items()} == truth
        assert all(v["worlds"] == 1.0 for v in hints.values())
        sampled = dict(strong.explain(obs, random.Random(seed), budget_ms=None))
        unsure += any(0.0 < v["make"] < 1.0 for v in sampled.values())
    assert unsure > 0


def test_the_oracle_decides_only_on_a_deal_it_was_shown() -> None:
    """Without ``see_deal`` (as at the page, which never offers it) or with the
    deal of another position it refuses, so it can never fill a seat."""
    state, obs = late_position(1, 5)
    bot = make_bot("oracle")
    assert isinstance(bot, OracleBot)
    with pytest.raises(ValueError, match="see_deal"):
        bot.act(obs, random.Random(1))
    other, _ = late_position(2, 5)
    bot.see_deal(other)
    if other.hands[obs.seat] != obs.hand:
        with pytest.raises(ValueError, match="see_deal"):
            bot.act(obs, random.Random(1))
    # Shown the deal (as the arena does), it answers legally; once only.
    a = bot_action(bot, state, obs.seat, random.Random(1))
    assert a in obs.legal_actions
    with pytest.raises(ValueError, match="see_deal"):
        bot.act(obs, random.Random(1))


def test_the_true_world_is_the_deal() -> None:
    """``true_world``: the hands, the talon and, two-handed before the pick, both talons."""
    state, _obs = late_position(3, 6)
    w = true_world(state).world
    assert w.hands == {s: state.hands[s] for s in state.active}
    assert w.talon == state.talon
    two = Game(Game().conventions.with_players(2)).new_initial_state(random.Random(4))
    known = true_world(two)
    drawn = {known.sample(random.Random(i)).talon for i in range(20)}
    assert drawn == set(two.talons)


def test_the_arena_plays_the_oracle() -> None:
    """``--a oracle`` plays duplicate deal sets (two players: two arrangements)."""
    args = ["--a", "oracle", "--b", "easy", "--deals", "1", "--seed", "3"]
    assert arena_main([*args, "--preset", "two_players"]) == 0


def test_the_half_oracles_see_the_deal_in_their_phase_only() -> None:
    """``oracle_play`` bids as Strong does from its observation alone (the same
    values, without being shown the deal) and plays on the true deal; ``oracle_auction``
    the converse."""
    strong = make_ai_bot("strong")
    rng = random.Random(5)
    state = Game().new_initial_state(random.Random(5))
    while state.phase is not Phase.BIDDING or len(state.legal_actions()) < 2:
        state.apply_action(EasyBot().act(state.observation(state.current_player()), rng))
    obs = state.observation(state.current_player())
    half = make_bot("oracle_play")
    assert isinstance(half, OracleBot)
    assert half.explain(obs, random.Random(1), budget_ms=None) == strong.explain(
        obs, random.Random(1), budget_ms=None
    )
    with pytest.raises(ValueError, match="see_deal"):
        make_bot("oracle_auction").act(obs, random.Random(1))
    late, late_obs = late_position(0, 4)
    with pytest.raises(ValueError, match="see_deal"):
        make_bot("oracle_play").act(late_obs, random.Random(1))
    play = make_bot("oracle_play")
    play.see_deal(late)
    hints = dict(play.explain(late_obs, random.Random(1), budget_ms=None))
    assert {mv: v["make"] for mv, v in hints.items()} == _true_makes(late, late_obs)
    auction = make_bot("oracle_auction")
    assert auction.explain(late_obs, random.Random(1), budget_ms=None) == strong.explain(
        late_obs, random.Random(1), budget_ms=None
    )
