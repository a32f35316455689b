"""The rules' predicates: one home for each rule that more than the engine asks about.

``State`` decides legality with these; the AI (``thousand.ai``) plans with the
same ones, so the two can never disagree about what a seat may do; refusals
explain with them. Each is a pure function of the conventions and the facts it
needs (a hand as a card mask, the standing), never of a whole state, so a bot
can ask it about a world it only imagines.

>>> from thousand import Conventions
>>> from thousand.cards import cards_mask
>>> bid_limit(Conventions(), cards_mask("KH QH 9S".split()))  # 120 + the ♥ marriage
220
>>> contract_values(Conventions(bid_step=10, min_raise=10), 100, 135)
[100, 110, 120, 130]
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import JACKS_MASK, NINES_MASK, marriage_total, mask_points
from .conventions import Conventions


def bid_limit(conv: Conventions, hand: int) -> int:
    """§5/§6 the highest bid or contract a hand may name: 120 plus the marriages it
    holds, capped at ``bid_cap`` (``bid_over_120_without_marriage``: the cap)."""
    if conv.bid_over_120_without_marriage:
        return conv.bid_cap
    return min(conv.bid_cap, 120 + marriage_total(hand, conv.ace_marriage))


def contract_values(conv: Conventions, lo: int, hi: int) -> list[int]:
    """The bids or contracts from ``lo`` up to ``hi`` (``bid_step``: 5, or 10 under
    the Polish rules; ``lo`` is already on the step)."""
    return list(range(lo, hi + 1, conv.bid_step))


def may_concede(
    conv: Conventions, *, golden: bool, dark: bool, barrel: Sequence[int], writeoffs: int
) -> bool:
    """§8 whether the declarer may concede (``write_off`` and the conventions that
    limit it: ``write_off_on_golden``, ``dark_write_off``, ``write_off_on_barrel``
    while anybody sits on the barrel, ``write_off_limit`` against the declarer's
    concessions so far)."""
    if not conv.write_off:
        return False
    if golden and not conv.write_off_on_golden:
        return False
    if dark and not conv.dark_write_off:
        return False
    if conv.barrel and any(barrel) and not conv.write_off_on_barrel:
        return False
    return conv.write_off_limit is None or writeoffs < conv.write_off_limit


def hand_redeal(conv: Conventions, hand: int, first_hand: bool) -> str:
    """§4 why a dealt hand allows a redeal before the bidding (a ``REDEAL_WHY`` code
    of ``thousand.sheet``), or "" (redeal_hand_below, redeal_four_nines with
    redeal_first_hand_three_nines, redeal_four_jacks)."""
    if conv.redeal_hand_below is not None and mask_points(hand) < conv.redeal_hand_below:
        return "hand_below"
    if conv.redeal_four_nines:
        nines = (hand & NINES_MASK).bit_count()
        if nines == 4:
            return "four_nines"
        if nines == 3 and first_hand and conv.redeal_first_hand_three_nines:
            return "three_nines"
    if conv.redeal_four_jacks and (hand & JACKS_MASK).bit_count() == 4:
        return "four_jacks"
    return ""


def talon_redeal(conv: Conventions, talon: int, on_100: bool) -> str:
    """§4 why the talon lets the declarer ask a redeal (``talon_below``,
    ``talon_nines``), or "" (``redeal_only_on_100``: only when playing on 100)."""
    if conv.redeal_only_on_100 and not on_100:
        return ""
    below = conv.redeal_talon_below
    if below is not None and mask_points(talon) < below:
        return "talon_below"
    if conv.redeal_two_nines_in_talon and (talon & NINES_MASK).bit_count() >= 2:
        return "talon_nines"
    return ""
