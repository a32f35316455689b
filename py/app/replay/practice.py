"""Practice from any step of a replay: the same cards, one seat yours, the deal played
on against the computer players, then compared with the game as played. Pure.

*Play from here* takes the position of the replay's step (*Play this deal again*:
its deal's start) into a ``Session`` of its own: the seat the replay shows (or,
with every hand open, the declarer's, else the first hand's) is the player's, the
others are computer players. Every seat keeps the name it has in the replay
(``names``), on the table, in the log and in the analysis alike, and a banner on
the felt says whose cards the player holds ("Practice: you play East's cards")
with *Back to the game* (``banner``). The practice is never saved over the game,
never counted in the statistics, and ends with its deal: the summary then says
what the player made against the game as played ("You made 140 points; as played:
120"), and, once the open-hand solver has looked at the deal (``thousand.analysis``),
the best the declarer could have made ("best possible: 160").

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
>>> p.names("en")  # the replay's names (a game of someone else's: by compass)
('South', 'West', 'East')
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from app.replay.replay_view import replay_names
from app.shell.dom import El, el
from app.shell.i18n import number, t, tn
from app.table.session import Session
from app.table.view import button
from thousand.record import Replay, load_seats
from thousand.sheet import SheetRow


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
    solving: bool = False  # the solver is at work on it now
    own: bool = False  # the replay was of the player's own game (seat 0 is "You")
    seat_names: tuple[tuple[str, str], ...] = ()  # the record's (kind, name) per seat

    def names(self, lang: str) -> tuple[str, ...]:
        """Each seat's name as the replay it came from gives it (kept all through)."""
        return replay_names(self.session.n, lang, self.own, list(self.seat_names) or None)


def _seat_for(data: Replay, step: int, seat: int | None) -> int:
    if seat is not None:
        return seat
    st = data.state(step)
    return st.declarer if st.declarer >= 0 else st.first


def start(
    data: Replay,
    step: int,
    seat: int | None,
    level: str,
    again: bool = False,
    own: bool = False,
    entropy: str | None = None,
) -> Practice:
    """A practice from ``step`` of ``data`` (``again``: from its deal's start; ``own``:
    the player's own game, whose seat 0 is "You"); its later deals are shuffled from
    ``entropy`` (hex digits of fresh randomness; without it, the system's)."""
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
    if entropy is not None:
        seed = int(entropy[:8], 16) % (1 << 31)
    else:
        seed = random.SystemRandom().randrange(1 << 31)
    state.rng = random.Random(f"practice:{seed}")
    session = Session(state, kinds, seed, human=me, rules="practice")
    session.shown = state.n_rows
    played = None
    if data.deal_finished(deal):
        rows = data.state(first + len(data.deal_actions(deal))).rows
        played = rows[-1] if rows else None
    seats = tuple(load_seats(data.record, state.n) or ())
    practice = Practice(session, deal, at, me, played, data.record, own=own, seat_names=seats)
    session.practice = practice
    return practice


def banner(p: Practice, lang: str, at_end: bool = False) -> El:
    """The felt's line all through a practice (``data-practice-banner``): that this is a
    practice, whose cards the player holds, and *Back to the game* (at the deal's end
    the summary holds that button, so the banner does not repeat it)."""
    name = p.names(lang)[p.seat]
    own = p.own and p.seat == 0 and not (p.seat_names and p.seat_names[0][1])
    text = t(lang, "practice_banner_own") if own else t(lang, "practice_banner", name=name)
    return el(
        "section",
        {"class": "practice-banner", "data-practice-banner": "1", "role": "status"},
        el("p", {"class": "practice-text"}, text),
        None if at_end else button(t(lang, "practice_end"), ui="practice-end", cls="btn small"),
        key="practice-banner",
    )


def section(p: Practice, row: SheetRow, lang: str) -> El:
    """The practice's end in the deal summary: the comparison and the ways on."""
    return el(
        "section",
        {"class": "practice", "data-practice": "1"},
        el("p", {"class": "verdict"}, comparison(p, row, lang)),
        el(
            "div",
            {"class": "row"},
            button(t(lang, "practice_again"), ui="practice-again", cls="btn"),
            button(
                t(lang, "practice_end"), ui="practice-end", cls="btn primary", data_autofocus="1"
            ),
        ),
        key="practice",
    )


def comparison(p: Practice, row: SheetRow, lang: str) -> str:
    """The practice's deal against the game as played, in words."""
    parts = [tn(lang, "practice_made", row.points[p.seat] or 0)]
    if p.played is not None:
        parts.append(t(lang, "practice_played", points=number(p.played.points[p.seat] or 0)))
    if p.best is not None:
        key = "practice_best" if row.declarer == p.seat else "practice_best_declarer"
        parts.append(t(lang, key, points=number(p.best)))
    elif p.solving:
        parts.append(t(lang, "practice_best_busy"))
    return "; ".join(parts)
