"""One peer of an online table as a pure state machine: ``step(peer, event)``.

What the host's page and a guest's page share: the table's and the deal's
messages (``MESSAGES``, ``DEAL_MESSAGES``: a message's type to the method that
applies it), the deal's state (``Deal``), the audit and undo. The roles are
``thousand.net.host.Host`` (seats the guests, relays, runs the bots of the
empty seats) and ``thousand.net.guest.Guest`` (seated by the host's welcome);
the links and numbered logs are ``thousand.net.link``; the events and outputs
``thousand.net.events``.

The runner (the page's WebRTC glue) turns what happens into events and the
outputs back into calls; the peer holds every rule of the protocol and
touches no clock, network or global random (``entropy`` is injected:
``drbg.Drbg`` online: reproducible from its secret seed by the journal;
``random.Random(seed)`` in tests).

Topology: a star. The host's page seats the guests, runs the bots of the
empty seats (it holds their keys) and relays: every message it accepts goes
into one numbered log that every guest receives in order (``Broadcast``); a
guest talks to the host only (``Send("host", ...)``). A deal runs:

1. keys: every seat publishes ``g^d`` (``key``);
2. shuffle: seat 0, 1, ... in turn encrypt and permute the deck (``deck``);
3. dealing: seat 0, 1, ... in turn remove their layer from the positions of
   the other seats (``shares``); each holder removes its own last and says
   whether its hand allows a redeal (``claim``);
4. play: ``act`` messages in the engine's turn order; a card comes with its
   position and a proof; a card passed comes with a ``sealed`` note to its
   receiver; the talon is opened (to all, or to the declarer on 100) by
   ``shares`` when the declarer takes it;
5. audit: every seat ``reveal``s its key and hidden actions; every peer
   checks and replays the deal (``audit``) and the true game moves on.

>>> import random
>>> from thousand.net.events import Connected, Received, Start
>>> from thousand.net.guest import Guest
>>> from thousand.net.host import Host
>>> host = Host("Ann", Conventions(), random.Random(1))
>>> guest = Guest("Bob", random.Random(2))
>>> guest, out = step(guest, Connected("host"))
>>> host, out = step(host, Received("p1", out[0].text))
>>> [type(o).__name__ for o in out], host.names
(['Seated', 'Broadcast'], ['Ann', 'Bob'])
>>> guest, out = step(guest, Received("host", out[1].text))  # the welcome: seated
>>> guest.seat, guest.players
(1, 3)
>>> host, out = step(host, Start())  # seat 2 gets a bot; the draw for the dealer starts
>>> host.bots, [type(o).__name__ for o in out][:3]
({2}, ['Broadcast', 'Seated', 'Broadcast'])
>>> sorted(MESSAGES)[:3], sorted(DEAL_MESSAGES)[:3]
(['commit', 'done', 'end'], ['act', 'alarm', 'claim'])

When the host's page is gone for good, any person hosts the same game anew
from what their page holds, and the others rejoin their seats
(docs/PROTOCOL.md, "Hosting a game anew")::

    r = Resume.of(peer)  # this page's peer of the game
    new = Host(peer.name, r.conventions, entropy, resume=r)  # keeps its seat
    new = Guest(peer.name, entropy, resume=r)  # each other person's page

then as any table: invitations, ``Connected``/``Received``, ``Start`` (the seats
nobody reclaimed go to the host's computer player until their person joins).
A guest whose own audited deals differ from the new host's refuses
(``Refused`` with ``Refusal.HISTORY``) and stops.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import actions as A
from ..conventions import Conventions
from ..state import Phase
from . import mental as M
from .acting import Acting
from .audit import AuditResult, Finding, audit
from .events import (
    HOST,
    AnswerUndo,
    AskUndo,
    CheatFound,
    Connected,
    DealAudited,
    Dropped,
    Ended,
    EndGame,
    Event,
    GameOver,
    GoOnWithout,
    LocalAction,
    Output,
    PeerBack,
    PeerLost,
    Received,
    Refused,
    SeatChanged,
    Seated,
    Stage,
    Start,
    TakeSeat,
    Tick,
    UndoAnswered,
    UndoAsked,
    Undone,
    UndoVoid,
)
from .messages import ProtocolError, Refusal, unhex
from .peer_state import Deal, history_hash, record_hash, rewind

# Conventions that need more than the protocol does yet (a hidden card seen by
# the rules in ways the shadow does not model).
UNSUPPORTED: tuple[str, ...] = ()


def unsupported(conv: Conventions) -> list[str]:
    """The conventions online play cannot run yet (empty: fine)."""
    return [k for k in UNSUPPORTED if getattr(conv, k)]


class Peer(Acting):
    """One page's side of an online table: ``Host`` or ``Guest`` (``thousand.net.host``,
    ``thousand.net.guest``), which fill in what only their role does.

    ``step`` updates it in place and returns it: its engine states are large and
    mutable, so the runner owns one Peer and feeds it every event. Its fields are
    ``PeerState``'s; its parts ``Dealing`` and ``Acting`` (``thousand.net.dealing``,
    ``thousand.net.acting``).
    """

    # -- the one door ------------------------------------------------------------------------

    def handle(self, event: Event) -> list[Output]:
        """Apply one event; the outputs to carry out."""
        self.out = []
        try:
            self._event(event)
            self._pump()
        except ProtocolError as e:  # a local request refused
            self.out.append(Refused("local", e.code, e.params))
        except (ValueError, KeyError, IndexError, TypeError) as e:  # never crash the page
            self.out.append(Refused("local", Refusal.MALFORMED, {"why": type(e).__name__}))
        return self.out

    def _event(self, ev: Event) -> None:
        if isinstance(ev, Tick):
            self.now = max(self.now, ev.now)
            self._tick()
            self._audit_overdue()
        elif isinstance(ev, Received):
            self._received(ev.peer, ev.text)
        elif isinstance(ev, LocalAction):
            self._local_action(ev)
        elif isinstance(ev, Connected):
            self._connected(ev.peer)
        elif isinstance(ev, Dropped):
            self._dropped(ev.peer)
        elif isinstance(ev, Start):
            self._start()
        elif isinstance(ev, TakeSeat):
            self._take_seat(ev.seat)
        elif isinstance(ev, EndGame):
            self._end_game()
        elif isinstance(ev, GoOnWithout):
            self._go_on_without(ev.seat)
        elif isinstance(ev, AskUndo):
            self._ask_undo(ev.seat)
        elif isinstance(ev, AnswerUndo):
            self._answer_undo(ev.seat, ev.yes)

    def _start(self) -> None:
        raise ProtocolError(Refusal.NOT_NOW, what="start")  # the host's word

    def _take_seat(self, seat: int) -> None:
        raise ProtocolError(Refusal.NOT_NOW, what="take_seat", seat=seat)  # the host's word

    def _end_game(self) -> None:
        raise ProtocolError(Refusal.NOT_NOW, what="end")  # the host's word

    def _go_on_without(self, seat: int) -> None:
        raise ProtocolError(Refusal.NOT_NOW, what="go_on")  # the host's word

    def _say_host(self, t: str, /, **body: Any) -> None:
        self._say(t, self.host_seat, **body)

    # -- the table's messages (``MESSAGES``) -------------------------------------------------

    def _apply(self, seat: int, m: dict[str, Any], own: bool = False) -> None:
        """Apply a message of ``seat`` (``own``: one of this page's seats said it):
        by its type, from ``MESSAGES`` or, within the deal in play, ``DEAL_MESSAGES``."""
        t = m["t"]
        table = MESSAGES.get(t)
        if table is not None:
            table(self, seat, m, own)
            return
        d = self.deal
        if d is None or self.stage in (Stage.LOBBY, Stage.DRAW):
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what=t)
        if m.get("deal") != self.deal_no:
            raise ProtocolError(Refusal.STALE, deal=m.get("deal"), now=self.deal_no)
        DEAL_MESSAGES[t](self, d, seat, m, own)

    def _m_welcome(self, seat: int, m: dict[str, Any], own: bool) -> None:
        self._welcome(m)

    def _m_link(self, seat: int, m: dict[str, Any], own: bool) -> None:
        """``link``: the host says a seat's player lost (or got back) its connection."""
        if seat != self.host_seat:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="link")
        if not own and m["seat"] != self.seat:  # (the host said it already)
            self.out.append(PeerBack(m["seat"]) if m["up"] else PeerLost(m["seat"]))

    def _m_halt(self, seat: int, m: dict[str, Any], own: bool) -> None:
        """``halt``: another page found a cheat. The host's word is taken (it relays
        every message, and judges a guest that keeps its key back): stop too,
        saying who and what. A guest's is not (a cheat could send one naming
        anybody): the page says who claims it (``claim``) and checks for itself,
        as at an alarm: every page reveals its key, and the audit names who
        cheated, or the page that stopped the table over nothing (``alarm``), or
        one that keeps its key back (``silent``)."""
        if own or self.stage is Stage.HALTED:
            return
        claim = seat != self.host_seat
        told = {"by": seat, "seat": m["seat"], "what": m["what"]}
        self.out.append(Refused(HOST, Refusal.CHEAT, {**told, "claim": True} if claim else told))
        d = self.deal
        if not claim or d is None or self.stage not in (Stage.SETUP, Stage.PLAY, Stage.AUDIT):
            if self.halt_seat < 0 and m["seat"] >= 0:
                self.halt_seat = m["seat"]
            self._stop()
        elif d.alarm is None:  # (the audit names the halter if every key checks)
            d.alarm, d.accused = seat, None
            if self.stage is not Stage.AUDIT:
                d.audit_since = self.now
                self.stage = Stage.AUDIT
                self._void_undo()

    def _m_table(self, seat: int, m: dict[str, Any], own: bool) -> None:
        """``table``: the host seats the table (names, bots) and the draw starts."""
        self._before_table(m)
        if seat != self.host_seat or self.stage is not Stage.LOBBY:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="table")
        names, bots, taken = m["names"], m["bots"], m.get("taken", [])
        h = self.host_seat
        if (
            len(names) != self.players
            or m.get("host", 0) != h
            or any(b >= self.players or b == h for b in [*bots, *taken])
            or set(bots) & set(taken)
        ):
            raise ProtocolError(Refusal.MALFORMED, why="table")
        if "deals" in m:
            self._resume_table(m)
        self.names = list(names)
        self.bots = set(bots) | set(taken)
        self.taken = set(taken)
        self.persons = set(range(self.players)) - set(bots)
        self._table_bots()
        self.game_id = m["game"]
        self.stage = Stage.DRAW
        self.out.append(Seated(tuple(self.names)))
        if "deals" in m and m["deals"] > 0:
            assert self.base is not None and self.last is not None
            probe = self.base.clone()
            probe.apply_action(self.last)
            self._new_deal(probe.dealer)

    def _resume_table(self, m: dict[str, Any]) -> None:
        """A game hosted anew goes on from its first ``deals`` audited deals: they must
        be this page's own (the same hash), or it refuses and stops."""
        if m["game"] != self.game_id or not self._may_resume():
            self._stop()
            raise ProtocolError(Refusal.OTHER_GAME, why="table")
        n = m["deals"]
        rec = self.record()
        ours = 0 if rec is None else len(rec["deals"])
        why = ""
        if n > ours:
            why = "more"  # deals this page did not see audited: it cannot check them
        elif n < ours - 1:
            why = "fewer"  # only a deal the host's page left during may be played again
        elif n and history_hash(rec, n) != m.get("hash"):
            why = "differ"
        if why:
            self._stop()
            raise ProtocolError(Refusal.HISTORY, deals=n, ours=ours, why=why)
        if n and rec is not None:
            self.game, self.base, self.last = rewind(rec, n)
        else:
            self.game = self.base = self.last = None
        self.deal_no = n
        self.audited = None

    def _m_draw(self, seat: int, m: dict[str, Any], own: bool) -> None:
        if self.stage is not Stage.DRAW or m["deal"] != 1:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what=m["t"])
        if m["t"] == "commit":
            if seat in self.commits:
                raise ProtocolError(Refusal.REPLAY, seq=m["seq"])
            self.commits[seat] = m["h"]
            return
        if len(self.commits) < self.players or seat in self.opens:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="open")
        r = unhex(m["r"])
        if M.commitment(r) != self.commits[seat]:
            self._cheat([Finding(seat, 0, -1, "commitment")])
            return
        self.opens[seat] = r
        if len(self.opens) == self.players:
            dealer = M.joint([self.opens[s] for s in range(self.players)], self.players)
            self._new_deal(dealer)

    def _m_done(self, seat: int, m: dict[str, Any], own: bool) -> None:
        self.hashes[seat] = m["hash"]
        if self.final_hash is not None and m["hash"] != self.final_hash:
            self.out.append(Refused(HOST, Refusal.CHEAT, {"seat": seat, "what": "hash"}))

    def _m_seat(self, sender: int, m: dict[str, Any], own: bool) -> None:
        """``seat``: from the host only, for a person's seat; a computer player takes
        it now (the deal in play is dealt again), or gives it back at the next deal;
        ``out``: for good, the person at the seat a cheat stopped the table at."""
        s = m["seat"]
        if m.get("out"):
            self._seat_out(sender, s, m["deal"])
            return
        if sender != self.host_seat or self.stage not in self.IN_GAME:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=sender, what="seat")
        if s == self.host_seat or s not in self.persons:
            raise ProtocolError(Refusal.MALFORMED, why="seat")
        if m["bot"]:
            if s in self.bots or m["deal"] != self.deal_no:
                raise ProtocolError(Refusal.OUT_OF_TURN, seat=sender, what="seat")
            self._set_bot(s, True)
            self.out.append(SeatChanged(s, True, redealt=self._redeal(s)))
        else:
            back = s in self.taken and s not in self.pending and s not in self.out_seats
            if not back or m["deal"] != self.deal_no + 1:
                raise ProtocolError(Refusal.OUT_OF_TURN, seat=sender, what="seat")
            self.pending[s] = False
            self.out.append(SeatChanged(s, False))

    def _seat_out(self, sender: int, s: int, deal: int) -> None:
        """A cheat stopped the table at seat ``s``; the host takes that person out of
        the game: the host's computer player plays the seat for good, the deal in play
        is dealt again from its start (its audit failed) and the table goes on."""
        ok = (
            sender == self.host_seat
            and self.stage is Stage.HALTED
            and s == self.halt_seat
            and s != self.host_seat
            and s in self.persons
            and deal == self.deal_no
        )
        d = self.deal
        if not ok or d is None:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=sender, what="seat")
        self.out_seats.add(s)
        self.halt_seat = -1
        self.pending.pop(s, None)
        if s not in self.bots:
            self._set_bot(s, True)
        self._new_deal(d.rec.dealer)
        self.out.append(SeatChanged(s, True, redealt=True, out=True))

    def _m_end(self, sender: int, m: dict[str, Any], own: bool) -> None:
        """``end``: the game's record is its first ``deals`` deals (a guest may have
        audited one more when the host's word comes: that deal is left out)."""
        if sender != self.host_seat or self.stage not in self.IN_GAME:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=sender, what="end")
        if m["deals"] > (len(self.game.log) if self.game is not None else 0):
            raise ProtocolError(Refusal.MALFORMED, why="deals")
        self.ended_at = m["deals"]
        self.stage = Stage.OVER
        self._queue.clear()
        rec = self.record()
        self.final_hash = record_hash(rec) if rec is not None else ""
        self.out.append(Ended(self.final_hash))

    # -- a person's seat played by a computer player -----------------------------------------

    IN_GAME = (Stage.DRAW, Stage.SETUP, Stage.PLAY, Stage.AUDIT)

    def seat_can_be_taken(self, seat: int) -> bool:
        """Host: whether a computer player may now play for the person at ``seat``."""
        return False

    def can_end(self) -> bool:
        """Host: whether the game can be ended now."""
        return False

    def can_go_on_without(self) -> int:
        """Host: the seat whose person the table can go on without (-1: none)."""
        return -1

    def _set_bot(self, s: int, bot: bool) -> None:
        if bot:
            self.bots.add(s)
            self.taken.add(s)
        else:
            self.bots.discard(s)
            self.taken.discard(s)
        self._seats_changed()

    def _redeal(self, s: int) -> bool:
        """The seat ``s`` changed hands: the draw forgets its unopened commitment, a
        deal in progress is dealt again (same dealer, new keys). True: dealt again."""
        if self.stage is Stage.DRAW:
            if s not in self.opens:
                self.commits.pop(s, None)
                self.draw_values.pop(s, None)
            return False
        d = self.deal
        assert d is not None
        self._new_deal(d.rec.dealer)
        return True

    # -- undo: a person takes back a decision with every other person's Allow ----------------

    def undo_target(self, seat: int) -> int | None:
        """How many of the deal's actions stay if ``seat`` takes back its last
        decision, or None. Only a bid or pass while the bidding goes on (with the
        computer players' bids after it), or the card it played last while nobody
        has played since: nothing another player revealed is taken back."""
        d = self.deal
        if (
            d is None
            or self.stage is not Stage.PLAY
            or seat not in self.persons
            or seat in self.bots
            or self.undo_req is not None
            or not self._ready()
        ):
            return None
        acts = d.view.actions
        mine = [k for k, (who, _, _) in enumerate(acts) if who == seat]
        if not mine:
            return None
        n = mine[-1]
        a = acts[n][2]
        later = acts[n + 1 :]
        phase = self._shadow(d).phase
        if A.is_bid(a) or a == A.PASS:
            ok = phase is Phase.BIDDING and all(
                who in self.bots and (A.is_bid(b) or b == A.PASS) for who, _, b in later
            )
        elif A.is_play(a) or A.is_declare(a):
            ok = phase is Phase.PLAY and not later
        else:
            ok = False
        return n if ok else None

    def undo_waiting(self) -> tuple[int, ...]:
        """The people whose Allow the pending undo still needs."""
        if self.undo_req is None:
            return ()
        asker = self.undo_req[0]
        need = self.persons - self.bots - {asker} - self.undo_yes
        return tuple(sorted(need))

    def _ask_undo(self, seat: int) -> None:
        n = self.undo_target(seat) if seat in self.local else None
        if n is None:
            raise ProtocolError(Refusal.NOT_NOW, what="undo")
        self._say("undo", seat, deal=self.deal_no, n=n)

    def _answer_undo(self, seat: int, yes: bool) -> None:
        if self.undo_req is None or seat not in self.local or seat not in self.undo_waiting():
            raise ProtocolError(Refusal.NOT_NOW, what="undo")
        self._say("undo_ok", seat, deal=self.deal_no, n=self.undo_req[1], yes=yes)

    def _m_undo(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        if m["n"] != self.undo_target(seat):
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="undo")
        self.undo_req, self.undo_yes = (seat, m["n"]), set()
        self.out.append(UndoAsked(seat, m["n"], self.undo_waiting()))
        if not self.undo_waiting():
            self._undo(d)

    def _m_undo_ok(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        req = self.undo_req
        if req is None or m["n"] != req[1] or seat not in self.undo_waiting():
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="undo_ok")
        self.out.append(UndoAnswered(seat, m["yes"]))
        if not m["yes"]:
            self.undo_req = None
            return
        self.undo_yes.add(seat)
        if not self.undo_waiting():
            self._undo(d)

    def _undo(self, d: Deal) -> None:
        assert self.undo_req is not None
        seat, n = self.undo_req
        self.undo_req, self.undo_yes = None, set()
        del d.view.actions[n:]
        d.view._cache = None
        for k in [k for k in d.used_at if k >= n]:
            d.used.discard(d.used_at.pop(k))
        self.asked = {v for v in self.asked if v[0] != self.deal_no or v[1] < n}
        self.out.append(Undone(seat, n))

    def _void_undo(self) -> None:
        if self.undo_req is not None:
            self.out.append(UndoVoid(self.undo_req[0]))
        self.undo_req, self.undo_yes = None, set()

    # -- alarms and the audit ----------------------------------------------------------------

    def _raise_alarm(self, accused: int | None) -> None:
        """A proof failed: everyone reveals now. A card proof that fails names its
        sender (anyone can check it); a share that opens to no card names nobody
        (the audit finds who lied)."""
        d = self.deal
        if d is None or self.stage in (Stage.AUDIT, Stage.HALTED, Stage.OVER):
            return
        seat = min(self.local) if self.local else 0
        extra = {} if accused is None else {"seat": accused}
        self._say("alarm", seat, deal=self.deal_no, code="bad_proof", **extra)

    def _m_alarm(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        if self.stage in (Stage.SETUP, Stage.PLAY):
            d.alarm = seat
            d.accused = m.get("seat")
            d.audit_since = self.now
            self.stage = Stage.AUDIT
            self._void_undo()

    def _audit_overdue(self) -> None:
        """The audit (a deal's end, or an alarm's) waits for every seat's key; a page
        that stays silent while connected (a cheat would show in its key) is named
        for it and the table stops (``halt``), so no honest page waits with nothing
        to do. A page whose link is lost is waited for, as in play."""
        d = self.deal
        if d is None or self.stage is not Stage.AUDIT or d.audit_since < 0:
            return
        silent = self._silent(d)
        if silent:
            self._cheat([Finding(s, self.deal_no, -1, "silent") for s in silent])

    def _m_reveal(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        if self.stage is not Stage.AUDIT or seat in d.revealed:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="reveal")
        hidden = [(k, str(t)) for k, t in m["hidden"]]
        d.revealed[seat] = (unhex(m["d"]), hidden)
        if len(d.revealed) == self.players:
            self._finish_deal(d)

    def _finish_deal(self, d: Deal) -> None:
        d.rec.actions = list(d.view.actions)
        result: AuditResult = audit(self.conv, self.base, self.last, d.rec, d.revealed)
        found = result.findings
        if d.alarm is not None:
            found = [f for f in found if f.what not in ("unfinished",)]
            if not found and d.accused is not None:
                n = len(d.view.actions)
                found = [Finding(d.accused, self.deal_no, n, "proof", (("by", d.alarm),))]
            elif not found:
                found = [Finding(d.alarm, self.deal_no, -1, "alarm")]
        if found:
            self._cheat(found)
            return
        assert result.state is not None and result.before_last is not None
        self.audited = (self.base, self.last, d.rec, d.revealed)
        self.game = result.state
        self.base, self.last = result.before_last, result.last
        self.out.append(DealAudited(self.deal_no))
        if self.game.is_terminal():
            self.stage = Stage.OVER
            rec = self.record()
            assert rec is not None
            self.final_hash = record_hash(rec)
            self.out.append(GameOver(self.final_hash))
            for s in sorted(self.local - self.bots):
                self._say("done", s, hash=self.final_hash)
            return
        probe = self.base.clone()
        assert self.last is not None
        probe.apply_action(self.last)
        self._new_deal(probe.dealer)

    def _cheat(self, found: list[Finding]) -> None:
        """Report the findings and stop; tell the table (``halt``) so every page stops."""
        already = self.stage is Stage.HALTED
        if not already and found[0].seat >= 0:
            self.halt_seat = found[0].seat
        self.findings.extend(found)
        self.out.extend(CheatFound(f) for f in found)
        self._stop()
        if not already and self.local:
            f = found[0]
            self._say("halt", min(self.local), what=f.what, seat=f.seat)

    def _stop(self) -> None:
        self.stage = Stage.HALTED
        self._queue.clear()


#: The table's messages: a message's type to the method that applies it.
MESSAGES: dict[str, Callable[[Peer, int, dict[str, Any], bool], None]] = {
    "welcome": Peer._m_welcome,
    "table": Peer._m_table,
    "commit": Peer._m_draw,
    "open": Peer._m_draw,
    "done": Peer._m_done,
    "seat": Peer._m_seat,
    "end": Peer._m_end,
    "link": Peer._m_link,
    "halt": Peer._m_halt,
}

#: The deal's messages: applied to the deal in play, when the message is for it.
DEAL_MESSAGES: dict[str, Callable[[Peer, Deal, int, dict[str, Any], bool], None]] = {
    "key": Peer._m_key,
    "deck": Peer._m_deck,
    "cut": Peer._m_cut,
    "shares": Peer._m_shares,
    "claim": Peer._m_claim,
    "act": Peer._m_act,
    "sealed": Peer._m_sealed,
    "alarm": Peer._m_alarm,
    "reveal": Peer._m_reveal,
    "undo": Peer._m_undo,
    "undo_ok": Peer._m_undo_ok,
}


def step(peer: Peer, event: Event) -> tuple[Peer, list[Output]]:
    """The one door: apply ``event`` to ``peer``; the peer and the outputs to carry out."""
    return peer, peer.handle(event)
