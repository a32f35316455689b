"""The card art: SVG symbols for the 24 cards of 1000 and a back (pure functions).

The one home of the card drawing. ``cards_svg/make_cards.py`` writes the whole
sprite (``sprite()``) to ``cards_svg/cards.svg`` for the page, and the static
diagrams (``thousand.diagram``) inline only the symbols they use (``defs``).

Ids follow the engine notation, rank ``9 J Q K T A`` + suit ``S C D H``::

    <svg class="card" viewBox="0 0 250 350"><use href="cards_svg/cards.svg#card-TS"/></svg>

shows the ten of spades ("10" on its face); ``#card-back`` is the back. Every
card is a ``<symbol viewBox="0 0 250 350">`` (5:7), drawn with vector shapes and
system fonts only, so it is crisp at any size. Readable at phone width: a big
corner index (rank over suit) in the top-left and, turned, bottom-right corner.
Court cards are a framed letter over a large pip; 9 and 10 carry the classic
pip layout; the ace one large pip. Internal ids all start with ``cards-`` so
the sprite can also be inlined into a page without clashes.

>>> defs(["TS"]).count("<symbol"), defs(["TS", "9S"], back=True).count("<symbol")
(2, 4)
>>> symbol_ids(["QH", "9H"], back=False)
('cards-suit-H', 'card-9H', 'card-QH')
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = ("9", "J", "Q", "K", "T", "A")
SUITS = ("S", "C", "D", "H")
W, H = 250, 350
RED, BLACK = "#c0182a", "#17181c"
SUIT_COLOR = {"S": BLACK, "C": BLACK, "D": RED, "H": RED}
SUIT_NAME = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}
RANK_NAME = {"9": "nine", "J": "jack", "Q": "queen", "K": "king", "T": "ten", "A": "ace"}
RANK_FACE = {"T": "10"}  # shown on the card; the id keeps "T"
SANS = "Arial,'Liberation Sans','DejaVu Sans',Helvetica,sans-serif"
SERIF = "Georgia,'DejaVu Serif','Liberation Serif','Times New Roman',serif"

# Suit outlines in a 100 x 100 box, centred on (50, 50).
SUIT_PATHS = {
    "S": (
        "M50 2C58 18 76 30 89 43C101 55 101 73 89 82C79 89 64 87 56 77"
        "C57 88 62 95 70 99H30C38 95 43 88 44 77C36 87 21 89 11 82"
        "C-1 73-1 55 11 43C24 30 42 18 50 2Z"
    ),
    "H": (
        "M50 97C38 83 20 68 9 53C-4 36 1 10 24 5C37 2 46 10 50 20"
        "C54 10 63 2 76 5C99 10 104 36 91 53C80 68 62 83 50 97Z"
    ),
    "D": "M50 1C60 20 74 36 90 50C74 64 60 80 50 99C40 80 26 64 10 50C26 36 40 20 50 1Z",
    "C": (
        "M50 4a21 21 0 1 1 0 42a21 21 0 1 1 0-42Z"
        "M26 37a21 21 0 1 1 0 42a21 21 0 1 1 0-42Z"
        "M74 37a21 21 0 1 1 0 42a21 21 0 1 1 0-42Z"
        "M44 36H56V62H44Z"
        "M46 60C46 80 41 91 30 99H70C59 91 54 80 54 60Z"
    ),
}

# Pip centres (x, y) for the number cards; pips below the middle are turned.
_COLS = (86, 125, 164)
_ROWS4 = (76, 142, 208, 274)
PIP_LAYOUT = {
    "9": [(x, y) for x in (_COLS[0], _COLS[2]) for y in _ROWS4] + [(_COLS[1], 175)],
    "T": [(x, y) for x in (_COLS[0], _COLS[2]) for y in _ROWS4]
    + [(_COLS[1], 109), (_COLS[1], 241)],
    "A": [(125, 175)],
}
PIP_SIZE = {"9": 44, "T": 44, "A": 118}


def _num(v: float) -> str:
    """Format a coordinate without trailing zeros."""
    return f"{v:.2f}".rstrip("0").rstrip(".")


def pip(suit: str, cx: float, cy: float, size: float, *, turned: bool = False) -> str:
    """Return a ``<use>`` of the suit outline centred on (cx, cy), ``size`` wide."""
    x, y = _num(cx - size / 2), _num(cy - size / 2)
    turn = f' transform="rotate(180 {_num(cx)} {_num(cy)})"' if turned else ""
    s = _num(size)
    return f'<use href="#cards-suit-{suit}" x="{x}" y="{y}" width="{s}" height="{s}"{turn}/>'


def corner_index(rank: str, suit: str) -> str:
    """Return the top-left index (rank over suit) and its turned copy bottom-right."""
    face = RANK_FACE.get(rank, rank)
    fit = ' textLength="54" lengthAdjust="spacingAndGlyphs"' if len(face) > 1 else ""
    index = (
        f'<text x="33" y="66" text-anchor="middle" font-family="{SANS}" font-size="64"'
        f' font-weight="700"{fit}>{face}</text>' + pip(suit, 33, 96, 40)
    )
    return f'<g>{index}</g><g transform="rotate(180 {W // 2} {H // 2})">{index}</g>'


def card_frame(fill: str = "#fff") -> str:
    """Return the card outline: rounded, with a thin grey edge."""
    return (
        f'<rect x="2" y="2" width="{W - 4}" height="{H - 4}" rx="16" fill="{fill}"'
        ' stroke="#8a8f98" stroke-width="3"/>'
    )


def court_art(rank: str, suit: str) -> str:
    """Return the middle of a court card: a tinted frame, the letter and a large pip."""
    color = SUIT_COLOR[suit]
    tint = "#fbeee9" if color == RED else "#eef0f4"
    letter = f'<text x="125" y="166" text-anchor="middle" font-family="{SERIF}" font-size="112"'
    letter += f' font-weight="700">{rank}</text>'
    return (
        f'<rect x="62" y="36" width="126" height="278" rx="10" fill="{tint}"'
        f' stroke="{color}" stroke-width="3"/>'
        f'<rect x="69" y="43" width="112" height="264" rx="6" fill="none"'
        f' stroke="{color}" stroke-width="1.2" opacity=".55"/>' + letter + pip(suit, 125, 236, 80)
    )


def card_face(rank: str, suit: str) -> str:
    """Return the ``<symbol>`` for one card face, id ``card-<rank><suit>``."""
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"no such card: {rank}{suit}")
    if rank in PIP_LAYOUT:
        size = PIP_SIZE[rank]
        art = "".join(pip(suit, x, y, size, turned=y > H / 2) for x, y in PIP_LAYOUT[rank])
    else:
        art = court_art(rank, suit)
    title = f"{RANK_NAME[rank]} of {SUIT_NAME[suit]}"
    return (
        f'<symbol id="card-{rank}{suit}" viewBox="0 0 {W} {H}"><title>{title}</title>'
        f'{card_frame()}<g fill="{SUIT_COLOR[suit]}">{corner_index(rank, suit)}{art}</g></symbol>'
    )


def lattice(x0: int, y0: int, x1: int, y1: int, step: int) -> str:
    """Return path data for both diagonals every ``step`` units, cut to the box.

    The lines are clipped here rather than with a ``<clipPath>``, which is
    costly to paint 24 times over in software rendering.
    """
    parts = []
    for k in range(x0 - (y1 - y0), x1 + 1, step):
        # "\" lines: x - y = k - y0 ; "/" lines: x + y = k + y1 (mirror image)
        for slope in (1, -1):
            pts = []
            for y in (y0, y1):
                x = k + (y - y0) if slope == 1 else k + (y1 - y)
                pts.append((x, y))
            (ax, ay), (bx, by) = pts
            # clip x to [x0, x1] along the 45-degree line
            if ax > bx:
                (ax, ay), (bx, by) = (bx, by), (ax, ay)
            if bx < x0 or ax > x1:
                continue
            if ax < x0:
                ay += (x0 - ax) * (1 if by > ay else -1)
                ax = x0
            if bx > x1:
                by -= (bx - x1) * (1 if by > ay else -1)
                bx = x1
            if (ax, ay) != (bx, by):
                parts.append(f"M{ax} {ay}L{bx} {by}")
    return "".join(parts)


# "1000" on the back drawn as strokes, not text: no font, and no text layout
# for the 24 backs the page paints before Python loads.
SEAL_1000 = (
    "M79 166L87 160V191M75 191H99"  # 1
    + "".join(f"M{x} 175.5a10 15.5 0 1 0 20 0a10 15.5 0 1 0 -20 0Z" for x in (107, 131, 155))
)


def card_back() -> str:
    """Return the ``<symbol>`` for the card back: a diamond lattice and a "1000" seal."""
    x0, y0, x1, y1 = 16, 16, W - 16, H - 16
    return (
        f'<symbol id="card-back" viewBox="0 0 {W} {H}"><title>card back</title>'
        f"{card_frame('#fff')}"
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="9" fill="#1f3f73"/>'
        f'<path d="{lattice(x0, y0, x1, y1, 25)}" stroke="#3f67a6" stroke-width="3"/>'
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="9" fill="none"'
        ' stroke="#c9a54a" stroke-width="4"/>'
        '<ellipse cx="125" cy="175" rx="62" ry="40" fill="#1f3f73" stroke="#c9a54a"'
        ' stroke-width="4"/>'
        f'<path d="{SEAL_1000}" fill="none" stroke="#e8cf86" stroke-width="6"'
        ' stroke-linecap="round" stroke-linejoin="round"/></symbol>'
    )


def suit_symbol(suit: str) -> str:
    """Return the ``<symbol>`` of a suit outline, id ``cards-suit-<suit>`` (no fill)."""
    if suit not in SUIT_PATHS:
        raise ValueError(f"no such suit: {suit}")
    path = SUIT_PATHS[suit]
    return f'<symbol id="cards-suit-{suit}" viewBox="0 0 100 100"><path d="{path}"/></symbol>'


def _split(card: str) -> tuple[str, str]:
    if not isinstance(card, str) or len(card) != 2:
        raise ValueError(f"no such card: {card!r}")
    return card[0], card[1]


def symbol_ids(
    cards: Iterable[str], back: bool = False, suits: Iterable[str] = ()
) -> tuple[str, ...]:
    """The ids ``defs`` defines for these cards (engine notation), in sprite order."""
    want = {_split(c) for c in cards}
    need_suits = {s for _, s in want} | set(suits)
    ids = [f"cards-suit-{s}" for s in SUIT_PATHS if s in need_suits]
    ids += [f"card-{r}{s}" for s in SUITS for r in RANKS if (r, s) in want]
    if back:
        ids.append("card-back")
    return tuple(ids)


def defs(cards: Iterable[str], back: bool = False, suits: Iterable[str] = ()) -> str:
    """The symbols that drawing these cards needs: their suits, faces and the back.

    ``cards`` in engine notation (``TS``); ``suits`` adds suit outlines drawn on
    their own (a trump mark). Unknown cards raise ``ValueError``.
    """
    want = {_split(c) for c in cards}
    for r, s in want:
        if r not in RANKS or s not in SUITS:
            raise ValueError(f"no such card: {r}{s}")
    need_suits = {s for _, s in want} | set(suits)
    parts = [suit_symbol(s) for s in SUIT_PATHS if s in need_suits]
    parts += [card_face(r, s) for s in SUITS for r in RANKS if (r, s) in want]
    if back:
        parts.append(card_back())
    return "".join(parts)


def sprite() -> str:
    """Return the whole sprite document (``cards_svg/cards.svg``)."""
    suits = "".join(suit_symbol(s) for s in SUIT_PATHS)
    faces = "\n".join(card_face(r, s) for s in SUITS for r in RANKS)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" style="display:none">\n'
        "<!-- Generated by cards_svg/make_cards.py; edit that file, not this one. -->\n"
        f"<defs>{suits}</defs>\n{faces}\n{card_back()}\n</svg>\n"
    )
