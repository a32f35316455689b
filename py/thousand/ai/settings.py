"""The knobs of the AI levels (fixed sample counts keep runs reproducible)."""

from __future__ import annotations

from dataclasses import dataclass


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
    # are spent (after ``min_worlds`` worlds). Counted, not timed, so that
    # runs are reproducible.
    node_limit: int = 1000
    play_nodes: int = 6000
    min_worlds: int = 6
    # Auction weighting: draw pool * k uniform worlds and resample k.
    pool: int = 3
    # Bisection resolution (points) of exact values.
    resolution: int = 2
    # Discard and contract: candidate passes kept after the quick evaluation,
    # and worlds each candidate is solved on.
    discard_candidates: int = 4
    discard_worlds: int = 6
    discard_node_limit: int = 1500
    discard_nodes: int = 8000
    # Use the fitted evaluator for bidding (else never bid above the forced 100),
    # and the utility a bid must beat defending by.
    smart_bidding: bool = True
    bid_margin: float = 0.0
    # Default wall-clock budget per decision in the browser (ms); None in CPython
    # runs keeps decisions reproducible.
    budget_ms: float | None = None

    def samples(self, cards: int) -> int:
        """Worlds to sample when holding ``cards`` cards."""
        t = self.play_samples
        return t[min(cards, len(t) - 1)]


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
)

STRONG = Settings(name="strong")

LEVELS = {"normal": NORMAL, "strong": STRONG}
