"""Record notes (per-step captions) and the replay model (``Replay``, ``replay_to``).

Step N of a record is the position after N of its actions, counted from the
start of the record over all deals; a note is the caption of that step.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from thousand import Conventions, Game, RecordError, State, dumps, make_record, replay
from thousand.bots import RandomBot
from thousand.record import MAX_NOTE_CHARS, MAX_NOTES, Replay, load_notes, replay_to

ROOT = Path(__file__).resolve().parents[2]


def _play(seed: int, deals: int, players: int = 3, preset: str = "classic") -> list[State]:
    """A random game of ``deals`` deals and the state after every action (index = step)."""
    state = Game(Conventions.for_players(players, preset)).new_initial_state(random.Random(seed))
    rng = random.Random(seed + 1)
    bot = RandomBot()
    states = [state.clone()]
    while state.n_rows < deals and not state.is_terminal():
        state.apply_action(bot.act(state.observation(state.current_player()), rng))
        states.append(state.clone())
    return states


def _fingerprint(s: State) -> tuple[Any, ...]:
    """Everything a replayed position must agree on."""
    return (
        s.phase,
        s.current_player(),
        s.dealer,
        tuple(s.hands),
        tuple(s.deal_actions),
        tuple(s.totals),
        s.rows,
        tuple(s.legal_actions()),
        s.trick[:],
        s.trump,
    )


# -- notes -------------------------------------------------------------------------


def test_notes_round_trip_through_make_record_json_and_replay() -> None:
    states = _play(3, 2)
    final = states[-1]
    steps = len(states) - 1
    notes = {0: "the deal as dealt", 12: "East ducks to keep the ace", steps: "the end"}
    rec = make_record(final, notes=notes)
    assert rec["notes"] == {
        "0": "the deal as dealt",
        "12": "East ducks to keep the ace",
        str(steps): "the end",
    }
    text = dumps(final, notes=notes)
    assert json.loads(text)["notes"] == rec["notes"]
    assert load_notes(text) == notes
    assert load_notes(rec) == notes
    assert Replay(text).notes == notes
    replay(text)  # checks them too
    # written back from what was read: the same record
    assert make_record(replay(text), notes=load_notes(text)) == rec


def test_a_record_without_notes_has_none_and_writes_none() -> None:
    final = _play(4, 1)[-1]
    rec = make_record(final)
    assert "notes" not in rec and load_notes(rec) == {}
    assert "notes" not in make_record(final, notes={})


def test_keys_are_sorted_by_step_not_as_text() -> None:
    final = _play(3, 2)[-1]
    rec = make_record(final, notes={12: "b", 3: "a", 30: "c"})
    assert list(rec["notes"]) == ["3", "12", "30"]


def _with_notes(notes: Any) -> dict[str, Any]:
    rec = make_record(_play(3, 1)[-1])
    rec["notes"] = notes
    return rec


def _refused(rec: Any) -> str:
    with pytest.raises(RecordError) as info:
        replay(json.dumps(rec))
    msg = str(info.value)
    with pytest.raises(RecordError) as info2:
        load_notes(rec)
    assert str(info2.value) == msg
    assert len(msg) < 200, msg
    return msg


@pytest.mark.parametrize(
    "key", ["-1", "01", "+1", " 1", "1 ", "1.0", "1e1", "0x1", "", "١٢", "12a", "9" * 40]
)
def test_a_key_that_is_not_a_plain_step_number_is_named(key: str) -> None:
    msg = _refused(_with_notes({"3": "fine", key: "a caption"}))
    assert msg.startswith("note ") and "step number" in msg
    assert repr(key)[:20] in msg


def test_a_step_beyond_the_record_is_refused_and_the_last_step_is_not() -> None:
    rec = _with_notes({})
    steps = sum(len(d["actions"]) for d in rec["deals"])
    rec["notes"] = {str(steps): "the end"}
    assert Replay(rec).notes == {steps: "the end"}
    rec["notes"] = {str(steps + 1): "after the end"}
    msg = _refused(rec)
    assert f"note {steps + 1}" in msg and "beyond" in msg


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (12, "text"),
        (None, "text"),
        (["a"], "text"),
        ({"a": 1}, "text"),
        ("x" * (MAX_NOTE_CHARS + 1), "at most 500"),
    ],
)
def test_a_caption_that_is_not_short_text_is_named(value: Any, words: str) -> None:
    msg = _refused(_with_notes({"2": "fine", "5": value}))
    assert msg.startswith("note 5") and words in msg


def test_a_caption_of_exactly_500_characters_is_kept() -> None:
    text = "ё" * MAX_NOTE_CHARS
    assert Replay(_with_notes({"5": text})).notes == {5: text}


def test_a_lone_surrogate_is_refused() -> None:
    rec = _with_notes({})
    text = json.dumps(rec)[:-1] + ', "notes": {"4": "\\ud800"}}'
    with pytest.raises(RecordError, match="note 4"):
        replay(text)


@pytest.mark.parametrize("notes", [[], "12: hi", 5, [["12", "hi"]]])
def test_notes_that_are_not_an_object_are_refused(notes: Any) -> None:
    assert "notes must be an object" in _refused(_with_notes(notes))


def test_too_many_notes_are_refused_before_reading_them() -> None:
    notes = {str(i): "x" for i in range(MAX_NOTES + 1)}
    assert "too many notes" in _refused(_with_notes(notes))


def test_make_record_checks_the_notes_it_writes() -> None:
    final = _play(3, 1)[-1]
    steps = len(make_record(final)["deals"][0]["actions"])
    with pytest.raises(RecordError, match="note 'x'"):
        make_record(final, notes={"x": "no"})  # type: ignore[dict-item]
    with pytest.raises(RecordError, match=f"note {steps + 1}"):
        make_record(final, notes={steps + 1: "after the end"})
    with pytest.raises(RecordError, match="note 2"):
        make_record(final, notes={2: "y" * 501})


def test_cli_replay_names_a_bad_note_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(_with_notes({"7": 7})), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "thousand", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )
    assert out.returncode == 1
    assert out.stderr.startswith("error: note 7") and out.stderr.count("\n") == 1


# -- the replay model ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "preset", "seed", "seeded"),
    [
        (3, "classic", 5, False),
        (3, "golden_dark", 6, True),
        (2, "classic", 7, False),
        (4, "classic", 8, True),
        (3, "polish", 9, False),
    ],
)
def test_replay_state_at_every_step_is_the_game_at_that_step(
    players: int, preset: str, seed: int, seeded: bool
) -> None:
    states = _play(seed, 3, players, preset)
    final = states[-1]
    rec = make_record(final, seed=seed) if seeded else make_record(final)
    r = Replay(json.dumps(rec))
    assert r.steps == len(states) - 1
    assert r.deals == len(rec["deals"])
    for step, want in enumerate(states):
        got = r.state(step)
        assert _fingerprint(got) == _fingerprint(want), step
        if step:
            assert r.action(step) == final_actions(states, step)
    assert r.action(0) is None


def final_actions(states: list[State], step: int) -> int:
    """The action that led from step - 1 to step (read from the states themselves)."""
    before, after = states[step - 1], states[step]
    if after.n_rows > before.n_rows:
        return int(after.log[-1]["actions"][-1])
    return after.deal_actions[-1]


def test_steps_are_clamped_and_replay_to_gives_the_count() -> None:
    states = _play(11, 2)
    rec = make_record(states[-1])
    r = Replay(rec)
    assert _fingerprint(r.state(-7)) == _fingerprint(states[0])
    assert _fingerprint(r.state(r.steps + 50)) == _fingerprint(states[-1])
    st, total = replay_to(rec, 10**9)
    assert total == r.steps == len(states) - 1
    assert _fingerprint(st) == _fingerprint(states[-1])
    st, _ = replay_to(rec, 4)
    assert _fingerprint(st) == _fingerprint(states[4])


def test_a_deal_boundary_is_the_next_deals_start() -> None:
    states = _play(12, 3)
    r = Replay(make_record(states[-1]))
    for deal in range(1, r.deals):
        first = r.deal_first_step(deal)
        assert r.locate(first) == (deal, 0)
        assert r.locate(first - 1) == (deal - 1, len(r.deal_actions(deal - 1)) - 1)
        assert _fingerprint(r.deal_state(deal)) == _fingerprint(states[first])
        assert r.deal_finished(deal - 1)


def test_states_from_a_replay_are_independent() -> None:
    states = _play(13, 2)
    r = Replay(make_record(states[-1]))
    a = r.state(5)
    a.apply_action(a.legal_actions()[0])
    assert _fingerprint(r.state(5)) == _fingerprint(states[5])
    b = r.deal_state(0)
    while b.n_rows == 0:
        b.apply_action(b.legal_actions()[-1])
    assert _fingerprint(r.state(r.steps)) == _fingerprint(states[-1])


def test_a_game_in_progress_has_an_unfinished_last_deal() -> None:
    states = _play(14, 1)
    mid = states[-1].clone()
    for _ in range(5):
        mid.apply_action(mid.legal_actions()[0])
    r = Replay(make_record(mid))
    last = r.deals - 1
    assert last >= 1 and r.deal_finished(last - 1) and not r.deal_finished(last)
    assert _fingerprint(r.state(r.steps)) == _fingerprint(mid)


def test_replay_reports_record_errors() -> None:
    with pytest.raises(RecordError):
        Replay("{}")
    with pytest.raises(RecordError):
        replay_to('{"format": "thousand-record", "version": 1, "deals": []}', 3)
