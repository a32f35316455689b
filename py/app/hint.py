"""The hint in a player's words: the strongest bot's top choices, each with a
chance and a points figure a player can act on.

``hint_rows(choices, ...)`` turns the AI's ``(action, values)`` pairs into
``HintRow``s: the action as the table names it ("Bid 105", "Give Q♠ to West",
"Play K♠") and a sentence such as "you make it 44% of the time; −24 points on
average, against −20 if you pass". No engine notation or internal names reach
the page, and an action appears once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from thousand import Conventions
from thousand import actions as A

from .i18n import card_short, signed, t
from .view import HintRow

#: Words of the hint per language (kept here: only the hint uses them).
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "make": "you make it {p}% of the time",
        "defeat": "the contract is defeated {p}% of the time",
        "points": "{v} points on average",
        "against": "against {v} if you {alt}",
        "alt_pass": "pass",
        "alt_other": "choose otherwise",
        "play": "Play {card}",
        "declare": "Lead {card} declaring (+{value})",
        "best": "best",
    },
    "ru": {
        "make": "заказ сыгран в {p}% случаев",
        "defeat": "заказ подсажен в {p}% случаев",
        "points": "в среднем {v} очков",
        "against": "против {v}, если {alt}",
        "alt_pass": "спасовать",
        "alt_other": "сыграть иначе",
        "play": "Ходить {card}",
        "declare": "Ходить {card} с марьяжем (+{value})",
        "best": "лучше всего",
    },
    "uk": {
        "make": "замовлення зіграно у {p}% випадків",
        "defeat": "замовлення підсаджено у {p}% випадків",
        "points": "в середньому {v} очок",
        "against": "проти {v}, якщо {alt}",
        "alt_pass": "спасувати",
        "alt_other": "зіграти інакше",
        "play": "Ходити {card}",
        "declare": "Ходити {card} з марʼяжем (+{value})",
        "best": "найкраще",
    },
    "pl": {
        "make": "gra ugrana w {p}% przypadków",
        "defeat": "gra przegrana przez grającego w {p}% przypadków",
        "points": "średnio {v} pkt",
        "against": "wobec {v}, jeśli {alt}",
        "alt_pass": "spasujesz",
        "alt_other": "zagrasz inaczej",
        "play": "Zagraj {card}",
        "declare": "Wyjdź {card} z meldunkiem (+{value})",
        "best": "najlepsze",
    },
}


def _w(lang: str, key: str, **kw: Any) -> str:
    table = WORDS.get(lang, WORDS["en"])
    return table[key].format(**kw)


def action_title(
    action: int, lang: str, names: Sequence[str], conv: Conventions | None = None
) -> str:
    """An action as the table's buttons and cards name it."""
    if action == A.PASS:
        return t(lang, "pass")
    if A.is_bid(action):
        return t(lang, "bid_value", value=A.action_value(action))
    if A.is_contract(action):
        return t(lang, "play_value", value=A.action_value(action))
    if A.is_give(action):
        card, seat = divmod(action - A.GIVE_BASE, 4)
        return t(lang, "give_to", card=card_short(card, lang), name=names[seat])
    if A.is_aside(action):
        return t(lang, "aside", card=card_short(A.action_card(action), lang))
    if A.is_declare(action):
        card = A.played_card(action)
        value = 200 if card % 6 == 5 else (40, 60, 80, 100)[card // 6]
        return _w(lang, "declare", card=card_short(card, lang), value=value)
    if A.is_play(action):
        return _w(lang, "play", card=card_short(action, lang))
    words = {
        A.REDEAL: "redeal",
        A.KEEP: "keep",
        A.DARK: "dark",
        A.LOOK: "look",
        A.WRITEOFF: "writeoff",
    }
    conv = conv or Conventions()
    if action == A.UNBLIND:
        return t(lang, "unblind", value=conv.unblind_bid())
    if action == A.BOMB:
        return t(lang, "bomb", points=conv.bomb_points)
    if action in words:
        return t(lang, words[action])
    if action in (A.PICK_BASE, A.PICK_BASE + 1):
        return t(lang, "pick", n=action - A.PICK_BASE + 1)
    return t(lang, "hint")


def hint_rows(
    choices: Sequence[tuple[int, Mapping[str, Any]]],
    lang: str,
    names: Sequence[str],
    declarer_view: bool,
    limit: int = 3,
    conv: Conventions | None = None,
) -> tuple[HintRow, ...]:
    """The top choices in words, best first, each action once."""
    seen: set[int] = set()
    ordered: list[tuple[int, Mapping[str, Any]]] = []
    for action, values in choices:
        if action in seen:
            continue
        seen.add(action)
        ordered.append((action, values))
    if not ordered:
        return ()
    alt = next(((a, v) for a, v in ordered if a == A.PASS), None)
    rows: list[HintRow] = []
    for i, (action, values) in enumerate(ordered[:limit]):
        parts: list[str] = []
        make = values.get("make")
        defeat = values.get("defeat")
        if isinstance(make, float | int) and (declarer_view or defeat is None):
            parts.append(_w(lang, "make", p=round(100 * float(make))))
        elif isinstance(defeat, float | int):
            parts.append(_w(lang, "defeat", p=round(100 * float(defeat))))
        ev = values.get("ev", values.get("score"))
        if isinstance(ev, float | int):
            text = _w(lang, "points", v=signed(round(ev)))
            other = alt if alt is not None and alt[0] != action else None
            if i == 0 and other is None and len(ordered) > 1:
                other = ordered[1]
            if i == 0 and other is not None:
                oev = other[1].get("ev", other[1].get("score"))
                if isinstance(oev, float | int):
                    word = "alt_pass" if other[0] == A.PASS else "alt_other"
                    text += ", " + _w(lang, "against", v=signed(round(oev)), alt=_w(lang, word))
            parts.append(text)
        title = action_title(action, lang, names, conv)
        rows.append(HintRow(title, "; ".join(parts), best=i == 0))
    return tuple(rows)
