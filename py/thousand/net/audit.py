"""The audit at a deal's end: every key revealed, every step checked, the deal replayed.

When a deal ends (or a peer raises an alarm) every seat reveals its
decryption exponent ``d`` and its hidden actions (the cards it passed or put
aside). Each peer then checks, on its own, in this order:

1. each revealed key against the commitment ``g^d`` published before the shuffle;
2. each seat's shuffle: its output deck is exactly its input deck raised to its
   ``e``, in some order (so the deck stayed a permutation of the 24 cards);
3. each decryption share: ``x_out = x_in^d`` of the seat that sent it (with
   ``cut_ritual`` also those that opened the bottom card to the dealer, and the
   dealer's word that it was a nine, or not, against the true card);
4. each redeal claim against the true hand (``rules.hand_redeal``);
5. what receivers were told against what the passer revealed;
6. the whole deal replayed through the engine from the true cards: every card
   where it was said to be, every action legal (following suit, the duty to
   trump, a declared marriage's partner in hand, bid limits).

Each lie is a ``Finding`` naming the seat, the deal, the action's index (or -1)
and what was wrong, as a code with parameters.

>>> Finding(seat=2, deal=1, n=7, what="illegal", params=(("action", "play 9S"),)).code
<Refusal.CHEAT: 'cheat'>
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .. import actions as A
from .. import rules
from ..cards import NINE, NINES_MASK, card_str
from ..conventions import Conventions
from ..state import IllegalActionError, State
from . import mental as M
from .mental import deal_of, keys_from_d
from .messages import Refusal
from .view import AFTER, CLAIM, HIDDEN_ASIDE, HIDDEN_GIVE, after_key


@dataclass(frozen=True)
class Finding:
    """A cheat found by the audit (or a proof that failed live)."""

    seat: int
    deal: int
    n: int  # the action's index in the deal, -1 for the deal setup
    what: str  # key | shuffle | share | cut | claim | give | hidden | illegal | proof
    params: tuple[tuple[str, Any], ...] = ()
    code: Refusal = Refusal.CHEAT


@dataclass
class DealRecord:
    """Everything public about a deal's setup and play, as one peer saw it."""

    deal: int
    dealer: int
    publics: dict[int, int] = field(default_factory=dict)  # seat -> g^d
    decks: dict[int, list[int]] = field(default_factory=dict)  # stage (seat) -> deck
    chains: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # pos -> (seat, x)
    claims: dict[int, str] = field(default_factory=dict)
    actions: list[tuple[int, str, int]] = field(default_factory=list)  # (seat, text, id|to)
    received: dict[int, int] = field(default_factory=dict)  # receiver -> card it was told
    # cut_ritual: per cut, the shares opening the bottom card to the dealer and the
    # dealer's word (a nine: cut again); ``cut``: the cuts the dealt deck took
    cut_chains: list[list[tuple[int, int]]] = field(default_factory=list)
    cut_calls: list[bool] = field(default_factory=list)
    cut: int = 0

    def final_deck(self, players: int) -> list[int] | None:
        """The deck the dealing takes: after the last seat's shuffle and the cuts
        (None before)."""
        deck = self.decks.get(players - 1)
        return M.cut_deck(deck, self.cut) if deck is not None and self.cut else deck

    def value(self, pos: int, players: int) -> int | None:
        """The latest value of a position (after the shares so far)."""
        chain = self.chains.get(pos)
        if chain:
            return chain[-1][1]
        deck = self.final_deck(players)
        return None if deck is None else deck[pos]


@dataclass
class AuditResult:
    """The audit's outcome: findings, and (when clean) the true game after the deal."""

    findings: list[Finding]
    cards: list[int] | None = None  # the true card per position
    state: State | None = None  # the true game after the deal
    before_last: State | None = None  # ... just before the deal's last action
    last: int | None = None


def audit(
    conv: Conventions,
    base: State | None,
    last: int | None,
    rec: DealRecord,
    revealed: dict[int, tuple[int, list[tuple[int, str]]]],
) -> AuditResult:
    """Check a finished deal (``revealed``: seat -> (d, hidden actions))."""
    n = conv.players
    deal = rec.deal
    found: list[Finding] = []
    keys = {}
    for seat in range(n):
        if seat not in revealed:
            found.append(Finding(seat, deal, -1, "key", (("missing", True),)))
            continue
        d = revealed[seat][0]
        if not 0 < d < M.Q or pow(M.G, d, M.P) != rec.publics.get(seat):
            found.append(Finding(seat, deal, -1, "key"))
            continue
        keys[seat] = keys_from_d(d)
    if found:
        return AuditResult(found)
    # 2. the shuffles: removing a seat's layer from its output gives its input, in
    # some order; following each card back through the stages finds the true deal
    # (short exponents only: the check costs 24 short powers per seat)
    index = {x: c for c, x in enumerate(M.CARD_CODES)}  # value at a stage's input -> card
    for seat in range(n):
        out = rec.decks.get(seat)
        if out is None or len(out) != 24:
            found.append(Finding(seat, deal, -1, "shuffle"))
            return AuditResult(found)
        back = [pow(y, keys[seat].d, M.P) for y in out]
        if sorted(back) != sorted(index):
            found.append(Finding(seat, deal, -1, "shuffle"))
            return AuditResult(found)
        index = {y: index[b] for y, b in zip(out, back, strict=True)}
    shuffled = rec.decks[n - 1]
    deck = rec.final_deck(n)
    assert deck is not None
    cards = [index[y] for y in deck]
    # 3a. cut_ritual: the shares that opened each bottom card to the dealer, and the
    # dealer's word on it (a nine or not) against the true card
    for i, chain in enumerate(rec.cut_chains):
        b = M.cut_bottom(shuffled, i + 1)
        x = shuffled[b]
        for seat, y in chain:
            if seat not in keys or pow(x, keys[seat].d, M.P) != y:
                found.append(Finding(seat, deal, -1, "share", (("pos", b), ("cut", i + 1))))
                break
            x = y
    for i, nine in enumerate(rec.cut_calls):
        card = index[shuffled[M.cut_bottom(shuffled, i + 1)]]
        if nine != (card % 6 == NINE):
            word = "nine" if nine else "no nine"
            params = (("cut", i + 1), ("said", word), ("card", card_str(card)))
            found.append(Finding(rec.dealer, deal, -1, "cut", params))
    # 3. the shares
    for pos, chain in sorted(rec.chains.items()):
        x = deck[pos]
        for seat, y in chain:
            if seat not in keys or pow(x, keys[seat].d, M.P) != y:
                found.append(Finding(seat, deal, -1, "share", (("pos", pos),)))
                break
            x = y
    hands, talon = deal_of(n, rec.dealer, cards)
    # 4. the redeal claims (a claim is made by every seat that holds cards)
    first = (rec.dealer + 1) % n
    for seat, why in sorted(rec.claims.items()):
        if seat >= AFTER:
            continue  # a claim after the discard: checked in the replay below
        true = rules.hand_redeal(conv, hands[seat], seat == first)
        if (why == CLAIM) != bool(true):
            found.append(Finding(seat, deal, -1, "claim", (("claimed", why), ("true", true))))
    # 5./6. hidden actions, then the replay (with the nines the cut found)
    nines = sum(rec.cut_calls)
    hidden: dict[int, tuple[int, str]] = {}
    for seat, (_, acts) in revealed.items():
        for k, text in acts:
            hidden[k] = (seat, text)
    if base is None or last is None:
        s = State(conv, random.Random(0), dealer=rec.dealer, deal=(hands, talon, nines))
    else:
        s = base.clone()
        s.queue_deal(rec.dealer, hands, talon, nines)
        s.apply_action(last)
    start_no = s.deal_no
    before = s
    last_id = None
    for k, (seat, text, extra) in enumerate(rec.actions):
        if text in (HIDDEN_GIVE, HIDDEN_ASIDE):
            got = hidden.get(k)
            try:
                a = A.action_from_str(got[1]) if got and got[0] == seat else -1
            except ValueError:
                a = -1
            kind_ok = (text == HIDDEN_GIVE and A.is_give(a) and (a - A.GIVE_BASE) % 4 == extra) or (
                text == HIDDEN_ASIDE and A.is_aside(a)
            )
            if not kind_ok:
                found.append(Finding(seat, deal, k, "hidden"))
                return AuditResult(found, cards)
            told = rec.received.get(extra) if text == HIDDEN_GIVE else None
            if told is not None and told != A.action_card(a):
                found.append(Finding(seat, deal, k, "give", (("to", extra),)))
        else:
            a = extra
        if s.current_player() != seat:
            found.append(Finding(seat, deal, k, "turn"))
            return AuditResult(found, cards)
        before = s.clone()
        try:
            s.apply_action(a)
        except IllegalActionError:
            found.append(Finding(seat, deal, k, "illegal", (("action", A.action_str(a)),)))
            return AuditResult(found, cards)
        last_id = a
        if A.is_give(a) and len(s.gives) == 2 and conv.redeal_four_nines_after_discard:
            for _, r in s.gives:  # each receiver's claim against the hand it now holds
                four = s.hands[r] & NINES_MASK == NINES_MASK
                said = rec.claims.get(after_key(r))
                if said is None or (said == CLAIM) != four:
                    found.append(Finding(r, deal, k, "claim", (("claimed", said or "-"),)))
                    return AuditResult(found, cards)
    if s.deal_no == start_no and not s.is_terminal():
        found.append(Finding(-1, deal, len(rec.actions), "unfinished"))
    if found:
        return AuditResult(found, cards)
    return AuditResult([], cards, s, before, last_id)
