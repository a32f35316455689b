"""The open-hand solver against an earlier version of itself, on the searches Strong makes.

    PYTHONPATH=py python3 bench/lab/ai_solver_replay.py record OPS.pkl [--level strong]
        [--deals polish:3:7 classic:3:8 two_players:2:9]
    PYTHONPATH=py python3 bench/lab/ai_solver_replay.py compare OPS.pkl [--base REV] [--reps 3]

``record`` plays deals (``preset:deals:seed``; ``classic`` is the default rules) with
the level in every seat, doing its counted work, and keeps every solver call of every
decision in order: each node limit set and each zero-window search with its answer
and the solver's node count after it. ``compare`` replays them on ``solver.py`` as it
is at the git revision ``--base`` (default ``HEAD``) and as it is in the working tree,
turn about, each search on a fresh solver per decision as the AI makes them. It stops
at the first search whose answer or node count differs (then the change is not the
same search, and the arena must judge it); otherwise it prints the CPU time of each,
the mean of ``--reps`` rounds. Last line:
``identical on N searches; base X s, now Y s, now/base R``.
"""

from __future__ import annotations

import argparse
import importlib.util
import pickle
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from variants import make_ai_bot

from thousand.ai import solver as live
from thousand.conventions import Conventions
from thousand.state import Game

ROOT = Path(__file__).resolve().parents[2]
Ops = list[tuple[Any, ...]]


def conventions(name: str) -> Conventions:
    """A preset's conventions (``classic``: the default rules, with the barrel)."""
    if name == "classic":
        return Conventions(players=3, barrel=True)
    return Conventions.preset(name)


def record(out: Path, level: str, runs: list[str]) -> None:
    """Play the deals and pickle every solver's calls."""
    log: list[tuple[Any, Ops]] = []
    ops_of: dict[int, Ops] = {}
    init, limit, reach = live.Solver.__init__, live.Solver.limit, live.Solver.reach

    def rec_init(self: live.Solver, rules: live.Rules, *a: Any, **k: Any) -> None:
        init(self, rules, *a, **k)
        ops: Ops = []
        ops_of[id(self)] = ops  # a new solver may take a collected one's id: set anew
        log.append((rules, ops))

    def rec_limit(
        self: live.Solver, nodes: int | None = None, deadline: float | None = None
    ) -> None:
        ops_of[id(self)].append(("limit", nodes))
        limit(self, nodes, None)

    def rec_reach(self: live.Solver, pos: live.Position, target: int) -> bool:
        start = pos.copy()
        try:
            r = reach(self, pos, target)
        except live.SearchAborted:
            ops_of[id(self)].append(("reach", start, target, None, self.nodes))
            raise
        ops_of[id(self)].append(("reach", start, target, r, self.nodes))
        return r

    live.Solver.__init__ = rec_init  # type: ignore[method-assign]
    live.Solver.limit = rec_limit  # type: ignore[method-assign]
    live.Solver.reach = rec_reach  # type: ignore[method-assign]
    try:
        bot = make_ai_bot(level)
        for run in runs:
            preset, deals, seed = run.split(":")
            conv = conventions(preset)
            rng = random.Random(int(seed))
            for i in range(int(deals)):
                state = Game(conv).new_initial_state(random.Random(int(seed) * 1000 + i))
                while not state.rows:
                    obs = state.observation(state.current_player())
                    if len(obs.legal_actions) == 1:
                        state.apply_action(obs.legal_actions[0])
                        continue
                    think = bot.start(obs, rng, budget_ms=None)
                    while not think.step(max_ms=1e9):
                        pass
                    state.apply_action(think.action())
    finally:
        live.Solver.__init__, live.Solver.limit, live.Solver.reach = init, limit, reach  # type: ignore[method-assign]
    kept = [(r, ops) for r, ops in log if any(op[0] == "reach" for op in ops)]
    with out.open("wb") as f:
        pickle.dump(kept, f)
    searches = sum(op[0] == "reach" for _, ops in kept for op in ops)
    print(f"recorded {searches} searches of {len(kept)} decisions' solvers to {out}")


def load(path: Path, name: str) -> ModuleType:
    """``solver.py`` from a file, as a module of the package (its relative imports)."""
    spec = importlib.util.spec_from_file_location(f"thousand.ai.{name}", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def replay(mod: ModuleType, log: list[tuple[Any, Ops]]) -> list[tuple[bool | None, int]]:
    """Every search's answer (None: stopped at its node limit) and node count after it."""
    out: list[tuple[bool | None, int]] = []
    fields = mod.Rules.__dataclass_fields__
    for rules, ops in log:
        s = mod.Solver(mod.Rules(**{k: getattr(rules, k) for k in fields}))
        for op in ops:
            if op[0] == "limit":
                s.limit(op[1], None)
                continue
            try:
                got: bool | None = s.reach(op[1].copy(), op[2])
            except mod.SearchAborted:
                got = None
            out.append((got, s.nodes))
    return out


def compare(ops: Path, base: str, reps: int) -> int:
    """Replay on the base revision's solver and the working tree's; check and time."""
    with ops.open("rb") as f:
        log = pickle.load(f)
    text = subprocess.run(
        ["git", "show", f"{base}:py/thousand/ai/solver.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "solver_base.py"
        old.write_text(text)
        mods = [load(old, "solver_base"), load(ROOT / "py/thousand/ai/solver.py", "solver_now")]
    want = [(op[3], op[4]) for _, o in log for op in o if op[0] == "reach"]
    cpu = [0.0, 0.0]
    for _ in range(reps):
        for i, mod in enumerate(mods):
            t0 = time.process_time()
            got = replay(mod, log)
            cpu[i] += time.process_time() - t0
            if got != want:
                k = next(j for j, (a, b) in enumerate(zip(got, want, strict=True)) if a != b)
                who = "base" if i == 0 else "now"
                print(f"{who}: search {k} gives {got[k]}, the recording {want[k]}")
                return 1
    b, n = cpu[0] / reps, cpu[1] / reps
    print(f"identical on {len(want)} searches; base {b:.2f} s, now {n:.2f} s, now/base {n / b:.3f}")
    return 0


def main() -> int:
    """Record or compare."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("out", type=Path)
    r.add_argument("--level", default="strong")
    r.add_argument("--deals", nargs="+", default=["polish:3:7", "classic:3:8", "two_players:2:9"])
    c = sub.add_parser("compare")
    c.add_argument("ops", type=Path)
    c.add_argument("--base", default="HEAD")
    c.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    if args.cmd == "record":
        record(args.out, args.level, args.deals)
        return 0
    return compare(args.ops, args.base, args.reps)


if __name__ == "__main__":
    raise SystemExit(main())
