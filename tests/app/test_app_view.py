"""The browser table's pure parts (view and session) in plain CPython."""

from __future__ import annotations

import json
import random
import re

import pytest

from app.i18n import normalize_lang, t
from app.session import (
    SAVE_KEY,
    MemoryStorage,
    SaveError,
    Session,
    conventions_for,
    load_or_new,
    save,
)
from app.view import TableModel, render_table, seat_positions, sort_hand, ui_phase
from thousand import Phase, action_from_str
from thousand import actions as A
from thousand.bots import EasyBot
from thousand.cards import card_str, cards_mask


def advance_to_human(s: Session) -> None:
    while not s.human_to_act() and not s.state.is_terminal():
        if s.waiting_for_summary():
            s.acknowledge()
            continue
        s.apply(s.bot_action())


def data_actions(html: str) -> set[str]:
    return set(re.findall(r'data-action="([^"]+)"', html))


def legal_cards(html: str) -> set[str]:
    return set(re.findall(r'data-card="(\w\w)" data-legal="1"', html))


def test_every_legal_action_has_a_button_or_card() -> None:
    """Automation contract: buttons carry engine notation; legal cards carry data-legal."""
    s = Session.new(3, "classic", ["easy", "easy"], seed=3)
    rng = random.Random(1)
    seen_phases = set()
    for _ in range(400):
        advance_to_human(s)
        if s.state.is_terminal():
            break
        obs = s.observation()
        seen_phases.add(obs.phase)
        html = render_table(TableModel(obs=obs))
        buttons = data_actions(html)
        cards = legal_cards(html)
        for a in obs.legal_actions:
            text = A.action_str(a)
            if text.startswith("play "):
                assert text[5:] in cards
            elif text.startswith(("give ", "aside ")):
                assert A.action_card(a) is not None and card_str(A.action_card(a)) in cards
            else:
                assert text in buttons, (text, obs.phase)
        for b in buttons:
            assert action_from_str(b) in obs.legal_actions
        # Choosing a card in the discard shows its give buttons.
        if obs.phase is Phase.DISCARD:
            card = A.action_card(
                next(a for a in obs.legal_actions if A.GIVE_BASE <= a < A.ASIDE_BASE + 24)
            )
            html2 = render_table(TableModel(obs=obs, selected=card))
            gives = {b for b in data_actions(html2) if b.startswith(("give", "aside"))}
            assert gives and all(b.split()[1] == card_str(card) for b in gives)
        s.apply(EasyBot().act(obs, rng))
    assert {Phase.BIDDING, Phase.DISCARD, Phase.CONTRACT, Phase.PLAY} <= seen_phases


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_whole_game_renders_in_both_languages(players: int, lang: str) -> None:
    s = Session.new(players, "classic", ["easy"] * (players - 1), seed=players)
    rng = random.Random(2)
    steps = 0
    while not s.state.is_terminal() and steps < 4000:
        steps += 1
        obs = s.observation()
        summary = s.summary_row()
        html = render_table(TableModel(obs=obs, lang=lang, summary=summary))
        assert html.count('class="seat ') == players
        if summary is not None:
            assert 'data-ui="next"' in html
            s.acknowledge()
            continue
        if s.human_to_act():
            s.apply(EasyBot().act(obs, rng))
        else:
            s.apply(s.bot_action())
    assert s.state.is_terminal()
    html = render_table(TableModel(obs=s.observation(), lang=lang))
    assert 'data-ui="new"' in html and t(lang, "game_over") in html
    assert ui_phase(s.observation(), False) == "game-over"


def test_russian_uses_players_words() -> None:
    assert t("ru", "talon") == "Прикуп"
    assert "марьяж" in t("ru", "declare", suit="♥", value=100)
    assert t("ru", "writeoff") == "Расписать"
    assert t("ru", "sheet") == "Запись"
    assert "втёмную" in t("ru", "dark")


def test_names_and_messages_are_escaped() -> None:
    s = Session.new(3, "classic", ["easy", "easy"], seed=1)
    obs = s.observation()
    html = render_table(
        TableModel(
            obs=obs, names=["<b>x</b>", "<script>", "a&b"], message="<img src=x onerror=alert(1)>"
        )
    )
    assert "<script>" not in html and "<img src=x" not in html
    assert "&lt;script&gt;" in html and "a&amp;b" in html


def test_hand_sorted_by_suit_trump_first() -> None:
    hand = cards_mask(["9S", "AS", "KH", "QC", "TD"])
    assert [card_str(c) for c in sort_hand(hand, -1)] == ["AS", "9S", "KH", "QC", "TD"]
    assert next(card_str(c) for c in sort_hand(hand, 2)) == "TD"


def test_seat_positions_clockwise() -> None:
    assert seat_positions(3, 0) == {0: "bottom", 1: "left", 2: "right"}
    assert seat_positions(4, 0) == {0: "bottom", 1: "left", 2: "top", 3: "right"}
    assert seat_positions(2, 0) == {0: "bottom", 1: "top"}


def test_normalize_lang_rejects_hostile_values() -> None:
    assert normalize_lang("ru-RU") == "ru"
    assert normalize_lang("<script>") == "en"
    assert normalize_lang(None) == "en"


# -- saving ---------------------------------------------------------------------


def test_save_and_resume_same_position() -> None:
    store = MemoryStorage()
    s = Session.new(3, "classic", ["easy", "easy"], seed=7)
    advance_to_human(s)
    assert save(store, s) is None
    again, problem = load_or_new(store, lambda: pytest.fail("should resume"))
    assert problem is None
    assert again.state.hands == s.state.hands and again.state.phase == s.state.phase
    assert again.observation().legal_actions == s.observation().legal_actions
    assert again.levels == s.levels


@pytest.mark.parametrize(
    "bad",
    [
        "{not json",
        "[]",
        json.dumps({"format": "thousand-save", "version": 9}),
        json.dumps({"format": "thousand-save", "version": 1, "record": {"format": "x"}}),
    ],
)
def test_corrupt_save_is_moved_aside_never_deleted(bad: str) -> None:
    store = MemoryStorage()
    store.setItem(SAVE_KEY, bad)
    fresh = Session.new(3, "classic", seed=1)
    got, problem = load_or_new(store, lambda: fresh)
    assert got is fresh and problem is not None
    kind, why, key = problem.split("|", 2)
    assert kind == "save_corrupt" and why
    assert store.getItem(key) == bad and store.getItem(SAVE_KEY) is None


def test_second_corrupt_save_keeps_the_first() -> None:
    store = MemoryStorage()
    store.setItem(SAVE_KEY + ".corrupt", "old")
    store.setItem(SAVE_KEY, "new{")
    _, problem = load_or_new(store, lambda: Session.new(seed=1))
    assert problem is not None
    assert store.getItem(SAVE_KEY + ".corrupt") == "old"
    assert store.getItem(SAVE_KEY + ".corrupt.2") == "new{"


def test_tampered_save_with_illegal_action_is_refused() -> None:
    s = Session.new(3, "classic", seed=4)
    advance_to_human(s)
    data = json.loads(s.to_save())
    data["record"]["deals"][0]["actions"].insert(0, "play AS")
    with pytest.raises(SaveError, match="action 1"):
        Session.from_save(json.dumps(data))


def test_storage_errors_do_not_break_play() -> None:
    class Full(MemoryStorage):
        def setItem(self, key: str, value: str) -> None:
            raise RuntimeError("QuotaExceededError")

        def getItem(self, key: str) -> str | None:
            raise RuntimeError("SecurityError")

    s = Session.new(seed=2)
    assert save(Full(), s) == "QuotaExceededError"
    got, problem = load_or_new(Full(), lambda: s)
    assert got is s and problem is None


def test_two_player_conventions_turn_the_barrel_off() -> None:
    assert conventions_for(2, "classic").barrel is False
    assert conventions_for(4, "strict").players == 4
    assert conventions_for(3, "nonsense").players == 3


def test_corrupt_save_message_formats() -> None:
    """The message names the reason and the key the save was kept under."""
    text = t("en", "save_corrupt", why="not JSON", key="thousand.save.corrupt")
    assert "not JSON" in text and "thousand.save.corrupt" in text
    assert "thousand.save.corrupt" in t("ru", "save_corrupt", why="x", key="thousand.save.corrupt")


def test_penalty_reasons_are_translated() -> None:
    from app.i18n import reason

    assert reason("ru", "third bolt") == "третий болт"
    assert reason("en", "third bolt") == "third bolt"
    assert reason("ru", "something new") == "something new"


def test_summary_hides_the_next_deal_behind_it() -> None:
    # The engine deals the next deal as soon as one is scored; while the summary is
    # up the table shows no cards, talon or turn of that next deal (RULES §2: the
    # next deal starts when the players move on).
    s = Session.new(3, "classic", ["easy", "easy"], seed=5)
    rng = random.Random(1)
    while s.summary_row() is None:
        obs = s.observation()
        s.apply(EasyBot().act(obs, rng) if s.human_to_act() else s.bot_action())
    obs = s.observation()
    assert obs.hand and obs.phase is not Phase.GAME_OVER  # the next deal is dealt
    html = render_table(TableModel(obs=obs, summary=s.summary_row()))
    assert "data-card=" not in html and "<use" not in html.split('class="overlay"')[0]
    assert " turn" not in html and 'class="talon"' not in html
    assert 'data-ui="next"' in html
    s.acknowledge()
    html = render_table(TableModel(obs=s.observation()))
    assert "data-card=" in html and 'data-count="7"' in html


def test_declarer_sees_the_talon_cards_marked_in_hand() -> None:
    # RULES §6: the declarer takes the talon into hand; the view marks those cards
    # (and the talon stays on show) while the declarer discards.
    from thousand import Conventions, State

    hands = [
        ["AS", "TS", "KS", "QS", "AH", "TH", "KH"],
        ["9S", "JS", "AC", "TC", "KC", "QC", "JC"],
        ["9C", "AD", "TD", "KD", "QD", "JD", "9D"],
    ]
    state = State.from_deal(Conventions(), dealer=2, hands=hands, talon=["QH", "JH", "9H"])
    for text in ("pass", "pass"):  # first hand (seat 0) keeps the obligatory 100
        state.apply_str(text)
    obs = state.observation(0)
    assert obs.phase is Phase.DISCARD and obs.declarer == 0
    html = render_table(TableModel(obs=obs))
    marked = re.findall(r'class="card-btn[^"]*received[^"]*" data-card="(\w+)"', html)
    assert sorted(marked) == ["9H", "JH", "QH"]
