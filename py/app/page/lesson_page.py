"""*Learn to play* on the page: the lesson engine (``app.lessons.lesson``) at the table. Pure.

While a lesson runs, the table shows a ``LessonSession``: the lesson's position,
the learner at the bottom, the other seats played from the lesson's record by
``ScriptBot`` (paced like the computer players, through the same ``Bots`` effect
and ``BotAnswered`` message). ``update`` hands the learner's inputs to
``lesson_update``: a move the lesson expects goes ahead, any other is explained in
the caption area and not made. The game that was on the table waits behind the
lesson (``Page.lesson_back``), untouched: a lesson is never saved as a game nor
counted in the statistics; its progress alone is kept (``thousand.lesson``), so
a reload resumes it.

The table and its caption area are drawn by ``lesson_view`` (its automation
hooks are listed there).
"""

from __future__ import annotations

from typing import Any

from app.lessons import lesson as L
from app.lessons.lesson_view import LessonSession
from app.page.model import (
    Act,
    BotAnswered,
    Bots,
    Cancel,
    CardClicked,
    CountStats,
    Effect,
    KeyPressed,
    LessonLeft,
    LessonNext,
    LessonStarted,
    Log,
    NextDeal,
    OtherTabSaved,
    Page,
    Persist,
    Remember,
    UndoPressed,
)
from app.page.table_act import announce, apply_action, follow_notice, numbered_choices, retell
from app.shell.storage import LESSON_KEY
from app.table.view import Dialog
from thousand import actions as A
from thousand.actions import action_from_str
from thousand.phase import Phase


def is_lesson(page: Page) -> bool:
    """Whether a lesson is on the table."""
    return isinstance(page.session, LessonSession)


def begin(page: Page, model: L.Model) -> list[Effect]:
    """Put the lesson ``model`` on the table (the game waits behind it)."""
    if not is_lesson(page):
        page.lesson_back = page.session
    page.session = LessonSession(model)
    page.ui.dialog = Dialog.NONE
    retell(page)
    return [Cancel(), Remember(LESSON_KEY, L.progress(model)), Bots()]


def start(page: Page, stored: Any = None) -> list[Effect]:
    """*Learn to play*: resume the stored lesson where it was left, else the first."""
    lessons = L.builtin()
    model = L.resume(lessons, stored) if stored is not None else None
    if model is None or (L.finished(model) and model.index + 1 >= len(lessons)):
        model = L.start(lessons)
    return begin(page, model)


def leave(page: Page) -> list[Effect]:
    """*Leave the lesson*: the game behind it comes back; the progress stays."""
    s = page.session
    if not isinstance(s, LessonSession):
        return []
    back = page.lesson_back
    page.lesson_back = None
    if back is None:
        return [Remember(LESSON_KEY, L.progress(s.model, active=False))]
    page.session = back
    retell(page)
    done = Remember(LESSON_KEY, L.progress(s.model, active=False))
    if s.followed:  # another tab drives that game now: follow it, as update does
        page.ui.follower = True
        follow_notice(page)
        return [Cancel(), done]
    return [Cancel(), done, Bots()]


def go_on(page: Page) -> list[Effect]:
    """*Next*: the next caption, or the next lesson at the end of one."""
    s = page.session
    if not isinstance(s, LessonSession):
        return []
    before = s.model
    model = L.go_on(before)
    if model.index != before.index:
        return begin(page, model)
    s.model = model
    s.outcome = ""
    s.version += 1
    if s.waiting_for_summary() and L.waiting(model) not in ("next", "end"):
        s.acknowledge()  # the deal's summary was read with its caption (a lesson ends on it)
        page.ui.hold, page.ui.hold_summary = (), False
    return [Remember(LESSON_KEY, L.progress(model)), Bots()]


def act(page: Page, action: int) -> list[Effect]:
    """The learner's move (a button or a card): made when it is the lesson's."""
    s = page.session
    if not isinstance(s, LessonSession) or page.ui.follower:
        return []
    model, out = L.attempt(s.model, action)
    if out.kind == "ignored":
        return []
    if out.kind != "done":
        s.model, s.outcome = model, out.kind
        page.ui.reset_turn()
        s.version += 1
        return []
    s.model, s.outcome = model, ""
    fx = [e for e in apply_action(page, action) if not isinstance(e, (Persist, CountStats))]
    page.ui.reset_turn()
    return [Cancel(), *fx, Remember(LESSON_KEY, L.progress(model)), Bots()]


def bot_moved(page: Page, action: int) -> list[Effect]:
    """Another seat's move, played from the record."""
    s = page.session
    assert isinstance(s, LessonSession)
    s.model = L.advance(s.model, action)
    s.outcome = ""
    fx = [e for e in apply_action(page, action) if not isinstance(e, (Persist, CountStats))]
    return [*fx, Remember(LESSON_KEY, L.progress(s.model))]


def clicked_card(page: Page, card: int, legal: bool) -> list[Effect]:
    """A card of the learner's hand: in play it is the move (a dimmed one too: the
    lesson says why the rules refuse it); in the discard it is chosen first."""
    s = page.session
    if not isinstance(s, LessonSession) or not s.human_to_act():
        return []
    st = s.state
    if st.phase is Phase.PLAY:
        declare = A.declare(card)
        if declare in st.legal_actions() and not page.ui.plain_lead:
            return act(page, declare)
        return act(page, A.play(card))
    if st.phase is Phase.DISCARD and legal:
        page.ui.selected = -1 if page.ui.selected == card else card
    return []


# -- words --------------------------------------------------------------------------------


# -- the door: the page's messages while a lesson is on the table ------------------------


def lesson_update(page: Page, msg: object) -> list[Effect] | None:
    """A message while a lesson runs (or one that starts it); None: not the lesson's,
    ``update`` handles it as always."""
    if isinstance(msg, LessonStarted):
        return [] if is_lesson(page) else start(page, msg.progress)
    s = page.session
    if not isinstance(s, LessonSession):
        return None if not isinstance(msg, (LessonNext, LessonLeft)) else []
    if isinstance(msg, LessonNext):
        return go_on(page)
    if isinstance(msg, LessonLeft):
        return leave(page)
    if isinstance(msg, Act):
        try:
            action = action_from_str(msg.text)
        except ValueError as e:
            return [Log(f"refused: {e}")]
        if not s.human_to_act():
            return [Log(f"refused: {msg.text[:40]} (it is not your turn)")]
        return act(page, action)
    if isinstance(msg, CardClicked):
        return clicked_card(page, msg.card, msg.legal)
    if isinstance(msg, KeyPressed) and len(msg.key) == 1 and msg.key.isdigit():
        if page.ui.dialog or not s.human_to_act():
            return []
        choices = numbered_choices(page)
        i = int(msg.key) - 1
        if not 0 <= i < len(choices):
            return []
        kind, value = choices[i]
        if kind == "card":
            return clicked_card(page, int(value), True)
        return act(page, action_from_str(value))
    if isinstance(msg, BotAnswered):
        if msg.version != s.version or s.bot_to_act() is None:
            return [Log(f"dropped: a move for version {msg.version}")]
        page.ui.thinking = -1
        s.bots_drew(msg.rng)
        return bot_moved(page, msg.action)
    if isinstance(msg, NextDeal):
        page.ui.analysis = None
        s.acknowledge()
        page.ui.hold, page.ui.hold_summary = (), False
        announce(page)
        return [Bots()]
    if isinstance(msg, OtherTabSaved):
        back = page.lesson_back
        page.ui.follow_same = back is not None and msg.session.game_id == back.game_id
        page.lesson_back = msg.session  # the game behind the lesson moved on in another tab
        s.followed = True
        return []
    if isinstance(msg, UndoPressed):
        return []
    return None
