"""Static diagrams (``thousand.diagram``, ``python -m thousand diagram``): the SVG
parses, shows exactly the cards the view knows (each ``data-card`` once), inlines
exactly the card symbols it uses, and hostile files get one line and exit 1."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from thousand import Conventions, Game, Phase, State, card_str, make_record
from thousand import actions as A
from thousand.bots import EasyBot
from thousand.cards import iter_cards
from thousand.diagram import LANGS, WORDS, render, render_record
from thousand.record import Replay

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


def _game(players: int, seed: int, deals: int, preset: str = "classic") -> State:
    state = Game(Conventions.for_players(players, preset)).new_initial_state(random.Random(seed))
    bot, rng = EasyBot(), random.Random(seed)
    while state.n_rows < deals and not state.is_terminal():
        if state.phase is Phase.DARK:
            state.apply_action(A.DARK)  # dark_game: play the first deal in the dark
            continue
        state.apply_action(bot.act(state.observation(state.current_player()), rng))
    return state


def _until(players: int, want: Any, seed: int = 0) -> State:
    """A position where ``want(state)`` holds, reached by Easy bots (over several seeds)."""
    for k in range(50):
        state = Game(Conventions.for_players(players)).new_initial_state(random.Random(seed + k))
        bot, rng = EasyBot(), random.Random(seed + k)
        while not state.is_terminal() and state.n_rows < 3:
            if want(state):
                return state
            state.apply_action(bot.act(state.observation(state.current_player()), rng))
    raise AssertionError("no such position")


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def _drawn(root: ET.Element) -> list[str]:
    return [el.get("data-card") or "" for el in root.iter() if el.get("data-card") is not None]


def _names(mask: int) -> set[str]:
    return {card_str(c) for c in iter_cards(mask)}


def _table_cards(state: State) -> set[str]:
    """The cards on the table: the trick, or the last trick once it is complete."""
    if state.trick:
        return {card_str(c) for c in state.trick}
    if state.phase is Phase.PLAY and state.tricks:
        return {card_str(c) for _, c in state.tricks[-1][1]}
    return set()


def _expected(state: State, seat: int | None) -> set[str]:
    """The face-up cards of a view, worked out from the state itself."""
    out = _table_cards(state)
    if seat is None:  # open: every hand and the cards put aside
        for h in state.hands:
            out |= _names(h)
        return out | _names(state.aside)
    obs = state.observation(seat)
    if obs.looked:
        out |= _names(obs.hand)
    if obs.phase in (Phase.DISCARD, Phase.CONTRACT) and obs.talon is not None:
        out |= _names(obs.talon)
    if obs.aside:
        out |= _names(obs.aside)
    return out


def _check_symbols(root: ET.Element) -> None:
    """Every reference resolves, and only the symbols used are inlined."""
    defs = root.find(f"{SVG}defs")
    assert defs is not None
    ids = [el.get("id") for el in defs.iter(f"{SVG}symbol")]
    assert len(ids) == len(set(ids))
    refs = {(el.get("href") or "")[1:] for el in root.iter(f"{SVG}use")}
    assert refs <= set(ids)
    assert set(ids) == refs


CASES = [
    (2, 31, "classic", 2),
    (3, 32, "classic", 2),
    (4, 33, "classic", 2),
    (3, 34, "golden_dark", 5),  # three golden deals (no bidding), then a dark one
]


@pytest.mark.parametrize(("players", "seed", "preset", "deals"), CASES)
def test_every_step_shows_exactly_the_cards_the_view_knows(
    players: int, seed: int, preset: str, deals: int
) -> None:
    state = _game(players, seed, deals=deals, preset=preset)
    rp = Replay(make_record(state))
    seen_phases: set[Phase] = set()
    mid_trick = after_trick = False
    for step in range(rp.steps + 1):
        st = rp.state(step)
        seen_phases.add(st.phase)
        mid_trick |= bool(st.trick)
        after_trick |= st.phase is Phase.PLAY and not st.trick and bool(st.tricks)
        for seat in (None, *range(players)):
            svg = render(st, seat=seat if seat is not None else 0, open_hands=seat is None)
            root = _parse(svg)
            drawn = _drawn(root)
            assert len(drawn) == len(set(drawn)), (step, seat, "a card drawn twice")
            assert set(drawn) == _expected(st, seat), (step, seat)
            _check_symbols(root)
            backs = [el for el in root.iter(f"{SVG}use") if el.get("class") == "back"]
            if seat is not None and st.phase is not Phase.GAME_OVER:
                hidden = sum(h.bit_count() for s, h in enumerate(st.hands) if s != seat)
                own_hidden = 0 if st.observation(seat).looked else st.hands[seat].bit_count()
                talon = sum(st.talons) if st.n == 2 else st.talon
                piles = talon.bit_count() if st.declarer < 0 or st.phase is Phase.PICK else 0
                assert len(backs) == hidden + own_hidden + piles, (step, seat)
    assert {Phase.DISCARD, Phase.CONTRACT, Phase.PLAY} <= seen_phases
    assert (Phase.DARK if preset == "golden_dark" else Phase.BIDDING) in seen_phases
    assert mid_trick and after_trick


def test_a_dark_first_hand_sees_only_backs_of_its_own_cards() -> None:
    """RULES §10: in the dark the first hand plays without looking."""
    state = Game(Conventions.preset("golden_dark")).new_initial_state(random.Random(3))
    while state.phase is not Phase.DARK:
        state.apply_action(state.legal_actions()[0])
    first = state.current_player()
    root = _parse(render(state, seat=first))
    assert _drawn(root) == []
    assert len(_drawn(_parse(render(state, seat=first, open_hands=True)))) == 21


def test_the_middle_of_a_trick_draws_the_trick_at_the_players() -> None:
    state = _until(3, lambda s: s.phase is Phase.PLAY and len(s.trick) == 2)
    root = _parse(render(state, open_hands=True))
    trick = [el for el in root.iter(f"{SVG}use") if el.get("class") == "trick"]
    assert {(int(el.get("data-seat") or -1), el.get("data-card")) for el in trick} == {
        (s, card_str(c)) for s, c in zip(state.trick_seats, state.trick, strict=True)
    }
    assert root.get("data-phase") == "play"


def test_the_talon_face_up_in_a_defenders_view_during_the_discard() -> None:
    """RULES §6: the talon is shown to everybody (not taken on the hundred)."""
    for seed in range(40, 80):
        state = _game(3, seed, deals=0)
        while state.phase is not Phase.DISCARD and state.n_rows == 0:
            state.apply_action(
                EasyBot().act(state.observation(state.current_player()), random.Random(1))
            )
        if state.phase is Phase.DISCARD and state.talon_shown:
            break
    else:
        pytest.fail("no shown talon in 40 seeds")
    defender = next(s for s in state.active if s != state.declarer)
    root = _parse(render(state, seat=defender))
    talon = {el.get("data-card") for el in root.iter(f"{SVG}use") if el.get("class") == "talon"}
    assert talon == _names(state.talon)
    own = _parse(render(state, seat=state.declarer))
    marked = {
        el.get("data-card")
        for el in own.iter(f"{SVG}use")
        if "from-talon" in (el.get("class") or "")
    }
    assert marked == _names(state.talon)


@pytest.mark.parametrize("lang", LANGS)
def test_words_in_every_language(lang: str) -> None:
    assert set(WORDS[lang]) == set(WORDS["en"])
    state = _until(3, lambda s: s.phase is Phase.PLAY, seed=36)
    svg = render(state, lang=lang)
    root = _parse(svg)
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert WORDS[lang]["contract"] in texts and WORDS[lang]["bottom"] in texts
    if lang != "en":
        assert "Contract" not in texts and "South" not in texts


def test_unknown_language_and_seat_are_refused() -> None:
    state = _game(3, 37, deals=0)
    with pytest.raises(ValueError, match="unknown language"):
        render(state, lang="de")
    with pytest.raises(ValueError, match="seat must be 0 to 2"):
        render(state, seat=3)


def _record(notes: dict[int, str] | None = None) -> dict[str, Any]:
    return make_record(_game(3, 38, deals=1), notes=notes)


def test_the_note_of_the_step_is_the_caption_escaped_and_wrapped() -> None:
    note = 'East <ducks> & keeps the ace "here"\x01 — «туз» ' + "word " * 60
    rec = _record({9: note})
    root = _parse(render_record(rec, 9))
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    caption = [t for t in texts if "ducks" in t or t.startswith("word")]
    assert caption[0].startswith("East <ducks> & keeps")
    assert len(caption) >= 3 and all(len(t) <= 96 for t in caption)
    assert root.get("data-step") == "9"
    assert "ducks" not in render_record(rec, 10)


def test_steps_are_clamped() -> None:
    rec = _record()
    steps = Replay(rec).steps
    assert _parse(render_record(rec, 10**9)).get("data-step") == str(steps)
    assert _parse(render_record(rec, -3)).get("data-step") == "0"
    assert _parse(render_record(rec)).get("data-step") == str(steps)


# -- the command line --------------------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "thousand", "diagram", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )


def test_cli_prints_the_svg(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record({5: "a note"})), encoding="utf-8")
    state = Replay(path.read_text(encoding="utf-8")).state(5)
    out = _cli(str(path), "--step", "5", "--open", "--lang", "ru")
    assert out.returncode == 0, out.stderr
    root = _parse(out.stdout)
    assert root.get("data-step") == "5" and set(_drawn(root)) == _expected(state, None)
    assert "Заказ" in out.stdout or "Торговля" in out.stdout
    seat = _cli(str(path), "--step", "5", "--seat", "2")
    assert seat.returncode == 0 and set(_drawn(_parse(seat.stdout))) == _expected(state, 2)


def test_cli_hostile_files_get_one_line_and_exit_1(tmp_path: Path) -> None:
    good = _record()
    bad_note = {**good, "notes": {"1": 5}}
    cases = {
        "deep.json": "[" * 50_000 + "]" * 50_000,
        "digits.json": "9" * 6000,
        "binary.json": "\udcff\udcfe",
        "empty.json": "",
        "wrong.json": json.dumps({"format": "thousand-record", "version": True}),
        "note.json": json.dumps(bad_note),
        "huge.json": " " * 1_100_000,
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        out = _cli(str(path), "--step", "3")
        assert out.returncode == 1, (name, out.stderr)
        assert out.stdout == "" and "Traceback" not in out.stderr, name
        assert out.stderr.startswith("error: ") and out.stderr.count("\n") == 1, name
    for args in ([str(tmp_path)], [str(tmp_path / "missing.json")]):
        out = _cli(*args)
        assert out.returncode == 1 and out.stderr.startswith("error: cannot read"), args
    path = tmp_path / "good.json"
    path.write_text(json.dumps(good), encoding="utf-8")
    out = _cli(str(path), "--seat", "3")
    assert out.returncode == 1 and out.stderr == "error: seat must be 0 to 2\n"
