"""Inference from the auction: how likely each bid and pass is from a hand (a fitted policy).

Both levels bid the same way: raise by the smallest step while declaring at
that bid is worth more than defending, else pass. So every bidding decision
with a choice is one yes/no question (bid ``c``, the lowest legal bid, or
pass), and its answer depends on the hand as dealt mostly through two cheap
quantities the bots themselves use: the fitted dealt-hand model's expected
points against ``c`` (Normal's whole bid table) and the ``defend`` model's
value of passing (Strong's). ``BidModel`` is a logistic regression of the
answer on those (``FEATURES``), fitted offline on the bots' own bidding in
self-play (``bench/lab/ai_bid_model.py`` -> ``data/bid_model.json``).

``BidModel.log_weight(obs, world)`` is the log-likelihood of every bid and
pass the other seats made in the auction so far, each from the hand that
world dealt them, in place of the sampler's hand-set soft model
(``Sampler.auction_weight``: a logistic of the expected points against the
bid with a fixed width and floor). A pass facing a bid the hand may not
make (§5: above 120 plus its marriages) is forced and says nothing; the
fitted chances are floored at ``floor`` (a bot's bid table is not the model,
and Strong's sampled talons add noise the dealt hand does not show).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .. import actions as A
from .. import rules
from ..cards import marriage_total
from ..state import Observation
from .evaluator import Evaluator, normal_cdf
from .sampler import World

FEATURES = ("bias", "margin", "make", "defend", "at_100", "over_120", "marriages")


def bid_features(
    ev: Evaluator, hand: int, c: int, high: int, players: int, ace_marriage: bool
) -> list[float]:
    """The model's features of bidding ``c`` (facing ``high``) with the dealt ``hand``."""
    m = ev.model("bid", players)
    mu = m.mean(hand, ace_marriage)
    return [
        1.0,
        (mu - c) / 10.0,
        normal_cdf((mu - c + 0.5) / m.sigma),
        ev.defend_value(hand, players, ace_marriage) / 10.0,
        1.0 if high <= 100 else 0.0,
        1.0 if c > 120 else 0.0,
        marriage_total(hand, ace_marriage) / 40.0,
    ]


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


@dataclass(frozen=True)
class BidModel:
    """A logistic model of the chance that a seat bids rather than passes."""

    weights: tuple[float, ...]
    floor: float = 0.05

    def chance(self, x: list[float]) -> float:
        """The chance of a bid with features ``x`` (floored at ``floor`` each way)."""
        p = _sigmoid(sum(w * v for w, v in zip(self.weights, x, strict=True)))
        return self.floor + (1.0 - 2.0 * self.floor) * p

    def log_weight(self, obs: Observation, world: World, ev: Evaluator) -> float:
        """The log-likelihood of the other seats' bids and passes in ``world``."""
        conv = obs.conventions
        players = obs.players
        ace = conv.ace_marriage
        total = 0.0
        high = 100
        for seat, a in obs.bids:
            if a == A.DARK:
                high = 120
                continue
            if a == A.UNBLIND:
                high = 125
                continue
            hand = world.dealt.get(seat)
            bid = A.BID_BASE <= a < A.CONTRACT_BASE
            if (
                seat == obs.seat
                or hand is None
                or (conv.silence_below is not None and obs.totals[seat] < conv.silence_below)
            ):
                if bid:
                    high = A.action_value(a)
                continue
            c = A.action_value(a) if bid else high + conv.min_raise
            if not bid and c > rules.bid_limit(conv, hand):
                continue  # §5 forced: the hand may not bid that high
            p = self.chance(bid_features(ev, hand, c, high, players, ace))
            total += math.log(p if bid else 1.0 - p)
            if bid:
                high = c
        return total

    def to_json(self) -> dict[str, Any]:
        return {"features": list(FEATURES), "weights": list(self.weights), "floor": self.floor}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BidModel:
        if tuple(data["features"]) != FEATURES:
            raise ValueError("bid model features do not match")
        return cls(tuple(float(x) for x in data["weights"]), float(data.get("floor", 0.05)))


_SHARED: dict[int, BidModel | None] = {}


def shared_bid_model(players: int) -> BidModel | None:
    """The shipped model for a table size (``data/bid_model.json``; 4 players use
    3's), or None when there is none."""
    size = 2 if players == 2 else 3
    if size not in _SHARED:
        model = None
        try:
            text = resources.files(__package__).joinpath("data/bid_model.json").read_text()
            entry = json.loads(text).get(str(size))
            if entry is not None:
                model = BidModel.from_json(entry)
        except (FileNotFoundError, OSError):
            model = None
        _SHARED[size] = model
    return _SHARED[size]
