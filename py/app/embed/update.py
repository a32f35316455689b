"""``embed.html``'s logic as a pure program: ``update(guest, msg) -> (guest, effects)``.

The embed shows one record, a guest in another page. Every input is a message:
the fragment read at start (``Opened``), the host page's ``postMessage``
(``HostLoad``, ``HostGoto``, ``HostPlay``, ``HostPause``, ``HostFetchFailed``,
as ``embed.py`` turns them into Python values, unchecked), a click, a change, a
key, the autoplay's tick and the analysis' findings (``page_msgs``). Every
outside effect is data: a message to the host (``Post``), a new tab
(``OpenTab``), and the replay's thoughts (``replay_ctl.ReplayEffect``). The
replay itself moves as on the game page (``replay_ctl``); ``view`` draws the
guest. The host page's protocol is told in ``embed.py``.

>>> guest = Guest.of({}, "en", "https://a.b/embed.html")
>>> after, fx = update(guest, HostGoto(3))
>>> fx, after is guest
([], False)
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any

from app.page.page_msgs import AnalysisFound, AnalysisShown, AutoplayTick, Slot
from app.page.replay_ctl import (
    STEP_KEYS,
    ReplayEffect,
    analysis_shown,
    autoplay_tick,
    goto,
    pause,
    play,
    replay_act,
    replay_target,
    set_view,
    show_record,
)
from app.page.screen import Screen
from app.replay.replay_view import build_replay, replay_attrs
from app.replay.share import parse_options, practice_link
from app.shell.dom import El, el
from app.shell.i18n import Words, normalize_lang, t
from app.table.view import Notice, NoticeKind, notices
from thousand import safejson
from thousand.record import RecordError, Replay

#: How much of a reason a message to the host carries.
WHY_CHARS = 200


@dataclass
class Guest:
    """Everything the embed knows: the record on show (on its screen, as the game
    page's replay), the options in force, and the problem it says, if any."""

    ui: Screen
    options: dict[str, Any]
    href: str  # the embed's own address: *Play from here* opens the game page beside it
    error: str = ""
    tokens: dict[Slot, int] = field(default_factory=dict)
    made: int = 0

    @classmethod
    def of(cls, options: dict[str, Any], browser_lang: str, href: str) -> Guest:
        """The embed before any record: the fragment's options (checked), the
        browser's language unless they name one."""
        lang = normalize_lang(str(options.get("lang") or browser_lang or "en"))
        return cls(Screen(lang=lang), dict(options), str(href))


# -- messages ----------------------------------------------------------------------


@dataclass(frozen=True)
class Opened:
    """The fragment at start: its record (None: none), or why it could not be read."""

    record: Any = None
    error: str = ""


@dataclass(frozen=True)
class HostLoad:
    """``thousand:load``: a record (an object, or JSON text) and options for this
    load and later ones (checked here; anything else ignored)."""

    record: Any
    options: Any = None


@dataclass(frozen=True)
class HostGoto:
    """``thousand:goto``: show the position after ``step`` actions (a number)."""

    step: Any


@dataclass(frozen=True)
class HostPlay:
    """``thousand:play``: step on by itself."""


@dataclass(frozen=True)
class HostPause:
    """``thousand:pause``: stop stepping on by itself."""


@dataclass(frozen=True)
class HostFetchFailed:
    """``thousand:fetch-failed``: the host could not fetch ``url`` (``status`` 0 or
    anything but a number: no answer)."""

    url: Any
    status: Any


@dataclass(frozen=True)
class Pressed:
    """A control with ``data-ui`` clicked (a disabled one never arrives)."""

    name: str


@dataclass(frozen=True)
class ViewChosen:
    """The seat whose view the replay shows (``"open"``: all hands)."""

    value: str


@dataclass(frozen=True)
class KeyDown:
    """A key the embed takes (``takes_key``)."""

    key: str


@dataclass(frozen=True)
class Broken:
    """A host's message that could not even be read (``why``)."""

    why: str


GuestMsg = (
    Opened
    | HostLoad
    | HostGoto
    | HostPlay
    | HostPause
    | HostFetchFailed
    | Pressed
    | ViewChosen
    | KeyDown
    | Broken
    | AutoplayTick
    | AnalysisShown
    | AnalysisFound
)

# -- effects -----------------------------------------------------------------------


@dataclass(frozen=True)
class Post:
    """A message to the host page (``thousand:ready``, ``:step``, ``:error``)."""

    message: dict[str, Any]


@dataclass(frozen=True)
class OpenTab:
    """Open ``url`` in a new tab (the embed stays as it is)."""

    url: str


GuestEffect = Post | OpenTab | ReplayEffect


# -- update ------------------------------------------------------------------------


def update(g: Guest, msg: GuestMsg) -> tuple[Guest, list[GuestEffect]]:
    """The one door: the guest after ``msg`` and the effects to carry out. The guest
    given is never changed: the door changes a copy (as the game page's door,
    ``app.page.update.fork``; the record on show is shared, it never changes)."""
    g = copy.deepcopy(g)
    return g, route(g, msg)


def route(g: Guest, msg: GuestMsg) -> list[GuestEffect]:
    """What ``msg`` does to ``g`` (the door's copy), and the effects."""
    r, data = g.ui.replay, g.ui.replay_data
    if isinstance(msg, Opened):
        if msg.error:
            return fail(g, msg.error)
        return [] if msg.record is None else load(g, msg.record)
    if isinstance(msg, HostLoad):
        options = parse_options(msg.options)
        if options:
            g.options = {**g.options, **options}
            if "lang" in options:
                g.ui.lang = options["lang"]
        record = msg.record
        if isinstance(record, str):
            try:
                record = safejson.loads(record)
            except ValueError as e:  # the reader's own words (size, depth, syntax)
                return fail(g, str(e)[:160])
        return load(g, record)
    if isinstance(msg, HostFetchFailed):
        status = msg.status
        number = isinstance(status, (int, float)) and not isinstance(status, bool)
        code = int(status) if number and 0 < status < 1000 else 0
        url = str(msg.url or "")[:WHY_CHARS]
        if code:
            return fail(g, t(g.ui.lang, "embed_fetch_status", url=url, status=str(code)))
        return fail(g, t(g.ui.lang, "embed_fetch_network", url=url))
    if isinstance(msg, Broken):
        return fail(g, msg.why[:WHY_CHARS])
    if isinstance(msg, AnalysisShown):
        analysis_shown(g, msg.token, msg.rows, msg.pct)
        return []
    if r is None or data is None:
        return []  # (the rest needs a record on show)
    if isinstance(msg, HostGoto):
        step = msg.step
        if not isinstance(step, (int, float)) or isinstance(step, bool) or step != step:
            return []
        return [*goto(g, int(max(-1, min(step, data.steps + 1)))), step_post(g)]
    if isinstance(msg, HostPlay):
        return play(g)
    if isinstance(msg, HostPause):
        return pause(g)
    if isinstance(msg, Pressed):
        if msg.name == "practice-here":
            if not r.practice:
                return []
            return [OpenTab(practice_link(g.href, data.record, r.step, r.seat, g.ui.lang))]
        return acted(g, msg.name)
    if isinstance(msg, ViewChosen):
        set_view(g, msg.value)
        return []
    if isinstance(msg, KeyDown):
        return acted(g, STEP_KEYS[msg.key]) if takes_key(g, msg.key) else []
    if isinstance(msg, AutoplayTick):
        before = r.step
        fx: list[GuestEffect] = [*autoplay_tick(g, msg.token)]
        return [*fx, step_post(g)] if r.step != before else fx
    return []  # AnalysisFound: the embed keeps no practice score


def load(g: Guest, record: Any) -> list[GuestEffect]:
    """Show ``record`` with the options in force; a bad one is said and posted (the
    record on show, if any, stays)."""
    o = g.options
    try:
        data = Replay(record)
    except (RecordError, ValueError) as e:
        return fail(g, str(e)[:WHY_CHARS])
    g.error = ""
    seat = None if o.get("open") or "seat" not in o else int(o["seat"])
    fx: list[GuestEffect] = [
        *show_record(
            g,
            data,
            int(o.get("step", 0)),
            seat=seat,
            controls=o.get("controls", True),
            autoplay_ms=int(o.get("autoplay", 1200)),
            analysis=bool(o.get("analysis", False)),
            embed=True,
            practice=bool(o.get("practice", False)),
        ),
        step_post(g),
    ]
    return [*fx, *play(g)] if "autoplay" in o else fx


def fail(g: Guest, why: str) -> list[GuestEffect]:
    """A problem: said inside the embed and posted to the host."""
    g.error = why
    return [Post({"type": "thousand:error", "message": why})]


def acted(g: Guest, name: str) -> list[GuestEffect]:
    """A replay button or key; a step one tells the host where the replay stands."""
    r, data = g.ui.replay, g.ui.replay_data
    moves = (
        r is not None and data is not None and replay_target(name, r.step, data.steps) is not None
    )
    fx: list[GuestEffect] = [*replay_act(g, name)]
    return [*fx, step_post(g)] if moves else fx


def takes_key(g: Guest, key: str, in_select: bool = False) -> bool:
    """Whether the embed takes ``key`` (the replay's keys, with its buttons shown,
    outside the seat menu)."""
    r = g.ui.replay
    return key in STEP_KEYS and r is not None and r.controls and not in_select


def step_post(g: Guest) -> Post:
    """``thousand:step``: where the replay stands (it must have a record on show)."""
    r, data = g.ui.replay, g.ui.replay_data
    assert r is not None and data is not None
    phase = build_replay(data, r, g.ui.lang)[0].scene.phase.value
    return Post({"type": "thousand:step", "step": r.step, "of": data.steps, "phase": phase})


# -- view --------------------------------------------------------------------------


def view(g: Guest) -> tuple[dict[str, str | None], list[El]]:
    """The attributes and the children of ``#table``: the record at its step with
    the problem said over it, or the problem alone, or a wait for a record."""
    lang = g.ui.lang
    r, data = g.ui.replay, g.ui.replay_data
    fit = {"data-fit": "content" if g.options.get("fit") == "content" else None}
    if r is None or data is None:
        text = t(lang, "replay_bad", why=g.error) if g.error else t(lang, "embed_waiting")
        role = "alert" if g.error else "status"
        kids = [el("p", {"class": "embed-message", "role": role}, text, key="msg")]
        return {"data-phase": "error" if g.error else "waiting", **fit}, kids
    m, children = build_replay(data, r, lang)
    if g.error:
        notice = Notice(Words.of("replay_bad", why=g.error), NoticeKind.ERROR, "err")
        box = notices(dataclasses.replace(m, notices=(notice,)))
        if box is not None:
            children.append(box)
    return {**replay_attrs(m, r.step, data.steps), **fit}, children
