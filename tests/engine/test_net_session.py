"""Online play (``thousand.net.peer``, ``Host`` and ``Guest``) over the network of ``net_sim``.

Whole games run on the small test group (``net_sim.small_group``): the protocol
and every check are the same as on the 1536-bit group, only faster.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand import actions as A
from thousand.net import mental as M
from thousand.net.events import (
    HOST,
    CheatFound,
    Connected,
    GameOver,
    LocalAction,
    NeedsBot,
    PeerLost,
    Received,
    Refused,
    Stage,
)
from thousand.net.guest import Guest
from thousand.net.host import Host
from thousand.net.messages import MAX_TEXT, Refusal, encode
from thousand.net.peer import Peer, step
from thousand.record import replay
from thousand.state import Phase

FAST = Conventions(barrel=False, target=400)
SHORT = Conventions(barrel=False, target=200)


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


def finished(t: Table) -> None:
    assert all(p.stage is Stage.OVER for p in t.peers.values()), {
        k: (p.stage, t.refused(k), t.found(k)) for k, p in t.peers.items()
    }
    assert len(t.hashes()) == 1
    for name in t.peers:
        # a resend crossing the original is a harmless duplicate; nothing else
        assert {r.code for r in t.refused(name)} <= {Refusal.DUPLICATE}, t.refused(name)
        assert not t.found(name)


def test_whole_game_two_people_and_a_bot() -> None:
    t = Table(FAST, guests=1, seed=1, bot="easy")
    t.seat_all()
    t.run(until=t.over)
    finished(t)
    host, guest = t.peers["host"], t.peers["g1"]
    assert host.bots == {2} and guest.local == {1}
    assert any(isinstance(o, NeedsBot) for o in t.outputs["host"])
    assert not any(isinstance(o, NeedsBot) for o in t.outputs["g1"])
    rec = guest.record()
    assert rec == host.record() and rec is not None
    state = replay(rec)  # the record is a legal game of the engine
    assert state.is_terminal() and max(state.totals) >= FAST.target
    assert guest.final_hash == host.final_hash
    assert len(rec["deals"]) >= 2


def test_whole_game_four_players() -> None:
    t = Table(Conventions(players=4, barrel=False, target=300), guests=2, seed=4, bot="easy")
    t.seat_all()
    t.run(until=t.over)
    finished(t)
    assert t.peers["host"].bots == {3}
    rec = t.peers["g2"].record()
    assert rec is not None and replay(rec).is_terminal()


def positions(peer: Peer, seat: int) -> set[int]:
    d = peer.deal
    assert d is not None
    return {p for p, h in enumerate(d.view.places()) if h == seat}


def test_nobody_learns_a_card_before_the_rules_show_it() -> None:
    t = Table(Conventions(), guests=2, seed=7, bot="easy")
    t.seat_all()
    g = t.peers["g1"]
    t.run(until=lambda: g.deal is not None and len(g.deal.view.actions) >= 12)
    for name, peer in t.peers.items():
        d = peer.deal
        assert d is not None and d.view.actions
        shadow = peer.shadow()
        assert shadow is not None
        own = set().union(*(positions(peer, s) for s in peer.local))
        talon = (
            set(d.talon_pos)
            if d.talon_done and (shadow.talon_shown or shadow.declarer in peer.local)
            else set()
        )
        marriages = sum(1 for s, _ in shadow.marriages if s not in peer.local)
        gives = sum(1 for to in d.given if to in peer.local)
        extra = d.view.seen - own - talon - d.used
        assert len(extra) <= marriages + gives, name
        # the true cards of what it saw: the host holds the other seats' positions
        truth = t.peers["host"].deal
        assert truth is not None
        for p in d.view.seen & positions(t.peers["host"], 0):
            assert d.view.cards[p] == truth.view.cards[p]


def at_guest_turn(seed: int = 3) -> tuple[Table, Peer]:
    t = Table(Conventions(), guests=1, seed=seed, bot="easy", idle={"g1"})
    t.seat_all()
    g = t.peers["g1"]
    t.run(until=lambda: g.to_act() == 1)
    t.run()  # quiet: every message delivered
    assert g.to_act() == 1
    return t, g


def inject(t: Table, text: str, at: str = "host", peer: str = "g1") -> list[Any]:
    _, outs = step(t.peers[at], Received(peer, text))
    return outs


_SENT: dict[int, int] = {}


def guest_text(g: Peer, t: str, **body: Any) -> str:
    """A message from the guest with its next sequence number (forged by the test)."""
    k = _SENT[id(g)] = max(_SENT.get(id(g), 0), len(g.out_log)) + 1
    return encode(t, k - 1, g.seat, **body)


def refusal(outs: list[Any]) -> Refused:
    got = [o for o in outs if isinstance(o, Refused)]
    assert got, outs
    return got[0]


def test_an_illegal_action_is_refused() -> None:
    t, g = at_guest_turn()
    n = len(g.deal.view.actions) if g.deal else 0
    shadow = g.shadow()
    assert shadow is not None
    low = A.bid(100) if shadow.phase is Phase.BIDDING else A.bid(105)
    r = refusal(inject(t, guest_text(g, "act", deal=g.deal_no, n=n, a=A.action_str(low))))
    assert r.code is Refusal.ILLEGAL and r.params["seat"] == 1
    # the local door refuses the same
    _, outs = step(g, LocalAction(low, 1))
    assert refusal(outs).code is Refusal.ILLEGAL


def test_out_of_turn_replay_and_duplicate() -> None:
    t, g = at_guest_turn()
    d = g.deal
    assert d is not None
    n = len(d.view.actions)
    host = t.peers["host"]
    # a future index, then an old one (an action seen before): out of turn / replay
    r = refusal(inject(t, guest_text(g, "act", deal=g.deal_no, n=n + 1, a="pass")))
    assert r.code is Refusal.OUT_OF_TURN
    if n:
        r = refusal(inject(t, guest_text(g, "act", deal=g.deal_no, n=0, a="pass")))
        assert r.code in (Refusal.REPLAY, Refusal.OUT_OF_TURN)
    # the guest's last message again (same number, same text): a duplicate
    r = refusal(inject(t, g.out_log[-1]))
    assert r.code is Refusal.DUPLICATE
    # an old number with other text: a replay
    forged = g.out_log[-1].replace('"deal"', '"deal" ', 1)
    r = refusal(inject(t, forged))
    assert r.code in (Refusal.REPLAY, Refusal.DUPLICATE)
    # a stale deal
    r = refusal(inject(t, guest_text(g, "claim", deal=g.deal_no + 5, why="")))
    assert r.code is Refusal.STALE
    # a seat that is not the sender's
    k = _SENT[id(g)] = _SENT[id(g)] + 1
    r = refusal(inject(t, encode("act", k - 1, 2, deal=g.deal_no, n=n, a="pass")))
    assert r.code is Refusal.MALFORMED
    assert host.stage is Stage.PLAY  # the table goes on


def test_malformed_oversized_flood_and_strangers() -> None:
    t, g = at_guest_turn()
    assert refusal(inject(t, "{nope")).code is Refusal.MALFORMED
    big = '{"v":1,"t":"act","x":"' + "y" * MAX_TEXT + '"}'
    r = refusal(inject(t, big))
    assert r.code is Refusal.TOO_BIG and r.params["limit"] == MAX_TEXT
    r = refusal(inject(t, guest_text(g, "claim", deal=1, why=""), peer="stranger"))
    assert r.code is Refusal.UNKNOWN_PEER
    codes = {refusal(inject(t, "{")).code for _ in range(450)} | {
        o.code for o in inject(t, "{") if isinstance(o, Refused)
    }
    assert Refusal.FLOOD in codes


def test_wrong_version_or_build_is_refused_with_both() -> None:
    host = Host("Ann", Conventions(), random.Random(1))
    _, outs = step(host, Received("p9", '{"v":1,"t":"hello"}'))
    r = refusal(outs)
    assert r.code is Refusal.WRONG_VERSION and r.params == {"ours": 2, "theirs": 1}
    guest = Guest("Bob", random.Random(2), build="thousand-9.9")
    _, outs = step(guest, Connected(HOST))
    _, outs = step(host, Received("p9", outs[0].text))
    r = refusal(outs)
    assert r.code is Refusal.WRONG_VERSION
    assert r.params == {"ours": host.build, "theirs": "thousand-9.9"}
    refuse = [o for o in outs if hasattr(o, "text") and '"refuse"' in o.text]
    _, outs = step(guest, Received(HOST, refuse[0].text))
    assert refusal(outs).code is Refusal.WRONG_VERSION and guest.stage is Stage.HALTED


def test_unsupported_conventions_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from thousand.net import peer

    Host("Ann", Conventions(cut_ritual=True), random.Random(1))  # supported now
    monkeypatch.setattr(peer, "UNSUPPORTED", ("dark_game",))
    with pytest.raises(ValueError) as e:
        Host("Ann", Conventions(dark_game=True), random.Random(1))
    assert "dark_game" in str(e.value)


class LyingShares(Guest):
    """Sends a wrong decryption share for the first position it opens."""

    def _say(self, t: str, sender: int, /, **body: Any) -> None:
        if t == "shares" and body["part"] == "deal" and self.deal_no == 1:
            pos, _ = body["items"][0]
            body["items"][0] = [pos, format(M.CARD_CODES[0] * M.CARD_CODES[1] % M.P, "x")]
        super()._say(t, sender, **body)


def test_a_lying_share_is_named_by_the_audit() -> None:
    t = Table(Conventions(), guests=2, seed=5, bot="easy", kinds={"g1": LyingShares})
    t.seat_all()
    t.run(until=t.over)
    for name in ("host", "g2"):
        found = t.found(name)
        assert found and found[0].seat == 1 and found[0].what == "share", found
        assert t.peers[name].stage is Stage.HALTED


class Cheater(Guest):
    """Ignores the rules for its own actions (its page was tampered with)."""

    def _allowed(self, s: Any, a: int) -> bool:
        return True

    def _known(self) -> frozenset[int]:
        return frozenset()  # its own view lets it break the rules too


def revoke(obs: Any, rng: random.Random) -> int:
    """Don't follow suit when one can."""
    legal = list(obs.legal_actions)
    if obs.phase is Phase.PLAY and obs.trick:
        other = [c for c in range(24) if obs.hand >> c & 1 and c not in legal]
        if other:
            return other[0]
    return legal[rng.randrange(len(legal))]


def test_a_revoke_is_caught_at_the_audit() -> None:
    t = Table(
        Conventions(), guests=2, seed=6, bot="easy", kinds={"g1": Cheater}, choosers={"g1": revoke}
    )
    t.seat_all()
    t.run(until=t.over)
    for name in ("host", "g2"):
        found = t.found(name)
        assert found and found[0].seat == 1 and found[0].what == "illegal", found
        assert found[0].n >= 0 and "action" in dict(found[0].params)


class Liar(Guest):
    """Sends actions its own rules refuse (its page was tampered with)."""

    def _allowed(self, s: Any, a: int) -> bool:
        return True


def fake_marriage(obs: Any, rng: random.Random) -> int:
    """Lead a king declaring a marriage without its queen."""
    if obs.phase is Phase.PLAY and not obs.trick and obs.tricks_won[obs.seat]:
        for c in range(24):
            king = c % 6 == 3 and obs.hand >> c & 1
            if king and not obs.hand >> (c - 1) & 1 and not obs.played >> (c - 1) & 1:
                return A.declare(c)
    legal = list(obs.legal_actions)
    return legal[rng.randrange(len(legal))]


def test_a_fake_marriage_fails_its_proof() -> None:
    found: list[Any] = []
    for seed in range(8):
        t = Table(
            Conventions(),
            guests=2,
            seed=seed,
            bot="easy",
            kinds={"g1": Liar},
            choosers={"g1": fake_marriage},
        )
        t.seat_all()
        t.run(until=lambda t=t: t.over() or t.deals_done() >= 3)
        found = t.found("g2")
        if found:
            break
    assert found and found[0].seat == 1 and found[0].what == "proof", found
    assert any(r.code is Refusal.BAD_PROOF for r in t.refused("host"))


def test_a_guest_drops_and_rejoins() -> None:
    t = Table(SHORT, guests=2, seed=8, bot="easy")
    t.seat_all()
    g = t.peers["g1"]
    t.run(until=lambda: g.deal is not None and len(g.deal.view.actions) > 4)
    t.disconnect("g1")
    assert any(isinstance(o, PeerLost) and o.seat == 1 for o in t.outputs["host"])
    t.run(max_steps=300)
    assert t.peers["host"].stage is not Stage.OVER  # the table waits for seat 1
    t.connect("g1")
    t.run(until=t.over)
    finished(t)


def test_the_host_drops_guests_keep_the_record() -> None:
    t = Table(SHORT, guests=1, seed=9, bot="easy")
    t.seat_all()
    t.run(until=lambda: t.deals_done("g1") >= 2)
    t.disconnect("g1")
    g = t.peers["g1"]
    assert any(isinstance(o, PeerLost) and o.seat == 0 for o in t.outputs["g1"])
    rec = g.record()
    assert rec is not None and len(rec["deals"]) >= 2
    host_rec = t.peers["host"].record()
    assert host_rec is not None
    assert rec["deals"] == host_rec["deals"][: len(rec["deals"])]


def test_lost_and_doubled_messages_are_recovered() -> None:
    t = Table(SHORT, guests=2, seed=10, bot="easy", drop=0.03, dup=0.05)
    t.seat_all()
    t.run(until=t.over)
    assert all(p.stage is Stage.OVER for p in t.peers.values())
    assert len(t.hashes()) == 1
    codes = {r.code for name in t.peers for r in t.refused(name)}
    assert codes <= {Refusal.DUPLICATE}
    assert not any(isinstance(o, CheatFound) for outs in t.outputs.values() for o in outs)
    assert any(isinstance(o, GameOver) for o in t.outputs["g2"])


def test_two_players_play_a_whole_game_and_the_other_talon_and_asides_stay_shut() -> None:
    conv = Conventions(players=2, barrel=False, target=300)
    t = Table(conv, guests=1, seed=1, bot="easy")
    t.seat_all()
    host = t.peers["host"]

    def in_play() -> bool:
        shadows = [p.shadow() for p in t.peers.values()]
        return all(s is not None and s.phase is Phase.PLAY and len(s.trick) == 1 for s in shadows)

    t.run(until=in_play)
    for name, peer in t.peers.items():
        d = peer.deal
        shadow = peer.shadow()
        assert d is not None and shadow is not None
        picked = set(d.talon_pos)
        assert len(picked) == 2
        other_talon = {p for p, h in enumerate(d.view.places()) if h < 0} - picked
        assert len(other_talon) == 2 and not d.view.seen & other_talon, name
        if shadow.declarer not in peer.local:
            own = set().union(*(positions(peer, s) for s in peer.local))
            shown = picked if shadow.talon_shown else set()
            partners = sum(1 for s, _ in shadow.marriages if s not in peer.local)
            assert len(d.view.seen - own - shown - d.used) <= partners, name
            hidden = [x for x in d.view.actions if x[1] == "aside?"]
            assert len(hidden) == 2, d.view.actions  # the asides travel hidden
    t.run(until=t.over)
    finished(t)
    rec = t.peers["g1"].record()
    assert rec == host.record() and rec is not None and replay(rec).is_terminal()


class Silent(Guest):
    """A page that never shows its key for the audit (a cheat would show in it)."""

    def _say(self, t: str, sender: int, /, **body: Any) -> None:
        if t != "reveal":
            super()._say(t, sender, **body)


def test_a_page_that_never_shows_its_key_is_named_and_no_honest_page_waits() -> None:
    from thousand.net.events import Tick
    from thousand.net.peer_state import REVEAL_WAIT

    t = Table(Conventions(), guests=2, seed=0, bot="easy", kinds={"g1": Silent})
    t.seat_all()
    t.run(until=lambda: t.peers["host"].stage is Stage.AUDIT)
    t.run(max_steps=2000)
    assert t.peers["host"].stage is Stage.AUDIT and t.peers["g2"].stage is Stage.AUDIT
    assert 1 not in t.peers["host"].deal.revealed  # type: ignore[union-attr]
    for _ in range(int(REVEAL_WAIT) + 2):  # time passes; g1's link is up all along
        t.now += 1.0
        for name in ("host", "g2"):
            t.feed(name, Tick(t.now))
        t.run(max_steps=2000)
    found = t.found("host")
    assert found and found[-1].seat == 1 and found[-1].what == "silent", found
    # the host's halt stops the other guest too, naming the same page
    told = [r for r in t.refused("g2") if r.code is Refusal.CHEAT]
    assert told and told[-1].params["seat"] == 1 and told[-1].params["what"] == "silent"
    assert t.peers["host"].stage is Stage.HALTED and t.peers["g2"].stage is Stage.HALTED


def test_a_page_whose_link_is_lost_in_the_audit_is_waited_for() -> None:
    from thousand.net.events import Tick
    from thousand.net.peer_state import REVEAL_WAIT

    t = Table(Conventions(), guests=2, seed=0, bot="easy", kinds={"g1": Silent})
    t.seat_all()
    t.run(until=lambda: t.peers["host"].stage is Stage.AUDIT)
    t.disconnect("g1")
    for _ in range(3 * int(REVEAL_WAIT)):
        t.now += 1.0
        for name in ("host", "g2"):
            t.feed(name, Tick(t.now))
        t.run(max_steps=2000)
    assert not t.found("host") and t.peers["host"].stage is Stage.AUDIT


def test_the_table_goes_on_without_the_page_a_cheat_was_found_at() -> None:
    """g1 keeps its key back; the table stops on every page; the host takes Guest 1
    out of the game: the host's computer player plays seat 1 for good, the deal is
    dealt again, and the host and g2 play it out to the same record. Guest 1's page
    cannot take its seat back."""
    from thousand.net.events import GoOnWithout, SeatChanged, Tick
    from thousand.net.peer_state import REVEAL_WAIT

    t = Table(Conventions(), guests=2, seed=0, bot="easy", kinds={"g1": Silent})
    t.seat_all()
    t.run(until=lambda: t.peers["host"].stage is Stage.AUDIT)
    for _ in range(int(REVEAL_WAIT) + 2):
        t.now += 1.0
        for name in ("host", "g2"):
            t.feed(name, Tick(t.now))
        t.run(max_steps=2000)
    host, g2 = t.peers["host"], t.peers["g2"]
    assert host.stage is Stage.HALTED and g2.stage is Stage.HALTED
    assert host.can_go_on_without() == 1
    deal = host.deal_no
    t.feed("host", GoOnWithout(1))
    t.run(until=lambda: t.deals_done("g2") >= 1 and t.deals_done("host") >= 1)
    for name in ("host", "g2"):
        p = t.peers[name]
        assert p.out_seats == {1} and 1 in p.bots and p.deal_no >= deal + 1, name
        assert any(isinstance(o, SeatChanged) and o.out for o in t.outputs[name])
    assert t.deals_done("host") >= 1 and host.record() == g2.record()
    assert host.findings and host.findings[0].seat == 1  # the cheat stays on record
    with pytest.raises(AssertionError):  # nobody goes on twice
        assert host.can_go_on_without() == 1


def test_only_the_host_and_only_for_the_seat_named_may_take_a_person_out() -> None:
    from thousand.net.events import GoOnWithout, Refused

    t = Table(Conventions(), guests=2, seed=0, bot="easy")
    t.seat_all()
    t.run(until=lambda: t.peers["host"].stage is Stage.PLAY)
    t.feed("host", GoOnWithout(1))  # no cheat stopped the table
    assert any(isinstance(o, Refused) for o in t.outputs["host"][-1:])
    assert not t.peers["host"].out_seats
    t.feed("g2", GoOnWithout(1))  # not the host's page
    assert not t.peers["g2"].out_seats


class FalseAccuser(Guest):
    """A page that stops the table in the middle of the play, naming another guest's
    page for a card it never showed."""

    fired = False

    def _tick(self) -> None:
        super()._tick()
        d = self.deal
        if (
            not self.fired
            and self.stage is Stage.PLAY
            and d is not None
            and len(d.view.actions) > 6
        ):
            self.fired = True
            self._say("halt", min(self.local), what="proof", seat=2)


def test_a_guests_halt_is_a_claim_every_page_checks_and_the_false_accuser_is_named() -> None:
    from thousand.net.events import Tick

    t = Table(Conventions(), guests=2, seed=0, bot="easy", kinds={"g1": FalseAccuser})
    t.seat_all()
    for _ in range(400):
        t.now += 0.5
        for name in ("host", "g1", "g2"):
            t.feed(name, Tick(t.now))
        t.run(max_steps=400)
        if t.found("host") and t.found("g2"):
            break
    for name in ("host", "g2"):
        told = [r for r in t.refused(name) if r.code is Refusal.CHEAT]
        assert told and told[0].params.get("claim") is True and told[0].params["by"] == 1
    # the host's own check names the accuser, never the guest it named ...
    found = t.found("host")
    assert found and {f.seat for f in found} == {1}, found
    assert found[0].what in ("alarm", "silent"), found  # (it never showed its key)
    assert t.peers["host"].can_go_on_without() == 1
    # ... and the other guest takes the host's word for it (or finds it itself)
    g2 = [f.seat for f in t.found("g2")] + [
        r.params["seat"]
        for r in t.refused("g2")
        if r.code is Refusal.CHEAT and not r.params.get("claim") and r.params["by"] == 0
    ]
    assert g2 and set(g2) == {1}, g2
    assert t.peers["g2"].stage is Stage.HALTED
