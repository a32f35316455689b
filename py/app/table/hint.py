"""The hint in a player's words: the strongest bot's real alternatives, each with
a chance and a points figure a player can act on, and why the best is best.

``hint_rows(choices, ...)`` turns the AI's ranked ``(action, values)`` pairs
into ``HintRow``s: the action as the table names it ("Bid 105", "Concede",
"Play K♠") and its figures ("you make it 44% of the time; on average −24
points against the others": the seat's score less the mean of the others';
a concession or a bomb with the sheet's own figures: "you write −105, the
others +55 each: −160 points against them"). Choices of one kind with the
same figures share a row ("Play 120 (or 125, 130: the same)"); the best row of each other
kind (pass, concession, bomb, redeal, ...) is always listed, so the real
alternatives are compared; a further contract or bid is listed only when its
chance differs. The best row carries one sentence of why ("With this hand you
would make 105 only 20% of the time: −30 points on average, against −12 if
you pass."), which never compares a figure with itself. No engine notation or
internal names reach the page, and an action appears once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.shell.i18n import card_short, signed, t, tn
from app.shell.i18n import number as _number
from app.table.view import HintRow
from thousand import Conventions
from thousand import actions as A
from thousand.scoring import relative_score


def points(lang: str, n: int, sign: bool = True) -> str:
    """``n`` points in words with the right plural form: "−24 очка", "5 punktów"."""
    return tn(lang, "n_points", n if sign else abs(n))


def percent(lang: str, p: float) -> str:
    """A chance as a percentage: whole, but with one decimal below 1% ("0.2", "0,2")."""
    v = 100.0 * p
    if v >= 0.95 or v <= 0.0:
        return str(round(v))
    text = f"{max(v, 0.1):.1f}"
    return text.replace(".", ",") if lang in ("ru", "uk", "pl") else text


def _w(lang: str, key: str, **kw: Any) -> str:
    """One of the hint's texts (``hint.<key>`` in the catalogue)."""
    return t(lang, "hint." + key, **kw)


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


def _kind(action: int) -> str:
    """Choices of one kind are variants of one move (a bid, a contract, a card);
    every other action is a kind of its own: an alternative always worth listing."""
    if A.is_bid(action):
        return "bid"
    if A.is_contract(action):
        return "contract"
    if A.is_give(action) or A.is_aside(action):
        return "discard"
    if A.is_play(action) or A.is_declare(action):
        return "play"
    if action in (A.PICK_BASE, A.PICK_BASE + 1):
        return "pick"
    return str(action)


def _num(values: Mapping[str, Any], key: str) -> float | None:
    v = values.get(key)
    return float(v) if isinstance(v, float | int) else None


@dataclass
class _Group:
    """Choices of one kind with the same figures, shown as one row."""

    kind: str
    actions: list[int]
    ev: float | None
    chance: float | None  # the chance this seat cares for (make, or defeat for a defender)
    chance_text: str  # the chance as the row shows it ("" without one)
    defender: bool  # the chance is the defeat of the contract
    make: float | None  # the declarer's chance, for the why-sentences
    sure: bool  # a concession or a bomb: the deal is not played
    detail: str


def hint_rows(
    choices: Sequence[tuple[int, Mapping[str, Any]]],
    lang: str,
    names: Sequence[str],
    declarer_view: bool,
    limit: int = 3,
    conv: Conventions | None = None,
    sheet: Mapping[int, Sequence[int]] | None = None,
    seat: int = -1,
    active: Sequence[int] = (),
) -> tuple[HintRow, ...]:
    """The real alternatives in words, best first, each action once; the best row
    says why it is best. ``sheet`` gives, for a concession or a bomb, what each
    seat would write (``auction.unplayed_deltas``), worded for ``seat`` against
    the other ``active`` seats."""
    seen: set[int] = set()
    groups: list[_Group] = []
    for action, values in choices:
        if action in seen:
            continue
        seen.add(action)
        written = Sheet(sheet[action], seat, active, names) if sheet and action in sheet else None
        g = _group(action, values, lang, declarer_view, written)
        same = next((h for h in groups if h.kind == g.kind and h.detail == g.detail), None)
        if same is not None and g.kind != str(action):
            same.actions.append(action)
        else:
            groups.append(g)
    if not groups:
        return ()
    shown: list[_Group] = []
    for g in groups:
        mates = [h for h in shown if h.kind == g.kind]
        if not mates:
            shown.append(g)  # the best of each kind: a real alternative
        elif len(shown) < limit and (
            g.kind not in ("bid", "contract") or all(h.chance_text != g.chance_text for h in mates)
        ):
            shown.append(g)  # a further variant, when its figures tell something
    rows: list[HintRow] = []
    for i, g in enumerate(shown):
        title = _title(g, lang, names, conv)
        why = _why(g, shown, lang, names, conv) if i == 0 else ""
        rows.append(HintRow(title, g.detail, best=i == 0, why=why))
    return tuple(rows)


@dataclass(frozen=True)
class Sheet:
    """What each seat would write on the sheet for a deal that is not played."""

    deltas: Sequence[int]
    seat: int
    active: Sequence[int]
    names: Sequence[str]

    def words(self, lang: str) -> str:
        """ "you write −105, the others +55 each: −160 against them" (the seat's own
        figure less the mean of the others', as the hint's other figures count)."""
        others = [s for s in self.active if s != self.seat]
        mine = self.deltas[self.seat]
        relative = round(relative_score(self.deltas, self.seat, self.active))
        you, pts = signed(mine), points(lang, relative)
        theirs = {self.deltas[s] for s in others}
        if len(theirs) == 1:
            return _w(lang, "sheet_each", you=you, them=signed(theirs.pop()), pts=pts)
        listed = ", ".join(
            _w(lang, "sheet_one", name=self.names[s], v=signed(self.deltas[s])) for s in others
        )
        return _w(lang, "sheet_list", you=you, others=listed, pts=pts)


def _group(
    action: int,
    values: Mapping[str, Any],
    lang: str,
    declarer_view: bool,
    written: Sheet | None = None,
) -> _Group:
    """One choice's figures in words (its row's detail)."""
    parts: list[str] = []
    make, defeat = _num(values, "make"), _num(values, "defeat")
    ev = _num(values, "ev")
    if ev is None:
        ev = _num(values, "score")
    sure = action in (A.WRITEOFF, A.BOMB)
    chance: float | None = None
    defender = False
    if sure:
        s = _num(values, "sure")
        if written is not None:
            parts.append(written.words(lang))
            if action == A.BOMB and s is not None and ev is not None and round(s) != round(ev):
                parts.append(_w(lang, "bomb_spent", pts=points(lang, round(s - ev), sign=False)))
        elif ev is not None:
            if action == A.BOMB and s is not None and round(s) != round(ev):
                parts.append(
                    _w(lang, "bomb_sure", pts=points(lang, round(ev)), v=_number(round(s)))
                )
            else:
                parts.append(_w(lang, "sure", pts=points(lang, round(ev))))
    else:
        if make is not None and (declarer_view or defeat is None):
            chance = make
            parts.append(_w(lang, "make", p=percent(lang, make)))
        elif defeat is not None:
            chance, defender = defeat, True
            parts.append(_w(lang, "defeat", p=percent(lang, defeat)))
        if ev is not None:
            parts.append(_w(lang, "points", pts=points(lang, round(ev))))
    text = "" if chance is None else percent(lang, chance)
    detail = "; ".join(parts)
    return _Group(_kind(action), [action], ev, chance, text, defender, make, sure, detail)


def _title(g: _Group, lang: str, names: Sequence[str], conv: Conventions | None) -> str:
    """The row's title: the first action, and the others with the same figures."""
    title = action_title(g.actions[0], lang, names, conv)
    if len(g.actions) == 1:
        return title
    if g.kind in ("bid", "contract"):
        others = [str(A.action_value(a)) for a in g.actions[1:]]
    elif g.kind == "play":
        others = [
            card_short(a, lang) if A.is_play(a) else action_title(a, lang, names, conv)
            for a in g.actions[1:]
        ]
    else:
        others = [action_title(a, lang, names, conv) for a in g.actions[1:]]
    return _w(lang, "same", title=title, others=", ".join(others))


def _why(
    best: _Group,
    shown: Sequence[_Group],
    lang: str,
    names: Sequence[str],
    conv: Conventions | None,
) -> str:
    """One sentence of why the best row is best: against the best alternative of
    another kind (else the next row); never a figure against itself."""
    ref = next((g for g in shown[1:] if g.kind != best.kind), None)
    if ref is None:
        ref = shown[1] if len(shown) > 1 else None
    if ref is None or best.ev is None or ref.ev is None:
        return ""
    v, o = round(best.ev), round(ref.ev)
    pv, po = points(lang, v), points(lang, o)
    unlikely = ref.make is not None and ref.make < 0.5
    if best.sure and unlikely and v >= o and ref.make is not None:
        key = "why_sure" if v > o else "why_sure_eq"
        return _w(lang, key, v=pv, o=po, p=percent(lang, ref.make))
    first = ref.actions[0]
    if best.actions == [A.PASS] and A.is_bid(first) and unlikely and v >= o:
        key = "why_pass" if v > o else "why_pass_eq"
        p = percent(lang, ref.make or 0.0)
        return _w(lang, key, v=pv, o=po, c=A.action_value(first), p=p)
    title = _title(ref, lang, names, conv)
    if v > o:
        return _w(lang, "why_more", v=pv, o=po, d=points(lang, v - o, sign=False), title=title)
    safer = (
        best.chance is not None
        and ref.chance is not None
        and best.chance > ref.chance
        and best.chance_text != ref.chance_text
        and best.defender == ref.defender
    )
    if safer:
        key = "why_defeat" if best.defender else "why_make"
        return _w(lang, key, p=best.chance_text, q=ref.chance_text, title=title)
    if v == o:
        return _w(lang, "why_eq", v=pv, title=title)
    return ""
