"""The margin a bid must beat the pass by (``Settings.bid_margin``).

The bidding decision raises by the smallest step while the bid's value beats the
pass's; a variant may ask for a margin, one for a seat's early call and one over a
bid, as measured by playing close decisions both ways
(``bench/lab/ai_bid_counterfactual.py report``). Every level the page offers has none.
"""

from __future__ import annotations

import dataclasses
import random

from helpers import bidding_observations

from thousand import actions as A
from thousand.ai import STRONG, AIBot
from thousand.ai.auction import is_early
from thousand.ai.settings import LEVELS


def _first(settings: object, obs: object) -> int:
    return AIBot(settings).act(obs, random.Random(2))  # type: ignore[arg-type]


def _values(obs: object) -> tuple[float, float]:
    """The pass's and the smallest bid's values in Strong's own explanation."""
    got = dict(AIBot(STRONG).explain(obs, random.Random(2), budget_ms=None))  # type: ignore[arg-type]
    bids = [a for a in got if A.BID_BASE <= a < A.CONTRACT_BASE]
    return got[A.PASS]["ev"], got[min(bids)]["ev"]


def test_no_level_the_page_offers_asks_for_a_margin() -> None:
    assert all(s.bid_margin == (0.0, 0.0) for s in LEVELS.values())


def test_a_margin_passes_where_the_bid_wins_by_less_and_bids_where_it_wins_by_more() -> None:
    """At each decision, the margin set just above and just below the bid's lead
    over the pass (at early calls and over a bid alike) turns the bid into a pass
    and leaves it a bid."""
    seen = {True: 0, False: 0}
    for obs in bidding_observations("classic", 12, 5):
        u_pass, u_bid = _values(obs)
        lead = u_bid - u_pass
        if abs(lead) < 1.0:
            continue  # (the explanation's values are rounded to a tenth)
        early = is_early(obs, obs.seat)
        seen[early] += 1
        for margin, bids in ((lead - 0.5, True), (lead + 0.5, False)):
            pair = (margin, 0.0) if early else (0.0, margin)
            settings = dataclasses.replace(STRONG, bid_margin=pair)
            choice = _first(settings, obs)
            assert (choice != A.PASS) is bids, (lead, margin, early)
            # The other kind of call's margin leaves this decision alone.
            other = (0.0, margin) if early else (margin, 0.0)
            assert _first(dataclasses.replace(STRONG, bid_margin=other), obs) == _first(STRONG, obs)
    assert seen[True] and seen[False]
