"""Inference from the play: fit the play model, and measure the sampler's calibration.

    # 1. Record every card-play choice of the level in self-play (all seats):
    PYTHONPATH=py python3 bench/lab/ai_play_model.py collect --deals 150 --seed 2011 --out P.jsonl
    # 2. Fit the conditional logit (``thousand.ai.inference``) and write the data file
    #    (``--hidden 8``: with 8 hidden ReLU units, fitted by NumPy):
    PYTHONPATH=py python3 bench/lab/ai_play_model.py fit P.jsonl \
        --write py/thousand/ai/data/play_model.json
    # 3. Calibration of the sampled worlds on fresh self-play deals:
    PYTHONPATH=py python3 bench/lab/ai_play_model.py calibrate --deals 60 --seed 2012 --pool 200

``calibrate`` stops at play decisions (every seat, from the second trick on,
every other trick), draws ``--pool`` worlds uniformly among those consistent
with the hard facts (``Sampler.sample``) and weighs them three ways: uniform,
by the auction (the sampler as shipped: ``auction_weight``) and by the auction
times ``exp(beta * play_log_weight)`` for each ``--betas`` value. For each it
reports

* *right place*: over the cards the seat cannot see, the weighted share of
  worlds that put each card where it really is (a hand or the talon);
* *log-likelihood of the true deal* relative to the uniform sampler:
  ``log w(true) - log mean(w)`` over the pool (the uniform sampler's is 0; a
  positive value means the weighted distribution puts more mass on the real
  deal), with its 95% interval over decisions.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

from variants import make_ai_bot

from thousand.ai.evaluator import shared
from thousand.ai.inference import (
    FEATURES,
    PlayModel,
    Unit,
    card_features,
    card_score,
    play_history,
    play_log_weight,
    shared_model,
)
from thousand.ai.play import hand_value_fn
from thousand.ai.sampler import Sampler, World
from thousand.arena import mean_ci
from thousand.cards import FULL_DECK, trick_winner_card
from thousand.conventions import Conventions
from thousand.state import Game, Observation, Phase, State


def decision_record(obs: Observation, action: int) -> dict[str, Any] | None:
    """The features of every legal card of a play decision and the index chosen."""
    legal_cards = sorted({a - 24 if a >= 24 else a for a in obs.legal_actions})
    if len(legal_cards) < 2:
        return None
    chosen = action - 24 if action >= 24 else action
    prefix = [c for _, c in obs.trick]
    seats = [s for s, _ in obs.trick]
    d = obs.declarer
    heads = False
    if prefix:
        w = seats[prefix.index(trick_winner_card(prefix, obs.trump))]
        heads = w != obs.seat and (w == d) == (obs.seat == d)
    out = FULL_DECK & ~obs.hand & ~obs.played
    last = len(prefix) == len(obs.active) - 1
    trump = obs.trump  # on a lead: the trump before a marriage declared with it
    feats = [card_features(obs.hand, prefix, trump, out, c, heads, last) for c in legal_cards]
    return {"lead": not prefix, "x": feats, "y": legal_cards.index(chosen)}


def self_play(conv: Conventions, level: str, seed: int, deals: int):  # type: ignore[no-untyped-def]
    """Yield (state before, seat, action) for every decision of ``deals`` deals."""
    bot = make_ai_bot(level)
    for i in range(deals):
        state = Game(conv).new_initial_state(random.Random(seed * 1_000_003 + i))
        rngs = [random.Random(seed * 7919 + i * 13 + s) for s in range(conv.players)]
        while not state.rows and not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            a = bot.act(obs, rngs[seat])
            yield state, obs, a
            state.apply_action(a)


def collect(args: argparse.Namespace) -> None:
    conv = Conventions.for_players(args.players, args.preset)
    n = 0
    with open(args.out, "a", encoding="utf-8") as f:
        for _state, obs, a in self_play(conv, args.level, args.seed, args.deals):
            if obs.phase is not Phase.PLAY:
                continue
            rec = decision_record(obs, a)
            if rec:
                f.write(json.dumps(rec) + "\n")
                n += 1
    print(f"{n} play decisions with a choice recorded to {args.out}")


def fit(args: argparse.Namespace) -> None:
    recs = []
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            recs.extend(json.loads(line) for line in f)
    weights: dict[str, list[float]] = {}
    units: dict[str, list[Unit]] = {}
    for ctx in ("lead", "follow"):
        data = [r for r in recs if r["lead"] == (ctx == "lead")]
        if args.hidden:
            w, us = fit_units(data, args.hidden, args.l2, args.seed)
        else:
            w, us = fit_linear(data, args.l2), []
        ll = sum(_log_probs(w, us, r["x"])[r["y"]] for r in data)
        base = sum(-math.log(len(r["x"])) for r in data)
        print(
            f"{ctx}: n={len(data)}, log-likelihood {ll:.1f} (uniform over legal cards "
            f"{base:.1f}), per decision {ll / len(data):.3f} against {base / len(data):.3f}"
        )
        for name, x in zip(FEATURES, w, strict=True):
            print(f"  {name:20s} {x:+.3f}")
        if us:
            print(f"  and {len(us)} hidden units")
        weights[ctx] = [round(x, 4) for x in w]
        units[ctx] = [(tuple(round(x, 4) for x in ws), round(b, 4), round(o, 4)) for ws, b, o in us]
    model = PlayModel(
        tuple(weights["lead"]),
        tuple(weights["follow"]),
        tuple(units["lead"]),
        tuple(units["follow"]),
    )
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            json.dump(
                {**model.to_json(), "source": " ".join(sys.argv[1:]), "decisions": len(recs)},
                f,
                indent=1,
            )
            f.write("\n")
        print(f"wrote {args.write}")


def _log_probs(w: list[float], units: list[Unit], xs: list[list[float]]) -> list[float]:
    """log P of each legal card of a decision under the linear part ``w`` and ``units``."""
    ss = [card_score(w, units, x) for x in xs]
    top = max(ss)
    z = math.log(sum(math.exp(s - top) for s in ss))
    return [s - top - z for s in ss]


def fit_linear(data: list[dict[str, Any]], lam: float) -> list[float]:
    """The conditional logit's weights by Newton's method, L2 penalty ``lam``."""
    k = len(FEATURES)
    w = [0.0] * k
    for _it in range(25):
        g = [0.0] * k
        h = [[0.0] * k for _ in range(k)]
        for r in data:
            xs = r["x"]
            ps = [math.exp(x) for x in _log_probs(w, [], xs)]
            mean = [sum(p * x[j] for p, x in zip(ps, xs, strict=True)) for j in range(k)]
            for j in range(k):
                g[j] += xs[r["y"]][j] - mean[j]
            for p, x in zip(ps, xs, strict=True):
                dx = [x[j] - mean[j] for j in range(k)]
                for a in range(k):
                    if dx[a]:
                        pa = p * dx[a]
                        row = h[a]
                        for b in range(k):
                            row[b] += pa * dx[b]
        for j in range(k):
            g[j] -= lam * w[j]
            h[j][j] += lam
        step = _solve(h, g)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(x) for x in step) < 1e-4:
            break
    return w


def fit_units(
    data: list[dict[str, Any]], hidden: int, lam: float, seed: int, steps: int = 4000
) -> tuple[list[float], list[Unit]]:
    """The linear part and ``hidden`` ReLU units, by full-batch Adam on the choices'
    negative log-likelihood plus ``lam/2`` times the squared weights, stopped where a
    tenth of the decisions held out is best explained. Needs NumPy (the bench only)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    order = rng.permutation(len(data))
    held = max(1, len(data) // 10)

    def arrays(rows: list[dict[str, Any]]) -> tuple[Any, Any, Any, Any]:
        x = np.array([c for r in rows for c in r["x"]], dtype=np.float64)
        sizes = np.array([len(r["x"]) for r in rows])
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        chosen = starts + np.array([r["y"] for r in rows])
        return x, starts, np.repeat(np.arange(len(rows)), sizes), chosen

    val = arrays([data[i] for i in order[:held]])
    tr = arrays([data[i] for i in order[held:]])
    k = len(FEATURES)
    p = {
        "w": np.zeros(k),
        "a": rng.normal(0.0, 0.5, (k, hidden)),
        "b": rng.normal(0.0, 0.1, hidden),
        "o": rng.normal(0.0, 0.3, hidden),
    }

    def loss(p: dict[str, Any], d: tuple[Any, Any, Any, Any], grad: bool) -> Any:
        x, starts, group, chosen = d
        z = x @ p["a"] + p["b"]
        h = np.maximum(z, 0.0)
        s = x @ p["w"] + h @ p["o"]
        top = np.maximum.reduceat(s, starts)
        e = np.exp(s - top[group])
        tot = np.add.reduceat(e, starts)
        nll = -np.sum(s[chosen] - top - np.log(tot))
        if not grad:
            return nll / len(starts)
        gs = e / tot[group]
        gs[chosen] -= 1.0
        gz = np.outer(gs, p["o"]) * (z > 0.0)
        g = {"w": x.T @ gs, "a": x.T @ gz, "b": gz.sum(axis=0), "o": h.T @ gs}
        return {n: g[n] + lam * p[n] for n in p}

    m = {n: np.zeros_like(v) for n, v in p.items()}
    v2 = {n: np.zeros_like(v) for n, v in p.items()}
    best = (loss(p, val, False), {n: a.copy() for n, a in p.items()})
    rate = 0.01
    for t in range(1, steps + 1):
        g = loss(p, tr, True)
        for n in p:
            m[n] = 0.9 * m[n] + 0.1 * g[n]
            v2[n] = 0.999 * v2[n] + 0.001 * g[n] ** 2
            p[n] -= rate * (m[n] / (1 - 0.9**t)) / (np.sqrt(v2[n] / (1 - 0.999**t)) + 1e-8)
        if t % 50 == 0:
            now = loss(p, val, False)
            if now < best[0]:
                best = (now, {n: a.copy() for n, a in p.items()})
    q = best[1]
    units = [
        (tuple(float(x) for x in q["a"][:, j]), float(q["b"][j]), float(q["o"][j]))
        for j in range(hidden)
    ]
    return [float(x) for x in q["w"]], units


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gauss-Jordan solution of a x = b (a small symmetric positive definite system)."""
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


def true_world(state: State) -> World:
    """The real deal as a sampler's world (current hands, hands as dealt, talon)."""
    hands = {s: state.hands[s] for s in state.active}
    dealt = {s: state.dealt_hands[s] for s in state.active}
    return World(hands=hands, dealt=dealt, talon=state.talon)


def calibrate(args: argparse.Namespace) -> None:
    conv = Conventions.for_players(args.players, args.preset)
    ev = shared()
    models = {"shipped": shared_model()}
    if args.model:
        models = {}
        for path in args.model:
            with open(path, encoding="utf-8") as f:
                model = PlayModel.from_json(json.load(f))
            # Named by the file (by its path where two files share a name).
            models[path if Path(path).stem in models else Path(path).stem] = model
    betas = [float(b) for b in args.betas.split(",")]
    played = [f"{m} b={b:g}" for m in models for b in betas]
    names = ["uniform", "auction", *played]
    right: dict[str, list[float]] = {k: [] for k in names}
    dll: dict[str, list[float]] = {k: [] for k in names}
    rng = random.Random(args.seed)
    points = 0
    for state, obs, _a in self_play(conv, args.level, args.seed, args.deals):
        if obs.phase is not Phase.PLAY or obs.trick or len(obs.tricks) % 2 == 0:
            continue  # at trick starts 2, 4, 6 (counted from 1)
        if len(obs.legal_actions) < 2:
            continue
        sampler = Sampler(obs, hand_value_fn(ev, obs))
        hist = play_history(obs)
        worlds = [sampler.sample(rng) for _ in range(args.pool)]
        truth = true_world(state)
        where = {}
        for s, h in truth.hands.items():
            if s != obs.seat:
                for c in range(24):
                    if h >> c & 1:
                        where[c] = s
        unseen = [c for c in where if sampler.unknown >> c & 1]
        if not unseen:
            continue
        points += 1
        a_w = [sampler.auction_weight(w) for w in worlds]
        a_t = sampler.auction_weight(truth)
        variants: dict[str, tuple[list[float], float]] = {
            "uniform": ([1.0] * len(worlds), 1.0),
            "auction": (a_w, a_t),
        }
        for label, model in models.items():
            p_l = [play_log_weight(obs, w, model, hist) for w in worlds]
            p_t = play_log_weight(obs, truth, model, hist)
            top = max([*p_l, p_t])
            for b in betas:
                ws = [a * math.exp(b * (p - top)) for a, p in zip(a_w, p_l, strict=True)]
                variants[f"{label} b={b:g}"] = (ws, a_t * math.exp(b * (p_t - top)))
        for name, (ws, wt) in variants.items():
            tot = sum(ws)
            if tot <= 0 or wt <= 0:
                continue
            share = 0.0
            for c in unseen:
                s = where[c]
                share += sum(
                    w for w, x in zip(ws, worlds, strict=True) if x.hands.get(s, 0) >> c & 1
                )
            right[name].append(share / tot / len(unseen))
            dll[name].append(math.log(wt) - math.log(tot / len(ws)))
    print(
        f"{points} decision points ({args.deals} deals of {args.level} self-play, seed "
        f"{args.seed}, pool {args.pool}, {conv.players} players, {args.preset})"
    )
    for name in names:
        m, h = mean_ci(right[name])
        m2, h2 = mean_ci(dll[name])
        print(
            f"{name:24s} right place {m:.4f} +- {h:.4f}   log-lik. of the true deal vs "
            f"uniform {m2:+.3f} [{m2 - h2:+.3f}, {m2 + h2:+.3f}]"
        )
    # Paired against the sampler as shipped, and each model against the first at its beta
    # (the same pools and decision points).
    pairs = [(name, "auction") for name in played]
    first = next(iter(models))
    pairs += [(f"{m} b={b:g}", f"{first} b={b:g}") for m in list(models)[1:] for b in betas]
    for name, base in pairs:
        if len(right[name]) != len(right[base]):
            continue
        m, h = mean_ci([a - b for a, b in zip(right[name], right[base], strict=True)])
        m2, h2 = mean_ci([a - b for a, b in zip(dll[name], dll[base], strict=True)])
        print(
            f"{name} - {base}: right place {m:+.4f} [{m - h:+.4f}, {m + h:+.4f}], "
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
        q.add_argument("--level", default="strong")
        q.add_argument("--players", type=int, choices=(2, 3, 4))
        q.add_argument("--preset", default="classic")
    sub.choices["collect"].add_argument("--out", required=True)
    sub.choices["calibrate"].add_argument("--pool", type=int, default=200)
    sub.choices["calibrate"].add_argument("--betas", default="0.5,1")
    sub.choices["calibrate"].add_argument(
        "--model", action="append", help="a play_model.json (repeat to compare; default: shipped)"
    )
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--l2", type=float, default=1.0)
    f.add_argument("--hidden", type=int, default=0, help="hidden ReLU units (needs NumPy)")
    f.add_argument("--seed", type=int, default=0, help="the units' start and held-out tenth")
    f.add_argument("--write")
    args = p.parse_args(argv)
    {"collect": collect, "fit": fit, "calibrate": calibrate}[args.cmd](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
