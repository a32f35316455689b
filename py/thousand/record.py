"""Game records: a game as JSON that replays through ``apply_action``.

Format (version 1)::

    {"format": "thousand-record", "version": 1,
     "conventions": {...},            # only the values that differ from Classic
     "players": 3,
     "totals": [0, 0, 0],             # optional: the totals the game started from
     "deals": [{"dealer": 0,
                "hands": [["AS", ...], [...], [...]],   # as dealt, one list per seat
                "talon": ["9H", "JD", "QC"],          # 2 players: [[..2..], [..2..]]
                "cut": 0,                             # nines seen in the cut (cut_ritual)
                "actions": ["bid 105", "pass", ...]}]}

Instead of explicit hands a record may carry ``"seed": S`` at the top: the
deals then come from ``random.Random(S)`` exactly as ``Game.new_initial_state``
draws them, and each deal needs only its ``actions`` (its ``dealer``, when given,
is checked). Replaying re-validates every action, so a record can never hold an
illegal position; every problem raises ``RecordError`` naming the deal and action.

**Steps and notes.** A record's actions are counted from its start over all
deals: step N is the position after N actions (step 0: the first deal as
dealt). An optional ``"notes": {"12": "East ducks to keep the ace"}`` gives a
caption per step (keys decimal step numbers from 0 to the number of actions,
values text of at most 500 characters, at most 1000 notes); ``load_notes``
reads them, ``replay`` checks them, ``make_record(state, notes=...)`` writes them.

**Seats and fair deals.** An optional ``"seats": [{"kind": "human", "name":
"Olena"}, ...]`` lists who sat where (``SEAT_KINDS``; a name of at most
``MAX_NAME`` characters); ``load_seats`` reads it, dropping what is not valid. A
deal may carry ``"fair": {"commit": C, "seed": S}``: the commitment shown before it
and, once it is over, the seed it was shuffled by (``thousand.fair`` checks them).

**Replay.** ``Replay(record)`` validates a record once and then gives the state
after any step cheaply (a clone of the nearest deal start plus the actions of
that deal): the one replay model of the page's replay view, the deal
analysis (``thousand.analysis``) and the diagrams (``thousand.diagram``).

>>> import random
>>> from thousand import Game, Conventions
>>> from thousand.bots import RandomBot
>>> state = Game(Conventions()).new_initial_state(random.Random(2))
>>> bot, rng = RandomBot(), random.Random(1)
>>> for _ in range(12):
...     state.apply_action(bot.act(state.observation(state.current_player()), rng))
>>> rec = make_record(state, notes={3: "the first bid", 12: "here"})
>>> rec["notes"]
{'3': 'the first bid', '12': 'here'}
>>> r = Replay(rec)
>>> r.steps, r.notes[12], r.state(12).deal_actions == state.deal_actions
(12, 'here', True)
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import safejson
from .actions import action_from_str, action_str
from .cards import cards_mask, mask_str
from .conventions import Conventions, ConventionsError
from .refusals import shown
from .scoring import reached_target
from .state import IllegalActionError, State, deal_problem

FORMAT = "thousand-record"
VERSION = 1
#: A 60-deal game with notes is well under 200 KB; anything far bigger is not a record.
MAX_RECORD_BYTES = 1_000_000
#: At most this many notes, each at most this many characters.
MAX_NOTES = 1000
MAX_NOTE_CHARS = 500
#: Who may sit at a seat: the page's owner, another person at that device, a person
#: online, or a computer player of a level.
SEAT_KINDS = ("human", "local", "online", "easy", "normal", "strong")
#: The kinds of seat a person sits in.
PEOPLE = ("human", "local", "online")
#: A player's name: at most this many characters.
MAX_NAME = 20
# A step number as a note's key: decimal, no sign, no leading zero, no spaces.
_STEP_KEY = re.compile(r"0|[1-9][0-9]{0,8}")


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where and why."""


def _cards_json(mask: int) -> list[str]:
    return mask_str(mask).split() if mask else []


#: The finished deals last written out, by the identity of their log entry. A
#: log entry never changes once the deal is over (``State._close_log``), and the
#: entry is held here, so its identity cannot pass to another object. The page
#: writes the whole game after every action: encoding 40 finished deals again
#: each time took 5 ms in CPython, over 10 ms in Pyodide.
_WRITTEN: dict[int, tuple[dict[str, Any], tuple[Any, ...]]] = {}


def _thawed(value: Any) -> Any:
    """``value`` with every tuple in it made a fresh list (a caller may change the record)."""
    return [_thawed(x) for x in value] if isinstance(value, tuple) else value


def _deal_parts(d: dict[str, Any], players: int) -> tuple[Any, ...]:
    """A log entry's hands, talon and actions as JSON-ready tuples."""
    talon = d["talon"]
    t: Any = (
        (tuple(_cards_json(talon[0])), tuple(_cards_json(talon[1])))
        if players == 2
        else tuple(_cards_json(talon))
    )
    hands = tuple(tuple(_cards_json(h)) for h in d["hands"])
    return hands, t, tuple(action_str(a) for a in d["actions"])


def make_record(
    state: State, seed: int | None = None, notes: Mapping[int, str] | None = None
) -> dict[str, Any]:
    """The game so far (finished deals and the one in progress) as a record.

    ``notes`` maps step numbers (actions from the start of the record) to
    captions; a bad note raises ``RecordError`` naming it.
    """
    finished = state.log
    deals = [*finished]
    if not state.is_terminal():
        cur = dict(state.deal_info)
        cur["actions"] = state.deal_actions
        deals.append(cur)
    out_deals = []
    written: dict[int, tuple[dict[str, Any], tuple[Any, ...]]] = {}
    for k, d in enumerate(deals):
        if seed is not None:
            out_deals.append(
                {"dealer": d["dealer"], "actions": [action_str(a) for a in d["actions"]]}
            )
            continue
        if k < len(finished):
            hit = _WRITTEN.get(id(d)) or (d, _deal_parts(d, state.n))
            written[id(d)] = hit
            hands, talon, actions = hit[1]
        else:
            hands, talon, actions = _deal_parts(d, state.n)
        e: dict[str, Any] = {
            "dealer": d["dealer"],
            "hands": _thawed(hands),
            "talon": _thawed(talon),  # its shape (two talons with 2 players) is _deal_parts'
            "actions": _thawed(actions),
        }
        if d.get("cut"):
            e["cut"] = d["cut"]
        out_deals.append(e)
    if written:
        _WRITTEN.clear()
        _WRITTEN.update(written)
    rec: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "conventions": state.conv.changes(),
        "players": state.n,
    }
    if any(state.start_totals):
        rec["totals"] = list(state.start_totals)
    if seed is not None:
        rec["seed"] = seed
    rec["deals"] = out_deals
    if notes:
        steps = sum(len(d["actions"]) for d in out_deals)
        if not isinstance(notes, Mapping):
            raise RecordError("notes must map step numbers to captions")
        keyed = {}
        for k, v in notes.items():
            if type(k) is not int:
                raise RecordError(f"note {shown(k)}: the step must be a whole number")
            keyed[str(k)] = v
        checked = _check_notes(keyed, steps)
        rec["notes"] = {str(k): checked[k] for k in sorted(checked)}
    return rec


def clean_name(name: object) -> str:
    """A player's name as a seat may carry it: text without control characters,
    trimmed, at most ``MAX_NAME`` characters ("" for anything else).

    >>> clean_name("  Olena\u0007 "), clean_name(42), len(clean_name("x" * 99))
    ('Olena', '', 20)
    """
    if not isinstance(name, str):
        return ""
    text = "".join(ch for ch in name if ch.isprintable()).strip()
    return text[:MAX_NAME].strip()


def load_seats(rec: Any, players: int) -> list[tuple[str, str]] | None:
    """A record's seats as (kind, name) pairs, or None when it lists none or they do
    not fit its table (an unknown kind or a bad name is dropped, never trusted)."""
    seats = rec.get("seats") if isinstance(rec, dict) else None
    if not isinstance(seats, list) or len(seats) != players:
        return None
    out = []
    for x in seats:
        if not isinstance(x, dict):
            return None
        kind = x.get("kind")
        out.append((kind if kind in SEAT_KINDS else "", clean_name(x.get("name", ""))))
    return out


def _check_notes(notes: Any, steps: int) -> dict[int, str]:
    """The notes of a record by step, each checked; ``RecordError`` names a bad one."""
    if notes is None:
        return {}
    if not isinstance(notes, dict):
        raise RecordError('notes must be an object like {"12": "a caption"}')
    if len(notes) > MAX_NOTES:
        raise RecordError(f"too many notes ({len(notes):,}; at most {MAX_NOTES})")
    out: dict[int, str] = {}
    for key, text in notes.items():
        if not isinstance(key, str) or not _STEP_KEY.fullmatch(key):
            raise RecordError(f'note {shown(key)}: the key must be a step number like "12"')
        step = int(key)
        if step > steps:
            raise RecordError(
                f"note {key}: step {step} is beyond the end of the record ({steps} actions)"
            )
        if not isinstance(text, str):
            raise RecordError(f"note {key}: the caption must be text, not {shown(text, 20)}")
        if len(text) > MAX_NOTE_CHARS:
            raise RecordError(f"note {key}: {len(text):,} characters (at most {MAX_NOTE_CHARS})")
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise RecordError(f"note {key}: not valid text (a lone surrogate)") from None
        out[step] = text
    return out


def _count_steps(deals: list[Any]) -> int:
    """The number of actions a record lists (checked for shape, not legality)."""
    steps = 0
    for i, d in enumerate(deals):
        if not isinstance(d, dict):
            raise RecordError(f"deal {i + 1}: expected an object")
        acts = d.get("actions", [])
        if not isinstance(acts, list):
            raise RecordError(f"deal {i + 1}: actions must be a list")
        steps += len(acts)
    return steps


def load_notes(data: Any) -> dict[int, str]:
    """A record's notes by step (checked against the number of actions it lists).

    ``replay`` and ``Replay`` check the actions themselves as well.
    """
    _, rec = load_record(data)
    return _check_notes(rec.get("notes"), _count_steps(rec["deals"]))


def _parse_cards(x: Any, where: str) -> int:
    if not isinstance(x, list) or not all(isinstance(c, str) for c in x):
        raise RecordError(f'{where}: expected a list of cards like ["AS", "TH"]')
    try:
        m = cards_mask(x)
    except ValueError as e:
        raise RecordError(f"{where}: {e}") from None
    if m.bit_count() != len(x):
        raise RecordError(f"{where}: a card is listed twice")
    return m


def _parse_deal(d: Any, i: int, n: int) -> tuple[int, list[int], Any, int]:
    where = f"deal {i + 1}"
    if not isinstance(d, dict):
        raise RecordError(f"{where}: expected an object")
    dealer = d.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise RecordError(f"{where}: dealer must be a seat from 0 to {n - 1}")
    hands_in = d.get("hands")
    if not isinstance(hands_in, list) or len(hands_in) != n:
        raise RecordError(f"{where}: hands must list {n} hands")
    hands = [_parse_cards(h, f"{where} hand {s}") for s, h in enumerate(hands_in)]
    if n == 2:
        t = d.get("talon")
        if not isinstance(t, list) or len(t) != 2:
            raise RecordError(f"{where}: talon must be two 2-card talons for 2 players")
        talon: Any = (
            _parse_cards(t[0], f"{where} talon 0"),
            _parse_cards(t[1], f"{where} talon 1"),
        )
    else:
        talon = _parse_cards(d.get("talon"), f"{where} talon")
    problem = deal_problem(n, dealer, hands, talon)
    if problem:
        raise RecordError(f"{where}: {problem}")
    cut = d.get("cut", 0)
    if not isinstance(cut, int) or isinstance(cut, bool) or not 0 <= cut <= 3:
        raise RecordError(f"{where}: cut must be 0 to 3")
    return dealer, hands, talon, cut


def load_record(data: Any) -> tuple[Conventions, dict[str, Any]]:
    """Check a record's envelope; returns its conventions and the record."""
    if isinstance(data, (str, bytes)):
        try:
            data = safejson.loads(data, max_bytes=MAX_RECORD_BYTES)
        except ValueError as e:
            raise RecordError(f"not a readable record: {e}") from None
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a game record (format must be {FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise RecordError(f"unsupported record version {shown(version)}")
    conv_in = data.get("conventions", {})
    players = data.get("players")
    if players is not None:
        if type(players) is not int or players not in (2, 3, 4):
            raise RecordError(f"players must be 2, 3 or 4, not {shown(players)}")
        if isinstance(conv_in, dict) and conv_in.get("players", players) != players:
            raise RecordError(
                f"players is {players} but the conventions say {shown(conv_in['players'])}"
            )
        if isinstance(conv_in, dict) and "players" not in conv_in:
            conv_in = {**conv_in, "players": players}
    try:
        conv = Conventions.from_dict(conv_in)
    except ConventionsError as e:
        raise RecordError(str(e)[:500]) from None
    if not isinstance(data.get("deals"), list):
        raise RecordError("deals must be a list")
    return conv, data


@dataclass(frozen=True)
class _Replayed:
    """A record replayed: the final state, each deal's start and its actions."""

    record: dict[str, Any]
    conventions: Conventions
    final: State
    starts: tuple[State, ...]  # deal i as dealt, before its first action
    actions: tuple[tuple[int, ...], ...]  # deal i's actions (ids)
    notes: dict[int, str]


def replay(data: Any) -> State:
    """Replay a record, validating every deal, action and note; returns the final state."""
    return _replay(data, keep=False).final


def _replay(data: Any, keep: bool) -> _Replayed:
    """Replay a record; ``keep``: keep a clone of every deal's start."""
    conv, rec = load_record(data)
    n = conv.players
    deals = rec["deals"]
    totals = rec.get("totals")
    if totals is not None and (
        not isinstance(totals, list)
        or len(totals) != n
        or not all(type(x) is int and abs(x) < 100_000 and x % 5 == 0 for x in totals)
        or reached_target(conv, totals)  # §9 the game would be over
    ):
        raise RecordError(f"totals must list {n} multiples of 5 below the target")
    seed = rec.get("seed")
    if seed is not None:
        if type(seed) is not int or not -(2**63) <= seed < 2**63:
            raise RecordError("seed must be a whole number (64-bit)")
        if not deals:
            raise RecordError("a record needs at least one deal")
        state = State(conv, random.Random(seed), totals=totals)
    else:
        if not deals:
            raise RecordError("a record needs at least one deal")
        parsed = [_parse_deal(d, i, n) for i, d in enumerate(deals)]
        first = parsed[0]
        state = State(conv, random.Random(0), dealer=first[0], totals=totals, deal=first[1:])
        for p in parsed[1:]:
            state.queue_deal(*p)
    starts: list[State] = []
    all_acts: list[tuple[int, ...]] = []
    for i, d in enumerate(deals):
        if not isinstance(d, dict):
            raise RecordError(f"deal {i + 1}: expected an object")
        if state.is_terminal():
            raise RecordError(f"deal {i + 1}: the game is over (it ended with deal {i})")
        if len(state.log) != i:
            raise RecordError(f"deal {i + 1}: the previous deal did not end where the record says")
        if "dealer" in d and d["dealer"] != state.dealer:
            raise RecordError(
                f"deal {i + 1}: dealer should be seat {state.dealer} by the rules, "
                f"the record says {shown(d['dealer'])}"
            )
        acts = d.get("actions", [])
        if not isinstance(acts, list):
            raise RecordError(f"deal {i + 1}: actions must be a list")
        if keep:
            starts.append(state.clone())
        ids: list[int] = []
        for j, text in enumerate(acts):
            if not isinstance(text, str):
                raise RecordError(f"deal {i + 1} action {j + 1}: must be a string")
            if len(state.log) != i:
                raise RecordError(f"deal {i + 1} action {j + 1} ({shown(text)}): the deal is over")
            try:
                a = action_from_str(text)
                state.apply_action(a)
            except (ValueError, IllegalActionError) as e:
                raise RecordError(f"deal {i + 1} action {j + 1} ({shown(text)}): {e}") from None
            ids.append(a)
        all_acts.append(tuple(ids))
        if i < len(deals) - 1:
            if state.is_terminal():
                raise RecordError(f"deal {i + 2}: the game is over (it ended with deal {i + 1})")
            if len(state.log) != i + 1:
                raise RecordError(f"deal {i + 1}: the record's actions stop before the deal ends")
            # RULES §2: the deal passes to the left (redeal_same_dealer keeps it after a redeal).
            last = state.rows[-1]
            same = last.kind == "redeal" and conv.redeal_same_dealer
            expected = last.dealer if same else (last.dealer + 1) % n
            nxt = (
                deals[i + 1].get("dealer", expected) if isinstance(deals[i + 1], dict) else expected
            )
            if nxt != expected:
                raise RecordError(
                    f"deal {i + 2}: dealer should be seat {expected} by the "
                    f"rules, the record says {shown(nxt)}"
                )
    notes = _check_notes(rec.get("notes"), sum(len(a) for a in all_acts))
    return _Replayed(rec, conv, state, tuple(starts), tuple(all_acts), notes)


class Replay:
    """A validated record that gives the position after any step (see the module doc).

    ``steps`` counts the record's actions; ``state(n)`` is a fresh ``State``
    after ``n`` of them (clamped to 0..steps), built from the nearest deal start,
    so stepping through a long game costs a clone and a few actions per step.
    """

    def __init__(self, data: Any) -> None:
        r = _replay(data, keep=True)
        self.record = r.record
        self.conventions = r.conventions
        self.notes: dict[int, str] = r.notes
        self._final = r.final
        self._starts = r.starts
        self._actions = r.actions
        firsts = []
        n = 0
        for acts in r.actions:
            firsts.append(n)
            n += len(acts)
        self._firsts = tuple(firsts)
        self.steps = n

    def __copy__(self) -> Replay:
        """A replay never changes once read (every position it gives is a fresh
        clone), so a copy of it, shallow or deep, is the replay itself."""
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Replay:
        return self

    @property
    def deals(self) -> int:
        """The number of deals in the record."""
        return len(self._starts)

    def clamp(self, step: int) -> int:
        """A step number brought into 0..steps."""
        return max(0, min(int(step), self.steps))

    def locate(self, step: int) -> tuple[int, int]:
        """(deal index, actions of that deal applied) of a step (clamped).

        A step that ends a deal is the next deal's start when there is one.
        """
        step = self.clamp(step)
        lo, hi = 0, len(self._firsts) - 1
        while lo < hi:  # the last deal starting at or before the step
            mid = (lo + hi + 1) // 2
            if self._firsts[mid] <= step:
                lo = mid
            else:
                hi = mid - 1
        return lo, step - self._firsts[lo]

    def deal_first_step(self, deal: int) -> int:
        """The step at which deal ``deal`` (0-based) starts."""
        return self._firsts[deal]

    def deal_actions(self, deal: int) -> tuple[int, ...]:
        """The action ids of deal ``deal`` as recorded."""
        return self._actions[deal]

    def deal_state(self, deal: int) -> State:
        """A fresh state at the start of deal ``deal`` (as dealt, no action yet)."""
        return self._starts[deal].clone()

    def deal_finished(self, deal: int) -> bool:
        """Whether the record plays deal ``deal`` to its end."""
        return deal < len(self._starts) - 1 or len(self._final.log) > deal

    def action(self, step: int) -> int | None:
        """The action that leads from step ``step - 1`` to ``step`` (None at step 0)."""
        step = self.clamp(step)
        if step == 0:
            return None
        deal, k = self.locate(step - 1)
        return self._actions[deal][k]

    def state(self, step: int) -> State:
        """A fresh state after ``step`` actions (clamped to 0..steps)."""
        step = self.clamp(step)
        if step == self.steps:
            return self._final.clone()
        deal, k = self.locate(step)
        st = self._starts[deal].clone()
        for a in self._actions[deal][:k]:
            st.apply_action(a)
        return st

    def final(self) -> State:
        """A fresh copy of the state after the last action."""
        return self._final.clone()


def replay_to(data: Any, step: int) -> tuple[State, int]:
    """The state after ``step`` actions of a record (clamped) and its number of steps."""
    r = Replay(data)
    return r.state(step), r.steps


def dumps(state: State, seed: int | None = None, notes: Mapping[int, str] | None = None) -> str:
    """The record of a state as compact JSON text."""
    return json.dumps(make_record(state, seed, notes), ensure_ascii=False, separators=(",", ":"))
