"""The card table as a tree of elements: a pure function of a scene and the UI state.

``render(model)`` returns the children of ``#table`` as ``app.shell.dom`` elements;
the glue patches the page with them (keyed: a card keeps its element while it
stays in a hand). Nothing here touches the DOM, storage or the engine's state,
so all of it is tested in CPython; every text comes from ``i18n`` and is
escaped by ``app.shell.dom``.

Automation contract (stable, documented in docs/AUTOMATION.md):

* ``#table`` gets ``data-phase``, ``data-turn``, ``data-lang``, ``data-players``
  from ``table_attrs(model)``;
* each of the human's cards is a ``button`` with ``data-card`` (engine
  notation, ``QS``) and ``data-legal="1"`` when it may be chosen now;
* every action button has ``data-action`` holding the engine notation of its
  action (``bid 105``, ``pass``, ``give QS 2``, ``contract 140``, ...);
* table-level buttons have ``data-ui`` (``sheet``, ``log``, ``new``, ``hint``,
  ``next``, ``close``, ``raise``, ``lower``, ``plain-lead``, ``lang``, ...).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from app.shell.dom import El, el
from app.shell.i18n import (
    LANG_CODES,
    LANG_NAMES,
    LANGS,
    SUIT_SYMBOLS,
    Words,
    card_name,
    card_short,
    number,
    t,
    tn,
    you_key,
)
from app.table.events import Event
from thousand import actions as A
from thousand.cards import ACE, ACE_MARRIAGE, MARRIAGE_MASK, card_str, marriage_value
from thousand.phase import Phase
from thousand.refusals import play_refusal
from thousand.scene import Scene
from thousand.sheet import SheetRow

RED_SUITS = (2, 3)
POSITIONS = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}
#: The places across the screen, left to right (the give buttons follow it).
SCREEN_ORDER = {"left": 0, "top": 1, "right": 2, "bottom": 3}


@dataclass(frozen=True)
class HintRow:
    """One choice of the hint, already in words."""

    title: str
    detail: str
    best: bool = False
    why: str = ""  # the best row: one sentence of why it is best


class Dialog(StrEnum):
    """The dialog open over the table (``NONE``: none)."""

    NONE = ""
    SHEET = "sheet"
    LOG = "log"
    NEW = "new"
    RULES = "rules"
    GAMES = "games"
    STATS = "stats"
    SHARE = "share"
    UNDO = "undo"  # pass-and-play: the other people at the device allow an undo
    ONLINE = "online"  # the online table's invitations (host) or reply (guest)
    EDITOR = "editor"  # the deal editor for authors (app.editor.editor)


class Confirm(StrEnum):
    """A delete or reset waiting for its second click (``NONE``: none)."""

    NONE = ""
    GAME = "game"  # deleting a saved game (which: ``Screen.confirm_game``)
    STATS = "stats"  # resetting the statistics
    DELETE_SET = "delete"  # deleting the player's rule set


class NoticeKind(StrEnum):
    """How a notice behaves: ``INFO`` and ``ERROR`` stay until dismissed (an error is
    read out at once), ``PASSING`` closes by itself."""

    INFO = "info"
    ERROR = "error"
    PASSING = "passing"


@dataclass(frozen=True)
class Notice:
    """A message on the table (``kind``: ``info`` and ``error`` stay until
    dismissed, ``passing`` closes by itself). Its words are a key and parameters,
    worded in the page's language when drawn. Every notice has a close button
    (Esc closes the newest while no dialog is open); one made in a dialog about
    what was done there (``dialog``) is stale, and goes, once another dialog opens."""

    words: Words
    kind: NoticeKind = NoticeKind.INFO
    key: str = ""
    action: tuple[str, Words] | None = None  # (data-ui, label) of a button in the notice
    serial: int = 0  # the page's n-th notice (a passing one closes itself by it)
    dialog: Dialog = Dialog.NONE  # the dialog it answers (none: the table's)


@dataclass
class Model:
    """Everything the table shows: the scene (facts) and the UI state."""

    scene: Scene
    lang: str = "en"
    human: int = 0
    names: tuple[str, ...] = ()
    levels: tuple[str, ...] = ()
    human_turn: bool = False  # a legal input now is applied
    selected: int = -1  # discard: the card chosen before its receiver
    plain_lead: bool = False  # the next lead of a marriage card declares nothing
    bid_value: int = 0  # the bid / contract chosen with the stepper
    hold: tuple[tuple[int, int], ...] = ()  # a finished trick kept on show
    hold_winner: int = -1
    thinking: int = -1
    summary: SheetRow | None = None  # a finished deal to summarise
    summary_hold: bool = False  # ... not yet: its last trick (and banner) on show first
    dialog: Dialog = Dialog.NONE
    notices: tuple[Notice, ...] = ()
    hint: tuple[HintRow, ...] | None = None  # None: not asked
    hint_pct: int = -1  # progress while the hint is thought out (-1: done)
    events: tuple[Event, ...] = ()
    banner: str = ""  # the newest event, said on the felt
    announce: str = ""  # the newest events for screen readers
    setup: dict[str, Any] = field(default_factory=dict)
    undo: bool = False  # an undo is available
    extra_tools: tuple[tuple[str, str], ...] = ()  # (data-ui, label) added by other views
    people: int = 1  # people at this device (more than one: pass-and-play)
    screen_for: str = ""  # the privacy screen is up, waiting for this person
    commitment: str = ""  # the hash of the current deal's seed (thousand.fair)
    online: str = ""  # "host" or "guest" at an online table
    peers: int = 0  # online: links open now
    hint_off: bool = False  # no Hint (a lesson says what to play itself)

    @property
    def between(self) -> bool:
        """The deal summary is up: the next deal's cards stay hidden until it is closed."""
        return self.summary is not None and self.scene.phase is not Phase.GAME_OVER


def positions(n: int, human: int) -> dict[int, str]:
    """Where each seat sits on screen: the human at the bottom, clockwise from there."""
    return {(human + i) % n: pos for i, pos in enumerate(POSITIONS[n])}


def default_names(n: int, human: int, lang: str, spectator: bool = False) -> tuple[str, ...]:
    """You (a spectator: South), West, (North), East by position."""
    key = {
        "bottom": "south" if spectator else "you",
        "left": "west",
        "top": "north",
        "right": "east",
    }
    pos = positions(n, human)
    return tuple(t(lang, key[pos[s]]) for s in range(n))


def ui_phase(scene: Scene, summary: bool) -> str:
    """The ``data-phase`` of the table for a scene."""
    if scene.phase is Phase.GAME_OVER:
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
    }[scene.phase]


def table_attrs(m: Model) -> dict[str, str | None]:
    """The attributes of ``#table`` itself (set by the glue)."""
    return {
        "data-phase": ui_phase(m.scene, m.summary is not None),
        "data-turn": "human" if m.human_turn else "bot",
        "data-lang": m.lang,
        "data-players": str(m.scene.players),
        "data-deals": str(len(m.scene.sheet)),  # sheet rows: the deals over (and redeals)
        # the seat this page plays (none in pass-and-play: the device goes round)
        "data-seat": str(m.human) if m.people <= 1 or m.online else None,
        "data-screen": "1" if m.screen_for else None,
        "data-online": m.online or None,
        "data-peers": str(m.peers) if m.online else None,
    }


# -- cards -------------------------------------------------------------------------


def card_face(card: int | None, lang: str, cls: str = "card") -> El:
    """A card (or its back) drawn from the inline sprite."""
    if card is None:
        return el(
            "svg",
            {"class": cls, "viewBox": "0 0 250 350", "aria-hidden": "true"},
            el("use", {"href": "#card-back"}),
        )
    return el(
        "svg",
        {
            "class": cls,
            "viewBox": "0 0 250 350",
            "role": "img",
            "aria-label": card_name(card, lang),
        },
        el("use", {"href": "#card-" + card_str(card)}),
    )


def backs(count: int, lang: str) -> list[El]:
    """A hand of ``count`` cards seen from behind (keyed by position)."""
    return [
        el(
            "div",
            {"class": "hand-card back", "style": f"--i:{i}"},
            card_face(None, lang),
            key=f"b{i}",
        )
        for i in range(count)
    ]


def suit_span(suit: int) -> El:
    """A suit symbol coloured by suit."""
    return el("span", {"class": "suit red" if suit in RED_SUITS else "suit"}, SUIT_SYMBOLS[suit])


def card_text(card: int, lang: str) -> El:
    """A card written in text (``Q♠``) with the suit coloured."""
    short = card_short(card, lang)
    return el("span", {"class": "card-text"}, short[:-1], suit_span(card // 6))


def button(
    label: Any, action: int | None = None, ui: str = "", cls: str = "btn", **extra: Any
) -> El:
    """A button: an engine action (``data-action``) or a page control (``data-ui``);
    ``extra`` becomes ``data-*`` and ``aria-*`` attributes (``data_seat`` → ``data-seat``)."""
    attrs: dict[str, Any] = {"type": "button", "class": cls}
    if action is not None:
        attrs["data-action"] = A.action_str(action)
    if ui:
        attrs["data-ui"] = ui
    attrs.update({k.replace("_", "-"): v for k, v in extra.items()})
    return el("button", attrs, label)


def dialog(
    key: str,
    title: str,
    body: Sequence[El | str | None],
    buttons: Sequence[El],
    cls: str = "",
    rest: bool = False,
) -> El:
    """An overlay with one modal box: title, body, a row of buttons. ``rest``: a
    box the game rests on (the deal summary, the game's end), which leaves the
    toolbar free: its score sheet or log opens over it, and closes back to it."""
    head = f"dlg-{key}-title"
    return el(
        "div",
        {"class": "overlay rest" if rest else "overlay", "data-dialog": key},
        el(
            "div",
            {
                "class": f"dialog {cls}".strip(),
                "role": "dialog",
                "aria-modal": "true",
                "aria-labelledby": head,
            },
            el("h2", {"id": head}, title),
            list(body),
            el("div", {"class": "row buttons"}, list(buttons)),
        ),
        key="dlg-" + key,
    )


# -- seats -------------------------------------------------------------------------


def _said(scene: Scene, seat: int, lang: str) -> str:
    a = scene.seats[seat].said
    if a is None:
        return ""
    if a == A.PASS:
        return t(lang, "pass")
    if a == A.DARK:
        return "120 " + t(lang, "dark_mark")
    if a == A.UNBLIND:
        return "125"
    return str(A.action_value(a)) if A.is_bid(a) else ""


def nameplate(m: Model, seat: int) -> El:
    """Name, total and the seat's marks (dealer, declarer, bid, bolts, barrel)."""
    sc, lang = m.scene, m.lang
    st = sc.seats[seat]
    tags: list[El] = []
    if seat == sc.dealer and not m.between:
        tags.append(
            el("span", {"class": "tag dealer", "title": t(lang, "dealer")}, t(lang, "dealer_tag"))
        )
    if sc.players == 4 and seat == sc.dealer and not m.between:
        tags.append(el("span", {"class": "tag"}, t(lang, "on_talon")))
    if not m.between:
        if seat == sc.declarer:
            tags.append(
                el("span", {"class": "tag declarer"}, f"{t(lang, 'declarer')} {sc.contract}")
            )
        elif sc.declarer < 0:
            said = _said(sc, seat, lang)
            if said:
                cls = "tag bid high" if seat == sc.high_seat and st.said != A.PASS else "tag bid"
                tags.append(el("span", {"class": cls}, said))
    if st.bolts:
        tags.append(el("span", {"class": "tag bolts"}, tn(lang, "n_bolts", st.bolts)))
    if st.barrel:
        of = sc.conventions.barrel_attempts
        tags.append(
            el(
                "span",
                {"class": "tag barrel", "title": t(lang, "barrel_title", n=st.barrel, of=of)},
                f"{t(lang, 'barrel')} {st.barrel}",
            )
        )
    turn = sc.turn == seat and sc.phase is not Phase.GAME_OVER and not m.between
    thinking = m.thinking == seat
    attrs: dict[str, Any] = {"class": "nameplate" + (" turn" if turn else "")}
    if turn:
        attrs["aria-current"] = "true"
    return el(
        "div",
        attrs,
        el("span", {"class": "name"}, m.names[seat]),
        el("span", {"class": "total", "title": t(lang, "total")}, number(st.total)),
        tags,
        _taken(m, seat),
        el("span", {"class": "thinking", "aria-hidden": "true"}, "…") if thinking else None,
    )


def _taken(m: Model, seat: int) -> El | None:
    """What a seat has taken this deal, as a scorer keeps it: tricks, their card
    points and declared marriages (all public: tricks and declarations are shown)."""
    sc, lang = m.scene, m.lang
    st = sc.seats[seat]
    if m.between or sc.phase is not Phase.PLAY:
        return None
    marriages = sum(marriage_value(suit) for s, suit in sc.marriages if s == seat)
    if not st.tricks and not marriages:
        return None
    tricks, points = tn(lang, "n_tricks", st.tricks), tn(lang, "n_points", st.points)
    return el(
        "span",
        {"class": "taken", "title": t(lang, "taken_title", tricks=tricks, points=points)},
        tricks,
        " · ",
        el("b", {}, str(st.points)),
        el("span", {"class": "marr"}, f" +{marriages}") if marriages else None,
    )


def opponent(m: Model, seat: int, pos: str) -> El:
    """An opponent's seat: nameplate and hand (backs, or faces in an open view)."""
    sc, lang = m.scene, m.lang
    st = sc.seats[seat]
    count = 0 if m.between else st.count
    name = m.names[seat]
    if st.cards is not None and not m.between:
        cards = [
            el(
                "div",
                {"class": "hand-card", "data-fly": card_str(c), "style": f"--i:{i}"},
                card_face(c, lang),
                key=card_str(c),
            )
            for i, c in enumerate(st.cards)
        ]
        label = t(lang, "hand_of", name=name)
    else:
        cards = backs(count, lang)
        label = t(lang, "cards_held", name=name, n=count)
    return el(
        "section",
        {"class": f"seat seat-{pos}", "data-seat": seat, "aria-label": label},
        nameplate(m, seat),
        el(
            "div",
            {
                "class": "hand hand-closed",
                "data-count": count,
                "style": f"--n:{max(count, 1)}",
                "data-fly-seat": seat,
            },
            cards,
            key="hand",
        ),
        key=f"seat{seat}",
    )


def _selectable(m: Model) -> set[int]:
    """Cards the human may click now."""
    if not m.human_turn:
        return set()
    legal = m.scene.legal
    if m.scene.phase is Phase.PLAY:
        return {A.played_card(a) for a in legal if A.is_play(a)}
    if m.scene.phase is Phase.DISCARD:
        return {A.action_card(a) for a in legal if A.is_discard(a)}
    return set()


def declarable(scene: Scene) -> set[int]:
    """Cards whose lead may declare a marriage now."""
    return {A.played_card(a) for a in scene.legal if A.is_declare(a)}


def own_hand(m: Model) -> El:
    """The human's cards as buttons (``data-card``, ``data-legal``)."""
    sc, lang = m.scene, m.lang
    st = sc.seats[m.human]
    ok = _selectable(m)
    received = set(st.received) if sc.declarer != m.human else set()
    if sc.declarer == m.human and sc.phase in (Phase.DISCARD, Phase.CONTRACT):
        received |= set(sc.talon)  # the talon's cards, marked in the declarer's hand
    decl = declarable(sc) if m.human_turn and not m.plain_lead else set()
    items: list[El] = []
    if m.between:
        cards: tuple[int, ...] = ()
    elif not sc.looked:
        items = backs(st.count, lang)
        cards = ()
    else:
        cards = st.cards or ()
    for i, c in enumerate(cards):
        cls = "card-btn"
        attrs: dict[str, Any] = {
            "type": "button",
            "data-card": card_str(c),
            "data-fly": card_str(c),
            "style": f"--i:{i}",
        }
        label = card_name(c, lang)
        if c in ok:
            cls += " legal"
            attrs["data-legal"] = "1"
        elif ok:
            cls += " off"
            attrs["aria-disabled"] = "true"
        if c == m.selected:
            cls += " selected"
            attrs["aria-pressed"] = "true"
        if c in received:
            cls += " received"
        badge = None
        if c in decl:
            cls += " declares"
            value = marriage_value(ACE_MARRIAGE if c % 6 == ACE else c // 6)
            badge = el("span", {"class": "badge", "aria-hidden": "true"}, f"+{value}")
            label += f" (+{value})"
        attrs["class"] = cls
        attrs["aria-label"] = label
        items.append(el("button", attrs, card_face(c, lang, "card"), badge, key=card_str(c)))
    n = len(items)
    # Two rows (laid out as one on wide screens, see table.css): on a phone a hand
    # of 9 or 10 splits so that each card keeps a strip of at least 44 px to tap;
    # up to 8 cards stay in one row (a strip of 38 px at 390 px).
    top = (n + 1) // 2 if n >= 9 else n
    rows = [
        el("div", {"class": "hand-row"}, items[:top], key="row0"),
        el("div", {"class": "hand-row"}, items[top:], key="row1") if n > top else None,
    ]
    return el(
        "div",
        {
            "class": "hand hand-own" + (" two-rows" if n > top else ""),
            "role": "group",
            "aria-label": t(lang, "your_hand"),
            "style": f"--n:{max(n, 1)};--nr:{max(top, 1)}",
            "data-fly-seat": m.human,
        },
        rows,
        key="hand",
    )


# -- the middle of the table --------------------------------------------------------


def center(m: Model) -> El:
    """Talon or trick, trump and contract, and the newest event in words."""
    sc, lang = m.scene, m.lang
    pos = positions(sc.players, m.human)
    parts: list[El | None] = []
    info: list[El] = []
    if not m.between and sc.turn != -1:  # turn -1: the loading placeholder
        if sc.trump >= 0:
            info.append(
                el("span", {"class": "trump"}, f"{t(lang, 'trump')}: ", suit_span(sc.trump))
            )
        elif sc.phase is Phase.PLAY:
            info.append(el("span", {"class": "trump muted"}, t(lang, "no_trump")))
        if sc.declarer >= 0:
            marks = []
            if sc.dark:
                marks.append(t(lang, "dark_mark"))
            if sc.golden:
                marks.append(t(lang, "golden_mark"))
            if sc.on_100:
                marks.append(t(lang, "on_100_mark"))
            info.append(
                el(
                    "span",
                    {"class": "contract"},
                    f"{t(lang, 'contract')}: {m.names[sc.declarer]} {sc.contract}",
                    el("span", {"class": "muted"}, f" ({', '.join(marks)})") if marks else None,
                )
            )
        elif sc.phase in (Phase.BIDDING, Phase.DARK, Phase.REDEAL):
            raised = any(s.said is not None and s.said != A.PASS for s in sc.seats)
            text = (
                t(lang, "bid_by", value=sc.high_bid, name=m.names[sc.high_seat])
                if raised
                else t(lang, "bid_none", name=m.names[sc.first_hand])
            )
            info.append(el("span", {"class": "contract"}, text))
    parts.append(el("div", {"class": "info"}, info, key="info"))
    felt: list[El] = []
    if m.between and m.summary_hold and m.hold:
        felt.append(_trick(m, m.hold, pos))  # the deal's last trick, before its summary
    if not m.between:
        if sc.talon_backs:
            piles = []
            for k, count in enumerate(sc.talon_backs):
                backs = [
                    el("div", {"class": "pile-card"}, card_face(None, lang), key=f"t{k}-{i}")
                    for i in range(count)
                ]
                label = t(lang, "pile", n=k + 1) if len(sc.talon_backs) > 1 else t(lang, "talon")
                piles.append(
                    el(
                        "div",
                        {"class": "pile", "aria-label": label, "role": "group"},
                        backs,
                        key=f"pile{k}",
                    )
                )
            felt.append(
                el(
                    "div",
                    {"class": "talon", "data-fly-seat": "talon"},
                    el(
                        "div", {"class": "label"}, t(lang, "talon" if len(piles) == 1 else "talons")
                    ),
                    piles,
                    key="talon",
                )
            )
        elif sc.talon and sc.phase in (Phase.DISCARD, Phase.CONTRACT) and sc.declarer != m.human:
            faces = [
                el(
                    "div",
                    {"class": "pile-card reveal", "data-fly": card_str(c)},
                    card_face(c, lang),
                    key=card_str(c),
                )
                for c in sc.talon
            ]
            felt.append(
                el(
                    "div",
                    {"class": "talon shown", "role": "group", "aria-label": t(lang, "talon")},
                    el("div", {"class": "label"}, t(lang, "talon")),
                    el("div", {"class": "pile"}, faces, key="pile0"),
                    key="talon",
                )
            )
        trick = sc.trick or m.hold
        if trick:
            felt.append(_trick(m, trick, pos))
    parts.append(el("div", {"class": "felt"}, felt, key="felt"))
    parts.append(
        el("p", {"class": "banner"}, m.banner, key="banner")
        if m.banner and (not m.between or m.summary_hold)
        else None
    )
    parts.append(commitment_line(m))
    return el(
        "section", {"class": "center", "aria-label": t(lang, "trick_label")}, parts, key="center"
    )


def _trick(m: Model, trick: Sequence[tuple[int, int]], pos: dict[int, str]) -> El:
    """The cards of a trick on the felt, each before its player (the winner marked
    once the trick is complete and on show)."""
    lang = m.lang
    cards = []
    for seat, c in trick:
        win = " winner" if (not m.scene.trick and seat == m.hold_winner) else ""
        cards.append(
            el(
                "div",
                {
                    "class": f"trick-card at-{pos[seat]}{win}",
                    "data-seat": seat,
                    "data-fly": card_str(c),
                    "data-from": seat,
                    "role": "img",
                    "aria-label": t(
                        lang,
                        you_key("played_by", seat == m.human),
                        card=card_name(c, lang),
                        name=m.names[seat],
                    ),
                },
                card_face(c, lang),
                key=card_str(c),
            )
        )
    return el(
        "div",
        {"class": "trick", "aria-label": t(lang, "trick_label"), "role": "group"},
        cards,
        key="trick",
    )


# -- controls ----------------------------------------------------------------------


def refused(m: Model, card: int) -> Words | None:
    """Why a dimmed card of the human's hand may not be played now (the engine's
    play duties, ``thousand.refusals.play_refusal``); None: no duty forbids it."""
    sc = m.scene
    if sc.phase is not Phase.PLAY or not m.human_turn:
        return None
    hand = sum(1 << c for c in sc.seats[m.human].cards or ())
    trick = [c for _, c in sc.trick]
    duty = play_refusal(hand, trick, sc.trump, sc.conventions, card)
    if duty is None:
        return None
    return Words.of("refuse_" + duty.code, suit=SUIT_SYMBOLS[duty.suit])


def _prompt(m: Model) -> str:
    sc, lang = m.scene, m.lang
    if not m.human_turn:
        if m.thinking >= 0:
            return t(lang, "thinking", name=m.names[m.thinking])
        if sc.turn >= 0 and sc.phase is not Phase.GAME_OVER and not m.between:
            return t(lang, you_key("prompt_wait", sc.turn == m.human), name=m.names[sc.turn])
        return ""
    ph = sc.phase
    if ph is Phase.DARK:
        return t(lang, "prompt_dark")
    if ph is Phase.REDEAL:
        return t(lang, "prompt_redeal")
    if ph is Phase.BIDDING:
        if not any(A.is_bid(a) for a in sc.legal) and A.UNBLIND not in sc.legal:
            # only a pass is left: say why when it is the marriage rule (RULES §5)
            hand = sum(1 << c for c in sc.seats[m.human].cards or ())
            married = any(hand & mm == mm for mm in MARRIAGE_MASK)
            over = sc.high_bid >= 120 and sc.conventions.bid_cap > 120 and not married
            return t(lang, "prompt_pass_marriage" if over else "prompt_pass_only")
        return t(lang, "prompt_bid_dark" if sc.dark else "prompt_bid")
    if ph is Phase.PICK:
        return t(lang, "prompt_pick")
    if ph is Phase.DISCARD:
        if sc.players == 2:
            return t(lang, "prompt_aside")
        if m.selected >= 0:
            return t(lang, "prompt_give_to", card=card_short(m.selected, lang))
        return t(lang, "prompt_give")
    if ph is Phase.CONTRACT:
        return t(lang, "prompt_contract", bid=sc.contract)
    return t(lang, "prompt_follow" if sc.trick else "prompt_lead")


def stepper_values(legal: Sequence[int], kind: str) -> list[int]:
    """The values a bid or contract stepper offers, low to high."""
    test = A.is_bid if kind == "bid" else A.is_contract
    return sorted(A.action_value(a) for a in legal if test(a))


def _stepper(m: Model, kind: str) -> list[El]:
    lang = m.lang
    values = stepper_values(m.scene.legal, kind)
    if not values:
        return []
    v = m.bid_value if m.bid_value in values else values[0]
    make = A.bid if kind == "bid" else A.contract
    label = t(lang, "bid_value" if kind == "bid" else "play_value", value=v)
    out = []
    if len(values) > 1:
        out.append(
            el(
                "div",
                {"class": "stepper", "role": "group", "aria-label": t(lang, "value_label")},
                button(
                    "−",
                    ui="lower",
                    cls="btn step",
                    aria_label=t(lang, "lower"),
                    disabled=v == values[0],
                ),
                el("output", {"class": "value", "aria-live": "polite"}, str(v)),
                button(
                    "+",
                    ui="raise",
                    cls="btn step",
                    aria_label=t(lang, "raise"),
                    disabled=v == values[-1],
                ),
                key="stepper",
            )
        )
    out.append(button(label, make(v), cls="btn primary " + kind, data_autofocus="1"))
    return out


def controls(m: Model) -> El:
    """The human's choices now (``data-action``), the prompt and the hint."""
    sc, lang = m.scene, m.lang
    legal = sc.legal if m.human_turn else ()
    buttons: list[El] = []
    ph = sc.phase
    if legal:
        if ph is Phase.BIDDING:
            if A.PASS in legal:
                buttons.append(button(t(lang, "pass"), A.PASS, cls="btn pass"))
            if A.UNBLIND in legal:
                value = sc.conventions.unblind_bid()
                buttons.append(button(t(lang, "unblind", value=value), A.UNBLIND, cls="btn"))
            buttons.extend(_stepper(m, "bid"))
        elif ph is Phase.CONTRACT:
            buttons.extend(_stepper(m, "contract"))
            if A.WRITEOFF in legal:
                buttons.append(button(t(lang, "writeoff"), A.WRITEOFF, cls="btn writeoff"))
            if A.BOMB in legal:
                points = sc.conventions.bomb_points
                buttons.append(button(t(lang, "bomb", points=points), A.BOMB, cls="btn writeoff"))
        else:
            # The receivers of a chosen discard card come first: they are the choice now,
            # in the order the seats sit on screen, left to right (West, North, East).
            where = positions(sc.players, m.human)

            def place(a: int) -> tuple[bool, int]:
                chosen = A.is_discard(a) and A.action_card(a) == m.selected
                seat = (a - A.GIVE_BASE) % 4 if A.is_give(a) else -1
                return (not chosen, SCREEN_ORDER.get(where.get(seat, ""), 0))

            order = sorted(legal, key=place)
            for a in order:
                if a in (A.REDEAL, A.KEEP, A.DARK, A.LOOK, A.WRITEOFF):
                    key = {
                        A.REDEAL: "redeal",
                        A.KEEP: "keep",
                        A.DARK: "dark",
                        A.LOOK: "look",
                        A.WRITEOFF: "writeoff",
                    }[a]
                    buttons.append(button(t(lang, key), a, cls="btn " + key))
                elif a == A.BOMB:
                    points = sc.conventions.bomb_points
                    buttons.append(button(t(lang, "bomb", points=points), a, cls="btn writeoff"))
                elif a in (A.PICK_BASE, A.PICK_BASE + 1):
                    buttons.append(
                        button(t(lang, "pick", n=a - A.PICK_BASE + 1), a, cls="btn pick")
                    )
                elif A.is_discard(a) and A.action_card(a) == m.selected:
                    card = card_short(m.selected, lang)
                    if A.is_aside(a):
                        label = t(lang, "aside", card=card)
                    else:
                        label = t(lang, "give_to", card=card, name=m.names[(a - A.GIVE_BASE) % 4])
                    buttons.append(button(label, a, cls="btn give primary"))
            if ph is Phase.PLAY and declarable(sc):
                buttons.append(
                    button(
                        t(lang, "lead_plain"),
                        ui="plain-lead",
                        cls="btn small toggle",
                        aria_pressed="true" if m.plain_lead else "false",
                    )
                )
    hint: list[El | None] = []
    if m.human_turn and not m.hint_off:
        hint.append(button(t(lang, "hint"), ui="hint", cls="btn small hint-btn"))
    if m.hint is not None and m.hint_pct >= 0:
        hint.append(
            el(
                "p",
                {"class": "hint-busy", "role": "status"},
                t(lang, "hint_busy", pct=m.hint_pct),
            )
        )
    return el(
        "section",
        {"class": "controls", "aria-label": t(lang, "prompt_follow"), "tabindex": "-1"},
        el("p", {"class": "prompt"}, _prompt(m), key="prompt"),
        el("div", {"class": "actions"}, buttons, key="actions"),
        el("div", {"class": "hint"}, hint, key="hint"),
        key="controls",
    )


def hint_list(m: Model) -> El | None:
    """The hint's rows: a child of the table's grid of its own, laid over the
    opponents and the middle of the table, never over the hand (``.hint-list``)."""
    if not m.hint:
        return None
    rows = [
        el(
            "li",
            {"class": "best" if r.best else None},
            el("b", {}, r.title),
            ": " if r.detail else None,  # "Play 9♠: you make it 2% of the time; ..."
            r.detail,
            el("span", {"class": "hint-why"}, r.why) if r.why else None,
        )
        for r in m.hint
    ]
    return el(
        "ol",
        {"class": "hint-list", "data-hint": "1", "aria-label": t(m.lang, "hint_title")},
        rows,
        key="hint-list",
    )


# -- toolbar, notices --------------------------------------------------------------


def toolbar(m: Model) -> El:
    """Title and the table-level buttons."""
    lang = m.lang
    # (data-ui, icon, label, the label under the icon on a narrow screen)
    # Undo keeps its place while it may not be used (greyed out): the toolbar never
    # grows or moves the table when it comes and goes.
    tools: list[tuple[str, str, str, str]] = [("undo", "↶", t(lang, "undo"), t(lang, "undo_short"))]
    tools += [
        ("sheet", "≡", t(lang, "sheet"), t(lang, "sheet_short")),
        ("log", "☷", t(lang, "log"), t(lang, "log_short")),
        ("rules", "⚙", t(lang, "rules"), t(lang, "rules_short")),
        ("games", "▤", t(lang, "games"), t(lang, "games_short")),
        ("learn", "?", t(lang, "lesson.tool"), t(lang, "lesson.tool_short")),
        ("editor", "✎", t(lang, "editor.tool"), t(lang, "editor.tool_short")),
        *[(ui, "", label, label) for ui, label in m.extra_tools],
        ("new", "+", t(lang, "new_game"), t(lang, "new_short")),
    ]
    buttons = []
    for ui, icon, label, short in tools:
        buttons.append(
            button(
                [
                    el("span", {"class": "icon", "aria-hidden": "true"}, icon) if icon else None,
                    el("span", {"class": "label"}, label),
                    el("span", {"class": "short", "aria-hidden": "true"}, short),
                ],
                ui=ui,
                cls="btn tool",
                aria_label=tool_name(label, short),
                title=label,
                disabled=ui == "undo" and not m.undo,
            )
        )
    # On a phone the select is laid over the language's code (EN, RU, UA, PL):
    # its own text, cut to fit the narrow toolbar, read "Русс" or "Polsl".
    langs = el(
        "span",
        {"class": "lang-pick"},
        el("span", {"class": "lang-code", "aria-hidden": "true"}, LANG_CODES[lang]),
        el(
            "select",
            {"class": "lang", "data-ui": "lang", "aria-label": t(lang, "language")},
            [
                el("option", {"value": code, "selected": code == lang}, LANG_NAMES[code])
                for code in LANGS
            ],
        ),
        key="lang",
    )
    return el(
        "header",
        {"class": "toolbar"},
        el(
            "h1",
            {"class": "title"},
            "1000 ",
            el("span", {}, t(lang, "title"))
            if lang != "en"
            else el("span", {"lang": "ru"}, "Тысяча"),
        ),
        el("nav", {"class": "tools"}, buttons, langs),
        key="toolbar",
    )


def tool_name(label: str, short: str) -> str:
    """A toolbar button's accessible name: its label when it holds the short word
    a phone shows under the icon, else the short word first ("Урок — Научиться
    играть"): a person who says or sees either word finds the button by it (not
    in brackets: speech-input tools and axe's check leave out what is bracketed)."""
    said, shown = _words(label), _words(short)
    if any(said[i : i + len(shown)] == shown for i in range(len(said))):
        return label
    return f"{short} — {label}"


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def notices(m: Model) -> El | None:
    """Messages that stay until dismissed."""
    if not m.notices:
        return None
    items = [
        el(
            "div",
            {
                "class": "notice info passing"
                if n.kind == NoticeKind.PASSING
                else f"notice {n.kind}",
                "role": "alert" if n.kind == NoticeKind.ERROR else "status",
            },
            el("p", {}, n.words.text(m.lang, m.names)),
            button(n.action[1].text(m.lang, m.names), ui=n.action[0], cls="btn small")
            if n.action
            else None,
            button(
                "×",
                ui="dismiss",
                cls="btn small",
                aria_label=t(m.lang, "dismiss"),
                data_notice=n.key or str(i),
            ),
            key=n.key or f"n{i}",
        )
        for i, n in enumerate(m.notices)
    ]
    return el("div", {"class": "notices"}, items, key="notices")


# -- the whole table ----------------------------------------------------------------


def privacy(m: Model) -> El | None:
    """Pass-and-play: the screen over every hand until the next person taps
    *Show my cards* (nothing private is drawn behind it)."""
    if not m.screen_for:
        return None
    return el(
        "div",
        {
            "class": "privacy",
            "role": "dialog",
            "aria-modal": "true",
            "aria-labelledby": "privacy-title",
            "data-privacy": "1",
        },
        el(
            "div",
            {"class": "privacy-box"},
            el(
                "p",
                {"id": "privacy-title", "class": "privacy-title"},
                t(m.lang, "pass_device", name=m.screen_for),
            ),
            el("p", {}, t(m.lang, "pass_device_why")),
            button(t(m.lang, "show_cards"), ui="show-cards", cls="btn primary", data_autofocus="1"),
        ),
        key="privacy",
    )


def commitment_line(m: Model) -> El | None:
    """The sealed deal: the hash of its seed, shown before the deal is played."""
    if not m.commitment or m.between:
        return None
    from thousand.fair import short

    return el(
        "p",
        {
            "class": "commitment",
            "data-commitment": m.commitment,
            "title": t(m.lang, "commitment_help"),
        },
        t(m.lang, "commitment", hash=short(m.commitment)),
        key="commitment",
    )


def render(m: Model, dialogs: Sequence[El | None] = ()) -> list[El]:
    """The children of ``#table``."""
    sc = m.scene
    if not m.names:
        m = replace(m, names=default_names(sc.players, m.human, m.lang))
    pos = positions(sc.players, m.human)
    seats = [opponent(m, s, pos[s]) for s in range(sc.players) if s != m.human]
    bottom = el(
        "section",
        {"class": "seat seat-bottom", "data-seat": m.human, "aria-label": m.names[m.human]},
        own_hand(m),
        nameplate(m, m.human),
        key=f"seat{m.human}",
    )
    live = el(
        "div", {"class": "sr-only", "aria-live": "polite", "data-live": "1"}, m.announce, key="live"
    )
    out: list[El | None] = [
        toolbar(m),
        *seats,
        center(m),
        bottom,
        controls(m),
        hint_list(m),
        live,
        privacy(m),
        *dialogs,
    ]
    return with_notices([x for x in out if x is not None], notices(m))


def with_notices(children: list[El], notes: El | None) -> list[El]:
    """The notices just below the toolbar; while a dialog is open, inside its
    overlay above the box instead, so that they never cover the dialog's title or
    fields (the box shrinks to the room left and scrolls)."""
    if notes is None:
        return children
    for c in reversed(children):
        if "overlay" in str(c.attrs.get("class", "")).split():
            c.children.insert(0, notes)
            return children
    return [*children, notes]
