"""*Learn to play* as the table shows it: the lesson's table (``LessonSession``, the
other seats played from the lesson's record by ``ScriptBot``) and the caption
area above it, in the learner's language. Pure; ``lesson_page`` is the lesson's
part of the page's door.

Automation hooks: the caption area ``[data-lesson]`` (``data-lesson-step``: the
step, ``data-lesson-id``, ``data-lesson-wait``: ``next``, ``move``, ``auto`` or
``end``, ``data-lesson-expect``: the expected move in engine notation,
``data-lesson-outcome``: ``wrong`` or ``refused`` after such a move), the buttons
``[data-ui=lesson-next]`` and ``[data-ui=lesson-leave]``, and the toolbar's
``[data-ui=learn]``.
"""

from __future__ import annotations

import random
from typing import Any

from app.lessons import lesson as L
from app.shell.dom import El, el
from app.shell.i18n import SUIT_SYMBOLS, card_short, t
from app.table.session import Session
from thousand import actions as A
from thousand.actions import action_from_str


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
    from app.table.view import button

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
