"""Shared helpers for the rules tests: hand-built deals, scripted actions, legal sets.

Imported as ``from helpers import ...`` (pytest puts this directory on sys.path
because ``tests/engine`` has no ``__init__.py``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from thousand import Conventions, Phase, State, action_str, cards_mask
from thousand.bots import EasyBot
from thousand.cards import FULL_DECK
from thousand.state import Game, Observation


def cards(text: str | Iterable[str]) -> list[str]:
    """Card notation strings from ``"AS TS KS"`` (or a list, returned as a list)."""
    return text.split() if isinstance(text, str) else list(text)


def mask(text: str | Iterable[str]) -> int:
    """A card mask from ``"AS TS KS"``."""
    return cards_mask(cards(text))


def check_full_deck(hands: list[Any], talon: Any) -> None:
    """Fail loudly when a hand-built deal does not use each of the 24 cards once."""
    parts = [mask(h) for h in hands]
    if isinstance(talon, tuple):
        parts += [mask(t) for t in talon]
    else:
        parts.append(mask(talon))
    total = sum(p.bit_count() for p in parts)
    union = 0
    for p in parts:
        union |= p
    assert total == 24 and union == FULL_DECK, f"bad test deal: {total} cards, {union:#x}"


def deal(
    hands: list[str],
    talon: Any,
    *,
    dealer: int = 0,
    totals: list[int] | None = None,
    c: Conventions | None = None,
    **kw: Any,
) -> State:
    """A game whose first deal is given: ``hands`` as ``"AS TS ..."`` strings per seat.

    ``talon`` is a string (2 players: a tuple of two strings). Conventions are
    ``c`` or Classic changed by ``kw``.
    """
    check_full_deck(hands, talon)
    cv = c if c is not None else Conventions(**kw)
    tal: Any = [cards(t) for t in talon] if isinstance(talon, tuple) else cards(talon)
    return State.from_deal(cv, dealer, [cards(h) for h in hands], tal, totals=totals)


def queue(state: State, hands: list[str], talon: Any, *, dealer: int, cut: int = 0) -> None:
    """Queue an explicit next deal (after the current one is scored)."""
    check_full_deck(hands, talon)
    tal: Any = (mask(talon[0]), mask(talon[1])) if isinstance(talon, tuple) else mask(talon)
    state.queue_deal(dealer, [mask(h) for h in hands], tal, cut)


def run(state: State, script: str) -> State:
    """Apply actions written in notation, separated by ``;`` or new lines."""
    for part in script.replace("\n", ";").split(";"):
        part = part.strip()
        if part:
            state.apply_str(part)
    return state


def legal(state: State) -> set[str]:
    """The legal actions now, in notation."""
    return {action_str(a) for a in state.legal_actions()}


def bids(state: State) -> list[int]:
    """The bid values legal now (without ``pass``)."""
    return sorted(int(t.split()[1]) for t in legal(state) if t.startswith("bid "))


def contracts(state: State) -> list[int]:
    """The final contract values legal now."""
    return sorted(int(t.split()[1]) for t in legal(state) if t.startswith("contract "))


def last(state: State) -> Any:
    """The last sheet row."""
    return state.rows[-1]


# A reference 3-player deal used by many tests (dealer 0, first hand seat 1):
#   seat 1: all six spades + AC (41 points, ♠ marriage)
#   seat 2: KC QC JC 9C AD TD KD (34 points, ♣ marriage)
#   seat 0: QD 9D AH TH KH QH 9H (31 points, ♥ marriage)
#   talon:  TC JD JH (14 points)
# Seat 1 holding all spades and AC TC after the talon wins every trick it leads.
SWEEP = ["QD 9D AH TH KH QH 9H", "AS TS KS QS JS 9S AC", "KC QC JC 9C AD TD KD"]
SWEEP_TALON = "TC JD JH"


def rotate(hands: list[str], k: int) -> list[str]:
    """A 3-seat layout moved ``k`` seats clockwise (seat s's cards go to seat s+k)."""
    n = len(hands)
    return [hands[(s - k) % n] for s in range(n)]


def sweep_hands(declarer: int) -> list[str]:
    """``SWEEP`` with the sweeping hand (all spades + AC) at ``declarer``."""
    return rotate(SWEEP, declarer - 1)


def finish_tricks(state: State) -> State:
    """Play the rest of the deal, everybody playing their lowest legal card (no declaring)."""
    rows = len(state.rows)
    while len(state.rows) == rows and state.phase is Phase.PLAY:
        state.apply_action(state.legal_actions()[0])
    return state


def win_bidding(state: State, declarer: int) -> State:
    """Keep every hand, then let ``declarer`` win the bidding as cheaply as possible."""
    while state.phase is Phase.REDEAL:
        state.apply_str("keep")
    while state.phase is Phase.BIDDING:
        seat = state.current_player()
        if seat == declarer and state.high_seat != declarer and bids(state):
            state.apply_str(f"bid {bids(state)[0]}")
        else:
            state.apply_str("pass")
    assert state.declarer == declarer, "the intended declarer did not win the bidding"
    return state


def sweep(state: State, declarer: int, contract: int | None = None) -> State:
    """Play a ``sweep_hands(declarer)`` deal: ``declarer`` wins the bidding cheaply, gives
    away JD and JH, keeps the lowest contract (or ``contract``) and takes every trick."""
    win_bidding(state, declarer)
    opp = [s for s in state.active if s != declarer]
    run(state, f"give JD {opp[0]}; give JH {opp[1]}")
    value = contracts(state)[0] if contract is None else contract
    state.apply_str(f"contract {value}")
    return finish_tricks(state)


# A 3-player deal where both defenders take a trick (dealer 0, seat 1 declares 120 on 100):
# after the discard seat 1 holds AS KS QS TS JS 9S QD JH, seat 2 AD TD KD JD 9D AC TC 9C,
# seat 0 AH TH KH QH 9H KC QC JC.  ROUND_TRICKS play it out:
#   T1 AS 9C JC -> 1 (13)      T2 declare KS (+40, ♠ trump) 9D 9H -> 1 (4)
#   T3 QD AD KH -> 2 (18)      T4 (2 leads) TC QC QS -> 1 (16)
#   T5 JH KD AH -> 0 (17)      T6 (0 leads) TH TS JD -> 1 (22)
#   T7 JS AC KC -> 1 (17)      T8 9S TD QH -> 1 (13)
# seat 1: 85 card points + 40 = 125 >= 120; seat 2: 18 -> 20; seat 0: 17 -> 15.
ROUND = ["AH TH KH QH KC QC JC", "AS KS QS TS JS 9S QD", "AD TD KD JD AC TC 9C"]
ROUND_TALON = "JH 9D 9H"
ROUND_GIVE = "give 9D 2; give 9H 0; contract 120"
ROUND_DISCARD = "pass; pass; " + ROUND_GIVE
ROUND_TRICKS = [
    "play AS; play 9C; play JC",
    "declare KS; play 9D; play 9H",
    "play QD; play AD; play KH",
    "play TC; play QC; play QS",
    "play JH; play KD; play AH",
    "play TH; play TS; play JD",
    "play JS; play AC; play KC",
    "play 9S; play TD; play QH",
]


def plays(text: str) -> set[str]:
    """``{"play AS", "play TS"}`` from ``"AS TS"``."""
    return {"play " + c for c in cards(text)}


# MAR: seat 1 declares ♠ after a trick, seat 0 wins a trick and declares ♥ (new trump).
#   after the discard: seat 1 AS KS QS TS AC TC 9D JD
#                      seat 2 QD JS KC QC JC 9C AH TH
#                      seat 0 KH QH AD TD KD 9S JH 9H
MAR = ["KH QH AD TD KD 9S JH", "AS KS QS TS AC TC 9D", "QD JS KC QC JC AH TH"]
MAR_TALON = "JD 9C 9H"
MAR_DISCARD = "pass; pass; give 9C 2; give 9H 0; contract 100"
MAR_TRICKS = [
    "play AC; play 9C; play JH",  # T1 -> 1
    "declare KS; play JS; play 9S",  # T2 -> 1, ♠ trump, +40
    "play 9D; play QD; play AD",  # T3 -> 0
    "declare KH; play JD; play TH",  # T4 -> 2 (10♥ beats K♥), ♥ trump, +100 for seat 0
    "play KC; play 9H; play TC",  # T5 -> 0 (9♥ trumps)
]


def round_play(state: State, tricks: list[str] | None = None) -> State:
    """Play a ROUND deal (any dealer) with seat 1 declaring 120: bidding, discard, tricks."""
    win_bidding(state, 1)
    run(state, ROUND_GIVE)
    for t in tricks or ROUND_TRICKS:
        run(state, t)
    return state


# ROUND with T5 and T7 changed: seat 0 takes 24, seat 1 85 - 7 = 78 card points (+40 = 118).
#   T5 JH AC AH -> 0 (2 + 11 + 11 = 24)     T7 JS KD KC -> 1 (2 + 4 + 4 = 10)
ROUND_118 = list(ROUND_TRICKS)
ROUND_118[4] = "play JH; play AC; play AH"
ROUND_118[6] = "play JS; play KD; play KC"
# ROUND where seat 2 ends on 13 and seat 0 on 17 (seat 1: 90 + 40 = 130):
#   T1 AS 9C JC -> 1 (13)   T2 declare KS 9D QC -> 1 (7)   T3 QD TD 9H -> 2 (13)
#   T4 TC KC QS -> 1 (17)   T5 JH KD AH -> 0 (17)          T6 TH TS JD -> 1 (22)
#   T7 JS AC KH -> 1 (17)   T8 9S AD QH -> 1 (14)
ROUND_13 = [
    "play AS; play 9C; play JC",
    "declare KS; play 9D; play QC",
    "play QD; play TD; play 9H",
    "play TC; play KC; play QS",
    "play JH; play KD; play AH",
    "play TH; play TS; play JD",
    "play JS; play AC; play KH",
    "play 9S; play AD; play QH",
]


def round_played(tricks: list[str], **kw: Any) -> State:
    """A ROUND deal (dealer 0, seat 1 on 100, contract 120) played with ``tricks``;
    ``kw`` goes to ``deal`` (``totals``, ``c`` or conventions)."""
    s = deal(ROUND, ROUND_TALON, **kw)
    run(s, ROUND_DISCARD)
    for t in tricks:
        run(s, t)
    return s


def late_position(seed: int, cards: int) -> tuple[State, Observation]:
    """A classic deal played by Easy bots until the seat to move holds ``cards`` cards
    and has a choice (searching seeds from ``seed``)."""
    while True:
        rng = random.Random(seed)
        state = Game().new_initial_state(random.Random(seed))
        easy = EasyBot()
        while not state.rows:
            seat = state.current_player()
            if (
                state.phase is Phase.PLAY
                and state.hands[seat].bit_count() == cards
                and len(state.legal_actions()) > 1
            ):
                return state, state.observation(seat)
            state.apply_action(easy.act(state.observation(seat), rng))
        seed += 1000


# LOSER: seat 1 (first hand) holds the lowest cards of every suit and takes no trick.
LOSER = ["AD TD KD AH TH KH QH", "9S JS 9C JC 9D JD 9H", "AS TS KS AC TC KC JH"]
LOSER_TALON = "QS QC QD"
LOSER_PLAY = "keep; pass; pass; give QS 2; give QC 0; contract 100"

# Four players, dealer 0 on the talon K♥ Q♥ 9♠ (7 points -> 5, + ♥ 100 = 105).
FOUR = ["", "AS TS KS QS JS AC TC", "KC QC JC 9C AD TD KD", "QD JD 9D AH TH JH 9H"]
FOUR_TALON = "KH QH 9S"

# First hand (seat 1, dealer 0) with three nines.
FH_NINES = ["KD QD JD AH TH KH QH", "9S 9C 9D AS TS AC TC", "KS QS JS KC QC JC 9H"]
FH_NINES_TALON = "JH AD TD"


def bidding_observations(preset: str, deals: int, seed: int) -> list[Observation]:
    """Every bidding decision with a choice in ``deals`` deals played by Easy bots."""
    conv = Conventions.preset(preset)
    rng = random.Random(seed)
    out = []
    for _ in range(deals):
        state = Game(conv).new_initial_state(random.Random(rng.random()))
        easy = EasyBot()
        while state.phase not in (Phase.PLAY, Phase.GAME_OVER) and not state.rows:
            obs = state.observation(state.current_player())
            if obs.phase is Phase.BIDDING and len(obs.legal_actions) > 1:
                out.append(obs)
            state.apply_action(easy.act(obs, rng))
    return out
