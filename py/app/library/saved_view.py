"""Saved games and statistics as element trees (pure)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from app.library.saved import SavedGame
from app.shell.dom import El, el
from app.shell.i18n import MINUS, number, t
from app.table.view import button, dialog


def _date(ts: float) -> str:
    return time.strftime("%d.%m.%Y %H:%M", time.localtime(ts)) if ts else "—"


def games_dialog(
    lang: str,
    current: dict[str, Any],
    games: list[SavedGame],
    confirm: str = "",
    rules_name: Callable[[str], str] = str,
) -> El:
    """The game on the table, the games kept beside it, export, import and statistics.
    Names are worded now, in the page's language: a game by its date, its rules by
    ``rules_name`` of the rule set id it keeps."""
    rows = []
    for g in games:
        asking = confirm == g.id
        rows.append(
            el(
                "li",
                {"class": "saved-game"},
                el(
                    "div",
                    {"class": "game-name"},
                    el("b", {}, t(lang, "games_name", date=_date(g.date))),
                ),
                el(
                    "div",
                    {"class": "game-info"},
                    t(
                        lang,
                        "games_line",
                        players=g.players,
                        rules=rules_name(g.rules) if g.rules else "—",
                        scores=" / ".join(number(x) for x in g.totals),
                    ),
                ),
                el(
                    "div",
                    {"class": "row"},
                    button(
                        t(lang, "games_continue"),
                        ui="game-continue",
                        cls="btn primary",
                        data_game=g.id,
                    ),
                    button(t(lang, "replay"), ui="game-replay", cls="btn", data_game=g.id),
                    button(
                        t(lang, "games_delete_sure" if asking else "games_delete"),
                        ui="game-delete-sure" if asking else "game-delete",
                        cls="btn writeoff",
                        data_game=g.id,
                    ),
                ),
                key=g.id,
            )
        )
    body: list[El | None] = [
        el(
            "div",
            {"class": "current-game"},
            el("b", {}, t(lang, "games_current")),
            " ",
            t(
                lang,
                "games_line",
                players=current["players"],
                rules=current["rules"],
                scores=current["scores"],
            ),
        ),
        el("ul", {"class": "saved-games"}, rows) if rows else el("p", {}, t(lang, "games_none")),
        el(
            "div",
            {"class": "row io"},
            button(t(lang, "export"), ui="export", cls="btn"),
            el(
                "label",
                {"class": "btn file"},
                t(lang, "import"),
                el(
                    "input",
                    {
                        "type": "file",
                        "accept": ".json,application/json",
                        "data-ui": "import",
                        "class": "sr-only",
                    },
                ),
            ),
            button(t(lang, "stats"), ui="stats", cls="btn"),
        ),
    ]
    return dialog(
        "games",
        t(lang, "games"),
        body,
        [button(t(lang, "close"), ui="close", cls="btn", data_autofocus="1")],
        cls="wide games",
    )


def _head(lang: str, *columns: str) -> El:
    """A statistics table's head: an empty corner, then the columns' words."""
    return el(
        "thead",
        {},
        el("tr", {}, el("td", {}), [el("th", {"scope": "col"}, t(lang, c)) for c in columns]),
    )


def _per_deal(points: int, deals: int) -> str:
    """Points per deal as the statistics show them: +12.5, −3.0, — for no deal."""
    return f"{points / deals:+.1f}".replace("-", MINUS) if deals else "—"


def stats_dialog(lang: str, stats: dict[str, Any], confirm: bool = False) -> El:
    """What the player has done so far, kept in this browser."""
    tables = []
    for key in sorted(stats["tables"]):
        players, level = key.split("-", 1)
        row = stats["tables"][key]
        tables.append(
            el(
                "tr",
                {},
                el(
                    "th",
                    {"scope": "row"},
                    t(
                        lang,
                        "stats_table",
                        players=players,
                        level=t(lang, "level_" + level)
                        if level in ("easy", "normal", "strong", "people")
                        else level,
                    ),
                ),
                el("td", {}, str(row.get("games", 0))),
                el("td", {}, str(row.get("wins", 0))),
            )
        )
    deals = stats["deals"]
    avg = _per_deal(stats["points"], deals)
    made = f"{stats['made']} / {stats['declared']}"
    lines = [
        (t(lang, "stats_deals"), str(deals)),
        (t(lang, "stats_avg"), avg),
        (t(lang, "stats_made"), made),
        (t(lang, "stats_bolts"), str(stats["bolts"])),
        (t(lang, "stats_barrels"), str(stats["barrels"])),
        (t(lang, "stats_undos"), str(stats["undos"])),
    ]
    people = [
        el(
            "tr",
            {},
            el("th", {"scope": "row"}, name),  # a name is text, never markup
            el("td", {}, str(p.get("games", 0))),
            el("td", {}, str(p.get("wins", 0))),
            el("td", {}, _per_deal(p.get("points", 0), p.get("deals", 0))),
        )
        for name, p in sorted(stats.get("people", {}).items())
        if isinstance(p, dict)
    ]
    body = [
        el(
            "table",
            {"class": "stats-table"},
            _head(lang, "stats_games", "stats_wins"),
            el(
                "tbody",
                {},
                tables or [el("tr", {}, el("td", {"colspan": 3}, t(lang, "stats_none")))],
            ),
        ),
        el("dl", {"class": "stats-list"}, [[el("dt", {}, k), el("dd", {}, v)] for k, v in lines]),
        el(
            "table",
            {"class": "stats-table", "data-people": "1"},
            el(
                "caption",
                {},
                t(lang, "stats_people"),
            ),
            _head(lang, "stats_games", "stats_wins", "stats_avg"),
            el("tbody", {}, people),
        )
        if people
        else None,
    ]
    buttons = [
        button(
            t(lang, "stats_reset_sure" if confirm else "stats_reset"),
            ui="stats-reset-sure" if confirm else "stats-reset",
            cls="btn writeoff",
        ),
        button(t(lang, "close"), ui="close", cls="btn", data_autofocus="1"),
    ]
    return dialog("stats", t(lang, "stats"), body, buttons, cls="stats")
