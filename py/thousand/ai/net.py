"""A hidden layer of ReLU units over the rich features (``evaluator.rich_features``),
added to a rich model's linear part: the ``play_net`` value model, which only the
arena's variants use (``Settings.value_model``; its data is in ``data/variants.json``).
Left out of the page's wheel with them (``tools/pycompile.NOT_IN_PAGE``): the
evaluator imports it only when it reads such an entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import MARRIAGE_MASK, MARRIAGE_VALUE, SUIT_MASK, mask_points


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
