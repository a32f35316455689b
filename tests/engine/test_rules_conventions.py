"""The conventions catalogue (docs/CONVENTIONS.md): every id, defaults, presets, validation.

ConventionsError: unknown keys, wrong types, out-of-range values, contradictory
combinations, and one error listing every problem.
"""

from __future__ import annotations

import dataclasses
import json
import re
import typing
from pathlib import Path

import pytest

from thousand import Conventions, ConventionsError

ROOT = Path(__file__).resolve().parents[2]
CONVENTIONS_MD = ROOT / "docs" / "CONVENTIONS.md"
HINTS = typing.get_type_hints(Conventions)


def _md_value(cid: str, cell: str) -> object:
    """A value as the catalogue writes it: on/off, none, a number or a `word`."""
    text = cell.replace("**", "").replace("`", "").strip()
    text = re.sub(r"\s*\(.*\)$", "", text)  # "on (off for 2 players)", "3 (unused)"
    if typing.get_origin(HINTS.get(cid)) is typing.Literal:
        return text  # a choice such as bolts: "off" is a word here, not False
    if text in ("on", "off"):
        return text == "on"
    if text == "none":
        return None
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def _md_tables(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """Every Markdown table of ``text``: (header cells, rows of cells)."""
    out: list[tuple[list[str], list[list[str]]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("|---"):
            head = [c.strip() for c in lines[i].strip("|").split("|")]
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append([c.strip() for c in lines[i].strip("|").split("|")])
                i += 1
            out.append((head, rows))
        else:
            i += 1
    return out


def _md_id(cell: str) -> str:
    """The id of a table row: `barrel_at` (a "(new)" mark would be dropped)."""
    m = re.match(r"`([a-z0-9_]+)`", cell)
    assert m, f"not an id cell: {cell!r}"
    return m.group(1)


def catalogue() -> dict[str, object]:
    """The catalogue as written in docs/CONVENTIONS.md: id -> default (Classic)."""
    out: dict[str, object] = {}
    for head, rows in _md_tables(CONVENTIONS_MD.read_text(encoding="utf-8")):
        if head == ["id", "type", "default", "meaning"]:
            for r in rows:
                out[_md_id(r[0])] = _md_value(_md_id(r[0]), r[2])
    return out


def regional_table() -> dict[str, dict[str, object]]:
    """docs/CONVENTIONS.md "All values": preset -> id -> value."""
    for head, rows in _md_tables(CONVENTIONS_MD.read_text(encoding="utf-8")):
        if head[:2] == ["id", "classic"]:
            return {
                p: {_md_id(r[0]): _md_value(_md_id(r[0]), r[k]) for r in rows}
                for k, p in enumerate(head)
                if k
            }
    raise AssertionError("no 'All values' table in docs/CONVENTIONS.md")


CATALOGUE = catalogue()


def test_every_catalogue_id_is_a_convention_with_its_default() -> None:
    """CONVENTIONS.md: every id exists with the catalogue default (the Classic preset)."""
    names = [f.name for f in dataclasses.fields(Conventions)]
    assert len(CATALOGUE) >= 60
    assert set(names) == set(CATALOGUE)
    assert Conventions().to_dict() == CATALOGUE


@pytest.mark.parametrize("preset", ["classic", "russian", "ukrainian", "polish"])
def test_regional_presets_match_the_catalogue_table(preset: str) -> None:
    """CONVENTIONS.md "All values": the regional presets hold exactly the documented values."""
    table = regional_table()
    assert set(table) >= {"classic", "russian", "ukrainian", "polish"}
    assert Conventions.preset(preset).to_dict() == table[preset]


@pytest.mark.parametrize(
    ("key", "values"),
    [
        ("players", [2, 3, 4]),
        ("min_raise", [5, 10]),
        ("barrel_at", [800, 880, 900]),
        ("barrel_mode", ["finish", "declarer_only"]),
        ("bid_step", [5, 10]),
        ("round_to", [5, 10]),
        ("bombs", [0, 1, 10]),
        ("bomb_points", [0, 60, 120]),
        ("bolts", ["off", "total", "in_row"]),
        ("barrel_bidding", ["normal", "talon_to_barrel", "from_120"]),
        ("silence_below", [None, 0, 100]),
        ("redeal_hand_below", [None, 0, 20]),
        ("redeal_talon_below", [None, 0, 12]),
        ("write_off_limit", [None, 1, 3]),
        ("dark_min_total", [None, 0, 200]),
        ("bid_cap", [120, 200, 300]),
        ("barrel_attempts", [1, 3, 10]),
        ("penalty", [0, 60, 120]),
    ],
)
def test_catalogue_values_are_accepted(key: str, values: list[object]) -> None:
    """CONVENTIONS.md: every value the catalogue lists for a convention is accepted."""
    extra: dict[str, object] = {"dark_game": True} if key == "dark_min_total" else {}
    if key == "bid_step":
        extra = {"min_raise": 10}  # bid_step: min_raise must be a multiple of the step
    for v in values:
        c = Conventions(**{key: v, **extra})
        assert getattr(c, key) == v


def test_target_values() -> None:
    """target: any multiple of 5 (above barrel_at while the barrel is on)."""
    assert Conventions(target=1500, barrel=False).target == 1500
    assert Conventions(target=500, barrel=False).target == 500
    assert Conventions(target=1000, barrel_at=900).barrel_need() == 100


def test_players_values() -> None:
    """players: 2, 3 or 4 only."""
    for bad in (1, 5, 0):
        with pytest.raises(ConventionsError, match="players must be 2, 3 or 4"):
            Conventions(players=bad)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"target": 95}, "target must be"),
        ({"target": 1003}, "target must be"),
        ({"penalty": -5}, "penalty must be"),
        ({"penalty": 7}, "penalty must be"),
        ({"min_raise": 15}, "min_raise must be 5 or 10"),
        ({"bid_cap": 115}, "bid_cap must be"),
        ({"bid_cap": 305}, "bid_cap must be"),
        ({"barrel_at": 890}, "barrel_at must be 800, 880 or 900"),
        ({"barrel_attempts": 0}, "barrel_attempts must be 1 to 10"),
        ({"redeal_hand_below": 121}, "redeal_hand_below must be 0 to 120"),
        ({"redeal_talon_below": 34}, "redeal_talon_below must be 0 to 33"),
        ({"write_off_limit": 0}, "write_off_limit must be 1 to 100"),
        ({"silence_below": 10**6}, "silence_below out of range"),
        ({"dark_game": True, "dark_min_total": -(10**6)}, "dark_min_total out of range"),
        ({"target": 880}, "must lie above barrel_at"),
        ({"bid_cap": 120, "over_1000": True}, "above bid_cap"),
        ({"barrel_at": 800, "bid_cap": 195}, "barrel needs a contract of 200, above bid_cap"),
        ({"bid_step": 15}, "bid_step must be 5 or 10"),
        ({"bid_step": 0}, "bid_step must be 5 or 10"),
        ({"bid_step": 10}, "min_raise must be a multiple of bid_step 10"),
        ({"bid_step": 10, "min_raise": 10, "bid_cap": 295}, "bid_cap must be a multiple of"),
        (
            {"bid_step": 10, "min_raise": 10, "target": 1005, "barrel": False},
            "target must be a multiple of bid_step 10",
        ),
        ({"round_to": 1}, "round_to must be 5 or 10"),
        ({"bombs": 11}, "bombs must be 0 to 10"),
        ({"bombs": -1}, "bombs must be 0 to 10"),
        ({"bomb_points": 125}, "bomb_points must be a multiple of 5 from 0 to 120"),
        ({"bomb_points": 62}, "bomb_points must be a multiple of 5"),
    ],
)
def test_out_of_range_values(changes: dict[str, object], message: str) -> None:
    """ConventionsError: out-of-range values, with a message naming the convention."""
    with pytest.raises(ConventionsError, match=message):
        Conventions(**changes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": "3"}, "players must be a whole number"),
        ({"players": 3.0}, "players must be a whole number"),
        ({"target": True}, "target must be a whole number"),
        ({"no_jumps": 1}, "no_jumps must be true or false"),
        ({"samosval": "yes"}, "samosval must be true or false"),
        ({"bolts": "sometimes"}, "bolts must be one of off, total, in_row"),
        ({"bolts": 1}, "bolts must be one of"),
        ({"barrel_bidding": "auction"}, "barrel_bidding must be one of"),
        ({"silence_below": "100"}, "silence_below must be a whole number"),
        ({"write_off_limit": 2.5}, "write_off_limit must be a whole number"),
        ({"barrel_mode": "polish"}, "barrel_mode must be one of finish, declarer_only"),
        ({"round_to": 10.0}, "round_to must be a whole number"),
        ({"bombs": True}, "bombs must be a whole number"),
        ({"barrel_freezes_defenders": "yes"}, "barrel_freezes_defenders must be true or false"),
        ({"redeal_first_hand_three_nines": 0}, "redeal_first_hand_three_nines must be true"),
    ],
)
def test_wrong_types(changes: dict[str, object], message: str) -> None:
    """ConventionsError: wrong types are refused with the expected type named."""
    with pytest.raises(ConventionsError, match=message):
        Conventions(**changes)
    with pytest.raises(ConventionsError, match=message):
        Conventions.from_dict(changes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"write_off": False, "write_off_60": True}, "write_off_60 needs write_off"),
        ({"write_off": False, "write_off_free": True}, "write_off_free needs write_off"),
        (
            {"write_off": False, "write_off_third_penalty": True},
            "write_off_third_penalty needs write_off",
        ),
        ({"write_off": False, "write_off_limit": 3}, "write_off_limit needs write_off"),
        ({"write_off_on_barrel": True}, "write_off_on_barrel needs write_off_free"),
        (
            {"write_off_free": True, "write_off_on_barrel": True, "barrel": False},
            "write_off_on_barrel needs barrel",
        ),
        (
            {"write_off_free": True, "write_off_on_golden": True},
            "write_off_on_golden needs golden_round",
        ),
        (
            {"golden_round": True, "write_off_on_golden": True},
            "write_off_on_golden needs write_off_free",
        ),
        ({"golden_raise": True}, "golden_raise needs golden_round"),
        ({"dark_write_off": True}, "dark_write_off needs dark_game"),
        ({"dark_unblind_takes_talon": True}, "dark_unblind_takes_talon needs dark_game"),
        (
            {"dark_game": True, "dark_unblind": False, "dark_unblind_takes_talon": True},
            "dark_unblind_takes_talon needs dark_unblind",
        ),
        ({"dark_min_total": 100}, "dark_min_total needs dark_game"),
        ({"samosval": False, "negative_samosval": True}, "negative_samosval needs samosval"),
        ({"barrel": False, "over_1000": True}, "over_1000 needs barrel"),
        ({"barrel": False, "barrel_bidding": "from_120"}, "barrel_bidding needs barrel"),
        ({"bolts": "off", "bolt_counts_zero_points": True}, "bolt_counts_zero_points needs bolts"),
        ({"bolts": "off", "no_bolt_on_own_game": True}, "no_bolt_on_own_game needs bolts"),
        ({"no_lead_foreign_trump": True, "must_lead_trump": True}, "contradict each other"),
        (
            {"barrel": False, "barrel_freezes_defenders": True},
            "barrel_freezes_defenders needs barrel",
        ),
        (
            {"barrel_mode": "declarer_only", "over_1000": True},
            "over_1000 contradicts barrel_mode declarer_only",
        ),
        (
            {"barrel_mode": "declarer_only", "barrel_bidding": "talon_to_barrel"},
            "barrel_bidding must be normal with barrel_mode declarer_only",
        ),
        (
            {"barrel_mode": "declarer_only", "barrel_freezes_defenders": True},
            "barrel_freezes_defenders contradicts barrel_mode declarer_only",
        ),
        (
            {
                "redeal_only_on_100": True,
                "redeal_talon_below": None,
                "redeal_two_nines_in_talon": False,
            },
            "redeal_only_on_100 needs a talon-based redeal",
        ),
    ],
)
def test_contradictory_combinations(changes: dict[str, object], message: str) -> None:
    """ConventionsError: an option that needs another one switched on."""
    with pytest.raises(ConventionsError, match=message):
        Conventions(**changes)


def test_dark_min_total_zero_needs_dark_game() -> None:
    """dark_min_total=0 (a real threshold: 'at least 0') also needs dark_game."""
    with pytest.raises(ConventionsError, match="dark_min_total needs dark_game"):
        Conventions(dark_min_total=0)


def test_one_error_lists_every_problem() -> None:
    """ConventionsError: a single error lists every problem found."""
    with pytest.raises(ConventionsError) as e:
        Conventions(players=5, min_raise=7, barrel_at=890, golden_raise=True)
    problems = e.value.problems
    assert len(problems) == 4
    assert any("players" in p for p in problems)
    assert any("min_raise" in p for p in problems)
    assert any("barrel_at" in p for p in problems)
    assert any("golden_raise needs golden_round" in p for p in problems)
    assert str(e.value).startswith("invalid conventions: ")
    assert isinstance(e.value, ValueError)


def test_unknown_keys() -> None:
    """ConventionsError: unknown keys in saved settings are named."""
    with pytest.raises(ConventionsError, match="unknown convention 'golden_rounds'"):
        Conventions.from_dict({"golden_rounds": True})


def test_unknown_and_wrong_typed_keys_together() -> None:
    """ConventionsError: unknown keys and wrong types are reported together."""
    with pytest.raises(ConventionsError) as e:
        Conventions.from_dict({"foo": 1, "bar": 2, "players": "x", "no_jumps": "no"})
    assert len(e.value.problems) == 4


def test_from_dict_lists_every_problem() -> None:
    """ConventionsError: from_dict lists every problem, also range ones next to unknown keys."""
    with pytest.raises(ConventionsError) as e:
        Conventions.from_dict({"foo": 1, "players": "x", "min_raise": 7, "golden_raise": True})
    problems = e.value.problems
    assert any("foo" in p for p in problems)
    assert any("players" in p for p in problems)
    assert any("min_raise" in p for p in problems)
    assert any("golden_raise" in p for p in problems)


def test_not_an_object_and_not_json() -> None:
    """ConventionsError: saved settings must be a JSON object."""
    with pytest.raises(ConventionsError, match="must be a JSON object"):
        Conventions.from_dict([1, 2])
    with pytest.raises(ConventionsError, match="not JSON"):
        Conventions.from_json("{players: 3")


def test_replace_is_validated() -> None:
    """Conventions.replace validates the result."""
    c = Conventions()
    assert c.replace(no_jumps=True).no_jumps
    with pytest.raises(ConventionsError, match="min_raise"):
        c.replace(min_raise=3)


def test_json_round_trip_and_changes() -> None:
    """Conventions JSON round-trips; ``changes`` lists only the values that differ."""
    c = Conventions(players=4, bolts="in_row", write_off_limit=3, silence_below=-50)
    assert Conventions.from_json(c.to_json()) == c
    assert c.changes() == {
        "players": 4,
        "bolts": "in_row",
        "write_off_limit": 3,
        "silence_below": -50,
    }
    assert Conventions.from_dict(json.loads(json.dumps(c.changes()))) == c


# -- presets ------------------------------------------------------------------------------


def test_preset_classic_is_the_defaults() -> None:
    """Presets: Classic = the catalogue defaults."""
    assert Conventions.preset("classic") == Conventions()


def test_preset_strict() -> None:
    """Presets: Strict = no jumps, no write-off on barrel, bolts in a row, ace marriage off."""
    c = Conventions.preset("strict")
    assert c.no_jumps and c.bolts == "in_row"
    assert not c.write_off_on_barrel and not c.ace_marriage


def test_preset_family() -> None:
    """Presets: Family/Beginner = no barrel knock-off, generous redeals, free concession."""
    c = Conventions.preset("family")
    assert Conventions.preset("beginner") == c
    assert not c.barrel_knock_off
    assert c.write_off_free
    assert c.redeal_hand_below is not None and c.redeal_hand_below > 14


def test_preset_golden_dark() -> None:
    """Presets: Golden & Dark = golden round and dark game on."""
    c = Conventions.preset("Golden & Dark")
    assert c.golden_round and c.dark_game
    assert Conventions.preset("golden_dark") == c


def test_preset_two_and_four_players() -> None:
    """Presets: Two players (barrel off, RULES §11) and Four players."""
    two = Conventions.preset("two_players")
    assert (two.players, two.barrel) == (2, False)
    four = Conventions.preset("four_players")
    assert four.players == 4 and four.barrel
    assert Conventions.preset("2") == two and Conventions.preset("four") == four


def test_preset_is_only_a_starting_point() -> None:
    """Presets: the player may change any convention of a preset."""
    c = Conventions.preset("strict").replace(no_jumps=False, min_raise=10)
    assert not c.no_jumps and c.min_raise == 10 and c.bolts == "in_row"


def test_unknown_preset() -> None:
    """Presets: an unknown name is a ConventionsError listing the presets."""
    with pytest.raises(ConventionsError, match=r"unknown preset 'chaos'.*classic"):
        Conventions.preset("chaos")


def test_every_convention_has_a_behaviour_test() -> None:
    """Suite guard: every catalogue id (and enum value) is named by a rules test elsewhere."""
    from pathlib import Path

    here = Path(__file__)
    text = "\n".join(
        p.read_text(encoding="utf-8")
        for p in sorted(here.parent.glob("test_rules_*.py"))
        if p != here
    )
    missing = [k for k in CATALOGUE if k not in text]
    missing += [f"bolts={v}" for v in ("off", "total", "in_row") if f"bolts={v}" not in text]
    missing += [
        f"barrel_bidding={v}"
        for v in ("normal", "talon_to_barrel", "from_120")
        if f"barrel_bidding={v}" not in text
    ]
    missing += [
        f"barrel_mode={v}" for v in ("finish", "declarer_only") if f"barrel_mode={v}" not in text
    ]
    assert missing == []


def test_field_types_match_the_annotations() -> None:
    """Validation's table of field types (each distinct annotation evaluated once)
    is what typing.get_type_hints says for every field."""
    from thousand.conventions import _FIELD_TYPES

    hints = typing.get_type_hints(Conventions)
    names = [f.name for f in dataclasses.fields(Conventions)]
    assert {name: hints[name] for name in names} == _FIELD_TYPES
