"""One peer's view of a deal in progress: the engine run on the cards it can see.

The engine needs every card, and a peer sees only its own, the talon when the
rules show it and the cards played. So a peer runs a ``ShadowState``: the real
engine on a *fill-in* deal (its own positions hold their true cards, the
others the remaining cards in any order) that relaxes the rules only where
they depend on cards it cannot see:

* another seat's bid or contract limit (its marriages) is the cap;
* another seat's redeal before the bidding follows that seat's public claim
  (``claim`` messages; the audit checks every claim against the true hand);
* another seat may play any card of its (filled-in) hand: following suit, the
  duty to trump and the leading rules are checked at the audit. What *is*
  checked live: the turn, the phase, the public limits, and (``peer``) that
  the card opens from a position the seat holds, by a proof;
* a card passed to another seat unseen is, in the fill-in, some card of the
  declarer's that nobody plays later (``DealView.rebuild``).

When a card is revealed (played with its position, the talon opened, a card
passed to this peer) the fill-in is corrected (``DealView.learn``) and the
shadow rebuilt from the deal's start by replaying the actions, so the shadow
always agrees with everything the peer has seen. Its ``observation(seat)`` for
a seat the peer plays is exactly that seat's engine observation (fill-in cards
never show in it), so the page and the bots use it as if it were the game.

>>> from thousand import Conventions
>>> v = DealView(Conventions(), None, None, dealer=0, known=frozenset({1}))
>>> v.learn(3, v.cards[3]) is None  # a position this peer sees
True
>>> sh = v.shadow({1: "", 2: "", 0: ""})
>>> sh.current_player(), sorted(v.known_positions())
(1, [3])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .. import actions as A
from .. import rules
from ..cards import KING, QUEEN, cards_list
from ..conventions import Conventions
from ..duties import declaring_leads
from ..state import Phase, State
from .mental import deal_of, layout

CLAIM = "redeal"  # a claim that the dealt hand allows a redeal (never why: that would
# tell where cards are; the engine shows only that the seat is asked)
HIDDEN_GIVE = "give?"  # the notation of a pass seen only by the declarer and receiver
HIDDEN_ASIDE = "aside?"  # 2 players: a card put aside, seen by the declarer only


def after_key(seat: int) -> int:
    """The key of ``seat``'s claim after the discard (four nines received) among a
    deal's claims (the claims before the bidding are keyed by the seat itself)."""
    return AFTER + seat


AFTER = 10  # after_key's offset: above every seat number

RETRIES = 40  # replays tried before the fill-in is declared impossible


class ShadowError(ValueError):
    """No fill-in replays the deal's actions: the ``n``-th action cannot be explained."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.n = n


class ShadowState(State):
    """The engine with the rules that need unseen cards relaxed for unseen seats."""

    __slots__ = ("claims", "known")
    known: frozenset[int]
    claims: dict[int, str]

    @classmethod
    def of(cls, state: State, known: frozenset[int], claims: dict[int, str]) -> ShadowState:
        """A shadow taking over ``state`` (a clone: it is not copied again)."""
        s = object.__new__(cls)
        for name in State.__slots__:
            setattr(s, name, getattr(state, name))
        s.known = known
        s.claims = claims
        return s

    @classmethod
    def new_game(
        cls,
        conv: Conventions,
        dealer: int,
        deal: tuple[Any, ...],
        known: frozenset[int],
        claims: dict[int, str],
    ) -> ShadowState:
        """A shadow of a new game's first deal."""
        s = object.__new__(cls)
        s.known = known
        s.claims = claims
        State.__init__(s, conv, random.Random(0), dealer=dealer, deal=deal)
        return s

    def _hand_redeal(self, seat: int) -> str:
        if seat in self.known:
            return super()._hand_redeal(seat)
        # the seat's claim (checked at the audit); the reason is a stand-in
        return "hand_below" if self.claims.get(seat) == CLAIM else ""

    def seat_bid_limit(self, seat: int) -> int:
        if seat in self.known:
            return super().seat_bid_limit(seat)
        return self.conv.bid_cap  # marriages unseen: the audit checks the limit

    def _talon_redeal(self) -> str:
        if self.declarer in self.known:
            return super()._talon_redeal()
        c = self.conv  # what the hidden cards may allow: the audit checks the reason
        if self.talon_shown:
            why = rules.talon_redeal(c, self.talon, self.on_100)
            if why:
                return why
        elif c.redeal_talon_below is not None:
            return "talon_below"
        elif c.redeal_two_nines_in_talon:
            return "talon_nines"
        return "four_nines" if c.redeal_four_nines_after_discard else ""

    def _may_unblind(self, seat: int) -> bool:
        if seat in self.known:
            return super()._may_unblind(seat)
        return True  # its marriage unseen: the audit checks it

    def _nines_after_discard(self, seat: int) -> bool:
        if seat in self.known:
            return super()._nines_after_discard(seat)
        return self.claims.get(after_key(seat)) == CLAIM  # its claim, checked at the audit

    def _legal(self) -> list[int]:
        if self.cur in self.known or self.phase is not Phase.PLAY:
            return super()._legal()
        hand = self.hands[self.cur]
        out = cards_list(hand)
        if not self.trick:
            may = bool(self.tricks_won[self.cur]) or self.conv.declare_on_first_lead
            out.extend(A.DECLARE_BASE + x for x in declaring_leads(hand, hand, may, False))
            if self.conv.ace_marriage:
                out.extend(
                    A.DECLARE_BASE + x
                    for x in declaring_leads(hand, hand, may, True)
                    if A.DECLARE_BASE + x not in out
                )
        return out


@dataclass
class DealView:
    """A peer's knowledge of one deal: the fill-in, the actions, the cards passed.

    ``base``/``last``: the true game state just before the previous deal's last
    action and that action (None for the first deal): the deal enters the engine
    as the next queued deal when that action is applied.
    """

    conv: Conventions
    base: State | None
    last: int | None
    dealer: int
    known: frozenset[int]  # the seats this peer plays (it holds their keys)
    cards: list[int] = field(default_factory=lambda: list(range(24)))  # fill-in per position
    seen: set[int] = field(default_factory=set)  # positions whose true card is known
    actions: list[tuple[int, str, int]] = field(default_factory=list)  # (seat, notation, id)
    gives: dict[int, int] = field(default_factory=dict)  # receiver -> card, when known
    asides: dict[int, int] = field(default_factory=dict)  # action index -> card set aside (own)
    _cache: ShadowState | None = None
    _applied: int = 0  # actions applied to the cached shadow
    pending: set[int] = field(default_factory=set)  # cards of an action being tried
    _luck: random.Random | None = None  # a retry's random choices of hidden passes
    cut_nines: int = 0  # cut_ritual: the nines the dealer found at the bottom (its word)

    def known_positions(self) -> set[int]:
        """The positions whose true card this peer knows."""
        return set(self.seen)

    def places(self) -> tuple[int, ...]:
        """The place of each position (``mental.layout``)."""
        return layout(self.conv.players, self.dealer)

    def learn(self, pos: int, card: int) -> str | None:
        """Position ``pos`` holds ``card``; None, or "conflict" when a seen position
        already holds it (two positions opening to one card: a lie somewhere)."""
        if pos in self.seen:
            return None if self.cards[pos] == card else "conflict"
        other = self.cards.index(card)
        if other != pos:
            if other in self.seen:
                return "conflict"
            self.cards[other], self.cards[pos] = self.cards[pos], card
        self._cache = None  # the fill-in's hidden passes may change too
        self.seen.add(pos)
        return None

    def learn_give(self, receiver: int, card: int) -> None:
        """The card passed to ``receiver`` (seen by this peer)."""
        if self.gives.get(receiver) != card:
            self.gives[receiver] = card
            self._cache = None

    def _start(self, claims: dict[int, str]) -> ShadowState:
        n = self.conv.players
        hands, talon = deal_of(n, self.dealer, self.cards)
        if self.base is None or self.last is None:
            deal = (hands, talon, self.cut_nines)
            return ShadowState.new_game(self.conv, self.dealer, deal, self.known, claims)
        s = ShadowState.of(self.base.clone(), self.known, claims)
        s.queue_deal(self.dealer, hands, talon, self.cut_nines)
        s.apply_action(self.last)
        return s

    def opening_phase(self) -> Phase:
        """The deal's first phase (DARK when first hand may play in the dark), from
        what is public: the game before the deal."""
        return self._start({}).phase

    def _resolve(self, s: ShadowState, k: int, seat: int, text: str) -> int:
        """The action id of the ``k``-th action (a hidden pass or aside: a fill-in card)."""
        if text not in (HIDDEN_GIVE, HIDDEN_ASIDE):
            return A.action_from_str(text)
        later = set(self.pending)
        for _, _, a in self.actions[k + 1 :]:
            if a >= 0 and (A.is_play(a) or A.is_declare(a)):
                c = A.played_card(a)
                later.add(c)
                if A.is_declare(a):
                    later.add(c - c % 6 + (QUEEN if c % 6 == KING else KING))
        legal = s.legal_actions()
        if text == HIDDEN_ASIDE:
            own = self.asides.get(k)
            if own is not None and A.aside(own) in legal:
                return A.aside(own)
            picks = [a for a in legal if A.is_aside(a) and A.action_card(a) not in later]
            picks = picks or [a for a in legal if A.is_aside(a)]
            if not picks:
                raise ValueError("no card can be put aside")
            return picks[0] if self._luck is None else self._luck.choice(picks)
        to = self.actions[k][2]  # for a hidden pass the id slot holds the receiver
        want = self.gives.get(to)
        if want is not None and A.give(want, to) in legal:
            return A.give(want, to)
        taken = set(self.gives.values())
        seen = {self.cards[p] for p in self.seen}
        mine = [a for a in legal if A.is_give(a) and (a - A.GIVE_BASE) % 4 == to]
        # prefer a card nobody plays later and nobody else got, unseen if possible
        for avoid in (later | taken | seen, later | taken, later):
            picks = [a for a in mine if A.action_card(a) not in avoid]
            if picks:
                return picks[0] if self._luck is None else self._luck.choice(picks)
        if not mine:
            raise ValueError("no card can be passed to that seat")  # the replay fails
        return mine[0] if self._luck is None else self._luck.choice(mine)

    def shadow(self, claims: dict[int, str]) -> ShadowState:
        """The shadow after the actions so far (rebuilt when the fill-in changed).

        ``ShadowError`` when no choice of the hidden passes replays the actions
        (only a lie makes that happen: the audit will say whose)."""
        if self._cache is not None and self._applied == len(self.actions):
            return self._cache
        if self._cache is not None and self._applied < len(self.actions):
            try:
                s = self._cache
                for k in range(self._applied, len(self.actions)):
                    seat, text, _ = self.actions[k]
                    s.apply_action(self._resolve(s, k, seat, text))
                self._applied = len(self.actions)
                return s
            except ValueError:
                self._cache = None
        for attempt in range(RETRIES):
            # the first replay chooses greedily, retries at random among the candidates
            self._luck = random.Random(attempt) if attempt else None
            try:
                s = self._start(claims)
                for k in range(len(self.actions)):
                    seat, text, _ = self.actions[k]
                    s.apply_action(self._resolve(s, k, seat, text))
            except ValueError:
                continue
            finally:
                self._luck = None
            self._cache = s
            self._applied = len(self.actions)
            return s
        raise ShadowError(len(self.actions))

    def try_action(
        self, claims: dict[int, str], seat: int, text: str, to: int = -1, cards: int = 0
    ) -> str | None:
        """Append an action if the shadow allows it; None, or why not ("turn", "illegal").

        ``cards``: a mask of the cards the action shows (kept out of hidden passes)."""
        self.pending = {c for c in range(24) if cards >> c & 1}
        if self.pending:
            self._cache = None
        try:
            return self._try(claims, seat, text, to)
        finally:
            self.pending = set()

    def _try(self, claims: dict[int, str], seat: int, text: str, to: int) -> str | None:
        try:
            s = self.shadow(claims)
        except ShadowError:
            return "illegal"
        if s.current_player() != seat or s.deal_no != 1 + self._deal_offset(s):
            return "turn"
        hidden = text in (HIDDEN_GIVE, HIDDEN_ASIDE)
        try:
            a = -1 if hidden else A.action_from_str(text)
        except ValueError:
            return "illegal"
        legal = s.legal_actions()
        if hidden:
            ok = any(
                (A.is_give(x) and (x - A.GIVE_BASE) % 4 == to and text == HIDDEN_GIVE)
                or (A.is_aside(x) and text == HIDDEN_ASIDE)
                for x in legal
            )
        else:
            ok = a in legal
        self.actions.append((seat, text, to if hidden else a))
        if ok:
            try:
                clone_sh = ShadowState.of(s.clone(), self.known, claims)
                clone_sh.apply_action(self._resolve(s, len(self.actions) - 1, seat, text))
                self._cache = clone_sh
                self._applied = len(self.actions)
                return None
            except ValueError:
                pass
        # another choice of the hidden passes may explain it: replay from the start
        self._cache = None
        try:
            self.shadow(claims)
            return None
        except ShadowError:
            self.actions.pop()
            self._cache = None
            return "illegal"

    def _deal_offset(self, s: State) -> int:
        return 0 if self.base is None else self.base.deal_no

    def deal_over(self, claims: dict[int, str]) -> bool:
        """Whether the deal has ended (scored, conceded, redealt, or the game is over)."""
        s = self.shadow(claims)
        return s.is_terminal() or s.deal_no != 1 + self._deal_offset(s)
