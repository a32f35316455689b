"""Cards as ints and card sets as bit masks (RULES §1).

A card is ``suit * 6 + rank`` with suits ``S C D H`` = 0..3 and ranks
``9 J Q K T A`` = 0..5, so inside a suit a larger int is a stronger card.
A set of cards is an ``int`` whose bit ``c`` is set when card ``c`` is in it.

>>> card_from_str("TS"), card_str(4)
(4, 'TS')
>>> mask_str(cards_mask(["AH", "KH"]))
'KH AH'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

SUITS = "SCDH"
RANKS = "9JQKTA"
SUIT_SYMBOLS = "♠♣♦♥"
NCARDS = 24
FULL_DECK = (1 << NCARDS) - 1

# RULES §1: card points A 11, 10 10, K 4, Q 3, J 2, 9 0.
RANK_POINTS = (0, 2, 3, 4, 10, 11)
POINTS = tuple(RANK_POINTS[c % 6] for c in range(NCARDS))
# RULES §1: marriages ♠ 40, ♣ 60, ♦ 80, ♥ 100; ace marriage 200.
MARRIAGE_VALUE = (40, 60, 80, 100)
ACE_MARRIAGE_VALUE = 200
#: The "suit" of the ace marriage in marriage lists ((seat, suit) pairs): 0-3 are suits.
ACE_MARRIAGE = 4

NINE, JACK, QUEEN, KING, TEN, ACE = range(6)

SUIT_MASK = tuple(0b111111 << (6 * s) for s in range(4))
MARRIAGE_MASK = tuple((1 << (6 * s + QUEEN)) | (1 << (6 * s + KING)) for s in range(4))
NINES_MASK = sum(1 << (6 * s + NINE) for s in range(4))
JACKS_MASK = sum(1 << (6 * s + JACK) for s in range(4))
ACES_MASK = sum(1 << (6 * s + ACE) for s in range(4))

# Card points of every 6-bit suit pattern, for fast mask_points().
_SUIT_PATTERN_POINTS = tuple(sum(RANK_POINTS[r] for r in range(6) if p >> r & 1) for p in range(64))


def card_str(card: int) -> str:
    """Engine notation of a card: rank then suit, e.g. ``TS``."""
    return RANKS[card % 6] + SUITS[card // 6]


def card_from_str(text: str) -> int:
    """Parse ``QS``, ``TS`` or ``10S`` (case-insensitive); ``ValueError`` if malformed."""
    if not isinstance(text, str):
        raise ValueError(f"a card is text like 'QS', not {type(text).__name__}")
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        shown = repr(text) if len(text) <= 12 else repr(text[:11] + "…")
        raise ValueError(f"not a card: {shown} (expected rank 9 J Q K T A + suit S C D H)")
    return SUITS.index(t[1]) * 6 + RANKS.index(t[0])


def iter_cards(mask: int) -> Iterator[int]:
    """The cards of a mask, weakest int first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _suit_patterns(suit: int) -> tuple[tuple[int, ...], ...]:
    """The cards of each 6-bit pattern of ``suit``, indexed by the pattern (built
    by doubling: pattern p | 1 << r is pattern p plus card r; cheap at import)."""
    patterns: list[tuple[int, ...]] = [()]
    for r in range(6):
        card = 6 * suit + r
        patterns += [(*p, card) for p in patterns]
    return tuple(patterns)


# The cards of every 6-bit suit pattern, per suit (hot loops turn masks into lists).
_S0, _S1, _S2, _S3 = (_suit_patterns(s) for s in range(4))

BIT = tuple(1 << c for c in range(NCARDS))  # BIT[c] == 1 << c


def cards_tuple(mask: int) -> tuple[int, ...]:
    """The cards of a mask as a tuple, weakest int first (table lookups, no loop)."""
    return _S0[mask & 63] + _S1[mask >> 6 & 63] + _S2[mask >> 12 & 63] + _S3[mask >> 18]


def cards_list(mask: int) -> list[int]:
    """The cards of a mask as a list."""
    return list(_S0[mask & 63] + _S1[mask >> 6 & 63] + _S2[mask >> 12 & 63] + _S3[mask >> 18])


def cards_mask(cards: Iterable[int | str]) -> int:
    """A mask from cards given as ints or notation strings."""
    m = 0
    for c in cards:
        m |= 1 << (card_from_str(c) if isinstance(c, str) else c)
    return m


def mask_str(mask: int) -> str:
    """Cards of a mask in notation, space-separated."""
    return " ".join(card_str(c) for c in iter_cards(mask))


def mask_points(mask: int) -> int:
    """Card points in a mask (RULES §1)."""
    t = _SUIT_PATTERN_POINTS
    return t[mask & 63] + t[mask >> 6 & 63] + t[mask >> 12 & 63] + t[mask >> 18 & 63]


def marriage_value(kind: int) -> int:
    """RULES §1: the value of a marriage of suit ``kind`` (``ACE_MARRIAGE``: 200)."""
    return ACE_MARRIAGE_VALUE if kind == ACE_MARRIAGE else MARRIAGE_VALUE[kind]


# Marriage value held per 6-bit suit pattern, per suit (Q and K both present).
_M0, _M1, _M2, _M3 = (
    tuple(MARRIAGE_VALUE[s] if p & 0b1100 == 0b1100 else 0 for p in range(64)) for s in range(4)
)


def marriage_total(mask: int, ace_marriage: bool = False) -> int:
    """Sum of the marriage values held (ace marriage 200 when enabled)."""
    total = _M0[mask & 63] + _M1[mask >> 6 & 63] + _M2[mask >> 12 & 63] + _M3[mask >> 18 & 63]
    if ace_marriage and mask & ACES_MASK == ACES_MASK:
        total += ACE_MARRIAGE_VALUE
    return total


def trick_winner_card(trick: Sequence[int], trump: int) -> int:
    """RULES §7: the card winning a (partial) trick: the highest trump, else the
    highest card of the led suit (``trump`` -1 when none is set)."""
    best = trick[0]
    for c in trick[1:]:
        if c // 6 == best // 6:
            if c > best:
                best = c
        elif c // 6 == trump:
            best = c
    return best


def round5(points: int) -> int:
    """RULES §8: round to 5; last digit 1, 2, 6, 7 down and 3, 4, 8, 9 up."""
    return 5 * ((points + 2) // 5)
