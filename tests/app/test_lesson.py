"""Learn to play (``app.lessons.lesson``, ``app.page.lesson_page``): the lesson records teach what
their captions claim (RULES §1-§9), a lesson plays through by its expected moves,
a wrong move is explained and never made, a lesson can be left and resumed, and
it is never saved as a game nor counted in the statistics."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from app_helpers import same

from app.lessons import lesson as L
from app.lessons.lesson_view import LessonSession, caption_text
from app.library.saved import EMPTY_STATS, count_game
from app.page.model import (
    Act,
    BotAnswered,
    Bots,
    CardClicked,
    CountStats,
    LessonLeft,
    LessonNext,
    LessonStarted,
    Page,
    Persist,
    Remember,
)
from app.page.screen import Screen, build
from app.page.update import update
from app.shell.dom import to_html
from app.shell.i18n import LANGS, has
from app.shell.storage import LESSON_KEY, MemoryStorage, Store
from app.table.session import Session
from thousand import Conventions, Phase, action_from_str
from thousand import actions as A
from thousand.cards import SUIT_MASK, card_from_str, marriage_value
from thousand.record import replay

LESSONS = Path(L.__file__).parent
NAMES = ("You", "West", "East")


def lesson(name: str) -> L.Lesson:
    return next(ls for ls in L.builtin() if ls.id == name)


def at(name: str, step: int) -> Any:
    """The position of lesson ``name`` at ``step`` (a fresh state)."""
    return lesson(name).replay.state(step)


def hand(st: Any, seat: int = 0) -> int:
    return int(st.hands[seat])


def legal_cards(st: Any) -> set[int]:
    return {A.played_card(a) for a in st.legal_actions() if A.is_play(a)}


def refs(ls: L.Lesson) -> list[str]:
    """Every caption reference of a lesson."""
    out = [ls.title, *ls.notes.values(), *ls.wrong.values()]
    for pages in ls.before.values():
        out += pages
    return out


# -- the records ---------------------------------------------------------------------


def test_every_lesson_is_a_record_that_replays_with_its_learner_at_the_bottom() -> None:
    files = sorted(p.stem for p in LESSONS.glob("*.json"))
    assert sorted(L.BUILTIN) == files
    for ls in L.builtin():
        data = json.loads((LESSONS / f"{ls.id}.json").read_text(encoding="utf-8"))
        final = replay(data)  # thousand.record replays it, every action checked
        assert final.log, ls.id  # at least one deal played out
        assert ls.seat == 0 and ls.replay.conventions == Conventions()  # classic, 3 players
        assert ls.learner and all(ls.replay.state(s).current_player() == 0 for s in ls.learner)


def test_every_caption_is_in_the_catalogue_in_four_languages() -> None:
    for ls in L.builtin():
        for ref in refs(ls):
            assert ref.startswith("@") and has(ref[1:]), (ls.id, ref)
            for lang in LANGS:
                text = L.Caption(ref, (("tried", "pass"), ("move", "bid 105")))
                words = caption_text(ls, text, lang, NAMES)
                assert words and "{" not in words and "@" not in words, (ls.id, ref, lang)


def test_the_lessons_cover_the_topics_in_order() -> None:
    """The issue's topics, each a caption of the lessons, in the order taught."""
    keys = [
        ref
        for ls in L.builtin()
        for step in range(ls.steps + 1)
        for ref in (*ls.before.get(step, ()), ls.notes.get(step, ""))
    ]
    order = [
        "@lesson.first.ranks",  # ranks and card points
        "@lesson.first.points",
        "@lesson.first.hundred",  # bidding and the obligatory 100
        "@lesson.first.talon",  # the talon and giving cards
        "@lesson.first.contract",  # the contract
        "@lesson.first.lead",  # following suit ...
        "@lesson.first.marriage",  # marriages and trump
        "@lesson.first.trump",  # ... and the duty to trump
        "@lesson.first.score",  # scoring and rounding
        "@lesson.bolt.score",  # bolts
        "@lesson.barrel.on",  # the barrel
    ]
    assert [keys.index(k) for k in order] == sorted(keys.index(k) for k in order)


# -- what each step shows (the captions' claims, checked on the position) -------------------


def test_first_ranks_points_and_the_hundred() -> None:
    """RULES §1: 120 card points; §2, §5: first hand sits on the hundred; the smallest
    raise is 5."""
    from thousand.cards import RANK_POINTS, RANKS, mask_points

    assert dict(zip(RANKS, RANK_POINTS, strict=True)) == {
        "9": 0,
        "J": 2,
        "Q": 3,
        "K": 4,
        "T": 10,
        "A": 11,
    }  # the ranks from low to high, the ten above the king
    assert mask_points((1 << 24) - 1) == 120
    st = at("first", 0)
    assert st.phase is Phase.BIDDING and st.high == 100 and (st.dealer + 1) % 3 == 2  # East
    bids = sorted(A.action_value(a) for a in st.legal_actions() if A.is_bid(a))
    assert bids[0] == 105 and lesson("first").action(0) == action_from_str("bid 105")


def test_first_a_bid_over_120_needs_the_marriage_held() -> None:
    """RULES §5: above 120 only with a marriage; the learner holds K♥ Q♥ (100)."""
    st = at("first", 3)
    mine = hand(st)
    assert mine & (1 << card_from_str("KH")) and mine & (1 << card_from_str("QH"))
    assert marriage_value(3) == 100
    bids = {A.action_value(a) for a in st.legal_actions() if A.is_bid(a)}
    assert 220 in bids and 225 not in bids and st.high == 110
    assert lesson("first").action(3) == action_from_str("bid 120")


def test_first_talon_give_and_contract() -> None:
    """RULES §6: the declarer takes the talon (shown: not taken on the hundred), holds
    10 cards, gives one to each opponent, names a contract at least the bid."""
    st = at("first", 5)
    assert st.phase is Phase.DISCARD and st.declarer == 0 and hand(st).bit_count() == 10
    assert st.talon_shown
    st7 = at("first", 7)
    assert st7.phase is Phase.CONTRACT and hand(st7).bit_count() == 8
    assert not hand(st7) & SUIT_MASK[1]  # no club left: the later trumping
    values = sorted(A.action_value(a) for a in st7.legal_actions() if A.is_contract(a))
    assert values[0] == 120 and values[-1] == 220 and 150 in values


def test_first_following_suit_marriage_and_the_duty_to_trump() -> None:
    """RULES §7: followers follow suit; a marriage declared on the lead after a won
    trick sets trump; void in the suit led, the learner must trump."""
    ls = lesson("first")
    st = at("first", 9)  # West answers the learner's A♠ and holds spades: must follow
    assert hand(st, 1) & SUIT_MASK[0] and legal_cards(st) <= set(range(0, 6))
    st = at("first", 11)
    assert st.tricks_won[0] == 1 and ls.action(11) == A.declare(card_from_str("QH"))
    assert A.declare(card_from_str("QH")) in st.legal_actions()
    assert at("first", 12).trump == 3  # hearts are trump from this trick on
    for step in (18, 25):  # clubs led, the learner void in clubs and holding trumps
        st = at("first", step)
        led = st.trick[0] // 6
        assert led == 1 and not hand(st) & SUIT_MASK[1] and hand(st) & SUIT_MASK[3]
        assert legal_cards(st) == {c for c in range(18, 24) if hand(st) >> c & 1}


def test_first_scoring_and_rounding() -> None:
    """RULES §8: 92 card points + 100 marriage ≥ 150: +150 (not more); the defenders'
    points rounded to 5 (13 → 15, 15 → 15)."""
    row = at("first", lesson("first").steps).rows[-1]
    assert row.declarer == 0 and row.contract == 150 and row.made
    assert row.cards[0] == 92 and row.marriages[0] == 100 and row.points == (192, 15, 13)
    assert row.deltas == (150, 15, 15)


def test_bolt_pass_follow_suit_no_trump_and_the_bolt() -> None:
    """RULES §5 a pass; §7 following suit, and any card with no trump; §8 a bolt."""
    ls = lesson("bolt")
    assert ls.action(1) == A.PASS and at("bolt", 1).phase is Phase.BIDDING
    st = at("bolt", 7)  # A♠ led, the learner holds spades: spades only
    assert st.trick[0] == card_from_str("AS")
    assert legal_cards(st) == {c for c in range(6) if hand(st) >> c & 1}
    st = at("bolt", 10)  # T♠ led: K♠, the last spade, must follow though it loses
    assert legal_cards(st) == {card_from_str("KS")} and ls.notes[10] == "@lesson.bolt.follow2"
    st = at("bolt", 16)  # T♣ led, no club, no trump: any card
    assert st.trick[0] == card_from_str("TC") and not hand(st) & SUIT_MASK[1]
    assert st.trump < 0 and legal_cards(st) == {c for c in range(24) if hand(st) >> c & 1}
    row = at("bolt", ls.steps).rows[-1]
    assert row.tricks[0] == 0 and row.bolts[0] == 1 and row.deltas == (0, 0, 120)
    bids = {A.action_value(a) for a in at("bolt", 1).legal_actions() if A.is_bid(a)}
    assert bids == {115, 120}  # a choice: the lesson's pass is the learner's own


def test_barrel_climbing_on_and_winning_from_it() -> None:
    """RULES §9: 850 + 100 stops at 880 on the barrel; there the smallest contract is
    120, and a made 120 reaches 1000: the game is won."""
    ls = lesson("barrel")
    first = ls.replay.deal_first_step(1)
    assert at("barrel", 0).totals == [850, 310, 425]
    st = at("barrel", first)
    assert st.totals[0] == 880 and st.on_barrel[0] > 0 and st.rows[-1].deltas[0] == 30
    assert first == 29 and ls.notes[first] == "@lesson.barrel.on"
    assert st.rows[-1].tricks[0] == 8  # each ace and ten led wins its trick
    assert ls.action(30) == action_from_str("bid 120")
    qh = A.declare(card_from_str("QH"))  # a marriage only after a won trick (RULES §7)
    assert qh not in at("barrel", 35).legal_actions() and qh in at("barrel", 38).legal_actions()
    st = at("barrel", 34)
    values = sorted(A.action_value(a) for a in st.legal_actions() if A.is_contract(a))
    assert st.phase is Phase.CONTRACT and values[0] == 120  # the barrel's contract
    end = at("barrel", ls.steps)
    assert end.is_terminal() and end.totals[0] == 1000 and end.rows[-1].made


# -- the lesson engine ------------------------------------------------------------------


def play_through(m: L.Model) -> L.Model:
    """One lesson by its expected moves (Next at each caption, the others from the record)."""
    for _ in range(500):
        kind = L.waiting(m)
        if kind == "end":
            return m
        if kind == "next":
            m = L.go_on(m)
        elif kind == "move":
            want = L.expected(m)
            assert want is not None
            m, out = L.attempt(m, want)
            assert out.kind == "done"
        else:
            m = L.advance(m, m.lesson.action(m.step))
    raise AssertionError("the lesson did not end")


def test_every_lesson_plays_through_by_its_expected_moves() -> None:
    m = L.start(L.builtin())
    for i, ls in enumerate(L.builtin()):
        assert m.index == i
        m = play_through(m)
        assert m.step == ls.steps and L.finished(m) and m.wrong_tries == 0
        m = L.go_on(m)
    assert m.caption.ref == "@lesson.all_done" and L.go_on(m) == m


def test_a_wrong_legal_move_is_explained_and_not_made() -> None:
    m = L.start(L.builtin())
    while L.waiting(m) == "next":
        m = L.go_on(m)
    assert m.step == 0 and m.caption.ref == "@lesson.first.bid"
    m2, out = L.attempt(m, A.PASS)
    assert out.kind == "wrong" and m2.step == 0 and m2.wrong_tries == 1
    assert m2.caption.ref == "@lesson.first.bid.wrong"
    text = caption_text(m2.lesson, m2.caption, "en", NAMES)
    assert text.startswith("Pass is allowed") and "Bid 105" in text
    m5, out = L.attempt(m, action_from_str("bid 110"))  # a bigger bid: the same caption fits
    assert out.kind == "wrong" and caption_text(m5.lesson, m5.caption, "en", NAMES).startswith(
        "Bid 110 is allowed, but this step bids 105"
    )
    m6 = L.resume(m.lessons, {"format": "thousand-lesson", "lesson": "first", "step": 5})
    assert m6 is not None
    m6, out = L.attempt(m6, A.WRITEOFF)  # conceding is allowed here: worded as its button
    assert out.kind == "wrong" and caption_text(m6.lesson, m6.caption, "en", NAMES).startswith(
        "Concede is allowed"
    )
    m3, out = L.attempt(m2, action_from_str("bid 105"))
    assert out.kind == "done" and m3.step == 1
    # no wrong caption of its own: the lesson names the move it expects
    m = L.resume(m3.lessons, L.progress(replace(m3, step=26)))
    assert m is not None and L.expected(m) == action_from_str("play AH")
    m4, out = L.attempt(m, action_from_str("play KH"))  # K♥ may be led too
    assert out.kind == "wrong" and m4.step == 26 and m4.caption.ref == "@lesson.wrong"
    assert caption_text(m4.lesson, m4.caption, "en", NAMES) == (
        "Play K♥: the rules allow it, but this step asks for something else. Play A♥, please."
    )


def test_an_illegal_move_is_explained_with_the_rules_reason() -> None:
    """A spade at the duty to trump: ``refuse_trump``; any card but a spade when spades
    are led: ``refuse_follow`` (the engine's play duties, thousand.refusals)."""
    m = L.resume(L.builtin(), {"format": "thousand-lesson", "lesson": "first", "step": 18})
    assert m is not None and L.waiting(m) == "move"
    m2, out = L.attempt(m, action_from_str("play QS"))
    assert out.kind == "refused" and out.code == "trump" and m2.step == 18
    en = caption_text(m2.lesson, m2.caption, "en", NAMES)
    assert en.startswith("You have none of the suit led, so you must trump (♥).")
    assert "Play 9♥" in en
    ru = caption_text(m2.lesson, m2.caption, "ru", NAMES)
    assert "козырем (♥)" in ru and "9♥" in ru
    m = L.resume(L.builtin(), {"format": "thousand-lesson", "lesson": "bolt", "step": 7})
    assert m is not None
    m2, out = L.attempt(m, action_from_str("play KC"))
    assert out.kind == "refused" and out.code == "follow"
    assert caption_text(m2.lesson, m2.caption, "pl", NAMES).startswith(
        "Musisz dołożyć do koloru: ♠. "
    )


def test_other_seats_play_only_the_record() -> None:
    m = L.resume(L.builtin(), {"format": "thousand-lesson", "lesson": "first", "step": 1})
    assert m is not None and L.waiting(m) == "auto"
    with pytest.raises(L.LessonError):
        L.advance(m, action_from_str("bid 115"))
    assert L.advance(m, action_from_str("pass")).step == 2


def test_progress_resumes_and_bad_progress_starts_again() -> None:
    lessons = L.builtin()
    m = L.go_on(L.start(lessons))
    back = L.resume(lessons, json.loads(json.dumps(L.progress(m))))
    assert back == m
    for bad in (
        None,
        [],
        {"format": "thousand-lesson", "lesson": "nope", "step": 0},
        {"format": "thousand-lesson", "lesson": "first", "step": 10_000},
        {"format": "thousand-lesson", "lesson": "first", "step": "3"},
        {"format": "other", "lesson": "first", "step": 0},
    ):
        assert L.resume(lessons, bad) is None


def test_an_authors_lesson_in_one_language_with_translations() -> None:
    """The documented record format: plain captions, translations by their text, and
    clear errors for a record that cannot be a lesson."""
    data = json.loads((LESSONS / "bolt.json").read_text(encoding="utf-8"))
    data["notes"] = {"1": "Pass: your hand is weak."}
    data["lesson"] = {
        "id": "mine",
        "title": "My lesson",
        "wrong": {"1": "Not that: pass."},
        "translations": {"ru": {"Pass: your hand is weak.": "Пас: рука слабая."}},
    }
    ls = L.load(data)
    m = L.go_on(L.start((ls,))) if L.waiting(L.start((ls,))) == "next" else L.start((ls,))
    m = L.advance(m, ls.action(0)) if L.waiting(m) == "auto" else m
    assert m.step == 1 and caption_text(ls, m.caption, "ru", NAMES) == "Пас: рука слабая."
    assert caption_text(ls, m.caption, "pl", NAMES) == "Pass: your hand is weak."
    m2, out = L.attempt(m, action_from_str("bid 115"))
    assert out.kind == "wrong" and caption_text(ls, m2.caption, "en", NAMES) == "Not that: pass."
    no_learner = {**data, "seats": [{"kind": "easy"}] * 3}
    with pytest.raises(L.LessonError, match="one learner"):
        L.load(no_learner)
    with pytest.raises(L.LessonError, match="does not act at step 0"):
        L.load({**data, "lesson": {"wrong": {"0": "x"}}})
    with pytest.raises(L.LessonError, match="only one move"):
        L.load({**data, "lesson": {"wrong": {"10": "x"}}})  # K♠ is the only spade left
    with pytest.raises(L.LessonError, match="not a step"):
        L.load({**data, "lesson": {"before": {"999": ["x"]}}})
    with pytest.raises(L.LessonError, match="not a readable record"):
        L.load("[" * 100_000)
    with pytest.raises(L.LessonError, match="action 2"):
        bad = json.loads(json.dumps(data))
        bad["deals"][0]["actions"][1] = "bid 300"
        L.load(bad)


# -- the page: through update, as the table feeds it --------------------------------------


def drive(page: Page, fx: list[Any]) -> tuple[Page, list[Any]]:
    """The runner's part: Bots lets the record's seats move (as table.drive does)."""
    seen = list(fx)
    if any(isinstance(e, Bots) for e in fx):
        s = page.session
        while (seat := s.bot_to_act()) is not None:
            action = s.bot(seat).act(s.state.observation(seat), None)  # type: ignore[arg-type]
            page, more = update(page, BotAnswered(s.version, action))
            seen += more
            s = page.session
    return page, seen


def html(page: Page, lang: str = "en") -> str:
    return "".join(to_html(k) for k in build(page.session, Screen(lang=lang))[1])


def test_the_page_plays_a_lesson_by_clicks_and_never_saves_or_counts_it() -> None:
    game = Session.new(Conventions(), "easy", seed=5)
    page = Page(game, Screen())
    page, fx = drive(*update(page, LessonStarted()))
    s = page.session
    assert isinstance(s, LessonSession) and same(page.lesson_back, game)
    out = html(page)
    assert 'data-lesson="first"' in out and 'data-lesson-step="0"' in out
    assert 'data-ui="lesson-next"' in out and 'data-ui="lesson-leave"' in out
    assert 'aria-live="polite"' in out and 'data-ui="learn"' in out
    effects: list[Any] = list(fx)
    stats = json.loads(json.dumps(EMPTY_STATS))
    wrong_done = refused_done = False
    for _ in range(400):
        s = page.session
        assert isinstance(s, LessonSession)
        kind = L.waiting(s.model)
        if kind == "end":
            break
        if kind == "next":
            page, fx = drive(*update(page, LessonNext()))
        else:
            want = L.expected(s.model)
            assert want is not None
            if not wrong_done and s.model.step == 0:
                assert s.human_to_act() and 'data-ui="hint"' not in html(page)  # no AI hint
                page, fx = update(page, Act("pass"))  # allowed, not the lesson's
                s = page.session
                assert s.model.step == 0 and s.outcome == "wrong" and not fx
                assert 'data-lesson-outcome="wrong"' in html(page)
                wrong_done = True
            if not refused_done and s.model.step == 18:
                page, fx = update(page, CardClicked(card_from_str("QS"), legal=False))
                s = page.session
                assert s.outcome == "refused" and s.model.step == 18
                assert "you must trump (♥)" in html(page)
                refused_done = True
            text = A.action_str(want)
            if A.is_play(want):
                msg: Any = CardClicked(A.played_card(want), legal=True)
            else:
                if A.is_give(want):
                    page, _ = update(page, CardClicked(A.action_card(want), legal=True))
                msg = Act(text)
            page, fx = drive(*update(page, msg))
        effects += fx
        count_game(stats, page.session)
    assert wrong_done and refused_done
    assert L.finished(page.session.model)  # type: ignore[attr-defined]
    assert page.session.state.rows[-1].deltas == (150, 15, 15)
    assert not any(isinstance(e, (Persist, CountStats)) for e in effects)
    assert stats == EMPTY_STATS  # never counted
    saved = [e for e in effects if isinstance(e, Remember)]
    assert saved and all(e.key == LESSON_KEY for e in saved)
    # leave: the game comes back as it was; the progress is kept, not active
    page, fx = update(page, LessonLeft())
    assert same(page.session, game) and page.lesson_back is None
    left = [e for e in fx if isinstance(e, Remember)][-1].value
    assert left["lesson"] == "first" and left["active"] is False
    assert "data-lesson" not in html(page)


def test_leave_and_resume_where_it_was() -> None:
    game = Session.new(Conventions(), "easy", seed=6)
    page = Page(game, Screen(lang="uk"))
    page, fx = drive(*update(page, LessonStarted()))
    for _ in range(3):
        page, fx = drive(*update(page, LessonNext()))
    page, fx = drive(*update(page, Act("bid 105")))
    s = page.session
    assert isinstance(s, LessonSession) and s.model.step == 3  # West passed, East raised
    store = Store(MemoryStorage())
    for e in fx:
        if isinstance(e, Remember):
            store.write(e.key, e.value)
    page, fx = update(page, LessonLeft())
    for e in fx:
        if isinstance(e, Remember):
            store.write(e.key, e.value)
    assert same(page.session, game)
    stored, _ = store.read(LESSON_KEY)
    assert not L.active(stored)
    page, fx = drive(*update(page, LessonStarted(stored)))  # Learn to play again
    s = page.session
    assert isinstance(s, LessonSession) and s.model.step == 3
    assert s.state.high == 110 and s.human_to_act()
    assert "Ставка 120" in html(page, "uk")
    # a reload: the stored progress is active, the table resumes the lesson
    store.write(LESSON_KEY, L.progress(s.model))
    reloaded = Page(page.session, Screen())
    again, _ = update(reloaded, LessonStarted(store.read(LESSON_KEY)[0]))
    assert again.session.model == s.model  # type: ignore[attr-defined]


def test_the_lessons_reach_the_app_wheel(tmp_path: Path) -> None:
    import sys
    import zipfile

    sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))
    try:
        import buildlib
    finally:
        sys.path.pop(0)
    wheel = buildlib.app_wheel(LESSONS.parent, "0.0.0", tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    assert {f"app/lessons/{n}.json" for n in L.BUILTIN} <= set(names)


def test_the_docs_describe_the_lesson_format() -> None:
    docs = Path(__file__).parents[2] / "docs"
    text = "".join((docs / n).read_text(encoding="utf-8") for n in ("AUTOMATION.md", "ENGINE.md"))
    for hook in ("data-ui=learn", "data-lesson-step", "lesson-next", "lesson-leave"):
        assert hook in text.replace('"', "").replace("`", ""), hook
    assert re.search(r"lesson\.wrong|\"wrong\"", text)


def test_the_module_doctest() -> None:
    import doctest

    assert doctest.testmod(L).failed == 0


def test_another_tab_writing_the_game_behind_a_lesson() -> None:
    """The lesson goes on; leaving it shows the other tab's game and follows it."""
    from app.page.model import OtherTabSaved

    game = Session.new(Conventions(), "easy", seed=8)
    page = Page(game, Screen())
    page, _ = drive(*update(page, LessonStarted()))
    other = Session.from_save(json.loads(json.dumps(page.session.to_save())))
    page, fx = update(page, OtherTabSaved(other))
    assert fx == [] and isinstance(page.session, LessonSession) and not page.ui.follower
    page, fx = drive(*update(page, LessonNext()))
    assert page.session.model.page == 1  # type: ignore[attr-defined]
    page, fx = update(page, LessonLeft())
    assert same(page.session, other) and page.ui.follower
    assert not any(isinstance(e, Bots) for e in fx)
    assert any(n.key == "tab" for n in page.ui.notices)


def test_a_reload_mid_lesson_starts_the_page_in_the_lesson() -> None:
    """The page's start (``page_start.resume_lesson``) hands back the page the door
    made: the lesson where it was, not the game the page opened with."""
    from app.page.page_start import resume_lesson

    game = Session.new(Conventions(), "easy", seed=9)
    page, fx = drive(*update(Page(game, Screen()), LessonStarted()))
    page, fx = drive(*update(page, LessonNext()))
    store = Store(MemoryStorage())
    for e in fx:
        if isinstance(e, Remember):
            store.write(e.key, e.value)
    step = page.session.model.step  # type: ignore[attr-defined]
    reloaded = Page(Session.new(Conventions(), "easy", seed=9), Screen())
    started, _ = resume_lesson(reloaded, store)
    assert isinstance(started.session, LessonSession) and started.session.model.step == step
    assert resume_lesson(reloaded, Store(MemoryStorage()))[0] is reloaded  # no lesson: as it was
