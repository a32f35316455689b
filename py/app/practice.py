"""Practice from any step of a replay: the same cards, one seat yours, the deal played
on against the computer players, then compared with the game as played. Pure.

*Play from here* takes the position of the replay's step (*Play this deal again*:
its deal's start) into a ``Session`` of its own: the seat the replay shows (or,
with every hand open, the declarer's, else the first hand's) is the player's, the
others are computer players. The practice is never saved over the game, never
counted in the statistics, and ends with its deal: the summary then says what the
player made against the game as played ("You made 140 points; as played: 120"),
and, once the open-hand solver has looked at the deal (``thousand.analysis``), the
best the declarer could have made ("best possible: 160").

>>> from thousand import Conventions, Game, make_record
>>> from thousand.bots import EasyBot
>>> from thousand.record import Replay
>>> import random
>>> state = Game(Conventions()).new_initial_state(random.Random(4))
>>> bot, rng = EasyBot(), random.Random(4)
>>> while state.n_rows < 1:
...     state.apply_action(bot.act(state.observation(state.current_player()), rng))
>>> data = Replay(make_record(state))
>>> p = start(data, step=5, seat=None, level="easy")
>>> p.session.practice is p, len(p.session.state.deal_actions), p.session.levels.count("human")
(True, 5, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from thousand.record import Replay
from thousand.sheet import SheetRow

from .dom import El
from .i18n import number, t, tn
from .session import Session


@dataclass
class Practice:
    """One practice: where it comes from and how the deal went there."""

    session: Session
    deal: int  # the deal of the record (0-based)
    step: int  # the record's step it starts from
    seat: int  # the player's seat
    played: SheetRow | None  # the deal as it was played (None: the record stops in it)
    source: dict[str, object] | None = None  # the record it came from (to play it again)
    best: int | None = None  # the declarer's points with perfect play (once solved)
    asked: bool = False  # the solver was asked for it (once, when the deal ended)


def _seat_for(data: Replay, step: int, seat: int | None) -> int:
    if seat is not None:
        return seat
    st = data.state(step)
    return st.declarer if st.declarer >= 0 else st.first


def start(data: Replay, step: int, seat: int | None, level: str, again: bool = False) -> Practice:
    """A practice from ``step`` of ``data`` (``again``: from its deal's start)."""
    deal = data.locate(data.clamp(step))[0]
    if deal >= data.deals:
        deal = data.deals - 1
    first = data.deal_first_step(deal)
    at = first if again else max(first, data.clamp(step))
    state = data.state(at).clone()
    if state.is_terminal() or state.n_rows > data.state(first).n_rows:
        state, at = data.deal_state(deal), first  # the deal is over there: from its start
    me = _seat_for(data, at, seat)
    kinds = [level] * state.n
    kinds[me] = "human"
    seed = random.SystemRandom().randrange(1 << 31)
    state.rng = random.Random(f"practice:{seed}")
    session = Session(state, kinds, seed, human=me, rules="practice")
    session.shown = state.n_rows
    played = None
    if data.deal_finished(deal):
        rows = data.state(first + len(data.deal_actions(deal))).rows
        played = rows[-1] if rows else None
    practice = Practice(session, deal, at, me, played, data.record)
    session.practice = practice
    return practice


def section(p: Practice, row: SheetRow, lang: str) -> El:
    """The practice's end in the deal summary: the comparison and the ways on."""
    from .dom import el
    from .view import _btn

    return el(
        "section",
        {"class": "practice", "data-practice": "1"},
        el("p", {"class": "verdict"}, comparison(p, row, lang)),
        el(
            "div",
            {"class": "row"},
            _btn(t(lang, "practice_again"), ui="practice-again", cls="btn"),
            _btn(t(lang, "practice_end"), ui="practice-end", cls="btn primary", data_autofocus="1"),
        ),
        key="practice",
    )


def comparison(p: Practice, row: SheetRow, lang: str) -> str:
    """The practice's deal against the game as played, in words."""
    parts = [tn(lang, "practice_made", row.points[p.seat] or 0)]
    if p.played is not None:
        parts.append(t(lang, "practice_played", points=number(p.played.points[p.seat] or 0)))
    if p.best is not None and row.declarer == p.seat:
        parts.append(t(lang, "practice_best", points=number(p.best)))
    return "; ".join(parts)
