"""What a bid is worth against a pass (or a variant's decision against the bot's),
found by playing both.

    PYTHONPATH=py python3 bench/lab/ai_bid_counterfactual.py play --preset polish \
        --deals 300 --seed 2701 --out CF.jsonl [--start K] [--window 45] [--only over]
    PYTHONPATH=py python3 bench/lab/ai_bid_counterfactual.py play --against strong_discard \
        --phase discard --deals 1000 --seed 3003 --out D.jsonl
    PYTHONPATH=py python3 bench/lab/ai_bid_counterfactual.py report CF.jsonl [CF2.jsonl ...]

``play``: ordinary deals of a 3-player preset from zero totals, ``--level`` in
every seat. At every bidding decision with a choice between passing and the
smallest bid (RULES §5; the bots raise by the smallest step or pass) whose
predicted margin, the bid's value less the pass's (``auction._bidding``'s
utilities), is within ``--window`` points, the deal is played on twice from that
moment, once after the pass and once after the bid, with the same generators for
every later decision (common random numbers). Each record holds the margin, the
two values, and the seat's realized relative score (own deal score before
penalties minus the mean of the others', ``ai_fit_evaluator.raw_scores``) after
each. The main line then goes on with the bot's own choice, so a deal gives a
record per close decision.

``play --company LEVEL``: the same, with ``--level`` in one seat only (the deal's
index modulo 3) and LEVEL in the others, in the deal and in both play-ons; only
that seat's decisions are recorded. A decision's worth depends on the company it is
played in (bench/lab/ai_results.md, entries 36 and 41).

``play --phase discard`` (bombs, Polish rules): at every discard where the bomb is
legal and within ``--window`` of the best play, the deal is played on after the
bot's best card to pass and after the bomb (its score exact); ``report`` gives the
realized margin of playing over the bomb against the predicted one, and what
playing above a shifted margin would have gained.

``play --against VARIANT``: the same deals and play-on, but at every decision of
``--phase`` (any phase) the variant decides too, from the same observation and
generator state; where its action differs from the bot's, both are played on by the
bot. ``report`` then gives what the variant's different decisions realized over the
bot's, per differing decision, per decision of the phase and per deal: a change of
one decision measured where it acts, with no arena set spent on decisions it leaves
alone.

``report``: the realized margin (bid less pass) against the predicted one by
bins and as a line (``realized = a + b x predicted``), and what bidding at a
shifted threshold would have gained over the bot's own rule (bid when the margin
is above 0): for each shift ``t`` the mean over all records of
``([m > t] - [m > 0]) x realized margin``, with its 95% interval; split by
whether anyone had bid over first hand's hundred (``early``: ``auction.is_early``).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

from ai_fit_evaluator import raw_scores, relative  # noqa: E402
from deal_runs import parsers  # noqa: E402
from variants import make_ai_bot, make_bot  # noqa: E402

from thousand import actions as A  # noqa: E402
from thousand.ai.auction import is_early  # noqa: E402
from thousand.arena import deal_set_seed, mean_ci  # noqa: E402
from thousand.bots import bot_action  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402
from thousand.state import Game, Observation, Phase, State  # noqa: E402

SHIFTS = (-40, -30, -25, -20, -15, -10, -5, 5, 10, 15, 20, 25, 30, 40)
BINS = (-1e9, -30, -15, -5, 0, 5, 15, 30, 1e9)


def _relative(state: State, start: int, seat: int) -> float:
    """The seat's deal score before penalties less the others' mean (0 on a redeal)."""
    row = state.rows[start]
    if row.kind == "redeal":
        return 0.0
    active = [s for s in range(state.n) if row.points[s] is not None]
    return relative(raw_scores(row, state.conv), seat, active)


def _play_on(state: State, bots: Sequence[Any], seed: int, no_bomb: bool = False) -> State:
    """``state`` played on by ``bots`` (one per seat) until its deal has a row; with
    ``no_bomb`` nobody is offered the bomb (a choice to play on stays one)."""
    start = state.n_rows
    rngs = [random.Random(seed * 13 + s) for s in range(state.n)]
    state.rng = random.Random(seed * 31 + 7)
    while state.n_rows == start and not state.is_terminal():
        seat = state.current_player()
        obs = state.observation(seat)
        if no_bomb and A.BOMB in obs.legal_actions:
            legal = tuple(a for a in obs.legal_actions if a != A.BOMB)
            obs = dataclasses.replace(obs, legal_actions=legal)
        state.apply_action(bots[seat].act(obs, rngs[seat]))
    return state


def _both_ways(
    state: State,
    start: int,
    seat: int,
    bots: Sequence[Any],
    actions: tuple[int, int],
    seed: int,
) -> list[float]:
    """The seat's realized relative score after each of ``actions`` from ``state``,
    the deal played on by ``bots`` with the same generators (``seed``) both times
    (after a choice against the bomb, with no bomb later in the deal)."""
    out = []
    for a in actions:
        s2 = state.clone()
        s2.apply_action(a)
        no_bomb = A.BOMB in actions and a != A.BOMB
        out.append(_relative(_play_on(s2, bots, seed, no_bomb), start, seat))
    return out


def _kind(a: int, low: int) -> str:
    """A contract decision's action by kind: the lowest contract, a raise, or not played."""
    if a == A.BOMB:
        return "bomb"
    if a == A.WRITEOFF:
        return "writeoff"
    return "low" if a == low else "raise"


def _pair(obs: Any, choices: dict[int, Any], action: int) -> tuple[int, int, str] | None:
    """The two actions compared at a decision, the bid (or the bot's choice) first, and
    the pair's kind; None where the decision is not one the run studies."""
    legal = obs.legal_actions
    if obs.phase is Phase.BIDDING:
        bids = [a for a in legal if A.BID_BASE <= a < A.CONTRACT_BASE]
        if A.PASS not in legal or not bids:
            return None
        return min(bids), A.PASS, "bid/pass"
    if obs.phase is Phase.DISCARD:
        # The bomb against playing on: the best card to pass first (the first card of
        # the best plan the bot solved: the choices come ranked, the solved ones
        # before those valued by the evaluator alone), the bomb second.
        plays = [c for a, c in choices.items() if a not in (A.BOMB, A.WRITEOFF)]
        if A.BOMB not in choices or not plays:
            return None
        return plays[0].action, A.BOMB, "play/bomb"
    if obs.phase is Phase.CONTRACT:
        values = [a for a in legal if A.CONTRACT_BASE <= a < A.PASS]
        low = min(values)
        rest = sorted((c for a, c in choices.items() if a != action), key=lambda c: -c.utility)
        if not rest:
            return None
        other = rest[0].action
        return action, other, f"{_kind(action, low)}/{_kind(other, low)}"
    return None


def _decisions(
    conv: Conventions,
    bots: Sequence[Any],
    seed: int,
    phase: Phase,
    bombs_used: bool = False,
    hero: int | None = None,
) -> Iterator[tuple[State, int, int, Observation, random.Random]]:
    """A deal from ``seed`` played by ``bots`` (one per seat), paused at each decision
    of ``phase`` with a choice (only the ``hero`` seat's, when given): (the state, its
    first row of the deal, the seat, its observation, its generator). The caller
    applies the seat's action before the next; the deal ends when it has a row. With
    ``bombs_used`` every seat's bombs are thrown."""
    state = Game(conv).new_initial_state(random.Random(seed))
    if bombs_used:
        state.standing = dataclasses.replace(state.standing, bombs=(conv.bombs,) * conv.players)
    start = state.n_rows
    rngs = [random.Random(seed * 17 + s) for s in range(conv.players)]
    while state.n_rows == start and not state.is_terminal():
        seat = state.current_player()
        obs = state.observation(seat)
        if obs.phase is not phase or len(obs.legal_actions) < 2 or hero not in (None, seat):
            state.apply_action(bots[seat].act(obs, rngs[seat]))
            continue
        yield state, start, seat, obs, rngs[seat]


def deal(
    conv: Conventions,
    level: str,
    seed: int,
    window: float,
    phase: Phase = Phase.BIDDING,
    bombs_used: bool = False,
    only: str = "all",
    company: str | None = None,
    hero: int = 0,
) -> list[dict[str, Any]]:
    """One deal from ``seed``; a record per close decision of ``phase``. With
    ``bombs_used`` every seat has thrown all its bombs already (``bombs``); ``only``
    ("early" or "over") plays both branches of those bidding decisions alone. With
    ``company`` (a level) the seats other than ``hero`` are played by it, in the deal
    and in the play-ons, and only ``hero``'s decisions are recorded."""
    bot = make_ai_bot(level)
    bots = [bot] * conv.players
    if company is not None:
        other = make_bot(company)
        bots = [bot if s == hero else other for s in range(conv.players)]
    out: list[dict[str, Any]] = []
    k = 0
    only_seat = hero if company is not None else None
    for state, start, seat, obs, rng in _decisions(conv, bots, seed, phase, bombs_used, only_seat):
        think = bot.start(obs, rng)
        choices = {c.action: c for c in think.run()}
        action = think.action()
        pair = _pair(obs, choices, action)
        if pair is None:
            state.apply_action(action)
            continue
        first, second, kind = pair
        u1, u2 = choices[first].utility, choices[second].utility
        early = is_early(obs, seat)
        if abs(u1 - u2) <= window and only in ("all", "early" if early else "over"):
            k += 1
            realized = dict(
                zip(
                    (first, second),
                    _both_ways(state, start, seat, bots, (first, second), seed * 101 + k),
                    strict=True,
                )
            )
            out.append(
                {
                    "phase": phase.value,
                    "kind": kind,
                    "calls": len(obs.bids),
                    "high": obs.high_bid,
                    "early": early,
                    "first": A.action_str(first),
                    "second": A.action_str(second),
                    "u_bid": round(u1, 2),
                    "u_pass": round(u2, 2),
                    "make": choices[first].values.get("make"),
                    "chose_bid": action != second if kind == "play/bomb" else action == first,
                    "r_bid": realized[first],
                    "r_pass": realized[second],
                    "bomb_left": obs.bombs[seat] < conv.bombs,
                    "company": company or level,
                }
            )
        state.apply_action(action)
    return out


def deal_against(
    conv: Conventions, level: str, variant: str, seed: int, phase: Phase
) -> list[dict[str, Any]]:
    """One deal from ``seed`` with ``level`` in every seat; at every decision of
    ``phase`` the ``variant`` decides too, from the same observation and generator
    state (the same worlds). Where its action differs, the deal is played on twice
    from that moment by ``level``, after each action, with the same generators for
    every later decision; a record per such decision, and a last one counting the
    deal's decisions of the phase (``kind`` "deal")."""
    bot, other = make_ai_bot(level), make_ai_bot(variant)
    out: list[dict[str, Any]] = []
    k = decisions = 0
    roles = {"declarer": 0, "defender": 0, "no declarer yet": 0}
    bots = [bot] * conv.players
    for state, start, seat, obs, rng in _decisions(conv, bots, seed, phase):
        decisions += 1
        role = (
            "declarer"
            if seat == obs.declarer
            else "defender"
            if obs.declarer >= 0
            else "no declarer yet"
        )
        roles[role] += 1
        twin = random.Random()
        twin.setstate(rng.getstate())
        action = bot.act(obs, rng)
        alt = bot_action(other, state, seat, twin)  # an oracle variant sees the deal
        if alt != action:
            k += 1
            realized = _both_ways(state, start, seat, bots, (alt, action), seed * 101 + k)
            out.append(
                {
                    "phase": phase.value,
                    "kind": "variant/bot",
                    "variant": variant,
                    "first": A.action_str(alt),
                    "second": A.action_str(action),
                    "r_variant": realized[0],
                    "r_bot": realized[1],
                    "role": role,
                    "cards": obs.hand.bit_count(),
                }
            )
        state.apply_action(action)
    out.append({"phase": phase.value, "kind": "deal", "decisions": decisions, "roles": roles})
    return out


def _report_against(recs: list[dict[str, Any]]) -> None:
    """What the variant's differing decisions realized over the bot's, per record and
    per decision of the phase."""
    deals = [r for r in recs if r["kind"] == "deal"]
    diff = [r for r in recs if r["kind"] == "variant/bot"]
    total = sum(r["decisions"] for r in deals)
    ds = [r["r_variant"] - r["r_bot"] for r in diff]
    m, h = mean_ci(ds)
    print(
        f"\nvariant against the bot: {len(deals)} deals, {total} decisions, "
        f"{len(ds)} differ ({len(ds) / max(1, total):.1%})"
    )
    print(f"  realized, variant less bot, per differing decision: {m:+.1f} +- {h:.1f}")
    if not ds:
        return
    share = len(ds) / max(1, total)
    per_deal = len(ds) / max(1, len(deals))
    print(f"  per decision of the phase: {m * share:+.2f} +- {h * share:.2f}")
    print(f"  per deal: {m * per_deal:+.2f} +- {h * per_deal:.2f}")
    # By the deciding seat's role, and (card play) by the cards it held: the
    # records that have them (written since the split was added).
    for role in ("declarer", "defender"):
        sel = [r["r_variant"] - r["r_bot"] for r in diff if r.get("role") == role]
        n_role = sum(r.get("roles", {}).get(role, 0) for r in deals)
        if len(sel) < 2:
            continue
        rm, rh = mean_ci(sel)
        print(
            f"  {role}: {len(sel)} of {n_role} decisions differ, {rm:+.1f} +- {rh:.1f} each, "
            f"per deal {rm * len(sel) / len(deals):+.2f} +- {rh * len(sel) / len(deals):.2f}"
        )
    by_cards = sorted({r["cards"] for r in diff if "cards" in r}, reverse=True)
    for c in by_cards:
        sel = [r["r_variant"] - r["r_bot"] for r in diff if r.get("cards") == c]
        if len(sel) >= 2:
            cm, ch = mean_ci(sel)
            k = len(sel) / len(deals)
            print(f"  holding {c} cards: {len(sel)} differ, per deal {cm * k:+.2f} +- {ch * k:.2f}")


def _ols(xs: list[float], ys: list[float]) -> tuple[float, float, float]:
    """Least squares ``y = a + b x``: (a, b, the standard error of b)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    a = my - b * mx
    res = sum((y - a - b * x) ** 2 for x, y in zip(xs, ys, strict=True)) / max(1, n - 2)
    return a, b, (res / sxx) ** 0.5


def _report_group(
    label: str,
    recs: list[dict[str, Any]],
    shifts: bool = True,
    sides: tuple[str, str] = ("bid", "pass"),
) -> None:
    if len(recs) < 3:
        return
    ms = [r["u_bid"] - r["u_pass"] for r in recs]
    ds = [r["r_bid"] - r["r_pass"] for r in recs]
    m, h = mean_ci(ds)
    print(
        f"\n{label}: n={len(recs)}, predicted margin {sum(ms) / len(ms):+.1f}, "
        f"realized {m:+.1f} +- {h:.1f}"
    )
    a, b, se = _ols(ms, ds)
    print(f"  realized = {a:+.1f} + {b:.2f} x predicted (b +- {1.96 * se:.2f})")
    # Each side's value against what it realized: a term one side counts and the deal
    # does not (the bomb's reserve) or a model's bias shows here, not in the line.
    first, second = sides
    e1, h1 = mean_ci([r["r_bid"] - r["u_bid"] for r in recs])
    e2, h2 = mean_ci([r["r_pass"] - r["u_pass"] for r in recs])
    print(
        f"  realized less valued: the {first} {e1:+.1f} +- {h1:.1f}, "
        f"the {second} {e2:+.1f} +- {h2:.1f}"
    )
    for lo, hi in itertools.pairwise(BINS):
        sel = [d for x, d in zip(ms, ds, strict=True) if lo < x <= hi]
        pm = [x for x in ms if lo < x <= hi]
        if sel:
            mm, hh = mean_ci(sel)
            print(
                f"  predicted in ({lo:g}, {hi:g}]: n={len(sel)}, "
                f"predicted {sum(pm) / len(pm):+.1f}, realized {mm:+.1f} +- {hh:.1f}"
            )
    for t in SHIFTS if shifts else ():
        gain = [((x > t) - (x > 0)) * d for x, d in zip(ms, ds, strict=True)]
        gm, gh = mean_ci(gain)
        changed = sum(1 for x in ms if (x > t) != (x > 0))
        print(
            f"  {first} above {t:+d}: gain {gm:+.2f} +- {gh:.2f} per record "
            f"({changed} decisions change)"
        )


def report(paths: list[str]) -> None:
    recs = [json.loads(line) for p in paths for line in Path(p).read_text().splitlines() if line]
    if any(r.get("kind") == "deal" for r in recs):
        _report_against(recs)
        return
    bidding = [r for r in recs if r.get("kind", "bid/pass") == "bid/pass"]
    if bidding:
        _report_group("bid/pass, all", bidding)
        _report_group(
            "bid/pass, early (nobody over first hand's hundred)", [r for r in bidding if r["early"]]
        )
        _report_group("bid/pass, over a bid", [r for r in bidding if not r["early"]])
    bombs = [r for r in recs if r.get("kind") == "play/bomb"]
    if bombs:
        # The predicted margin is the play's value less the bomb's, which counts the
        # bomb's reserve (auction.BOMB_RESERVE); the realized one is the deal's alone.
        _report_group("discard, the best play against the bomb", bombs, sides=("play", "bomb"))
    kinds = sorted(
        {r["kind"] for r in recs if r.get("kind", "bid/pass") not in ("bid/pass", "play/bomb")}
    )
    for kind in kinds:
        _report_group(
            f"contract, the bot's choice / the runner-up: {kind}",
            [r for r in recs if r.get("kind") == kind],
            shifts=False,  # the bot's choice leads by construction: no threshold to move
            sides=("choice", "runner-up"),
        )


def main(argv: list[str] | None = None) -> int:
    p, pl, sub = parsers(__doc__, seed=2701)
    pl.add_argument("--window", type=float, default=45.0)
    pl.add_argument(
        "--phase", choices=("bidding", "discard", "contract", "play"), default="bidding"
    )
    pl.add_argument(
        "--against",
        metavar="VARIANT",
        help="compare the bot's decisions of --phase with this variant's where they differ",
    )
    pl.add_argument("--bombs-used", action="store_true", help="every seat's bombs already thrown")
    pl.add_argument(
        "--only",
        choices=("all", "early", "over"),
        default="all",
        help="play both branches only of early bids (nobody over first hand's hundred) "
        "or only of bids over a bid",
    )
    pl.add_argument(
        "--company",
        metavar="LEVEL",
        help="the other seats played by this level (the deal's seat index %% 3 is --level's; "
        "only its decisions are recorded)",
    )
    pl.add_argument("--out", required=True)
    rp = sub.add_parser("report")
    rp.add_argument("files", nargs="+")
    args = p.parse_args(argv)
    if args.cmd == "report":
        report(args.files)
        return 0
    conv = Conventions.preset(args.preset)
    if conv.players != 3:
        p.error("3-player presets only")
    if args.against is None and args.phase == "play":
        p.error("--phase play needs --against")
    if args.company is not None and args.against is not None:
        p.error("--company is for the play-on of close decisions, not --against")
    with open(args.out, "a") as f:
        for i in range(args.start, args.start + args.deals):
            if args.against is not None:
                recs = deal_against(
                    conv, args.level, args.against, deal_set_seed(args.seed, i), Phase(args.phase)
                )
                for rec in recs:
                    f.write(json.dumps({"index": i, **rec}) + "\n")
                f.flush()
                continue
            for rec in deal(
                conv,
                args.level,
                deal_set_seed(args.seed, i),
                args.window,
                Phase(args.phase),
                args.bombs_used,
                args.only,
                args.company,
                i % conv.players,
            ):
                f.write(json.dumps({"index": i, **rec}) + "\n")
            f.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
