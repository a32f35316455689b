"""The game page's model and its messages and effects: what ``app.page.update`` reads and
answers with, and what every part of the page's door (``update_page``,
``update_online``, ``lesson_page``) shares below it.

The model is ``Page``: the game on the table (``Session``), what the table shows
besides it (``Screen``) and how far the deal's story has been told. A message is a
frozen dataclass, one input of the page (a click, a key, a bot's answer, another
tab's save, a peer's message); an effect is one, too: what the runner must do
(``Persist``, ``Bots``, ``Cancel``, ``Linger``, ``Log``, ``Remember``, ...).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.editor.editor import EditorEffect, EditorMsg
from app.page.page_msgs import PageEffect, PageMsg, Slot
from app.page.screen import Screen
from app.table.session import Session

# -- the model -------------------------------------------------------------------


@dataclass
class Page:
    """Everything the game page knows: the game, what the table shows besides it,
    and how far the deal's story has been told."""

    session: Session
    ui: Screen
    seen: tuple[int, int] = (-1, 0)  # (deal, events announced)
    lesson_back: Session | None = None  # the game waiting behind a lesson (app.page.lesson_page)
    practice_back: Session | None = None  # the game a practice returns to
    # the replay a practice started from (Replay, ReplayUI) and the game's analysis
    # then on show (its findings, or None): *Back to the game* shows them again
    practice_from: tuple[Any, Any, list[str] | None] | None = None
    seed: int | None = None  # the next new game's seed (a ``?seed=`` link's, once)
    tab: str = ""  # this tab's mark in its saves (another tab's are followed)
    tokens: dict[Slot, int] = field(default_factory=dict)  # each running thought's token
    made: int = 0  # tokens made so far
    hint_choices: Any = None  # the hint's (choices, declarer view, conventions)
    hint_sheet: Any = None  # the sheet's figures of a concession or bomb among them
    ice_stored: object = None  # the ICE servers setting as stored ...
    ice_read: bool = True  # ... and whether ``ui.ice`` holds it (read when first needed)
    relays_stored: object = None  # the mailbox's relays as stored (or ``relays=``'s list)
    # the newest randomness the inputs brought (``Clicked.entropy``, ``FileRead.entropy``,
    # the runner's at start), and how many numbers ``draw`` has taken from it
    entropy: int = 0
    draws: int = 0

    @property
    def version(self) -> int:
        """The game's version: every applied action bumps it."""
        return self.session.version


def draw(page: Page) -> str:
    """64 hex digits of fresh randomness for a new game's secret, a practice's deals,
    an online peer's keys: drawn from what the page's inputs brought (``entropy``),
    never from the system, so the door stays a function of its messages; each call
    gives a new number (HMAC-SHA256 of the count under the entropy).

    >>> page = Page(None, None, entropy=7)  # type: ignore[arg-type]
    >>> a, b = draw(page), draw(page)
    >>> len(a), a != b, page.draws
    (64, True, 2)
    """
    page.draws += 1
    key = f"{page.entropy:x}".encode()
    return hmac.new(key, f"draw:{page.draws}".encode(), hashlib.sha256).hexdigest()


# -- messages --------------------------------------------------------------------


@dataclass(frozen=True)
class Act:
    """A button carrying an action in engine notation (``bid 105``, ``give QS 2``)."""

    text: str


@dataclass(frozen=True)
class CardClicked:
    """A click (tap) on a card of the human's hand; ``legal`` as the page drew it."""

    card: int
    legal: bool


@dataclass(frozen=True)
class KeyPressed:
    """A key pressed on the table (outside text fields, no modifier keys)."""

    key: str


@dataclass(frozen=True)
class Stepped:
    """The bid or contract stepper moved by ``delta`` (−1 or +1)."""

    delta: int


@dataclass(frozen=True)
class PlainLeadToggled:
    """*Lead without declaring* pressed."""


@dataclass(frozen=True)
class NextDeal:
    """The deal summary closed: the next deal's cards may show."""


@dataclass(frozen=True)
class UndoPressed:
    """*Undo* pressed."""


@dataclass(frozen=True)
class UndoRefused:
    """Online: this page's person does not allow the undo another person asked for."""


@dataclass(frozen=True)
class ShowCards:
    """Pass-and-play: the person the privacy screen names has the device."""


@dataclass(frozen=True)
class UndoAllowed:
    """Pass-and-play: the person at ``seat`` allows the undo asked for."""

    seat: int


@dataclass(frozen=True)
class SetupChanged:
    """A control of the New game dialog changed (``seat``: the seat it belongs to)."""

    name: str
    value: str
    seat: int = -1


@dataclass(frozen=True)
class BotAnswered:
    """A computer player's decision for the state of ``version``; ``rng`` the state of
    the bots' generator after it (``random.Random.getstate()``): the runner thinks
    with a copy, and the session takes this state when the move is made."""

    version: int
    action: int
    rng: tuple[Any, ...] | None = None


@dataclass(frozen=True)
class HoldOver:
    """The pause that kept a finished trick (or the deal's last, before its summary)
    on show ended; made at ``version``."""

    version: int


@dataclass(frozen=True)
class OtherTabSaved:
    """Another tab wrote the game: its session (already read and validated)."""

    session: Session


@dataclass(frozen=True)
class TakeOver:
    """*Continue here* pressed: this tab drives the game again."""


# -- Learn to play (app.page.lesson_page) --------------------------------------------------


@dataclass(frozen=True)
class LessonStarted:
    """*Learn to play* pressed (or a reload with a lesson on the table): ``progress``
    is the stored progress (``thousand.lesson``) to resume, None for none."""

    progress: object = None


@dataclass(frozen=True)
class LessonNext:
    """*Next* under a lesson's caption (or *Next lesson* at the end of one)."""


@dataclass(frozen=True)
class LessonLeft:
    """*Leave the lesson*: the game behind it comes back."""


# -- online: the network is one more source of messages -----------------------------


@dataclass(frozen=True)
class NetReceived:
    """A message's text arrived on the link ``conn`` (``"host"`` on a guest's page)."""

    conn: str
    text: str


@dataclass(frozen=True)
class LinkChanged:
    """The link ``conn`` changed state: ``new``, ``connecting``, ``open``, ``closed``,
    ``failed`` (``app.online.rtc``)."""

    conn: str
    state: str


@dataclass(frozen=True)
class OfferMade:
    """Host: the link ``conn`` made its offer (SDP text) for an invitation."""

    conn: str
    sdp: str


@dataclass(frozen=True)
class ReplyMade:
    """Guest: the link answered the invitation with this SDP."""

    sdp: str


@dataclass(frozen=True)
class ReplyPasted:
    """Host: a friend's reply (a code, a link or a text with one) for ``seat``."""

    seat: int
    text: str


@dataclass(frozen=True)
class Reinvite:
    """Host: a new invitation for ``seat`` (its friend lost the connection)."""

    seat: int


@dataclass(frozen=True)
class TakeSeatPressed:
    """Host: a computer player plays for the person at ``seat`` until they are back."""

    seat: int


@dataclass(frozen=True)
class GoOnWithoutPressed:
    """Host: a cheat stopped the table at ``seat``; the table goes on without that
    person, a computer player in their seat for good."""

    seat: int


@dataclass(frozen=True)
class EndOnline:
    """Host: end the online game with the deals finished so far."""


@dataclass(frozen=True)
class InvitationPasted:
    """Guest: a new invitation from the host (after a lost connection) pasted."""

    text: str


@dataclass(frozen=True)
class ContinueAlone:
    """The online table is gone: go on with its audited deals against computer players."""


@dataclass(frozen=True)
class HostAnew:
    """Guest: the host's page is gone; this page hosts the same game anew."""


@dataclass(frozen=True)
class IceChanged:
    """The ICE servers setting typed anew (one server a line)."""

    text: str


@dataclass(frozen=True)
class RelaysChanged:
    """The mailbox's relays typed anew (one a line)."""

    text: str


@dataclass(frozen=True)
class JoinPressed:
    """Guest: *Join*: the name is typed, the reply may go through the mailbox."""


@dataclass(frozen=True)
class MailGot:
    """A text that opened in one of this page's mailboxes (``tag``), received at
    ``at_ms`` (the page's clock, milliseconds since the epoch)."""

    tag: str
    text: str
    at_ms: int


@dataclass(frozen=True)
class MailState:
    """The mailbox's relays: ``up`` of ``total`` connected now."""

    up: int
    total: int


@dataclass(frozen=True)
class ReplyHandedOver:
    """Host: a reply another tab of this browser was opened with (a reply link
    tapped on the host's own device), handed to this tab."""

    text: str


@dataclass(frozen=True)
class NameChanged:
    """Guest: the name typed before the link opens (sent with the hello)."""

    name: str


@dataclass(frozen=True)
class BeginOnline:
    """Host: begin the game; seats nobody took get computer players."""


@dataclass(frozen=True)
class NetBotAnswered:
    """Host: a computer player of the online table chose ``action`` for ``seat`` at
    the peer's ``version``."""

    seat: int
    version: tuple[int, int]
    action: int
    rng: tuple[Any, ...] | None = None  # the bots' generator after it (as BotAnswered's)


@dataclass(frozen=True)
class NetTick:
    """The time now (seconds): resend requests and rate limits."""

    now: float


@dataclass(frozen=True)
class Reloaded:
    """The page came back with an online table rebuilt from its journal
    (``app.online.netresume``): its links are gone; new invitations reconnect them."""


NetMsg = (
    NetReceived
    | LinkChanged
    | OfferMade
    | ReplyMade
    | ReplyPasted
    | Reinvite
    | TakeSeatPressed
    | GoOnWithoutPressed
    | EndOnline
    | InvitationPasted
    | ContinueAlone
    | HostAnew
    | IceChanged
    | RelaysChanged
    | JoinPressed
    | MailGot
    | MailState
    | ReplyHandedOver
    | NameChanged
    | BeginOnline
    | NetBotAnswered
    | NetTick
    | Reloaded
)


Msg = (
    Act
    | CardClicked
    | KeyPressed
    | Stepped
    | PlainLeadToggled
    | NextDeal
    | UndoPressed
    | UndoAllowed
    | UndoRefused
    | ShowCards
    | SetupChanged
    | BotAnswered
    | HoldOver
    | OtherTabSaved
    | TakeOver
    | LessonStarted
    | LessonNext
    | LessonLeft
    | NetMsg
    | EditorMsg
    | PageMsg
)


# -- effects ---------------------------------------------------------------------


@dataclass(frozen=True)
class Persist:
    """Write the game to storage (the autosave)."""


@dataclass(frozen=True)
class Bots:
    """Let the computer players move, bound to the state now (restarts any thought);
    ``go`` False: only stop them (another tab drives the game, or a replay is up:
    it is read-only and must not take the game over)."""

    go: bool = True


@dataclass(frozen=True)
class Cancel:
    """Cancel the thoughts in progress (a bot's, the hint)."""


@dataclass(frozen=True)
class CountStats:
    """Count the finished deals and games in the statistics."""


@dataclass(frozen=True)
class Linger:
    """A big moment is on the felt: the bots wait before their next move."""


@dataclass(frozen=True)
class ClosePassing:
    """Close the passing notice ``key`` (the ``serial``-th) after a while (answered
    by ``PassingOver``)."""

    key: str
    serial: int = 0


@dataclass(frozen=True)
class Log:
    """A line for the console (a refused input: it changes nothing)."""

    text: str


@dataclass(frozen=True)
class NetSend:
    """Send ``text`` on the link ``conn``."""

    conn: str
    text: str


@dataclass(frozen=True)
class NetBroadcast:
    """Host: send ``text`` on every open link."""

    text: str


@dataclass(frozen=True)
class MakeOffer:
    """Host: open the link ``conn`` and make its offer (answered by ``OfferMade``)."""

    conn: str


@dataclass(frozen=True)
class FinishLink:
    """Host: finish the link ``conn`` with the friend's answer (SDP text)."""

    conn: str
    sdp: str


@dataclass(frozen=True)
class DropLink:
    """Host: close the link ``conn`` (its friend was cut off: a flood)."""

    conn: str


@dataclass(frozen=True)
class AcceptOffer:
    """Guest: open a link answering this offer (answered by ``ReplyMade``)."""

    sdp: str


@dataclass(frozen=True)
class MailWatch:
    """Open the mailbox on ``relays`` (or keep it open) and listen to ``boxes``
    (``(tag, secret)`` pairs); no relays or no boxes: close it."""

    relays: tuple[str, ...]
    boxes: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class MailPost:
    """Post ``body`` from this page's ``role`` into the box ``tag`` (the runner
    seals it with the time and a random id: ``app.online.mailbox.seal``)."""

    tag: str
    role: str
    body: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class ReplyTaken:
    """Host: tell the tab that handed a reply over (``ReplyHandedOver``) that this
    table took it."""


@dataclass(frozen=True)
class Remember:
    """Write a setting to storage (``key`` one of ``storage``'s)."""

    key: str
    value: object


@dataclass(frozen=True)
class KeepJournal:
    """Write the online table's journal (before the messages it goes with are sent)."""


@dataclass(frozen=True)
class ForgetJournal:
    """The online table left the page: its journal is no longer needed."""


@dataclass(frozen=True)
class NetBot:
    """Host: let the computer player at ``seat`` choose, for the peer's ``version``."""

    seat: int
    version: tuple[int, int]


Effect = (
    Persist
    | Bots
    | Cancel
    | CountStats
    | Linger
    | ClosePassing
    | Log
    | Remember
    | NetSend
    | NetBroadcast
    | MakeOffer
    | FinishLink
    | AcceptOffer
    | DropLink
    | NetBot
    | MailWatch
    | MailPost
    | ReplyTaken
    | EditorEffect
    | KeepJournal
    | ForgetJournal
    | PageEffect
)


#: The effects the online table's runner carries out (``online_glue.Links.run``).
NET_EFFECTS = (
    NetSend,
    NetBroadcast,
    MakeOffer,
    FinishLink,
    AcceptOffer,
    DropLink,
    NetBot,
    MailWatch,
    MailPost,
)

#: The door itself (``update.route``), as a part of the page's update receives it:
#: a control that means one of the table's messages (*Next deal*, *Connect*) hands
#: that message back to the door, which routes it as if it had come in alone.
Route = Callable[[Page, Msg], list[Effect]]
