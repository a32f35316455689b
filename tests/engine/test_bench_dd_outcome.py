"""``bench/lab/ai_dd_outcome.py``: each card decision judged by the open-handed solver on
the true deal, and the report of those judgements."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from thousand.conventions import Conventions

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "lab"))

import ai_dd_outcome as dd


def test_the_last_choice_decides_what_the_deal_makes() -> None:
    # After the last decision with a choice every card is forced, so the margin the
    # chosen card leaves is the deal's: made exactly when it is not below the target.
    # The best card for the mover's side never leaves it worse off than the chosen one.
    conv = Conventions.preset("classic")
    played = 0
    for i in range(4):
        rec = dd.deal_record(conv, "normal", "easy", 4201, i)
        if rec["kind"] != "play":
            assert rec["decisions"] == []
            continue
        played += 1
        xs = rec["decisions"]
        assert xs and any(x["level"] for x in xs) and any(not x["level"] for x in xs)
        assert rec["made"] == (xs[-1]["chosen"] >= 0)
        for x in xs:
            assert x["chosen"] <= x["best"] if x["declarer"] else x["chosen"] >= x["best"]
    assert played >= 2


def test_the_report_counts_flips_and_deals_by_margin(tmp_path: Path) -> None:
    def rec(index: int, made: bool, decisions: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "index": index,
            "kind": "play",
            "declarer_level": False,
            "made": made,
            "decisions": decisions,
        }

    x = {"cards": 5, "declarer": False, "level": True}
    deals = [
        # the level's defender lets a contract through that best play beats by 5
        rec(0, True, [dict(x, best=-5, chosen=3), dict(x, best=3, chosen=3)]),
        # and defends one exactly
        rec(1, False, [dict(x, best=-12, chosen=-12)]),
    ]
    path = tmp_path / "dd.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in deals))
    lines = dd.report([str(path)], "strong", "normal")
    assert lines[0] == "2 deals, 2 played out"
    assert "[-10,+0) 1/1" in lines[2] and "[-20,-10) 0/1" in lines[2] and "[+0,+10) 1/1" in lines[2]
    assert lines[3].startswith("strong as defender: 3 decisions, regret 2.67")
    assert lines[3].endswith("flips 1 (0.3333)")
