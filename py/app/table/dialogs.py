"""The table's dialogs as element trees: deal summary, game over, score sheet,
new game, deal log and last trick. Pure functions of the view ``Model``.

Every dialog is an ``overlay`` holding one ``role="dialog"`` box with a title
(``aria-labelledby``) and its buttons; the first button marked
``data-autofocus`` gets the focus when it opens.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.shell.dom import El, el
from app.shell.i18n import number, reason, signed, t, tn, you_key
from app.table.events import Event, redeal_why
from app.table.session import LEVELS
from app.table.view import Model, button, card_face, card_text, dialog
from thousand.phase import Phase
from thousand.record import MAX_NAME
from thousand.scoring import round_points
from thousand.sheet import SheetRow, deal_no


def _mark(row: SheetRow, lang: str) -> tuple[str, str]:
    if row.kind == "writeoff":
        return "✍", t(lang, "writeoff_mark")
    if row.kind == "bomb":
        return "✸", t(lang, "bomb_mark")
    if row.made is False:
        return "✗", t(lang, "failed_mark")
    return "✓", t(lang, "made_mark")


def initials(names: Sequence[str]) -> tuple[str, ...]:
    """The shortest beginnings that tell the names apart (Вы, Во for Вы and Восток)."""
    out = []
    for name in names:
        k = 1
        while k < len(name) and any(o != name and o[:k] == name[:k] for o in names):
            k += 1
        out.append(name[:k])
    return tuple(out)


def redeal_text(m: Model, r: SheetRow) -> str:
    """A redeal's line on the sheet: who asked and why."""
    if r.asker < 0 or not r.why:
        return t(m.lang, "redealt")
    return t(
        m.lang,
        "sheet_redeal",
        name=m.names[r.asker],
        why=redeal_why(m.lang, r.why, m.scene.conventions),
    )


def sheet_table(m: Model, rows: Sequence[SheetRow] | None = None, replayable: bool = False) -> El:
    """The paper score sheet (*запись*): a row per deal, totals per seat, marks."""
    sc, lang = m.scene, m.lang
    n = sc.players
    rows = sc.sheet if rows is None else rows
    head = el(
        "tr",
        {},
        el("th", {"scope": "col", "class": "no"}, t(lang, "sheet_no")),
        el("th", {"scope": "col", "class": "what"}, t(lang, "sheet_contract")),
        [el("th", {"scope": "col", "class": "seat-col"}, m.names[s]) for s in range(n)],
    )
    body: list[El] = []
    short = initials(m.names)
    for r in rows:
        dealer = el(
            "span",
            {"class": "dealer", "title": f"{t(lang, 'sheet_dealer')}: {m.names[r.dealer]}"},
            short[r.dealer],
        )
        replay = (
            button(
                "▶",
                ui="replay-deal",
                cls="btn mini",
                data_deal=str(r.number),
                aria_label=t(lang, "replay_deal"),
            )
            if replayable and r.kind != "redeal"
            else None
        )
        if r.kind == "redeal":
            body.append(
                el(
                    "tr",
                    {"class": "redeal"},
                    el("td", {"class": "no"}, dealer),
                    el("td", {"colspan": n + 1, "class": "what"}, redeal_text(m, r)),
                    key=f"r{r.number}",
                )
            )
            continue
        num = el("td", {"class": "no"}, str(deal_no(rows, r.number)), dealer, replay)
        sign, word = _mark(r, lang)
        extra = (" ●" if r.dark else "") + (" ★" if r.golden else "")
        what = el(
            "td",
            {"class": "what"},
            el("span", {"class": "who"}, m.names[r.declarer or 0]),
            " ",
            el("b", {}, str(r.contract)),
            el(
                "span",
                {
                    "class": "mark " + ("ok" if sign == "✓" else "bad"),
                    "title": word,
                    "aria-label": word,
                },
                sign + extra,
            ),
        )
        cells = []
        for s in range(n):
            bolts = "|" * (r.bolts[s] if r.bolts else 0)
            barrel = r.barrel[s] if r.barrel else 0
            cells.append(
                el(
                    "td",
                    {"class": "seat-col"},
                    el("b", {"class": "total"}, number(r.totals[s])),
                    el("span", {"class": "delta"}, signed(r.deltas[s])),
                    el("span", {"class": "bolt", "title": t(lang, "bolt")}, bolts)
                    if bolts
                    else None,
                    el("span", {"class": "barrel-mark", "title": t(lang, "barrel")}, str(barrel))
                    if barrel
                    else None,
                )
            )
        body.append(el("tr", {}, num, what, cells, key=f"r{r.number}"))
        if r.penalties:
            pens = "; ".join(
                f"{m.names[p.seat]} {signed(p.amount)} ({reason(lang, p.reason)})"
                for p in r.penalties
            )
            body.append(
                el(
                    "tr",
                    {"class": "penalties"},
                    el("td", {}),
                    el("td", {"colspan": n + 1}, pens),
                    key=f"p{r.number}",
                )
            )
    if not body:
        body.append(
            el("tr", {}, el("td", {"colspan": n + 2, "class": "empty"}, t(lang, "sheet_empty")))
        )
    return el(
        "div",
        {"class": f"sheet sheet-{n}"},
        el("table", {"class": "sheet-table"}, el("thead", {}, head), el("tbody", {}, body)),
        key="sheet",
    )


def _points_cell(r: SheetRow, s: int) -> str:
    """A seat's points in the deal: cards + marriages = points (a dash: not played)."""
    if s >= len(r.points) or r.points[s] is None:
        return "—"
    cards = r.cards[s] if r.cards else r.points[s]
    marr = r.marriages[s] if r.marriages else 0
    return f"{cards} + {marr} = {r.points[s]}" if marr else str(r.points[s])


def _points_parts(text: str) -> list[El | str]:
    """The points cell as two unbreakable halves, "74 + 40" and "= 114": a narrow
    dialog puts the sum under the marriages instead of pushing the Total off."""
    sum_at = text.find(" = ")
    if sum_at < 0:
        return [text]
    return [
        el("span", {"class": "parts"}, text[:sum_at]),
        " ",
        el("span", {"class": "sum"}, text[sum_at + 1 :]),
    ]


def deal_notes(m: Model, r: SheetRow) -> list[str]:
    """The deal's result in a scorer's words: the declarer's margin, the rounding,
    the bolts, the penalties."""
    lang, n = m.lang, len(r.totals)
    d = r.declarer if r.declarer is not None else 0
    out: list[str] = []
    if r.kind == "play" and r.contract is not None and r.points and r.points[d] is not None:
        pts = r.points[d] or 0
        key = ("made_by" if pts > r.contract else "made_exact") if r.made else "failed_by"
        out.append(
            t(
                lang,
                key,
                points=tn(lang, "n_points", pts),
                contract=r.contract,
                over=pts - r.contract,
                short=r.contract - pts,
            )
        )
        conv = m.scene.conventions
        rounded = [
            f"{m.names[s]} {r.points[s]} → {round_points(conv, r.points[s] or 0)}"
            for s in range(n)
            if s != d
            and s < len(r.points)
            and r.points[s] is not None
            and round_points(conv, r.points[s] or 0) != r.points[s]
        ]
        if rounded:
            out.append(t(lang, "rounded_note", step=conv.round_to, list=", ".join(rounded)))
    for s in range(n):
        if r.bolts and r.bolts[s]:
            count = r.bolt_counts[s] if r.bolt_counts else 0
            count = count or 3  # the third bolt turned into its penalty
            key = you_key("bolt_note", s == addressed(m))
            out.append(t(lang, key, name=m.names[s], count=count))
    out += [
        f"{m.names[p.seat]}: {signed(p.amount)} ({reason(lang, p.reason)})" for p in r.penalties
    ]
    return out


def addressed(m: Model) -> int:
    """The seat the summary calls "you": the page's person, or none (-1) when several
    people pass the device round (the summary names each, as the table does)."""
    return m.human if m.people <= 1 or m.online else -1


def summary(
    m: Model, extra: Sequence[El | None] = (), practice: bool = False, analysis: bool = True
) -> El | None:
    """End of a deal: the verdict and its margin, each seat's tricks, points (cards +
    marriages), score and total, and the rounding, bolts and penalties in words.
    ``practice``: a deal that ends there (no replay, share or next deal); ``analysis``
    False: no Analysis button (the analysis is open by itself in ``extra``)."""
    r, lang = m.summary, m.lang
    if r is None or m.scene.phase is Phase.GAME_OVER or m.summary_hold:
        return None
    d = r.declarer if r.declarer is not None else 0
    name = m.names[d]
    key = {"writeoff": "wrote_off", "bomb": "bombed"}.get(r.kind) or (
        "made" if r.made else "failed"
    )
    verdict = t(lang, you_key(key, d == addressed(m)), name=name, contract=r.contract)
    rows = []
    for s in range(len(r.totals)):
        tricks = str(r.tricks[s]) if r.tricks and r.kind == "play" else ""
        bolt = t(lang, "bolt_now") if r.bolts and r.bolts[s] else ""
        # The bolt is a mark under the name, not a column of its own: five columns
        # fit a 320 px phone in every language.
        rows.append(
            el(
                "tr",
                {"class": "declarer" if s == d else None},
                el(
                    "th",
                    {"scope": "row"},
                    el("span", {"class": "name"}, m.names[s]),
                    el("span", {"class": "bolt"}, bolt) if bolt else None,
                ),
                el("td", {"class": "num"}, tricks),
                el("td", {"class": "num pts"}, _points_parts(_points_cell(r, s))),
                el("td", {"class": "num"}, signed(r.deltas[s])),
                el("td", {"class": "num"}, el("b", {}, number(r.totals[s]))),
            )
        )
    notes = [el("li", {}, x) for x in deal_notes(m, r)]
    table = el(
        "table",
        {"class": "summary-table"},
        el(
            "thead",
            {},
            el(
                "tr",
                {},
                el("td", {}),  # (the corner above the names: no header to read)
                el("th", {"scope": "col"}, t(lang, "sum_tricks")),
                el("th", {"scope": "col"}, t(lang, "points")),
                el("th", {"scope": "col"}, t(lang, "score")),
                el("th", {"scope": "col"}, t(lang, "total")),
            ),
        ),
        el("tbody", {}, rows),
    )
    ok = "made" if r.made else ("conceded" if r.kind == "writeoff" else "failed")
    return dialog(
        "summary",
        t(lang, "deal_over", n=deal_no(m.scene.sheet, r.number)),
        [
            el("p", {"class": "verdict"}, verdict),
            table,
            el("ul", {"class": "deal-notes"}, notes) if notes else None,
            *extra,
        ],
        ([button(t(lang, "analysis"), ui="analysis", cls="btn")] if analysis else [])
        if practice
        else [
            button(t(lang, "replay_deal"), ui="replay-deal", cls="btn", data_deal=str(r.number)),
            button(t(lang, "analysis"), ui="analysis", cls="btn"),
            button(t(lang, "share"), ui="share", cls="btn"),
            button(t(lang, "next_deal"), ui="next", cls="btn primary", data_autofocus="1"),
        ],
        cls="summary " + ok,
        rest=True,
    )


def game_over(m: Model, extra: Sequence[El | None] = ()) -> El | None:
    """Winner, final totals, the sheet and a new game."""
    sc, lang = m.scene, m.lang
    if sc.phase is not Phase.GAME_OVER:
        return None
    w = sc.winner if sc.winner is not None else 0
    title = t(lang, "you_won") if w == addressed(m) else t(lang, "winner", name=m.names[w])
    ranking = sorted(range(sc.players), key=lambda s: (s != w, -sc.seats[s].total))
    rows = [
        el("li", {}, f"{m.names[s]}: ", el("b", {}, number(sc.seats[s].total))) for s in ranking
    ]
    return dialog(
        "game-over",
        t(lang, "game_over"),
        [
            el("p", {"class": "verdict"}, title),
            el("ol", {"class": "ranking"}, rows),
            sheet_table(m),
            *extra,
        ],
        [
            button(t(lang, "replay_game"), ui="replay-game", cls="btn"),
            button(t(lang, "share"), ui="share", cls="btn"),
            button(t(lang, "new_game"), ui="new", cls="btn primary", data_autofocus="1"),
        ],
        cls="game-over wide",
        rest=True,
    )


def sheet_dialog(m: Model) -> El:
    """The score sheet on demand."""
    return dialog(
        "sheet",
        t(m.lang, "sheet"),
        [sheet_table(m, replayable=True)],
        [button(t(m.lang, "close"), ui="close", cls="btn", data_autofocus="1")],
        cls="wide",
    )


def log_dialog(
    m: Model,
    last: Sequence[tuple[int, int]] = (),
    winner: int = -1,
    seeds: Sequence[tuple[int, str, bool]] = (),
) -> El:
    """The last trick, then the deal so far event by event, tricks grouped; then the
    seal of this deal and the revealed seeds of the deals before it."""
    lang = m.lang
    items: list[El] = []
    trick_items: dict[int, list[Any]] = {}
    for e in m.events:
        if e.trick >= 0:
            trick_items.setdefault(e.trick, []).append(e)
            if len(trick_items[e.trick]) == 1:
                items.append(el("li", {"class": "trick-line"}, key=f"t{e.trick}"))
            continue
        items.append(el("li", {}, e.text(m.names, lang, m.human, m.scene.conventions)))
    # Fill each trick's line: "Trick 3: West A♠ · You 10♠ · East K♠ — West"
    out: list[El] = []
    for it in items:
        if it.key and it.key.startswith("t"):
            k = int(it.key[1:])
            evs: list[Event] = trick_items[k]
            parts: list[Any] = [el("b", {}, f"{t(lang, 'trick')} {k + 1}: ")]
            for e in evs:
                if e.key == "ev_play":
                    parts += [f"{m.names[e.seat]} ", card_text(e.cards[0], lang), " · "]
                elif e.key == "ev_trick":
                    parts = [*parts[:-1], " → ", m.names[e.seat]]
                else:
                    parts += [e.text(m.names, lang, m.human, m.scene.conventions), " "]
            if parts and parts[-1] == " · ":
                parts = parts[:-1]
            out.append(el("li", {"class": "trick-line"}, parts))
        else:
            out.append(it)
    lt = [
        el(
            "figure",
            {"class": "trick-card" + (" winner" if s == winner else "")},
            card_face(c, lang),
            el("figcaption", {}, m.names[s]),
        )
        for s, c in last
    ]
    return dialog(
        "log",
        t(lang, "log"),
        [
            el("h3", {}, t(lang, "last_trick")),
            el("div", {"class": "trick-row", "data-last-trick": "1"}, lt)
            if lt
            else el("p", {}, t(lang, "no_last_trick")),
            el("h3", {}, t(lang, "log_deal")),
            el("ol", {"class": "deal-log"}, out),
            fair_section(m, seeds),
        ],
        [button(t(lang, "close"), ui="close", cls="btn", data_autofocus="1")],
    )


#: How anyone checks a saved game's deals against their seals (``thousand.fair``).
VERIFY_COMMAND = "python -m thousand verify GAME.json"


def fair_section(m: Model, seeds: Sequence[tuple[int, str, bool]]) -> El | None:
    """This deal's commitment and the seeds of the finished deals, each checked."""
    lang = m.lang
    if not m.commitment and not seeds:
        return None
    rows: list[El] = []
    if m.commitment:
        rows.append(
            el(
                "li",
                {"data-commitment": m.commitment},
                t(lang, "fair_this_deal"),
                " ",
                el("code", {"class": "hash"}, m.commitment),
            )
        )
    for deal, seed, ok in seeds:
        rows.append(
            el(
                "li",
                {"data-seed": seed, "data-fair": "1" if ok else "0"},
                t(lang, "fair_seed", deal=deal),
                " ",
                el("code", {"class": "hash"}, seed),
                " ",
                el("b", {}, t(lang, "fair_ok" if ok else "fair_bad")),
            )
        )
    return el(
        "section",
        {"class": "fair", "data-fair-log": "1"},
        el("h3", {}, t(lang, "fair_title")),
        el("p", {}, t(lang, "fair_text", command=VERIFY_COMMAND)),
        el("ul", {"class": "fair-list"}, rows),
    )


def undo_consent(
    m: Model, asker: int, others: Sequence[int], allowed: Sequence[int], mine: int = -1
) -> El:
    """An undo waits for every other person to allow it: at this device (pass-and-play,
    ``mine`` -1: an Allow per person) or online (``mine``: the one seat this page
    answers for; the others answer on their own pages)."""
    lang = m.lang

    def answer(p: int) -> El:
        if p in allowed:
            return el("b", {}, t(lang, "undo_allowed"))
        if mine in (-1, p):
            return button(t(lang, "undo_allow"), ui="allow-undo", cls="btn", data_seat=str(p))
        return el("span", {"class": "waiting"}, t(lang, "undo_waiting"))

    rows = [el("li", {"class": "consent"}, el("span", {}, m.names[p]), answer(p)) for p in others]
    return dialog(
        "undo",
        t(lang, "undo_ask_title"),
        [
            el("p", {}, t(lang, "undo_ask", name=m.names[asker])),
            el("ul", {"class": "consents"}, rows),
        ],
        [
            button(
                t(lang, "undo_refuse"),
                ui="close" if mine == -1 else "refuse-undo",
                cls="btn",
                data_autofocus="1",
            )
        ],
        cls="undo-consent",
    )


def seats_fieldset(lang: str, setup: dict[str, Any]) -> El:
    """Who sits at each seat (``data-seat-kind``) and, for people, their names."""
    from app.table.seats import SETUP_KINDS

    players = setup.get("players", 3)
    kinds = setup.get("kinds", [])
    names = setup.get("names", [])
    rows = []
    for seat in range(players):
        kind = kinds[seat] if seat < len(kinds) else "normal"
        name = names[seat] if seat < len(names) else ""
        person = kind in ("human", "local")
        rows.append(
            el(
                "div",
                {"class": "seat-row" + (" person" if person else "")},
                el(
                    "span",
                    {
                        "class": "seat-no",
                        "title": t(lang, "seat_n", n=seat + 1),
                        "aria-hidden": "true",
                    },
                    str(seat + 1),
                ),
                el(
                    "select",
                    {
                        "data-setup": "kind",
                        "data-seat-kind": str(seat),
                        "aria-label": t(lang, "seat_kind", n=seat + 1),
                    },
                    [
                        el("option", {"value": k, "selected": k == kind}, t(lang, "kind_" + k))
                        for k in SETUP_KINDS
                    ],
                ),
                el(
                    "input",
                    {
                        "type": "text",
                        "data-setup": "name",
                        "data-seat-name": str(seat),
                        "maxlength": str(MAX_NAME),
                        "value": name,
                        "placeholder": t(lang, "player_n", n=seat + 1),
                        "aria-label": t(lang, "seat_name", n=seat + 1),
                        "autocomplete": "off",
                    },
                )
                if person
                else None,
                key=f"seat{seat}",
            )
        )
    return el(
        "fieldset",
        {"class": "seats"},
        el("legend", {}, t(lang, "seats")),
        rows,
    )


def new_game_dialog(
    m: Model, presets: Sequence[tuple[str, str]], extra: Sequence[El | None] = ()
) -> El:
    """Players, rules and the opponents' level; Start."""
    lang = m.lang
    setup = m.setup
    players = setup.get("players", 3)
    preset = setup.get("preset", "classic")
    level = setup.get("level", "normal")
    levels = setup.get("levels", LEVELS)

    def radios(name: str, values: Sequence[tuple[str, str]], chosen: str) -> El:
        return el(
            "div",
            {
                "class": "choices",
                "role": "radiogroup",
                "aria-label": t(lang, name if name != "players" else "players"),
            },
            [
                el(
                    "label",
                    {"class": "choice"},
                    el(
                        "input",
                        {
                            "type": "radio",
                            "name": "ng-" + name,
                            "value": v,
                            "checked": v == chosen,
                            "data-setup": name,
                        },
                    ),
                    el("span", {}, label),
                )
                for v, label in values
            ],
        )

    body = [
        el(
            "fieldset",
            {},
            el("legend", {}, t(lang, "players")),
            radios("players", [(str(n), str(n)) for n in (2, 3, 4)], str(players)),
        ),
        el(
            "fieldset",
            {},
            el("legend", {}, t(lang, "level")),
            radios("level", [(lv, t(lang, "level_" + lv)) for lv in levels], level),
        ),
        seats_fieldset(lang, setup),
        el(
            "label",
            {"class": "field"},
            el("span", {}, t(lang, "preset")),
            el(
                "select",
                {"data-setup": "preset", "id": "ng-preset"},
                [
                    el("option", {"value": p, "selected": p == preset}, label)
                    for p, label in presets
                ],
            ),
        ),
        button(t(lang, "edit_rules"), ui="rules", cls="btn"),
        *extra,
    ]
    return dialog(
        "new",
        t(lang, "new_game"),
        body,
        [
            button(t(lang, "start"), ui="start", cls="btn primary", data_autofocus="1"),
            button(t(lang, "close"), ui="close", cls="btn"),
        ],
        cls="new-game",
    )


def share_dialog(lang: str, link: str) -> El:
    """A link to the finished deals (never the deal in progress), ready to copy."""
    return dialog(
        "share",
        t(lang, "share"),
        [
            el("p", {}, t(lang, "share_text")),
            el(
                "input",
                {
                    "type": "text",
                    "readonly": True,
                    "value": link,
                    "data-share-link": "1",
                    "aria-label": t(lang, "share"),
                },
                key="link",
            ),
        ],
        [
            button(t(lang, "share_copy"), ui="copy-link", cls="btn primary", data_autofocus="1"),
            button(t(lang, "close"), ui="close", cls="btn"),
        ],
        cls="share",
    )
