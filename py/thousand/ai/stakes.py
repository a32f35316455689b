"""The game's stakes of a deal (RULES §9): what a result does beyond its points.

Everything the AI ranks is in one currency, the seat's relative score of the
deal (see ``auction.py``). A deal can also end the game, put a player on the
barrel or throw one off it; these are priced here, in the same currency, for
the auction and for card play alike.
"""

from __future__ import annotations

from ..state import Observation

GAME_BONUS = 300.0  # making a contract that wins the game
BARREL_FALL = 40.0  # leaving the barrel without winning: the climb back to it is lost
# A barrel player holding the bid may end the game with it: another's game costs
# about what one's own is worth, and about half of such contracts are made.
BARREL_BLOCK = GAME_BONUS / 2


def make_bonus(obs: Observation, seat: int, value: int) -> float:
    """Extra utility of making a contract worth ``value``: winning the game, or a samosval."""
    conv = obs.conventions
    total = obs.totals[seat]
    if conv.barrel and obs.on_barrel[seat]:
        return GAME_BONUS if total + value >= conv.target else 0.0
    new = total + value
    if conv.barrel and new >= conv.barrel_at:  # §9 capped at the barrel
        if any(obs.on_barrel[s] for s in obs.active if s != seat) and conv.barrel_knock_off:
            return 60.0  # knocks the one sitting there off
        return BARREL_FALL  # the climb onto the barrel
    if new >= conv.target:
        return GAME_BONUS
    if conv.samosval and new == 555:
        return -float(new)  # samosval: the total drops to 0
    return 0.0


def barrel_fall_cost(obs: Observation, seat: int) -> float:
    """§9 What leaving the barrel without winning costs ``seat`` beyond the points
    written for it: nothing when it does not sit there; else the climb back
    (``BARREL_FALL``), or, when it would be the third failed barrel under
    ``three_barrels_zero``, the whole total left."""
    conv = obs.conventions
    if not (conv.barrel and obs.on_barrel[seat]):
        return 0.0
    if conv.finish_barrel and conv.three_barrels_zero and obs.barrel_falls[seat] >= 2:
        return max(BARREL_FALL, float(obs.totals[seat] - conv.penalty))
    return BARREL_FALL
