"""The deal's set-up as one peer takes part in it: keys and shuffles, the cut
(``cut_ritual``), dealing shares, the talon and redeal claims (the deal's messages
of those kinds, ``peer.DEAL_MESSAGES``). Built on ``peer_state.PeerState``."""

from __future__ import annotations

from typing import Any

from ..cards import NINE
from ..state import Phase
from . import mental as M
from .audit import DealRecord
from .events import (
    HOST,
    CutMade,
    DealReady,
    Progress,
    Refused,
    Stage,
)
from .messages import ProtocolError, Refusal, hx, unhex
from .peer_state import Deal, PeerState
from .view import (
    CLAIM,
    HIDDEN_GIVE,
    DealView,
    after_key,
)


class Dealing(PeerState):
    """A peer's part in setting up each deal."""

    # -- the deal's messages (``DEAL_MESSAGES``): keys and shuffles --------------------------

    def _new_deal(self, dealer: int) -> None:
        self._void_undo()
        for s, bot in sorted(self.pending.items()):
            self._set_bot(s, bot)
        self.pending.clear()
        self.deal_no += 1
        rec = DealRecord(self.deal_no, dealer)
        view = DealView(self.conv, self.base, self.last, dealer, self._known())
        keys = {s: M.new_keys(self.rng) for s in sorted(self.local)}
        self.deal = Deal(rec, view, keys)
        self.deal.dark = view.opening_phase() is Phase.DARK
        self.deal.cut_settled = not self.conv.cut_ritual
        self.stage = Stage.SETUP

    def _known(self) -> frozenset[int]:
        """The seats whose cards this peer's engine view holds exactly (its own)."""
        return frozenset(self.local)

    def _holders(self, dealer: int) -> list[int]:
        n = self.players
        return [s for s in range(n) if not (n == 4 and s == dealer)]

    def _progress(self, d: Deal) -> None:
        n = self.players
        total = 3 * n + len(self._holders(d.rec.dealer)) - d.dark
        done = len(d.rec.publics) + len(d.rec.decks) + d.rounds + len(d.rec.claims)
        self.out.append(Progress(done, total))

    def _m_key(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        if self.stage is not Stage.SETUP or seat in d.rec.publics:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="key")
        h = unhex(m["h"])
        if not 1 < h < M.P:
            raise ProtocolError(Refusal.MALFORMED, why="key")
        d.rec.publics[seat] = h
        self._progress(d)

    def _m_deck(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        stage = len(d.rec.decks)
        if (
            self.stage is not Stage.SETUP
            or len(d.rec.publics) < self.players
            or m["stage"] != stage
            or seat != stage
        ):
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="deck")
        cards = [unhex(x) for x in m["cards"]]
        if len(cards) != 24 or not all(1 < x < M.P for x in cards):
            raise ProtocolError(Refusal.MALFORMED, why="deck")
        d.rec.decks[stage] = cards
        self._progress(d)

    # -- cut_ritual: the cutter cuts, the dealer looks at the bottom card --------------------

    def _cut_order(self, d: Deal) -> list[int]:
        """The seats that open the bottom card to the dealer, in turn (all but it)."""
        return [s for s in range(self.players) if s != d.rec.dealer]

    def _cut_value(self, d: Deal) -> tuple[int, int]:
        """The bottom card's index in the shuffled deck after the cut under way, and its
        value after the shares so far."""
        shuffled = d.rec.decks[self.players - 1]
        i = len(d.rec.cut_calls)
        b = M.cut_bottom(shuffled, i + 1)
        chain = d.rec.cut_chains[i] if i < len(d.rec.cut_chains) else []
        return b, chain[-1][1] if chain else shuffled[b]

    def _owe_cut(self, d: Deal) -> bool:
        """The share of the bottom card this peer's next seat owes, or the dealer's
        word on it (a nine: cut again)."""
        rec, i = d.rec, len(d.rec.cut_calls)
        chain = rec.cut_chains[i] if i < len(rec.cut_chains) else []
        order = self._cut_order(d)
        b, y = self._cut_value(d)
        if len(chain) < len(order):
            seat = order[len(chain)]
            if seat not in d.keys:
                return False
            items = [[b, hx(M.decrypt(y, d.keys[seat]))]]
            self._say("shares", seat, deal=self.deal_no, part="cut", items=items)
            return True
        if rec.dealer not in d.keys:
            return False
        card = M.CODE_CARD.get(M.decrypt(y, d.keys[rec.dealer]))
        if card is None:  # a share lied (the keys tell which): audit now
            self.out.append(Refused(HOST, Refusal.BAD_PROOF, {"seat": rec.dealer, "pos": b}))
            self._raise_alarm(None)
            return True
        nine = card % 6 == NINE
        self._say("cut", rec.dealer, deal=self.deal_no, n=i + 1, nine=nine)
        return True

    def _m_cut(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        rec = d.rec
        i = len(rec.cut_calls)
        chain = rec.cut_chains[i] if i < len(rec.cut_chains) else []
        if (
            self.stage is not Stage.SETUP
            or d.cut_settled
            or len(rec.decks) < self.players
            or seat != rec.dealer
            or len(chain) < len(self._cut_order(d))
            or m["n"] != i + 1
        ):
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="cut")
        rec.cut_calls.append(m["nine"])
        if not m["nine"] or len(rec.cut_calls) == 3:
            rec.cut = len(rec.cut_calls)
            d.cut_settled = True
            d.view.cut_nines = sum(rec.cut_calls)
            d.view._cache = None
        self.out.append(CutMade(seat, i + 1, m["nine"]))

    # -- dealing shares, the talon and claims ------------------------------------------------

    def _share_targets(self, d: Deal, seat: int) -> list[int]:
        places = d.view.places()
        return [p for p, h in enumerate(places) if h >= 0 and h != seat]

    def _m_shares(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        items = [(p, unhex(x)) for p, x in m["items"]]
        if m["part"] == "cut":
            i = len(d.rec.cut_calls)
            chain = d.rec.cut_chains[i] if i < len(d.rec.cut_chains) else []
            order = self._cut_order(d)
            if (
                self.stage is not Stage.SETUP
                or d.cut_settled
                or len(d.rec.decks) < self.players
                or len(chain) >= len(order)
                or seat != order[len(chain)]
            ):
                raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="cut")
            b = self._cut_value(d)[0]
            if [p for p, _ in items] != [b] or not all(1 < x < M.P for _, x in items):
                raise ProtocolError(Refusal.MALFORMED, why="shares")
            if i == len(d.rec.cut_chains):
                d.rec.cut_chains.append(chain)
            chain.append((seat, items[0][1]))
            return
        if m["part"] == "deal":
            if (
                self.stage is not Stage.SETUP
                or len(d.rec.decks) < self.players
                or not d.cut_settled
                or seat != d.rounds
            ):
                raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="shares")
            want = self._share_targets(d, seat)
        elif m["part"] == "talon":
            if not d.talon_order or d.talon_done or seat != d.talon_order[d.talon_rounds]:
                raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="talon")
            want = list(d.talon_pos)
        else:
            raise ProtocolError(Refusal.MALFORMED, why="part")
        if [p for p, _ in items] != want or not all(1 < x < M.P for _, x in items):
            raise ProtocolError(Refusal.MALFORMED, why="shares")
        for p, x in items:
            d.rec.chains.setdefault(p, []).append((seat, x))
        if m["part"] == "deal":
            d.rounds += 1
            self._progress(d)
            if d.rounds == self.players:
                self._open_own(d)
        else:
            d.talon_rounds += 1
            if d.talon_rounds == len(d.talon_order):
                self._open_talon(d)

    def _first(self, d: Deal) -> int:
        return (d.rec.dealer + 1) % self.players

    def _open_own(self, d: Deal, only: int | None = None) -> None:
        """After the dealing shares: each of this peer's seats removes its own layer
        (first hand, when it may play in the dark, only once it looks: ``only``)."""
        places = d.view.places()
        first = self._first(d)
        if only == first:
            d.first_open = True
        for p, h in enumerate(places):
            if d.dark and h == first and only != first:
                continue
            if only is not None and h != only:
                continue
            if h in d.keys:
                y = d.rec.value(p, self.players)
                card = M.CODE_CARD.get(M.decrypt(y, d.keys[h])) if y else None
                if card is None or d.view.learn(p, card):
                    # a share lied (which one, only the keys can tell): audit now
                    self.out.append(Refused(HOST, Refusal.BAD_PROOF, {"seat": h, "pos": p}))
                    self._raise_alarm(None)
                    return

    def _open_talon(self, d: Deal) -> None:
        s = self._shadow(d)
        decl = s.declarer
        for p in d.talon_pos:
            y = d.rec.value(p, self.players)
            if s.talon_shown:
                card = M.CODE_CARD.get(y or 0)
            elif decl in d.keys and y:
                card = M.CODE_CARD.get(M.decrypt(y, d.keys[decl]))
            else:
                continue
            if card is None or d.view.learn(p, card):
                d.talon_done = True
                self.out.append(Refused(HOST, Refusal.BAD_PROOF, {"seat": decl, "pos": p}))
                self._raise_alarm(None)
                return
        d.talon_done = True

    def _after_due(self, d: Deal) -> list[int]:
        """redeal_four_nines_after_discard: the receivers of the declarer's cards whose
        claim (four nines now, or not) the table still waits for."""
        if not self.conv.redeal_four_nines_after_discard or self.stage is not Stage.PLAY:
            return []
        to = [x[2] for x in d.view.actions if x[1] == HIDDEN_GIVE]
        if len(to) < 2:
            return []
        return [r for r in to if after_key(r) not in d.rec.claims]

    def _m_claim(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        if m.get("after"):
            if seat not in self._after_due(d):
                raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="claim")
            if m["why"] not in ("", CLAIM):
                raise ProtocolError(Refusal.MALFORMED, why="claim")
            d.rec.claims[after_key(seat)] = m["why"]
            d.view._cache = None  # the shadow asks that seat now, or not
            return
        if self._look_claim_due(d) and seat == self._first(d):
            if m["why"] not in ("", CLAIM):
                raise ProtocolError(Refusal.MALFORMED, why="claim")
            d.rec.claims[seat] = m["why"]  # first hand looked: its claim now
            d.view._cache = None
            return
        if (
            self.stage is not Stage.SETUP
            or d.rounds < self.players
            or seat in d.rec.claims
            or seat not in self._holders(d.rec.dealer)
            or (d.dark and seat == self._first(d))
        ):
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="claim")
        if m["why"] not in ("", CLAIM):
            raise ProtocolError(Refusal.MALFORMED, why="claim")
        d.rec.claims[seat] = m["why"]
        self._progress(d)
        if len(d.rec.claims) == len(self._holders(d.rec.dealer)) - d.dark:
            self.stage = Stage.PLAY
            self.out.append(DealReady(self.deal_no))
            self._after_action(d)
