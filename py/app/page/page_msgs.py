"""The game page's controls as messages, and what only the browser can do as effects.

``table.py`` (the runner) reads a click, a change or a key only as far as the
event carries it (the control's ``data-ui``, its ``data-*`` attributes, the
value of the text field it names in ``INPUT_OF``) and hands it to
``update.update`` as one of the messages below; ``update_page`` decides what it
means. The effects are data for what needs the page: a file offered for
download, the clipboard, a thought (a hint, an analysis, the replay's
autoplay) started in the background, a file read, the address cleaned.
A thought's answer comes back as a message that carries the token or the
game version it was started for, and is dropped when the page has moved on.

>>> Clicked("sheet")
Clicked(ui='sheet', data={}, entropy=0, now=0.0, zone=0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from app.library.saved import SavedGame
from thousand import Conventions

#: The text field whose value a control's click carries (``data-ui`` of the field;
#: with ``data-seat`` when the control has one).
INPUT_OF = {
    "connect": "reply-input",
    "rejoin": "invite-input",
    "ice-save": "ice-servers",
    "relays-save": "relays-input",
    "join": "guest-name",
    "editor-load": "editor-record",
    "set-save": "set-name",
    "set-duplicate": "set-name",
    "set-rename": "set-name",
    "set-delete": "set-name",
    "set-delete-sure": "set-name",
    "set-export": "set-name",
    "rules-edit": "set-name",
}
#: The attributes of a clicked control that its message carries.
CLICK_DATA = (
    "data-seat",
    "data-game",
    "data-deal",
    "data-notice",
    "data-rules",
    "data-what",
    "data-editor-card",
    "data-editor-action",
    "data-editor-target",
)
#: The attributes of a changed control that its message carries.
CHANGE_DATA = (
    "data-setup",
    "data-seat",
    "data-seat-kind",
    "data-seat-name",
    "data-convention",
    "data-part",
    "data-target",
)
#: The largest file the page reads for an import.
MAX_IMPORT_BYTES = 1_000_000


class Slot(StrEnum):
    """A thought that runs in the background, one at a time in each slot."""

    SUMMARY = "summary"  # the deal summary's analysis
    REPLAY = "replay"  # the replay's analysis of the deal on show
    AUTOPLAY = "autoplay"  # the replay stepping on by itself


class Tokens(Protocol):
    """A page model's tokens: the one each slot's thought runs as, and how many were made."""

    tokens: dict[Slot, int]
    made: int


def new_token(page: Tokens, slot: Slot) -> int:
    """A new token for the thought in ``slot`` (the older one's answers are dropped)."""
    page.made += 1
    page.tokens[slot] = page.made
    return page.made


# -- messages ----------------------------------------------------------------------


@dataclass(frozen=True)
class Clicked:
    """A control with ``data-ui`` clicked: its attributes (``CLICK_DATA``) and the
    value of the field it names (``"value"``); ``entropy`` a fresh random number
    (256 bits) for a control that starts something random (a new game's secret, a
    practice's deals, an online peer's keys, the editor's deals: ``model.draw``),
    ``now`` the time of the click (seconds since the epoch) and ``zone`` the page's
    offset from UTC then (seconds east): a download's name in local time."""

    ui: str
    data: dict[str, str] = field(default_factory=dict)
    entropy: int = 0
    now: float = 0.0
    zone: int = 0


@dataclass(frozen=True)
class Changed:
    """A select, radio, checkbox or text field changed: its ``data-ui`` (or ``""``),
    its value, whether it is checked, and its attributes (``data-setup``,
    ``data-seat``, ``data-seat-kind``, ``data-seat-name``, ``data-convention``,
    ``data-part``, ``data-target``)."""

    ui: str
    value: str
    data: dict[str, str] = field(default_factory=dict)
    checked: bool = False


@dataclass(frozen=True)
class FileChosen:
    """A file picked for an import (``kind``: ``"set"`` or ``"game"``) of ``size`` bytes."""

    kind: str
    size: int


@dataclass(frozen=True)
class FileRead:
    """The text of the file picked for an import; ``entropy`` seeds an imported game."""

    kind: str
    text: str
    entropy: int = 0


@dataclass(frozen=True)
class HintProgress:
    """The hint's thinking for the game at ``version`` is ``pct`` percent done."""

    version: int
    pct: int


@dataclass(frozen=True)
class HintAnswered:
    """The strongest bot's choices for the game at ``version``: (action, values) pairs,
    whether it spoke for the declarer, under which conventions."""

    version: int
    choices: tuple[tuple[int, dict[str, Any]], ...]
    declarer_view: bool
    conventions: Conventions


@dataclass(frozen=True)
class AnalysisShown:
    """The analysis started as ``token`` found these rows so far (``pct``: -1 done)."""

    token: int
    rows: tuple[str, ...]
    pct: int


@dataclass(frozen=True)
class AnalysisFound:
    """The analysis ``token`` finished: the most points the deal's declarer could take."""

    token: int
    max_points: int | None


@dataclass(frozen=True)
class AutoplayTick:
    """The replay's autoplay ``token`` waited its step."""

    token: int


@dataclass(frozen=True)
class BotThinking:
    """The computer player at ``seat`` began to think about the game at ``version``."""

    version: int
    seat: int


@dataclass(frozen=True)
class PassingOver:
    """The passing notice ``key`` (the ``serial``-th notice made) has been seen long enough."""

    key: str
    serial: int


@dataclass(frozen=True)
class Stored:
    """A write of ``key`` failed (``why``), the storage refused, or the saved games
    as they are now (``games``: after keeping or dropping one)."""

    key: str
    why: str | None = None
    refused: bool = False
    games: tuple[SavedGame, ...] | None = None


@dataclass(frozen=True)
class Failed:
    """Something went wrong on the page (logged): the player is told in words."""


@dataclass(frozen=True)
class HandedOver:
    """A reply this tab handed over (``HandOver``) was ``taken`` by another tab's
    table, or nobody answered."""

    taken: bool


@dataclass(frozen=True)
class OnlineCodeFailed:
    """The online table's code (``LoadOnline``) could not be loaded: ``why``."""

    why: str


PageMsg = (
    Clicked
    | Changed
    | FileChosen
    | FileRead
    | HintProgress
    | HintAnswered
    | AnalysisShown
    | AnalysisFound
    | AutoplayTick
    | BotThinking
    | PassingOver
    | Stored
    | Failed
    | OnlineCodeFailed
    | HandedOver
)

# -- effects -----------------------------------------------------------------------


@dataclass(frozen=True)
class StartHint:
    """Let the strongest bot think about the game at ``version`` (answered by
    ``HintProgress`` and ``HintAnswered``)."""

    version: int


@dataclass(frozen=True)
class Analyse:
    """Analyse ``deal`` of ``record`` (-1: its last) in the background as ``token``
    (answered by ``AnalysisShown``, ``AnalysisFound``); a newer one in the same
    ``slot`` replaces it."""

    slot: Slot
    token: int
    record: dict[str, Any]
    deal: int
    names: tuple[str, ...]
    lang: str
    you: int = -1  # the seat spoken to as "you" (-1: none)


@dataclass(frozen=True)
class StopAnalysis:
    """Stop the analysis running in ``slot`` (nothing more of it is shown)."""

    slot: Slot


@dataclass(frozen=True)
class Autoplay:
    """Step the replay on by itself: an ``AutoplayTick(token)`` every ``ms``; token 0 stops."""

    token: int
    ms: int = 0


@dataclass(frozen=True)
class ReadFile:
    """Read the file just picked for an import (answered by ``FileRead``)."""

    kind: str


@dataclass(frozen=True)
class ReadLesson:
    """Read the stored *Learn to play* progress (answered by ``LessonStarted``)."""


@dataclass(frozen=True)
class KeepGame:
    """Put ``game`` among the saved games, stamped with the time now (answered by ``Stored``)."""

    game: SavedGame


@dataclass(frozen=True)
class DropGame:
    """Remove a game from the saved games (answered by ``Stored``)."""

    game_id: str


@dataclass(frozen=True)
class CloseLinks:
    """Close the online table's links (it leaves the page)."""


@dataclass(frozen=True)
class ClearAddress:
    """Drop the fragment from the address: a share link's record once closed, an
    invitation once read."""


@dataclass(frozen=True)
class Share:
    """Offer ``url`` to the system's share sheet (the Web Share API), with ``text``."""

    text: str
    url: str


@dataclass(frozen=True)
class HandOver:
    """Give the reply ``text`` this tab was opened with to the table open in another
    tab of this browser (answered by ``HandedOver``)."""

    text: str


@dataclass(frozen=True)
class LoadOnline:
    """Load the online table's code (``app.shell.online_code``), then take ``then`` (the
    message that needed it) again; answered by ``OnlineCodeFailed`` if it cannot."""

    then: Any


PageEffect = (
    StartHint
    | Analyse
    | StopAnalysis
    | Autoplay
    | ReadFile
    | ReadLesson
    | KeepGame
    | DropGame
    | CloseLinks
    | ClearAddress
    | LoadOnline
    | Share
    | HandOver
)
