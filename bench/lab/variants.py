"""The AI lab's variants of the levels: each a measured experiment, named in the
notebook (``ai_results.md``), that the levels did not keep, or a level as it was
before a measured change, for pairing. None is offered on the page, and neither is
the data only they use (``data/``: ``variants.json``, the Polish play models).

    python bench/lab/arena.py --a strong_no_extend --b normal --deals N --seed S [--preset polish]

A variant is a level's ``Settings`` with some knobs changed (``VARIANTS``), valued
by the lab's evaluator (``lab_evaluator``): the shipped models plus those of
``data/variants.json``: ``play_net3`` (a hidden layer of units,
``variant_models.Net``) and its calibrations, the Polish rich model and its
calibration (``Settings.rule_models``) and, for the variants in ``PASS_MODEL``, the
pass valued by the model fitted on forced passes (``variant_models.PassValue``).
The engine takes them through its seams: ``AIBot(settings, evaluator)``,
``Evaluator(data, terms, measured_pass)`` and ``Settings.play_model`` naming a file.
``make_bot`` and ``make_ai_bot`` make a variant or, for any other name, what the
engine's ``thousand.bots.make_bot`` / ``thousand.ai.make_ai_bot`` make.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from variant_models import PassValue, load_net, load_pass_models

from thousand import bots
from thousand.ai import levels
from thousand.ai.bot import AIBot
from thousand.ai.evaluator import RICH_SIZE, Evaluator, HandTerm, shipped_data
from thousand.ai.settings import AUCTION_WORK, NORMAL, PLAY_WORK, STRONG

DATA = Path(__file__).resolve().parent / "data"

# The variants the arena can name beside the levels: Strong's, and Normal as the page
# ran it before it kept to its counted work.
VARIANTS = {
    # Hands valued with what the Polish play rules add over the classic ones
    # (``Settings.rule_shift``): within chance (entry 22).
    "strong_shift": dataclasses.replace(STRONG, name="strong_shift", rule_shift=True),
    "strong_policy": dataclasses.replace(STRONG, name="strong_policy", auction_policy=1.0),
    # Both inferences together: the worlds weighed by the fitted bidding model and,
    # in card play, by the fitted play model (each calibrated on its own, entries 20
    # and 23; together first measured in entry 29).
    "strong_infer": dataclasses.replace(
        STRONG, name="strong_infer", auction_policy=1.0, play_inference=1.0
    ),
    # The bomb counted as the declarer's way out in the bid table (``Settings.bomb_out``):
    # not above 0 (entry 24).
    "strong_bomb": dataclasses.replace(STRONG, name="strong_bomb", bomb_out=True),
    # Vector minimax from 3 cards in hand (``Settings.fused_cards``): within chance
    # (entry 25).
    "strong_fused": dataclasses.replace(STRONG, name="strong_fused", fused_cards=3),
    # The Strong of before a measured change, for pairing: entry 25's (no pass
    # shift, switched on in entry 26) and entry 27's (no bomb extra on the early pass,
    # switched on in entry 29: +0.9 [+0.2, +1.7] over 800 paired Polish sets).
    "strong_no_pass_shift": dataclasses.replace(
        STRONG, name="strong_no_pass_shift", pass_shift=False, bomb_pass=False
    ),
    "strong_no_bomb_pass": dataclasses.replace(STRONG, name="strong_no_bomb_pass", bomb_pass=False),
    # The discard's pairs solved both ways round, on twice the nodes (the plans double).
    "strong_discard": dataclasses.replace(
        STRONG, name="strong_discard", discard_both=True, discard_nodes=2 * STRONG.discard_nodes
    ),
    # Entry 31's Strong: hands valued by the 17-feature ``play`` model (the rich one in
    # Strong since entry 32: +1.9 [+0.8, +3.1] against Normal, paired, classic).
    "strong_play17": dataclasses.replace(STRONG, name="strong_play17", value_model="play"),
    # Hands valued by ``play_net3``: the rich features with a hidden layer
    # (``variant_models.Net``, ``data/variants.json``; entry 35).
    "strong_net": dataclasses.replace(STRONG, name="strong_net", value_model="play_net"),
    # The pass valued by the model fitted on forced passes (``PASS_MODEL``; entry 35).
    "strong_pm": dataclasses.replace(STRONG, name="strong_pm"),
    "strong_net_pm": dataclasses.replace(STRONG, name="strong_net_pm", value_model="play_net"),
    # The net with the margins its close bids measured by playing both ways
    # (bench/lab/ai_bid_counterfactual.py play --level strong_net, entry 35: its bids
    # realize 14 points below their predicted margin; best shifts about +20 at an early
    # call and +25 over a bid; entry 36).
    "strong_net_m": dataclasses.replace(
        STRONG, name="strong_net_m", value_model="play_net", bid_margin=(20.0, 25.0)
    ),
    # Under the Polish play rules, hands valued by the rich model fitted under them
    # (``play_rich3_polish``, ``data/variants.json``; entry 34).
    "strong_rules": dataclasses.replace(STRONG, name="strong_rules", rule_models=True),
    # The same without the early pass's bomb threshold (tuned on the classic model).
    "strong_rules_nb": dataclasses.replace(
        STRONG, name="strong_rules_nb", rule_models=True, bomb_pass=False
    ),
    # Twice Strong's work in one part only, to find which count pays where ``strong@2``
    # does (Polish rules, entry 36): the card play's worlds and nodes, or the
    # auction's and the talon's (bid talons, the discard's and contract's worlds).
    "strong_play2": dataclasses.replace(STRONG.scaled(2, PLAY_WORK), name="strong_play2"),
    "strong_auction2": dataclasses.replace(STRONG.scaled(2, AUCTION_WORK), name="strong_auction2"),
    # Four times the bid table's talons alone: the cheapest count (a bid decision takes
    # about 4 ms in CPython), which the extension does not add to.
    "strong_talons4": dataclasses.replace(STRONG.scaled(4, ("bid_talons",)), name="strong_talons4"),
    # The arena's Strong until entry 38: the counted work alone, no extension (the
    # page's clock extended it then, with no node cap).
    "strong_no_extend": dataclasses.replace(STRONG, name="strong_no_extend", extend=1.0),
    # Strong's extension with no node cap, as the page's clock ran it in entry 37
    # (one Polish decision in nine over the page's second in Pyodide).
    "strong_page": dataclasses.replace(STRONG, name="strong_page", extend_nodes=1e9),
    # Entry 38's Strong: its extension within 4 times the node budget.
    "strong_extend4": dataclasses.replace(STRONG, name="strong_extend4", extend_nodes=4.0),
    # The card play's extension stopped when no other move may beat the best by half a
    # point (paired by world); and the same with up to 8 times the worlds (measured in
    # entry 39 on entry 38's Strong: level with it, on half the worlds).
    "strong_tol": dataclasses.replace(STRONG, name="strong_tol", extend_tolerance=0.5),
    "strong_tol_x8": dataclasses.replace(
        STRONG, name="strong_tol_x8", extend_tolerance=0.5, extend=8.0
    ),
    # Part of the extension's work moved into the counted worlds (entry 40): twice
    # the card play's counts (``strong_play2``) under the same caps on worlds and nodes
    # as Strong's (2 x 2 the worlds, 2 x 4 the nodes); and twice the solver's nodes per
    # world and move alone (fewer moves valued by the greedy playout). Both within
    # chance against Strong, and ``strong_p2e`` runs over the page's second in Pyodide
    # on one decision in fourteen (ai_results.md, entry 40).
    "strong_p2e": dataclasses.replace(
        STRONG.scaled(2, PLAY_WORK),
        name="strong_p2e",
        extend=STRONG.extend / 2,
        extend_nodes=STRONG.extend_nodes / 2,
    ),
    "strong_nl2": dataclasses.replace(STRONG, name="strong_nl2", node_limit=2 * STRONG.node_limit),
    # Entry 41: an early call bid while the bid is within 25 points of the pass, where
    # today's Strong's close early Polish calls realized +10.4 + 0.43 x their predicted
    # margin over the pass in its own company (bench/lab/ai_bid_counterfactual.py, 431
    # records): the line crosses 0 near -25. Against Normal, paired with Strong, -0.9
    # [-1.8, +0.1] over 600 Polish sets (ai_results.md): not kept.
    "strong_early25": dataclasses.replace(STRONG, name="strong_early25", bid_margin=(-25.0, 0.0)),
    # Entry 42: exact values (bisection) from 5 cards in hand down, in place of one
    # zero-window probe and the greedy playout's points (entry 18 measured it over 75
    # sets on a slower solver). Against Normal, paired with Strong, -0.09 [-0.27, +0.09]
    # over 600 Polish sets (ai_results.md): not kept.
    "strong_exact5": dataclasses.replace(STRONG, name="strong_exact5", exact_cards=5),
    # Entry 42: the other seats read by the play model fitted on Normal's Polish
    # choices, at the power its calibration found best by the true deal's likelihood
    # (bench/lab/ai_play_model.py calibrate --level normal --preset polish). Against Normal,
    # paired with Strong, -0.36 [-0.98, +0.25] over 600 Polish sets: not kept.
    "strong_read_normal": dataclasses.replace(
        STRONG,
        name="strong_read_normal",
        play_inference=0.5,
        play_model=str(DATA / "play_model_normal_polish.json"),
    ),
    # Entry 43: the same reading with 8 hidden ReLU units over the model's features
    # (``data/play_model_normal_polish_net.json``): held out, it explains Normal's
    # leads 0.16 nats and follows 0.04 nats a decision better than the linear model,
    # and puts 0.34 more cards in a hundred in the right hand (calibrate, paired).
    # Against Normal, paired with Strong, +0.33 [-0.39, +1.05] over 450 Polish sets
    # (ai_results.md): not kept.
    "strong_read_net": dataclasses.replace(
        STRONG,
        name="strong_read_net",
        play_inference=0.5,
        play_model=str(DATA / "play_model_normal_polish_net.json"),
    ),
    # Normal as the page ran it until entry 37, with Strong's extension.
    "normal_page": dataclasses.replace(NORMAL, name="normal_page", extend=STRONG.extend),
    # The Polish knobs together (entry 26).
    "strong_polish": dataclasses.replace(
        STRONG, name="strong_polish", pass_shift=True, rule_shift=True, bomb_out=True
    ),
}

# The variants whose pass is valued by the model fitted on forced passes where one was
# fitted for the conventions (``bench/lab/ai_pass_value.py --force``; entry 35).
PASS_MODEL = frozenset({"strong_pm", "strong_net_pm"})


def lab_data() -> dict[str, Any]:
    """The shipped evaluator's data with the lab's models (``data/variants.json``)."""
    data = shipped_data()
    data |= json.loads((DATA / "variants.json").read_text(encoding="utf-8"))
    return data


def read_net(m: dict[str, Any]) -> HandTerm | None:
    """The hidden layer of a rich model's entry (``Evaluator``'s term reader)."""
    return load_net(m, RICH_SIZE)


@functools.cache
def lab_evaluator(pass_model: bool = False) -> Evaluator:
    """The evaluator the variants value hands by: the shipped models and the lab's;
    with ``pass_model``, the pass by the model fitted on forced passes."""
    data = lab_data()
    measured = PassValue.of(load_pass_models(data)) if pass_model else None
    return Evaluator(data, terms=read_net, measured_pass=measured)


def make_ai_bot(level: str) -> AIBot:
    """A variant by name (``strong_play17``; ``strong_play17@2`` doubles its work),
    else the engine's level (``thousand.ai.make_ai_bot``)."""
    key, _, work = level.strip().lower().partition("@")
    if key not in VARIANTS:
        return levels.make_ai_bot(level)
    settings = VARIANTS[key].scaled(float(work) if work else 1.0)
    return AIBot(settings, lab_evaluator(key in PASS_MODEL))


def make_bot(name: str) -> bots.Bot:
    """A bot by name: a variant, or what ``thousand.bots.make_bot`` makes (random,
    easy, normal, strong, the oracle); the lab's arena's maker."""
    if name.strip().lower().partition("@")[0] in VARIANTS:
        return make_ai_bot(name)
    return bots.make_bot(name)
