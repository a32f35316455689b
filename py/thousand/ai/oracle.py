"""The benchmark oracle: Strong's search on the true deal (it sees every card).

Not a level of the page: it exists to measure how far Strong is from a player
who knows where every card is, the headroom that inference could close.
``OracleBot`` decides exactly as Strong does, with one world, the real one,
in place of the sampled ones (the talon, the other hands, the passed cards),
and Strong's node budget spent on it alone. It is only useful where the whole
deal is at hand: the arena shows it before each decision (``see_deal``, called
by ``bots.bot_action``), and a decision without a matching deal raises.

    python -m thousand.arena --a oracle --b strong --deals 100 --seed 2001

Two half-oracles split the headroom between the auction and the card play:
``oracle_play`` bids, discards and chooses its contract as Strong does (from
its own observation, sampled worlds) and plays its cards on the true deal;
``oracle_auction`` is the converse (the true deal until the play, then
Strong's sampled play); ``oracle_bidding`` sees the deal only until it has
seen the talon (the bids, a redeal, the dark game), ``oracle_talon`` only in
the declarer's decisions after it (the passed cards, the contract).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from ..state import Observation, Phase, State
from .bot import AIBot
from .sampler import KnownDeal, World
from .settings import STRONG
from .think import Context, Decision

# One world: no repeats of it (no extension: more worlds would be the same one), and
# the node budget of Strong's worlds on that one.
ORACLE = dataclasses.replace(
    STRONG,
    name="oracle",
    play_samples=(0, 1),
    min_worlds=1,
    node_limit=STRONG.play_nodes,
    discard_worlds=1,
    discard_node_limit=STRONG.discard_nodes,
    bid_talons=1,
    pool=1,
    extend=1.0,
)


_BIDDING = frozenset({Phase.DARK, Phase.REDEAL, Phase.BIDDING, Phase.PICK})
_TALON = frozenset({Phase.DISCARD, Phase.CONTRACT})
# The phases in which each variant decides on the true deal (in the others, as Strong).
OPEN_PHASES = {
    "all": frozenset(Phase),
    "play": frozenset({Phase.PLAY}),
    "auction": _BIDDING | _TALON,
    "bidding": _BIDDING,
    "talon": _TALON,
}


def true_world(state: State) -> KnownDeal:
    """The deal as it stands in ``state``: every hand, the talon, the passes."""
    n = state.n
    hands = {s: state.hands[s] for s in state.active}
    dealt = {s: state.dealt_hands[s] for s in state.active}
    gives = [(c, s) for c, s in state.gives]
    if n == 2:
        t0, t1 = state.talons
        if state.declarer >= 0 and state.phase is not Phase.PICK:
            talon = state.talon
            other = t1 if talon == t0 else t0
            world = World(hands, dealt, talon, other, state.aside, gives)
            return KnownDeal(world)
        return KnownDeal(World(hands, dealt, t0, t1, 0, gives), other_talon=t1)
    return KnownDeal(World(hands, dealt, state.talon, 0, 0, gives))


class OracleBot(AIBot):
    """Strong's decisions on the true deal, shown by the arena (``see_deal``)."""

    sees_all = True

    def __init__(self, phases: str = "all") -> None:
        if phases not in OPEN_PHASES:
            raise ValueError(f"unknown oracle phases {phases!r}")
        name = "oracle" if phases == "all" else f"oracle_{phases}"
        super().__init__(dataclasses.replace(ORACLE, name=name))
        self.phases = phases
        self._open = OPEN_PHASES[phases]
        self._strong = AIBot(STRONG, self.evaluator)
        self._known: KnownDeal | None = None

    def see_deal(self, state: State) -> None:
        """Be shown the whole deal before the next decision."""
        self._known = true_world(state)

    def _decision(self, obs: Observation, rng: random.Random) -> Callable[[Context], Decision]:
        known = self._known
        self._known = None
        if obs.phase not in self._open:
            return self._strong._decision(obs, rng)
        if known is None or (obs.looked and known.world.hands.get(obs.seat) != obs.hand):
            raise ValueError("the oracle decides only on a deal shown to it (see_deal)")
        inner = super()._decision(obs, rng)

        def make(ctx: Context) -> Decision:
            ctx.known = known
            return inner(ctx)

        return make
