"""``bench/lab/ai_solver_replay.py``: the searches it records replay to the same answers and
node counts on the same solver, and recording leaves the solver as it was."""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

from thousand.ai import solver

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "lab"))

import ai_solver_replay as sr


def test_recorded_searches_replay_identically(tmp_path: Path) -> None:
    methods = (solver.Solver.__init__, solver.Solver.limit, solver.Solver.reach)
    out = tmp_path / "ops.pkl"
    sr.record(out, "normal", ["two_players:1:3"])
    assert (solver.Solver.__init__, solver.Solver.limit, solver.Solver.reach) == methods
    with out.open("rb") as f:
        log = pickle.load(f)
    want = [(op[3], op[4]) for _, ops in log for op in ops if op[0] == "reach"]
    assert len(want) > 20 and any(a is True for a, _ in want) and any(a is False for a, _ in want)
    assert sr.replay(solver, log) == want
    # A search replayed with a smaller node budget than recorded stops sooner.
    first = next(ops for _, ops in log if any(op[0] == "limit" and op[1] for op in ops))
    tight = [("limit", 1) if op[0] == "limit" and op[1] else op for op in first]
    got = sr.replay(solver, [(log[0][0], tight)])
    assert got != [(op[3], op[4]) for op in tight if op[0] == "reach"]
