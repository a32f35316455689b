"""The example deals of the rules pages (``docs/examples/*.json``), composed with the engine.

    PYTHONPATH=py python3 tools/rule_examples.py [OUT_DIR]   # default docs/examples

Each example is a deal given card by card (``State.from_deal``) under a
preset (``Conventions.PRESETS``), the actions that show the rule, and the
rest of the deal played out by a fixed, seeded policy;
``thousand.record.make_record`` writes it. The first four (the developer
reference's) carry captions (``notes``) on the steps that matter, as
catalogue keys (``py/app/locale/*.po``): the files here carry the English
words, and the rules pages (``tools/rules_pages.py``) put each language's in
their copy. The others have no step captions: the players' pages
(``docs/learn/<lang>/*.md``) write one under each ``{{example NAME}}``.

:func:`check` composes every example and asks :func:`problems` whether its
deal shows its rule at its step (a void player trumping, a concession, a fall
off the barrel...); the build stops on an example the engine refuses or one
that no longer shows its rule. ``tests/tooling/test_rules_pages.py`` checks
that the files are what this module composes.
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

    name: str  # file name (docs/examples/NAME.json); the pages' {{example NAME}}
    section: int | None  # the RULES §N the developer reference shows it at (None: not there)
    dealer: int
    hands: list[list[str]]
    talon: list[Any]  # three cards (2 players: two talons of two)
    script: list[str]  # the actions that show the rule, in engine notation
    notes: dict[int, str]  # step (actions done) -> catalogue key of its caption
    show: int  # the step the diagram and the live element open at
    totals: list[int] | None = None
    seed: int = 1  # of the policy that plays the rest of the deal
    preset: str = "classic"  # the rule set (``Conventions.PRESETS``) it is played by


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
    # The whole of one deal: West on the hundred, South wins at 110, takes the talon,
    # gives a card to each, names 120, declares the heart marriage and makes it.
    Example(
        name="first_deal",
        section=None,
        dealer=0,
        hands=[
            ["AH", "KH", "QH", "AS", "TS", "AD", "9C"],
            ["TH", "9H", "KS", "QS", "TC", "JC", "KD"],
            ["JH", "JS", "9S", "AC", "KC", "QC", "9D"],
        ],
        talon=["TD", "QD", "JD"],
        script=[
            "bid 105",
            "bid 110",
            "pass",
            "pass",
            "give TS 1",
            "give JD 2",
            "contract 120",
            *("play AS", "play QS", "play 9S"),
            *("declare QH", "play 9H", "play JH"),
            *("play AH", "play TH", "play 9D"),
            *("play KH", "play JC", "play JD"),
            *("play 9C", "play TC", "play AC"),
            *("play JS", "play QD", "play TS"),
            *("play KS", "play QC", "play TD"),
            *("play KD", "play KC", "play AD"),
        ],
        notes={},
        show=0,
    ),
    # East on the hundred; South wins at 105, the talon (K♦ Q♦ 9♠) is turned up and
    # taken, South gives 9♠ to West and J♦ to East and names 120.
    Example(
        name="talon",
        section=None,
        dealer=1,
        hands=[
            ["AS", "TS", "AH", "TH", "AC", "9C", "JD"],
            ["KS", "QS", "KH", "9H", "TC", "JC", "9D"],
            ["JS", "AD", "TD", "QH", "JH", "KC", "QC"],
        ],
        talon=["KD", "QD", "9S"],
        script=["bid 105", "pass", "pass", "give 9S 1", "give JD 2", "contract 120"],
        notes={},
        show=3,
        seed=3,
    ),
    # Hearts are trump (South's marriage); East leads K♠, South plays A♠, and West,
    # who has no spade left, must trump with J♥ and wins the ace.
    Example(
        name="must_trump",
        section=None,
        dealer=1,
        hands=[
            ["AH", "KH", "QH", "AS", "TS", "AC", "TC"],
            ["JH", "9H", "AD", "TD", "KD", "9D", "9S"],
            ["TH", "KS", "QS", "JS", "KC", "QC", "JC"],
        ],
        talon=["QD", "JD", "9C"],
        script=[
            "bid 110",
            "pass",
            "pass",
            "give JD 1",
            "give QD 2",
            "contract 120",
            *("play AC", "play 9S", "play JC"),
            *("declare QH", "play 9H", "play TH"),
            *("play KS", "play AS", "play JH"),
        ],
        notes={},
        show=15,
    ),
    # South wins the bidding at 120, finds nothing in the talon and concedes:
    # −120 for South, half of it (60) for each of the others.
    Example(
        name="concede",
        section=None,
        dealer=0,
        hands=[
            ["KS", "QS", "AC", "TC", "9D", "JH", "9H"],
            ["AS", "TS", "AH", "TH", "AD", "TD", "KD"],
            ["KH", "QH", "KC", "QC", "9C", "QD", "JD"],
        ],
        talon=["JS", "9S", "JC"],
        script=["bid 105", "bid 110", "bid 115", "pass", "bid 120", "pass", "writeoff"],
        notes={},
        show=6,
    ),
    # South sits on the barrel (880), wins at 120 with the spade marriage and takes
    # 117: the contract is lost, 760, off the barrel.
    Example(
        name="barrel_fall",
        section=None,
        dealer=0,
        hands=[
            ["KS", "QS", "AC", "TC", "9D", "JH", "9H"],
            ["AS", "TS", "AH", "TH", "AD", "TD", "KD"],
            ["KH", "QH", "KC", "QC", "9C", "QD", "JD"],
        ],
        talon=["JS", "9S", "JC"],
        script=[
            *("bid 105", "bid 110", "bid 115", "pass", "bid 120", "pass"),
            *("give 9D 1", "give JH 2", "contract 120"),
        ],
        notes={},
        show=-1,
        totals=[880, 420, 610],
        seed=173,
    ),
    # South sits on the barrel (880), wins at 110, must name 120, names it and makes
    # it with the diamond marriage: 1000, the game is over.
    Example(
        name="game_end",
        section=None,
        dealer=0,
        hands=[
            ["AD", "KD", "QD", "AC", "TC", "AH", "9S"],
            ["TD", "9D", "KC", "QC", "TS", "JS", "KH"],
            ["JD", "JC", "9C", "AS", "KS", "QS", "9H"],
        ],
        talon=["TH", "QH", "JH"],
        script=[
            "bid 105",
            "bid 110",
            "pass",
            "pass",
            "give TC 1",
            "give JH 2",
            "contract 120",
            *("play AC", "play QC", "play 9C"),
            *("declare QD", "play 9D", "play JD"),
            *("play AD", "play TD", "play 9H"),
            *("play KD", "play JS", "play JH"),
            *("play 9S", "play TS", "play AS"),
            *("play JC", "play QH", "play TC"),
            *("play KC", "play QS", "play TH"),
            *("play KH", "play KS", "play AH"),
        ],
        notes={},
        show=-1,
        totals=[880, 640, 710],
    ),
    # Two players, ten cards each and two talons of two: South wins at 105, takes the
    # second talon (Q♣ 10♦: a club marriage), puts J♦ and 9♣ aside and names 120.
    Example(
        name="two_players",
        section=None,
        dealer=0,
        hands=[
            ["AH", "KH", "QH", "AS", "TS", "AC", "KC", "9C", "AD", "JD"],
            ["TH", "9H", "KS", "QS", "JS", "TC", "JC", "KD", "QD", "9D"],
        ],
        talon=[["JH", "9S"], ["QC", "TD"]],
        script=[
            *("bid 105", "pass", "pick 1", "aside JD", "aside 9C", "contract 120"),
            *("play AS", "play JS", "declare QH", "play 9H"),
        ],
        notes={},
        show=3,
        seed=2,
        preset="two_players",
    ),
    # Four players: North deals and sits out; the talon (A♠ K♥ Q♥) is North's score:
    # 18 card points, rounded to 20, and the heart marriage, 100.
    Example(
        name="four_players",
        section=None,
        dealer=2,
        hands=[
            ["TS", "KS", "QS", "AC", "TC", "AD", "TD"],
            ["AH", "TH", "9H", "KC", "QC", "JC", "9C"],
            [],
            ["JS", "9S", "JH", "KD", "QD", "JD", "9D"],
        ],
        talon=["AS", "KH", "QH"],
        script=["keep", "bid 105", "pass", "pass", "give TC 1", "give TD 3", "contract 120"],
        notes={},
        show=0,
        seed=41,
        preset="four_players",
    ),
)


def play_out(state: State, rng: random.Random) -> None:
    """Finish the first deal with seeded choices (never a redeal, concession or bomb);
    nothing when the script has finished it."""
    while not state.is_terminal() and not state.log:
        legal = state.legal_actions()
        keep = [a for a in legal if not A.action_str(a).startswith(_AVOID)]
        state.apply_action(rng.choice(keep or legal))


def conventions(ex: Example) -> Conventions:
    """The rules an example is played by."""
    return Conventions.preset(ex.preset)


def played(ex: Example) -> State:
    """The example's deal played out (the engine refuses a bad deal or action:
    ``ValueError``, ``IllegalActionError``)."""
    state = State.from_deal(conventions(ex), ex.dealer, ex.hands, ex.talon, totals=ex.totals)
    for text in ex.script:
        state.apply_str(text)
    play_out(state, random.Random(ex.seed))
    return state


def compose(ex: Example, words: dict[str, str] | None = None) -> dict[str, Any]:
    """The record of an example; captions in ``words`` (catalogue key -> text),
    else the keys themselves. A note at step -1 is at the deal's last step."""
    state = played(ex)
    steps = len(state.log[0]["actions"])
    notes = {(steps if k == -1 else k): (words or {}).get(key, key) for k, key in ex.notes.items()}
    record = make_record(state, notes=notes)
    record["deals"] = record["deals"][:1]  # the deal alone, not the next one just dealt
    return record


def show_step(ex: Example, record: dict[str, Any]) -> int:
    """The step an example opens at (``show``; -1: the last)."""
    return len(record["deals"][0]["actions"]) if ex.show == -1 else ex.show


def _hand_suits(hand: int) -> set[int]:
    return {c // 6 for c in range(24) if hand >> c & 1}


def problems(ex: Example, record: dict[str, Any]) -> list[str]:
    """Why ``record`` (replayed by the engine) does not show the rule of ``ex`` at its
    step: empty when it does. The build and the tests call it."""
    from thousand.record import Replay

    rp = Replay(record)  # the engine replays every step (RecordError otherwise)
    actions: list[str] = record["deals"][0]["actions"]
    step = show_step(ex, record)
    if not 0 <= step <= rp.steps:
        return [f"{ex.name}: shows step {step} of {rp.steps}"]
    at, final = rp.state(step), rp.state(rp.steps)
    row = final.rows[0] if final.n_rows else None
    start = record.get("totals") or [0] * record["players"]
    why: list[str] = []

    def need(ok: object, what: str) -> None:
        if not ok:
            why.append(f"{ex.name}: {what}")

    name = ex.name
    if record["players"] != conventions(ex).players:
        why.append(f"{name}: {record['players']} players, not {conventions(ex).players}")
    if name in ("first_deal", "talon", "must_trump", "marriage", "bolt"):
        need(row and row.kind == "play", "the deal is played out")
    if name == "first_deal":
        need(step == 0, "opens at the deal")
        need(any(a.startswith("declare") for a in actions), "a marriage is declared")
        need(row and row.made and min(row.tricks) > 0, "the declarer makes it, all take a trick")
    elif name == "talon":
        need(at.phase.name == "DISCARD" and not at.on_100, "the talon turned up and taken")
        need(at.hands[at.declarer].bit_count() == 10, "the declarer holds ten cards")
        gives = actions[step : step + 2]
        need(sorted(int(g.split()[2]) for g in gives if g.startswith("give")) == [1, 2], "gives")
    elif name == "bidding":
        ceiling = [A.action_str(a) for a in rp.state(5).legal_actions()]
        need(step == 0 and ceiling == ["pass"], "at 120 a hand without a marriage only passes")
    elif name == "marriage":
        need(actions[step].startswith("declare") and at.trump == -1, "the marriage comes next")
    elif name == "must_trump":
        before = rp.state(step - 1)
        seat, card = before.current_player(), actions[step - 1].split()[-1]
        led = before.trick[0] // 6 if before.trick else -1
        hand = _hand_suits(before.hands[seat])
        from thousand.cards import card_from_str

        need(before.trump >= 0 and led not in (-1, before.trump), "a trick of a plain suit")
        need(led not in hand and before.trump in hand, "the player is void and holds a trump")
        need(card_from_str(card) // 6 == before.trump, "the void player trumps")
        suits = {a % 24 // 6 for a in before.legal_actions()}
        need(suits == {before.trump}, "trumps are the only cards allowed")
    elif name == "concede":
        need(actions[step:] == ["writeoff"], "the concession comes next and ends the deal")
        need(row and row.kind == "writeoff", "scored as a concession")
    elif name == "barrel":
        need(not at.on_barrel[0] or step == len(actions), "climbs at the end")
        need(start[0] < 880 and final.on_barrel[0] and final.totals[0] == 880, "onto the barrel")
    elif name == "barrel_fall":
        seat = row.declarer if row else 0
        need(start[seat] >= 880 and step == len(actions), "the barrel player's deal to its end")
        need(row and not row.made and final.on_barrel[seat] == 0, "falls off the barrel")
        need(final.standing.barrel_falls[seat] == 1 and final.totals[seat] < 880, "off it")
    elif name == "bolt":
        need(final.bolt_count.count(1) == 2 and step == len(actions), "a bolt each, at the end")
    elif name == "game_end":
        need(final.is_terminal() and max(final.totals) >= 1000, "someone reaches 1000")
        need(step == len(actions) and final.winner is not None, "the game is over")
    elif name == "two_players":
        need(record["players"] == 2 and actions[step - 1].startswith("pick"), "a talon picked")
    elif name == "four_players":
        dealer = record["deals"][0]["dealer"]
        need(record["players"] == 4 and not record["deals"][0]["hands"][dealer], "sits out")
        need(row and row.deltas[dealer] > 0, "the dealer scores the talon")
    else:
        why.append(f"{name}: no check for this example")
    return why


def check(examples: tuple[Example, ...] = EXAMPLES) -> list[dict[str, Any]]:
    """Every example composed and checked; ``ValueError`` names every one that the
    engine refuses or that does not show its rule (the build stops on it)."""
    records, why = [], []
    for ex in examples:
        try:
            record = compose(ex)
        except ValueError as e:  # IllegalActionError, RecordError and a bad deal are
            why.append(f"{ex.name}: the engine refuses it: {e}")
            continue
        why += problems(ex, record)
        records.append(record)
    if why:
        raise ValueError("rule examples: " + "; ".join(why))
    return records


def english() -> dict[str, str]:
    """The English catalogue (the words the files in docs/examples carry)."""
    sys.path.insert(0, str(ROOT / "py"))
    from app.shell.i18n import tables

    return tables()["en"]


def main(argv: list[str]) -> int:
    """Write docs/examples/NAME.json for every example."""
    out = Path(argv[0]) if argv else ROOT / "docs" / "examples"
    out.mkdir(parents=True, exist_ok=True)
    check()
    words = english()
    for ex in EXAMPLES:
        text = json.dumps(compose(ex, words), ensure_ascii=False, indent=1) + "\n"
        (out / f"{ex.name}.json").write_text(text, encoding="utf-8")
        print(f"  {out / ex.name}.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
