"""The deal editor's dialog: a pure function of the ``Editor`` (``app.editor.editor``).

Laying out: the rules, the table size and the dealer, each hand and talon as a
target (``data-editor-target``) with its cards, the cards not placed yet, and the
layout's problems (``data-editor-problem``). Playing: every hand open, the talon
and the trick, the moves of the seat to act (its cards, then its other actions,
``data-editor-action``), who plays each seat, the steps and the caption of the
step shown. Published: the link, the snippets, the diagram and the record
(``data-publish``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from app.editor.editor import (
    AUTHOR,
    DECK,
    SEAT_KINDS,
    TALON,
    TALON2,
    Editor,
    Stage,
    allowed_players,
    error_text,
    problem_text,
    problems,
    state_at,
    target_name,
)
from app.replay.replay_view import replay_names, verdict
from app.shell.dom import El, el
from app.shell.i18n import card_name, number, t
from app.table.events import deal_events
from app.table.hint import action_title
from app.table.view import button, card_face, dialog
from thousand import actions as A
from thousand.cards import card_str
from thousand.phase import Phase
from thousand.record import MAX_NOTE_CHARS

if TYPE_CHECKING:
    from app.library.saved import RuleSet

#: A hand typed in engine notation, as the texts show it.
EXAMPLE = "AS TS KH"


def _names(ed: Editor, lang: str) -> tuple[str, ...]:
    return replay_names(ed.players, lang, own=False)


def _select(ui: str, label: str, options: Sequence[tuple[str, str, bool]], value: str) -> El:
    """A labelled select; options are (value, words, disabled)."""
    return el(
        "label",
        {"class": "field"},
        el("span", {}, label),
        el(
            "select",
            {"data-ui": ui},
            [
                el("option", {"value": v, "selected": v == value, "disabled": off}, words)
                for v, words, off in options
            ],
        ),
        key=ui,
    )


def settings(ed: Editor, lang: str, sets: Sequence[RuleSet]) -> El:
    """The rules, the number of players and the dealer."""
    from app.library.rules_view import set_name

    rules = [(s.id, set_name(s, lang), False) for s in sets]
    if not ed.rules:
        rules.insert(0, ("", t(lang, "editor.rules_record"), False))
    allowed = allowed_players(ed.conv)
    players = [(str(n), str(n), n not in allowed) for n in (2, 3, 4)]
    names = _names(ed, lang)
    dealers = [(str(s), names[s], False) for s in range(ed.players)]
    return el(
        "div",
        {"class": "ed-settings"},
        _select("editor-rules", t(lang, "editor.rules"), rules, ed.rules),
        _select("editor-players", t(lang, "editor.players"), players, str(ed.players)),
        _select("editor-dealer", t(lang, "dealer"), dealers, str(ed.layout.dealer)),
        key="settings",
    )


def _card(ed: Editor, card: int, lang: str) -> El:
    """A card to place: tap it, then its place."""
    chosen = card == ed.selected
    return el(
        "button",
        {
            "type": "button",
            "class": "ed-card selected" if chosen else "ed-card",
            "data-ui": "editor-card",
            "data-editor-card": card_str(card),
            "draggable": "true",
            "aria-pressed": "true" if chosen else "false",
            "aria-label": card_name(card, lang),
        },
        card_face(card, lang),
        key="c" + card_str(card),
    )


def _target(ed: Editor, target: str, lang: str, names: Sequence[str]) -> El:
    """A hand, a talon or the pile: its name and count, its cards, a tap puts the
    chosen card in it."""
    lay = ed.layout
    cards = tuple(sorted_cards(lay.cards(target)))
    name = target_name(target, names, lang, ed.players)
    if target == DECK:
        head = t(lang, "editor.deck_count", count=number(len(cards)))
    else:
        need = lay.need(target)
        head = t(lang, "editor.count", name=name, count=number(len(cards)), need=number(need))
        if target not in (TALON, TALON2) and int(target) == lay.dealer:
            head += " · " + t(lang, "dealer")
    ok = target == DECK or len(cards) == lay.need(target)
    typed = None
    if target != DECK:
        typed = el(
            "input",
            {
                "type": "text",
                "class": "ed-typed",
                "data-ui": "editor-cards",
                "data-target": target,
                "value": " ".join(card_str(c) for c in cards),
                "aria-label": t(lang, "editor.typed", name=name, example=EXAMPLE),
                "autocomplete": "off",
                "spellcheck": "false",
            },
            key="typed",
        )
    return el(
        "div",
        {
            "class": "ed-target" + ("" if ok else " wrong"),
            "data-ui": "editor-target",
            "data-editor-target": target,
        },
        button(
            head,
            ui="editor-target",
            cls="btn small ed-put",
            # the name holds the words the button shows (its count too)
            aria_label=t(lang, "editor.put", name=head),
        ),
        el("div", {"class": "ed-cards"}, [_card(ed, c, lang) for c in cards], key="cards"),
        typed,
        key="t-" + target,
    )


def layout_part(ed: Editor, lang: str) -> El:
    """The hands, the talon(s), the pile, the ways to fill them, the problems."""
    names = _names(ed, lang)
    targets = [_target(ed, x, lang, names) for x in ed.layout.targets()]
    found = problems(ed.layout)
    # read out as it changes: a live region around the list (a list keeps its role)
    listed = el(
        "div",
        {"role": "status"},
        el(
            "ul",
            {"class": "ed-problems"},
            [
                el(
                    "li",
                    {"data-editor-problem": p.kind.value},
                    problem_text(p, lang, names, ed.players),
                    key=f"p{i}",
                )
                for i, p in enumerate(found)
            ],
            key="list",
        ),
        key="problems",
    )
    return el(
        "div",
        {"class": "ed-layout"},
        el("p", {"class": "muted-dark"}, t(lang, "editor.how", example=EXAMPLE), key="how"),
        el(
            "div",
            {"class": "row ed-fill"},
            button(t(lang, "editor.random"), ui="editor-random", cls="btn"),
            button(t(lang, "editor.clear"), ui="editor-clear", cls="btn"),
            button(t(lang, "editor.from_game"), ui="editor-from-game", cls="btn"),
            key="fill",
        ),
        _target(ed, DECK, lang, names),  # the cards to place, then their places
        el("div", {"class": "ed-targets"}, targets, key="targets"),
        listed if found else None,
        el(
            "details",
            {"class": "ed-load"},
            el("summary", {}, t(lang, "editor.load")),
            el(
                "textarea",
                {
                    "data-ui": "editor-record",
                    "rows": "3",
                    "aria-label": t(lang, "editor.load"),
                    "spellcheck": "false",
                },
                key="text",
            ),
            button(t(lang, "editor.load_button"), ui="editor-load", cls="btn small"),
            key="load",
        ),
        key="layout",
    )


def _move_buttons(ed: Editor, lang: str, names: Sequence[str]) -> tuple[dict[int, str], list[El]]:
    """The moves at the step shown: a card's move by card (a marriage card declares),
    every other move as a worded button."""
    st = state_at(ed)
    if st.is_terminal() or st.n_rows > 0:
        return {}, []
    legal = st.legal_actions()
    by_card: dict[int, str] = {}
    others: list[El] = []
    for a in legal:
        if A.is_declare(a):
            by_card[A.played_card(a)] = A.action_str(a)
    for a in legal:
        if A.is_play(a) and not A.is_declare(a):
            card = A.played_card(a)
            if card not in by_card:
                by_card[card] = A.action_str(a)
                continue
        words = action_title(a, lang, names, st.conv)
        others.append(
            button(
                words,
                ui="editor-act",
                cls="btn small",
                data_editor_action=A.action_str(a),
            )
        )
    return by_card, others


def play_part(ed: Editor, lang: str) -> El:
    """Every hand open, the talon and the trick, the moves, who plays each seat,
    the steps and the caption."""
    st = state_at(ed)
    names = _names(ed, lang)
    by_card, others = _move_buttons(ed, lang, names)
    over = st.is_terminal() or st.n_rows > 0
    turn = -1 if over else st.current_player()
    # Once the deal is over the engine has dealt the next one: its cards are no part
    # of this deal, so the seats show none and the felt the deal's last trick.
    rows = []
    for s in range(ed.players):
        cards = []
        for c in [] if over else sorted_hand(st.hands[s]):
            if s == turn and c in by_card:
                cards.append(
                    el(
                        "button",
                        {
                            "type": "button",
                            "class": "ed-card legal",
                            "data-ui": "editor-act",
                            "data-editor-action": by_card[c],
                            "aria-label": card_name(c, lang),
                        },
                        card_face(c, lang),
                        key="c" + card_str(c),
                    )
                )
            else:
                cards.append(
                    el("span", {"class": "ed-card"}, card_face(c, lang), key="c" + card_str(c))
                )
        kinds = [
            (k, t(lang, "editor.kind_author") if k == AUTHOR else t(lang, "level_" + k), False)
            for k in SEAT_KINDS
        ]
        marks = []
        if s == ed.layout.dealer:  # this deal's dealer (at its end st holds the next one)
            marks.append(t(lang, "dealer"))
        if s == st.declarer and not over:
            marks.append(t(lang, "editor.declarer", points=number(st.contract or st.bid)))
        rows.append(
            el(
                "div",
                {"class": "ed-seat" + (" turn" if s == turn else ""), "data-seat": s},
                el(
                    "div",
                    {"class": "ed-seat-head"},
                    el("strong", {}, names[s]),
                    " · ".join(marks) if marks else None,
                    el(
                        "select",
                        {
                            "data-ui": "editor-seat",
                            "data-seat": s,
                            "aria-label": t(lang, "editor.who", name=names[s]),
                        },
                        [
                            el("option", {"value": v, "selected": v == ed.kinds[s]}, w)
                            for v, w, _ in kinds
                        ],
                        key="kind",
                    ),
                ),
                el("div", {"class": "ed-cards"}, cards, key="cards"),
                key=f"s{s}",
            )
        )
    talon = st.talons[0] | st.talons[1] if ed.players == 2 else st.talon
    table = []
    if talon and not over and st.phase in (Phase.DARK, Phase.REDEAL, Phase.BIDDING, Phase.PICK):
        table.append(
            el(
                "div",
                {"class": "ed-table"},
                el("span", {}, t(lang, "talon")),
                [el("span", {"class": "ed-card"}, card_face(c, lang)) for c in sorted_hand(talon)],
                key="talon",
            )
        )
    last = st.log[0]["tricks"][-1][1] if over and st.log and st.log[0]["tricks"] else ()
    shown = tuple(c for _, c in last) if over else tuple(st.trick)
    if shown:
        table.append(
            el(
                "div",
                {"class": "ed-table"},
                el("span", {}, t(lang, "editor.trick")),
                [el("span", {"class": "ed-card"}, card_face(c, lang)) for c in shown],
                key="trick",
            )
        )
    said = ""
    if over and st.rows:
        row = next((r for r in st.rows if r.kind != "redeal"), None)
        said = verdict(row, names, lang) if row is not None else t(lang, "editor.redealt")
    elif ed.step > 0:
        viewer = st.declarer if st.declarer >= 0 else 0
        events = deal_events(st.observation(viewer))
        if events:
            said = events[-1].text(names, lang, conv=st.conv)
    status = t(lang, "editor.to_move", name=names[turn]) if turn >= 0 else t(lang, "editor.over")
    n = len(ed.actions)
    steps = [
        ("⇤", "editor-first", "step_first", ed.step == 0),
        ("‹", "editor-prev", "step_prev", ed.step == 0),
        ("›", "editor-next", "step_next", ed.step >= n),
        ("⇥", "editor-last", "step_last", ed.step >= n),
    ]
    nav = el(
        "div",
        {"class": "row ed-steps"},
        [
            button(icon, ui=ui, cls="btn step", aria_label=t(lang, label), disabled=off)
            for icon, ui, label, off in steps
        ],
        el(
            "span",
            {"class": "ed-step", "data-editor-step": ed.step},
            t(lang, "editor.step", step=number(ed.step), of=number(n)),
        ),
        key="steps",
    )
    return el(
        "div",
        {"class": "ed-play"},
        el("p", {"class": "ed-said", "aria-live": "polite"}, said, key="said"),
        el("p", {"class": "verdict"}, status, key="status"),
        el("div", {"class": "row ed-moves"}, others, key="moves") if others else None,
        el("div", {"class": "ed-seats"}, rows, key="seats"),
        table,
        nav,
        el(
            "label",
            {"class": "field ed-caption"},
            el("span", {}, t(lang, "editor.caption", step=number(ed.step))),
            el(
                "input",
                {
                    "type": "text",
                    "data-ui": "editor-caption",
                    "maxlength": MAX_NOTE_CHARS,
                    "value": ed.note(ed.step),
                    "placeholder": t(lang, "editor.caption_hint"),
                },
                key="caption",
            ),
            key="caption",
        ),
        key="play",
    )


def sorted_hand(mask: int) -> list[int]:
    """A hand's cards by suit, the strongest first."""
    from thousand.cards import iter_cards

    return sorted_cards(iter_cards(mask))


def sorted_cards(cards: Iterable[int]) -> list[int]:
    """Cards by suit (♠ ♣ ♦ ♥), the strongest first in each."""
    return sorted(cards, key=lambda c: (c // 6, -(c % 6)))


def publish_part(ed: Editor, lang: str) -> El | None:
    """What *Publish* made: each output ready to copy, the files to download."""
    p = ed.published
    if p is None:
        return None
    outs = [
        ("link", "editor.out_link", False, ""),
        ("iframe", "editor.out_iframe", False, "<iframe>"),
        ("element", "editor.out_element", False, "<thousand-deal>"),
        ("svg", "editor.out_svg", True, "SVG"),
        ("record", "editor.out_record", True, ""),
    ]
    parts = []
    text = {"link": p.link, "iframe": p.iframe, "element": p.element, "svg": p.svg}
    text["record"] = p.record
    for what, key, download, tag in outs:
        label = t(lang, key, tag=tag) if tag else t(lang, key)
        parts.append(
            el(
                "div",
                {"class": "ed-out"},
                el("span", {"class": "ed-out-label"}, label),
                el(
                    "textarea",
                    {
                        "readonly": True,
                        "rows": "1" if what == "link" else "3",
                        "data-publish": what,
                        "aria-label": label,
                        "spellcheck": "false",
                    },
                    text[what],
                    key="text",
                ),
                el(
                    "div",
                    {"class": "row"},
                    button(
                        t(lang, "editor.copy"),
                        ui="editor-copy",
                        cls="btn small",
                        data_what=what,
                    ),
                    button(
                        t(lang, "editor.download"),
                        ui="editor-download",
                        cls="btn small",
                        data_what=what,
                    )
                    if download
                    else None,
                ),
                key="o-" + what,
            )
        )
    return el(
        "section",
        {"class": "ed-published", "data-published": p.step},
        el("h3", {}, t(lang, "editor.published", step=number(p.step))),
        parts,
        key="published",
    )


def editor_dialog(ed: Editor, lang: str, sets: Sequence[RuleSet]) -> El:
    """The deal editor as a dialog."""
    found = problems(ed.layout)
    err = error_text(ed, lang)
    body: list[El | None] = [
        settings(ed, lang, sets),
        el("p", {"class": "notice error ed-error", "role": "alert"}, err, key="error")
        if err
        else None,
        publish_part(ed, lang),  # first: in view at once, gone with the next change
        layout_part(ed, lang) if ed.stage is Stage.LAYOUT else play_part(ed, lang),
    ]
    buttons = [
        button(t(lang, "editor.play"), ui="editor-play", cls="btn", disabled=bool(found))
        if ed.stage is Stage.LAYOUT
        else button(t(lang, "editor.back"), ui="editor-layout", cls="btn"),
        button(
            t(lang, "editor.publish"),
            ui="editor-publish",
            cls="btn primary",
            disabled=bool(found),
        ),
        button(t(lang, "close"), ui="close", cls="btn", data_autofocus="1"),
    ]
    return dialog("editor", t(lang, "editor.title"), body, buttons, cls="editor")
