"""Rule sets, saved games and statistics (``app.library.saved``) and the conventions
editor (``app.library.rules_view``) in CPython."""

from __future__ import annotations

import json
import random
import re
from functools import partial
from typing import Any

import pytest
from app_helpers import new_session

from app.library.rules_view import RulesUI, problems, rules_dialog, set_value
from app.library.saved import (
    SavedGame,
    builtin_sets,
    count_game,
    export_set,
    import_set,
    keep_game,
    load_stats,
    saved_games,
    user_sets,
)
from app.shell.dom import find_all, to_html
from app.shell.storage import RULESETS_KEY, STATS_KEY, MemoryStorage, Store
from thousand import Conventions
from thousand.conventions import MATTERS_WITH


def _editor(values: dict | None = None, lang: str = "en"):  # type: ignore[no-untyped-def,type-arg]
    ui = RulesUI(mode="edit", values=values or Conventions().to_dict())
    return rules_dialog(lang, Conventions(), ui, builtin_sets(), in_game=False)


def test_every_convention_has_a_control_in_the_editor() -> None:
    tree = _editor()
    ids = {
        e.attrs["data-convention"] for e in find_all(tree, lambda e: "data-convention" in e.attrs)
    }
    assert ids == set(Conventions().to_dict())
    boxes = find_all(
        tree, lambda e: e.attrs.get("type") == "checkbox" and "data-part" not in e.attrs
    )
    bools = {k for k, v in Conventions().to_dict().items() if isinstance(v, bool)}
    assert {e.attrs["data-convention"] for e in boxes} == bools


def test_options_that_only_matter_with_another_are_greyed_while_it_is_off() -> None:
    values = Conventions(golden_round=False).to_dict()
    tree = _editor(values)
    greyed = {e.key for e in find_all(tree, lambda e: "greyed" in e.attrs.get("class", ""))}
    assert {"golden_reset", "golden_raise", "golden_double_bolts"} <= greyed
    assert "golden_round" not in greyed
    on = _editor(Conventions(golden_round=True).to_dict())
    greyed_on = {e.key for e in find_all(on, lambda e: "greyed" in e.attrs.get("class", ""))}
    assert "golden_reset" not in greyed_on
    assert set(MATTERS_WITH) >= {"golden_reset", "dark_hide_talon", "bomb_points"}


def test_invalid_combinations_are_explained_in_words_and_block_start() -> None:
    values = {**Conventions().to_dict(), "write_off": False, "write_off_60": True}
    for lang in ("en", "ru", "uk", "pl"):
        msgs = problems(values, lang)
        assert msgs and "write_off" not in " ".join(msgs)  # labels, not ids
    start = [e for e in find_all(_editor(values), lambda e: e.attrs.get("data-ui") == "start")]
    assert start and "disabled" in start[0].attrs


def test_set_value_reads_the_page_inputs() -> None:
    v = Conventions().to_dict()
    assert set_value(v, "must_beat", "", "on", True)["must_beat"] is True
    assert set_value(v, "bolts", "", "in_row", False)["bolts"] == "in_row"
    assert set_value(v, "barrel_at", "", "800", False)["barrel_at"] == 800
    assert set_value(v, "write_off_limit", "on", "", True)["write_off_limit"] == 3
    assert set_value(v, "write_off_limit", "value", "5", True)["write_off_limit"] == 5
    assert set_value(v, "target", "value", "12", False)["target"] == 12
    assert set_value(v, "target", "value", "1e9", False)["target"] == 1000  # not a number: kept


def test_the_built_in_sets_are_the_presets_and_each_caller_gets_its_own_list() -> None:
    sets = builtin_sets()
    assert [s.conventions() for s in sets] == [Conventions.preset(s.id) for s in sets]
    assert all(s.builtin for s in sets)
    sets.append(sets[0])  # (what open_page does with the player's own sets)
    sets.clear()
    assert len(builtin_sets()) > 1


def test_rule_set_files_round_trip_and_bad_ones_are_refused() -> None:
    conv = Conventions.preset("polish")
    name, back = import_set(json.loads(json.dumps(export_set("Babcia <b>", conv))))
    assert back == conv and name == "Babcia <b>"
    with pytest.raises(ValueError):
        import_set({"format": "thousand-rules", "version": 1, "conventions": {"target": "x"}})
    with pytest.raises(ValueError):
        import_set({"format": "something-else"})


def test_a_corrupt_stored_rule_set_list_is_moved_aside() -> None:
    mem = MemoryStorage()
    mem.setItem(RULESETS_KEY, '{"oops": ' + "[" * 50 + "]" * 50 + "}")
    sets, aside = user_sets(Store(mem))
    assert sets == [] and aside is not None and aside.kept == "whole"
    assert mem.getItem(RULESETS_KEY + ".corrupt") is not None and mem.getItem(RULESETS_KEY) is None


def test_saved_games_keep_the_newest_first() -> None:
    store = Store(MemoryStorage())
    s = new_session(seed=2)
    for i in range(3):
        game = SavedGame(f"g{i}", f"Game {i}", 100.0 + i, 3, "Classic", (0, 0, 0), s.to_save())
        assert keep_game(store, game) is None
    games, _ = saved_games(store)
    assert [g.id for g in games] == ["g2", "g1", "g0"]


def test_statistics_count_each_deal_once() -> None:
    store = Store(MemoryStorage())
    stats, _ = load_stats(store)
    s = new_session(seed=4)
    rng = random.Random(4)
    while s.state.n_rows < 3:
        legal = s.state.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        count_game(stats, s)
        count_game(stats, s)  # twice: counted once
    played = [r for r in s.state.rows if r.kind != "redeal"]
    assert stats["deals"] == len(played)
    assert stats["points"] == sum(r.deltas[0] for r in played)
    store.write(STATS_KEY, stats)
    again, aside = load_stats(store)
    assert aside is None and again["deals"] == stats["deals"]


@pytest.mark.parametrize(
    ("changes", "ru"),
    [
        ({"barrel_mode": "declarer_only", "over_1000": True}, "несовместимо с «"),
        ({"barrel_mode": "declarer_only", "barrel_bidding": "from_120"}, "должна быть обычной"),
        ({"bid_step": 10, "min_raise": 5}, "должно делиться на 10"),
        ({"target": 850}, "должна быть выше бочки (880)"),
        (
            {
                "redeal_only_on_100": True,
                "redeal_talon_below": None,
                "redeal_two_nines_in_talon": False,
            },
            "бедный прикуп",
        ),
    ],
)
def test_the_engines_objections_reach_players_in_their_words(
    changes: dict[str, Any], ru: str
) -> None:
    """Problem codes worded from the catalogue: no engine English (ids, 'contradicts')."""
    values = {**Conventions().to_dict(), **changes}
    msgs = problems(values, "ru")
    assert any(ru in m for m in msgs), msgs
    for m in msgs:
        assert not re.search(r"[a-z]{3,}_[a-z]", m), m  # no convention id
        assert "contradict" not in m and "must be" not in m, m


def test_the_games_list_speaks_the_pages_language() -> None:
    """A kept game is named and its rules shown in the language of the page now (the
    list showed "Game of 01.12 18:25", "Polish Tysiąc" in English on a Russian page)."""
    from app.library.saved_view import games_dialog
    from app.page.screen import Screen, rules_name

    s = new_session(seed=2)
    game = SavedGame("g1", "", 1_700_000_000.0, 3, "polish", (10, 20, 30), s.to_save())
    current = {"players": 3, "rules": "—", "scores": "0 / 0 / 0"}
    for lang, name, rules in (("ru", "Партия", "Польская"), ("pl", "Gra z", "Polski")):
        ui = Screen(lang=lang)
        html = to_html(games_dialog(lang, current, [game], "", partial(rules_name, ui)))
        assert name in html and rules in html, html[:400]
        assert "Game of" not in html and "Polish" not in html
