"""Inference from the auction (``thousand.ai.bidmodel``): the likelihood of the true
world is exactly the product of the chances the model gave each bid and pass of
the other seats when they made it; a pass the hand could not avoid (§5) says
nothing; the shipped model loads for every table size; and the sampler weighs
worlds by it only when a level asks (``Settings.auction_policy``)."""

from __future__ import annotations

import math
import random
from dataclasses import replace

from thousand import actions as A
from thousand import rules
from thousand.ai.bidmodel import FEATURES, BidModel, bid_features, shared_bid_model
from thousand.ai.bot import AIBot
from thousand.ai.evaluator import shared
from thousand.ai.fuzz import check_decision
from thousand.ai.play import world_source
from thousand.ai.sampler import Sampler, World
from thousand.ai.settings import STRONG
from thousand.ai.think import Context
from thousand.bots import EasyBot
from thousand.conventions import Conventions
from thousand.state import Game, Phase

MODEL = BidModel(tuple(0.4 * (j + 1) * (-1) ** j for j in range(len(FEATURES))), 0.03)


def test_the_auction_likelihood_of_the_true_world_is_the_product_of_each_bid() -> None:
    """Easy bots bid classic and 2-player deals; at each bidding decision with a
    choice the seat's log-chance of its answer is noted (a pass it could not
    avoid, none); from any later observation the true world's ``log_weight``
    sums exactly the other seats'."""
    ev = shared()
    checked = 0
    for players in (2, 3, 4):
        conv = Conventions.for_players(players)
        for seed in range(30):
            rng = random.Random(seed)
            state = Game(conv).new_initial_state(random.Random(seed))
            easy = EasyBot()
            noted: list[tuple[int, float]] = []
            while not state.rows and state.phase in (Phase.BIDDING, Phase.REDEAL, Phase.DARK):
                seat = state.current_player()
                obs = state.observation(seat)
                a = easy.act(obs, rng)
                if obs.phase is Phase.BIDDING:
                    c = obs.high_bid + conv.min_raise
                    if a != A.PASS or c <= rules.bid_limit(conv, obs.hand):
                        x = bid_features(ev, obs.hand, c, obs.high_bid, players, False)
                        p = MODEL.chance(x)
                        noted.append((seat, math.log(p if a != A.PASS else 1.0 - p)))
                state.apply_action(a)
            if state.rows or state.phase is Phase.BIDDING:
                continue
            dealt = {s: state.dealt_hands[s] for s in state.active}
            world = World(hands=dict(dealt), dealt=dealt)
            for s in state.active:
                obs = state.observation(s)
                want = sum(lp for t, lp in noted if t != s)
                assert math.isclose(MODEL.log_weight(obs, world, ev), want, abs_tol=1e-9)
                checked += 1
    assert checked > 100


def test_the_chances_are_floored_both_ways() -> None:
    m = BidModel(tuple([50.0] * len(FEATURES)), 0.02)
    x = [1.0] * len(FEATURES)
    assert math.isclose(m.chance(x), 0.98)
    assert math.isclose(m.chance([-v for v in x]), 0.02)


def test_the_shipped_model_loads_for_every_table_size() -> None:
    for players in (2, 3, 4):
        m = shared_bid_model(players)
        assert m is not None and len(m.weights) == len(FEATURES)
    assert shared_bid_model(4) is shared_bid_model(3)


def test_the_sampler_uses_the_bidding_model_only_when_asked() -> None:
    """A bidding decision after a bid and a pass: without ``auction_policy`` the
    worlds are weighed by the soft model; with it by exp(gamma x log_weight)."""
    conv = Conventions()
    ev = shared()
    for seed in range(40):
        state = Game(conv).new_initial_state(random.Random(seed))
        easy = EasyBot()
        rng = random.Random(seed)
        while state.phase is not Phase.BIDDING or len(state.observation(state.cur).bids) < 1:
            if state.rows or state.phase not in (Phase.BIDDING, Phase.REDEAL, Phase.DARK):
                break
            state.apply_action(easy.act(state.observation(state.current_player()), rng))
        if state.phase is not Phase.BIDDING or not state.observation(state.cur).bids:
            continue
        obs = state.observation(state.cur)
        ctx = Context(None)
        plain = world_source(ctx, obs, ev, STRONG)
        policy = world_source(ctx, obs, ev, replace(STRONG, auction_policy=0.5))
        assert isinstance(plain, Sampler) and isinstance(policy, Sampler)
        assert plain.bid_log_weight is None and policy.bid_log_weight is not None
        model = shared_bid_model(3)
        assert model is not None
        w = plain.sample(random.Random(1))
        assert math.isclose(policy.auction_weight(w), math.exp(0.5 * model.log_weight(obs, w, ev)))
        return
    raise AssertionError("no bidding decision after a bid found")


def test_strong_with_the_bidding_model_decides_legally() -> None:
    """Every decision of a classic and a 2-player deal, Strong with the inference."""
    bot = AIBot(replace(STRONG, name="strong_policy", auction_policy=1.0))
    for players in (2, 3):
        conv = Conventions.for_players(players)
        state = Game(conv).new_initial_state(random.Random(7))
        rng = random.Random(7)
        while not state.rows and not state.is_terminal():
            obs = state.observation(state.current_player())
            state.apply_action(check_decision(bot, obs, rng))
