"""A little in-process network for the online peers (``thousand.net``).

``Table`` holds a host and its guests, carries ``Send``/``Broadcast`` outputs as
messages with a seeded delay, and can drop, duplicate and reorder them, or let a
test rewrite a peer's traffic (``tamper``). Bots of the host are run here, as
the page would (``thousand.bots.make_bot``). Imported as ``from net_sim import ...``.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from thousand import Conventions
from thousand.bots import make_bot
from thousand.net import mental as M
from thousand.net.events import (
    HOST,
    Broadcast,
    CheatFound,
    Connected,
    Dropped,
    GameOver,
    LocalAction,
    NeedsBot,
    Output,
    Received,
    Refused,
    Send,
    Stage,
    Start,
    Tick,
)
from thousand.net.guest import Guest
from thousand.net.host import Host
from thousand.net.peer import Peer, step

# A 256-bit safe prime: whole games run on it so the suite stays fast (the protocol
# is the same; test_net_mental and the deal tests use the real 1536-bit group).
SMALL_P = 0x978A8C2A5D20CD9550AE86D9969B5EA8954956C186D17D5080B0368A094BCCBB


@contextmanager
def small_group() -> Iterator[None]:
    """Run the mental poker on ``SMALL_P`` (short keys of 128 bits) for a while."""
    names = ("P", "Q", "BITS", "D_BITS", "CARD_CODES", "CODE_CARD")
    saved = {k: getattr(M, k) for k in names}
    M.P, M.Q, M.BITS, M.D_BITS = SMALL_P, SMALL_P // 2, SMALL_P.bit_length(), 128
    M.CARD_CODES = tuple(M._card_code(c) for c in range(24))
    M.CODE_CARD = {x: c for c, x in enumerate(M.CARD_CODES)}
    try:
        yield
    finally:
        for k, v in saved.items():
            setattr(M, k, v)


Tamper = Callable[[str, str, str], list[str]]  # (from, to, text) -> texts to deliver instead


@dataclass
class Table:
    """A host, guests ``g1``..., the messages in flight and what every peer output."""

    conv: Conventions
    guests: int
    seed: int = 0
    drop: float = 0.0
    dup: float = 0.0
    delay: float = 0.01  # mean seconds in flight (exponential: reorders messages)
    bot: str = "random"
    tamper: Tamper | None = None
    humans: bool = True  # play for the people too (as bots)
    idle: set[str] = field(default_factory=set)  # peers whose people the test plays
    choosers: dict[str, Callable[[Any, random.Random], int]] = field(default_factory=dict)
    kinds: dict[str, type[Guest]] = field(default_factory=dict)  # a peer's class (liars)
    peers: dict[str, Peer] = field(default_factory=dict)
    outputs: dict[str, list[Output]] = field(default_factory=dict)
    up: dict[str, bool] = field(default_factory=dict)
    now: float = 0.0
    _flight: list[tuple[float, int, str, str, str]] = field(default_factory=list)
    _n: int = 0
    _played: dict[str, tuple[int, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.bot_rng = random.Random(self.seed + 1)
        self.bots = make_bot(self.bot)
        self.peers["host"] = Host("Host", self.conv, random.Random(self.seed + 10))
        self.outputs["host"] = []
        for i in range(1, self.guests + 1):
            name = f"g{i}"
            kind = self.kinds.get(name, Guest)
            self.peers[name] = kind(f"Guest {i}", random.Random(self.seed + 10 + i))
            self.outputs[name] = []

    # -- carrying messages --------------------------------------------------------

    def post(self, src: str, dst: str, text: str, lossy: bool = True) -> None:
        """Put a message in flight (maybe lost, doubled, tampered with)."""
        texts = self.tamper(src, dst, text) if self.tamper else [text]
        for t in texts:
            if lossy and self.rng.random() < self.drop:
                continue
            copies = 2 if lossy and self.rng.random() < self.dup else 1
            for _ in range(copies):
                at = self.now + self.rng.expovariate(1 / self.delay) if self.delay else self.now
                self._n += 1
                heapq.heappush(self._flight, (at, self._n, src, dst, t))

    def feed(self, name: str, event: Any) -> None:
        """Give an event to a peer and carry out its outputs."""
        peer = self.peers[name]
        _, outs = step(peer, event)
        self.outputs[name].extend(outs)
        for o in outs:
            if isinstance(o, Send):
                dst = "host" if o.to == HOST else o.to
                if self.up.get(self._link(name, dst), False):
                    self.post(name, dst, o.text)
            elif isinstance(o, Broadcast):
                for g in self.peers:
                    if g != "host" and self.up.get(self._link(name, g), False):
                        self.post(name, g, o.text)
            elif isinstance(o, NeedsBot):
                self.act_for(name, o.seat)
        seat = peer.to_act()
        person = self.humans and name not in self.idle and seat not in peer.bots
        if person and seat in peer.local and self._played.get(name) != peer.version():
            self._played[name] = peer.version()  # once per position
            self.act_for(name, seat)  # the people play like the bots here

    def act_for(self, name: str, seat: int) -> None:
        """Choose and play an action for one of a peer's seats."""
        peer = self.peers[name]
        obs = peer.observation(seat)
        assert obs is not None
        choose = self.choosers.get(name)
        action = choose(obs, self.bot_rng) if choose else self.bots.act(obs, self.bot_rng)
        self.feed(name, LocalAction(action, seat, peer.version()))

    @staticmethod
    def _link(a: str, b: str) -> str:
        return "-".join(sorted((a, b)))

    def connect(self, guest: str) -> None:
        """Open the guest's link."""
        self.up[self._link("host", guest)] = True
        self.feed("host", Connected(guest))
        self.feed(guest, Connected(HOST))

    def disconnect(self, guest: str) -> None:
        """Close the guest's link (messages in flight on it are lost)."""
        self.up[self._link("host", guest)] = False
        self._flight = [m for m in self._flight if {m[2], m[3]} != {"host", guest}]
        heapq.heapify(self._flight)
        self.feed("host", Dropped(guest))
        self.feed(guest, Dropped(HOST))

    def run(self, until: Callable[[], bool] | None = None, max_steps: int = 200_000) -> int:
        """Deliver messages (and ticks) until quiet or ``until()``; the steps taken."""
        steps = 0
        idle = 0
        while steps < max_steps and idle < 4:
            if until is not None and until():
                break
            if not self._flight:
                # quiet: time passes, a peer asks for what it may have missed
                self.now += 1.0
                for name in self.peers:
                    self.feed(name, Tick(self.now))
                idle += 1
                continue
            at, _, src, dst, text = heapq.heappop(self._flight)
            self.now = max(self.now, at)
            if not self.up.get(self._link(src, dst), False):
                continue
            if '"t":"nack"' not in text:
                idle = 0
            self.feed(dst, Tick(self.now))
            self.feed(dst, Received(src if dst == "host" else HOST, text))
            steps += 1
        return steps

    # -- the whole table --------------------------------------------------------------

    def seat_all(self) -> None:
        """Connect every guest and start the game."""
        for g in self.peers:
            if g != "host":
                self.connect(g)
                self.run()
        self.feed("host", Start())

    def honest(self) -> list[str]:
        """The peers' names."""
        return list(self.peers)

    def found(self, name: str) -> list[Any]:
        """The cheat findings a peer reported."""
        return [o.finding for o in self.outputs[name] if isinstance(o, CheatFound)]

    def refused(self, name: str) -> list[Refused]:
        """The refusals a peer reported."""
        return [o for o in self.outputs[name] if isinstance(o, Refused)]

    def over(self) -> bool:
        """Whether every peer has finished the game (or stopped)."""
        return all(p.stage in (Stage.OVER, Stage.HALTED) for p in self.peers.values())

    def hashes(self) -> set[str]:
        """The final hashes the peers computed."""
        return {o.hash for outs in self.outputs.values() for o in outs if isinstance(o, GameOver)}

    def deals_done(self, name: str = "host") -> int:
        """Deals audited so far by a peer."""
        g = self.peers[name].game
        return 0 if g is None else len(g.log)


def play_game(conv: Conventions, guests: int, seed: int, **kw: Any) -> Table:
    """A whole game on a fresh table."""
    t = Table(conv, guests, seed, **kw)
    t.seat_all()
    t.run(until=t.over)
    return t
