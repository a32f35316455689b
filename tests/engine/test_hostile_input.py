"""Hostile records and API calls get a short error of the documented kind
(``RecordError``, ``IllegalActionError``, ``ValueError`` for deals), leave the
state unchanged, and never a traceback from the CLI. The record reader is fuzzed
with mutations of valid records."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from thousand import Conventions, Game, IllegalActionError, RecordError, State, make_record, replay
from thousand.bots import RandomBot
from thousand.cards import cards_mask

ROOT = Path(__file__).resolve().parents[2]


def _game(seed: int = 3, deals: int = 2, players: int = 3) -> State:
    state = Game(Conventions.for_players(players)).new_initial_state(random.Random(seed))
    rng = random.Random(seed)
    bot = RandomBot()
    while state.n_rows < deals and not state.is_terminal():
        seat = state.current_player()
        state.apply_action(bot.act(state.observation(seat), rng))
    return state


def _record_text(**over: Any) -> str:
    rec = make_record(_game())
    rec.update(over)
    return json.dumps(rec)


def _short_error(text: Any) -> str:
    with pytest.raises(RecordError) as info:
        replay(text)
    msg = str(info.value)
    assert len(msg) < 600, msg
    return msg


def test_deeply_nested_json_is_refused_before_parsing() -> None:
    msg = _short_error("[" * 100_000 + "]" * 100_000)
    assert "nested" in msg


def test_number_of_5000_digits_gets_our_message() -> None:
    msg = _short_error('{"format": "thousand-record", "version": ' + "9" * 5000 + "}")
    assert "digits" in msg and "4300" not in msg


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("version", True, "version"),
        ("version", 1.0, "version"),
        ("players", 3.0, "players"),
        ("players", True, "players"),
        ("players", "3", "players"),
    ],
)
def test_envelope_values_of_the_wrong_type_are_refused(field: str, value: Any, words: str) -> None:
    assert words in _short_error(_record_text(**{field: value}))


def test_players_in_conventions_must_agree_with_the_top_level() -> None:
    msg = _short_error(_record_text(players=3, conventions={"players": 4}))
    assert "players" in msg


def test_a_deal_after_the_game_ended_says_the_game_is_over() -> None:
    conv = Conventions(barrel=False, redeal_hand_below=None, redeal_four_nines=False)
    state = State.from_deal(
        conv,
        0,
        [
            ["AS", "TS", "KS", "QS", "AC", "TC", "KC"],
            ["9S", "JS", "9C", "JC", "QC", "9D", "JD"],
            ["QD", "KD", "TD", "AD", "9H", "JH", "QH"],
        ],
        ["KH", "TH", "AH"],
        totals=[995, 995, 995],
    )
    while state.legal_actions() != [] and "writeoff" not in map(str, _words(state)):
        state.apply_str("pass")
    state.apply_str("writeoff")  # §8 the opponents get 50 each: the game is over
    assert state.is_terminal()
    rec = make_record(state)
    assert rec["totals"] == [995, 995, 995] and replay(json.dumps(rec)).is_terminal()
    rec["deals"].append({**copy.deepcopy(rec["deals"][0]), "dealer": 1})
    assert "the game is over" in _short_error(json.dumps(rec))


def _words(state: State) -> list[str]:
    from thousand import action_str

    return [action_str(a) for a in state.legal_actions()]


def test_a_huge_bid_is_not_echoed() -> None:
    rec = json.loads(_record_text())
    rec["deals"][0]["actions"][0] = "bid " + "5" * 5000
    msg = _short_error(json.dumps(rec))
    assert len(msg) < 200


@pytest.mark.parametrize("bad", [None, 400, 3.5, b"pass", ["pass"]])
def test_apply_str_refuses_non_text(bad: Any) -> None:
    state = _game(deals=0)
    before = make_record(state)
    with pytest.raises(IllegalActionError):
        state.apply_str(bad)
    assert make_record(state) == before


@pytest.mark.parametrize("bad", ["400", 3.5, 10.0, True, None, -1, 10**30])
def test_apply_action_refuses_non_ids_and_leaves_the_state(bad: Any) -> None:
    state = _game(deals=0)
    rng = random.Random(5)
    while state.phase.value != "play":  # 10.0 == a card id in play
        state.apply_action(RandomBot().act(state.observation(state.current_player()), rng))
        if state.n_rows:
            state = _game(seed=rng.randrange(1000), deals=0)
    before = make_record(state)
    legal = state.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(bad)
    assert len(str(info.value)) < 120
    assert make_record(state) == before and state.legal_actions() == legal


def test_queue_deal_and_from_deal_check_sizes_and_totals() -> None:
    state = _game(deals=0)
    hands = [cards_mask(["AS"]), 0, 0]
    with pytest.raises(ValueError, match="hand 0 must hold 7"):
        state.queue_deal(0, hands, cards_mask(["KS", "QS", "JS"]))
    with pytest.raises(ValueError, match="totals"):
        State.from_deal(
            Conventions(),
            0,
            [
                ["AS", "TS", "KS", "QS", "AC", "TC", "KC"],
                ["9S", "JS", "9C", "JC", "QC", "9D", "JD"],
                ["QD", "KD", "TD", "AD", "9H", "JH", "QH"],
            ],
            ["KH", "TH", "AH"],
            totals=[0, 0],
        )
    with pytest.raises(ValueError, match="not a deal"):
        State.from_deal(Conventions(), 0, None, None)  # type: ignore[arg-type]


def _mutate(rec: Any, rng: random.Random) -> Any:
    """One random structural change somewhere in a JSON value."""
    junk = [None, True, 0, -1, 2**70, 3.5, "", "AS", "pass", [], {}, [[]], "x" * 50]
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for k in list(node):
                paths.append((node, k))
                walk(node[k])
        elif isinstance(node, list):
            for i in range(len(node)):
                paths.append((node, i))
                walk(node[i])

    walk(rec)
    parent, key = rng.choice(paths)
    r = rng.random()
    if r < 0.4:
        parent[key] = rng.choice(junk)
    elif r < 0.6 and isinstance(parent, dict):
        del parent[key]
    elif r < 0.8 and isinstance(parent, list) and len(parent) > 1:
        j = rng.randrange(len(parent))
        parent[key], parent[j] = parent[j], parent[key]
    else:
        parent[key] = copy.deepcopy(rng.choice(paths)[0])
    return rec


def test_record_reader_fuzzed_with_mutations_raises_only_record_errors() -> None:
    rng = random.Random(2024)
    bases = [make_record(_game(seed=s, deals=3, players=p)) for s, p in ((1, 3), (2, 2), (3, 4))]
    for i in range(600):
        rec = _mutate(copy.deepcopy(rng.choice(bases)), rng)
        text = json.dumps(rec)
        if i % 5 == 0:  # text-level damage too
            k = rng.randrange(len(text))
            text = text[:k] + rng.choice(['"', "]", "{", "9" * 30, ""]) + text[k + 1 :]
        try:
            replay(text)
        except RecordError as e:
            assert len(str(e)) < 600
        # any other exception fails the test


def test_cli_replay_of_hostile_files_prints_one_line_and_no_traceback(tmp_path: Path) -> None:
    cases = {
        "deep.json": "[" * 50_000 + "]" * 50_000,
        "digits.json": "9" * 6000,
        "binary.json": "\udcff",
        "empty.json": "",
        "wrong.json": json.dumps({"format": "thousand-record", "version": True}),
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        out = subprocess.run(
            [sys.executable, "-m", "thousand", "replay", str(path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"},
            timeout=60,
        )
        assert out.returncode == 1, (name, out.stderr)
        assert "Traceback" not in out.stderr and out.stderr.startswith("error: "), name
        assert len(out.stderr) < 400, name
