"""The game page's one door: ``update(page, msg) -> (page, effects)``.

Every input of the page arrives here as a message (a frozen dataclass): a
button's action, a click on a card, a key, the stepper, a bot's answer, the end
of a pause, another tab's save; the page's other controls and the thoughts'
answers (``page_msgs``) go on to ``update_page``, the network's messages to
``update_online`` (loaded with the first online table), the deal editor's to
``editor``, a lesson's inputs to ``lesson_page``. ``update`` decides what an
input means from the page's model alone (never from the live DOM) and answers
with effects as data (``Persist``, ``Bots``, ``Cancel``, ``Linger``, ``Log``,
``Remember``, ...) that the runner (``runner.py``) carries out; ``settle`` says
what they mean for the page as a whole (no save of a game that is not this
page's, statistics counted). No DOM, clock, storage or network here, so the
tests drive the whole page through it in CPython (``tests/app/test_update.py``,
``tests/app/test_page_door.py``). A message made for an older state (a bot's
answer, the end of a hold, a hint) carries the version or token it was made for
and is dropped when the page has moved on; an illegal action is refused with a
reason. The model, the messages and the effects are defined in ``model``, the
table's own steps that every part of the door shares in ``table_act``: the parts
import those, never this module, so the door dispatches downwards only.

>>> from app.page.model import Act, Page
>>> from app.page.screen import Screen
>>> from app.table.session import Session
>>> from thousand import Conventions
>>> page = Page(Session.new(Conventions(), "easy", seed=3), Screen())
>>> page, fx = update(page, Act("pass"))
>>> fx[0]
Log(text='refused: pass (it is not your turn)')
"""

from __future__ import annotations

from copy import deepcopy
from enum import Enum

from app.editor.editor import Copy, EditorMsg, on_message
from app.library.saved import count_game
from app.page.lesson_page import lesson_update
from app.page.model import (
    Act,
    BotAnswered,
    Bots,
    Cancel,
    CardClicked,
    CountStats,
    Effect,
    HoldOver,
    KeepJournal,
    KeyPressed,
    LessonLeft,
    LessonNext,
    LessonStarted,
    Linger,
    Log,
    Msg,
    NetMsg,
    NextDeal,
    OtherTabSaved,
    Page,
    Persist,
    PlainLeadToggled,
    Remember,
    SetupChanged,
    ShowCards,
    Stepped,
    TakeOver,
    UndoAllowed,
    UndoPressed,
    UndoRefused,
)
from app.page.page_msgs import Clicked, FileRead, PageMsg
from app.page.replay_ctl import STEP_KEYS, replay_act
from app.page.screen import build
from app.page.screen import is_online as online
from app.page.table_act import (
    announce,
    apply_action,
    drop_notices,
    follow_notice,
    notice,
    numbered_choices,
    reset_ui,
    retell,
    step,
)
from app.page.update_page import copied, page_update, summary_analysis
from app.shell.storage import STATS_KEY
from app.table.seats import change, start_problem
from app.table.view import (
    Dialog,
    NoticeKind,
    refused,
)
from thousand import IllegalActionError, action_from_str
from thousand import actions as A
from thousand.cards import card_str
from thousand.phase import Phase

# -- update ----------------------------------------------------------------------


def update(page: Page, msg: Msg) -> tuple[Page, list[Effect]]:
    """The page after ``msg``, and what the runner must do about it. The page given
    is never changed: the door changes a copy (``fork``) and returns it."""
    page = fork(page)
    if isinstance(msg, (Clicked, FileRead)) and msg.entropy:  # the inputs' randomness
        page.entropy, page.draws = msg.entropy, 0
    was = page.ui.dialog
    fx = route(page, msg)
    now = page.ui.dialog
    if now not in (was, Dialog.NONE):  # another dialog opens: what was said in one is stale
        drop_notices(page.ui, lambda n: n.dialog not in (Dialog.NONE, now))
    return page, settle(page, fx)


def fork(page: Page) -> Page:
    """A copy of ``page`` for the door to change (copy-on-write at the door: every
    message copies the whole model once, and the sub-updates change the copy in
    place). The model is plain data (the session's engine state, the screen's
    fields, the online peer's journal and keys; no bots, no browser objects; a
    replay on show is shared, it never changes), so a deep copy is whole. It costs
    about 0.7 ms for a game in its third deal in CPython and 0.9 ms in Pyodide, a
    whole message about 1 ms (``PYTHONPATH=py python bench/door_copy.py``; ``node
    bench/ai_latency_pyodide.mjs door_copy.py``): a message is a click or a move.

    >>> from app.page.screen import Screen
    >>> from app.table.session import Session
    >>> from thousand import Conventions
    >>> page = Page(Session.new(Conventions(), "easy", seed=3), Screen())
    >>> copy = fork(page)
    >>> copy.session is page.session, copy.session.key == page.session.key
    (False, True)
    """
    return deepcopy(page)


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
    from app.page.update_online import savable as online_savable

    return online_savable(page)


def route(page: Page, msg: Msg) -> list[Effect]:
    """The effects of one message (before ``settle``)."""
    s, ui = page.session, page.ui
    if isinstance(msg, PageMsg):  # the page's controls, thoughts, files (app.page.update_page)
        return page_update(page, msg, route)
    if isinstance(msg, NetMsg):
        from app.page.update_online import net_update

        return net_update(page, msg)
    if isinstance(msg, EditorMsg):  # the deal editor: its own model (app.editor.editor)
        fx: list[Effect] = []
        for e in on_message(ui, s, msg):
            fx += copied(page, e.text) if isinstance(e, Copy) else [e]
        return fx
    if page.lesson_back is not None or isinstance(msg, (LessonStarted, LessonNext, LessonLeft)):
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
        from app.page.update_online import undo_pressed

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
        s.bots_drew(msg.rng)
        return apply_action(page, msg.action)
    if isinstance(msg, HoldOver):
        if msg.version == s.version:
            if ui.hold_summary:
                ui.hold_summary = False  # the deal's summary may cover the felt now
            else:
                ui.hold, ui.hold_winner = (), -1  # the finished trick leaves the felt
        return []
    if isinstance(msg, OtherTabSaved):
        if online(s):  # the online table stays in this tab (its journal is its own)
            return [Log("another tab saved a game; this tab's online table stays")]
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
        from app.page.update_online import local_act

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
