"""Hand evaluator: the declarer's expected deal points from a hand, fitted offline.

Two small linear models over hand features (``FEATURES``), one per table size
(3 players, also used for 4; and 2 players):

* ``bid``: from the hand as dealt (7 cards; 10 with 2 players), the points the
  declarer ends the deal with after taking the talon, passing two cards and
  playing (card points + declared marriages);
* ``play``: the same from the hand the declarer plays (8 cards; 10 with 2
  players plus the 2 aside, whose points count).

Each model has a residual standard deviation, so ``p_make`` gives the chance
of reaching a contract under a normal error. The coefficients live in
``data/evaluator.json`` (written by ``bench/ai_fit_evaluator.py`` from
self-play); when the file is missing the built-in hand-set values are used.
Nothing is trained in the browser.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..cards import (
    ACE,
    ACES_MASK,
    JACK,
    KING,
    MARRIAGE_MASK,
    NINE,
    QUEEN,
    SUIT_MASK,
    TEN,
    mask_points,
)

FEATURES = (
    "bias",
    "points",
    "aces",
    "tens_with_ace",
    "tens_bare",
    "kings",
    "queens",
    "marriage_s",
    "marriage_c",
    "marriage_d",
    "marriage_h",
    "ace_marriage",
    "longest",
    "voids",
    "singletons",
    "nines_jacks",
    "top_sequence",
)


def features(hand: int, ace_marriage: bool = False) -> list[float]:
    """The feature vector of a hand (see ``FEATURES``)."""
    aces = tens_a = tens_b = kings = queens = 0
    longest = voids = singles = top = 0
    mar = [0.0, 0.0, 0.0, 0.0]
    for s in range(4):
        sm = hand & SUIT_MASK[s]
        pat = sm >> (6 * s)
        length = pat.bit_count()
        longest = max(longest, length)
        if length == 0:
            voids += 1
        elif length == 1:
            singles += 1
        if pat >> ACE & 1:
            aces += 1
            if pat >> TEN & 1:
                tens_a += 1
                if pat >> KING & 1:
                    top += 1
        elif pat >> TEN & 1:
            tens_b += 1
        if sm & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]:
            mar[s] = 1.0
        else:
            kings += pat >> KING & 1
            queens += pat >> QUEEN & 1
    low = sum(1 for s in range(4) for r in (NINE, JACK) if hand >> (6 * s + r) & 1)
    am = 1.0 if ace_marriage and hand & ACES_MASK == ACES_MASK else 0.0
    return [
        1.0,
        float(mask_points(hand)),
        float(aces),
        float(tens_a),
        float(tens_b),
        float(kings),
        float(queens),
        *mar,
        am,
        float(longest),
        float(voids),
        float(singles),
        float(low),
        float(top),
    ]


@dataclass(frozen=True)
class Model:
    """A linear model with its residual standard deviation."""

    weights: tuple[float, ...]
    sigma: float

    def mean(self, hand: int, ace_marriage: bool = False) -> float:
        """The predicted declarer points of a hand."""
        return sum(w * x for w, x in zip(self.weights, features(hand, ace_marriage), strict=True))


def _default(kind: str, players: int) -> Model:
    """Hand-set coefficients (the greedy bot's rule of thumb) used before fitting."""
    w = dict.fromkeys(FEATURES, 0.0)
    w["points"] = 0.8 if kind == "bid" else 0.9
    w["aces"] = 8.0
    w["tens_with_ace"] = 4.0
    w["bias"] = (20.0 if players != 2 else 12.0) if kind == "bid" else 8.0
    for s, v in enumerate((40, 60, 80, 100)):
        w[("marriage_s", "marriage_c", "marriage_d", "marriage_h")[s]] = 0.9 * v
    w["ace_marriage"] = 180.0
    return Model(tuple(w[f] for f in FEATURES), 25.0)


class Evaluator:
    """The fitted hand models, by table size."""

    def __init__(self, data: dict[str, Any] | None = None) -> None:
        self.models: dict[tuple[str, int], Model] = {}
        self.fitted = data is not None
        for kind in ("bid", "play"):
            for players in (2, 3):
                key = f"{kind}{players}"
                if data is not None and key in data and tuple(data[key]["features"]) == FEATURES:
                    m = data[key]
                    self.models[kind, players] = Model(
                        tuple(float(x) for x in m["weights"]), float(m["sigma"])
                    )
                else:
                    self.models[kind, players] = _default(kind, players)

    @classmethod
    def load(cls) -> Evaluator:
        """The shipped evaluator (``data/evaluator.json``), or the defaults."""
        try:
            text = resources.files(__package__).joinpath("data/evaluator.json").read_text()
        except (FileNotFoundError, OSError):
            return cls(None)
        return cls(json.loads(text))

    def model(self, kind: str, players: int) -> Model:
        """The model for ``bid`` or ``play`` at a table size (4 players use 3's)."""
        return self.models[kind, 2 if players == 2 else 3]

    def expected(self, kind: str, hand: int, players: int, ace_marriage: bool = False) -> float:
        """Expected declarer points of a hand."""
        return self.model(kind, players).mean(hand, ace_marriage)

    def p_make(
        self, kind: str, hand: int, players: int, contract: int, ace_marriage: bool = False
    ) -> float:
        """Chance that the declarer reaches ``contract`` with this hand."""
        m = self.model(kind, players)
        return normal_cdf((m.mean(hand, ace_marriage) - contract + 0.5) / m.sigma)


def normal_cdf(z: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


_SHARED: Evaluator | None = None


def shared() -> Evaluator:
    """The evaluator loaded once per process."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Evaluator.load()
    return _SHARED
