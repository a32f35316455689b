"""Inference from the auction: fit the bidding model, and measure the sampler's calibration.

    # 1. Record every bidding decision with a choice (bid or pass) in self-play:
    PYTHONPATH=py python3 bench/lab/ai_bid_model.py collect --deals 400 --seed 2301 \
        --level normal --out B.jsonl           # (and --level strong)
    # 2. Fit the logistic model (``thousand.ai.bidmodel``) and write the data file:
    PYTHONPATH=py python3 bench/lab/ai_bid_model.py fit B.jsonl --floor 0.02 \
        --write py/thousand/ai/data/bid_model.json
    # 3. Calibration of the sampled worlds on fresh deals (a mixed table):
    PYTHONPATH=py python3 bench/lab/ai_bid_model.py calibrate --deals 80 --seed 2302 --pool 200 \
        --seats strong,normal,normal

``fit`` prints the log-likelihood per decision of the fitted model against
the sampler's hand-set soft model (``Sampler.auction_weight``'s factor,
normalised over bid and pass) and a constant rate, on the records and on a
held-out fifth.

``calibrate`` plays deals with the bots of ``--seats`` and stops at two kinds
of position: every bidding decision with a choice (the bidder's view: the
other hands and the talon), and the first lead of the card play (every
seat's view: the declarer's of the defenders' hands, a defender's of the
other two). At each it draws ``--pool`` worlds uniformly among those
consistent with the hard facts (``Sampler.sample``) and weighs them: uniform,
by the auction as shipped (``auction_weight``) and by the fitted bidding
model (``exp(beta * BidModel.log_weight)``, for each ``--betas``). For each
it reports

* *right place*: over the cards the seat cannot see, the weighted share of
  worlds that put each card where it really is (a hand or the talon);
* *log-likelihood of the true deal* relative to the uniform sampler:
  ``log w(true) - log mean(w)`` over the pool, in nats,

with 95% intervals over the positions, and paired against the shipped weights.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from variants import make_ai_bot, make_bot  # noqa: E402

from thousand import actions as A  # noqa: E402
from thousand.ai.bidmodel import FEATURES, BidModel, bid_features, shared_bid_model  # noqa: E402
from thousand.ai.evaluator import shared  # noqa: E402
from thousand.ai.play import hand_value_fn  # noqa: E402
from thousand.ai.sampler import TALON, Sampler, World, _logistic  # noqa: E402
from thousand.arena import mean_ci  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402
from thousand.state import Game, Observation, Phase, State  # noqa: E402

AUCTION = (Phase.DARK, Phase.REDEAL, Phase.BIDDING)


def _conv(args: argparse.Namespace) -> Conventions:
    return Conventions.for_players(args.players, args.preset)


def collect(args: argparse.Namespace) -> None:
    conv = _conv(args)
    bot = make_ai_bot(args.level)
    n = 0
    with open(args.out, "a", encoding="utf-8") as f:
        for i in range(args.deals):
            state = Game(conv).new_initial_state(random.Random(args.seed * 1_000_003 + i))
            rngs = [random.Random(args.seed * 7919 + i * 13 + s) for s in range(conv.players)]
            while not state.is_terminal() and not state.rows:
                if state.phase not in AUCTION:
                    break
                seat = state.current_player()
                obs = state.observation(seat)
                a = bot.act(obs, rngs[seat])
                legal = obs.legal_actions
                bids = [x for x in legal if A.BID_BASE <= x < A.CONTRACT_BASE]
                if obs.phase is Phase.BIDDING and A.PASS in legal and bids:
                    rec = {
                        "hand": obs.hand,
                        "c": A.action_value(bids[0]),
                        "high": obs.high_bid,
                        "players": conv.players,
                        "ace": conv.ace_marriage,
                        "bid": int(a != A.PASS),
                        "level": args.level,
                    }
                    f.write(json.dumps(rec) + "\n")
                    n += 1
                state.apply_action(a)
    print(f"{n} bidding decisions with a choice recorded to {args.out}")


def shipped_chance(ev: Any, r: dict[str, Any]) -> float:
    """The sampler's hand-set factor for a bid, normalised over bid and pass."""
    e = ev.expected("bid", r["hand"], r["players"], r["ace"])
    p = _logistic((e - r["c"]) / 12.0)
    wb, wp = 0.15 + 0.85 * p, 0.15 + 0.85 * (1.0 - p)
    return wb / (wb + wp)


def _fit_logistic(xs: list[list[float]], ys: list[int], l2: float) -> list[float]:
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(30):
        g = [-l2 * wj for wj in w]
        h = [[l2 if a == b else 0.0 for b in range(k)] for a in range(k)]
        for x, y in zip(xs, ys, strict=True):
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            for j in range(k):
                g[j] += (y - p) * x[j]
            q = p * (1.0 - p)
            for a in range(k):
                if x[a]:
                    row = h[a]
                    for b in range(k):
                        row[b] += q * x[a] * x[b]
        step = _solve(h, g)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for i in range(n):
        piv = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[piv] = m[piv], m[i]
        if abs(m[i][i]) < 1e-12:
            continue
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                if f:
                    for c in range(i, n + 1):
                        m[r][c] -= f * m[i][c]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def _ll(ps: list[float], ys: list[int]) -> float:
    return sum(math.log(p if y else 1.0 - p) for p, y in zip(ps, ys, strict=True)) / len(ys)


def fit(args: argparse.Namespace) -> None:
    ev = shared()
    recs: list[dict[str, Any]] = []
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            recs.extend(json.loads(line) for line in f)
    out: dict[str, Any] = {}
    for size in (2, 3):
        data = [r for r in recs if (2 if r["players"] == 2 else 3) == size]
        if len(data) < 50:
            continue
        xs = [bid_features(ev, r["hand"], r["c"], r["high"], r["players"], r["ace"]) for r in data]
        ys = [r["bid"] for r in data]
        # Held-out check: fit on four fifths, score the last fifth.
        test = [i for i in range(len(data)) if i % 5 == 4]
        train = [i for i in range(len(data)) if i % 5 != 4]
        w_tr = _fit_logistic([xs[i] for i in train], [ys[i] for i in train], args.l2)
        w = _fit_logistic(xs, ys, args.l2)
        levels = sorted({r["level"] for r in data})
        print(
            f"{size} players: {len(data)} decisions ({', '.join(levels)}), bid rate "
            f"{sum(ys) / len(ys):.3f}"
        )
        for name, idx in (("all", list(range(len(data)))), ("held-out fifth", test)):
            ww = w if name == "all" else w_tr
            for floor in (0.0, args.floor):
                m = BidModel(tuple(ww), floor)
                ll_m = _ll([m.chance(xs[i]) for i in idx], [ys[i] for i in idx])
                print(f"  {name:15s} fitted (floor {floor:g}): log-lik/decision {ll_m:.4f}")
            ll_s = _ll([shipped_chance(ev, data[i]) for i in idx], [ys[i] for i in idx])
            rate = sum(ys[i] for i in train) / len(train)
            ll_c = _ll([rate] * len(idx), [ys[i] for i in idx])
            print(f"  {name:15s} shipped soft model {ll_s:.4f}, constant rate {ll_c:.4f}")
            for lv in levels:
                li = [i for i in idx if data[i]["level"] == lv]
                if li:
                    m = BidModel(tuple(ww), args.floor)
                    yl = [ys[i] for i in li]
                    fitted = _ll([m.chance(xs[i]) for i in li], yl)
                    soft = _ll([shipped_chance(ev, data[i]) for i in li], yl)
                    print(f"    {lv:8s} n={len(li)}: fitted {fitted:.4f}, shipped {soft:.4f}")
        for name, x in zip(FEATURES, w, strict=True):
            print(f"  {name:10s} {x:+.4f}")
        out[str(size)] = {
            **BidModel(tuple(round(x, 4) for x in w), args.floor).to_json(),
            "decisions": len(data),
        }
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            json.dump({**out, "source": " ".join(sys.argv[1:])}, f, indent=1)
            f.write("\n")
        print(f"wrote {args.write}")


def true_world(state: State) -> World:
    """The real deal as a sampler's world (current hands, hands as dealt, talon)."""
    hands = {s: state.hands[s] for s in state.active}
    dealt = {s: state.dealt_hands[s] for s in state.active}
    return World(hands=hands, dealt=dealt, talon=state.talon)


def _where(state: State, obs: Observation, sampler: Sampler) -> dict[int, int]:
    """Each card the seat cannot see: the place it really is in (a seat or the talon)."""
    out = {}
    for s in state.active:
        if s != obs.seat:
            for c in range(24):
                if state.hands[s] >> c & 1 and sampler.unknown >> c & 1:
                    out[c] = s
    if TALON in sampler.places and not isinstance(state.talon, tuple):
        for c in range(24):
            if state.talon >> c & 1 and sampler.unknown >> c & 1:
                out[c] = TALON
    return out


def _in_place(w: World, c: int, p: int) -> bool:
    return bool((w.talon if p == TALON else w.hands.get(p, 0)) >> c & 1)


def calibrate(args: argparse.Namespace) -> None:
    conv = _conv(args)
    ev = shared()
    model = shared_bid_model(conv.players)
    if args.model:
        with open(args.model, encoding="utf-8") as f:
            model = BidModel.from_json(json.load(f)[str(2 if conv.players == 2 else 3)])
    assert model is not None, "no bid model"
    betas = [float(b) for b in args.betas.split(",")]
    names = ["uniform", "auction", *(f"policy b={b:g}" for b in betas)]
    kinds = ("bidding", "first lead")
    right: dict[tuple[str, str], list[float]] = {(k, n): [] for k in kinds for n in names}
    dll: dict[tuple[str, str], list[float]] = {(k, n): [] for k in kinds for n in names}
    seats = args.seats.split(",")
    rng = random.Random(args.seed)

    def measure(kind: str, state: State, obs: Observation) -> None:
        if not obs.bids:
            return
        sampler = Sampler(obs, hand_value_fn(ev, obs))
        where = _where(state, obs, sampler)
        if not where or sampler.relaxed:
            return
        worlds = [sampler.sample(rng) for _ in range(args.pool)]
        truth = true_world(state)
        a_w = [sampler.auction_weight(w) for w in worlds]
        p_l = [model.log_weight(obs, w, ev) for w in worlds]
        p_t = model.log_weight(obs, truth, ev)
        variants: dict[str, tuple[list[float], float]] = {
            "uniform": ([1.0] * len(worlds), 1.0),
            "auction": (a_w, sampler.auction_weight(truth)),
        }
        top = max([*p_l, p_t])
        for b in betas:
            ws = [math.exp(b * (p - top)) for p in p_l]
            variants[f"policy b={b:g}"] = (ws, math.exp(b * (p_t - top)))
        for ws, wt in variants.values():
            if sum(ws) <= 0 or wt <= 0:
                return
        for name, (ws, wt) in variants.items():
            tot = sum(ws)
            share = 0.0
            for c, p in where.items():
                share += sum(w for w, x in zip(ws, worlds, strict=True) if _in_place(x, c, p))
            right[kind, name].append(share / tot / len(where))
            dll[kind, name].append(math.log(wt) - math.log(tot / len(ws)))

    for i in range(args.deals):
        state = Game(conv).new_initial_state(random.Random(args.seed * 1_000_003 + i))
        rot = i % conv.players
        bots = [make_bot(seats[(s + rot) % len(seats)]) for s in range(conv.players)]
        rngs = [random.Random(args.seed * 7919 + i * 13 + s) for s in range(conv.players)]
        while not state.is_terminal() and not state.rows:
            seat = state.current_player()
            obs = state.observation(seat)
            if state.phase is Phase.BIDDING and len(obs.legal_actions) > 1:
                measure("bidding", state, obs)
            if state.phase is Phase.PLAY and not obs.tricks and not obs.trick:
                for s in state.active:
                    measure("first lead", state, state.observation(s))
                break
            a = bots[seat].act(obs, rngs[seat])
            state.apply_action(a)
    print(
        f"{args.deals} deals (seats {args.seats}, seed {args.seed}, pool {args.pool}, "
        f"{conv.players} players, {args.preset})"
    )
    for kind in kinds:
        print(f"-- at {kind}: {len(right[kind, 'uniform'])} positions")
        for name in names:
            m, h = mean_ci(right[kind, name])
            m2, h2 = mean_ci(dll[kind, name])
            print(
                f"{name:14s} right place {m:.4f} +- {h:.4f}   log-lik. of the true deal vs "
                f"uniform {m2:+.3f} [{m2 - h2:+.3f}, {m2 + h2:+.3f}]"
            )
        for name in names[2:]:
            d1 = [a - b for a, b in zip(right[kind, name], right[kind, "auction"], strict=True)]
            d2 = [a - b for a, b in zip(dll[kind, name], dll[kind, "auction"], strict=True)]
            m, h = mean_ci(d1)
            m2, h2 = mean_ci(d2)
            print(
                f"{name} - auction: right place {m:+.4f} [{m - h:+.4f}, {m + h:+.4f}], "
                f"log-lik. {m2:+.3f} [{m2 - h2:+.3f}, {m2 + h2:+.3f}]"
            )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = p.add_subparsers(dest="cmd", required=True)
    for name in ("collect", "calibrate"):
        q = sub.add_parser(name)
        q.add_argument("--deals", type=int, default=60)
        q.add_argument("--seed", type=int, default=1)
        q.add_argument("--players", type=int, choices=(2, 3, 4))
        q.add_argument("--preset", default="classic")
    sub.choices["collect"].add_argument("--level", default="normal")
    sub.choices["collect"].add_argument("--out", required=True)
    sub.choices["calibrate"].add_argument("--pool", type=int, default=200)
    sub.choices["calibrate"].add_argument("--betas", default="0.5,1")
    sub.choices["calibrate"].add_argument("--seats", default="strong,normal,normal")
    sub.choices["calibrate"].add_argument("--model", help="a bid_model.json (default: shipped)")
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--l2", type=float, default=1.0)
    f.add_argument("--floor", type=float, default=0.05)
    f.add_argument("--write")
    args = p.parse_args(argv)
    {"collect": collect, "fit": fit, "calibrate": calibrate}[args.cmd](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
