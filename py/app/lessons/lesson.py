"""*Learn to play*: a guided game from lesson records. Pure (no page, no storage).

A lesson is a game record (``thousand.record``) with captions, played from one
seat, the **learner's** (the record's ``seats`` entry of kind ``"human"``). The
record's own action at each of the learner's turns is the move the lesson
expects; every other seat's action is played for it, from the record. Step N
is the position after N actions, as in every record:

* ``notes["N"]`` is the caption at step N. When the learner acts at N it is
  the instruction (what to do and why); otherwise it is read-only and the
  lesson waits for *Next*.
* ``lesson.before["N"]``: read-only captions shown at step N before its note
  (the ranks and points of the cards before the first bid, say).
* ``lesson.wrong["N"]``: what to say when, at the learner's step N, the player
  makes another move the rules allow; without it the lesson names the move
  it expects (``lesson.wrong``). A move the rules refuse is never applied
  either: the caption gives the engine's reason (``thousand.refusals``).
* A caption that starts with ``@`` is a key of the page's catalogue
  (``@lesson.first.bid``: the built-in lessons, in every language); any other
  text is shown as written, and ``lesson.translations`` may give it in other
  languages: ``{"ru": {"<the text as written>": "<its Russian>"}}``.

>>> from thousand import action_from_str
>>> lessons = builtin()
>>> m = start(lessons)
>>> waiting(m), m.caption.ref
('next', '@lesson.first.ranks')
>>> m = go_on(go_on(go_on(m)))
>>> waiting(m), describe(expected(m))
('move', 'bid 105')
>>> m2, out = attempt(m, action_from_str("pass"))
>>> out.kind, m2.step == m.step, m2.caption.ref
('wrong', True, '@lesson.first.bid.wrong')
>>> m3, out = attempt(m, action_from_str("bid 105"))
>>> out.kind, m3.step
('done', 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any

from thousand import IllegalActionError, State, safejson
from thousand import actions as A
from thousand.actions import action_str
from thousand.phase import Phase
from thousand.record import MAX_RECORD_BYTES, RecordError, Replay, load_seats
from thousand.refusals import play_refusal

#: The built-in lessons, in order (``py/app/lessons/<name>.json``).
BUILTIN = ("first", "bolt", "barrel")
#: The most captions a step may show before its note.
MAX_BEFORE = 8
#: The longest caption reference or text (as the record's notes).
MAX_CAPTION = 500


class LessonError(ValueError):
    """A lesson record that cannot be used; the message says where and why."""


@dataclass(frozen=True)
class Caption:
    """What the caption area says: ``ref`` a catalogue key after ``@`` or a text as
    written; ``params`` fill its placeholders (moves and reasons, already codes)."""

    ref: str
    params: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Lesson:
    """One lesson: its record replayed once, the learner's seat and its captions."""

    id: str
    title: str  # a caption reference
    replay: Replay
    seat: int
    notes: dict[int, str]
    before: dict[int, tuple[str, ...]]
    wrong: dict[int, str]
    translations: dict[str, dict[str, str]]
    learner: frozenset[int]  # the steps at which the learner acts

    @property
    def steps(self) -> int:
        """The number of actions in the lesson's record."""
        return self.replay.steps

    def action(self, step: int) -> int:
        """The record's action at ``step`` (the move from step to step + 1)."""
        got = self.replay.action(step + 1)
        assert got is not None
        return got


@dataclass(frozen=True)
class Outcome:
    """What became of an attempted move: ``done`` (the lesson's move, applied),
    ``wrong`` (allowed by the rules, not the lesson's: not applied), ``refused``
    (the rules refuse it: ``code`` is the refusal, not applied) or ``ignored``
    (not the learner's turn)."""

    kind: str
    code: str = ""  # refused: a play duty of thousand.refusals, or "illegal"
    params: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Model:
    """Where the learner is: which lesson, which step, which caption of that step."""

    lessons: tuple[Lesson, ...]
    index: int = 0
    step: int = 0
    page: int = 0  # the read-only captions of this step already read
    caption: Caption = field(default_factory=lambda: Caption(""))
    wrong_tries: int = 0  # wrong or refused moves made in this lesson (never punished)

    @property
    def lesson(self) -> Lesson:
        """The lesson in progress."""
        return self.lessons[self.index]


# -- reading lessons -------------------------------------------------------------


def _caption(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{where}: a caption must be text")
    if len(value) > MAX_CAPTION:
        raise LessonError(f"{where}: {len(value):,} characters (at most {MAX_CAPTION})")
    return value


def _steps(table: Any, where: str, steps: int) -> dict[int, Any]:
    if table is None:
        return {}
    if not isinstance(table, dict):
        raise LessonError(f'{where} must map step numbers to captions, like {{"3": "..."}}')
    out: dict[int, Any] = {}
    for key, value in table.items():
        if not isinstance(key, str) or not key.isdigit() or int(key) > steps:
            raise LessonError(f"{where}: {str(key)[:20]!r} is not a step of the record")
        out[int(key)] = value
    return out


def load(data: Any, name: str = "lesson") -> Lesson:
    """A lesson from a record (parsed JSON or text); ``LessonError`` says what is wrong."""
    if isinstance(data, (str, bytes)):
        try:  # size- and depth-checked before it is parsed, as every record
            data = safejson.loads(data, max_bytes=MAX_RECORD_BYTES)
        except ValueError as e:
            raise LessonError(f"{name}: not a readable record ({e})") from None
    if not isinstance(data, dict):
        raise LessonError(f"{name}: a lesson is a record (a JSON object)")
    try:
        replay = Replay(data)
    except RecordError as e:
        raise LessonError(f"{name}: {e}") from None
    n = replay.conventions.players
    seats = load_seats(data, n)
    if seats is None or [k for k, _ in seats].count("human") != 1:
        raise LessonError(f'{name}: the record\'s seats must name one learner ("kind": "human")')
    seat = [k for k, _ in seats].index("human")
    meta = data.get("lesson", {})
    if not isinstance(meta, dict):
        raise LessonError(f"{name}: lesson must be an object")
    steps = replay.steps
    before: dict[int, tuple[str, ...]] = {}
    for k, v in _steps(meta.get("before"), f"{name}: before", steps).items():
        if not isinstance(v, list) or not 0 < len(v) <= MAX_BEFORE:
            raise LessonError(f"{name} before {k}: a list of 1 to {MAX_BEFORE} captions")
        before[k] = tuple(_caption(c, f"{name} before {k}") for c in v)
    wrong = {
        k: _caption(v, f"{name} wrong {k}")
        for k, v in _steps(meta.get("wrong"), f"{name}: wrong", steps).items()
    }
    learner = frozenset(
        s for s in range(steps) if _player(replay, s) == seat
    )  # the learner's turns
    for k in wrong:
        if k not in learner:
            raise LessonError(f"{name} wrong {k}: the learner does not act at step {k}")
        if len(replay.state(k).legal_actions()) < 2:
            raise LessonError(f"{name} wrong {k}: the rules allow only one move at step {k}")
    tr_in = meta.get("translations", {})
    if not isinstance(tr_in, dict) or not all(
        isinstance(v, dict) and all(isinstance(a, str) and isinstance(b, str) for a, b in v.items())
        for v in tr_in.values()
    ):
        raise LessonError(f"{name}: translations must map a language to {{text: translation}}")
    lesson_id = meta.get("id", name)
    if not isinstance(lesson_id, str) or not lesson_id or len(lesson_id) > 40:
        raise LessonError(f"{name}: the lesson's id must be a short text")
    return Lesson(
        id=lesson_id,
        title=_caption(meta.get("title", lesson_id), f"{name} title"),
        replay=replay,
        seat=seat,
        notes=dict(replay.notes),
        before=before,
        wrong=wrong,
        translations={str(k): dict(v) for k, v in tr_in.items()},
        learner=learner,
    )


def _player(replay: Replay, step: int) -> int:
    st = replay.state(step)
    return -1 if st.is_terminal() else st.current_player()


@cache
def builtin() -> tuple[Lesson, ...]:
    """The lessons shipped with the page (``py/app/lessons``), in order."""
    out = []
    for name in BUILTIN:
        text = resources.files("app").joinpath("lessons", f"{name}.json").read_text("utf-8")
        out.append(load(text, name))
    return tuple(out)


# -- the lesson as it goes ---------------------------------------------------------


def state(m: Model) -> State:
    """The position of the lesson now (a fresh state)."""
    return m.lesson.replay.state(m.step)


def _learner_acts(m: Model) -> bool:
    return m.step in m.lesson.learner


def _readonly(m: Model) -> tuple[str, ...]:
    """The read-only captions of the step: those before its note, and the note when
    the learner does not act there."""
    ls = m.lesson
    pages = ls.before.get(m.step, ())
    note = ls.notes.get(m.step)
    if note is not None and not _learner_acts(m):
        pages = (*pages, note)
    return pages


def waiting(m: Model) -> str:
    """What the lesson waits for: ``next`` (a caption to read), ``move`` (the
    learner's move), ``auto`` (another seat's move, played from the record) or
    ``end`` (the lesson is over)."""
    if m.page < len(_readonly(m)):
        return "next"
    if _learner_acts(m):
        return "move"
    if m.step >= m.lesson.steps:
        return "end"
    return "auto"


def expected(m: Model) -> int | None:
    """The move the lesson expects of the learner now (None: not the learner's turn)."""
    return m.lesson.action(m.step) if waiting(m) == "move" else None


def describe(action: int | None) -> str:
    """An action in engine notation ("" for none): the automation hook's value."""
    return "" if action is None else action_str(action)


def _settle(m: Model) -> Model:
    """The caption for where the lesson now stands."""
    kind = waiting(m)
    ls = m.lesson
    if kind == "next":
        return replace(m, caption=Caption(_readonly(m)[m.page]))
    if kind == "move":
        note = ls.notes.get(m.step)
        if note is not None:
            return replace(m, caption=Caption(note))
        return replace(m, caption=Caption("@lesson.your_move", _move(ls.action(m.step))))
    if kind == "end":
        last = m.index + 1 >= len(m.lessons)
        return replace(m, caption=Caption("@lesson.all_done" if last else "@lesson.done"))
    return m  # another seat moves: the last caption stays


def _move(action: int) -> tuple[tuple[str, str], ...]:
    return (("move", action_str(action)),)


def start(lessons: tuple[Lesson, ...], index: int = 0) -> Model:
    """The lesson ``index`` from its start."""
    if not lessons:
        raise LessonError("there is no lesson")
    index = max(0, min(index, len(lessons) - 1))
    return _settle(Model(lessons, index))


def go_on(m: Model) -> Model:
    """*Next*: the next caption of this step (the lesson goes on from there), or at
    the end of a lesson the next lesson (the last one stays at its end)."""
    kind = waiting(m)
    if kind == "next":
        return _settle(replace(m, page=m.page + 1))
    if kind == "end" and m.index + 1 < len(m.lessons):
        return start(m.lessons, m.index + 1)
    return m


def advance(m: Model, action: int) -> Model:
    """Another seat's move as the record plays it (``auto``); any other is refused
    with ``LessonError``: the lesson's table plays its record only."""
    if waiting(m) != "auto" or action != m.lesson.action(m.step):
        raise LessonError(f"not the lesson's move at step {m.step}: {describe(action)}")
    return _settle(replace(m, step=m.step + 1, page=0))


def attempt(m: Model, action: int) -> tuple[Model, Outcome]:
    """The learner tries ``action``: the lesson's move goes ahead (``done``); another
    move is explained and not made (``wrong``: the rules allow it; ``refused``: they
    do not, with the engine's reason)."""
    if waiting(m) != "move":
        return m, Outcome("ignored")
    want = m.lesson.action(m.step)
    if action == want:
        return _settle(replace(m, step=m.step + 1, page=0)), Outcome("done")
    st = state(m)
    expect = _move(want)
    if action not in st.legal_actions():
        code, params = refusal(st, action)
        caption = Caption("@lesson.refused", (("reason", code), *params, *expect))
        out = Outcome("refused", code, params)
    else:
        ref = m.lesson.wrong.get(m.step, "@lesson.wrong")
        caption = Caption(ref, (("tried", action_str(action)), *expect))
        out = Outcome("wrong", "", (("tried", action_str(action)),))
    return replace(m, caption=caption, wrong_tries=m.wrong_tries + 1), out


def refusal(st: State, action: int) -> tuple[str, tuple[tuple[str, str], ...]]:
    """Why the rules refuse ``action`` now, as a code and its parameters: a play duty
    (``follow``, ``trump``, ``beat``, ``lead_trump``, ``foreign_trump``: the suit as a
    number 0-3) from ``thousand.refusals``, else ``illegal`` with the engine's words."""
    if st.phase is Phase.PLAY and A.is_play(action):
        card = A.played_card(action)
        hand = st.hands[st.current_player()]
        if hand >> card & 1:
            trick = list(st.trick)
            duty = play_refusal(hand, trick, st.trump, st.conv, card)
            if duty is not None:
                return duty.code, (("suit", str(duty.suit)),)
    try:
        st.clone().apply_action(action)
    except IllegalActionError as e:
        return "illegal", (("why", str(e)[:120]),)
    except ValueError as e:  # pragma: no cover - not an action id at all
        return "illegal", (("why", str(e)[:120]),)
    return "illegal", (("why", describe(action)),)  # pragma: no cover


def finished(m: Model) -> bool:
    """Whether the lesson in progress is over."""
    return waiting(m) == "end"


# -- leaving and resuming ----------------------------------------------------------------

PROGRESS_FORMAT = "thousand-lesson"


def progress(m: Model, active: bool = True) -> dict[str, Any]:
    """What the page keeps of the lesson (``thousand.lesson``): which lesson, which
    step and caption, and whether it is on the table (a reload resumes it)."""
    return {
        "format": PROGRESS_FORMAT,
        "lesson": m.lesson.id,
        "step": m.step,
        "page": m.page,
        "active": active,
    }


def resume(lessons: tuple[Lesson, ...], data: Any) -> Model | None:
    """The lesson where the stored progress left it (None when there is none or it does
    not fit the lessons: a changed lesson starts again, never at a wrong step)."""
    if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
        return None
    ids = [ls.id for ls in lessons]
    if data.get("lesson") not in ids:
        return None
    m = Model(lessons, ids.index(data["lesson"]))
    step, page = data.get("step"), data.get("page", 0)
    if type(step) is not int or type(page) is not int:
        return None
    if not 0 <= step <= m.lesson.steps:
        return None
    m = replace(m, step=step, page=0)
    return _settle(replace(m, page=max(0, min(page, len(_readonly(m))))))


def active(data: Any) -> bool:
    """Whether stored progress says a lesson was on the table."""
    return isinstance(data, dict) and data.get("active") is True
