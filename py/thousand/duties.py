"""RULES §7: which cards may be played — the one home of the follow and lead duties.

The engine (``State.legal_actions``) and the open-hand solver
(``ai.solver.legal_moves``) both ask these functions. The solver's innermost
search loop keeps an inlined copy of ``follow_mask`` for speed;
``tests/engine/test_duties.py`` checks that the two agree.

>>> from thousand.cards import cards_mask
>>> hand = cards_mask(["AS", "KH", "9D"])
>>> follow_mask(hand, [cards_mask(["TS"]).bit_length() - 1], trump=3, must_beat=False) == (
...     cards_mask(["AS"]))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ACE, ACES_MASK, KING, MARRIAGE_MASK, QUEEN, SUIT_MASK, trick_winner_card


def follow_mask(hand: int, trick: Sequence[int], trump: int, must_beat: bool) -> int:
    """§7 the cards that may follow to ``trick`` (cards in play order, non-empty).

    The led suit if held, else a trump if a trump is set and held, else any
    card; ``must_beat`` (the Polish duty) narrows either to the cards that head
    the trick when there are such cards.
    """
    ls = trick[0] // 6
    follow = hand & SUIT_MASK[ls]
    if follow:
        if must_beat:
            w = trick_winner_card(trick, trump)
            if w // 6 == ls:
                higher = follow & ~((2 << w) - 1)
                if higher:
                    return higher  # must_beat: a higher card of the led suit
        return follow
    if trump >= 0:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            if must_beat:
                w = trick_winner_card(trick, trump)
                if w // 6 == trump:
                    higher = trumps & ~((2 << w) - 1)
                    if higher:
                        return higher  # must_beat: over-trump when possible
            return trumps
    return hand


def lead_mask(
    hand: int, trump: int, own_trump: bool, must_lead_trump: bool, no_lead_foreign_trump: bool
) -> int:
    """§7 the cards that may be led (``own_trump``: the leader declared the trump)."""
    if trump >= 0:
        tm = SUIT_MASK[trump]
        if must_lead_trump and hand & tm:
            return hand & tm  # must_lead_trump
        if no_lead_foreign_trump and not own_trump and hand & ~tm:
            return hand & ~tm  # no_lead_foreign_trump
    return hand


def declaring_leads(hand: int, plays: int, may_declare: bool, ace_marriage: bool) -> list[int]:
    """§7 the cards whose lead declares: Q and K of each marriage held, then (with
    ``ace_marriage``) the playable aces when all four are held.

    ``may_declare``: the leader has won a trick this deal (or
    ``declare_on_first_lead``); ``plays`` is ``lead_mask``'s answer.
    """
    out: list[int] = []
    if not may_declare:
        return out
    for s in range(4):
        mm = MARRIAGE_MASK[s]
        if hand & mm == mm:
            out.append(6 * s + QUEEN)
            out.append(6 * s + KING)
    if ace_marriage and hand & ACES_MASK == ACES_MASK:
        out.extend(6 * s + ACE for s in range(4) if plays >> (6 * s + ACE) & 1)
    return out
