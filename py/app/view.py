"""The card table as markup: a pure function of the human's observation.

``render_table(model)`` returns the inner HTML of ``#table`` (HTML with inline
SVG cards drawn from the ``cards_svg/cards.svg`` sprite). Every text that
could come from outside (names, messages) goes through ``html.escape``; cards
and actions are engine notation. No DOM, no PyScript: tested in CPython.

Automation contract (kept stable, see the README): each of the human's cards
is a button with ``data-card`` (``QS``) and ``data-legal="1"`` when it may be
chosen now; every action button has ``data-action`` holding the engine
notation of its action; table-level buttons have ``data-ui`` (``next``,
``new``, ``start``, ``lang``, ``sheet``, ``last-trick``, ``close``, ``hint``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from thousand import actions as A
from thousand.cards import MARRIAGE_VALUE, SUIT_SYMBOLS, card_str, iter_cards
from thousand.sheet import SheetRow
from thousand.state import Observation, Phase

from .i18n import SUIT_NAMES, reason, t

SPRITE = "cards_svg/cards.svg"
RED_SUITS = (2, 3)


def ui_phase(obs: Observation, summary: bool) -> str:
    """The ``data-phase`` of the table for an observation."""
    if obs.phase is Phase.GAME_OVER:
        return "game-over"
    if summary:
        return "deal-end"
    return {
        Phase.DARK: "bidding",
        Phase.REDEAL: "bidding",
        Phase.BIDDING: "bidding",
        Phase.PICK: "discard",
        Phase.DISCARD: "discard",
        Phase.CONTRACT: "contract",
        Phase.PLAY: "play",
    }[obs.phase]


@dataclass
class TableModel:
    """Everything the table shows besides the observation itself."""

    obs: Observation
    lang: str = "en"
    names: list[str] = field(default_factory=list)
    levels: list[str] = field(default_factory=list)
    selected: int = -1  # discard: the card chosen before its recipient
    hold_trick: tuple[tuple[int, int], ...] = ()  # a finished trick kept on show
    hold_winner: int = -1
    summary: SheetRow | None = None
    show_sheet: bool = False
    show_last_trick: tuple[tuple[int, int], ...] = ()
    show_new_game: bool = False
    thinking: int = -1
    message: str = ""
    hint: list[tuple[str, str]] = field(default_factory=list)
    setup: dict[str, Any] = field(default_factory=dict)


def seat_positions(n: int, human: int) -> dict[int, str]:
    """Where each seat sits on screen: the human at the bottom, clockwise from there."""
    order = {
        2: ["bottom", "top"],
        3: ["bottom", "left", "right"],
        4: ["bottom", "left", "top", "right"],
    }[n]
    return {(human + i) % n: pos for i, pos in enumerate(order)}


def default_names(n: int, human: int, lang: str) -> list[str]:
    """You, West, (North), East by position."""
    key = {"bottom": "you", "left": "west", "top": "north", "right": "east"}
    pos = seat_positions(n, human)
    return [t(lang, key[pos[s]]) for s in range(n)]


def card_svg(card: int | None, cls: str = "card") -> str:
    """One card (or a back when ``card`` is None) as inline SVG using the sprite."""
    ref = "card-back" if card is None else "card-" + card_str(card)
    label = "" if card is None else f' aria-label="{card_str(card)}" role="img"'
    return f'<svg class="{cls}" viewBox="0 0 250 350"{label}><use href="{SPRITE}#{ref}"/></svg>'


def sort_hand(hand: int, trump: int) -> list[int]:
    """Cards by suit (trump first, colours alternating), high to low inside a suit."""
    order = [0, 3, 1, 2]  # ♠ ♥ ♣ ♦
    if trump >= 0:
        order.remove(trump)
        order.insert(0, trump)
    out: list[int] = []
    for s in order:
        out.extend(sorted((c for c in iter_cards(hand) if c // 6 == s), reverse=True))
    return out


def suit_html(suit: int) -> str:
    """A suit symbol coloured by suit."""
    red = " red" if suit in RED_SUITS else ""
    return f'<span class="suit{red}">{SUIT_SYMBOLS[suit]}</span>'


def _btn(
    label: str, action: int | None = None, ui: str = "", cls: str = "btn", extra: str = ""
) -> str:
    attrs = ""
    if action is not None:
        attrs += f' data-action="{escape(A.action_str(action))}"'
    if ui:
        attrs += f' data-ui="{escape(ui)}"'
    return f'<button type="button" class="{cls}"{attrs}{extra}>{label}</button>'


def _bid_label(obs: Observation, seat: int) -> str:
    """What a seat said last in the auction."""
    last = ""
    for s, a in obs.bids:
        if s != seat:
            continue
        if a == A.PASS:
            last = "pass"
        elif a == A.DARK:
            last = "120 ●"
        elif a == A.UNBLIND:
            last = "125"
        elif A.BID_BASE <= a < A.CONTRACT_BASE:
            last = str(A.action_value(a))
    return last


def between_deals(m: TableModel) -> bool:
    """The deal summary is up: the engine has dealt the next deal already, but its
    cards, turn and talon stay hidden until the player moves on."""
    return m.summary is not None and m.obs.phase is not Phase.GAME_OVER


def render_seat(m: TableModel, seat: int, pos: str) -> str:
    """An opponent's (or the human's) nameplate and hand."""
    obs, lang = m.obs, m.lang
    between = between_deals(m)
    name = escape(m.names[seat])
    tags = []
    if seat == obs.dealer:
        tags.append(f'<span class="tag dealer" title="{t(lang, "dealer")}">D</span>')
    if seat == obs.declarer:
        tags.append(f'<span class="tag declarer">{t(lang, "declarer")} {obs.contract}</span>')
    elif obs.declarer < 0:
        said = _bid_label(obs, seat)
        if said:
            word = t(lang, "passed") if said == "pass" else said
            tags.append(f'<span class="tag bid">{escape(word)}</span>')
    if obs.players == 4 and seat == obs.dealer:
        tags.append(f'<span class="tag">{t(lang, "on_talon")}</span>')
    marks = "|" * obs.bolt_counts[seat]
    if marks:
        tags.append(f'<span class="tag bolts" title="{t(lang, "bolt")}">{marks}</span>')
    if obs.on_barrel[seat]:
        tags.append(f'<span class="tag barrel">{t(lang, "barrel")} {obs.on_barrel[seat]}</span>')
    turn = (
        " turn"
        if obs.current_player == seat and obs.phase is not Phase.GAME_OVER and not between
        else ""
    )
    think = ' <span class="thinking">…</span>' if m.thinking == seat else ""
    won = obs.tricks_won[seat]
    plate = (
        f'<div class="nameplate{turn}"><span class="name">{name}</span>{think}'
        f'<span class="total">{obs.totals[seat]}</span>{"".join(tags)}'
        f'<span class="tricks" title="{t(lang, "trick")}">{"▪" * won}</span></div>'
    )
    if pos == "bottom":
        return (
            f'<section class="seat seat-bottom" data-seat="{seat}">'
            f"{render_own_hand(m)}{plate}</section>"
        )
    count = 0 if between else obs.hand_sizes[seat]
    backs = "".join(card_svg(None) for _ in range(count))
    return (
        f'<section class="seat seat-{pos}" data-seat="{seat}">{plate}'
        f'<div class="hand hand-closed" data-count="{count}">{backs}</div></section>'
    )


def _selectable(obs: Observation) -> set[int]:
    """Cards the human may click now."""
    legal = obs.legal_actions
    if not legal:
        return set()
    if obs.phase is Phase.PLAY:
        return {a if a < A.DECLARE_BASE else a - A.DECLARE_BASE for a in legal if a < A.GIVE_BASE}
    if obs.phase is Phase.DISCARD:
        return {A.action_card(a) for a in legal if A.GIVE_BASE <= a < A.ASIDE_BASE + 24}
    return set()


def render_own_hand(m: TableModel) -> str:
    """The human's cards as buttons (the automation contract's ``data-card``)."""
    obs = m.obs
    if between_deals(m):
        return '<div class="hand hand-own"></div>'
    ok = _selectable(obs)
    received = {c for _, c in obs.received}
    if obs.seat == obs.declarer and obs.talon and obs.phase in (Phase.DISCARD, Phase.CONTRACT):
        received |= set(iter_cards(obs.talon & obs.hand))  # the talon's cards, marked in hand
    parts = []
    if not obs.looked:
        backs = "".join(card_svg(None) for _ in range(obs.hand_sizes[obs.seat]))
        return f'<div class="hand hand-own">{backs}</div>'
    for c in sort_hand(obs.hand, obs.trump):
        cls = "card-btn"
        attrs = f' data-card="{card_str(c)}"'
        if c in ok:
            cls += " legal"
            attrs += ' data-legal="1"'
        elif ok:
            attrs += ' disabled aria-disabled="true"'  # only while cards are being chosen
        if c == m.selected:
            cls += " selected"
        if c in received:
            cls += " received"
        parts.append(f'<button type="button" class="{cls}"{attrs}>{card_svg(c)}</button>')
    return f'<div class="hand hand-own">{"".join(parts)}</div>'


def render_center(m: TableModel) -> str:
    """Talon, trick, trump and contract in the middle of the table."""
    obs, lang = m.obs, m.lang
    pos = seat_positions(obs.players, obs.seat)
    parts = []
    if between_deals(m):
        return '<section class="center"></section>'
    # Talon: faces when this seat may see it, backs while it lies on the table.
    talon_html = ""
    if obs.declarer < 0 and obs.phase in (Phase.DARK, Phase.REDEAL, Phase.BIDDING, Phase.PICK):
        if obs.players == 2:
            piles = []
            for _i in range(2):
                backs = card_svg(None) + card_svg(None)
                piles.append(f'<div class="pile">{backs}</div>')
            talon_html = "".join(piles)
        else:
            talon_html = "".join(card_svg(None) for _ in range(obs.talon_size))
    elif obs.talon is not None and obs.phase in (Phase.DISCARD, Phase.CONTRACT):
        talon_html = "".join(card_svg(c) for c in iter_cards(obs.talon))
    if talon_html:
        parts.append(
            f'<div class="talon" aria-label="{t(lang, "talon")}">'
            f'<div class="label">{t(lang, "talon")}</div>{talon_html}</div>'
        )
    trick = obs.trick or m.hold_trick
    if trick:
        cards = []
        for seat, c in trick:
            win = " winner" if (not obs.trick and seat == m.hold_winner) else ""
            cards.append(
                f'<div class="trick-card at-{pos[seat]}{win}" data-seat="{seat}">'
                f"{card_svg(c)}</div>"
            )
        parts.append(f'<div class="trick" aria-label="{t(lang, "trick")}">{"".join(cards)}</div>')
    info = []
    if obs.trump >= 0:
        info.append(f'<span class="trump">{t(lang, "trump")}: {suit_html(obs.trump)}</span>')
    elif obs.phase is Phase.PLAY:
        info.append(f'<span class="trump">{t(lang, "no_trump")}</span>')
    if obs.declarer >= 0:
        extra = []
        if obs.dark:
            extra.append(t(lang, "dark_game"))
        if obs.golden:
            extra.append(t(lang, "golden"))
        if obs.on_100:
            extra.append(t(lang, "on_100"))
        ex = f' <span class="muted">({", ".join(extra)})</span>' if extra else ""
        info.append(
            f'<span class="contract">{t(lang, "contract")}: '
            f"{escape(m.names[obs.declarer])} {obs.contract}{ex}</span>"
        )
    elif obs.phase is Phase.BIDDING:
        info.append(f'<span class="contract">{t(lang, "bid")}: {obs.high_bid}</span>')
    if info:
        parts.append(f'<div class="info">{"".join(info)}</div>')
    return f'<section class="center">{"".join(parts)}</section>'


def _prompt(m: TableModel) -> str:
    obs, lang = m.obs, m.lang
    if not obs.legal_actions:
        if m.thinking >= 0:
            return t(lang, "waiting", name=m.names[m.thinking])
        return ""
    ph = obs.phase
    if ph is Phase.DARK:
        return t(lang, "dark_prompt")
    if ph is Phase.REDEAL:
        return t(lang, "redeal_prompt")
    if ph is Phase.BIDDING:
        return t(lang, "bidding_prompt", high=obs.high_bid)
    if ph is Phase.PICK:
        return t(lang, "pick_prompt")
    if ph is Phase.DISCARD:
        return t(lang, "choose_card_aside" if obs.players == 2 else "choose_card_give")
    if ph is Phase.CONTRACT:
        return t(lang, "choose_contract")
    return t(lang, "play_card")


def render_controls(m: TableModel) -> str:
    """The action buttons for the human's turn (``data-action`` in engine notation)."""
    obs, lang = m.obs, m.lang
    legal = obs.legal_actions
    buttons: list[str] = []
    for a in legal:
        if a == A.PASS:
            buttons.append(_btn(t(lang, "pass"), a, cls="btn pass"))
        elif A.BID_BASE <= a < A.CONTRACT_BASE:
            buttons.append(_btn(str(A.action_value(a)), a, cls="btn bid"))
        elif A.CONTRACT_BASE <= a < A.PASS:
            buttons.append(
                _btn(t(lang, "contract_btn", value=A.action_value(a)), a, cls="btn contract")
            )
        elif a in (A.REDEAL, A.KEEP, A.DARK, A.LOOK, A.UNBLIND, A.WRITEOFF):
            key = {
                A.REDEAL: "redeal",
                A.KEEP: "keep",
                A.DARK: "dark",
                A.LOOK: "look",
                A.UNBLIND: "unblind",
                A.WRITEOFF: "writeoff",
            }[a]
            buttons.append(_btn(t(lang, key), a, cls="btn " + key))
        elif a in (A.PICK_BASE, A.PICK_BASE + 1):
            buttons.append(_btn(t(lang, "pick", n=a - A.PICK_BASE + 1), a, cls="btn pick"))
        elif A.DECLARE_BASE <= a < A.GIVE_BASE:
            c = a - A.DECLARE_BASE
            if c % 6 == 5:
                label = t(lang, "declare_aces")
            else:
                label = t(
                    lang,
                    "declare",
                    suit=SUIT_NAMES.get(lang, SUIT_NAMES["en"])[c // 6],
                    value=MARRIAGE_VALUE[c // 6],
                )
            buttons.append(_btn(f"{label} ({card_str(c)})", a, cls="btn declare"))
        elif A.GIVE_BASE <= a < A.ASIDE_BASE + 24 and A.action_card(a) == m.selected:
            card = _card_label(m.selected)
            if a >= A.ASIDE_BASE:
                label = t(lang, "aside", card=card)
            else:
                label = t(lang, "give_to", card=card, name=escape(m.names[(a - A.GIVE_BASE) % 4]))
            buttons.append(_btn(label, a, cls="btn give"))
    prompt = _prompt(m)
    hint = ""
    if m.hint:
        rows = "".join(f"<li><b>{escape(a)}</b> {escape(v)}</li>" for a, v in m.hint)
        hint = f'<ol class="hint-list">{rows}</ol>'
    hint_btn = _btn(t(lang, "hint"), ui="hint", cls="btn small") if legal else ""
    return (
        f'<section class="controls" aria-live="polite"><p class="prompt">{escape(prompt)}'
        f'</p><div class="actions">{"".join(buttons)}</div>{hint_btn}{hint}</section>'
    )


def _card_label(card: int) -> str:
    return card_str(card)[0].replace("T", "10") + suit_html(card // 6)


def render_toolbar(m: TableModel) -> str:
    """Title, language, sheet, last trick, new game."""
    lang = m.lang
    return (
        f'<header class="toolbar"><h1 class="title">1000 <span lang="ru">Тысяча</span></h1>'
        f'<div class="tools">'
        f"{_btn(t(lang, 'last_trick'), ui='last-trick', cls='btn small')}"
        f"{_btn(t(lang, 'sheet'), ui='sheet', cls='btn small')}"
        f"{_btn(t(lang, 'new_game'), ui='new', cls='btn small')}"
        f"{_btn(t(lang, 'lang'), ui='lang', cls='btn small lang')}</div></header>"
    )


def render_sheet(m: TableModel) -> str:
    """The paper score sheet: a row per deal, totals per seat, bolts, barrel, penalties."""
    obs, lang = m.obs, m.lang
    n = obs.players
    head = "".join(f'<th scope="col">{escape(m.names[s])}</th>' for s in range(n))
    rows = []
    for r in obs.sheet:
        if r.kind == "redeal":
            rows.append(
                f'<tr class="redeal"><td>{r.number}</td><td>{escape(m.names[r.dealer])}'
                f'</td><td colspan="{n + 1}">{t(lang, "redealt")}</td></tr>'
            )
            continue
        what = f"{escape(m.names[r.declarer or 0])} {r.contract}"
        if r.kind == "writeoff":
            what += " ✍"
        elif r.made is False:
            what += " ✗"
        else:
            what += " ✓"
        if r.dark:
            what += " ●"
        if r.golden:
            what += " ★"
        cells = []
        for s in range(n):
            marks = "|" * (r.bolts[s] if r.bolts else 0)
            barrel = (
                f' <span class="barrel-mark" title="{t(lang, "barrel")}">{r.barrel[s]}</span>'
                if r.barrel and r.barrel[s]
                else ""
            )
            cells.append(
                f'<td><span class="delta">{r.deltas[s]:+d}</span> '
                f'<b>{r.totals[s]}</b><span class="bolt">{marks}</span>{barrel}</td>'
            )
        pens = "; ".join(
            f"{escape(m.names[p.seat])} {p.amount:+d} {escape(reason(lang, p.reason))}"
            for p in r.penalties
        )
        pen_row = (
            f'<tr class="penalties"><td></td><td colspan="{n + 2}">{pens}</td></tr>' if pens else ""
        )
        rows.append(
            f"<tr><td>{r.number}</td><td>{escape(m.names[r.dealer])}</td>"
            f"<td>{what}</td>{''.join(cells)}</tr>{pen_row}"
        )
    body = "".join(rows) or f'<tr><td colspan="{n + 3}">—</td></tr>'
    return (
        f'<div class="sheet"><table class="sheet-table"><thead><tr><th>#</th>'
        f"<th>{t(lang, 'dl')}</th><th>{t(lang, 'contract')}</th>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table></div>"
    )


def render_summary(m: TableModel) -> str:
    """End-of-deal summary: points, contract made or failed, bolts, barrel."""
    r, lang = m.summary, m.lang
    if r is None:
        return ""
    d = r.declarer if r.declarer is not None else 0
    name = escape(m.names[d])
    if r.kind == "writeoff":
        verdict = t(lang, "wrote_off", name=name, contract=r.contract)
    elif r.made:
        verdict = t(lang, "made", name=name, contract=r.contract)
    else:
        verdict = t(lang, "failed", name=name, contract=r.contract)
    rows = []
    for s in range(len(r.totals)):
        pts = "—" if s >= len(r.points) or r.points[s] is None else str(r.points[s])
        bolt = "|" * r.bolts[s] if r.bolts and r.bolts[s] else ""
        rows.append(
            f'<tr><th scope="row">{escape(m.names[s])}</th><td>{pts}</td>'
            f"<td>{r.deltas[s]:+d}</td><td><b>{r.totals[s]}</b></td>"
            f'<td class="bolt">{bolt}</td></tr>'
        )
    pens = "".join(
        f"<li>{escape(m.names[p.seat])}: {p.amount:+d} ({escape(reason(lang, p.reason))})</li>"
        for p in r.penalties
    )
    pen_html = f'<ul class="penalties">{pens}</ul>' if pens else ""
    ok = "made" if r.made else "failed"
    return (
        f'<div class="overlay"><div class="dialog summary {ok}" role="dialog">'
        f'<h2>{t(lang, "deal_over", n=r.number)}</h2><p class="verdict">{verdict}</p>'
        f"<table><thead><tr><th></th><th>{t(lang, 'points')}</th>"
        f"<th>{t(lang, 'score')}</th><th>{t(lang, 'total')}</th><th></th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>{pen_html}"
        f"{_btn(t(lang, 'next_deal'), ui='next', cls='btn primary')}</div></div>"
    )


def render_game_over(m: TableModel) -> str:
    """Winner, final totals and a new game."""
    obs, lang = m.obs, m.lang
    w = obs.winner if obs.winner is not None else 0
    title = t(lang, "you_won") if w == obs.seat else t(lang, "winner", name=m.names[w])
    # The engine's winner first (its tie rule), then by total.
    ranking = sorted(range(obs.players), key=lambda s: (s != w, -obs.totals[s]))
    rows = "".join(f"<li>{escape(m.names[s])}: <b>{obs.totals[s]}</b></li>" for s in ranking)
    return (
        f'<div class="overlay"><div class="dialog game-over" role="dialog">'
        f'<h2>{t(lang, "game_over")}</h2><p class="verdict">{escape(title)}</p>'
        f'<ol class="ranking">{rows}</ol>{render_sheet(m)}'
        f"{_btn(t(lang, 'new_game'), ui='new', cls='btn primary')}</div></div>"
    )


def render_new_game(m: TableModel) -> str:
    """The new-game dialog: players, rules preset, opponents' levels."""
    lang = m.lang
    setup = m.setup
    players = setup.get("players", 3)
    preset = setup.get("preset", "classic")
    level = setup.get("level", "easy")
    popts = "".join(
        f'<option value="{n}"{" selected" if n == players else ""}>{n}</option>' for n in (2, 3, 4)
    )
    presets = ("classic", "strict", "family", "golden_dark")
    ropts = "".join(
        f'<option value="{p}"{" selected" if p == preset else ""}>{t(lang, "preset_" + p)}</option>'
        for p in presets
    )
    lopts = "".join(
        f'<option value="{lv}"{" selected" if lv == level else ""}>{lv}</option>'
        for lv in setup.get("levels", ("easy",))
    )
    return (
        f'<div class="overlay"><form class="dialog new-game" role="dialog">'
        f"<h2>{t(lang, 'new_game')}</h2>"
        f'<label>{t(lang, "players")} <select name="players" id="ng-players">{popts}'
        f"</select></label>"
        f'<label>{t(lang, "preset")} <select name="preset" id="ng-preset">{ropts}'
        f"</select></label>"
        f'<label>{t(lang, "level")} <select name="level" id="ng-level">{lopts}'
        f"</select></label>"
        f'<div class="row">{_btn(t(lang, "start"), ui="start", cls="btn primary")}'
        f"{_btn(t(lang, 'close'), ui='close', cls='btn')}</div></form></div>"
    )


def render_table(m: TableModel) -> str:
    """The whole table's inner HTML."""
    obs = m.obs
    if not m.names:
        m.names = default_names(obs.players, obs.seat, m.lang)
    pos = seat_positions(obs.players, obs.seat)
    seats = "".join(render_seat(m, s, pos[s]) for s in range(obs.players) if s != obs.seat)
    parts = [
        render_toolbar(m),
        seats,
        render_center(m),
        render_seat(m, obs.seat, "bottom"),
        render_controls(m),
    ]
    if m.message:
        parts.append(
            f'<div class="message" role="status">{escape(m.message)}'
            f"{_btn('×', ui='dismiss', cls='btn small')}</div>"
        )
    if m.show_last_trick:
        trick = "".join(
            f'<div class="trick-card">{card_svg(c)}<span>{escape(m.names[s])}</span></div>'
            for s, c in m.show_last_trick
        )
        parts.append(
            f'<div class="overlay"><div class="dialog last-trick" role="dialog">'
            f'<h2>{t(m.lang, "last_trick")}</h2><div class="trick-row">{trick}</div>'
            f"{_btn(t(m.lang, 'close'), ui='close', cls='btn')}</div></div>"
        )
    if m.show_sheet:
        parts.append(
            f'<div class="overlay"><div class="dialog sheet-dialog" role="dialog">'
            f"<h2>{t(m.lang, 'sheet')}</h2>{render_sheet(m)}"
            f"{_btn(t(m.lang, 'close'), ui='close', cls='btn')}</div></div>"
        )
    if obs.phase is Phase.GAME_OVER:
        parts.append(render_game_over(m))
    elif m.summary is not None:
        parts.append(render_summary(m))
    if m.show_new_game:
        parts.append(render_new_game(m))
    return "".join(parts)
