"""Card play judged by the open-handed solver on the true deal.

    PYTHONPATH=py python3 bench/lab/ai_dd_outcome.py play [--preset polish] [--level strong]
        [--company normal] --deals N --seed S [--start K] --out F.jsonl
    PYTHONPATH=py python3 bench/lab/ai_dd_outcome.py report F.jsonl [F2.jsonl ...]

``play`` deals as the arena does (``arena.deal_set_seed``), from zero totals until the
deal is scored. One seat (the deal's index modulo the table size) is played by
``--level`` and the others by ``--company``. At every card decision with a choice the
true deal is solved after each legal card (``Solver.value``: the declarer's points if
everybody plays on open-handed and best), and the deal's line records each decision:

* ``best``: the declarer's margin over its target after the best card for the mover's
  side (most for the declarer, fewest for a defender), which is the margin the
  position holds;
* ``chosen``: the margin after the card chosen, so ``|chosen - best|`` is the
  decision's double-dummy regret in the declarer's points;
* who moved (``level`` or company, declarer or defender) and the cards in hand;

and, once the deal is played out, whether the contract was made. A deal that ends
without card play (a bomb, a concession) is written without decisions.

``report`` prints how often contracts were made by the margin the position held
(counted once per deal and margin band, by the declarer's bot), and per mover the mean
double-dummy regret, the share of decisions with any, and the *flips*: decisions
whose card moved the contract from one side of the target to the other under best
play. A defender is scored on its own points as well as the declarer's fate, so its
regret in the declarer's points is not all a mistake; a flip against its side is.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from deal_runs import parsers
from variants import make_bot

from thousand.ai.common import position_from_obs
from thousand.ai.play import target_points
from thousand.ai.solver import Rules, Solver, apply_move
from thousand.arena import _deal, deal_set_seed, mean_ci
from thousand.bots import bot_action
from thousand.cards import marriage_value
from thousand.conventions import Conventions
from thousand.state import Observation, Phase, State

BANDS = ((-999, -40), (-40, -20), (-20, -10), (-10, 0), (0, 10), (10, 20), (20, 999))


def final_points(state: State, obs: Observation, solver: Solver) -> dict[int, int]:
    """Per legal card: the declarer's deal points (cards and its marriages) in the end,
    everybody playing on open-handed and best from the true deal after it."""
    d = obs.declarer
    have = obs.points_taken[d] + sum(marriage_value(s) for p, s in obs.marriages if p == d)
    hands = {s: state.hands[s] for s in obs.active}
    out = {}
    for mv in obs.legal_actions:
        q = position_from_obs(obs, hands)
        gain = apply_move(q, mv)
        out[mv] = have + gain + solver.value(q)
    return out


def deal_record(
    conv: Conventions, level: str, company: str, seed: int, index: int
) -> dict[str, Any]:
    """Deal ``index`` of ``seed`` played out, with every card decision's margins."""
    set_seed = deal_set_seed(seed, index)
    dealer, hands, talon = _deal(conv, set_seed)
    state = State.from_deal(conv, dealer, hands, talon, rng=random.Random(set_seed * 31 + 7))
    hero = index % conv.players
    bots = [make_bot(level if s == hero else company) for s in range(conv.players)]
    rngs = [random.Random(set_seed * 13 + s) for s in range(conv.players)]
    solver = Solver(Rules.of(conv))
    start = len(state.rows)
    decisions = []
    while True:
        rows = state.rows[start:]
        if (rows and rows[-1].kind != "redeal") or state.is_terminal():
            break
        seat = state.current_player()
        action = bot_action(bots[seat], state, seat, rngs[seat])
        if state.phase is Phase.PLAY and len(state.legal_actions()) > 1:
            obs = state.observation(seat)
            declarer = seat == obs.declarer
            need = target_points(obs)
            m = {mv: p - need for mv, p in final_points(state, obs, solver).items()}
            best = max(m.values()) if declarer else min(m.values())
            decisions.append(
                {
                    "cards": obs.hand.bit_count(),
                    "declarer": declarer,
                    "level": seat == hero,
                    "best": best,
                    "chosen": m[action],
                }
            )
        state.apply_action(action)
    last = state.rows[-1]
    return {
        "index": index,
        "kind": last.kind,
        "declarer_level": last.declarer == hero,
        "made": bool(last.made),
        "decisions": decisions if last.kind == "play" else [],
    }


def report(paths: list[str], level: str = "level", company: str = "company") -> list[str]:
    """The report's lines (also printed)."""
    deals = [json.loads(x) for p in paths for x in Path(p).read_text().splitlines() if x]
    played = [d for d in deals if d["decisions"]]
    lines = [f"{len(deals)} deals, {len(played)} played out"]
    for who, name in ((True, level), (False, company)):
        ds = [d for d in played if d["declarer_level"] == who]
        cells = []
        for lo, hi in BANDS:
            hit = [d for d in ds if any(lo <= x["best"] < hi for x in d["decisions"])]
            cells.append(f"[{lo:+d},{hi:+d}) {sum(d['made'] for d in hit)}/{len(hit)}")
        lines.append(f"{name} declares, made / deals by the margin held: " + "  ".join(cells))
    for who, name in ((True, level), (False, company)):
        for decl in (True, False):
            xs = [
                x
                for d in played
                for x in d["decisions"]
                if x["level"] == who and x["declarer"] == decl
            ]
            if not xs:
                continue
            reg = [float(abs(x["chosen"] - x["best"])) for x in xs]
            m, h = mean_ci(reg)
            flips = sum(1 for x in xs if (x["best"] >= 0) != (x["chosen"] >= 0))
            role = "declarer" if decl else "defender"
            lines.append(
                f"{name} as {role}: {len(xs)} decisions, regret {m:.2f} +- {h:.2f} points, "
                f"any {sum(r > 0 for r in reg) / len(reg):.3f}, flips {flips} "
                f"({flips / len(xs):.4f})"
            )
    for line in lines:
        print(line)
    return lines


def main(argv: list[str] | None = None) -> int:
    p, pl, sub = parsers(__doc__, seed=4201)
    pl.add_argument("--company", default="normal")
    pl.add_argument("--out", required=True)
    rp = sub.add_parser("report")
    rp.add_argument("paths", nargs="+")
    rp.add_argument("--level", default="level")
    rp.add_argument("--company", default="company")
    args = p.parse_args(argv)
    if args.cmd == "report":
        report(args.paths, args.level, args.company)
        return 0
    conv = Conventions.preset(args.preset)
    with open(args.out, "a") as f:
        for i in range(args.start, args.start + args.deals):
            rec = deal_record(conv, args.level, args.company, args.seed, i)
            f.write(json.dumps(rec) + "\n")
            f.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
