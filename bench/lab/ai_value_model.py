"""A richer value model of the declarer's hand, fitted on open-hand values.

    PYTHONPATH=py python3 bench/lab/ai_value_model.py labels --deals N --seed S --out DD.jsonl
    PYTHONPATH=py python3 bench/lab/ai_value_model.py compare --dd DD.jsonl --real FORCED.jsonl
    PYTHONPATH=py python3 bench/lab/ai_value_model.py fit --dd DD.jsonl --real FORCED.jsonl
    PYTHONPATH=py python3 bench/lab/ai_value_model.py within [--hands 60 --worlds 16 --model M]
    PYTHONPATH=py python3 bench/lab/ai_value_model.py discards [--hands 300 --a M1 --b M2]
    (each with ``--preset polish``: labels solved, and records played, under its rules;
    ``compare`` and ``fit`` with ``--net H``: the model with H hidden units as well)

The shipped ``play`` model (``evaluator.py``) is a 17-feature linear model fitted
on about a thousand self-play deals (``bench/ai_fit_evaluator.py --mode forced``),
the label being what the declarer ended the deal with. Self-play costs about a
second a deal, so more labels of that kind are dear. This script asks whether a
model with many more features, fitted on many cheap labels, predicts those real
outcomes better:

* ``labels``: random 3-player classic deals; a random seat takes the talon,
  passes two cards by the shipped plan value (``auction._best_out``: the richer
  card to the seat after it) and the open-hand solver gives the declarer's
  points against best defence (cards and declared marriages). One record per
  deal: the hand played and the open-hand value.
* ``compare``: fits the rich model (``rich_features``: per-suit holding
  patterns, the trump candidate's holding, marriages) on the open-hand labels,
  then, on real self-play records (``ai_fit_evaluator.py --mode forced``), maps
  it to the real outcome by a line fitted on one half and scores both models on
  the other half: R^2, the residual sigma, and the log loss of the chance of
  reaching 100, 110 and 120 under a normal error (what the bid table uses).
* ``fit``: the same fit on every label, mapped by a line fitted on every real
  record, written to ``data/evaluator.json`` as ``play_rich3`` (the line
  folded into the weights; the real residuals' sigma), which the level setting
  ``Settings.value_model = "play_rich"`` uses (Strong; the arena's ``strong_play17`` is
  Strong with the 17-feature ``play`` model).

With ``--preset`` (``polish``) the labels are solved under that preset's play
rules and the line is fitted on forced records played under it
(``ai_fit_evaluator.py --mode forced --preset polish``); ``fit`` writes
``play_rich3_polish`` with the play rules it holds (``play_rules``), which a
level with ``Settings.rule_models`` uses under those rules (``Evaluator.under``).
A labels file holds one preset's solves: pass the matching ones.

``within``: how much of a played hand's open-hand value is the hand's (its mean
over many deals of the other cards) and how much those deals', and how much of the
hand's part a value model explains (what a better model could still gain).
``discards``: where two value models make the bid table's plan pass different
cards, which keeps the better hand, open-handed in the same deals of the rest.

``--net H`` (``ai_value_net.py``, NumPy): the same features with H ReLU units
beside the linear part, fitted on the same labels (``compare`` scores it beside
the others; ``fit`` writes it as ``play_net3``, which ``Settings.value_model =
"play_net"`` uses). ``fit`` writes an entry to its one home: ``data/evaluator.json``
where a level the page offers values hands by it, else ``data/variants.json`` (the
arena's variants only: ``play_net3`` and the rule models). Files ending in ``.gz``
are read unpacked. The labels and
records the shipped ``play_net3`` was fitted on are in ``bench/lab/data/``
(``value_labels_classic.jsonl.gz``: the first 10484 labels of ``--seed 3602``
then the first 9388 of ``--seed 3603``, the played hand and its value only;
``value_real_classic.jsonl.gz``: the first 2224 forced records of
``ai_fit_evaluator.py --mode forced --seed 3601 --level strong``, the fields used
here), so ``fit --net 16`` on them writes it again, to the digit.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

import ai_value_net  # noqa: E402
from ai_fit_evaluator import level_uses, read_records, ridge, store  # noqa: E402

from thousand.ai.auction import _best_out, quick_plan_value  # noqa: E402
from thousand.ai.evaluator import RICH, RICH_SIZE, normal_cdf, rich_features, shared  # noqa: E402
from thousand.ai.solver import Position, Rules, Solver  # noqa: E402
from thousand.cards import NCARDS, POINTS  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402


def dd_deal(
    rng: random.Random, conv: Conventions, solver: Solver, explore: int = 0, model: str = "play"
) -> dict[str, Any]:
    """One random deal's played hand and its open-hand value. The two cards passed are
    the shipped plan's (``auction._best_out``); with ``explore`` K, a pair drawn at
    random from the K best by the quick plan value under the value model ``model``
    (the hands a model is asked to compare when it chooses, not only those it picks)."""
    deck = list(range(NCARDS))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[7 * i : 7 * i + 7]) for i in range(3)]
    talon = sum(1 << c for c in deck[21:])
    obs: Any = SimpleNamespace(conventions=conv, players=3)
    full = hands[0] | talon
    if explore:
        ev = shared().valuing_play_by(model)
        cards = [c for c in range(NCARDS) if full >> c & 1]
        pairs = sorted(
            itertools.combinations(cards, 2),
            key=lambda ab: -quick_plan_value(obs, ev, full, ab[0], ab[1]),
        )
        a, b = pairs[rng.randrange(min(explore, len(pairs)))]
        rest = full & ~(1 << a) & ~(1 << b)
    else:
        _, rest = _best_out(obs, shared(), full)
    passed = sorted((c for c in range(NCARDS) if (full & ~rest) >> c & 1), key=lambda c: -POINTS[c])
    h1 = hands[1] | (1 << passed[0])
    h2 = hands[2] | (1 << passed[1])
    solver.tt.clear()
    value = solver.value(Position(3, [rest, h1, h2], 0))
    return {"played": rest, "dd": value, "h1": h1, "h2": h2}


def _fit(rows: list[tuple[list[float], float]], lam: float) -> list[float]:
    return ridge([r[0] for r in rows], [r[1] for r in rows], lam)


def _dot(w: list[float], x: list[float]) -> float:
    return sum(a * b for a, b in zip(w, x, strict=True))


def _scores(pred: list[float], truth: list[float], sigma: float) -> dict[str, float]:
    n = len(truth)
    mean = sum(truth) / n
    sse = sum((p - t) ** 2 for p, t in zip(pred, truth, strict=True))
    sst = sum((t - mean) ** 2 for t in truth)
    out = {"r2": 1 - sse / sst, "sigma": math.sqrt(sse / n)}
    for c in (100, 110, 120):
        loss = 0.0
        for p, t in zip(pred, truth, strict=True):
            q = min(0.995, max(0.005, normal_cdf((p - c + 0.5) / sigma)))
            loss -= math.log(q if t >= c else 1 - q)
        out[f"logloss{c}"] = loss / n
    return out


def _real(paths: list[str], preset: str) -> list[dict[str, Any]]:
    """The forced 3-player self-play records played under ``preset``."""
    return [
        r
        for r in _read(paths)
        if r.get("kind") == "forced"
        and r.get("players") == 3
        and r.get("preset", "classic") == preset
    ]


def _r2(pred: list[float], truth: list[float]) -> float:
    sse = sum((p - t) ** 2 for p, t in zip(pred, truth, strict=True))
    mean = sum(truth) / len(truth)
    return 1 - sse / sum((t - mean) ** 2 for t in truth)


def _net(dd: list[dict[str, Any]], hidden: int) -> dict[str, Any]:
    """The linear part and ``hidden`` units fitted on the open-hand labels ``dd``."""
    return ai_value_net.train(
        [rich_features(r["played"]) for r in dd], [float(r["dd"]) for r in dd], hidden
    )


def compare(
    dd_paths: list[str], real_paths: list[str], lam: float, preset: str, net: int = 0
) -> None:
    dd = _read(dd_paths)
    real = _real(real_paths, preset)
    w = _fit([(rich_features(r["played"]), float(r["dd"])) for r in dd], lam)
    # The open-hand fit's own quality (half of the labels held out).
    half = len(dd) // 2
    w_half = _fit([(rich_features(r["played"]), float(r["dd"])) for r in dd[:half]], lam)
    truth = [float(r["dd"]) for r in dd[half:]]
    pred = [_dot(w_half, rich_features(r["played"])) for r in dd[half:]]
    print(f"open-hand labels: n={len(dd)}, held-out R^2 {_r2(pred, truth):.3f}")
    models = {"rich open-hand model": lambda h: _dot(w, rich_features(h))}
    if net:
        fitted = _net(dd[:half], net)
        pred = [ai_value_net.predict(fitted, rich_features(r["played"])) for r in dd[half:]]
        print(f"  with {net} hidden units: held-out R^2 {_r2(pred, truth):.3f}")
        whole = _net(dd, net)
        models[f"rich + {net} hidden units"] = lambda h: ai_value_net.predict(
            whole, rich_features(h)
        )
    ev = shared()
    play = ev.model("play", 3)
    order = list(range(len(real)))
    random.Random(0).shuffle(order)
    fit_idx, test_idx = order[: len(order) // 2], order[len(order) // 2 :]
    y = [float(r["points"]) for r in real]
    preds = {"shipped play model": [play.mean(r["played"]) for r in real]}
    for name, f in models.items():
        preds[name] = [f(r["played"]) for r in real]
    # Each model mapped to the real outcome by a line fitted on the fitting half.
    print(f"real self-play records: n={len(real)} (the line fitted on {len(fit_idx)})")
    for name, xs in preds.items():
        a, b = ridge([[1.0, xs[i]] for i in fit_idx], [y[i] for i in fit_idx], 1e-6)
        mapped = [a + b * x for x in xs]
        res = [y[i] - mapped[i] for i in fit_idx]
        sigma = math.sqrt(sum(r * r for r in res) / len(res))
        scores = _scores([mapped[i] for i in test_idx], [y[i] for i in test_idx], sigma)
        shown = ", ".join(f"{k} {v:.3f}" for k, v in scores.items())
        print(f"  {name}: {shown} (line {a:+.1f} + {b:.3f} x)")
    if preset != "classic" and ("play_rich", 3) in ev.models:
        # What Strong values these hands by today: the classic-fitted rich model as
        # shipped, with no line refitted under this preset's rules.
        classic = ev.valuing_play_by("play_rich").model("play", 3)
        scores = _scores(
            [classic.mean(real[i]["played"]) for i in test_idx],
            [y[i] for i in test_idx],
            classic.sigma,
        )
        shown = ", ".join(f"{k} {v:.3f}" for k, v in scores.items())
        print(f"  classic rich model as shipped: {shown}")


def fit(
    dd_paths: list[str],
    real_paths: list[str],
    lam: float,
    out: Path | None,
    preset: str,
    net: int = 0,
) -> None:
    """Write ``play_rich3`` (``play_rich3_<preset>`` for another preset, with the
    play rules it was fitted under): the open-hand fit mapped to the real outcomes by
    a line (folded into the weights), with the real residuals' sigma; with ``net``
    hidden units, ``play_net3`` (``play_net3_<preset>``), the line folded into them too."""
    dd = _read(dd_paths)
    real = _real(real_paths, preset)
    entry: dict[str, Any] = {}
    if net:
        fitted = _net(dd, net)
        xs = [ai_value_net.predict(fitted, rich_features(r["played"])) for r in real]
    else:
        w = _fit([(rich_features(r["played"]), float(r["dd"])) for r in dd], lam)
        xs = [_dot(w, rich_features(r["played"])) for r in real]
    y = [float(r["points"]) for r in real]
    a, b = ridge([[1.0, x] for x in xs], y, 1e-6)
    res = [t - (a + b * x) for x, t in zip(xs, y, strict=True)]
    sigma = math.sqrt(sum(r * r for r in res) / len(res))
    mean = sum(y) / len(y)
    r2 = 1 - sum(r * r for r in res) / sum((t - mean) ** 2 for t in y)
    if net:
        mapped = ai_value_net.scaled(fitted, a, b)
        weights = mapped["weights"]
        entry["hidden"] = [[round(x, 5) for x in row] for row in mapped["hidden"]]
        entry["out"] = [round(x, 4) for x in mapped["out"]]
    else:
        weights = [b * x for x in w]
        weights[128] += a  # the bias
    assert len(weights) == RICH_SIZE
    kind = "play_net" if net else "play_rich"
    key = f"{kind}3" if preset == "classic" else f"{kind}3_{preset}"
    if preset != "classic":
        conv = Conventions.preset(preset)
        rules = {"must_beat": conv.must_beat, "declare_on_first_lead": conv.declare_on_first_lead}
        entry["play_rules"] = rules
    fitted_entry = {
        "features": RICH,
        "weights": [round(x, 4) for x in weights],
        **entry,
        "sigma": round(sigma, 2),
        "n_open_hand": len(dd),
        "n_real": len(real),
        "r2_real": round(r2, 3),
        "line": [round(a, 3), round(b, 4)],
        "source": f"bench/lab/ai_value_model.py fit --preset {preset}"
        " (open-hand labels, Strong's forced self-play)",
    }
    if out is None:
        # Rule models (``rule_models``) and kinds no level values hands by are the
        # arena's variants'.
        used = preset == "classic" and level_uses(value_model=kind)
        out = store({key: fitted_entry}, used)
    else:
        data = json.loads(out.read_text())
        out.write_text(json.dumps(data | {key: fitted_entry}, indent=1) + "\n")
    print(f"{key}: n={len(dd)} open-hand, {len(real)} real; R^2 {r2:.3f} sigma {sigma:.2f}")
    print(f"wrote {out}")


def _worlds_of(
    rng: random.Random, conv: Conventions, solver: Solver, rest: int, full: int, k: int
) -> list[int]:
    """The open-hand values of the played hand ``rest`` (``full`` with two cards
    passed, the richer to the seat after the declarer) in ``k`` random deals of the
    other cards."""
    passed = sorted((c for c in range(NCARDS) if (full & ~rest) >> c & 1), key=lambda c: -POINTS[c])
    others = [c for c in range(NCARDS) if not full >> c & 1]
    vals = []
    for _ in range(k):
        rng.shuffle(others)
        h1 = sum(1 << c for c in others[:7]) | (1 << passed[0])
        h2 = sum(1 << c for c in others[7:]) | (1 << passed[1])
        solver.tt.clear()
        vals.append(solver.value(Position(3, [rest, h1, h2], 0)))
    return vals


def within(hands: int, worlds: int, seed: int, model: str) -> None:
    """How much of the open-hand value is the hand's and how much the deal of the
    other cards', and how much of the hand's the model ``model`` explains: ``hands``
    random played hands (passed by the model's plan), each solved in ``worlds``
    random deals of the rest."""
    if hands < 3 or worlds < 2:
        raise SystemExit("within: at least 3 hands and 2 deals of the rest each")
    conv = Conventions.preset("classic")
    solver = Solver(Rules.of(conv))
    rng = random.Random(seed)
    obs: Any = SimpleNamespace(conventions=conv, players=3)
    ev = shared().valuing_play_by(model)
    m = ev.model("play", 3)
    means, preds, spread = [], [], []
    for _ in range(hands):
        full = sum(1 << c for c in rng.sample(range(NCARDS), 10))
        _, rest = _best_out(obs, ev, full)
        vals = _worlds_of(rng, conv, solver, rest, full, worlds)
        mean = sum(vals) / len(vals)
        means.append(mean)
        preds.append(m.mean(rest))
        spread.append(sum((v - mean) ** 2 for v in vals) / (len(vals) - 1))
    noise = sum(spread) / len(spread)  # the deal's variance, within a hand
    mu = sum(means) / len(means)
    between = sum((x - mu) ** 2 for x in means) / len(means) - noise / worlds
    a, b = ridge([[1.0, p] for p in preds], means, 1e-6)
    res = [x - (a + b * p) for x, p in zip(means, preds, strict=True)]
    miss = sum(r * r for r in res) / len(res) - noise / worlds
    print(
        f"{hands} hands x {worlds} deals of the rest: the deal's sd within a hand"
        f" {math.sqrt(noise):.1f}, the hands' sd {math.sqrt(max(between, 0.0)):.1f};"
        f" {model} (by a line) leaves the hands' means an sd of"
        f" {math.sqrt(max(miss, 0.0)):.1f}, explaining {1 - miss / between:.3f} of theirs"
    )


def discards(hands: int, worlds: int, seed: int, a: str, b: str) -> None:
    """The cards the bid table's plan (``auction._best_out``) passes under the value
    models ``a`` and ``b``, compared where they differ by the open-hand value of what
    each keeps, in the same ``worlds`` deals of the rest: its points, and how often
    they reach 100 and 120."""
    conv = Conventions.preset("classic")
    solver = Solver(Rules.of(conv))
    rng = random.Random(seed)
    obs: Any = SimpleNamespace(conventions=conv, players=3)
    evs = [shared().valuing_play_by(k) for k in (a, b)]
    diffs: dict[str, list[float]] = {"points": [], "100": [], "120": []}
    for _ in range(hands):
        full = sum(1 << c for c in rng.sample(range(NCARDS), 10))
        rests = [_best_out(obs, ev, full)[1] for ev in evs]
        if rests[0] == rests[1]:
            continue
        state = rng.getstate()
        got = []
        for rest in rests:
            rng.setstate(state)  # the same deals of the rest for both
            got.append(_worlds_of(rng, conv, solver, rest, full, worlds))
        for key, f in (
            ("points", lambda v: float(v)),
            ("100", lambda v: float(v >= 100)),
            ("120", lambda v: float(v >= 120)),
        ):
            diffs[key].append(sum(f(x) - f(y) for x, y in zip(*got, strict=True)) / worlds)
    n = len(diffs["points"])
    print(f"{hands} hands: {a} and {b} pass different cards in {n}; {a} less {b}:")
    if n < 2:
        return
    for key, xs in diffs.items():
        mean = sum(xs) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
        label = "open-hand points" if key == "points" else f"share reaching {key}"
        print(f"  {label}: {mean:+.3f} +- {1.96 * sd / math.sqrt(n):.3f}")


def _read(paths: list[str]) -> list[dict[str, Any]]:
    return read_records(paths)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = ap.add_subparsers(dest="cmd", required=True)
    lab = sub.add_parser("labels")
    lab.add_argument("--deals", type=int, default=1000)
    lab.add_argument("--seed", type=int, default=1)
    lab.add_argument("--out", required=True)
    lab.add_argument("--minutes", type=float, default=1e9)
    lab.add_argument("--preset", default="classic", help="the play rules of the open-hand solves")
    lab.add_argument("--explore", type=int, default=0, help="pass a pair of the K best at random")
    lab.add_argument("--model", default="play", help="with --explore: the value model ranking")
    cmp_ = sub.add_parser("compare")
    cmp_.add_argument("--dd", action="append", required=True)
    cmp_.add_argument("--real", action="append", required=True)
    cmp_.add_argument("--lam", type=float, default=3.0)
    cmp_.add_argument("--preset", default="classic", help="the real records' preset")
    cmp_.add_argument("--net", type=int, default=0, help="also a model with this many units")
    fit_ = sub.add_parser("fit")
    fit_.add_argument("--dd", action="append", required=True)
    fit_.add_argument("--real", action="append", required=True)
    fit_.add_argument("--lam", type=float, default=3.0)
    fit_.add_argument("--out", type=Path, help="default: its home in py/thousand/ai/data")
    fit_.add_argument("--preset", default="classic", help="the labels' and records' preset")
    fit_.add_argument("--net", type=int, default=0, help="play_net3: this many hidden units")
    wit = sub.add_parser("within")
    wit.add_argument("--hands", type=int, default=60)
    wit.add_argument("--worlds", type=int, default=16)
    wit.add_argument("--seed", type=int, default=1)
    wit.add_argument("--model", default="play_rich")
    dis = sub.add_parser("discards")
    dis.add_argument("--hands", type=int, default=300)
    dis.add_argument("--worlds", type=int, default=8)
    dis.add_argument("--seed", type=int, default=7)
    dis.add_argument("--a", default="play_net")
    dis.add_argument("--b", default="play_rich")
    args = ap.parse_args()
    if args.cmd == "within":
        within(args.hands, args.worlds, args.seed, args.model)
    elif args.cmd == "discards":
        discards(args.hands, args.worlds, args.seed, args.a, args.b)
    elif args.cmd == "labels":
        rng = random.Random(args.seed)
        conv = Conventions.preset(args.preset)
        solver = Solver(Rules.of(conv))
        t0 = time.perf_counter()
        made = 0
        with open(args.out, "a", encoding="utf-8") as f:
            while made < args.deals and time.perf_counter() - t0 < args.minutes * 60:
                rec = dd_deal(rng, conv, solver, args.explore, args.model)
                f.write(json.dumps(rec) + "\n")
                f.flush()
                made += 1
        print(f"{made} deals in {time.perf_counter() - t0:.0f} s -> {args.out}")
    elif args.cmd == "fit":
        fit(args.dd, args.real, args.lam, args.out, args.preset, args.net)
    else:
        compare(args.dd, args.real, args.lam, args.preset, args.net)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
