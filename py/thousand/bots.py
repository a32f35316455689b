"""Baseline bots: ``RandomBot`` (uniform legal) and ``EasyBot`` (greedy); ``make_bot``.

A bot sees only ``State.observation(seat)`` and draws randomness from the
``random.Random`` it is given: ``bot.act(obs, rng) -> action id``.
"""

from __future__ import annotations

import random
from typing import Protocol

from . import actions as A
from .cards import (
    ACE,
    ACES_MASK,
    MARRIAGE_MASK,
    MARRIAGE_VALUE,
    POINTS,
    SUIT_MASK,
    TEN,
    marriage_total,
    mask_points,
    trick_winner_card,
)
from .state import Observation, Phase, State


class Bot(Protocol):
    """Anything that picks an action from an observation."""

    name: str

    def act(self, obs: Observation, rng: random.Random) -> int:
        """A legal action for ``obs.seat`` (whose turn it is)."""
        ...


class RandomBot:
    """Uniformly random legal actions."""

    name = "random"

    def act(self, obs: Observation, rng: random.Random) -> int:
        """A random legal action."""
        return rng.choice(obs.legal_actions)


def hand_estimate(hand: int, ace_marriage: bool = False, players: int = 3) -> int:
    """Greedy estimate of the points a hand takes as declarer (talon included)."""
    aces = (hand & ACES_MASK).bit_count()
    tens = sum(1 for s in range(4) if hand >> (6 * s + TEN) & 1 and hand >> (6 * s + ACE) & 1)
    base = 0.8 * mask_points(hand) + 8 * aces + 4 * tens + (20 if players != 2 else 12)
    return int(base) + marriage_total(hand, ace_marriage)


class EasyBot:
    """Greedy: bids from a hand estimate, discards low, cheapest winner or loser."""

    name = "easy"

    def act(self, obs: Observation, rng: random.Random) -> int:
        """A greedy legal action."""
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        ph = obs.phase
        if ph is Phase.REDEAL:
            return A.REDEAL
        if ph is Phase.DARK:
            return A.LOOK
        if ph is Phase.PICK:
            return rng.choice(legal)
        if ph is Phase.BIDDING:
            return self._bid(obs, legal)
        if ph is Phase.DISCARD:
            return self._discard(obs, legal)
        if ph is Phase.CONTRACT:
            return self._contract(obs, legal)
        return self._play(obs, legal)

    def _bid(self, obs: Observation, legal: tuple[int, ...]) -> int:
        if A.UNBLIND in legal:
            est = hand_estimate(obs.hand, obs.conventions.ace_marriage, obs.players)
            return A.UNBLIND if est >= 125 else A.PASS
        est = hand_estimate(obs.hand, obs.conventions.ace_marriage, obs.players)
        bids = [a for a in legal if A.BID_BASE <= a < A.CONTRACT_BASE]
        if bids and (bids[0] - A.BID_BASE) * 5 <= est:
            return bids[0]
        return A.PASS

    def _discard(self, obs: Observation, legal: tuple[int, ...]) -> int:
        if A.REDEAL in legal:
            return A.REDEAL
        hand = obs.hand
        est = hand_estimate(hand, obs.conventions.ace_marriage, obs.players) - 15
        if est < obs.bid - 35:
            given_up = _give_up(legal)
            if given_up is not None:
                return given_up
        keep = 0
        for s in range(4):
            if hand & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]:
                keep |= MARRIAGE_MASK[s]
        keep |= hand & ACES_MASK

        def cost(a: int) -> tuple[int, int, int]:
            c = A.action_card(a)
            suit_len = (hand & SUIT_MASK[c // 6]).bit_count()
            return (1 if keep >> c & 1 else 0, POINTS[c], suit_len)

        moves = [a for a in legal if A.action_card(a) >= 0]
        return min(moves, key=cost)

    def _contract(self, obs: Observation, legal: tuple[int, ...]) -> int:
        hand = obs.hand
        est = hand_estimate(hand, obs.conventions.ace_marriage, obs.players) - 20
        if est < obs.bid - 40:
            given_up = _give_up(legal)
            if given_up is not None:
                return given_up
        values = [a for a in legal if A.CONTRACT_BASE <= a < A.PASS]
        best = values[0]
        for a in values:
            if (a - A.CONTRACT_BASE) * 5 <= est - 10:
                best = a
        return best

    def _play(self, obs: Observation, legal: tuple[int, ...]) -> int:
        decl = [a for a in legal if A.DECLARE_BASE <= a < A.GIVE_BASE]
        if decl:

            def value(a: int) -> int:
                c = a - A.DECLARE_BASE
                return 200 if c % 6 == ACE else MARRIAGE_VALUE[c // 6] * 10 - POINTS[c]

            return max(decl, key=value)
        plays = [a for a in legal if a < A.DECLARE_BASE]
        trump = obs.trump
        if not obs.trick:
            # Lead an ace (a sure trick) when one is held, else the cheapest card.
            aces = [
                c
                for c in plays
                if c % 6 == ACE and (trump < 0 or c // 6 == trump or not self._trumps_out(obs))
            ]
            if aces:
                return max(aces, key=lambda c: POINTS[c])
            return min(plays, key=lambda c: (POINTS[c], c))
        trick = [c for _, c in obs.trick]
        winners = [c for c in plays if trick_winner_card([*trick, c], trump) == c]
        if winners:
            return min(winners, key=lambda c: (POINTS[c], c))
        return min(plays, key=lambda c: (POINTS[c], c))

    @staticmethod
    def _trumps_out(obs: Observation) -> bool:
        if obs.trump < 0:
            return False
        out = SUIT_MASK[obs.trump] & ~obs.played & ~obs.hand
        return out != 0


def _give_up(legal: tuple[int, ...]) -> int | None:
    """A hopeless contract: a bomb (``bombs``: it costs the thrower nothing), else a
    concession (§8), else None (play it out)."""
    if A.BOMB in legal:
        return A.BOMB
    if A.WRITEOFF in legal:
        return A.WRITEOFF
    return None


def bot_action(bot: Bot, state: State, seat: int, rng: random.Random) -> int:
    """``bot``'s action for ``seat`` from its observation; a benchmark oracle
    (``sees_all``, the arena only) is first shown the whole deal."""
    see = getattr(bot, "see_deal", None) if getattr(bot, "sees_all", False) else None
    if see is not None:
        see(state)
    return bot.act(state.observation(seat), rng)


def make_bot(name: str) -> Bot:
    """A bot by level name: random, easy, normal, strong (``strong@2``: twice the work).

    The AI levels live in ``thousand.ai``, imported only when one is asked for:
    the page starts without loading the AI (the AI never imports this module).
    """
    key = name.strip().lower()
    if key == "random":
        return RandomBot()
    if key == "easy":
        return EasyBot()
    try:
        from .ai import make_ai_bot
    except ImportError:  # a build without the AI package
        raise ValueError(f"unknown bot {name!r}; bots: random, easy") from None
    return make_ai_bot(key)


__all__ = [
    "Bot",
    "EasyBot",
    "RandomBot",
    "bot_action",
    "hand_estimate",
    "make_bot",
    "trick_winner_card",
]
