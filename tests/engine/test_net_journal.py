"""A peer rebuilt from its journal after a "page reload" (``thousand.net.journal``),
and the entropy that makes it possible (``thousand.net.drbg``).

Whole games run on ``net_sim``'s small group with every peer journaled; at many
points a guest (or the host) is thrown away, rebuilt from its stored journal
(through JSON, as the page's storage would), reconnected, and the game goes on
to one record hash on every peer.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand.net.drbg import Drbg, new_seed
from thousand.net.events import Received, Stage
from thousand.net.journal import (
    MAX_EVENTS,
    Journal,
    JournalError,
    rebuild,
    start_guest,
    start_host,
)
from thousand.net.messages import Refusal
from thousand.net.peer import Peer

FAST = Conventions(barrel=False, target=300)


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


# -- the entropy ----------------------------------------------------------------------


def test_drbg_is_determined_by_its_seed_and_seeds_differ() -> None:
    seed = new_seed()
    a, b = Drbg(seed), Drbg(seed)
    draws = lambda r: (  # noqa: E731
        r.getrandbits(256),
        r.randrange(10**40),
        r.random(),
        r.sample(range(100), 5),
        r.choice("abcdef"),
        r.randbytes(7),
    )
    assert draws(a) == draws(b)
    deck_a, deck_b = list(range(24)), list(range(24))
    a.shuffle(deck_a)
    b.shuffle(deck_b)
    assert deck_a == deck_b
    other = Drbg(new_seed())
    assert draws(Drbg(seed)) != draws(other)
    assert Drbg(1).getrandbits(128) != Drbg(2).getrandbits(128)
    # a state saved and restored goes on with the same draws, from any point
    r = Drbg(seed)
    r.getrandbits(5)
    state = json.loads(json.dumps(r.getstate()))
    x = [r.getrandbits(k) for k in (1, 7, 64, 300)]
    r.setstate(state)
    assert [r.getrandbits(k) for k in (1, 7, 64, 300)] == x
    # re-seeding starts over
    r.seed(seed)
    assert draws(r) == draws(Drbg(seed))
    assert Drbg(seed).seed_hex == seed and len(Drbg().seed_hex) == 64


@pytest.mark.parametrize("bad", ["", "zz" * 32, b"short", -1, 2**256, 1.5, None.__class__, [1]])
def test_drbg_refuses_a_seed_or_state_that_is_not_one(bad: Any) -> None:
    with pytest.raises(ValueError):
        Drbg(bad)
    with pytest.raises(ValueError):
        Drbg(1).setstate(("drbg-1", bad, 0, ""))
    with pytest.raises(ValueError):
        Drbg(1).setstate(bad)


def test_drbg_draws_look_uniform() -> None:
    r = Drbg(new_seed())
    n = 20_000
    # floats in ten buckets: chi-square with 9 degrees of freedom (p = 0.001 at 27.9)
    buckets = Counter(int(r.random() * 10) for _ in range(n))
    chi = sum((buckets[k] - n / 10) ** 2 / (n / 10) for k in range(10))
    assert chi < 27.9, buckets
    # every bit of getrandbits is set about half the time
    words = [r.getrandbits(64) for _ in range(4000)]
    for bit in range(64):
        ones = sum(w >> bit & 1 for w in words)
        assert abs(ones - 2000) < 4 * 32, (bit, ones)  # 4 sigma
    # the shuffles of three cards: the six orders equally often (5 d.f.: 20.5)
    orders: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        deck = [0, 1, 2]
        r.shuffle(deck)
        orders[tuple(deck)] += 1
    assert len(orders) == 6
    assert sum((c - 1000) ** 2 / 1000 for c in orders.values()) < 20.5, orders
    # randrange over a range that is not a power of two: no value favoured (6 d.f.)
    got = Counter(r.randrange(7) for _ in range(7000))
    assert sum((got[k] - 1000) ** 2 / 1000 for k in range(7)) < 22.5, got


# -- journaled tables -------------------------------------------------------------------


@dataclass
class Journaled(Table):
    """``net_sim.Table`` with every peer on a ``Drbg`` and journaled."""

    journals: dict[str, Journal] = field(default_factory=dict)
    rebuilt: int = 0
    from_snapshot: int = 0  # reloads from a compacted journal
    lose_bot: bool = False  # the host's page dies while its computer player thinks

    def act_for(self, name: str, seat: int) -> None:
        if self.lose_bot and name == "host" and seat in self.peers["host"].bots:
            self.lose_bot = False
            return  # the answer never comes
        super().act_for(name, seat)

    def __post_init__(self) -> None:
        super().__post_init__()
        seeds = random.Random(self.seed)
        for name, old in list(self.peers.items()):
            seed = format(seeds.getrandbits(256), "064x")
            if name == "host":
                peer, j = start_host(old.name, self.conv, seed)
            else:
                peer, j = start_guest(old.name, seed)
            self._attach(name, peer, j)

    def _attach(self, name: str, peer: Peer, j: Journal) -> None:
        self.peers[name], self.journals[name] = Recorded(peer, j), j  # type: ignore[assignment]

    def stored(self, name: str) -> Any:
        """The journal as the page stores it (JSON text, parsed back)."""
        return json.loads(json.dumps(self.journals[name].to_data()))

    def reload(self, name: str) -> Peer:
        """The page of ``name`` dies (its links with it) and comes back from its
        journal; the links open again."""
        data = self.stored(name)
        old = self.peers[name]
        guests = [g for g in self.peers if g != "host"] if name == "host" else [name]
        for g in guests:
            self.disconnect(g)
        peer, j = rebuild(data)
        assert fingerprint(peer, dropped=True) == fingerprint(old, dropped=True)
        self.from_snapshot += data["snapshot"] is not None
        self._attach(name, peer, j)
        self._played.pop(name, None)  # its person is asked again
        self.rebuilt += 1
        for g in guests:
            self.connect(g)
        return peer


class Recorded:
    """A peer whose every event goes through its journal (``net_sim`` calls
    ``peer.handle``); everything else is the peer's."""

    def __init__(self, peer: Peer, journal: Journal) -> None:
        self.peer, self.journal = peer, journal

    def handle(self, ev: Any) -> list[Any]:
        return self.journal.step(self.peer, ev)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.peer, name)


def fingerprint(p: Peer, dropped: bool = False) -> Any:
    """What must be the same in a peer and its rebuilt twin (not the poll timers;
    ``dropped``: one of the two has since heard its links drop, and a host says so
    to the others: ``link`` messages at the end of its log are left out)."""
    d = p.deal
    log = list(p.log)
    while dropped and log and '"t":"link"' in log[-1] and '"up":false' in log[-1]:
        log.pop()
    return (
        p.is_host,
        p.name,
        p.token,
        p.seat,
        sorted(p.local),
        p.names,
        sorted(p.bots),
        p.tokens,
        p.stage,
        log,
        p.out_log,
        p.inbox.expected,
        sorted((k, v.seat, v.inbox.expected) for k, v in p.links.items()),
        p.deal_no,
        p.version(),
        p.record(),
        p.rng.getstate(),
        None if d is None else (sorted((s, k.d) for s, k in d.keys.items()), d.view.actions),
        p.findings,
    )


def finished(t: Table) -> None:
    stages = {k: (p.stage, t.refused(k)[-3:], t.found(k)) for k, p in t.peers.items()}
    assert all(p.stage is Stage.OVER for p in t.peers.values()), stages
    assert len(t.hashes()) == 1, t.hashes()
    assert len({p.final_hash for p in t.peers.values()}) == 1
    for name in t.peers:
        # duplicates (resends crossing) and the old link's resend requests are harmless
        assert {r.code for r in t.refused(name)} <= {Refusal.DUPLICATE, Refusal.UNKNOWN_PEER}
        assert not t.found(name)


def in_setup(t: Table, name: str) -> Callable[[], bool]:
    return lambda: t.peers[name].stage is Stage.SETUP and t.peers[name].deal is not None


def mid_trick(t: Table, name: str) -> Callable[[], bool]:
    def at() -> bool:
        s = t.peers[name].shadow()
        return s is not None and bool(s.trick) and len(s.tricks) >= 1

    return at


def in_audit(t: Table, name: str) -> Callable[[], bool]:
    return lambda: t.peers[name].stage is Stage.AUDIT


def between_deals(t: Table, name: str, done: int) -> Callable[[], bool]:
    return lambda: t.deals_done(name) >= done


def test_a_journaled_game_plays_to_the_end_as_before() -> None:
    t = Journaled(FAST, guests=1, seed=21, bot="easy")
    t.seat_all()
    t.run(until=t.over)
    finished(t)
    # compacted after every audited deal: what is left is the last deal's events
    deals = t.deals_done()
    assert all(j.compactions == deals for j in t.journals.values())
    assert all(len(j.events) < 400 for j in t.journals.values())
    # every journal rebuilds its peer exactly, at the end too
    for name in t.peers:
        peer, _ = rebuild(t.stored(name))
        assert fingerprint(peer) == fingerprint(t.peers[name])
        assert peer.final_hash == t.peers[name].final_hash


@pytest.mark.parametrize(
    ("who", "seed"),
    [("g1", 31), ("g2", 36), ("host", 33), ("host", 34)],
)
def test_reloads_at_many_points_and_the_game_goes_on(who: str, seed: int) -> None:
    t = Journaled(FAST, guests=2, seed=seed, bot="easy")
    t.seat_all()
    points = [
        in_setup(t, who),
        mid_trick(t, who),
        in_audit(t, who),
        between_deals(t, who, 1),
        in_setup(t, who),
        mid_trick(t, who),
        between_deals(t, who, 2),
        in_audit(t, who),
    ]
    for at in points:
        if t.over():
            break
        t.run(until=lambda at=at: at() or t.over())
        if not t.over():
            t.reload(who)
    assert t.rebuilt >= 6 and t.from_snapshot >= 3
    t.run(until=t.over)
    finished(t)


def test_every_page_reloads_in_turn_during_one_deal() -> None:
    t = Journaled(FAST, guests=2, seed=41, bot="easy")
    t.seat_all()
    order = ["g1", "host", "g2", "g1", "host"]
    for i, who in enumerate(order):
        t.run(max_steps=40 + 17 * i)
        t.reload(who)
    t.run(until=t.over)
    finished(t)


def test_the_host_reloads_while_its_computer_player_thinks() -> None:
    t = Journaled(FAST, guests=1, seed=44, bot="easy")
    t.seat_all()
    t.run(until=lambda: t.peers["host"].stage is Stage.PLAY)
    t.lose_bot = True
    t.run()  # quiet: the table waits for the computer player
    assert not t.lose_bot and not t.over()
    host = t.peers["host"]
    assert host.to_act() in host.bots
    t.reload("host")  # the new page asks its computer player again
    t.run(until=t.over)
    finished(t)


def test_a_reload_in_the_lobby_before_the_game_starts() -> None:
    t = Journaled(FAST, guests=2, seed=42, bot="easy")
    t.connect("g1")
    t.run()
    t.reload("g1")
    t.run()
    t.reload("host")
    t.run()
    t.connect("g2")
    t.run()
    t.feed("host", __import__("thousand.net.events", fromlist=["Start"]).Start())
    t.run(until=t.over)
    finished(t)
    assert t.peers["g1"].seat == 1 and t.peers["g2"].seat == 2


def test_lost_messages_and_reloads_together() -> None:
    t = Journaled(FAST, guests=2, seed=43, bot="easy", drop=0.03, dup=0.05)
    t.seat_all()
    for k, who in enumerate(("g2", "host", "g1")):
        t.run(until=lambda k=k: t.deals_done("g1") >= k and t.peers["g1"].stage is Stage.PLAY)
        t.run(max_steps=25)
        t.reload(who)
    t.run(until=t.over)
    assert all(p.stage is Stage.OVER for p in t.peers.values())
    assert len(t.hashes()) == 1
    assert not any(t.found(n) for n in t.peers)


# -- hostile journals ----------------------------------------------------------------


@pytest.fixture(scope="module")
def stored() -> dict[str, Any]:
    with small_group():
        t = Journaled(FAST, guests=1, seed=51, bot="easy")
        t.seat_all()
        t.run(until=lambda: t.peers["g1"].stage is Stage.PLAY)
        return t.stored("g1")


def refused(data: Any) -> JournalError:
    with pytest.raises(JournalError) as e:
        rebuild(data)
    return e.value


def test_the_stored_journal_rebuilds(stored: dict[str, Any]) -> None:
    peer, j = rebuild(json.loads(json.dumps(stored)))
    assert peer.stage is Stage.PLAY and peer.seat == 1 and j.events == stored["events"]


def test_a_journal_cut_short_or_edited_is_refused(stored: dict[str, Any]) -> None:
    short = {**stored, "events": stored["events"][:-3]}
    assert refused(short).code == "check"
    texts = [i for i, x in enumerate(stored["events"]) if x[0] == "r"]
    edited = json.loads(json.dumps(stored))
    ev = edited["events"][texts[5]]
    ev[2] = ev[2].replace('"seq":', '"seq": ', 1)
    assert refused(edited).code == "check"
    other = {**stored, "name": "Mallory"}
    assert refused(other).code == "check"
    reseeded = {**stored, "seed": new_seed()}
    assert refused(reseeded).code == "check"


@pytest.mark.parametrize(
    "change",
    [
        lambda d: None,
        lambda d: [],
        lambda d: "journal",
        lambda d: {**d, "format": "thousand-save"},
        lambda d: {**d, "version": 1},  # the earlier group's keys: no page goes on with them
        lambda d: {**d, "version": 3},
        lambda d: {**d, "version": "2"},
        lambda d: {**d, "role": "admin"},
        lambda d: {**d, "name": ""},
        lambda d: {**d, "name": "x" * 21},
        lambda d: {**d, "name": 7},
        lambda d: {**d, "seed": "00"},
        lambda d: {**d, "seed": 5},
        lambda d: {**d, "conventions": {"players": 3}},  # a guest has none
        lambda d: {**d, "conventions": None},
        lambda d: {**d, "build": ""},
        lambda d: {**d, "build": ["thousand"]},
        lambda d: {**d, "events": {}},
        lambda d: {**d, "events": [["zz"]]},
        lambda d: {**d, "events": [["r", "host"]]},
        lambda d: {**d, "events": [["r", "host", 5]]},
        lambda d: {**d, "events": [["r", "", "{}"]]},
        lambda d: {**d, "events": [["a", 1, 9, None]]},
        lambda d: {**d, "events": [["a", True, 1, None]]},
        lambda d: {**d, "events": [["a", 1, 1, [1]]]},
        lambda d: {**d, "events": [["t", float("nan")]]},
        lambda d: {**d, "events": [["t", "1"]]},
        lambda d: {**d, "events": [["t", -1]]},
        lambda d: {**d, "events": [["n", ""]]},
        lambda d: {**d, "events": [["s", 1]]},
        lambda d: {**d, "events": [None]},
        lambda d: {**d, "events": [["r", "host", "x" * 70_000]]},
        lambda d: {**d, "check": None},
    ],
)
def test_a_hostile_journal_is_refused_in_words(stored: dict[str, Any], change: Any) -> None:
    e = refused(change(json.loads(json.dumps(stored))))
    assert e.code in ("format", "version", "field", "check", "size") and e.why


def test_a_huge_journal_is_refused_before_replaying() -> None:
    _, j = start_guest("Bob", "cd" * 32)
    data = j.to_data()
    # refused before the seal is even computed
    assert refused({**data, "events": [["t", 1.0]] * (MAX_EVENTS + 1)}).code == "size"
    assert refused({**data, "events": [["r", "host", "x" * 60_000]] * 700}).code == "size"


def test_a_sealed_journal_of_nonsense_events_replays_to_a_refusal_or_a_peer() -> None:
    # whoever has the seed can seal any events: the replay then meets them as a peer
    # meets hostile messages (never a traceback)
    rng = random.Random(5)
    junk = ['{"v":2,"t":"act"}', "{", "[]", '{"v":2,"t":"welcome","seq":0,"from":0}', ""]
    for _ in range(30):
        _, j = start_guest("Bob", new_seed())
        for _ in range(40):
            k = rng.choice("cdrfast")
            j.events.append(
                {
                    "c": ["c", "host"],
                    "d": ["d", "host"],
                    "r": ["r", "host", rng.choice(junk)],
                    "f": ["f", "p1"],
                    "a": ["a", rng.randrange(300), rng.randrange(4), None],
                    "s": ["s"],
                    "t": ["t", rng.random() * 100],
                }[k]
            )
        try:
            peer, _ = rebuild(j.to_data())
        except JournalError as e:
            assert e.code == "replay"
        else:
            assert peer.stage in set(Stage)
    _, h = start_host("Ann", Conventions(), new_seed())
    data = h.to_data()
    data["conventions"] = {"dark_game": True}
    data["check"] = "0" * 64
    assert refused(data).code == "check"


def test_a_host_journal_with_conventions_online_play_cannot_run_is_refused() -> None:
    for conv in ({"players": 9}, {"players": 1}):
        h = Journal("host", "Ann", new_seed(), conv)
        assert refused(h.to_data()).code == "field"


def test_ticks_are_kept_short_and_refused_duplicates_shorter() -> None:
    from thousand.net.events import Received, Tick

    peer, j = start_host("Ann", Conventions(), new_seed())
    for k in range(100):
        j.step(peer, Tick(k * 0.5))
    assert j.events == [["t", 49.5]]
    j.step(peer, Received("p1", "x" * 70_000))  # too big: only a token spent
    assert j.events[-1] == ["f", "p1"] and j.chars == 0
    again, _ = rebuild(j.to_data())
    assert again.now == peer.now == 49.5


def test_an_event_the_journal_does_not_know_is_refused_at_rebuild() -> None:
    from dataclasses import dataclass as dc

    @dc(frozen=True)
    class Undo:  # a kind of event the session may learn before the journal does
        seat: int

    peer, j = start_host("Ann", Conventions(), new_seed())
    j.step(peer, Undo(1))  # type: ignore[arg-type]  (the peer ignores it; no traceback)
    e = refused(j.to_data())
    assert e.code == "replay" and "Undo" in e.why


def test_a_peer_the_snapshot_cannot_write_keeps_all_its_events() -> None:
    t = Journaled(FAST, guests=1, seed=61, bot="easy")
    t.seat_all()
    t.peers["g1"].peer.novel = object()  # a new attribute of a kind snapshots do not know
    t.run(until=lambda: t.deals_done("g1") >= 1 and t.peers["g1"].stage is Stage.PLAY)
    j = t.journals["g1"]
    assert j.compactions == 0 and j.snapshot is None and len(j.events) > 100
    assert t.journals["host"].compactions >= 1
    t.reload("g1")  # from the whole journal: the same peer
    t.reload("host")  # from its snapshot
    t.run(until=t.over)
    finished(t)


def test_four_players_on_drbg_entropy_with_a_reload_per_deal() -> None:
    t = Journaled(Conventions(players=4, barrel=False, target=300), guests=2, seed=71, bot="easy")
    t.seat_all()
    assert all(isinstance(p.rng, Drbg) for p in t.peers.values())
    for k, who in enumerate(("g2", "host", "g1")):
        t.run(until=lambda k=k: t.over() or t.deals_done("g1") > k)
        at = mid_trick(t, who)
        t.run(until=lambda at=at: t.over() or at())
        if not t.over():
            t.reload(who)
    t.run(until=t.over)
    finished(t)
    assert t.peers["host"].bots == {3} and t.rebuilt >= 2


def _nodes(x: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _nodes(v, (*path, k))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _nodes(v, (*path, i))


def test_a_sealed_snapshot_changed_anywhere_gives_a_peer_or_a_refusal() -> None:
    # whoever holds the seed can seal any snapshot: reading one is never a traceback
    t = Journaled(FAST, guests=1, seed=81, bot="easy")
    t.seat_all()
    t.run(until=lambda: t.deals_done("g1") >= 1 and t.peers["g1"].stage is Stage.PLAY)
    t.run(until=lambda: bool(mid_trick(t, "g1")()))
    good = t.stored("g1")
    assert good["snapshot"] is not None
    paths = list(_nodes(good["snapshot"]))
    rng = random.Random(9)
    odd = [None, -1, 10**30, 0.5, "x", "", [], {}, {"t": "o", "c": "Peer", "i": 0, "v": {}}]
    outcomes: Counter[str] = Counter()
    for _ in range(150):
        data = json.loads(json.dumps(good))
        path = rng.choice(paths[1:])
        node = data["snapshot"]
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = rng.choice(odd)
        j = Journal(data["role"], data["name"], data["seed"], data["conventions"], data["build"])
        j.snapshot, j.marks, j.events = data["snapshot"], data["marks"], data["events"]
        j._chain(j.snapshot)
        try:
            rebuild(j.to_data())
            outcomes["peer"] += 1
        except JournalError as e:
            outcomes[e.code] += 1
    assert outcomes["field"] + outcomes["replay"] > 50, outcomes


def test_junk_from_a_hostile_guest_does_not_fill_the_host_s_journal() -> None:
    t = Journaled(FAST, guests=1, seed=91, bot="easy")
    t.seat_all()
    t.run(until=lambda: t.peers["host"].stage is Stage.PLAY)
    j = t.journals["host"]
    chars, n = j.chars, len(j.events)
    junk = ['{"v":1,"t":"act","x":"' + "y" * 60_000 + '"}', "{" * 3000, "[]", '{"v":7}']
    for k in range(450):  # the rate limit's burst and some refused (not enough to be cut off)
        t.feed("host", Received("g1", junk[k % len(junk)]))
    assert j.chars == chars and len(j.events) == n + 450  # a few characters each
    assert all(x == ["f", "g1"] for x in j.events[n:])
    assert any(r.code is Refusal.FLOOD for r in t.refused("host"))
    t.reload("host")  # the same peer (its rate limit too)
    t.run(until=t.over)
    # the junk was refused (malformed, flood); the game is the same on both pages
    assert all(p.stage is Stage.OVER for p in t.peers.values())
    assert len(t.hashes()) == 1 and not any(t.found(n) for n in t.peers)


def test_every_kind_of_event_is_written_and_read_back() -> None:
    from thousand.net import events as E
    from thousand.net.journal import decode_event, encode_event

    every = [
        E.Connected("p1"),
        E.Dropped("p1"),
        E.Received("p1", '{"t":"x"}'),
        E.LocalAction(7, 1, (2, 3)),
        E.Start(),
        E.Tick(12.5),
        E.TakeSeat(2),
        E.EndGame(),
        E.GoOnWithout(1),
        E.AskUndo(0),
        E.AnswerUndo(1, True),
    ]
    assert {type(e) for e in every} == set(E.Event.__args__)  # type: ignore[attr-defined]
    for ev in every:
        assert decode_event(json.loads(json.dumps(encode_event(ev)))) == ev
