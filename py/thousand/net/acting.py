"""A deal's play as one peer checks and makes it: actions (a card with its proof, a
pass sealed to its receiver, the talon opened) and what this peer's seats owe next
(``_owe``). Built on ``dealing.Dealing``."""

from __future__ import annotations

import json
from typing import Any

from .. import actions as A
from ..cards import ACE, KING, NINES_MASK, QUEEN
from ..rules import hand_redeal
from ..state import Phase, State
from . import mental as M
from .dealing import Dealing
from .events import (
    GameAdvanced,
    LocalAction,
    Stage,
)
from .messages import ProtocolError, Refusal, hx, unhex
from .peer_state import Deal
from .view import (
    CLAIM,
    HIDDEN_ASIDE,
    HIDDEN_GIVE,
    ShadowError,
    ShadowState,
)


class Acting(Dealing):
    """A peer's part in playing each deal."""

    # -- actions -----------------------------------------------------------------------------

    def _shadow(self, d: Deal) -> ShadowState:
        """The deal's shadow; a ``ProtocolError`` when what was learned contradicts the
        actions (a lie: the alarm's audit names it)."""
        try:
            return d.view.shadow(d.rec.claims)
        except ShadowError as e:
            raise ProtocolError(Refusal.BAD_PROOF, seat=-1, what="replay", n=e.n) from None

    def _shadow_start(self, d: Deal) -> int:
        return 1 if d.view.base is None else d.view.base.deal_no + 1

    def _look_claim_due(self, d: Deal) -> bool:
        """Dark allowed and first hand chose to look: the table waits for its claim."""
        first = self._first(d)
        return (
            d.dark
            and self.stage is Stage.PLAY
            and first not in d.rec.claims
            and any(who == first and a == A.LOOK for who, _, a in d.view.actions)
        )

    def _ready(self) -> bool:
        d = self.deal
        return (
            d is not None
            and (not d.talon_order or d.talon_done)
            and not self._after_due(d)
            and not self._look_claim_due(d)
        )

    def _card_source(
        self, d: Deal, seat: int, pos: int, card: int, proof: list[str] | None
    ) -> bool:
        """Check that ``seat`` may play ``card`` from ``pos``; True when it was passed to it."""
        s = self._shadow(d)
        place = d.view.places()[pos]
        decl = s.declarer
        talon = pos in d.talon_pos and d.talon_done
        if pos in d.used:
            raise ProtocolError(Refusal.REPLAY, seq=pos)
        if place == seat or (talon and seat == decl):
            owner, passed = seat, False
        elif seat != decl and (place == decl or talon) and any(t == seat for _, t in s.gives):
            owner, passed = decl, True  # passed to seat (hidden), opened under the declarer's key
        else:
            raise ProtocolError(Refusal.ILLEGAL, seat=seat, action=f"pos {pos}")
        y = d.rec.value(pos, self.players)
        if y is None:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="card")
        if talon and s.talon_shown:
            ok = y == M.CARD_CODES[card]
        else:
            ok = proof is not None and M.verify(
                d.rec.publics[owner], y, M.CARD_CODES[card], (unhex(proof[0]), unhex(proof[1]))
            )
        if not ok:
            raise ProtocolError(Refusal.BAD_PROOF, seat=seat, what="card", pos=pos)
        if d.view.learn(pos, card):
            raise ProtocolError(Refusal.BAD_PROOF, seat=seat, what="card", pos=pos)
        return passed

    def _m_act(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        if self.stage is not Stage.PLAY:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="act")
        n = len(d.view.actions)
        if m["n"] < n:
            raise ProtocolError(Refusal.REPLAY, seq=m["seq"])
        s = self._shadow(d)
        if m["n"] > n or s.current_player() != seat or not self._ready():
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what=m["a"])
        text = m["a"]
        to = m.get("to", -1)
        if own:
            pass  # checked by _local_action
        elif text == HIDDEN_GIVE:
            if "to" not in m:
                raise ProtocolError(Refusal.MALFORMED, why="to")
        elif text == HIDDEN_ASIDE:
            if "to" in m:
                raise ProtocolError(Refusal.MALFORMED, why="to")
        else:
            try:
                a = A.action_from_str(text)
            except ValueError:
                raise ProtocolError(Refusal.MALFORMED, why="action") from None
            if A.is_aside(a) or (A.is_give(a) and not self.conv.open_discard):
                raise ProtocolError(Refusal.ILLEGAL, seat=seat, action=text)
            if A.is_play(a) or A.is_declare(a) or A.is_give(a):
                if "pos" not in m or A.action_str(a) != text:
                    raise ProtocolError(Refusal.MALFORMED, why="pos")
                snapshot = (list(d.view.cards), set(d.view.seen), dict(d.view.gives))
                try:
                    if A.is_give(a):  # open_discard: shown to all, from the declarer's cards
                        card = A.action_card(a)
                        self._card_source(d, seat, m["pos"], card, m.get("proof"))
                        shows = 1 << card
                    else:
                        shows = self._check_play(d, seat, m, a, A.played_card(a))
                    why = d.view.try_action(d.rec.claims, seat, text, to, shows)
                    if why:
                        raise ProtocolError(Refusal.ILLEGAL, seat=seat, action=text)
                except ProtocolError:
                    d.view.cards, d.view.seen, d.view.gives = snapshot
                    d.view._cache = None
                    raise
                self._acted(d, seat, m, text, to, n)
                return
        why = d.view.try_action(d.rec.claims, seat, text, to)
        if why:
            code = Refusal.OUT_OF_TURN if why == "turn" else Refusal.ILLEGAL
            raise ProtocolError(code, seat=seat, action=text)
        self._acted(d, seat, m, text, to, n)

    def _acted(self, d: Deal, seat: int, m: dict[str, Any], text: str, to: int, n: int) -> None:
        last = d.view.actions[-1][2]
        if A.is_give(last) and "pos" in m:  # open_discard: the receiver plays it by this proof
            card, got = divmod(last - A.GIVE_BASE, 4)
            proof = m.get("proof")
            d.view.learn_give(got, card)
            d.rec.received[got] = card
            d.given[got] = (m["pos"], card, (unhex(proof[0]), unhex(proof[1])) if proof else None)
        if (A.is_play(last) or A.is_declare(last)) and "pos" in m:
            d.used.add(m["pos"])
            d.used_at[n] = m["pos"]
        if self.undo_req is not None and seat not in self.bots:
            self._void_undo()  # a person acted: the table went on
        shown: int | None
        if text == HIDDEN_GIVE:
            mine = seat in self.local or to in self.local
            shown = A.give(d.view.gives[to], to) if mine and to in d.view.gives else None
        elif text == HIDDEN_ASIDE:
            aside = d.view.asides.get(n)
            shown = A.aside(aside) if seat in self.local and aside is not None else None
        else:
            shown = d.view.actions[-1][2]
        self.out.append(GameAdvanced(self.deal_no, n, seat, shown))
        self._after_action(d)

    def _check_play(self, d: Deal, seat: int, m: dict[str, Any], a: int, card: int) -> int:
        """Check a card's (and a marriage partner's) source; the mask of cards shown."""
        shows = 1 << card
        passed = self._card_source(d, seat, m["pos"], card, m.get("proof"))
        if passed:
            d.view.learn_give(seat, card)
        if A.is_declare(a):
            if card % 6 not in (KING, QUEEN) and not (card % 6 == ACE and self.conv.ace_marriage):
                raise ProtocolError(Refusal.ILLEGAL, seat=seat, action=m["a"])
            for i, partner in enumerate(partners(card), 2):
                if f"pos{i}" not in m:
                    raise ProtocolError(Refusal.ILLEGAL, seat=seat, action=m["a"])
                shows |= 1 << partner
                if self._card_source(d, seat, m[f"pos{i}"], partner, m.get(f"proof{i}")):
                    d.view.learn_give(seat, partner)
        return shows

    def _after_action(self, d: Deal) -> None:
        s = self._shadow(d)
        if s.is_terminal() or s.deal_no != self._shadow_start(d):
            self.stage = Stage.AUDIT
            d.audit_since = self.now
            self._void_undo()
            return
        if not d.talon_order and s.declarer >= 0 and s.phase not in (Phase.BIDDING, Phase.PICK):
            # the declarer took the talon (with 2 players the one it picked): open it
            # (to all, or on 100 to the declarer); the other talon stays shut
            places = d.view.places()
            which = M.TALON
            picks = [a for _, _, a in d.view.actions if a in (A.pick(0), A.pick(1))]
            if picks and picks[-1] == A.pick(1):
                which = M.TALON2
            d.talon_pos = tuple(p for p, h in enumerate(places) if h == which)
            others = tuple(x for x in range(self.players) if x != s.declarer)
            d.talon_order = (*others, s.declarer) if s.talon_shown else others

    def _m_sealed(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        s = self._shadow(d)
        to = m["to"]
        last = d.view.actions[-1] if d.view.actions else None
        if last is None or last[0] != seat or last[1] != HIDDEN_GIVE or last[2] != to:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="sealed")
        if to not in d.keys:
            return
        data = M.unseal(d.keys[to], unhex(m["r"]), bytes.fromhex(m["ct"]), bytes.fromhex(m["tag"]))
        try:
            note: Any = json.loads(data.decode()) if data else None
            pos, card, proof = int(note["pos"]), int(note["card"]), note["proof"]
            if not (0 <= pos < 24 and 0 <= card < 24):
                raise ValueError
        except (ValueError, TypeError, KeyError, AttributeError, UnicodeDecodeError):
            raise ProtocolError(Refusal.BAD_PROOF, seat=seat, what="sealed") from None
        place = d.view.places()[pos]
        y = d.rec.value(pos, self.players)
        talon = pos in d.talon_pos
        if y is None or not (place == s.declarer or talon):
            raise ProtocolError(Refusal.BAD_PROOF, seat=seat, what="sealed", pos=pos)
        if talon and s.talon_shown:
            ok = y == M.CARD_CODES[card]
        else:
            ok = proof is not None and M.verify(
                d.rec.publics[seat], y, M.CARD_CODES[card], (unhex(proof[0]), unhex(proof[1]))
            )
        if not ok or d.view.learn(pos, card):
            raise ProtocolError(Refusal.BAD_PROOF, seat=seat, what="sealed", pos=pos)
        d.view.learn_give(to, card)
        d.rec.received[to] = card
        d.given[to] = (pos, card, (unhex(proof[0]), unhex(proof[1])) if proof else None)

    def _local_action(self, ev: LocalAction) -> None:
        d = self.deal
        if d is None or self.stage is not Stage.PLAY or ev.seat not in self.local:
            raise ProtocolError(Refusal.NOT_NOW, what="action")
        if ev.version is not None and ev.version != self.version():
            raise ProtocolError(Refusal.STALE, deal=ev.version[0], now=self.deal_no)
        s = self._shadow(d)
        if s.current_player() != ev.seat or not self._ready():
            raise ProtocolError(Refusal.NOT_NOW, what="turn")
        if self.undo_req is not None and ev.seat not in self.bots:
            raise ProtocolError(Refusal.NOT_NOW, what="undo")  # answer the undo first
        a = ev.action
        if not self._allowed(s, a):
            raise ProtocolError(Refusal.ILLEGAL, seat=ev.seat, action=a)
        if a == A.LOOK and d.dark and not d.first_open:
            self._open_own(d, only=ev.seat)  # its own view needs its cards before it looks
            s = self._shadow(d)
        seat, n = ev.seat, len(d.view.actions)
        body: dict[str, Any] = {"deal": self.deal_no, "n": n}
        if A.is_aside(a):  # 2 players: a card set aside, seen by the declarer only
            d.hidden.setdefault(seat, []).append((n, A.action_str(a)))
            d.view.asides[n] = A.action_card(a)
            self._say("act", seat, **body, a=HIDDEN_ASIDE)
            return
        if A.is_give(a) and self.conv.open_discard:  # shown to everybody, with its proof
            body.update(self._card_fields(d, seat, A.action_card(a), ""))
            self._say("act", seat, **body, a=A.action_str(a))
            return
        if A.is_give(a):
            card, to = divmod(a - A.GIVE_BASE, 4)
            pos = d.view.cards.index(card)
            proof = self._proof(d, seat, pos)
            d.hidden.setdefault(seat, []).append((n, A.action_str(a)))
            d.view.learn_give(to, card)
            self._say("act", seat, **body, a=HIDDEN_GIVE, to=to)
            note = json.dumps({"pos": pos, "card": card, "proof": proof}).encode()
            gr, ct, tag = M.seal(d.rec.publics[to], note, self.rng)
            self._say(
                "sealed", seat, deal=self.deal_no, to=to, r=hx(gr), ct=ct.hex(), tag=tag.hex()
            )
            return
        if A.is_play(a) or A.is_declare(a):
            card = A.played_card(a)
            body.update(self._card_fields(d, seat, card, ""))
            if A.is_declare(a):
                for i, partner in enumerate(partners(card), 2):
                    body.update(self._card_fields(d, seat, partner, str(i)))
        self._say("act", seat, **body, a=A.action_str(a))

    def _allowed(self, s: State, a: int) -> bool:
        """Whether this peer's seat may take ``a`` now (the engine's word)."""
        return a in s.legal_actions()

    def _proof(self, d: Deal, owner: int, pos: int) -> list[str] | None:
        if pos in d.talon_pos and self._shadow(d).talon_shown:
            return None
        y = d.rec.value(pos, self.players)
        assert y is not None
        c, s = M.prove(d.keys[owner], y, self.rng)
        return [hx(c), hx(s)]

    def _card_fields(self, d: Deal, seat: int, card: int, suffix: str) -> dict[str, Any]:
        pos = d.view.cards.index(card)
        got = d.given.get(seat)
        if got is not None and got[0] == pos:
            proof = [hx(got[2][0]), hx(got[2][1])] if got[2] else None
        else:
            proof = self._proof(d, seat, pos)
        out: dict[str, Any] = {"pos" + suffix: pos}
        if proof is not None:
            out["proof" + suffix] = proof
        return out

    # -- what this peer's seats owe ----------------------------------------------------------

    def _owe(self) -> bool:
        """Queue the next message one of this peer's seats owes; False: none."""
        if self.stage is Stage.DRAW:
            for s in sorted(self.local):
                if s not in self.commits:
                    r = self.rng.getrandbits(256)
                    self.draw_values[s] = r
                    self._say("commit", s, deal=1, h=M.commitment(r))
                    return True
            if len(self.commits) == self.players:
                for s in sorted(self.local):
                    if s not in self.opens:
                        self._say("open", s, deal=1, r=hx(self.draw_values[s]))
                        return True
            return False
        d = self.deal
        if d is None:
            return False
        rec = d.rec
        if self.stage is Stage.SETUP:
            for s, k in d.keys.items():
                if s not in rec.publics:
                    self._say("key", s, deal=self.deal_no, h=hx(k.public))
                    return True
            stage = len(rec.decks)
            if len(rec.publics) == self.players and stage < self.players and stage in d.keys:
                src = rec.decks[stage - 1] if stage else list(M.CARD_CODES)
                deck = M.shuffle(src, d.keys[stage], self.rng)
                self._say(
                    "deck", stage, deal=self.deal_no, stage=stage, cards=[hx(x) for x in deck]
                )
                return True
            if stage == self.players and not d.cut_settled:
                return self._owe_cut(d)
            if stage == self.players and d.rounds < self.players and d.rounds in d.keys:
                seat = d.rounds
                items = [
                    [p, hx(M.decrypt(rec.value(p, self.players) or 0, d.keys[seat]))]
                    for p in self._share_targets(d, seat)
                ]
                self._say("shares", seat, deal=self.deal_no, part="deal", items=items)
                return True
            if d.rounds == self.players:
                first = (rec.dealer + 1) % self.players
                for s in self._holders(rec.dealer):
                    if d.dark and s == first:
                        continue  # it has not seen its cards: it claims once it looks
                    if s in d.keys and s not in rec.claims:
                        hand = sum(
                            1 << d.view.cards[p] for p, h in enumerate(d.view.places()) if h == s
                        )
                        self._say(
                            "claim",
                            s,
                            deal=self.deal_no,
                            why=CLAIM if hand_redeal(self.conv, hand, s == first) else "",
                        )
                        return True
            return False
        if self.stage is Stage.PLAY:
            first = self._first(d)
            if d.dark and first in d.keys and not d.first_open and self._shadow(d).looked:
                self._open_own(d, only=first)  # it looked (or plays on after the dark)
            if self._look_claim_due(d) and first in d.keys:
                hand = sum(
                    1 << d.view.cards[p] for p, h in enumerate(d.view.places()) if h == first
                )
                why = CLAIM if hand_redeal(self.conv, hand, True) else ""
                self._say("claim", first, deal=self.deal_no, why=why)
                return True
            for r in self._after_due(d):
                if r in d.keys and r in d.view.gives:  # it knows the card it received
                    own = {d.view.cards[p] for p, h in enumerate(d.view.places()) if h == r}
                    hand = sum(1 << c for c in own | {d.view.gives[r]})
                    four = hand & NINES_MASK == NINES_MASK
                    self._say("claim", r, deal=self.deal_no, why=CLAIM if four else "", after=True)
                    return True
            if d.talon_order and not d.talon_done:
                seat = d.talon_order[d.talon_rounds]
                if seat in d.keys:
                    items = [
                        [p, hx(M.decrypt(rec.value(p, self.players) or 0, d.keys[seat]))]
                        for p in d.talon_pos
                    ]
                    self._say("shares", seat, deal=self.deal_no, part="talon", items=items)
                    return True
                return False
            if self._ready():
                self._ask_bots(d)
            return False
        if self.stage is Stage.AUDIT:
            for s, k in d.keys.items():
                if s not in d.revealed:
                    self._say(
                        "reveal",
                        s,
                        deal=self.deal_no,
                        d=hx(k.d),
                        hidden=[list(x) for x in d.hidden.get(s, [])],
                    )
                    return True
        return False


def partners(card: int) -> list[int]:
    """The cards a marriage led with ``card`` shows beside it: the king's queen or the
    queen's king; with ``ace_marriage`` an ace's three other aces."""
    suit, rank = divmod(card, 6)
    if rank == ACE:
        return [6 * x + ACE for x in range(4) if x != suit]
    return [6 * suit + (QUEEN if rank == KING else KING)]
