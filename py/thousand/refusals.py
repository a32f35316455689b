"""Why an action is refused: the words of ``IllegalActionError`` (RULES §4-§7).

``State.apply_action`` decides legality from its list of legal actions (the
one home of the rules); this module only explains a refusal that has already
been decided, reading the same state and the same duty functions
(``thousand.duties``). Messages are short and never echo more than a few
dozen characters of what was given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from . import actions as A
from .cards import ACE, ACES_MASK, KING, MARRIAGE_MASK, QUEEN, SUIT_MASK, SUIT_SYMBOLS, card_str
from .duties import follow_mask
from .phase import Phase

if TYPE_CHECKING:
    from .conventions import Conventions
    from .scoring import Standing


class State(Protocol):
    """What a refusal reads of ``thousand.state.State`` (which imports this module
    to word its refusals, so the words name the state by what they read)."""

    conv: Conventions
    n: int
    standing: Standing
    phase: Phase
    cur: int
    dark: bool
    high: int
    declarer: int
    aside: int
    gives: list[tuple[int, int]]
    golden_deal: bool
    hands: list[int]
    trick: list[int]
    tricks_won: list[int]
    trump: int

    def seat_bid_limit(self, seat: int) -> int: ...

    def contract_values(self) -> list[int]: ...


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters (hostile input is not echoed whole)."""
    try:
        text = repr(value) if not isinstance(value, int) or value.bit_length() < 128 else "<int>"
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def why_illegal(state: State, a: object) -> str:
    """A short message saying why ``a`` is not a legal action of ``state`` now."""
    if type(a) is not int:
        return f"not an action: {shown(a)} (action ids are whole numbers)"
    if state.phase is Phase.GAME_OVER:
        return "the game is over"
    if state.phase is Phase.PLAY:
        return _why_not_play(state, a)
    return _why_not(state, a)


def _why_not(state: State, a: int) -> str:
    """Why ``a`` is refused outside the play phase."""
    try:
        text = A.action_str(a)
    except ValueError:
        return f"not an action: {shown(a)}"
    ph = state.phase
    who = f"seat {state.cur}"
    if ph is Phase.BIDDING and A.is_bid(a):
        v = A.action_value(a)
        c = state.conv
        if state.dark:
            return f"{text}: in a dark game opponents may only pass or unblind"
        if c.silence_below is not None and state.standing.totals[state.cur] < c.silence_below:
            return f"{text}: {who} is below {c.silence_below} and must stay silent"
        if v <= state.high:
            return f"{text}: the bid must be above {state.high}"
        if v % c.bid_step:
            return f"{text}: bids go in steps of {c.bid_step}"
        if v < state.high + c.min_raise:
            return f"{text}: the smallest raise is {c.min_raise}"
        if c.no_jumps and v != state.high + c.min_raise:
            return f"{text}: jumps are not allowed, bid {state.high + c.min_raise}"
        if v > c.bid_cap:
            return f"{text}: bids stop at {c.bid_cap}"
        if v > 120 and v > state.seat_bid_limit(state.cur):
            if state.seat_bid_limit(state.cur) == 120:
                return f"{text}: bid above 120 needs a marriage"
            return f"{text}: the marriages in hand allow at most {state.seat_bid_limit(state.cur)}"
        return f"{text}: the barrel player must bid at least {c.barrel_need()}"
    if ph is Phase.CONTRACT and A.is_contract(a):
        vals = state.contract_values()
        v = A.action_value(a)
        if v < vals[0]:
            return f"{text}: the contract may not be lower than {vals[0]}"
        if v > vals[-1]:
            return f"{text}: the contract may be at most {vals[-1]}"
        return f"{text}: contracts go in steps of {state.conv.bid_step}"
    if a == A.WRITEOFF:
        return "writeoff: concession is not allowed now"
    if a == A.REDEAL:
        return "redeal: the cards do not allow a redeal now"
    if a == A.BOMB:
        return "bomb: " + _why_no_bomb(state)
    if ph is Phase.DISCARD and A.is_discard(a):
        card = A.action_card(a)
        if not state.hands[state.cur] >> card & 1:
            return f"{text}: {card_str(card)} is not in the declarer's hand"
        if state.n == 2:
            return f"{text}: with 2 players the declarer puts 2 cards aside"
        return f"{text}: give one card to each opponent"
    return f"{text}: not allowed in the {ph.value} phase for {who}"


def _why_no_bomb(state: State) -> str:
    """Why a bomb (``bombs``) may not be thrown now."""
    c = state.conv
    if not c.bombs:
        return "there are no bombs in this game (bombs is 0)"
    ph = state.phase
    if ph not in (Phase.DISCARD, Phase.CONTRACT):
        return "only the declarer throws a bomb, after taking the talon or at the contract"
    if ph is Phase.DISCARD and (state.gives or state.aside):
        return "only before the first card is passed, or at the contract"
    if state.golden_deal:
        return "not in a golden deal"
    if state.dark:
        return "not in a dark game"
    return f"seat {state.declarer} has thrown its {c.bombs} bomb(s) already"


def _why_not_play(state: State, a: int) -> str:
    """Why ``a`` is refused in the play phase (§7 and the play conventions)."""
    if not A.is_play(a):
        try:
            return f"{A.action_str(a)}: it is time to play a card"
        except ValueError:
            return f"not an action: {shown(a)}"
    card = A.played_card(a)
    hand = state.hands[state.cur]
    if not hand >> card & 1:
        return f"{card_str(card)} is not in seat {state.cur}'s hand"
    c = state.conv
    if A.is_declare(a):
        if state.trick:
            return "a marriage is declared only on the lead"
        if card % 6 == ACE:
            if not c.ace_marriage:
                return "the ace marriage is not played (ace_marriage is off)"
            if hand & ACES_MASK != ACES_MASK:
                return "the ace marriage needs all four aces"
        elif (
            card % 6 not in (KING, QUEEN)
            or hand & MARRIAGE_MASK[card // 6] != MARRIAGE_MASK[card // 6]
        ):
            suit = SUIT_SYMBOLS[card // 6]
            return f"declare {card_str(card)}: needs K and Q of {suit} in hand"
        if not state.tricks_won[state.cur] and not c.declare_on_first_lead:
            return "a marriage may be declared only after winning a trick"
    duty = play_refusal(hand, state.trick, state.trump, c, card)
    if duty is not None:
        return PLAY_DUTY_WORDS[duty.code].format(suit=SUIT_SYMBOLS[duty.suit])
    return f"{A.action_str(a)} is not allowed now"  # pragma: no cover


class Duty(NamedTuple):
    """A play duty a card would break (RULES §7): its code and the suit it names."""

    code: str  # follow, trump, beat, lead_trump, foreign_trump
    suit: int = 0


#: The duties' words in the engine's own English (the page words the codes itself).
PLAY_DUTY_WORDS = {
    "follow": "must follow {suit}",
    "trump": "must play a trump ({suit})",
    "beat": "must beat the trick when able (must_beat)",
    "lead_trump": "must lead a trump ({suit}) (must_lead_trump)",
    "foreign_trump": (
        "may not lead the trump {suit} another player declared "
        "while holding other suits (no_lead_foreign_trump)"
    ),
}


def play_refusal(
    hand: int, trick: Sequence[int], trump: int, conv: Conventions, card: int
) -> Duty | None:
    """The play duty (RULES §7) that playing ``card`` from ``hand`` now would break,
    or None; reads only what the player sees (their hand, the trick, the trump), so
    the page can say why a card is refused (duties from ``thousand.duties``)."""
    if trick:
        ls = trick[0] // 6
        if hand & SUIT_MASK[ls] and card // 6 != ls:
            return Duty("follow", ls)
        if card // 6 != ls and trump >= 0 and hand & SUIT_MASK[trump] and card // 6 != trump:
            return Duty("trump", trump)
        if not follow_mask(hand, list(trick), trump, conv.must_beat) >> card & 1:
            return Duty("beat", ls)
        return None
    if conv.must_lead_trump and trump >= 0 and hand & SUIT_MASK[trump] and card // 6 != trump:
        return Duty("lead_trump", trump)
    if conv.no_lead_foreign_trump and trump >= 0 and card // 6 == trump:
        return Duty("foreign_trump", trump)  # (declared by another player: the engine's check)
    return None
