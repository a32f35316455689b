"""The knobs of the AI levels (fixed sample counts keep runs reproducible).

"Entry N" in the comments below is the entry of the AI laboratory notebook,
``bench/ai_results.md``, that measured a knob or variant, with its commands.

Work is counted, not timed: sampled worlds and solver nodes (trick starts).
``Settings.scaled(w)`` multiplies every count by ``w`` (``make_ai_bot("strong@2")``
is Strong with twice its work per decision), which is how the arena measures
what more thinking buys. A level with ``extend`` above 1 (Strong) goes on adding
worlds while a decision is unclear, a bounded amount of work counted the same way in
the arena and on the page; in the browser a decision is also bounded by its time
budget, which may cut it short on a slow device (see ``think.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Settings:
    """How much a level thinks, per kind of decision."""

    name: str
    # Card play: worlds per decision by the number of cards the player holds
    # (index = cards in hand, capped at the last entry).
    play_samples: tuple[int, ...] = (0, 40, 40, 40, 32, 24, 20, 16, 12, 10, 10, 10, 10)
    # Exact values (several zero-window probes) when holding at most this many
    # cards; above it one zero-window probe against the contract per move and
    # a greedy playout for the points (the measured fallback).
    exact_cards: int = 4
    # Solver nodes (trick starts) allowed per world and move before falling
    # back to the greedy playout, and per decision: sampling stops once they
    # are spent (after ``min_worlds`` worlds).
    node_limit: int = 1000
    play_nodes: int = 6000
    min_worlds: int = 6
    # Auction weighting: draw pool * k uniform worlds and resample k.
    pool: int = 3
    # Inference from the play (``inference.py``): in card play the worlds are also
    # weighed by the likelihood of the other seats' cards so far under the fitted
    # play model, raised to this power (0: off).
    play_inference: float = 0.0
    # With ``play_inference``: the fitted play model to read the other seats with
    # (``ai/data/<name>.json``): ``play_model`` (Strong's classic choices) or
    # ``play_model_normal_polish`` (Normal's Polish choices, entry 42; ``..._net``: the
    # same with a hidden layer, entry 43).
    play_model: str = "play_model"
    # Inference from the auction (``bidmodel.py``): the worlds are weighed by the
    # likelihood of the other seats' bids and passes under the fitted bidding model,
    # raised to this power, in place of the sampler's hand-set soft model (0: that).
    auction_policy: float = 0.0
    # Bisection resolution (points) of exact values.
    resolution: int = 2
    # Discard and contract: candidate passes kept after the quick evaluation,
    # and worlds each candidate is solved on.
    discard_candidates: int = 4
    discard_worlds: int = 6
    discard_node_limit: int = 1500
    discard_nodes: int = 8000
    # Discard (3 players): each candidate pair of cards is also solved with the two
    # cards the other way round (the poorer to the seat after the declarer), so
    # that who gets which card is searched, not set by the richer-first rule.
    discard_both: bool = False
    # Bidding: talons drawn to value a bid (0: the fitted dealt-hand model alone).
    bid_talons: int = 24
    # The decisions only Strong makes: bolts valued in the auction, the dark
    # game chosen when it pays, the defenders' own points and marriages in play.
    full_model: bool = True
    # With ``full_model``: hands valued with what the preset's play rules add over the
    # classic ones the models were fitted on (``Evaluator.rule_shift``; Polish rules).
    # Off at every level: measured within chance (bench/ai_results.md, entry 22);
    # the arena's ``strong_shift`` is Strong with it.
    rule_shift: bool = False
    # With ``full_model``: the bid table counts the bomb (``bombs``, Polish rules) as
    # the declarer's way out of a talon that leaves the contract worse than the bomb,
    # as it counts a concession. Off at every level (entry 24: not above 0); the
    # arena's ``strong_bomb`` is Strong with it.
    bomb_out: bool = False
    # With ``full_model``: a pass valued as measured under the preset's rules where they
    # are unlike the classic ones the models were fitted on (``Evaluator.pass_shift``;
    # Polish rules: the bomb, no concession; 0 in classic rules). On in Strong (session
    # 26); the arena's ``strong_s25`` is Strong without it.
    pass_shift: bool = False
    # With ``pass_shift``: the early pass valued lower again while the seat still holds
    # a bomb (``Evaluator.pass_shift``'s ``bomb_left``, measured by playing on both
    # the bid and the pass, bench/ai_bid_counterfactual.py; entry 27). On in Strong
    # (entry 29); the arena's ``strong_s27`` is Strong without it.
    bomb_pass: bool = False
    # With ``full_model``: a pass valued by the model fitted on passes forced on random
    # seats whatever they held (``variant_models.pass_value``, ``bench/ai_pass_value.py
    # --force``), where one was fitted for the conventions; else as ``pass_shift`` says.
    pass_model: bool = False
    # Bidding: raise only while the bid's value beats the pass's by this margin (points;
    # the first at a seat's early call, ``auction.is_early``, the second over a bid),
    # as the play-on of close decisions measures a level's margins
    # (``bench/ai_bid_counterfactual.py report``: what bidding above a shifted margin
    # gains). (0, 0) at every level; the arena's ``strong_net_m`` uses it.
    bid_margin: tuple[float, float] = (0.0, 0.0)
    # Card play holding 3 to this many cards: the worlds searched together by vector
    # minimax (``endgame.py``: the seat's later cards one choice across the worlds it
    # cannot tell apart) in place of PIMC's world-by-world solve (0: off). Off at every
    # level (entry 25: within chance); the arena's ``strong_fused`` is Strong with 3.
    fused_cards: int = 0
    # The model that values a played hand in the auction (the bid table, the discard's
    # quick plans, the contract): ``play`` (the 17-feature self-play fit),
    # ``play_rich`` (``Evaluator``: more features, fitted on open-hand values) or
    # ``play_net`` (the same features with a hidden layer, ``variant_models.Net``). Rich
    # in Strong (entry 32: +1.9 [+0.8, +3.1] against Normal, paired, classic); the
    # arena's ``strong_s31`` is Strong with ``play``, ``strong_net`` with ``play_net``.
    value_model: str = "play"
    # With ``value_model``: under play rules unlike the classic ones, the model of that
    # kind fitted under them where there is one (``Evaluator.under``;
    # ``play_rich3_polish``). The arena's ``strong_rules`` is Strong with it.
    rule_models: bool = False
    # Default wall-clock budget per decision in the browser (ms); None in CPython
    # runs keeps decisions reproducible.
    budget_ms: float | None = None
    # Card play, discard and contract: after the counted work, keep adding worlds up to
    # this many times the counted ones (the card play only while its best move does not
    # lead clearly). Part of the level, counted in the arena as on the page, where the
    # clock may cut it short on a slow device. 1: the counted work alone (Normal).
    extend: float = 4.0
    # With ``extend``: the node budget of the card play and the discard (``play_nodes``,
    # ``discard_nodes``) times this. At 8 Strong's longest decision in Pyodide takes
    # about 850 ms, so the page's second does not cut it on this machine; with no cap
    # one Polish decision in nine ran over it. Against 4 (entry 38's, the arena's
    # ``strong_s38``) it played +0.28 [-0.18, +0.74] points a deal better over four
    # paired runs (bench/ai_results.md, entry 39).
    extend_nodes: float = 8.0
    # With ``extend``: when the card play's best move counts as clear (``_Stats.clear``):
    # None, when it leads the next by 2.5 standard errors of the two means apart; a
    # number, when no other move may beat it by this many points (paired by world).
    extend_tolerance: float | None = None

    def extends(self) -> bool:
        """Whether a decision may go on past its counted work (``extend`` above 1)."""
        return self.extend > 1

    def most_worlds(self, k: int) -> int:
        """The most worlds a decision counting ``k`` may search."""
        return max(k, round(k * self.extend)) if self.extends() else k

    def most_nodes(self, nodes: int) -> int:
        """The most solver nodes a decision with the node budget ``nodes`` may spend."""
        return max(nodes, round(nodes * self.extend_nodes)) if self.extends() else nodes

    def samples(self, cards: int) -> int:
        """Worlds to sample when holding ``cards`` cards."""
        t = self.play_samples
        return t[min(cards, len(t) - 1)]

    def scaled(self, work: float, only: Collection[str] = ()) -> Settings:
        """These settings with every sample count and node limit times ``work`` (or,
        given ``only``, just the counts it names: ``PLAY_WORK``, ``AUCTION_WORK``)."""
        if work == 1:
            return self

        def k(x: int) -> int:
            return max(1, round(x * work)) if x else 0

        counts: dict[str, Any] = {
            "play_samples": tuple(k(x) for x in self.play_samples),
            "node_limit": k(self.node_limit),
            "play_nodes": k(self.play_nodes),
            "min_worlds": k(self.min_worlds),
            "discard_worlds": k(self.discard_worlds),
            "discard_node_limit": k(self.discard_node_limit),
            "discard_nodes": k(self.discard_nodes),
            "bid_talons": k(self.bid_talons),
        }
        if only:
            counts = {f: counts[f] for f in only}
        return dataclasses.replace(self, name=f"{self.name}@{work:g}", **counts)


# The counts of each part of a decision's work, for ``Settings.scaled(w, only=...)``:
# the card play's, and the auction's and the talon's (bid table, discard, contract).
PLAY_WORK = ("play_samples", "node_limit", "play_nodes", "min_worlds")
AUCTION_WORK = ("bid_talons", "discard_worlds", "discard_node_limit", "discard_nodes")

NORMAL = Settings(
    name="normal",
    play_samples=(0, 12, 12, 12, 10, 8, 6, 5, 4, 4, 4, 4, 4),
    exact_cards=3,
    node_limit=400,
    play_nodes=1500,
    min_worlds=3,
    pool=2,
    discard_candidates=2,
    discard_worlds=3,
    discard_node_limit=600,
    discard_nodes=3000,
    bid_talons=0,
    full_model=False,
    # Normal does its counted work: extended as Strong is, it played 2.8 points a deal
    # better (``normal_page``, entry 37).
    extend=1.0,
)

STRONG = Settings(name="strong", pass_shift=True, bomb_pass=True, value_model="play_rich")

LEVELS = {"normal": NORMAL, "strong": STRONG}
# Benchmark variants the arena can name beside the levels (never offered on the page):
# Strong's, and Normal as the page ran it before it kept to its counted work.
VARIANTS = {
    "strong_shift": dataclasses.replace(STRONG, name="strong_shift", rule_shift=True),
    "strong_policy": dataclasses.replace(STRONG, name="strong_policy", auction_policy=1.0),
    # Both inferences together: the worlds weighed by the fitted bidding model and,
    # in card play, by the fitted play model (each calibrated on its own, entries 20
    # and 23; together first measured in entry 29).
    "strong_infer": dataclasses.replace(
        STRONG, name="strong_infer", auction_policy=1.0, play_inference=1.0
    ),
    "strong_bomb": dataclasses.replace(STRONG, name="strong_bomb", bomb_out=True),
    "strong_fused": dataclasses.replace(STRONG, name="strong_fused", fused_cards=3),
    # The Strong of before a measured change, for pairing: entry 25's (no pass
    # shift) and entry 27's (no bomb extra on the early pass).
    "strong_s25": dataclasses.replace(STRONG, name="strong_s25", pass_shift=False, bomb_pass=False),
    "strong_s27": dataclasses.replace(STRONG, name="strong_s27", bomb_pass=False),
    # The discard's pairs solved both ways round, on twice the nodes (the plans double).
    "strong_discard": dataclasses.replace(
        STRONG, name="strong_discard", discard_both=True, discard_nodes=2 * STRONG.discard_nodes
    ),
    # Entry 31's Strong: hands valued by the 17-feature ``play`` model.
    "strong_s31": dataclasses.replace(STRONG, name="strong_s31", value_model="play"),
    "strong_net": dataclasses.replace(STRONG, name="strong_net", value_model="play_net"),
    "strong_pm": dataclasses.replace(STRONG, name="strong_pm", pass_model=True),
    "strong_net_pm": dataclasses.replace(
        STRONG, name="strong_net_pm", value_model="play_net", pass_model=True
    ),
    # The net with the margins its close bids measured by playing both ways
    # (bench/ai_bid_counterfactual.py play --level strong_net, entry 35: its bids
    # realize 14 points below their predicted margin; best shifts about +20 at an early
    # call and +25 over a bid; entry 36).
    "strong_net_m": dataclasses.replace(
        STRONG, name="strong_net_m", value_model="play_net", bid_margin=(20.0, 25.0)
    ),
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
    "strong_s37": dataclasses.replace(STRONG, name="strong_s37", extend=1.0),
    # Strong's extension with no node cap, as the page's clock ran it in entry 37
    # (one Polish decision in nine over the page's second in Pyodide).
    "strong_page": dataclasses.replace(STRONG, name="strong_page", extend_nodes=1e9),
    # Entry 38's Strong: its extension within 4 times the node budget.
    "strong_s38": dataclasses.replace(STRONG, name="strong_s38", extend_nodes=4.0),
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
    # on one decision in fourteen (bench/ai_results.md, entry 40).
    "strong_p2e": dataclasses.replace(
        STRONG.scaled(2, PLAY_WORK),
        name="strong_p2e",
        extend=STRONG.extend / 2,
        extend_nodes=STRONG.extend_nodes / 2,
    ),
    "strong_nl2": dataclasses.replace(STRONG, name="strong_nl2", node_limit=2 * STRONG.node_limit),
    # Entry 41: an early call bid while the bid is within 25 points of the pass, where
    # today's Strong's close early Polish calls realized +10.4 + 0.43 x their predicted
    # margin over the pass in its own company (bench/ai_bid_counterfactual.py, 431
    # records): the line crosses 0 near -25. Against Normal, paired with Strong, -0.9
    # [-1.8, +0.1] over 600 Polish sets (bench/ai_results.md): not kept.
    "strong_early25": dataclasses.replace(STRONG, name="strong_early25", bid_margin=(-25.0, 0.0)),
    # Entry 42: exact values (bisection) from 5 cards in hand down, in place of one
    # zero-window probe and the greedy playout's points (entry 18 measured it over 75
    # sets on a slower solver). Against Normal, paired with Strong, -0.09 [-0.27, +0.09]
    # over 600 Polish sets (bench/ai_results.md): not kept.
    "strong_exact5": dataclasses.replace(STRONG, name="strong_exact5", exact_cards=5),
    # Entry 42: the other seats read by the play model fitted on Normal's Polish
    # choices, at the power its calibration found best by the true deal's likelihood
    # (bench/ai_play_model.py calibrate --level normal --preset polish). Against Normal,
    # paired with Strong, -0.36 [-0.98, +0.25] over 600 Polish sets: not kept.
    "strong_read_normal": dataclasses.replace(
        STRONG,
        name="strong_read_normal",
        play_inference=0.5,
        play_model="play_model_normal_polish",
    ),
    # Entry 43: the same reading with 8 hidden ReLU units over the model's features
    # (``ai/data/play_model_normal_polish_net.json``): held out, it explains Normal's
    # leads 0.16 nats and follows 0.04 nats a decision better than the linear model,
    # and puts 0.34 more cards in a hundred in the right hand (calibrate, paired).
    # Against Normal, paired with Strong, +0.33 [-0.39, +1.05] over 450 Polish sets
    # (bench/ai_results.md): not kept.
    "strong_read_net": dataclasses.replace(
        STRONG,
        name="strong_read_net",
        play_inference=0.5,
        play_model="play_model_normal_polish_net",
    ),
    # Normal as the page ran it until entry 37, with Strong's extension.
    "normal_page": dataclasses.replace(NORMAL, name="normal_page", extend=STRONG.extend),
    "strong_polish": dataclasses.replace(
        STRONG, name="strong_polish", pass_shift=True, rule_shift=True, bomb_out=True
    ),
}
