"""Engine core: notation, records, pinned games (perft-style), invariants, CLI."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from thousand import (
    Conventions,
    Game,
    IllegalActionError,
    Phase,
    RecordError,
    State,
    action_from_str,
    action_str,
    card_from_str,
    card_str,
    make_record,
    replay,
)
from thousand import actions as A
from thousand.bots import EasyBot, RandomBot
from thousand.cards import FULL_DECK, POINTS, mask_points
from thousand.fuzz import check_cards, fuzz_game, random_conventions

ROOT = Path(__file__).resolve().parents[2]


def play_game(conv: Conventions, seed: int, bots: str = "easy") -> State:
    rng = random.Random(seed)
    state = Game(conv).new_initial_state(rng)
    bot = EasyBot() if bots == "easy" else RandomBot()
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(bot.act(state.observation(seat), rng))
    return state


# -- notation ---------------------------------------------------------------


def test_card_notation_round_trip_rules_1() -> None:
    """RULES §1: 24 cards, notation rank+suit, 10S accepted for TS."""
    assert [card_str(c) for c in range(6)] == ["9S", "JS", "QS", "KS", "TS", "AS"]
    for c in range(24):
        assert card_from_str(card_str(c)) == c
    assert card_from_str("10S") == card_from_str("TS") == 4
    assert card_from_str("ah") == 23
    with pytest.raises(ValueError, match="not a card"):
        card_from_str("1S")
    assert sum(POINTS) == 120 and mask_points(FULL_DECK) == 120


@pytest.mark.parametrize(
    "text",
    [
        "pass",
        "bid 105",
        "bid 300",
        "redeal",
        "keep",
        "dark",
        "look",
        "unblind",
        "writeoff",
        "bomb",
        "pick 0",
        "pick 1",
        "give QS 2",
        "give 9H 0",
        "aside TD",
        "contract 140",
        "play KH",
        "declare KH",
        "declare AS",
    ],
)
def test_action_notation_round_trips(text: str) -> None:
    """Every action has a short text form that round-trips."""
    a = action_from_str(text)
    assert action_str(a) == text
    assert action_from_str(action_str(a)) == a


def test_action_notation_accepts_10_and_rejects_garbage() -> None:
    assert action_str(action_from_str("play 10H")) == "play TH"
    for bad in ["", "bid 103", "bid 305", "give QS 7", "play XX", "fold", "pick 2", "bid"]:
        with pytest.raises(ValueError):
            action_from_str(bad)


def test_every_action_id_has_text() -> None:
    for a in range(A.N_ACTIONS):
        try:
            text = action_str(a)
        except ValueError:
            continue
        assert action_from_str(text) == a


# -- records ----------------------------------------------------------------


@pytest.mark.parametrize(
    "preset", ["classic", "two_players", "four_players", "golden_dark", "ukrainian", "polish"]
)
def test_record_round_trip(preset: str) -> None:
    """A record replays to the same sheet; the JSON survives a dump/load."""
    state = play_game(Conventions.preset(preset), 4)
    rec = json.loads(json.dumps(make_record(state)))
    assert rec["format"] == "thousand-record" and rec["version"] == 1
    again = replay(rec)
    assert again.rows == state.rows
    assert again.winner == state.winner
    assert make_record(again) == rec


@pytest.mark.parametrize("preset", ["classic", "two_players", "four_players"])
def test_writing_a_record_again_reuses_finished_deals_safely(preset: str) -> None:
    """The page writes the whole game after every action, so finished deals are
    encoded once (record._WRITTEN); what a caller does to a record it got, and a
    clone that plays on differently, never reach the next record."""
    rng = random.Random(3)
    state = Game(Conventions.preset(preset)).new_initial_state(rng)
    while state.n_rows < 3:  # three finished deals and one under way
        state.apply_action(rng.choice(state.legal_actions()))
    state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    first = make_record(state)
    fresh = json.loads(json.dumps(first))
    first["deals"][0]["hands"][0].append("AS")
    first["deals"][0]["actions"].clear()
    first["deals"][1]["talon"].append("x")
    again = make_record(state)
    assert again == fresh
    assert again["deals"][0]["hands"] is not first["deals"][0]["hands"]
    for branch in (state.clone(), state.clone()):
        while branch.n_rows < state.n_rows + 1 and not branch.is_terminal():
            branch.apply_action(rng.choice(branch.legal_actions()))
        rec = make_record(branch)
        done = len(state.log)  # the finished deals are shared with the branch
        assert rec["deals"][:done] == fresh["deals"][:done]
        assert replay(rec).rows == branch.rows
    assert make_record(state) == fresh


def test_record_with_seed_replays_same_game() -> None:
    conv = Conventions()
    state = play_game(conv, 9)
    rec = make_record(state, seed=9)
    assert "hands" not in rec["deals"][0]
    assert replay(rec).rows == state.rows


def test_record_of_game_in_progress_resumes() -> None:
    rng = random.Random(3)
    state = Game(Conventions()).new_initial_state(rng)
    bot = RandomBot()
    for _ in range(40):
        state.apply_action(bot.act(state.observation(state.current_player()), rng))
    again = replay(make_record(state))
    assert again.phase == state.phase and again.hands == state.hands
    assert again.legal_actions() == state.legal_actions()


def test_record_rejects_illegal_action_with_location() -> None:
    state = play_game(Conventions(), 2)
    rec = make_record(state)
    rec["deals"][0]["actions"][0] = "play AS"
    with pytest.raises(RecordError, match=r"deal 1 action 1 \('play AS'\)"):
        replay(rec)


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda r: r.update(format="chess"), "not a game record"),
        (lambda r: r.update(version=99), "unsupported record version"),
        (lambda r: r.update(conventions={"bolts": "sometimes"}), "bolts must be one of"),
        (lambda r: r["deals"][0].update(dealer=7), "dealer must be a seat"),
        (lambda r: r["deals"][0]["hands"][0].append("AS"), "hand 0"),
        (lambda r: r["deals"][0]["talon"].__setitem__(0, "ZZ"), "not a card"),
        (lambda r: r["deals"][0].update(actions="bid 105"), "actions must be a list"),
        (lambda r: r.update(deals=[]), "at least one deal"),
    ],
)
def test_record_errors_are_clear(mutate, message) -> None:  # type: ignore[no-untyped-def]
    state = play_game(Conventions(), 2)
    rec = make_record(state)
    mutate(rec)
    with pytest.raises(RecordError, match=message):
        replay(rec)


def test_record_not_json() -> None:
    with pytest.raises(RecordError, match="not JSON"):
        replay("{oops")
    with pytest.raises(RecordError, match="JSON object"):
        replay("[1, 2]")


def test_record_dealer_must_follow_rotation_rules_2() -> None:
    """RULES §2: the deal passes to the left; a record saying otherwise is refused."""
    state = play_game(Conventions(), 2)
    rec = make_record(state)
    played = [i for i, d in enumerate(rec["deals"]) if i > 0]
    d = rec["deals"][played[0]]
    d["dealer"] = (d["dealer"] + 1) % 3
    with pytest.raises(RecordError, match="dealer"):
        replay(rec)


# -- pinned games (perft-style) -----------------------------------------------

# Random legal play (no bot policy: a uniform choice among the legal actions) for
# 30 deals from fixed seeds: (rows, totals, digest of the sheet). Only a change of
# the rules, the deal or the sheet moves them, and such a change must be deliberate.
PINNED = {
    (1, "classic"): (30, [185, -1290, -795], "5759fad8646e"),
    (1, "four_players"): (30, [-830, 190, -195, -335], "016d3e0c5b50"),
    (1, "golden_dark"): (30, [-430, 500, -230], "d6f7dd2955e1"),
    (1, "two_players"): (30, [-1970, -1140], "7725800ec8f7"),
    (1, "strict"): (30, [-550, 365, -460], "3c1fed103273"),
    (1, "family"): (30, [70, -650, 490], "56b979b4ddd0"),
    (2, "classic"): (30, [-170, -375, -625], "bb2f574b8291"),
    (2, "four_players"): (30, [-900, 680, -460, 55], "222b65135296"),
    (2, "golden_dark"): (30, [255, -240, -885], "82c25711f804"),
    (2, "two_players"): (30, [-1315, -775], "5f63c65e03f4"),
    (2, "strict"): (30, [480, -220, -525], "7c66c2b5957d"),
    (2, "family"): (30, [-525, -675, -5], "7b31ecb4f247"),
    (1, "russian"): (30, [185, -1290, -795], "5759fad8646e"),
    (1, "ukrainian"): (30, [-15, -1405, -880], "c130072d08f6"),
    (1, "polish"): (30, [-290, -940, 120], "0e2c23485351"),
    (2, "russian"): (30, [-170, -375, -625], "bb2f574b8291"),
    (2, "ukrainian"): (30, [-235, 95, -645], "2be991ab6484"),
    (2, "polish"): (30, [-590, -520, -800], "cfd16c37aae6"),
}
# The same from totals 790, 850, 700, so that the barrel (and for polish the
# declarer_only barrel up to a winner) is played.
PINNED_NEAR_BARREL = {
    (1, "russian"): (30, [-80, 235, 25], "8c37f2ecf27a"),
    (1, "ukrainian"): (30, [-490, 0, -1100], "5c4fb66810a3"),
    (1, "polish"): (30, [370, -150, 780], "58145cdb90ad"),
    (2, "russian"): (30, [15, -1155, -540], "d16085c3e9a9"),
    (2, "ukrainian"): (30, [35, -45, 490], "f8d8b2635e99"),
    (2, "polish"): (30, [100, 170, -100], "6cac578fdb3c"),
    (3, "russian"): (30, [165, 670, -620], "4b40fac02514"),
    (3, "ukrainian"): (30, [-575, -10, 530], "140d1e5e48be"),
    (3, "polish"): (27, [10, -560, 1040], "f93a8be9b515"),
}


@pytest.mark.parametrize("key", sorted(PINNED))
def test_pinned_random_play_sheets(key: tuple[int, str]) -> None:
    """RULES §2-§12 as a whole: 30 deals of uniformly random legal play, pinned."""
    seed, preset = key
    rng = random.Random(seed)
    state = Game(Conventions.preset(preset)).new_initial_state(rng)
    while state.n_rows < 30 and not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    digest = hashlib.sha256(repr(state.rows).encode()).hexdigest()[:12]
    assert (state.n_rows, state.totals, digest) == PINNED[key]


@pytest.mark.parametrize("key", sorted(PINNED_NEAR_BARREL))
def test_pinned_random_play_sheets_near_the_barrel(key: tuple[int, str]) -> None:
    """RULES §9 with the regional barrels: random legal play from 790/850/700, pinned."""
    seed, preset = key
    rng = random.Random(seed)
    state = State(Conventions.preset(preset), rng, totals=[790, 850, 700])
    while state.n_rows < 30 and not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    digest = hashlib.sha256(repr(state.rows).encode()).hexdigest()[:12]
    assert (state.n_rows, state.totals, digest) == PINNED_NEAR_BARREL[key]


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    n0 = len(state.rows)
    total = 0
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        total += 1 if len(child.rows) != n0 else perft(child, depth - 1)
    return total


def test_perft_counts_from_a_fixed_deal() -> None:
    state = Game(Conventions()).new_initial_state(random.Random(5))
    assert state.phase is Phase.BIDDING
    assert [perft(state, d) for d in range(1, 6)] == [5, 15, 51, 384, 4720]


# -- invariants ---------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_fuzz_invariants_random_conventions(seed: int) -> None:
    """24 cards conserved, 120 points a deal, sheet = sum of deltas, legal set exact, replay."""
    assert fuzz_game(1000 + seed, check_every=3) == []


def test_random_conventions_are_valid_and_varied() -> None:
    rng = random.Random(1)
    sets = [random_conventions(rng) for _ in range(60)]
    assert {c.players for c in sets} == {2, 3, 4}
    assert any(c.golden_round for c in sets) and any(c.dark_game for c in sets)
    for c in sets:
        assert c.problems() == []


def test_clone_is_independent() -> None:
    state = Game(Conventions()).new_initial_state(random.Random(8))
    rng = random.Random(8)
    for _ in range(60):  # through bidding, the discard and into play
        before, legal = make_record(state), state.legal_actions()
        copy = state.clone()
        assert make_record(copy) == before and copy.legal_actions() == legal
        copy.apply_action(legal[rng.randrange(len(legal))])
        assert make_record(state) == before and state.legal_actions() == legal
        assert make_record(copy) != before
        state = copy


def test_slots_annotations_and_clone_cover_the_same_fields() -> None:
    """State lists its fields in __slots__, in annotations and in clone(): they agree."""
    slots = set(State.__slots__)
    assert slots == set(State.__annotations__)
    state = Game(Conventions()).new_initial_state(random.Random(1))
    copy = state.clone()
    missing = [name for name in sorted(slots) if not hasattr(copy, name)]
    assert missing == []
    for name in slots:  # mutable per-deal lists are copied, not shared
        value = getattr(state, name)
        if isinstance(value, list) and name not in ("_rows", "_log"):
            assert getattr(copy, name) is not value, name


def _finish_deal(state: State, rng: random.Random) -> None:
    n0 = state.n_rows
    while state.n_rows == n0 and not state.is_terminal():
        la = state.legal_actions()
        state.apply_action(la[rng.randrange(len(la))])


def test_clones_branch_their_sheet_and_log() -> None:
    # Clones share the sheet and the deal log until one of them ends a deal; then
    # each sees only its own rows (the O(1) history behind a cheap clone).
    base = Game(Conventions()).new_initial_state(random.Random(4))
    for i in range(3):
        _finish_deal(base, random.Random(i))
    rows, log = base.rows, base.log
    a, b = base.clone(), base.clone()
    _finish_deal(a, random.Random(10))
    _finish_deal(b, random.Random(11))
    _finish_deal(b, random.Random(12))
    assert base.rows == rows and base.log == log and base.n_rows == 3
    assert a.n_rows == 4 and b.n_rows == 5
    assert a.rows[:3] == rows == b.rows[:3] and a.rows[3] != b.rows[3]
    assert a.log[3]["actions"] != b.log[3]["actions"] and len(b.log) == 5
    _finish_deal(base, random.Random(13))  # the original branches off too
    assert base.rows[3].number == 4 and base.rows[3] not in (a.rows[3], b.rows[3])
    assert a.n_rows == 4 and len(a.rows) == 4
    # Each branch replays to its own sheet.
    assert replay(make_record(b)).rows == b.rows


def test_every_listed_action_is_accepted_and_others_refused() -> None:
    rng = random.Random(11)
    state = Game(Conventions.preset("golden_dark")).new_initial_state(rng)
    for _ in range(300):
        if state.is_terminal():
            break
        legal = set(state.legal_actions())
        for a in range(A.N_ACTIONS):
            child = state.clone()
            if a in legal:
                child.apply_action(a)
            else:
                with pytest.raises(IllegalActionError):
                    child.apply_action(a)
        state.apply_action(rng.choice(sorted(legal)))
        assert check_cards(state) is None


def test_observation_hides_other_hands() -> None:
    state = Game(Conventions()).new_initial_state(random.Random(4))
    seat = state.current_player()
    obs = state.observation(seat)
    assert obs.hand == state.hands[seat]
    assert obs.talon is None
    other = (seat + 1) % 3
    assert state.observation(other).legal_actions == ()
    assert obs.legal_actions == tuple(state.legal_actions())


def test_game_over_refuses_actions() -> None:
    state = play_game(Conventions(), 2)
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_action(A.PASS)


# -- CLI ------------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "thousand", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py")},
        timeout=300,
    )


@pytest.mark.parametrize("preset", list(Conventions.PRESETS))
def test_cli_play_reaches_a_winner(preset: str) -> None:
    out = run_cli("play", "--seed", "1", "--preset", preset)
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("winner: ") and last.split()[1].isdigit()


def test_cli_replay_json(tmp_path: Path) -> None:
    rec = tmp_path / "game.json"
    out = run_cli("play", "--seed", "2", "--record", str(rec))
    assert out.returncode == 0
    res = run_cli("replay", str(rec), "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    lines = out.stdout.strip().splitlines()
    assert lines[-2] == "totals: " + " ".join(map(str, data["totals"]))
    assert lines[-1] == f"winner: {data['winner']}"
    played = [d for d in data["deals"] if d["kind"] == "play"]
    assert all(set(d) >= {"declarer", "contract", "points", "deltas"} for d in played)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "thousand-record"}')
    res = run_cli("replay", str(bad))
    assert res.returncode == 1 and "unsupported record version" in res.stderr


def test_cli_fuzz_last_line() -> None:
    out = run_cli("fuzz", "--games", "5", "--seed", "3")
    assert out.stdout.strip().splitlines()[-1] == "games: 5, failures: 0"


def test_cli_bench_last_line() -> None:
    out = run_cli("bench", "--seconds", "0.2")
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("deals/s: ") and int(last.split()[1]) > 0


def test_cli_bad_preset_is_a_clear_error() -> None:
    out = run_cli("play", "--preset", "nonsense")
    assert out.returncode == 2 and "unknown preset" in out.stderr
