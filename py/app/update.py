"""The game page's one door: ``update(page, msg) -> (page, effects)``.

Every input of the page arrives here as a message (a frozen dataclass): a
button's action, a click on a card, a key, the stepper, a bot's answer, the end
of a pause, another tab's save; the page's other controls and the thoughts'
answers (``page_msgs``) go on to ``update_page``, the network's messages to
``update_online`` (loaded with the first online table), the deal editor's to
``editor``, a lesson's inputs to ``lesson_page``. ``update`` decides what an
input means from the page's model alone (never from the live DOM) and answers
with effects as data (``Persist``, ``Bots``, ``Cancel``, ``Linger``, ``Log``,
``Remember``, ...) that the runner (``table.py``) carries out; ``settle`` says
what they mean for the page as a whole (no save of a game that is not this
page's, statistics counted). No DOM, clock, storage or network here, so the
tests drive the whole page through it in CPython (``tests/app/test_update.py``,
``tests/app/test_page_door.py``). A message made for an older state (a bot's
answer, the end of a hold, a hint) carries the version or token it was made for
and is dropped when the page has moved on; an illegal action is refused with a
reason.

>>> from app.session import Session
>>> from thousand import Conventions
>>> page = Page(Session.new(Conventions(), "easy", seed=3), Screen())
>>> page, fx = update(page, Act("pass"))
>>> fx[0]
Log(text='refused: pass (it is not your turn)')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from thousand import IllegalActionError, action_from_str
from thousand import actions as A
from thousand.cards import card_str
from thousand.phase import Phase

from .dom import El, find_all
from .editor import Copy, EditorEffect, EditorMsg, on_message
from .events import Event, deal_events, on_felt
from .i18n import Words
from .library import count_game
from .page_msgs import PageEffect, PageMsg, Slot
from .replay_ctl import STEP_KEYS
from .screen import Screen, build
from .seats import change, names_of, speaker, start_problem
from .session import Session
from .session import is_online as online
from .storage import STATS_KEY
from .view import (
    Dialog,
    Notice,
    NoticeKind,
    controls,
    refused,
    stepper_values,
)

# -- the model -------------------------------------------------------------------


@dataclass
class Page:
    """Everything the game page knows: the game, what the table shows besides it,
    and how far the deal's story has been told."""

    session: Session
    ui: Screen
    seen: tuple[int, int] = (-1, 0)  # (deal, events announced)
    lesson_back: Session | None = None  # the game waiting behind a lesson (app.lesson_page)
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

    @property
    def version(self) -> int:
        """The game's version: every applied action bumps it."""
        return self.session.version


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
    """A computer player's decision for the state of ``version``."""

    version: int
    action: int


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


# -- Learn to play (app.lesson_page) --------------------------------------------------


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
    ``failed`` (``app.rtc``)."""

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


@dataclass(frozen=True)
class NetTick:
    """The time now (seconds): resend requests and rate limits."""

    now: float


@dataclass(frozen=True)
class Reloaded:
    """The page came back with an online table rebuilt from its journal
    (``app.netresume``): its links are gone; new invitations reconnect them."""


NetMsg = (
    NetReceived
    | LinkChanged
    | OfferMade
    | ReplyMade
    | ReplyPasted
    | Reinvite
    | TakeSeatPressed
    | EndOnline
    | InvitationPasted
    | ContinueAlone
    | HostAnew
    | IceChanged
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
class AcceptOffer:
    """Guest: open a link answering this offer (answered by ``ReplyMade``)."""

    sdp: str


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
    | NetBot
    | EditorEffect
    | KeepJournal
    | ForgetJournal
    | PageEffect
)


# -- update ----------------------------------------------------------------------


def update(page: Page, msg: Msg) -> tuple[Page, list[Effect]]:
    """The page after ``msg``, and what the runner must do about it."""
    was = page.ui.dialog
    fx = route(page, msg)
    now = page.ui.dialog
    if now not in (was, Dialog.NONE):  # another dialog opens: what was said in one is stale
        drop_notices(page.ui, lambda n: n.dialog not in (Dialog.NONE, now))
    return page, settle(page, fx)


def settle(page: Page, fx: list[Effect]) -> list[Effect]:
    """What every input's effects mean for the page as a whole: a game that is not
    this page's to save is not saved, statistics are counted (never a lesson's),
    a cancelled thought no longer shows, a practice ends with its analysis."""
    s, ui = page.session, page.ui
    out: list[Effect] = []
    for e in fx:
        if isinstance(e, Persist) and not savable(page):
            continue
        if isinstance(e, KeepJournal) and (ui.follower or not online(s)):
            continue
        if isinstance(e, Bots) and (ui.follower or ui.replay is not None):
            e = Bots(go=False)
        if isinstance(e, CountStats):
            if page.lesson_back is None and count_game(ui.stats, s):
                out.append(Remember(STATS_KEY, ui.stats))
            continue
        if isinstance(e, Cancel):
            ui.thinking = -1
            if ui.hint == () and ui.hint_pct >= 0:  # the hint in progress is dropped
                ui.hint, ui.hint_pct = None, -1
        out.append(e)
    p = s.practice
    if (
        p is not None
        and not p.asked
        and s.summary_row() is not None
        and not ui.hold_summary
        and ui.analysis is None
    ):
        p.asked = p.solving = True
        from .update_page import summary_analysis

        out += summary_analysis(page)  # a practice ends with the solver's best line
    return out


def savable(page: Page) -> bool:
    """Whether the game on the table is this page's to autosave: not another tab's,
    not a practice (the game it came from stays the saved one), not a lesson, not an
    online table before its first audited deal (its journal keeps it)."""
    s, ui = page.session, page.ui
    if ui.follower or s.practice is not None or page.lesson_back is not None:
        return False
    if not online(s):
        return True
    from .update_online import savable as online_savable

    return online_savable(page)


def route(page: Page, msg: Msg) -> list[Effect]:
    """The effects of one message (before ``settle``)."""
    s, ui = page.session, page.ui
    if isinstance(msg, PageMsg):  # the page's controls, thoughts, files (app.update_page)
        from .update_page import page_update

        return page_update(page, msg)
    if isinstance(msg, NetMsg):
        from .update_online import net_update

        return net_update(page, msg)
    if isinstance(msg, EditorMsg):  # the deal editor: its own model (app.editor)
        from .update_page import copied

        fx: list[Effect] = []
        for e in on_message(ui, s, msg):
            fx += copied(page, e.text) if isinstance(e, Copy) else [e]
        return fx
    if page.lesson_back is not None or isinstance(msg, (LessonStarted, LessonNext, LessonLeft)):
        from .lesson_page import lesson_update

        lesson_fx = lesson_update(page, msg)
        if lesson_fx is not None:
            return lesson_fx
    human_turn = s.human_to_act() and not ui.follower
    if isinstance(msg, Act):
        return human(page, msg.text)
    if isinstance(msg, CardClicked):
        return card_clicked(page, msg)
    if isinstance(msg, KeyPressed):
        return key_pressed(page, msg.key)
    if isinstance(msg, Stepped):
        if human_turn:
            step(page, msg.delta)
        return []
    if isinstance(msg, PlainLeadToggled):
        ui.plain_lead = not ui.plain_lead
        return []
    if isinstance(msg, NextDeal):
        ui.analysis = None
        s.acknowledge()
        ui.hold = ()
        ui.hold_summary = False
        # The new deal's opening (who deals, who cut) on the felt: the finished
        # deal's last trick and summary covered it when it was dealt.
        page.seen = (-1, 0)
        lingering = announce(page)
        return [Persist(), *([Linger()] if lingering else []), Bots()]
    if isinstance(msg, UndoPressed | UndoAllowed | UndoRefused) and online(s):
        from .update_online import undo_pressed

        return undo_pressed(page, msg)
    if isinstance(msg, UndoRefused):
        return []
    if isinstance(msg, UndoPressed):
        if len(s.people) > 1:  # the other people at the device allow it first
            if s.undo_point() is not None:
                ui.dialog, ui.allowed = Dialog.UNDO, ()
            return []
        return undo(page)
    if isinstance(msg, UndoAllowed):
        others = [p for p in s.people if p != s.human]
        if ui.dialog != Dialog.UNDO or msg.seat not in others:
            return []
        ui.allowed = tuple(sorted({*ui.allowed, msg.seat}))
        if set(ui.allowed) < set(others):
            return []
        ui.dialog, ui.allowed = Dialog.NONE, ()
        return undo(page)
    if isinstance(msg, ShowCards):
        if s.screened:
            s.show_cards()
            ui.reset_turn()
            retell(page)
        return [Bots()]
    if isinstance(msg, SetupChanged):
        ui.setup = change(ui.setup, msg.name, msg.value, msg.seat)
        if not start_problem(ui.setup):  # the choice that kept the game from starting is mended
            drop_notices(ui, lambda n: n.key == "start")
        return []
    if isinstance(msg, BotAnswered):
        if msg.version != s.version or s.bot_to_act() is None or ui.follower:
            return [Log(f"dropped: a bot's answer for version {msg.version}")]
        ui.thinking = -1
        return apply_action(page, msg.action)
    if isinstance(msg, HoldOver):
        if msg.version == s.version:
            if ui.hold_summary:
                ui.hold_summary = False  # the deal's summary may cover the felt now
            else:
                ui.hold, ui.hold_winner = (), -1  # the finished trick leaves the felt
        return []
    if isinstance(msg, OtherTabSaved):
        ui.follow_same = msg.session.game_id == s.game_id
        page.session = msg.session
        ui.follower = True
        reset_ui(page)
        if ui.replay is None:  # a replay is read-only: it says so when it closes
            follow_notice(page)
        return [Cancel()]
    if isinstance(msg, TakeOver):
        ui.follower = False
        ui.notices = [n for n in ui.notices if n.key != "tab"]
        return [Persist(), Bots()]
    raise TypeError(f"not a message: {msg!r}")  # pragma: no cover


#: ``bots_next``: a finished trick stays on show a moment before the bots go on.
HOLD_ON = -2


def bots_next(page: Page) -> int:
    """What the bots' turn does next: ``HOLD_ON`` (wait, then ``HoldOver``), the seat
    of the computer player to think, or -1 (a person's turn, a summary, the end)."""
    s, ui = page.session, page.ui
    seat = s.bot_to_act()
    # the deal's last trick stays on show before its summary covers it; a finished
    # trick stays on the felt before a computer player leads the next
    if ui.hold_summary or (ui.hold and not s.state.trick and seat is not None):
        return HOLD_ON
    return -1 if seat is None else seat


def undo(page: Page) -> list[Effect]:
    """Take back the last decision of the person at the table, when it may be."""
    fx: list[Effect] = [Cancel()]
    if page.session.undo():
        retell(page)
        fx += [CountStats(), Persist()]
    return [*fx, Bots()]


def human(page: Page, text: str) -> list[Effect]:
    """The human's action in engine notation, applied now if it is legal."""
    s = page.session
    if not s.human_to_act() or page.ui.follower:
        return [Log(f"refused: {text[:40]} (it is not your turn)")]
    try:
        action = action_from_str(text)
    except (IllegalActionError, ValueError) as e:
        return [Log(f"refused: {e}")]
    if action not in s.state.legal_actions():
        return [Log(f"refused: {text[:40]} is not legal now")]
    if online(s):
        from .update_online import local_act

        page.ui.reset_turn()
        return local_act(page, action)
    fx: list[Effect] = [Cancel(), *apply_action(page, action)]
    page.ui.reset_turn()
    return [*fx, Bots()]


def card_clicked(page: Page, msg: CardClicked) -> list[Effect]:
    """A legal card: play it (declaring when it shows a marriage value) or choose it
    for the discard; a dimmed one: say which duty it would break."""
    s, ui = page.session, page.ui
    if not s.human_to_act() or ui.follower:
        return []
    phase = s.state.phase
    if not msg.legal:
        why = refused(build(s, ui)[0], msg.card)
        if why is not None:
            return notice(ui, why, NoticeKind.PASSING, "refusal")
        return []
    if phase is Phase.PLAY:
        legal = s.state.legal_actions()
        if A.declare(msg.card) in legal and not ui.plain_lead:
            return human(page, "declare " + card_str(msg.card))
        return human(page, "play " + card_str(msg.card))
    if phase is Phase.DISCARD:
        ui.selected = -1 if ui.selected == msg.card else msg.card
    return []


class KeyUse(Enum):
    """What the table does with a key press."""

    IGNORE = "ignore"  # not the table's: the browser has it
    HANDLE = "handle"  # the table's, and the browser's default too (Esc)
    TAKE = "take"  # the table's alone (its default prevented)


#: Keys the table takes while it is the human's turn (the stepper's), besides digits.
TURN_KEYS = frozenset(("ArrowUp", "ArrowRight", "+", "ArrowDown", "ArrowLeft", "-"))


def key_use(page: Page, key: str, typing: bool = False) -> KeyUse:
    """Whether the table takes ``key`` now, read from the model (``typing``: the
    focus is in a text field or a modifier key is down)."""
    ui = page.ui
    if key == "Escape" and (ui.dialog or (ui.notices and not typing)):
        return KeyUse.HANDLE
    if typing:
        return KeyUse.IGNORE
    if ui.replay is not None and not ui.dialog:
        return KeyUse.TAKE if key in STEP_KEYS else KeyUse.IGNORE
    if ui.dialog or not page.session.human_to_act() or ui.follower:
        return KeyUse.IGNORE
    if key in TURN_KEYS or (len(key) == 1 and key.isdigit() and key != "0"):
        return KeyUse.TAKE
    return KeyUse.IGNORE


def key_pressed(page: Page, key: str) -> list[Effect]:
    """Digits choose the n-th choice (a legal card, else a button), arrows move the
    stepper, Esc closes a dialog or else the newest notice, the replay's keys step
    it: all read from what the model shows."""
    ui = page.ui
    if key == "Escape" and ui.dialog:
        ui.dialog = Dialog.NONE
        return []
    if key == "Escape" and ui.notices:
        ui.notices = ui.notices[:-1]
        return []
    if ui.replay is not None and not ui.dialog:
        from .replay_ctl import replay_act

        return replay_act(page, STEP_KEYS[key]) if key in STEP_KEYS else []
    if ui.dialog or not page.session.human_to_act() or ui.follower:
        return []
    if key in ("ArrowUp", "ArrowRight", "+"):
        step(page, +1)
        return []
    if key in ("ArrowDown", "ArrowLeft", "-"):
        step(page, -1)
        return []
    if len(key) == 1 and key.isdigit() and key != "0":
        choices = numbered_choices(page)
        i = int(key) - 1
        if i < len(choices):
            kind, value = choices[i]
            if kind == "card":
                return card_clicked(page, CardClicked(int(value), legal=True))
            return human(page, value)
    return []


def numbered_choices(page: Page) -> list[tuple[str, str]]:
    """What the digits 1, 2, ... choose now, in the order the table shows them: in
    play and the discard the legal cards (after a discard card is chosen: its
    receivers), else the action buttons. ``("card", "17")`` or ``("act", "pass")``."""
    s, ui = page.session, page.ui
    m, _ = build(s, ui)
    if s.state.phase in (Phase.PLAY, Phase.DISCARD) and ui.selected < 0:
        hand = m.scene.seats[m.human].cards or ()
        legal = {
            A.played_card(a) if A.is_play(a) else A.action_card(a)
            for a in m.scene.legal
            if A.is_play(a) or A.is_discard(a)
        }
        return [("card", str(c)) for c in hand if c in legal]
    box: El = controls(m)
    actions = find_all(box, lambda e: "data-action" in e.attrs)
    return [("act", str(e.attrs["data-action"])) for e in actions]


def step(page: Page, delta: int) -> bool:
    """Move the bid or contract stepper; False when there is none."""
    phase = page.session.state.phase
    kind = "bid" if phase is Phase.BIDDING else "contract" if phase is Phase.CONTRACT else ""
    if not kind:
        return False
    values = stepper_values(page.session.state.legal_actions(), kind)
    if len(values) < 2:
        return False
    ui = page.ui
    cur = ui.bid_value if ui.bid_value in values else values[0]
    i = max(0, min(len(values) - 1, values.index(cur) + delta))
    ui.bid_value = values[i]
    return True


def apply_action(page: Page, action: int) -> list[Effect]:
    """Apply a legal action (the human's or a bot's): the finished trick or the deal's
    last trick kept on show, the story told, the save written, statistics counted."""
    s, ui = page.session, page.ui
    before = s.state.n_rows
    tricks = len(s.state.tricks)
    s.apply(action)
    if A.is_play(action):
        if len(s.state.tricks) > tricks:
            ui.hold = s.state.tricks[-1][1]
            ui.hold_winner = s.state.tricks[-1][2]
        elif s.state.n_rows > before:
            prev = s.last_deal_tricks()
            if prev:
                ui.hold = tuple(prev[-1][1])
                ui.hold_winner = prev[-1][2]
                ui.hold_summary = s.summary_row() is not None
    if ui.hold and s.state.trick:
        ui.hold = ()
    fx: list[Effect] = []
    if announce(page):
        fx.append(Linger())
    if ui.hold_summary:
        # the felt tells the last trick, not the next deal already dealt behind it
        names = names_of(s, ui.lang)
        ui.banner = Event("ev_trick", ui.hold_winner).text(names, ui.lang, speaker(s))
    return [*fx, Persist(), CountStats()]


def announce(page: Page, initial: bool = False) -> bool:
    """Say the deal's new events on the felt and to screen readers; True when one of
    them is a big moment (a marriage, a redeal, a talon), the felt's headline."""
    s, ui = page.session, page.ui
    obs = s.observation()
    events = deal_events(obs)
    deal = len(obs.sheet)
    names = names_of(s, ui.lang)
    last_deal, count = page.seen
    if deal != last_deal:
        count = 0
    new = events[-1:] if initial else events[count:]
    page.seen = (deal, len(events))
    if not new:
        return False
    conv, lang, you = s.state.conv, ui.lang, speaker(s)
    heads = [e for e in new if e.headline]
    felt = on_felt(events, (heads or new)[-1])
    ui.banner = " ".join(e.text(names, lang, you, conv) for e in felt)
    said = new[-4:]
    if heads and heads[-1] not in said:
        said = [heads[-1], *said[1:]]
    ui.announce = " ".join(e.text(names, lang, you, conv) for e in said)
    return bool(heads) and not initial


def reset_ui(page: Page) -> None:
    """Forget the turn's choices and what was on show (another game, an undo)."""
    ui = page.ui
    ui.reset_turn()
    ui.hold = ()
    ui.hold_winner = -1
    ui.hold_summary = False
    ui.thinking = -1


def retell(page: Page) -> None:
    """The game changed under the table: fresh UI state, the deal's story told anew."""
    reset_ui(page)
    page.seen = (-1, 0)
    announce(page, initial=True)


def notice(
    ui: Screen,
    words: Words,
    kind: NoticeKind = NoticeKind.INFO,
    key: str = "",
    action: tuple[str, Words] | None = None,
    *,
    in_dialog: bool = False,
) -> list[Effect]:
    """Show a message (one per key: a newer outcome replaces the older). Errors and
    notices with a button stay until dismissed; ``passing`` ones close by themselves;
    ``in_dialog``: it answers what was done in the open dialog (it stays on the
    table when that dialog closes, and goes when another dialog opens). Takes the
    Screen alone: the page warns of bad storage before its game is loaded."""
    ui.notices_made += 1
    key = key or f"n{ui.notices_made}"
    ui.notices = [n for n in ui.notices if n.key != key]
    tied = ui.dialog if in_dialog else Dialog.NONE
    ui.notices.append(Notice(words, kind, key, action, ui.notices_made, tied))
    return [ClosePassing(key, ui.notices_made)] if kind == NoticeKind.PASSING else []


def drop_notices(ui: Screen, gone: Callable[[Notice], bool]) -> None:
    """Take away the notices whose cause is over (``gone``)."""
    ui.notices = [n for n in ui.notices if not gone(n)]


def follow_notice(page: Page) -> None:
    """Another tab drives the game: say so, with the one-tap way back."""
    notice(
        page.ui,
        Words.of("other_tab" if page.ui.follow_same else "other_tab_new"),
        NoticeKind.INFO,
        "tab",
        ("take-over", Words.of("take_over")),
    )


def __getattr__(name: str) -> object:
    """The online table's part (``update_online``), loaded when first asked for."""
    if name in ("net_update", "net_outputs", "alone", "reloaded", "refusal_words"):
        from . import update_online

        return getattr(update_online, name)
    raise AttributeError(name)
