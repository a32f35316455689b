"""RULES §7 follow and lead duties (``thousand.duties``), checked against the rule
text written out as brute force; the solver's inlined copy of the follow duty is
checked by ``test_ai_solver`` (its values equal minimax through the engine)."""

from __future__ import annotations

import random

from thousand.cards import SUIT_MASK, cards_list, trick_winner_card
from thousand.duties import follow_mask, lead_mask


def _by_the_rule(hand: int, trick: list[int], trump: int, must_beat: bool) -> int:
    """§7 and must_beat as stated: follow suit, else trump, else anything; under
    must_beat, of those cards the ones that would win the trick if there are any."""
    led = trick[0] // 6
    cards = [c for c in cards_list(hand) if c // 6 == led]
    if not cards and trump >= 0:
        cards = [c for c in cards_list(hand) if c // 6 == trump]
    if not cards:
        cards = cards_list(hand)
    if must_beat:
        winners = [c for c in cards if trick_winner_card([*trick, c], trump) == c]
        cards = winners or cards
    return sum(1 << c for c in cards)


def test_follow_mask_matches_rule_7_and_must_beat() -> None:
    rng = random.Random(7)
    for _ in range(4000):
        deck = rng.sample(range(24), 24)
        hand = sum(1 << c for c in deck[: rng.randint(1, 8)])
        trick = deck[8 : 8 + rng.randint(1, 2)]
        trump = rng.randint(-1, 3)
        must_beat = rng.random() < 0.5
        assert follow_mask(hand, trick, trump, must_beat) == _by_the_rule(
            hand, trick, trump, must_beat
        )


def test_lead_mask_must_lead_trump_and_no_lead_foreign_trump() -> None:
    hearts = SUIT_MASK[3]
    hand = (1 << 23) | (1 << 0)  # A♥ and 9♠
    assert lead_mask(hand, 3, False, True, False) == hand & hearts  # must_lead_trump
    assert lead_mask(hand, 3, False, False, True) == hand & ~hearts  # no_lead_foreign_trump
    assert lead_mask(hand, 3, True, False, True) == hand  # own trump may be led
    assert lead_mask(hand & hearts, 3, False, False, True) == hand & hearts  # only trumps left
    assert lead_mask(hand, -1, False, True, True) == hand  # no trump yet
