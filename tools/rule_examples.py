"""The example deals of the rules pages (``docs/examples/*.json``), composed with the engine.

    PYTHONPATH=py python3 tools/rule_examples.py [OUT_DIR]   # default docs/examples

Each example is a deal given card by card (``State.from_deal``), the actions
that show the rule, and the rest of the deal played out by a fixed,
seeded policy; ``thousand.record.make_record`` writes it with captions
(``notes``) on the steps that matter. The captions are catalogue keys
(``py/app/locale/*.po``): the files here carry the English words, and the
rules pages (``tools/rules_pages.py``) put each language's in its copy.
``tests/tooling/test_rules_pages.py`` checks that the files are what this
module composes and that each deal shows its rule.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from thousand import Conventions  # noqa: E402
from thousand import actions as A  # noqa: E402
from thousand.record import make_record  # noqa: E402
from thousand.state import State  # noqa: E402

#: Actions the filling policy never picks (they end or skip the deal).
_AVOID = ("redeal", "writeoff", "bomb")


@dataclass(frozen=True)
class Example:
    """One example deal: the rule it shows and how it is made."""

    name: str  # file name (docs/examples/NAME.json) and catalogue key part
    section: int  # the RULES §N it illustrates (the pages put it at that section's end)
    dealer: int
    hands: list[list[str]]
    talon: list[str]
    script: list[str]  # the actions that show the rule, in engine notation
    notes: dict[int, str]  # step (actions done) -> catalogue key of its caption
    show: int  # the step the diagram and the live element open at
    totals: list[int] | None = None
    seed: int = 1  # of the policy that plays the rest of the deal


EXAMPLES = (
    # §5: first hand on the hundred, raises by 5, the 120 ceiling without a marriage.
    Example(
        name="bidding",
        section=5,
        dealer=0,
        hands=[
            ["AS", "TS", "KS", "QS", "AC", "9C", "9D"],
            ["AH", "TH", "JH", "9H", "TC", "JC", "JD"],
            ["KH", "QH", "AD", "TD", "KD", "KC", "QC"],
        ],
        talon=["9S", "JS", "QD"],
        script=["bid 105", "bid 110", "bid 115", "pass", "bid 120", "pass"],
        notes={
            0: "rules_note_bidding_start",
            2: "rules_note_bidding_raise",
            5: "rules_note_bidding_ceiling",
            6: "rules_note_bidding_won",
        },
        show=0,
        seed=17,
    ),
    # §7: a trick won first, then the queen of hearts led with the marriage declared.
    Example(
        name="marriage",
        section=7,
        dealer=2,
        hands=[
            ["AH", "KH", "QH", "AS", "AC", "TC", "9D"],
            ["TH", "9H", "KS", "QS", "JC", "9C", "AD"],
            ["JH", "TS", "JS", "9S", "KC", "QC", "JD"],
        ],
        talon=["TD", "KD", "QD"],
        script=[
            "pass",
            "pass",
            "give 9D 1",
            "give TD 2",
            "contract 120",
            "play AS",
            "play KS",
            "play 9S",
            "declare QH",
        ],
        notes={
            2: "rules_note_marriage_hundred",
            8: "rules_note_marriage_trick",
            9: "rules_note_marriage_declared",
        },
        show=8,
    ),
    # §8: the declarer takes every trick; both defenders get a bolt.
    Example(
        name="bolt",
        section=8,
        dealer=1,
        hands=[
            ["AS", "TS", "AC", "TC", "AD", "TD", "AH"],
            ["KS", "QS", "KC", "QC", "KD", "QD", "KH"],
            ["9S", "JS", "9C", "JC", "9D", "JD", "9H"],
        ],
        talon=["TH", "QH", "JH"],
        script=["keep", "bid 120", "pass", "pass", "give JH 2", "give QH 1", "contract 120"],
        notes={7: "rules_note_bolt_lead", -1: "rules_note_bolt_end"},
        show=-1,
    ),
    # §9: South has 850, defends, and climbs onto the barrel at 880.
    Example(
        name="barrel",
        section=9,
        dealer=0,
        hands=[
            ["AS", "TS", "KS", "QS", "AC", "TC", "9D"],
            ["AH", "TH", "KH", "9H", "KC", "JC", "JD"],
            ["QH", "JH", "AD", "TD", "KD", "QC", "9C"],
        ],
        talon=["9S", "JS", "QD"],
        script=["bid 105", "pass", "pass"],
        notes={0: "rules_note_barrel_start", -1: "rules_note_barrel_end"},
        show=-1,
        totals=[850, 420, 610],
    ),
)


def play_out(state: State, rng: random.Random) -> None:
    """Finish the deal in progress with seeded choices (never a redeal, concession or bomb)."""
    deals = len(state.log)
    while not state.is_terminal() and len(state.log) == deals:
        legal = state.legal_actions()
        keep = [a for a in legal if not A.action_str(a).startswith(_AVOID)]
        state.apply_action(rng.choice(keep or legal))


def compose(ex: Example, words: dict[str, str] | None = None) -> dict[str, Any]:
    """The record of an example; captions in ``words`` (catalogue key -> text),
    else the keys themselves. A note at step -1 is at the deal's last step."""
    state = State.from_deal(Conventions(), ex.dealer, ex.hands, ex.talon, totals=ex.totals)
    for text in ex.script:
        state.apply_str(text)
    play_out(state, random.Random(ex.seed))
    steps = len(state.log[0]["actions"])
    notes = {(steps if k == -1 else k): (words or {}).get(key, key) for k, key in ex.notes.items()}
    record = make_record(state, notes=notes)
    record["deals"] = record["deals"][: len(state.log)]  # not the next deal, just dealt
    return record


def show_step(ex: Example, record: dict[str, Any]) -> int:
    """The step an example opens at (``show``; -1: the last)."""
    return len(record["deals"][0]["actions"]) if ex.show == -1 else ex.show


def english() -> dict[str, str]:
    """The English catalogue (the words the files in docs/examples carry)."""
    sys.path.insert(0, str(ROOT / "py"))
    from app.shell.i18n import tables

    return tables()["en"]


def main(argv: list[str]) -> int:
    """Write docs/examples/NAME.json for every example."""
    out = Path(argv[0]) if argv else ROOT / "docs" / "examples"
    out.mkdir(parents=True, exist_ok=True)
    words = english()
    for ex in EXAMPLES:
        text = json.dumps(compose(ex, words), ensure_ascii=False, indent=1) + "\n"
        (out / f"{ex.name}.json").write_text(text, encoding="utf-8")
        print(f"  {out / ex.name}.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
