"""The replay view: a game record stepped through, drawn by the table's own views.

One replay model (``thousand.record.Replay``: a record plus a step) drives the
main page's replay, share links and ``embed.html``. ``build_replay`` returns
the view model and the children of ``#table`` for a step: all hands open or
one seat's view, the trick, talon, contract and sheet exactly as they were,
the step's caption (the record's notes), the newest event in words, and the
step controls (``data-ui="step-prev"`` / ``"step-next"`` ...).

``#table`` gets ``data-phase="replay"`` and ``data-step`` (the number of the
record's actions applied, counted from its start) from ``replay_attrs``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from app.shell.dom import El, el
from app.shell.i18n import t, tn, you_key
from app.table.dialogs import sheet_table
from app.table.events import deal_events, on_felt
from app.table.view import Model, button, default_names, dialog, render
from thousand.record import Replay, load_seats
from thousand.scene import Scene
from thousand.sheet import SheetRow


@dataclass
class ReplayUI:
    """Where the replay stands and how it is shown."""

    step: int = 0
    seat: int | None = None  # None: every hand open; else that seat's view
    playing: bool = False
    autoplay_ms: int = 1200
    controls: bool = True  # False: driven by the host page only
    sheet: bool = False  # the sheet at this step is open
    analysis: bool = False  # the post-deal analysis is asked for
    analysis_rows: list[str] = field(default_factory=list)  # its findings in words
    analysis_pct: int = -1  # its progress (-1: not running)
    analysis_deal: int = -1  # the deal it is about
    embed: bool = False  # inside embed.html (no way back to a game)
    practice: bool = False  # embed.html with practice=1: Play from here opens the game page
    own: bool = False  # the player's own game: seat 0 is "You" (else compass names)


def replay_names(
    n: int, lang: str, own: bool, seats: list[tuple[str, str]] | None = None
) -> tuple[str, ...]:
    """The seats' names in a replay, fixed to the seats whatever the view: the names
    the record gives its people, else the player's own game as it was played (You,
    West, East) and anyone else's by compass."""
    base = default_names(n, 0, lang, spectator=not own)
    if not seats:
        return base
    return tuple(name or base[s] for s, (_, name) in enumerate(seats))


def fair_note(replay: Replay, lang: str) -> El | None:
    """Whether every deal came from the seed sealed before it (``thousand.fair``)."""
    from thousand.fair import Verdict, verify_replay

    found = verify_replay(replay)
    bad = next((f for f in found if not f.ok), None)
    fair = sum(f.verdict is Verdict.FAIR for f in found)
    if bad is None and not fair:
        return None
    text = (
        t(lang, "fair_replay_bad", deal=bad.deal + 1)
        if bad is not None
        else tn(lang, "fair_replay_ok", fair)
    )
    return el(
        "p",
        {"class": "fair-note", "data-verified": "0" if bad else str(fair)},
        text,
        key="fair",
    )


def _finished_row(replay: Replay, step: int) -> SheetRow | None:
    """The sheet row of the deal this step ends, if it ends one."""
    if step == 0:
        return None
    before = replay.state(step - 1)
    after = replay.state(step)
    if after.n_rows > before.n_rows:
        rows = [r for r in after.rows[before.n_rows :] if r.kind != "redeal"]
        return rows[-1] if rows else None
    return None


def verdict(row: SheetRow, names: tuple[str, ...], lang: str, you: int = -1) -> str:
    """A finished deal's result in words (``you``: the seat spoken to as "you")."""
    d = row.declarer if row.declarer is not None else 0
    key = {"writeoff": "wrote_off", "bomb": "bombed"}.get(row.kind) or (
        "made" if row.made else "failed"
    )
    return t(lang, you_key(key, d == you), name=names[d], contract=row.contract)


def replay_you(own: bool, seats: list[tuple[str, str]] | None) -> int:
    """The seat a replay calls "You" (``replay_names``): seat 0 of the player's own
    game unless the record names its person; else none (-1)."""
    return 0 if own and not (seats and seats[0][1]) else -1


def build_replay(replay: Replay, ui: ReplayUI, lang: str) -> tuple[Model, list[El]]:
    """The view model and the children of ``#table`` at ``ui.step``."""
    step = replay.clamp(ui.step)
    state = replay.state(step)
    seat = ui.seat if ui.seat is not None and ui.seat < state.n else None
    bottom = seat if seat is not None else 0
    scene = Scene.of_state(state, seat)
    scene = dataclasses.replace(scene, legal=())
    seats = load_seats(replay.record, state.n)
    names = replay_names(state.n, lang, ui.own, seats)
    you = replay_you(ui.own, seats)
    finished = _finished_row(replay, step)
    hold: tuple[tuple[int, int], ...] = ()
    winner = -1
    banner = ""
    if finished is not None:
        log = state.log
        tricks = log[finished.number - 1]["tricks"] if len(log) >= finished.number else ()
        if tricks:
            hold, winner = tuple(tricks[-1][1]), tricks[-1][2]
        banner = verdict(finished, names, lang, you)
    else:
        viewer = seat if seat is not None else (state.declarer if state.declarer >= 0 else 0)
        events = deal_events(state.observation(viewer))
        if events and step > 0:
            # a declaring lead: the marriage is the news, not the card that came with it
            last = events[-1]
            if len(events) > 1 and events[-2].headline and last.key == "ev_play":
                last = events[-2]
            felt = on_felt(events, last)
            banner = " ".join(e.text(names, lang, you, state.conv) for e in felt)
    m = Model(
        scene=scene,
        lang=lang,
        human=bottom,
        names=names,
        human_turn=False,
        hold=hold,
        hold_winner=winner,
        summary=finished,
        summary_hold=finished is not None,  # its last trick and verdict on the felt
        banner=banner,
        announce=banner,
    )
    caption = replay.notes.get(step, "")
    extra: list[El | None] = [replay_bar(replay, ui, lang, step, caption)]
    if ui.sheet:
        extra.append(
            dialog(
                "sheet",
                t(lang, "sheet"),
                [sheet_table(dataclasses.replace(m, scene=scene), list(state.rows))],
                [button(t(lang, "close"), ui="replay-sheet", cls="btn", data_autofocus="1")],
                cls="wide",
            )
        )
    children = render(m, extra)
    # The replay has no game controls and no game toolbar: drop them.
    children = [c for c in children if c.key not in ("controls", "toolbar")]
    return m, children


def replay_attrs(m: Model, step: int, steps: int) -> dict[str, str | None]:
    """The attributes of ``#table`` in the replay."""
    return {
        "data-phase": "replay",
        "data-step": str(step),
        "data-steps": str(steps),
        "data-turn": "bot",
        "data-lang": m.lang,
        "data-players": str(m.scene.players),
        "data-seat": None,
        "data-screen": None,
    }


def analysis_section(lang: str, rows: list[str] | None, pct: int) -> El | None:
    """The post-deal analysis (``data-analysis``): its progress and findings."""
    if rows is None:
        return None
    progress = (
        el("p", {"class": "analysis-progress", "role": "status"}, t(lang, "analysis_busy", pct=pct))
        if pct >= 0
        else None
    )
    return el(
        "section",
        # tabindex: the box scrolls, so keys must be able to reach it
        {
            "class": "analysis",
            "data-analysis": "1",
            "aria-label": t(lang, "analysis"),
            "tabindex": "0",
        },
        el("h3", {}, t(lang, "analysis")),
        progress,
        el("ul", {}, [el("li", {}, r) for r in rows]) if rows else None,
        key="analysis",
    )


def _labelled(icon: str, label: str) -> list[El]:
    """A button's icon and its word (a narrow embed shows the icon alone)."""
    return [
        el("span", {"class": "icon", "aria-hidden": "true"}, icon),
        el("span", {"class": "label"}, label),
    ]


def replay_bar(replay: Replay, ui: ReplayUI, lang: str, step: int, caption: str) -> El:
    """Step controls, the step's caption and the analysis."""
    deal, _ = replay.locate(step)
    steps = replay.steps
    n = replay.conventions.players
    names = replay_names(n, lang, ui.own, load_seats(replay.record, n))
    views = [("open", t(lang, "replay_open"))] + [
        (str(s), t(lang, "replay_seat_you" if ui.own and s == 0 else "replay_seat", name=name))
        for s, name in enumerate(names)
    ]
    current = "open" if ui.seat is None else str(ui.seat)
    buttons: list[El | None] = []
    if ui.controls:
        steps_ui = [
            ("⇤", "step-first", "step_first", step == 0),
            ("‹", "step-prev", "step_prev", step == 0),
            ("›", "step-next", "step_next", step >= steps),
            ("⇥", "step-last", "step_last", step >= steps),
        ]
        moves = [
            button(icon, ui=name, cls="btn step", aria_label=t(lang, label), disabled=off)
            for icon, name, label, off in steps_ui
        ]
        play = button(
            "❚❚" if ui.playing else "▶",
            ui="step-play",
            cls="btn step primary",
            aria_label=t(lang, "step_pause" if ui.playing else "step_play"),
            aria_pressed="true" if ui.playing else "false",
        )
        buttons = [
            *moves[:2],
            play,
            *moves[2:],
            el(
                "select",
                {"data-ui": "replay-view", "aria-label": t(lang, "replay_view")},
                [el("option", {"value": v, "selected": v == current}, label) for v, label in views],
                key="view",
            ),
            button(
                _labelled("≡", t(lang, "sheet")),
                ui="replay-sheet",
                cls="btn small",
                aria_label=t(lang, "sheet"),
            ),
            button(
                _labelled("⚖", t(lang, "analysis")),
                ui="analysis",
                cls="btn small",
                aria_label=t(lang, "analysis"),
                aria_pressed="true" if ui.analysis else "false",
            ),
            None
            if ui.embed and not ui.practice
            else button(
                _labelled("▷", t(lang, "practice_here")),
                ui="practice-here",
                cls="btn small",
                aria_label=t(lang, "practice_here"),
            ),
            None
            if ui.embed
            else button(
                _labelled("↻", t(lang, "practice_deal")),
                ui="practice-deal",
                cls="btn small",
                aria_label=t(lang, "practice_deal"),
            ),
            None
            if ui.embed
            else button(  # the deal editor, from this deal (app.editor.editor)
                _labelled("✎", t(lang, "editor.tool")),
                ui="editor",
                cls="btn small",
                aria_label=t(lang, "editor.tool"),
            ),
            None
            if ui.embed
            else button(t(lang, "replay_close"), ui="replay-close", cls="btn small"),
        ]
    analysis = analysis_section(lang, ui.analysis_rows if ui.analysis else None, ui.analysis_pct)
    return el(
        "section",
        {"class": "replay-bar", "aria-label": t(lang, "replay")},
        el(
            "p",
            {"class": "replay-where"},
            t(lang, "replay_where", deal=deal + 1, deals=replay.deals, step=step, steps=steps),
        ),
        el("p", {"class": "caption", "data-caption": "1"}, caption) if caption else None,
        fair_note(replay, lang) if ui.controls else None,
        el("div", {"class": "replay-buttons"}, buttons) if buttons else None,
        analysis,
        key="replay-bar",
    )
