"""*Learn to play* on the page: the lesson engine (``app.lesson``) at the table. Pure.

While a lesson runs, the table shows a ``LessonSession``: the lesson's position,
the learner at the bottom, the other seats played from the lesson's record by
``ScriptBot`` (paced like the computer players, through the same ``Bots`` effect
and ``BotAnswered`` message). ``update`` hands the learner's inputs to
``lesson_update``: a move the lesson expects goes ahead, any other is explained in
the caption area and not made. The game that was on the table waits behind the
lesson (``Page.lesson_back``), untouched: a lesson is never saved as a game nor
counted in the statistics; its progress alone is kept (``thousand.lesson``), so
a reload resumes it.

Automation hooks: the caption area ``[data-lesson]`` (``data-lesson-step``: the
step, ``data-lesson-id``, ``data-lesson-wait``: ``next``, ``move``, ``auto`` or
``end``, ``data-lesson-expect``: the expected move in engine notation,
``data-lesson-outcome``: ``wrong`` or ``refused`` after such a move), the buttons
``[data-ui=lesson-next]`` and ``[data-ui=lesson-leave]``, and the toolbar's
``[data-ui=learn]``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from thousand import actions as A
from thousand.actions import action_from_str

from . import lesson as L
from .dom import El, el
from .i18n import SUIT_SYMBOLS, card_short, t
from .session import Session
from .storage import LESSON_KEY
from .view import Dialog

if TYPE_CHECKING:
    from .update import Effect, Page


class ScriptBot:
    """Another seat of the lesson: plays the record's move (``advance`` checks it)."""

    def __init__(self, session: LessonSession) -> None:
        self.session = session

    def act(self, obs: Any, rng: random.Random) -> int:
        """The record's action at the lesson's step."""
        return self.session.model.lesson.action(self.session.model.step)


class LessonSession(Session):
    """The lesson's table: its position, the learner's seat; the others follow the
    record, and only when the lesson says so (a caption to read stops them)."""

    def __init__(self, model: L.Model) -> None:
        ls = model.lesson
        levels = ["easy"] * ls.replay.conventions.players
        levels[ls.seat] = "human"
        super().__init__(L.state(model), levels, seed=0, human=ls.seat, rules="lesson")
        self.game_id = f"lesson-{ls.id}"
        self.model = model
        self.shown = self.state.n_rows  # the summaries of the lesson's own deals only
        self.outcome = ""  # "wrong" or "refused": the caption explains the last try
        self.followed = False  # another tab wrote the game behind the lesson meanwhile

    def bot(self, seat: int) -> Any:
        """The record plays every seat but the learner's."""
        return ScriptBot(self)

    def bot_to_act(self) -> int | None:
        """A seat moves only when the lesson waits for its move (not for a caption)."""
        if L.waiting(self.model) != "auto" or self.waiting_for_summary():
            return None
        return self.state.current_player()

    def human_to_act(self) -> bool:
        """The learner acts when the lesson waits for their move."""
        return L.waiting(self.model) == "move" and super().human_to_act()

    def undo_point(self) -> int | None:
        """No undo in a lesson: a wrong move is never made."""
        return None

    def commitment(self) -> str:
        """A lesson's deals are fixed, not sealed."""
        return ""


def is_lesson(page: Page) -> bool:
    """Whether a lesson is on the table."""
    return isinstance(page.session, LessonSession)


def begin(page: Page, model: L.Model) -> list[Effect]:
    """Put the lesson ``model`` on the table (the game waits behind it)."""
    from .update import Bots, Cancel, Remember, retell

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
    from .update import Bots, Cancel, Remember, retell

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
        from .update import follow_notice

        page.ui.follower = True
        follow_notice(page)
        return [Cancel(), done]
    return [Cancel(), done, Bots()]


def go_on(page: Page) -> list[Effect]:
    """*Next*: the next caption, or the next lesson at the end of one."""
    from .update import Bots, Remember

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
    from .update import Bots, Cancel, CountStats, Persist, Remember, apply_action

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
    from .update import CountStats, Persist, Remember, apply_action

    s = page.session
    assert isinstance(s, LessonSession)
    s.model = L.advance(s.model, action)
    s.outcome = ""
    fx = [e for e in apply_action(page, action) if not isinstance(e, (Persist, CountStats))]
    return [*fx, Remember(LESSON_KEY, L.progress(s.model))]


def clicked_card(page: Page, card: int, legal: bool) -> list[Effect]:
    """A card of the learner's hand: in play it is the move (a dimmed one too: the
    lesson says why the rules refuse it); in the discard it is chosen first."""
    from thousand.phase import Phase

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


def move_words(lang: str, text: str, names: tuple[str, ...]) -> str:
    """A move in engine notation ("give QS 2") in words ("Give Q♠ to East")."""
    try:
        a = action_from_str(text)
    except ValueError:
        return text[:40]
    if a == A.PASS:
        return t(lang, "lesson.move.pass")
    buttons = {A.WRITEOFF: "writeoff", A.KEEP: "keep", A.REDEAL: "redeal", A.DARK: "dark"}
    if a in buttons:
        return t(lang, buttons[a])  # the button's own label ("Concede")
    if A.is_bid(a):
        return t(lang, "lesson.move.bid", value=A.action_value(a))
    if A.is_contract(a):
        return t(lang, "lesson.move.contract", value=A.action_value(a))
    if A.is_give(a):
        seat = (a - A.GIVE_BASE) % 4
        name = names[seat] if seat < len(names) else str(seat)
        return t(lang, "lesson.move.give", card=card_short(A.action_card(a), lang), name=name)
    if A.is_declare(a):
        return t(lang, "lesson.move.declare", card=card_short(A.played_card(a), lang))
    if A.is_play(a):
        return t(lang, "lesson.move.play", card=card_short(A.played_card(a), lang))
    return text[:40]


def reason_words(lang: str, code: str, params: dict[str, str]) -> str:
    """A refusal code of ``lesson.refusal`` in words (the catalogue's ``refuse_*``)."""
    if code in ("follow", "trump", "beat", "lead_trump", "foreign_trump"):
        suit = SUIT_SYMBOLS[int(params.get("suit", "0")) % 4]
        return t(lang, "refuse_" + code, suit=suit)
    return t(lang, "lesson.refused_other")


def caption_text(lesson: L.Lesson, caption: L.Caption, lang: str, names: tuple[str, ...]) -> str:
    """A caption in ``lang``: a catalogue key (``@...``) or an author's text (with its
    translation when the lesson gives one), its moves and reasons in words."""
    params = dict(caption.params)
    words: dict[str, str] = {}
    for key in ("move", "tried"):
        if key in params:
            words[key] = move_words(lang, params[key], names)
    if "reason" in params:
        words["reason"] = reason_words(lang, params["reason"], params)
    return ref_text(lesson, caption.ref, lang, **words)


def ref_text(lesson: L.Lesson, ref: str, lang: str, **words: str) -> str:
    """A caption reference in words: ``@key`` from the catalogue, else the text (or
    the lesson's translation of it)."""
    if ref.startswith("@"):
        try:
            return t(lang, ref[1:], **words)
        except (KeyError, IndexError, ValueError):
            return t(lang, ref[1:])
    return lesson.translations.get(lang, {}).get(ref, ref)


# -- the caption area --------------------------------------------------------------------


def caption_area(session: Session, lang: str, names: tuple[str, ...]) -> El | None:
    """The lesson's caption above the table: what to do and why, the buttons on."""
    if not isinstance(session, LessonSession):
        return None
    from .view import button

    m = session.model
    ls = m.lesson
    wait = L.waiting(m)
    title = t(
        lang,
        "lesson.heading",
        n=m.index + 1,
        of=len(m.lessons),
        title=ref_text(ls, ls.title, lang),
    )
    text = caption_text(ls, m.caption, lang, names)
    buttons: list[El | None] = []
    if wait == "next" or (session.waiting_for_summary() and wait != "end"):
        buttons.append(
            button(t(lang, "lesson.next"), ui="lesson-next", cls="btn primary", data_autofocus="1")
        )
    elif wait == "end" and m.index + 1 < len(m.lessons):
        buttons.append(
            button(
                t(lang, "lesson.next_lesson"),
                ui="lesson-next",
                cls="btn primary",
                data_autofocus="1",
            )
        )
    leave_btn = button(t(lang, "lesson.leave"), ui="lesson-leave", cls="btn small")
    expect = L.expected(m)
    return el(
        "section",
        {
            "class": "lesson" + (f" lesson-{session.outcome}" if session.outcome else ""),
            "data-lesson": ls.id,
            "data-lesson-id": ls.id,
            "data-lesson-step": str(m.step),
            "data-lesson-wait": wait,
            "data-lesson-expect": L.describe(expect),
            "data-lesson-outcome": session.outcome or None,
            "aria-label": title,
        },
        el("div", {"class": "lesson-head"}, el("h2", {"class": "lesson-title"}, title), leave_btn),
        el(
            "p",
            {"class": "lesson-text", "aria-live": "polite", "data-lesson-text": "1"},
            text,
            key=f"text-{m.index}",
        ),
        el("div", {"class": "lesson-buttons"}, buttons) if buttons else None,
        key="lesson",
    )


# -- the door: the page's messages while a lesson is on the table ------------------------


def lesson_update(page: Page, msg: object) -> list[Effect] | None:
    """A message while a lesson runs (or one that starts it); None: not the lesson's,
    ``update`` handles it as always."""
    from .update import (
        Act,
        BotAnswered,
        CardClicked,
        KeyPressed,
        LessonLeft,
        LessonNext,
        LessonStarted,
        Log,
        NextDeal,
        OtherTabSaved,
        UndoPressed,
        announce,
        numbered_choices,
    )

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
        return bot_moved(page, msg.action)
    if isinstance(msg, NextDeal):
        from .update import Bots

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
