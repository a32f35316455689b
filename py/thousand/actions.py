"""Actions as ints and their text notation (round-trips).

=================  ==============================================  ===========
text               meaning                                          int
=================  ==============================================  ===========
``pass``           pass in the bidding (final for this deal)        400
``bid 105``        bid 105 (a multiple of 5)                        200 + v/5
``redeal``         ask for a redeal (RULES §4)                      401
``keep``           decline a redeal one's hand allows               402
``dark``           first hand plays 120 in the dark (§10)           403
``look``           first hand declines the dark game                404
``unblind``        cancel a dark game by bidding 125 (§10)          405
``writeoff``       concede the deal (*роспись*, §8)                 406
``pick 0``         2 players: take talon 0 or 1 (§11)               407 + i
``bomb``           throw a bomb: the deal is not played (``bombs``) 409
``give QS 2``      give Q♠ to seat 2 (*снос*, §6)                   48 + 4c + s
``aside QS``       2 players: put Q♠ aside (§11)                    144 + c
``contract 140``   final contract after the discard (§6)           300 + v/5
``play KH``        play K♥                                          c
``declare KH``     lead K♥ declaring the ♥ marriage (§7)            24 + c
``declare AS``     lead A♠ declaring the ace marriage (§7)          24 + c
=================  ==============================================  ===========

Seats are numbered from 0 clockwise. Cards are written rank + suit
(``9 J Q K T A`` + ``S C D H``); ``10S`` is accepted on input.
"""

from __future__ import annotations

from .cards import NCARDS, card_from_str, card_str

DECLARE_BASE = 24
GIVE_BASE = 48
ASIDE_BASE = 144
BID_BASE = 200
CONTRACT_BASE = 300
PASS = 400
REDEAL = 401
KEEP = 402
DARK = 403
LOOK = 404
UNBLIND = 405
WRITEOFF = 406
PICK_BASE = 407
BOMB = 409
N_ACTIONS = 410
"""Every action id is below this (``range(N_ACTIONS)`` covers them all)."""

_WORDS = {
    PASS: "pass",
    REDEAL: "redeal",
    KEEP: "keep",
    DARK: "dark",
    LOOK: "look",
    UNBLIND: "unblind",
    WRITEOFF: "writeoff",
    BOMB: "bomb",
}
_FROM_WORD = {v: k for k, v in _WORDS.items()}


def play(card: int) -> int:
    """The action that plays a card."""
    return card


def declare(card: int) -> int:
    """The action that leads a card declaring its marriage (or the ace marriage)."""
    return DECLARE_BASE + card


def give(card: int, seat: int) -> int:
    """The action that passes a card to a seat."""
    return GIVE_BASE + card * 4 + seat


def aside(card: int) -> int:
    """2 players: the action that puts a card aside."""
    return ASIDE_BASE + card


def bid(value: int) -> int:
    """The action that bids a value."""
    return BID_BASE + value // 5


def contract(value: int) -> int:
    """The action that sets the final contract."""
    return CONTRACT_BASE + value // 5


def pick(talon: int) -> int:
    """2 players: the action that takes talon 0 or 1."""
    return PICK_BASE + talon


def is_play(a: int) -> bool:
    """Whether the action plays a card (plain or declaring)."""
    return 0 <= a < GIVE_BASE


def is_declare(a: int) -> bool:
    """Whether the action leads a card declaring a marriage (§7)."""
    return DECLARE_BASE <= a < GIVE_BASE


def is_give(a: int) -> bool:
    """Whether the action passes a card to an opponent (§6)."""
    return GIVE_BASE <= a < ASIDE_BASE


def is_aside(a: int) -> bool:
    """Whether the action puts a card aside (2 players, §11)."""
    return ASIDE_BASE <= a < ASIDE_BASE + NCARDS


def is_discard(a: int) -> bool:
    """Whether the action gives a card away or puts it aside."""
    return GIVE_BASE <= a < ASIDE_BASE + NCARDS


def is_bid(a: int) -> bool:
    """Whether the action is a bid (a value, not pass)."""
    return BID_BASE <= a < CONTRACT_BASE


def is_bomb(a: int) -> bool:
    """Whether the action throws a bomb (``bombs``: the deal is not played)."""
    return a == BOMB


def is_contract(a: int) -> bool:
    """Whether the action sets the final contract."""
    return CONTRACT_BASE <= a < PASS


def played_card(a: int) -> int:
    """The card a play action puts on the table (plain or declaring)."""
    return a - DECLARE_BASE if a >= DECLARE_BASE else a


def action_card(a: int) -> int:
    """The card an action plays, gives or puts aside (-1 if none)."""
    if 0 <= a < DECLARE_BASE:
        return a
    if a < GIVE_BASE:
        return a - DECLARE_BASE
    if a < ASIDE_BASE:
        return (a - GIVE_BASE) // 4
    if a < ASIDE_BASE + NCARDS:
        return a - ASIDE_BASE
    return -1


def action_value(a: int) -> int:
    """The value of a bid or contract action (-1 if none)."""
    if BID_BASE <= a < CONTRACT_BASE:
        return (a - BID_BASE) * 5
    if CONTRACT_BASE <= a < PASS:
        return (a - CONTRACT_BASE) * 5
    return -1


def action_str(a: int) -> str:
    """Text notation of an action id."""
    if 0 <= a < DECLARE_BASE:
        return "play " + card_str(a)
    if DECLARE_BASE <= a < GIVE_BASE:
        return "declare " + card_str(a - DECLARE_BASE)
    if GIVE_BASE <= a < ASIDE_BASE:
        c, s = divmod(a - GIVE_BASE, 4)
        return f"give {card_str(c)} {s}"
    if ASIDE_BASE <= a < ASIDE_BASE + NCARDS:
        return "aside " + card_str(a - ASIDE_BASE)
    if BID_BASE + 20 <= a <= BID_BASE + 60:
        return f"bid {(a - BID_BASE) * 5}"
    if CONTRACT_BASE + 20 <= a <= CONTRACT_BASE + 60:
        return f"contract {(a - CONTRACT_BASE) * 5}"
    if a in _WORDS:
        return _WORDS[a]
    if a in (PICK_BASE, PICK_BASE + 1):
        return f"pick {a - PICK_BASE}"
    raise ValueError(f"not an action id: {a!r}")


def _shown(text: str) -> str:
    """The text as quoted in a message, cut short (hostile input is not echoed whole)."""
    return repr(text) if len(text) <= 24 else repr(text[:23] + "…")


def action_from_str(text: str) -> int:
    """Parse the text notation of an action; ``ValueError`` says what is wrong."""
    if not isinstance(text, str):
        raise ValueError(f"an action is text like 'bid 105', not {type(text).__name__}")
    if len(text) > 40:
        raise ValueError(f"not an action: {_shown(text)}")
    parts = text.strip().lower().split()
    if not parts:
        raise ValueError("empty action")
    word, args = parts[0], parts[1:]
    if word in _FROM_WORD and not args:
        return _FROM_WORD[word]
    try:
        if word in ("bid", "contract") and len(args) == 1:
            if not args[0].isdigit() or len(args[0]) > 3:
                raise ValueError(f"{word} value must be a multiple of 5 from 100 to 300")
            v = int(args[0])
            if v % 5 or not 100 <= v <= 300:
                raise ValueError(f"{word} value must be a multiple of 5 from 100 to 300: {v}")
            return bid(v) if word == "bid" else contract(v)
        if word in ("play", "declare", "aside") and len(args) == 1:
            c = card_from_str(args[0])
            return {"play": play, "declare": declare, "aside": aside}[word](c)
        if word == "give" and len(args) == 2:
            c = card_from_str(args[0])
            if args[1] not in ("0", "1", "2", "3"):
                raise ValueError("the seat must be 0 to 3")
            s = int(args[1])
            return give(c, s)
        if word == "pick" and len(args) == 1 and args[0] in ("0", "1"):
            return pick(int(args[0]))
    except ValueError as e:
        raise ValueError(f"bad action {_shown(text)}: {e}") from None
    raise ValueError(f"unknown action {_shown(text)}")
