"""The knobs of the AI levels (fixed sample counts keep runs reproducible).

A knob's comment says what it does and, for a level's choice, the command that
measured it: ``bench/lab/arena.py`` plays the levels and the lab's variants of them
(``bench/lab/variants.py``) on duplicate deals, and ``bench/lab/ai_results.md``
holds the figures. Knobs off at every level are the lab's to switch on.

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
    # a greedy playout for the points (the measured fallback, bench/lab/ai_fallback.py).
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
    # With ``play_inference``: the fitted play model to read the other seats with, a
    # shipped one by name (``ai/data/<name>.json``: ``play_model``, fitted on Strong's
    # classic choices) or a file of the same form by its path (``inference.shared_model``).
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
    rule_shift: bool = False
    # With ``full_model``: the bid table counts the bomb (``bombs``, Polish rules) as
    # the declarer's way out of a talon that leaves the contract worse than the bomb,
    # as it counts a concession.
    bomb_out: bool = False
    # With ``full_model``: a pass valued as measured under the preset's rules where they
    # are unlike the classic ones the models were fitted on (``Evaluator.pass_shift``;
    # Polish rules: the bomb, no concession; 0 in classic rules). On in Strong; measured:
    # ``bench/lab/arena.py --a strong|strong_no_pass_shift --b normal --preset polish --seed 2111``.
    pass_shift: bool = False
    # With ``pass_shift``: the early pass valued lower again while the seat still holds
    # a bomb (``Evaluator.pass_shift``'s ``bomb_left``, measured by playing on both
    # the bid and the pass, ``bench/lab/ai_bid_counterfactual.py``). On in Strong; measured:
    # ``bench/lab/arena.py --a strong|strong_no_bomb_pass --b normal --preset polish --seed 2111``.
    bomb_pass: bool = False
    # Bidding: raise only while the bid's value beats the pass's by this margin (points;
    # the first at a seat's early call, ``auction.is_early``, the second over a bid),
    # as the play-on of close decisions measures a level's margins
    # (``bench/lab/ai_bid_counterfactual.py report``: what bidding above a shifted
    # margin gains). (0, 0) at every level.
    bid_margin: tuple[float, float] = (0.0, 0.0)
    # Card play holding 3 to this many cards: the worlds searched together by vector
    # minimax (``endgame.py``: the seat's later cards one choice across the worlds it
    # cannot tell apart) in place of PIMC's world-by-world solve (0: off).
    fused_cards: int = 0
    # The model that values a played hand in the auction (the bid table, the discard's
    # quick plans, the contract): ``play`` (the 17-feature self-play fit) or another
    # kind the evaluator holds: ``play_rich`` (more features, fitted on open-hand
    # values). Rich in Strong; measured (``strong_play17``: ``play``):
    # ``bench/lab/arena.py --a strong|strong_play17 --b normal --deals 800 --seed 22``.
    value_model: str = "play"
    # With ``value_model``: under play rules unlike the classic ones, the model of that
    # kind fitted under them where the evaluator holds one (``Evaluator.under``).
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
    # about 850 ms, within the page's second (``node bench/ai_latency_pyodide.mjs
    # ai_latency.py --preset polish``); measured against 4 (``strong_extend4``):
    # ``bench/lab/arena.py --a strong|strong_extend4 --b normal [--preset polish] --deals 300``.
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
    # Normal does its counted work on every device; measured against Normal extended
    # (``bench/lab/arena.py --a normal_page --b normal --deals 300 --seed 3642``).
    extend=1.0,
)

STRONG = Settings(name="strong", pass_shift=True, bomb_pass=True, value_model="play_rich")

LEVELS = {"normal": NORMAL, "strong": STRONG}
