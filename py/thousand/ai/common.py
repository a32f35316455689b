"""Shared helpers of the AI: seats in play order and solver positions."""

from __future__ import annotations

from collections.abc import Mapping

from ..state import Observation
from .solver import Position


def play_order(obs: Observation) -> tuple[int, ...]:
    """The active seats in play order starting from the declarer (position 0 first)."""
    act = obs.active
    i = act.index(obs.declarer)
    return act[i:] + act[:i]


def position_from_obs(
    obs: Observation, hands: Mapping[int, int], talon_points: int = 0
) -> Position:
    """The solver position of a play-phase observation, given every active seat's hand."""
    order = play_order(obs)
    pos_of = {s: i for i, s in enumerate(order)}
    trick = [c for _, c in obs.trick]
    leader_seat = obs.trick[0][0] if obs.trick else obs.current_player
    won = 0
    for s in order:
        if obs.tricks_won[s]:
            won |= 1 << pos_of[s]
    return Position(
        n=len(order),
        hands=[obs.hand if s == obs.seat else hands[s] for s in order],
        leader=pos_of[leader_seat],
        trick=trick,
        trump=obs.trump,
        trump_pos=pos_of.get(obs.trump_seat, -1),
        won=won,
        talon_points=talon_points,
    )
