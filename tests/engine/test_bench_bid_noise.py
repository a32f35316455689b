"""``bench/lab/ai_bid_noise.py``: the bid decisions it values and the spread it reports."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from thousand import actions as A
from thousand.ai import make_ai_bot
from thousand.conventions import Conventions
from thousand.state import Phase

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "lab"))

import ai_bid_noise as bn


def test_the_decisions_are_bids_against_a_pass_and_the_margin_is_seeded() -> None:
    """Every decision picked may pass or bid; a seed gives one margin, seeds differ."""
    bot = make_ai_bot("strong")
    found = bn.decisions(Conventions(), 8, bot)
    assert len(found) >= 4
    for obs in found:
        assert obs.phase is Phase.BIDDING and A.PASS in obs.legal_actions
        assert len(obs.legal_actions) > 1
    obs = found[0]
    assert bn.margin(bot, obs, 1) == bn.margin(bot, obs, 1)
    spread = [statistics.pstdev([bn.margin(bot, o, s) for s in range(3)]) for o in found]
    assert max(spread) > 0
