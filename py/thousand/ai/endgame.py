"""Vector minimax over the sampled worlds for the last tricks of the play.

PIMC (``play.py``) solves every world open-handed, so in each world the seat
plays its later cards knowing that world: it counts on guessing right at
every later choice (strategy fusion). Vector minimax (Frank and Basin,
"Search in games with incomplete information: a case study using Bridge card
play", 1998) searches the worlds together instead: a node is a public
history and holds every world still consistent with it; the value is a
vector, one final outcome per world. At the seat's own turn it must play the
same card in every world of the node (it cannot tell them apart), and picks
the card with the best sum of its utilities over them; at another position's
turn each world keeps its own best answer (the others are taken to know the
world, as in the solver: the declarer maximises its points, the defenders
minimise them), and the worlds in which a card is legal go down its branch
together.

Each world's outcome is every position's final deal points, so the seat's
utility is the same ``Scorer`` one PIMC averages. The cost grows fast with
the cards left; ``Settings.fused_cards`` bounds the hand size it is used at.

>>> from thousand.cards import cards_mask as m
>>> p = Position(3, [m(["AS", "9H"]), m(["TS", "KH"]), m(["KS", "QH"])], 0)
>>> worlds = [(p, [0, 0, 0])]
>>> ace = m(["AS"]).bit_length() - 1
>>> vector_values(worlds, 0, Rules(), lambda f: f[0], [ace])
[[[25, 7, 0]]]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .solver import Position, Rules, apply_move, legal_moves

Outcome = list[int]  # every position's final deal points
Utility = Callable[[Outcome], float]  # the seat's utility of one world's outcome


def vector_values(
    worlds: Sequence[tuple[Position, Outcome]],
    me: int,
    rules: Rules,
    utility: Utility,
    moves: Sequence[int],
) -> list[list[Outcome]]:
    """Per root move of position ``me`` (to move in every world, the same hand):
    each world's final outcome when the seat's later cards are one choice for
    all the worlds it cannot tell apart. ``worlds``: each world's position and
    the points every position holds so far."""
    out = []
    for mv in moves:
        after = []
        for pos, pts in worlds:
            q = pos.copy()
            p = pts[:]
            apply_move(q, mv, p)
            after.append((q, p))
        out.append(_node(after, me, rules, utility))
    return out


def _node(
    group: list[tuple[Position, Outcome]], me: int, rules: Rules, utility: Utility
) -> list[Outcome]:
    """Final outcomes of the worlds of one public history, in their order."""
    first = group[0][0]
    if not any(first.hands):
        return [pts for _, pts in group]
    if first.hands[me].bit_count() <= 1:
        # No choice of the seat's is left (one card is forced): each world on its own.
        return [_solo(pos, pts, rules) for pos, pts in group]
    p = first.to_move()
    if p == me:
        best: list[Outcome] | None = None
        best_u = 0.0
        for mv in legal_moves(first, rules):
            res = vector_values(group, me, rules, utility, [mv])[0]
            u = sum(utility(f) for f in res)
            if best is None or u > best_u:
                best, best_u = res, u
        assert best is not None
        return best
    # Another position: the worlds in which a move is legal go down it together;
    # each world then keeps its own best branch.
    legal = [legal_moves(pos, rules) for pos, _ in group]
    chosen: list[Outcome | None] = [None] * len(group)
    for mv in sorted({m for ms in legal for m in ms}):
        idx = [i for i, ms in enumerate(legal) if mv in ms]
        res = vector_values([group[i] for i in idx], me, rules, utility, [mv])[0]
        for i, f in zip(idx, res, strict=True):
            c = chosen[i]
            if c is None or (f[0] > c[0] if p == 0 else f[0] < c[0]):
                chosen[i] = f
    return [c for c in chosen if c is not None]


def _solo(pos: Position, pts: Outcome, rules: Rules) -> Outcome:
    """One world's final outcome under open-hand minimax on the declarer's points."""
    if not any(pos.hands):
        return pts
    p = pos.to_move()
    best: Outcome | None = None
    for mv in legal_moves(pos, rules):
        q = pos.copy()
        f = pts[:]
        apply_move(q, mv, f)
        f = _solo(q, f, rules)
        if best is None or (f[0] > best[0] if p == 0 else f[0] < best[0]):
            best = f
    assert best is not None
    return best


__all__ = ["vector_values"]
