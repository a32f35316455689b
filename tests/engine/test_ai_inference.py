"""Inference from the play (``thousand.ai.inference``): the hands a world gave the
other seats are rebuilt trick by trick, so the likelihood of their play in the
true world is exactly the product of the chances the model gave each of their
cards when they played it (§7 follows, trumps, declared marriages included);
and a world that explains the play worse weighs less in the resampling."""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

import pytest

from thousand import actions as A
from thousand.ai.inference import (
    FEATURES,
    PlayModel,
    card_features,
    decision_log_prob,
    play_history,
    play_log_weight,
    shared_model,
)
from thousand.ai.sampler import Sampler, World
from thousand.bots import EasyBot
from thousand.cards import FULL_DECK
from thousand.conventions import Conventions
from thousand.state import Game, Phase

# Arbitrary, non-zero weights: every feature matters, so a wrongly rebuilt hand,
# trick or trump changes the likelihood.
MODEL = PlayModel(
    tuple(0.3 * (j + 1) * (-1) ** j for j in range(len(FEATURES))),
    tuple(0.2 * (j + 2) * (-1) ** (j + 1) for j in range(len(FEATURES))),
)
# The same with hidden units, each over every feature, that some cards switch on.
NET = PlayModel(
    MODEL.lead,
    MODEL.follow,
    tuple(
        (tuple(0.4 * math.sin(j + u) for j in range(len(FEATURES))), 0.1 * u, 1.5 - u)
        for u in range(3)
    ),
    tuple(
        (tuple(0.5 * math.cos(j * u) for j in range(len(FEATURES))), -0.2, 1.0 + u)
        for u in range(2)
    ),
)


@pytest.mark.parametrize("model", [MODEL, NET], ids=["linear", "hidden units"])
def test_the_play_likelihood_of_the_true_world_is_the_product_of_each_play(
    model: PlayModel,
) -> None:
    """Easy bots play classic deals (marriages declared, trumps set); at every
    decision the seat's own log-chance of its card is noted; from any later
    observation the true world's ``play_log_weight`` sums exactly the other seats'."""
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = Game(Conventions()).new_initial_state(random.Random(seed))
        easy = EasyBot()
        noted: list[tuple[int, float]] = []
        while not state.rows:
            seat = state.current_player()
            obs = state.observation(seat)
            if obs.phase is Phase.PLAY:
                hands = {s: state.hands[s] for s in obs.active}
                world = World(hands=hands, dealt=hands)
                want = sum(lp for s, lp in noted if s != seat)
                got = play_log_weight(obs, world, model)
                assert math.isclose(got, want, abs_tol=1e-9), (seed, len(noted))
                checked += 1
            a = easy.act(obs, rng)
            if obs.phase is Phase.PLAY:
                noted.append((seat, decision_log_prob(obs, A.action_card(a), model)))
            state.apply_action(a)
    assert checked > 100


def test_play_history_follows_the_trump_of_a_declared_marriage() -> None:
    """§7: a marriage declared with a lead makes its suit trump for that very trick's
    followers, not for the lead itself."""
    state = Game(Conventions()).new_initial_state(random.Random(5))
    easy = EasyBot()
    rng = random.Random(5)
    seen = False
    for seed in range(40):
        state = Game(Conventions()).new_initial_state(random.Random(seed))
        while not state.rows and not state.marriages:
            state.apply_action(easy.act(state.observation(state.current_player()), rng))
        if state.rows or not state.marriages:
            continue
        obs = state.observation(state.current_player())
        hist = play_history(obs)
        suit = obs.marriages[0][1]
        lead = hist[-len(obs.trick)] if obs.trick else hist[-len(obs.active)]
        assert lead[3] != suit or suit == 4  # the lead: the trump before
        follow = [h for h in hist if h[2] and h[2][0] == lead[1]]
        assert all(h[3] == suit for h in follow)
        seen = True
        break
    assert seen


def test_resampling_prefers_worlds_that_explain_the_play() -> None:
    """With ``play_log_weight`` the sampler's weights follow it: of two worlds alike
    for the auction, the one with the higher play likelihood weighs more."""
    rng = random.Random(3)
    easy = EasyBot()
    state = Game(Conventions()).new_initial_state(random.Random(3))
    while not (state.phase is Phase.PLAY and len(state.tricks) >= 2):
        state.apply_action(easy.act(state.observation(state.current_player()), rng))
    obs = state.observation(state.current_player())
    hist = play_history(obs)
    sampler = Sampler(obs, None, lambda w: play_log_weight(obs, w, MODEL, hist))
    pool = [sampler.sample(rng) for _ in range(30)]
    logs = [play_log_weight(obs, w, MODEL, hist) for w in pool]
    sampler.resample(pool, 5, rng)
    hi = max(range(30), key=lambda i: logs[i])
    lo = min(range(30), key=lambda i: logs[i])
    assert logs[hi] > logs[lo]
    assert math.isclose(pool[hi].weight / pool[lo].weight, math.exp(logs[hi] - logs[lo]))


LAB_DATA = Path(__file__).resolve().parents[2] / "bench" / "lab" / "data"


@pytest.mark.parametrize(
    ("name", "model", "units"),
    [
        ("strong_read_normal", "play_model_normal_polish", 0),
        ("strong_read_net", "play_model_normal_polish_net", 8),
    ],
)
def test_a_level_reads_the_other_seats_with_the_play_model_it_names(
    name: str, model: str, units: int
) -> None:
    """``Settings.play_model`` names the model a level reads the play with, shipped or
    by its file: the lab's ``strong_read_normal`` (fitted on Normal's Polish choices)
    and ``strong_read_net`` (the same with a hidden layer) read theirs, not the
    default one, and their decisions' worlds are weighed by it at their power."""
    from thousand.ai.evaluator import shared
    from thousand.ai.play import world_source
    from thousand.ai.settings import STRONG
    from thousand.ai.think import Context

    sys.path.insert(0, str(LAB_DATA.parent))
    from variants import VARIANTS

    variant = VARIANTS[name]
    path = LAB_DATA / f"{model}.json"
    assert variant.play_model == str(path) and variant.play_inference > 0
    got = shared_model(str(path))
    assert len(got.lead_units) == len(got.follow_units) == units
    assert got == PlayModel.from_json(json.loads(path.read_text()))
    assert shared_model(model) == shared_model("no_such_model")  # not shipped: flat
    assert not any(shared_model(model).lead)
    assert STRONG.play_model == "play_model" and STRONG.play_inference == 0
    normal, shipped = shared_model(variant.play_model), shared_model()
    assert normal != shipped and any(normal.follow) and any(shipped.follow)
    rng, easy = random.Random(4), EasyBot()
    conv = Conventions.preset("polish")
    state = Game(conv).new_initial_state(random.Random(4))
    while not (state.phase is Phase.PLAY and len(state.tricks) >= 2):
        state.apply_action(easy.act(state.observation(state.current_player()), rng))
    obs = state.observation(state.current_player())
    source = world_source(Context(None), obs, shared(), variant)
    assert isinstance(source, Sampler) and source.play_log_weight is not None
    world = source.sample(rng)
    want = variant.play_inference * play_log_weight(obs, world, normal, play_history(obs))
    assert math.isclose(source.play_log_weight(world), want)
    assert not math.isclose(want, variant.play_inference * play_log_weight(obs, world, shipped))


def test_a_hidden_unit_adds_its_relu_to_the_score_and_survives_the_data_file() -> None:
    """A unit adds ``out * max(0, weights . f + bias)`` to a card's score: on a
    follow, the chances are the softmax of those scores over the legal cards; the
    data file's shape gives back the same model."""
    state = Game(Conventions()).new_initial_state(random.Random(2))
    rng, easy = random.Random(2), EasyBot()
    while True:  # a follow with a choice, after the first trick
        obs = state.observation(state.current_player())
        cards = sorted({A.action_card(a) for a in obs.legal_actions})
        if obs.phase is Phase.PLAY and obs.trick and obs.tricks and len(cards) >= 2:
            break
        state.apply_action(easy.act(obs, rng))
    prefix = [c for _, c in obs.trick]
    out = FULL_DECK & ~obs.hand & ~obs.played
    last = len(prefix) == len(obs.active) - 1
    legal = sum(1 << c for c in cards)
    heads = False  # the model is told so; the features follow
    scores = []
    for c in cards:
        f = card_features(obs.hand, prefix, obs.trump, out, c, heads, last)
        s = sum(w * x for w, x in zip(NET.follow, f, strict=True))
        for ws, b, o in NET.follow_units:
            s += o * max(0.0, b + sum(w * x for w, x in zip(ws, f, strict=True)))
        scores.append(s)
    z = math.log(sum(math.exp(s) for s in scores))
    for c, s in zip(cards, scores, strict=True):
        got = NET.log_prob(obs.hand, legal, prefix, obs.trump, out, c, heads, last)
        assert math.isclose(got, s - z, abs_tol=1e-9)
        linear = MODEL.log_prob(obs.hand, legal, prefix, obs.trump, out, c, heads, last)
        assert not math.isclose(got, linear)
    assert PlayModel.from_json(json.loads(json.dumps(NET.to_json()))) == NET
    assert "lead_units" not in MODEL.to_json()  # a linear model's file is as before
