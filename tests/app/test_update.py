"""The game page's logic driven through its one door, ``app.page.update.update``, in CPython:
whole deals by messages, stale and illegal inputs, keys read from the model, the
other tab, undo, the holds, the headline's pause. No DOM, clock or storage."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from app_helpers import new_session, notices_said, same

from app.page.model import (
    Act,
    BotAnswered,
    Bots,
    CardClicked,
    ClosePassing,
    HoldOver,
    KeyPressed,
    Linger,
    Log,
    NextDeal,
    OtherTabSaved,
    Page,
    Persist,
    Stepped,
    TakeOver,
    UndoPressed,
)
from app.page.screen import Screen
from app.page.table_act import numbered_choices
from app.page.update import update
from thousand import Phase
from thousand import actions as A
from thousand.bots import EasyBot


def page_for(seed: int = 3) -> Page:
    return Page(new_session(seed=seed), Screen())


def bot_answer(page: Page) -> BotAnswered:
    s = page.session
    seat = s.bot_to_act()
    assert seat is not None
    action = EasyBot().act(s.state.observation(seat), random.Random(seat + s.version))
    return BotAnswered(s.version, action)


def play_by_messages(page: Page, deals: int, rng: random.Random) -> tuple[Page, list[object]]:
    """Deals played only by messages: the human presses digit keys (a random
    choice among those the table numbers), bots answer, summaries are closed."""
    effects: list[object] = []
    for _ in range(5000):
        s = page.session
        if s.state.is_terminal() or s.state.n_rows >= deals:
            return page, effects
        if page.ui.hold_summary or page.ui.hold:
            page, fx = update(page, HoldOver(s.version))
        elif s.waiting_for_summary():
            page, fx = update(page, NextDeal())
        elif s.human_to_act():
            choices = numbered_choices(page)
            assert choices, "the human's turn offers nothing to choose"
            key = str(rng.randrange(min(9, len(choices))) + 1)  # digits reach nine
            page, fx = update(page, KeyPressed(key))
        else:
            page, fx = update(page, bot_answer(page))
        effects += fx
    raise AssertionError("the game did not move on")


def test_whole_deals_are_played_through_messages_alone() -> None:
    for seed in (1, 2, 5):
        page = page_for(seed)
        page, fx = play_by_messages(page, 3, random.Random(seed))
        assert page.session.state.n_rows >= 3
        # every applied action asked for the save; the bots were asked to move on
        assert sum(isinstance(e, Persist) for e in fx) >= page.session.version
        assert any(isinstance(e, Bots) for e in fx)
        assert page.ui.banner  # the felt said the newest event


def test_a_bots_answer_for_an_older_state_is_dropped() -> None:
    page = page_for(3)
    answer = bot_answer(page)
    late = BotAnswered(answer.version - 1, answer.action)
    page, fx = update(page, late)
    assert page.session.version == answer.version and isinstance(fx[0], Log)
    page, fx = update(page, answer)
    assert page.session.version == answer.version + 1 and Persist() in fx
    page, fx = update(page, answer)  # the same answer again: its state is gone
    assert page.session.version == answer.version + 1 and isinstance(fx[0], Log)


def to_human(page: Page) -> Page:
    while not page.session.human_to_act():
        if page.session.waiting_for_summary():
            page, _ = update(page, NextDeal())
        else:
            page, _ = update(page, bot_answer(page))
    return page


def test_an_illegal_or_malformed_action_is_refused_and_changes_nothing() -> None:
    page = to_human(page_for(3))
    v = page.session.version
    for text in ("play AS", "bid 7", "give", "x" * 500, "contract 999"):
        page, fx = update(page, Act(text))
        assert page.session.version == v
        assert fx and isinstance(fx[0], Log) and len(fx[0].text) < 120, fx


def test_digits_choose_what_the_table_numbers_in_the_order_it_shows() -> None:
    page = to_human(page_for(3))
    choices = numbered_choices(page)
    assert choices[0][0] == "act"  # the bidding: the buttons
    first = choices[0][1]
    v = page.session.version
    page, _ = update(page, KeyPressed("1"))
    assert page.session.version == v + 1
    assert A.action_str(page.session.state.deal_actions[-1]) == first
    page, fx = update(page, KeyPressed("9"))  # nothing numbered 9: nothing happens
    assert fx == [] or all(isinstance(e, Log) for e in fx)


def find_page(goal: Callable[[Page], bool], bid_low: bool = False) -> Page:
    """The first position of seeded games (random choices for the human, the lowest
    bid when ``bid_low``; Easy bots) where it is the human's turn and ``goal`` holds."""
    for seed in range(1, 300):
        page = page_for(seed)
        rng = random.Random(seed)
        for _ in range(80):
            s = page.session
            if s.state.n_rows:
                break
            if s.human_to_act():
                if goal(page):
                    return page
                legal = s.state.legal_actions()
                bids = [a for a in legal if A.is_bid(a)] if bid_low else []
                pick = min(bids) if bids else rng.choice(legal)
                page, _ = update(page, Act(A.action_str(pick)))
            else:
                page, _ = update(page, bot_answer(page))
    raise AssertionError("no such position")


def discard_page() -> Page:
    """A page where the human, as declarer, gives cards."""
    return find_page(lambda p: p.session.state.phase is Phase.DISCARD, bid_low=True)


def test_in_the_discard_a_digit_chooses_a_card_then_its_receiver() -> None:
    page = discard_page()
    cards = numbered_choices(page)
    assert all(kind == "card" for kind, _ in cards) and len(cards) >= 9
    page, _ = update(page, KeyPressed("2"))
    assert page.ui.selected == int(cards[1][1])
    receivers = numbered_choices(page)
    assert receivers[0][0] == "act" and receivers[0][1].startswith("give ")
    v = page.session.version
    page, _ = update(page, KeyPressed("1"))
    assert page.session.version == v + 1 and page.ui.selected == -1


def refused_cards(page: Page) -> list[int]:
    """The cards of the human's hand that may not be played now."""
    s = page.session
    legal = {A.played_card(a) for a in s.state.legal_actions() if A.is_play(a)}
    hand = s.state.observation(s.human).hand
    return [c for c in range(24) if hand >> c & 1 and c not in legal]


def following_with_a_refused_card() -> Page:
    """A page where the human follows a card and holds cards that may not be played."""

    def goal(page: Page) -> bool:
        state = page.session.state
        return state.phase is Phase.PLAY and bool(state.trick) and bool(refused_cards(page))

    return find_page(goal)


def test_a_dimmed_card_says_why_and_a_legal_one_is_played() -> None:
    page = following_with_a_refused_card()
    s = page.session
    off = refused_cards(page)
    v = s.version
    page, fx = update(page, CardClicked(off[0], legal=False))
    assert s.version == v
    assert page.ui.notices[-1].kind == "passing" and "must" in notices_said(page)[-1]
    assert ClosePassing("refusal", page.ui.notices[-1].serial) in fx
    legal = [A.played_card(a) for a in s.state.legal_actions() if A.is_play(a)]
    page, fx = update(page, CardClicked(legal[0], legal=True))
    assert page.session.version == v + 1


def test_another_tab_makes_this_one_follow_until_continue_here() -> None:
    page = to_human(page_for(3))
    other = new_session(seed=3)
    other.game_id = page.session.game_id
    page, fx = update(page, OtherTabSaved(other))
    assert same(page.session, other) and page.ui.follower
    tab = [n for n in page.ui.notices if n.key == "tab"]
    assert tab and tab[0].action is not None and tab[0].action[0] == "take-over"
    page = to_human_as_follower(page)
    v = page.session.version
    page, fx = update(page, KeyPressed("1"))
    assert page.session.version == v  # a follower applies no input
    page, fx = update(page, TakeOver())
    assert not page.ui.follower and Persist() in fx and Bots() in fx
    assert not [n for n in page.ui.notices if n.key == "tab"]


def to_human_as_follower(page: Page) -> Page:
    """Move the followed game on by hand (as the other tab would) to the human's turn."""
    s = page.session
    rng = random.Random(0)
    while not s.human_to_act():
        if s.waiting_for_summary():
            s.acknowledge()
        else:
            legal = s.state.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    return page


def test_undo_takes_back_the_humans_last_decision() -> None:
    page = to_human(page_for(3))
    before = page.session.state.deal_actions[:]
    page, _ = update(page, KeyPressed("1"))
    assert len(page.session.state.deal_actions) > len(before)
    page, fx = update(page, UndoPressed())
    assert page.session.state.deal_actions == before
    assert Persist() in fx and Bots() in fx


def test_a_hold_made_for_an_older_state_ends_nothing() -> None:
    page = page_for(3)
    page.ui.hold_summary = True
    page, _ = update(page, HoldOver(page.session.version - 1))
    assert page.ui.hold_summary
    page, _ = update(page, HoldOver(page.session.version))
    assert not page.ui.hold_summary


def test_a_declared_marriage_makes_the_bots_wait_for_it_to_be_read() -> None:
    for seed in range(1, 200):
        page = page_for(seed)
        rng = random.Random(seed)
        while page.session.state.n_rows == 0 and not page.session.state.marriages:
            s = page.session
            if s.human_to_act():
                page, fx = update(page, Act(A.action_str(rng.choice(s.state.legal_actions()))))
            else:
                page, fx = update(page, bot_answer(page))
        if page.session.state.marriages:
            assert Linger() in fx
            assert "marriage" in page.ui.banner
            return
    pytest.fail("no marriage in 200 seeds")


def test_the_stepper_moves_only_on_the_humans_turn() -> None:
    from app.table.view import stepper_values

    for seed in range(1, 50):
        page = page_for(seed)
        if not page.session.human_to_act():
            page, _ = update(page, Stepped(+1))
            assert page.ui.bid_value == 0  # not the human's turn: nothing moves
            page = to_human(page)
        values = stepper_values(page.session.state.legal_actions(), "bid")
        if page.session.state.phase is Phase.BIDDING and len(values) >= 2:
            page, _ = update(page, Stepped(+1))
            assert page.ui.bid_value == values[1]
            page, _ = update(page, KeyPressed("ArrowDown"))
            assert page.ui.bid_value == values[0]
            return
    pytest.fail("no bidding turn with a stepper")
