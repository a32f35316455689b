"""Random games under random valid conventions, checking the engine's invariants.

Invariants checked after every action: the 24 cards are conserved (hands,
talon, trick/played cards and the cards set aside partition the deck); every
listed legal action is accepted (tried on a clone for a sample of positions)
and a sample of unlisted actions is refused with ``IllegalActionError``.
After every deal: a played-out deal shares out exactly 120 card points; the
sheet's totals equal the sum of its deltas; a record of the game replays to
the same sheet.
"""

from __future__ import annotations

import dataclasses
import random
import typing
from typing import Any

from . import actions as A
from .cards import ACE, ACE_MARRIAGE, FULL_DECK, marriage_value, mask_points
from .conventions import REQUIRES, Conventions, ConventionsError, is_on
from .record import make_record, replay
from .state import IllegalActionError, Phase, State

_CHOICES: dict[str, list[Any]] = {
    "players": [2, 3, 3, 4],
    "target": [1000, 1000, 500, 300],
    "penalty": [120, 120, 60, 0],
    "min_raise": [5, 10],
    "bid_step": [5, 5, 10],
    "bid_cap": [300, 200, 120],
    "round_to": [5, 10],
    "bombs": [0, 0, 1, 2],
    "bomb_points": [60, 120, 0],
    "silence_below": [None, None, -50, 100],
    "barrel_at": [880, 900, 800],
    "barrel_attempts": [3, 1, 2],
    "redeal_hand_below": [14, None, 25],
    "redeal_talon_below": [5, None, 12],
    "write_off_limit": [None, 3, 1],
    "dark_min_total": [None, 0, 200],
}
_OFF: dict[str, Any] = {"write_off_limit": None, "dark_min_total": None, "barrel_bidding": "normal"}
_ALL_IDS = [f.name for f in dataclasses.fields(Conventions)]
_ALL_ACTIONS = list(range(A.N_ACTIONS))


def random_conventions(rng: random.Random) -> Conventions:
    """A random valid convention set (every catalogue entry drawn)."""
    hints = typing.get_type_hints(Conventions)
    while True:
        values: dict[str, Any] = {}
        for name in _ALL_IDS:
            tp = hints[name]
            if name in _CHOICES:
                values[name] = rng.choice(_CHOICES[name])
            elif tp is bool:
                values[name] = rng.random() < 0.5
            elif typing.get_origin(tp) is typing.Literal:
                values[name] = rng.choice(typing.get_args(tp))
        if values["target"] < 1000:
            values["barrel"] = False
        if values["bid_step"] == 10:
            values["min_raise"] = 10  # bid_step: raises are multiples of the step
        if values["barrel_mode"] == "declarer_only":
            # barrel_mode=declarer_only excludes the Russian barrel's contract options
            values.update(over_1000=False, barrel_bidding="normal", barrel_freezes_defenders=False)
        # Switch off what would contradict (REQUIRES), so most draws are valid.
        for _ in range(3):
            for opt, req in REQUIRES:
                if is_on(values[opt]) and not is_on(values[req]):
                    values[opt] = _OFF.get(opt, False)
        try:
            return Conventions.from_dict(values)
        except ConventionsError:
            continue


def check_cards(s: State) -> str | None:
    """The 24 cards are all in exactly one place."""
    places = [*list(s.hands), s.played, s.aside]
    if s.n == 2:
        if s.declarer >= 0 and s.phase not in (Phase.PICK,):
            other = s.talons[0] if s.talon == s.talons[1] else s.talons[1]
            places.append(other)
        else:
            places.extend(s.talons)
    elif s.declarer < 0:
        places.append(s.talon)
    total = 0
    union = 0
    for m in places:
        total += m.bit_count()
        union |= m
    if total != 24 or union != FULL_DECK:
        return f"cards not conserved: {total} cards, union {union:#x}"
    return None


def fuzz_game(
    seed: int,
    conv: Conventions | None = None,
    check_every: int = 9,
    max_deals: int = 150,
    easy_share: float = 0.5,
) -> list[str]:
    """Play one game of random legal actions; returns the invariant failures found.

    A share of the actions comes from the greedy bot so that most games reach
    a winner (uniformly random declarers lose more than defenders gain); a game
    still going after ``max_deals`` deals is stopped there, its invariants
    checked all the same.
    """
    from .bots import EasyBot

    easy = EasyBot()
    rng = random.Random(seed)
    conv = conv or random_conventions(rng)
    state = State(conv, random.Random(seed * 7919 + 1))
    failures: list[str] = []
    steps = 0
    while not state.is_terminal() and len(state.rows) < max_deals:
        steps += 1
        legal = state.legal_actions()
        if not legal:
            failures.append(f"seed {seed}: no legal action in phase {state.phase}")
            break
        if steps % check_every == 0:
            for a in rng.sample(legal, min(3, len(legal))):
                try:
                    state.clone().apply_action(a)
                except IllegalActionError as e:
                    failures.append(f"seed {seed}: listed action {A.action_str(a)} refused: {e}")
            legal_set = set(legal)
            for a in rng.sample(_ALL_ACTIONS, 6):
                if a in legal_set:
                    continue
                try:
                    state.clone().apply_action(a)
                except IllegalActionError:
                    continue
                failures.append(f"seed {seed}: unlisted action {a} accepted in {state.phase}")
        before = len(state.rows)
        state.apply_action(_fuzz_action(state, legal, rng, easy, easy_share))
        err = check_cards(state)
        if err:
            failures.append(f"seed {seed}: {err}")
        if len(state.rows) != before and state.rows[-1].kind == "play":
            row = state.rows[-1]
            card_total = sum(p for p in row.points if p is not None) - _marriages_of(state)
            if card_total != 120:
                failures.append(f"seed {seed}: deal {row.number} shares {card_total} points")
    failures.extend(check_sheet(state, seed))
    try:
        again = replay(make_record(state))
        if again.rows != state.rows:
            failures.append(f"seed {seed}: record replay gives another sheet")
    except Exception as e:
        failures.append(f"seed {seed}: record replay failed: {e}")
    return failures


def _fuzz_action(
    state: State, legal: list[int], rng: random.Random, easy: Any, easy_share: float
) -> int:
    """A random legal action, biased so that random games still end.

    Uniformly random bids and contracts lose far more than defenders gain, so
    totals would drift below zero for ever: bids and contracts keep to the
    lowest values most of the time, and a share of moves is the greedy bot's.
    """
    if rng.random() < easy_share:
        a: int = easy.act(state.observation(state.cur), rng)
        return a
    ph = state.phase
    if ph is Phase.BIDDING and rng.random() < 0.8:
        return rng.choice(legal[:2])
    if ph is Phase.CONTRACT and rng.random() < 0.9:
        return legal[0]
    give_up = A.WRITEOFF in legal or A.BOMB in legal
    if ph in (Phase.DISCARD, Phase.CONTRACT) and give_up and rng.random() < 0.8:
        # Mostly play the deal out rather than concede or throw a bomb.
        return rng.choice([a for a in legal if a not in (A.WRITEOFF, A.BOMB)])
    return rng.choice(legal)


def _marriages_of(state: State) -> int:
    """Marriage points declared in the deal just scored (read back from its log)."""
    total = 0
    for a in state.log[-1]["actions"]:
        if A.is_declare(a):
            card = A.played_card(a)
            total += marriage_value(ACE_MARRIAGE if card % 6 == ACE else card // 6)
    return total


def check_sheet(state: State, seed: int) -> list[str]:
    """Sheet totals equal the running sum of deltas."""
    out = []
    run = [0] * state.n
    for r in state.rows:
        run = [run[s] + r.deltas[s] for s in range(state.n)]
        if tuple(run) != r.totals:
            out.append(f"seed {seed}: sheet row {r.number} totals {r.totals} != sum {run}")
            break
    if state.is_terminal() and tuple(run) != tuple(state.totals):
        out.append(f"seed {seed}: final totals differ from the sheet")
    return out


def _fuzz_range(args: tuple[int, int]) -> list[str]:
    start, count = args
    out: list[str] = []
    for i in range(start, start + count):
        out.extend(fuzz_game(i))
    return out


def run_fuzz(
    games: int, seed: int, workers: int = 1, progress: bool = False
) -> tuple[int, list[str]]:
    """Fuzz ``games`` games (seeds ``seed``, ``seed+1``, ...); returns (games, failures)."""
    chunk = 250
    jobs = [(seed + i, min(chunk, games - i)) for i in range(0, games, chunk)]
    failures: list[str] = []
    done = 0
    if workers > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for (_, count), f in zip(jobs, pool.imap(_fuzz_range, jobs), strict=True):
                failures.extend(f)
                done += count
                if progress:
                    print(f"  {done} games, {len(failures)} failures", flush=True)
    else:
        for job in jobs:
            failures.extend(_fuzz_range(job))
            done += job[1]
            if progress and done % 1000 == 0:
                print(f"  {done} games, {len(failures)} failures", flush=True)
    return games, failures


__all__ = [
    "check_cards",
    "check_sheet",
    "fuzz_game",
    "mask_points",
    "random_conventions",
    "run_fuzz",
]
