"""Static diagrams: a position of a record as one standalone SVG (pure functions).

``python -m thousand diagram FILE --step N [--open] [--seat S] [--lang L]``
prints the position after N actions of a record: the hands (face up when the
view knows them, else backs), the talon or the trick in the middle, trump,
contract or bidding, each seat's total, and the record's note for that step
as a caption. It is drawn from ``thousand.scene.Scene``, the model the page's
table draws, with the card art of ``thousand.cardart`` inlined (only the
symbols used). Each face-up card is a ``<use>`` carrying ``data-card`` in
engine notation (``TS``), so a page or a test can find it; backs carry
``class="back"`` and no ``data-card``. No card is drawn twice: the talon's
cards stay in the declarer's hand when that hand is shown (marked
``from-talon``), cards received in the discard are marked ``received``.

The view: ``seat`` sits at the bottom (default 0) and, without ``open_hands``,
only what that seat may know is face up; ``open_hands`` shows every hand.
Words come from the small table ``WORDS`` (en, ru, uk, pl); seats are named by
where they sit (South at the bottom, then West, North, East clockwise).

>>> import random
>>> from thousand import Conventions, Game
>>> state = Game(Conventions()).new_initial_state(random.Random(1))
>>> svg = render(state, open_hands=True)
>>> svg.startswith("<svg") and svg.count("data-card=") == 21
True
>>> render(state, seat=0).count("data-card=")
7
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from . import actions as A
from . import cardart
from .cards import card_str
from .phase import Phase
from .record import Replay
from .scene import Scene, SeatScene
from .state import State

LANGS = ("en", "ru", "uk", "pl")

#: The words a diagram uses, per language (the page's own catalogue lives in py/app).
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "bottom": "South",
        "left": "West",
        "top": "North",
        "right": "East",
        "trump": "Trump",
        "no_trump": "No trump",
        "contract": "Contract",
        "bid": "Bid",
        "pass": "Pass",
        "dealer": "dealer",
        "sits_out": "sits out",
        "talon": "Talon",
        "aside": "Put aside",
        "last_trick": "Last trick",
        "tricks": "Tricks",
        "points": "Points",
        "step": "Step",
        "phase_bidding": "Bidding",
        "phase_talon": "Talon",
        "phase_contract": "Contract",
        "phase_play": "Play",
        "phase_over": "Game over",
        "dark": "dark",
        "golden": "golden",
        "on_100": "on 100",
        "barrel": "barrel",
        "winner": "Winner",
    },
    "ru": {
        "bottom": "Юг",
        "left": "Запад",
        "top": "Север",
        "right": "Восток",
        "trump": "Козырь",
        "no_trump": "Без козыря",
        "contract": "Заказ",
        "bid": "Ставка",
        "pass": "Пас",
        "dealer": "сдаёт",
        "sits_out": "на прикупе",
        "talon": "Прикуп",
        "aside": "Снос",
        "last_trick": "Последняя взятка",
        "tricks": "Взятки",
        "points": "Очки",
        "step": "Шаг",
        "phase_bidding": "Торговля",
        "phase_talon": "Прикуп",
        "phase_contract": "Заказ",
        "phase_play": "Розыгрыш",
        "phase_over": "Конец партии",
        "dark": "втёмную",
        "golden": "золотой",
        "on_100": "на сотне",
        "barrel": "бочка",
        "winner": "Победитель",
    },
    "uk": {
        "bottom": "Південь",
        "left": "Захід",
        "top": "Північ",
        "right": "Схід",
        "trump": "Козир",
        "no_trump": "Без козиря",
        "contract": "Замовлення",
        "bid": "Ставка",
        "pass": "Пас",
        "dealer": "роздає",
        "sits_out": "на прикупі",
        "talon": "Прикуп",
        "aside": "Скинуті",
        "last_trick": "Остання взятка",
        "tricks": "Взятки",
        "points": "Очки",
        "step": "Крок",
        "phase_bidding": "Торгівля",
        "phase_talon": "Прикуп",
        "phase_contract": "Замовлення",
        "phase_play": "Розіграш",
        "phase_over": "Кінець партії",
        "dark": "втемну",
        "golden": "золотий",
        "on_100": "на сотні",
        "barrel": "бочка",
        "winner": "Переможець",
    },
    "pl": {
        "bottom": "Południe",
        "left": "Zachód",
        "top": "Północ",
        "right": "Wschód",
        "trump": "Atut",
        "no_trump": "Bez atutu",
        "contract": "Gra",
        "bid": "Licytacja",
        "pass": "Pas",
        "dealer": "rozdaje",
        "sits_out": "pauzuje",
        "talon": "Musik",
        "aside": "Odłożone",
        "last_trick": "Ostatnia lewa",
        "tricks": "Lewy",
        "points": "Punkty",
        "step": "Krok",
        "phase_bidding": "Licytacja",
        "phase_talon": "Musik",
        "phase_contract": "Gra",
        "phase_play": "Rozgrywka",
        "phase_over": "Koniec gry",
        "dark": "w ciemno",
        "golden": "złota",
        "on_100": "na 100",
        "barrel": "beczka",
        "winner": "Zwycięzca",
    },
}

POSITIONS = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}
PHASE_WORD = {
    Phase.DARK: "phase_bidding",
    Phase.REDEAL: "phase_bidding",
    Phase.BIDDING: "phase_bidding",
    Phase.PICK: "phase_talon",
    Phase.DISCARD: "phase_talon",
    Phase.CONTRACT: "phase_contract",
    Phase.PLAY: "phase_play",
    Phase.GAME_OVER: "phase_over",
}

# Geometry (SVG user units): card 60 x 84 (the art's 5:7), a 900-wide table.
WIDTH, TABLE_H = 900, 640
CW, CH = 60, 84
STEP_FACE, STEP_BACK = 26, 14
FELT, INK, MUTED, MARK = "#1e5b3a", "#f4f1e6", "#bcd3c4", "#f2c14e"
SANS = "Arial,'Liberation Sans','DejaVu Sans',Helvetica,sans-serif"
RED_SUITS = (2, 3)
# Where a seat's cards go in the trick, by position (top-left corner of the card).
TRICK_AT = {
    "bottom": (420, 332),
    "left": (345, 284),
    "top": (420, 236),
    "right": (495, 284),
}
# Characters XML 1.0 does not allow (a caption comes from a record).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")


def words(lang: str) -> dict[str, str]:
    """The word table of a language (``ValueError`` for an unknown one)."""
    if lang not in WORDS:
        raise ValueError(f"unknown language {lang!r}; languages: {', '.join(LANGS)}")
    return WORDS[lang]


def positions(players: int, bottom: int) -> dict[int, str]:
    """Where each seat sits: ``bottom`` at the bottom, the others clockwise."""
    return {(bottom + i) % players: pos for i, pos in enumerate(POSITIONS[players])}


def _text(x: float, y: float, content: str, size: int = 15, **attrs: Any) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items())
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{escape(content)}</text>'


class _Drawing:
    """The elements of one diagram and the symbols they use."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.faces: list[str] = []
        self.back = False
        self.suits: set[str] = set()

    def card(self, card: int, x: float, y: float, cls: str = "", **attrs: Any) -> None:
        """A face-up card, ``data-card`` in engine notation."""
        name = card_str(card)
        self.faces.append(name)
        c = f' class="{cls}"' if cls else ""
        extra = "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items())
        self.parts.append(
            f'<use href="#card-{name}" x="{x:g}" y="{y:g}" width="{CW}" height="{CH}"'
            f' data-card="{name}"{c}{extra}/>'
        )

    def back_card(self, x: float, y: float) -> None:
        """A card face down."""
        self.back = True
        self.parts.append(
            f'<use href="#card-back" x="{x:g}" y="{y:g}" width="{CW}" height="{CH}" class="back"/>'
        )

    def suit(self, suit: int, x: float, y: float, size: float = 18) -> None:
        """A suit mark in its colour."""
        s = "SCDH"[suit]
        self.suits.add(s)
        fill = cardart.RED if suit in RED_SUITS else cardart.BLACK
        self.parts.append(
            f'<rect x="{x - 2:g}" y="{y - 2:g}" width="{size + 4:g}" height="{size + 4:g}"'
            f' rx="4" fill="#fff"/><use href="#cards-suit-{s}" x="{x:g}" y="{y:g}"'
            f' width="{size:g}" height="{size:g}" fill="{fill}" data-suit="{s}"/>'
        )

    def defs(self) -> str:
        return cardart.defs(self.faces, back=self.back, suits=self.suits)


def _row_x(n: int, step: int, pos: str) -> float:
    """The left edge of a row of ``n`` cards for a position."""
    width = CW + step * max(n - 1, 0)
    if pos == "left":
        return 20
    if pos == "right":
        return WIDTH - 20 - width
    return (WIDTH - width) / 2


HAND_Y = {"bottom": 500, "top": 50, "left": 200, "right": 200}
# (x, y of the name line, y of the second line) by position
LABEL_AT = {
    "bottom": (450, 612, 484),
    "top": (450, 22, 40),
    "left": (20, 172, 190),
    "right": (880, 172, 190),
}


def _seat_lines(scene: Scene, s: SeatScene, name: str, w: dict[str, str]) -> tuple[str, str]:
    """The seat's name line (name, total, marks) and its second line."""
    marks = []
    if s.seat == scene.dealer and scene.phase is not Phase.GAME_OVER:
        marks.append(w["dealer"])
    if not s.active:
        marks.append(w["sits_out"])
    if s.barrel:
        marks.append(f"{w['barrel']} {s.barrel}")
    head = f"{name} {s.total}" + ("|" * s.bolts and " " + "|" * s.bolts)
    if marks:
        head += " · " + ", ".join(marks)
    second = ""
    if scene.declarer < 0 and s.said is not None:
        v = scene.said_value(s.seat)
        if v is not None:
            second = f"{w['bid']} {v}"
        elif s.said == A.PASS:
            second = w["pass"]
        elif s.said == A.DARK:
            second = f"{w['bid']} 120 ({w['dark']})"
    elif scene.phase is Phase.PLAY and s.active:
        second = f"{w['tricks']}: {s.tricks} · {w['points']}: {s.points}"
    return head, second


def _wrap(text: str, width: int = 96) -> list[str]:
    """A caption in lines of at most ``width`` characters (words kept whole when possible)."""
    out: list[str] = []
    for para in text.splitlines() or [""]:
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def render_scene(
    scene: Scene,
    *,
    bottom: int = 0,
    lang: str = "en",
    caption: str | None = None,
    step: int | None = None,
    steps: int | None = None,
) -> str:
    """The SVG of a scene with ``bottom`` at the bottom (a standalone document)."""
    w = words(lang)
    n = scene.players
    if not 0 <= bottom < n:
        raise ValueError(f"seat must be 0 to {n - 1}")
    pos = positions(n, bottom)
    names = {s: w[pos[s]] for s in range(n)}
    d = _Drawing()
    drawn: set[int] = set()  # cards already face up somewhere
    for s in scene.seats:
        if s.cards:
            drawn.update(s.cards)
    drawn.update(scene.aside)
    talon_in_hand = set(scene.talon) if scene.declarer >= 0 else set()

    # the hands
    for s in scene.seats:
        p = pos[s.seat]
        y = HAND_Y[p]
        received = set(s.received)
        if s.cards is not None:
            x = _row_x(len(s.cards), STEP_FACE, p)
            for i, c in enumerate(s.cards):
                cls = []
                if c in received:
                    cls.append("received")
                if s.seat == scene.declarer and c in talon_in_hand:
                    cls.append("from-talon")
                lift = -8 if cls else 0
                d.card(c, x + i * STEP_FACE, y + lift, " ".join(cls), data_seat=s.seat)
        else:
            x = _row_x(s.count, STEP_BACK, p)
            for i in range(s.count):
                d.back_card(x + i * STEP_BACK, y)
        head, second = _seat_lines(scene, s, names[s.seat], w)
        lx, ly, ly2 = LABEL_AT[p]
        anchor = {"left": "start", "right": "end"}.get(p, "middle")
        turn = scene.turn == s.seat and scene.phase is not Phase.GAME_OVER
        weight = "700" if s.seat == scene.declarer else "400"
        label = _text(lx, ly, ("▸ " if turn else "") + head, 15, text_anchor=anchor)
        label = label.replace("<text ", f'<text font-weight="{weight}" ', 1)
        d.parts.append(f'<g data-seat="{s.seat}" class="seat">{label}')
        if second:
            d.parts.append(_text(lx, ly2, second, 12, fill=MUTED, text_anchor=anchor))
        d.parts.append("</g>")

    # the middle: talon piles, the talon face up, the trick
    mid_x = WIDTH / 2
    piles = scene.talon_backs or ((2, 2) if scene.phase is Phase.PICK else ())
    if piles:
        gap = 30
        widths = [CW + STEP_BACK * (k - 1) for k in piles]
        x = mid_x - (sum(widths) + gap * (len(piles) - 1)) / 2
        for k, count in enumerate(piles):
            for i in range(count):
                d.back_card(x + i * STEP_BACK, 270)
            x += widths[k] + gap
        d.parts.append(_text(mid_x, 262, w["talon"], 12, fill=MUTED, text_anchor="middle"))
    loose = [c for c in scene.talon if c not in drawn]
    if loose:
        x = mid_x - (CW + 64 * (len(loose) - 1)) / 2
        for i, c in enumerate(loose):
            d.card(c, x + i * 64, 270, "talon")
        d.parts.append(_text(mid_x, 262, w["talon"], 12, fill=MUTED, text_anchor="middle"))
    trick = scene.trick
    faded = False
    if not trick and scene.phase is Phase.PLAY and scene.last_trick:
        trick, faded = scene.last_trick, True
    for seat, c in trick:
        tx, ty = TRICK_AT[pos[seat]]
        kind = "last-trick" if faded else "trick"
        extra: dict[str, Any] = {"data_seat": seat}
        if faded:
            extra["opacity"] = ".6"
            if seat == scene.last_winner:
                kind += " winner"
        d.card(c, tx, ty, kind, **extra)
    if faded:
        d.parts.append(_text(mid_x, 436, w["last_trick"], 12, fill=MUTED, text_anchor="middle"))
    if scene.aside:
        ax = WIDTH - 20 - (CW + STEP_FACE * (len(scene.aside) - 1))
        for i, c in enumerate(scene.aside):
            d.card(c, ax + i * STEP_FACE, 330, "aside")
        d.parts.append(_text(WIDTH - 20, 322, w["aside"], 12, fill=MUTED, text_anchor="end"))

    # the information corner: phase and step, contract or bid, trump, winner
    info: list[str] = []
    head = w[PHASE_WORD[scene.phase]]
    if step is not None:
        head += f" · {w['step']} {step}" + (f"/{steps}" if steps is not None else "")
    info.append(head)
    summary = [head]
    if scene.declarer >= 0:
        marks = [
            w[k]
            for k, on in (("dark", scene.dark), ("golden", scene.golden), ("on_100", scene.on_100))
            if on
        ]
        line = f"{w['contract']}: {names[scene.declarer]} {scene.contract}"
        if marks:
            line += f" ({', '.join(marks)})"
        info.append(line)
        summary.append(line)
    elif scene.phase in (Phase.BIDDING, Phase.DARK, Phase.REDEAL):
        line = f"{w['bid']}: {scene.high_bid} — {names[scene.high_seat]}"
        info.append(line)
        summary.append(line)
    if scene.winner is not None:
        line = f"{w['winner']}: {names[scene.winner]}"
        info.append(line)
        summary.append(line)
    y = 30
    ix = 20
    for k, line in enumerate(info):
        d.parts.append(_text(ix, y + 20 * k, line, 14 if k else 15, fill=INK if k else MARK))
    ty = y + 20 * len(info)
    if scene.trump >= 0:
        d.parts.append(_text(ix, ty, f"{w['trump']}:", 14))
        d.suit(scene.trump, ix + 8 + 9 * len(w["trump"]), ty - 15, 18)
        summary.append(f"{w['trump']}: {'♠♣♦♥'[scene.trump]}")
    elif scene.phase is Phase.PLAY:
        d.parts.append(_text(ix, ty, w["no_trump"], 14, fill=MUTED))
        summary.append(w["no_trump"])

    # the caption (a record's note), wrapped under the table
    lines = _wrap(_NOT_XML.sub(" ", caption)) if caption else []
    height = TABLE_H + (18 * len(lines) + 16 if lines else 0)
    for k, line in enumerate(lines):
        d.parts.append(_text(20, TABLE_H + 14 + 18 * k, line, 14, fill="#1b1b1b"))

    title = " · ".join(summary)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}"'
        f' width="{WIDTH}" height="{height}" role="img" aria-label="{escape(title)}"'
        f' data-players="{n}" data-phase="{scene.phase.value}"'
        + (f' data-step="{step}"' if step is not None else "")
        + f' font-family="{escape(SANS)}" fill="{INK}">'
        f"<title>{escape(title)}</title>"
        f"<defs>{d.defs()}</defs>"
        f'<rect width="{WIDTH}" height="{height}" fill="#fff"/>'
        f'<rect width="{WIDTH}" height="{TABLE_H}" rx="18" fill="{FELT}"/>'
        + "".join(d.parts)
        + "</svg>\n"
    )


def render(
    state: State,
    *,
    seat: int | None = None,
    open_hands: bool = False,
    lang: str = "en",
    caption: str | None = None,
    step: int | None = None,
    steps: int | None = None,
) -> str:
    """The SVG of a state: ``seat``'s view (``open_hands``: every hand face up)."""
    bottom = 0 if seat is None else seat
    if not 0 <= bottom < state.n:
        raise ValueError(f"seat must be 0 to {state.n - 1}")
    scene = Scene.of_state(state) if open_hands else Scene.of_state(state, seat=bottom)
    return render_scene(scene, bottom=bottom, lang=lang, caption=caption, step=step, steps=steps)


def render_record(
    data: Any,
    step: int | None = None,
    *,
    seat: int | None = None,
    open_hands: bool = False,
    lang: str = "en",
) -> str:
    """The SVG of a record after ``step`` actions (default and beyond: the end), with
    the record's note for that step as the caption; ``RecordError`` for a bad record."""
    rp = Replay(data)
    n = rp.steps if step is None else rp.clamp(step)
    return render(
        rp.state(n),
        seat=seat,
        open_hands=open_hands,
        lang=lang,
        caption=rp.notes.get(n),
        step=n,
        steps=rp.steps,
    )
