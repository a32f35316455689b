"""What happens to an online peer, and what it answers: the events a runner feeds
``step(peer, event)`` and the outputs it carries out (``thousand.net.peer``).

Events: a link opened, closed or brought a message's text (``Connected``,
``Dropped``, ``Received``), the time (``Tick``), and what the page asks
(``LocalAction``, ``Start``, ``TakeSeat``, ``EndGame``, ``AskUndo``,
``AnswerUndo``). Outputs: text to send (``Send`` on one link, ``Broadcast`` to
every guest) and news for the page (``Seated``, ``GameAdvanced``, ``Refused``,
``CheatFound``, ...). ``Stage`` is where a peer is in the game. Plain frozen
data: nothing here knows a peer.

>>> Received("p1", "{}")
Received(peer='p1', text='{}')
>>> Stage.PLAY.value
'play'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from .. import __version__
from .audit import Finding
from .messages import Refusal

BUILD = f"thousand-{__version__}"
HOST = "host"  # a guest's name for its one link
POLL = 1.0  # seconds of silence on a link before asking for a resend


# -- events and outputs -------------------------------------------------------


@dataclass(frozen=True)
class Connected:
    """A link opened (host: a guest's connection id; guest: ``HOST``)."""

    peer: str


@dataclass(frozen=True)
class Dropped:
    """A link closed."""

    peer: str


@dataclass(frozen=True)
class Received:
    """A message's text arrived on a link."""

    peer: str
    text: str


@dataclass(frozen=True)
class LocalAction:
    """The page (or a bot it ran) chose an action for one of this peer's seats;
    ``version`` is the (deal, index) it was chosen for (stale ones are refused)."""

    action: int
    seat: int
    version: tuple[int, int] | None = None


@dataclass(frozen=True)
class Start:
    """Host: start the game; seats nobody took get bots."""


@dataclass(frozen=True)
class Tick:
    """The time now (seconds): rate limits and resend requests."""

    now: float


@dataclass(frozen=True)
class TakeSeat:
    """Host: a computer player plays for the person at ``seat`` (whose link is lost)
    until they are back; the deal in play is dealt again (their cards are locked
    with a key only their page holds)."""

    seat: int


@dataclass(frozen=True)
class EndGame:
    """Host: end the game now; its record is the deals audited so far."""


@dataclass(frozen=True)
class GoOnWithout:
    """Host: a cheat stopped the table; the person at ``seat``, whose page it named,
    is out of the game: the host's computer player plays that seat for good and the
    deal in play is dealt again."""

    seat: int


@dataclass(frozen=True)
class AskUndo:
    """A person's page asks to take back its seat's last decision (``seat``)."""

    seat: int


@dataclass(frozen=True)
class AnswerUndo:
    """A person's page answers the pending undo for its seat: allow it or not."""

    seat: int
    yes: bool


Event = (
    Connected
    | Dropped
    | Received
    | LocalAction
    | Start
    | Tick
    | TakeSeat
    | EndGame
    | GoOnWithout
    | AskUndo
    | AnswerUndo
)


@dataclass(frozen=True)
class Send:
    """Send ``text`` on one link."""

    to: str
    text: str


@dataclass(frozen=True)
class Broadcast:
    """Host: send ``text`` to every connected guest."""

    text: str


@dataclass(frozen=True)
class Seated:
    """The table changed: names per seat (the page escapes them)."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class GameAdvanced:
    """An action was applied: ``action`` None when this peer may not see it."""

    deal: int
    n: int
    seat: int
    action: int | None


@dataclass(frozen=True)
class Refused:
    """A message (or local request) was refused: a code and its parameters."""

    peer: str
    code: Refusal
    params: dict[str, Any]


@dataclass(frozen=True)
class CheatFound:
    """The audit (or a proof) caught a lie; the game stops."""

    finding: Finding


@dataclass(frozen=True)
class NeedsBot:
    """Host: a bot seat is to act at this (deal, index)."""

    seat: int
    version: tuple[int, int]


@dataclass(frozen=True)
class PeerLost:
    """A seat's player lost the connection (the game waits for them)."""

    seat: int


@dataclass(frozen=True)
class PeerBack:
    """A seat's player, whose connection was lost, is connected again."""

    seat: int


@dataclass(frozen=True)
class SeatChanged:
    """A person's seat is played by the host's computer player (``bot``) from now on
    (``redealt``: the deal in play was dealt again), or by its person again from the
    next deal."""

    seat: int
    bot: bool
    redealt: bool = False
    out: bool = False  # its person is out of the game (a cheat): for good


@dataclass(frozen=True)
class CutMade:
    """cut_ritual: the dealer looked at the bottom card after cut ``n`` (1-3): a nine
    (``nine``: cut again; the third costs the cutter) or not (the dealing starts)."""

    dealer: int
    n: int
    nine: bool


@dataclass(frozen=True)
class UndoAsked:
    """``seat`` asks to take back the deal's actions from index ``n``; ``waiting``:
    the people whose Allow it needs."""

    seat: int
    n: int
    waiting: tuple[int, ...]


@dataclass(frozen=True)
class UndoAnswered:
    """A person answered the pending undo (``yes``: allowed)."""

    seat: int
    yes: bool


@dataclass(frozen=True)
class Undone:
    """Everyone allowed: the deal is back at ``n`` actions, ``seat`` to act again."""

    seat: int
    n: int


@dataclass(frozen=True)
class UndoVoid:
    """The pending undo lapsed: someone acted, or the deal ended."""

    seat: int


@dataclass(frozen=True)
class Ended:
    """The host ended the game; ``hash`` is the short hash of the audited deals' record
    (empty: no deal was finished)."""

    hash: str


@dataclass(frozen=True)
class DealReady:
    """The deal is dealt: the page may show this peer's cards."""

    deal: int


@dataclass(frozen=True)
class Progress:
    """The deal's setup: ``done`` of ``total`` steps."""

    done: int
    total: int


@dataclass(frozen=True)
class DealAudited:
    """A deal ended and passed the audit; ``record`` is the game so far."""

    deal: int


@dataclass(frozen=True)
class GameOver:
    """The game ended; ``hash`` is the short hash of the record (the same on every peer)."""

    hash: str


Output = (
    Send
    | Broadcast
    | Seated
    | GameAdvanced
    | Refused
    | CheatFound
    | NeedsBot
    | PeerLost
    | PeerBack
    | SeatChanged
    | CutMade
    | Ended
    | UndoAsked
    | UndoAnswered
    | Undone
    | UndoVoid
    | DealReady
    | Progress
    | DealAudited
    | GameOver
)


class Stage(Enum):
    """Where a peer is in the game."""

    LOBBY = "lobby"
    DRAW = "draw"  # who deals first: commit, then open
    SETUP = "setup"  # keys, shuffles, dealing shares, claims
    PLAY = "play"
    AUDIT = "audit"
    OVER = "over"
    HALTED = "halted"  # a cheat was found, or the host refused us
