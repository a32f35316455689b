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
"""

from __future__ import annotations

import json
import random
from typing import Any

from . import safejson
from .actions import action_from_str, action_str
from .cards import cards_mask, mask_str
from .conventions import Conventions, ConventionsError
from .refusals import shown
from .state import IllegalActionError, State, deal_problem

FORMAT = "thousand-record"
VERSION = 1
#: A 60-deal game with notes is well under 200 KB; anything far bigger is not a record.
MAX_RECORD_BYTES = 1_000_000


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where and why."""


def _cards_json(mask: int) -> list[str]:
    return mask_str(mask).split() if mask else []


def make_record(state: State, seed: int | None = None) -> dict[str, Any]:
    """The game so far (finished deals and the one in progress) as a record."""
    deals = [*state.log]
    if not state.is_terminal():
        cur = dict(state.deal_info)
        cur["actions"] = state.deal_actions
        deals.append(cur)
    out_deals = []
    for d in deals:
        if seed is not None:
            out_deals.append(
                {"dealer": d["dealer"], "actions": [action_str(a) for a in d["actions"]]}
            )
            continue
        talon = d["talon"]
        t: Any = (
            [_cards_json(talon[0]), _cards_json(talon[1])] if state.n == 2 else _cards_json(talon)
        )
        e: dict[str, Any] = {
            "dealer": d["dealer"],
            "hands": [_cards_json(h) for h in d["hands"]],
            "talon": t,
            "actions": [action_str(a) for a in d["actions"]],
        }
        if d.get("cut"):
            e["cut"] = d["cut"]
        out_deals.append(e)
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
    return rec


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


def replay(data: Any) -> State:
    """Replay a record, validating every deal and action; returns the final state."""
    conv, rec = load_record(data)
    n = conv.players
    deals = rec["deals"]
    totals = rec.get("totals")
    if totals is not None and (
        not isinstance(totals, list)
        or len(totals) != n
        or not all(type(x) is int and abs(x) < 100_000 and x % 5 == 0 for x in totals)
        or max(totals) >= conv.target
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
        for j, text in enumerate(acts):
            if not isinstance(text, str):
                raise RecordError(f"deal {i + 1} action {j + 1}: must be a string")
            if len(state.log) != i:
                raise RecordError(f"deal {i + 1} action {j + 1} ({shown(text)}): the deal is over")
            try:
                state.apply_action(action_from_str(text))
            except (ValueError, IllegalActionError) as e:
                raise RecordError(f"deal {i + 1} action {j + 1} ({shown(text)}): {e}") from None
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
    return state


def dumps(state: State, seed: int | None = None) -> str:
    """The record of a state as compact JSON text."""
    return json.dumps(make_record(state, seed), ensure_ascii=False, separators=(",", ":"))
