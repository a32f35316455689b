"""RULES §1 (cards, points, rank order, marriages) and the action notation."""

from __future__ import annotations

import pytest
from helpers import deal, legal, mask, run

from thousand import IllegalActionError, card_from_str
from thousand.cards import FULL_DECK, marriage_total, mask_points, round5


@pytest.mark.parametrize(
    ("rank", "points"), [("A", 11), ("T", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0)]
)
def test_rules_1_card_points(rank: str, points: int) -> None:
    """RULES §1: A 11, 10 10, K 4, Q 3, J 2, 9 0 in every suit."""
    for suit in "SCDH":
        assert mask_points(mask([rank + suit])) == points


def test_rules_1_suit_holds_30_deck_120() -> None:
    """RULES §1: a suit holds 30 points, the deck 120; 24 cards."""
    for suit in "SCDH":
        assert mask_points(mask([r + suit for r in "9JQKTA"])) == 30
    assert mask_points(FULL_DECK) == 120
    assert FULL_DECK.bit_count() == 24


def test_rules_1_rank_order_in_encoding() -> None:
    """RULES §1: inside a suit A > 10 > K > Q > J > 9 (a larger card int is stronger)."""
    for suit in "SCDH":
        ints = [card_from_str(r + suit) for r in "AТKQJ9".replace("Т", "T")]
        assert ints == sorted(ints, reverse=True)


# A deal to watch one trick: seat 1 (first hand, on 100) leads K♠ and gets beaten by 10♠.
RANK_HANDS = [
    "TS AH TH KH QH 9H AD",  # seat 0: 10♠ beats K♠
    "KS QS AS AC TC KC QC",  # seat 1
    "JS 9S JC 9C TD KD QD",  # seat 2
]
RANK_TALON = "JD 9D JH"


def test_rules_1_ten_beats_king_in_a_trick() -> None:
    """RULES §1 rank order in play: 10 ranks above K (and the trick goes to it, §7)."""
    s = deal(RANK_HANDS, RANK_TALON)
    run(s, "pass; pass; give 9D 2; give JH 0; contract 100")
    run(s, "play KS; play 9S; play TS")
    # trick K♠ 4 + 9♠ 0 + 10♠ 10 = 14 to seat 0, who leads next.
    assert s.tricks[-1][2] == 0
    assert s.pts == [14, 0, 0]
    assert s.current_player() == 0


def test_rules_1_ace_beats_ten_and_nine_is_lowest() -> None:
    """RULES §1 rank order in play: A beats 10; a 9 never beats a higher card of its suit."""
    s = deal(RANK_HANDS, RANK_TALON)
    run(s, "pass; pass; give 9D 2; give JH 0; contract 100")
    run(s, "play AS; play 9S; play TS")
    assert s.tricks[-1][2] == 1
    assert s.pts == [0, 21, 0]  # A 11 + 9 0 + 10 10


@pytest.mark.parametrize(("suit", "value"), [("S", 40), ("C", 60), ("D", 80), ("H", 100)])
def test_rules_1_marriage_values(suit: str, value: int) -> None:
    """RULES §1: marriages ♠ 40, ♣ 60, ♦ 80, ♥ 100."""
    assert marriage_total(mask(["K" + suit, "Q" + suit])) == value
    assert marriage_total(mask(["K" + suit, "J" + suit])) == 0


def test_rules_1_all_marriages_and_ace_marriage_value() -> None:
    """RULES §1: four marriages 280; the optional ace marriage (ace_marriage) is 200."""
    everything = mask([r + s for s in "SCDH" for r in "KQ"])
    assert marriage_total(everything) == 280
    aces = mask(["AS", "AC", "AD", "AH"])
    assert marriage_total(aces) == 0
    assert marriage_total(aces, ace_marriage=True) == 200


@pytest.mark.parametrize(
    ("points", "rounded"),
    [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 5),
        (4, 5),
        (5, 5),
        (6, 5),
        (7, 5),
        (8, 10),
        (9, 10),
        (10, 10),
        (13, 15),
        (17, 15),
        (18, 20),
        (21, 20),
        (22, 20),
        (23, 25),
        (24, 25),
        (116, 115),
        (118, 120),
        (120, 120),
    ],
)
def test_rules_8_rounding_to_five(points: int, rounded: int) -> None:
    """RULES §8: last digit 1, 2, 6, 7 rounds down; 3, 4, 8, 9 up (17->15, 18->20, 13->15)."""
    assert round5(points) == rounded


def test_notation_bad_text_is_an_illegal_action() -> None:
    """Notation: apply_str with a malformed action raises IllegalActionError with the reason."""
    s = deal(RANK_HANDS, RANK_TALON)
    with pytest.raises(IllegalActionError, match="multiple of 5"):
        s.apply_str("bid 107")
    with pytest.raises(IllegalActionError, match="unknown action"):
        s.apply_str("shout 105")
    assert "bid 105" in legal(s)


def test_cards_tuple_lists_every_mask_weakest_first() -> None:
    """The suit-pattern tables behind cards_tuple (built by doubling at import)
    against the plain definition, on every pattern of every suit."""
    from thousand.cards import cards_tuple, iter_cards

    for suit in range(4):
        for pattern in range(64):
            m = pattern << (6 * suit)
            assert cards_tuple(m) == tuple(iter_cards(m))
    assert cards_tuple(FULL_DECK) == tuple(range(24))
