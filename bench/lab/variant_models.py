"""Models only the lab's variants use (``variants.py``), with their data
(``data/variants.json``), given to the engine's ``Evaluator`` through its seams.

* ``Net``: a hidden layer of ReLU units over the rich features
  (``evaluator.rich_features``), added to a rich model's linear part (read by
  ``load_net``, the evaluator's ``terms``): the ``play_net`` value model
  (``Settings.value_model``);
* ``PassModel``: what passing is worth, fitted on passes forced on random seats
  whatever they held (``bench/lab/ai_pass_value.py --force``), so strong hands too,
  which the ``defend`` model of the seats that ended up defending sees only when
  outbid; with its own terms for the early pass and the early pass after another
  seat's, for the conventions it was measured under (``pass3``); ``PassValue`` is
  the evaluator's ``measured_pass`` by them.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from thousand.ai.evaluator import FEATURES, Model, table_size
from thousand.cards import MARRIAGE_MASK, MARRIAGE_VALUE, SUIT_MASK, mask_points
from thousand.conventions import Conventions


@dataclass(frozen=True)
class Net:
    """A hidden layer of ReLU units over the rich features, added to a rich model's
    linear part: ``rows[i]`` are feature ``i``'s weights into the units (the bias's row
    holds the units' biases), ``out`` the units' weights into the prediction."""

    rows: tuple[tuple[float, ...], ...]
    out: tuple[float, ...]

    def value(self, hand: int) -> float:
        """``out . relu(rich_features(hand) @ rows)``, summing only the rows the hand
        uses (four suit holdings, the trump candidate's, a few numbers)."""
        rows = self.rows
        best = -1
        count = value = 0
        pats = []
        for s in range(4):
            pats.append(rows[(hand & SUIT_MASK[s]) >> (6 * s)])
            if hand & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]:
                best = s
                count += 1
                value += MARRIAGE_VALUE[s]
        a, b, c, d = pats
        z = [w + x + y + v + u for w, x, y, v, u in zip(rows[128], a, b, c, d, strict=True)]
        pts = float(mask_points(hand))
        z = [x + pts * y for x, y in zip(z, rows[133], strict=True)]
        if best < 0:
            z = [x + y for x, y in zip(z, rows[135], strict=True)]
        else:
            trump = hand & SUIT_MASK[best]
            nums = (
                (129, float(count)),
                (130, float(value)),
                (131, float(MARRIAGE_VALUE[best])),
                (132, 1.0 if count >= 2 else 0.0),
                (134, float(trump.bit_count())),
            )
            t = rows[64 + (trump >> (6 * best))]
            z = [x + y for x, y in zip(z, t, strict=True)]
            for i, k in nums:
                if k:
                    z = [x + k * y for x, y in zip(z, rows[i], strict=True)]
        return sum(w * x for w, x in zip(self.out, z, strict=True) if x > 0.0)


def load_net(m: dict[str, Any], size: int) -> Net | None:
    """The units of an ``evaluator.json``-style entry (``hidden``: a row of unit
    weights per feature, ``size`` of them; ``out``), or None when malformed."""
    try:
        rows = tuple(tuple(float(x) for x in row) for row in m["hidden"])
        out = tuple(float(x) for x in m["out"])
    except (KeyError, TypeError, ValueError):
        return None
    if len(rows) != size or any(len(r) != len(out) for r in rows):
        return None
    return Net(rows, out)


@dataclass(frozen=True)
class PassModel:
    """A ``pass<players>`` entry: the pass's value on the dealt hand's features
    (``model``) plus ``early`` while nobody has bid over first hand's hundred and
    ``after_pass`` when the seat before passed too, under ``conventions``."""

    conventions: dict[str, Any]
    model: Model
    early: float
    after_pass: float


def load_pass_models(data: dict[str, Any]) -> dict[int, list[PassModel]]:
    """The pass models of an evaluator's data, by table size (malformed ones left out)."""
    out: dict[int, list[PassModel]] = {}
    for players in (2, 3):
        out[players] = [
            PassModel(
                dict(m["conventions"]),
                Model(tuple(float(x) for x in m["weights"]), float(m["sigma"])),
                float(m["early"]),
                float(m["after_pass"]),
            )
            for m in data.get(f"pass{players}", [])
            if tuple(m.get("features", ())) == FEATURES and len(m["weights"]) == len(FEATURES)
        ]
    return out


@dataclass(frozen=True)
class PassValue:
    """What passing now is worth to a seat holding ``hand`` as dealt (its relative
    score in the deal), by the pass model fitted for conventions that ``conv`` holds
    (``Evaluator.measured_pass``): ``early``, nobody over first hand's hundred yet,
    ``after_pass``, and the seat before passed too. None where none was fitted."""

    by_size: tuple[tuple[int, tuple[PassModel, ...]], ...]

    @classmethod
    def of(cls, models: dict[int, list[PassModel]]) -> PassValue:
        """The pass value of the pass models by table size (``load_pass_models``)."""
        return cls(tuple((p, tuple(ms)) for p, ms in sorted(models.items())))

    def __call__(
        self, conv: Conventions, hand: int, players: int, early: bool, after_pass: bool
    ) -> float | None:
        """The pass's value, or None where no model was fitted for ``conv``."""
        for pm in dict(self.by_size).get(table_size(players), ()):
            if all(getattr(conv, k) == v for k, v in pm.conventions.items()):
                u = pm.model.mean(hand, conv.ace_marriage)
                return u + (pm.early + (pm.after_pass if after_pass else 0.0) if early else 0.0)
        return None
