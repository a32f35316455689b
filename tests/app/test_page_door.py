"""The game page driven by its controls' messages through the one door, in CPython:
every dialog, the rules editor's modes and sets, notices, the saved games and
statistics, the replay's buttons and keys, practice, the editor's buttons,
imports, the hint and its cancellation, two tabs, a whole game. ``Runner`` does
what ``table.py`` does with the storage effects (over a ``MemoryStorage``) and
feeds their answers back as messages; the DOM, timers and thoughts stay out."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from app_helpers import new_session, notice_said, random_record, same, to_human_turn

from app.editor.editor import Copy, Download
from app.library.rules_view import RulesMode
from app.library.saved import drop_game, import_set, keep_game, saved_games
from app.page import update_page as P
from app.page.model import (
    Act,
    BotAnswered,
    Bots,
    Cancel,
    ClosePassing,
    HoldOver,
    KeyPressed,
    LessonStarted,
    Msg,
    OtherTabSaved,
    Page,
    Persist,
    Remember,
)
from app.page.page_msgs import (
    MAX_IMPORT_BYTES,
    Analyse,
    AnalysisFound,
    AnalysisShown,
    Autoplay,
    AutoplayTick,
    Changed,
    ClearAddress,
    Clicked,
    DropGame,
    FileChosen,
    FileRead,
    HintAnswered,
    HintProgress,
    KeepGame,
    PassingOver,
    ReadFile,
    ReadLesson,
    Slot,
    StartHint,
    StopAnalysis,
    Stored,
)
from app.page.page_start import open_link, open_page
from app.page.screen import Screen, build
from app.page.table_act import numbered_choices
from app.page.update import KeyUse, key_use, update
from app.replay.share import share_fragment
from app.shell.storage import RULESETS_KEY, SAVE_KEY, SAVES_KEY, STATS_KEY, MemoryStorage, Store
from app.table.session import Session, save
from app.table.view import Confirm, Dialog, NoticeKind
from thousand import Conventions
from thousand.bots import EasyBot


class Runner:
    """The storage side of ``table.Table.run`` over a memory storage; the other
    effects are kept in ``effects`` for the test to read."""

    def __init__(self, page: Page, store: Store | None = None, tab: str = "t1") -> None:
        self.page = page
        self.page.tab = tab
        self.store = store or Store(MemoryStorage())
        self.effects: list[Any] = []

    def send(self, msg: Msg) -> list[Any]:
        inbox: list[Msg] = [msg]
        out: list[Any] = []
        while inbox:
            self.page, fx = update(self.page, inbox.pop(0))
            out += fx
            for e in fx:
                if isinstance(e, Persist):
                    err = save(self.store, self.page.session, self.page.tab)
                    if err:
                        inbox.append(Stored(SAVE_KEY, err))
                elif isinstance(e, Remember):
                    err = self.store.write(e.key, e.value)
                    if err:
                        inbox.append(Stored(e.key, err))
                elif isinstance(e, KeepGame | DropGame):
                    if isinstance(e, KeepGame):
                        err = keep_game(self.store, replace(e.game, date=1.0))
                    else:
                        err = drop_game(self.store, e.game_id)
                    inbox.append(Stored(SAVES_KEY, err, False, tuple(saved_games(self.store)[0])))
                elif isinstance(e, ReadLesson):
                    inbox.append(LessonStarted(None))
        self.effects += out
        return out

    def click(self, ui: str, **data: str) -> list[Any]:
        return self.send(Clicked(ui, dict(data), entropy=7, now=0.0))


def runner(seed: int = 3) -> Runner:
    return Runner(Page(new_session(seed=seed), Screen(setup=_setup())))


def html(page: Page) -> str:
    from app.shell.dom import to_html

    _, kids = build(page.session, page.ui)
    return "".join(to_html(k) for k in kids)


def bot_answer(page: Page) -> BotAnswered:
    s = page.session
    seat = s.bot_to_act()
    assert seat is not None
    action = EasyBot().act(s.state.observation(seat), random.Random(seat + s.version))
    return BotAnswered(s.version, action)


def play_until(r: Runner, done: Any, rng: random.Random, limit: int = 30_000) -> None:
    """Play by messages only: holds end, bots answer, the human presses a digit the
    table numbers, summaries close with *Next*, until ``done(page)``."""
    for _ in range(limit):
        page = r.page
        s = page.session
        if done(page):
            return
        if page.ui.hold_summary or page.ui.hold:
            r.send(HoldOver(s.version))
        elif s.waiting_for_summary():
            r.click("next")
        elif s.bot_to_act() is not None:
            r.send(bot_answer(page))
        elif s.human_to_act():
            choices = numbered_choices(page)
            assert choices, "the human's turn always numbers a choice"
            r.send(KeyPressed(str(rng.randrange(min(9, len(choices))) + 1)))
        else:
            raise AssertionError(f"stuck in {s.state.phase}")
    raise AssertionError("the game did not end")


# -- dialogs ------------------------------------------------------------------------


def test_every_toolbar_dialog_opens_closes_on_a_second_press_and_by_close() -> None:
    r = runner()
    for name, dialog in (
        ("sheet", Dialog.SHEET),
        ("log", Dialog.LOG),
        ("new", Dialog.NEW),
        ("games", Dialog.GAMES),
        ("stats", Dialog.STATS),
    ):
        r.click(name)
        assert r.page.ui.dialog is dialog and f'data-dialog="{dialog.value}"' in html(r.page)
        r.click(name)
        assert r.page.ui.dialog is Dialog.NONE
        r.click(name)
        r.click("close")
        assert r.page.ui.dialog is Dialog.NONE and "overlay" not in html(r.page)
    r.click("sheet")
    r.click("log")  # one dialog at a time: the newer replaces the older
    assert r.page.ui.dialog is Dialog.LOG


def test_escape_closes_a_dialog_and_the_model_says_the_key_is_the_tables() -> None:
    r = runner()
    r.click("online")
    assert r.page.ui.dialog is Dialog.ONLINE
    assert key_use(r.page, "Escape", typing=True) is KeyUse.HANDLE  # even from a text field
    assert key_use(r.page, "1") is KeyUse.IGNORE  # no digits under a dialog
    r.send(KeyPressed("Escape"))
    assert r.page.ui.dialog is Dialog.NONE
    assert key_use(r.page, "Escape") is KeyUse.IGNORE


def test_the_rules_dialog_shows_a_game_in_progress_read_only_and_edits_from_new_game() -> None:
    r = runner()
    r.click("rules")
    assert r.page.ui.dialog is Dialog.RULES and r.page.ui.rules.mode is RulesMode.VIEW
    page = html(r.page)
    assert 'data-convention="' in page and "disabled" in page
    r.click("new")
    r.click("rules")
    assert r.page.ui.rules.mode is RulesMode.EDIT
    r.page.ui.rules.mode = RulesMode.VIEW
    fx = r.click("rules-edit", value="")
    assert r.page.ui.rules.mode is RulesMode.EDIT
    assert r.page.ui.rules.values == r.page.session.state.conv.to_dict()
    assert any(isinstance(e, Remember) and e.key.endswith("rules") for e in fx)  # the draft


def test_a_convention_changes_only_while_editing() -> None:
    r = runner()
    r.click("rules")
    before = dict(r.page.ui.rules.values)
    assert r.send(Changed("", "500", {"data-convention": "target", "data-part": ""})) == []
    assert r.page.ui.rules.values == before  # read-only
    r.click("rules-edit", value="")
    r.send(Changed("", "500", {"data-convention": "target", "data-part": ""}))
    assert r.page.ui.rules.values["target"] == 500


def test_rule_sets_save_rename_ask_before_delete_and_export() -> None:
    r = runner()
    r.click("rules")
    r.click("rules-edit", value="")
    r.send(Changed("", "150", {"data-convention": "penalty", "data-part": ""}))
    r.click("set-save", value="  Long game  ")
    own = [s for s in r.page.ui.sets if not s.builtin]
    assert [s.name for s in own] == ["Long game"] and r.page.ui.rules.base == own[0].id
    stored, _ = r.store.read(RULESETS_KEY)
    assert stored[0]["name"] == "Long game" and stored[0]["conventions"]["penalty"] == 150
    r.click("set-rename", value="Quick")
    assert [s.name for s in r.page.ui.sets if not s.builtin] == ["Quick"]
    fx = r.click("set-export", value="")
    (down,) = [e for e in fx if isinstance(e, Download)]
    assert down.name == "Quick.rules.json"
    name, conv = import_set(json.loads(down.text))
    assert name == "Quick" and conv.penalty == 150
    r.click("set-delete", value="")
    assert r.page.ui.rules.confirm is Confirm.DELETE_SET
    assert 'data-ui="set-delete-sure"' in html(r.page)
    r.click("set-delete-sure", value="")
    assert [s for s in r.page.ui.sets if not s.builtin] == []
    assert r.page.ui.rules.base == "classic" and r.page.ui.rules.confirm is Confirm.NONE
    assert r.store.read(RULESETS_KEY)[0] == []


def test_a_failed_write_of_the_rule_sets_is_said_in_the_editor() -> None:
    r = runner()
    r.send(Stored(RULESETS_KEY, "quota"))
    assert "quota" in r.page.ui.rules.message


def test_a_notice_is_dismissed_and_a_passing_one_closes_by_its_serial() -> None:
    r = runner()
    r.send(Stored(SAVE_KEY, "the disk is full"))
    (note,) = r.page.ui.notices
    assert note.kind is NoticeKind.ERROR and "the disk is full" in notice_said(r.page, note)
    r.click("dismiss", **{"data-notice": note.key})
    assert r.page.ui.notices == []
    fx = r.click("copy-link")
    (close,) = [e for e in fx if isinstance(e, ClosePassing)]
    first = r.page.ui.notices[-1]
    fx = r.click("copy-link")  # the same words again: a newer notice
    r.send(PassingOver(close.key, close.serial))  # the older one's time is up
    assert r.page.ui.notices and r.page.ui.notices[-1].serial != first.serial
    (close2,) = [e for e in fx if isinstance(e, ClosePassing)]
    r.send(PassingOver(close2.key, close2.serial))
    assert r.page.ui.notices == []


# -- the library ---------------------------------------------------------------------


def game_in_progress(seed: int) -> Session:
    s = new_session(seed=seed)
    to_human_turn(s, random.Random(seed))
    s.apply(s.state.legal_actions()[0])
    return s


def test_a_new_game_keeps_the_one_in_progress_and_continue_brings_it_back() -> None:
    r = Runner(Page(game_in_progress(4), Screen(setup=_setup())))
    before = r.page.session.game_id
    r.click("new")
    fx = r.click("start")
    assert r.page.session.game_id != before and r.page.ui.dialog is Dialog.NONE
    assert Persist() in fx and Bots() in fx and Cancel() in fx
    assert [g.id for g in r.page.ui.games] == [before] == [g.id for g in saved_games(r.store)[0]]
    r.click("games")
    assert f'data-game="{before}"' in html(r.page)
    r.click("game-continue", **{"data-game": before})
    assert r.page.session.game_id == before
    assert before not in [g.id for g in r.page.ui.games]
    assert all(g.id != before for g in saved_games(r.store)[0])
    assert r.page.ui.games == []  # the new game, not begun, is not kept


def _setup() -> dict[str, Any]:
    from app.table.seats import read_setup

    return read_setup(None, {}, ["classic"])


def test_a_saved_game_is_deleted_only_on_the_second_click() -> None:
    r = Runner(Page(game_in_progress(5), Screen(setup=_setup())))
    gid = r.page.session.game_id
    r.click("start")
    r.click("games")
    r.click("game-delete", **{"data-game": gid})
    assert r.page.ui.confirm is Confirm.GAME and r.page.ui.confirm_game == gid
    assert [g.id for g in saved_games(r.store)[0]] == [gid]
    r.click("game-delete-sure", **{"data-game": gid})
    assert r.page.ui.games == [] and saved_games(r.store)[0] == []
    assert r.page.ui.confirm is Confirm.NONE


def test_statistics_are_counted_by_the_door_and_reset_on_the_second_click() -> None:
    r = runner(seed=8)
    play_until(r, lambda p: p.session.state.n_rows >= 2, random.Random(1))
    assert r.page.ui.stats["deals"] >= 2
    assert r.store.read(STATS_KEY)[0]["deals"] == r.page.ui.stats["deals"]
    r.click("stats")
    r.click("stats-reset")
    assert r.page.ui.confirm is Confirm.STATS and r.page.ui.stats["deals"] >= 2
    r.click("stats-reset-sure")
    assert r.page.ui.stats["deals"] == 0 and r.store.read(STATS_KEY)[0]["deals"] == 0


def test_export_offers_the_games_record_as_a_file() -> None:
    r = Runner(Page(game_in_progress(6), Screen()))
    fx = r.send(Clicked("export", {}, now=86_400 * 365.0))
    (down,) = fx
    assert isinstance(down, Download) and down.name.endswith(".json") and "1971" in down.name
    assert json.loads(down.text) == r.page.session.record()


# -- imports -------------------------------------------------------------------------


def test_imports_refuse_large_and_broken_files_and_take_a_good_game() -> None:
    r = Runner(Page(game_in_progress(7), Screen(setup=_setup())))
    assert r.send(FileChosen("game", MAX_IMPORT_BYTES + 1)) == []
    assert r.page.ui.notices[-1].key == "import" and r.page.ui.notices[-1].kind is NoticeKind.ERROR
    assert r.send(FileChosen("game", 100)) == [ReadFile("game")]
    before = r.page.session
    r.send(FileRead("game", "{not json"))
    assert same(r.page.session, before) and r.page.ui.notices[-1].key == "import"
    r.send(FileRead("game", json.dumps({"format": "thousand-record", "version": 99})))
    assert same(r.page.session, before)
    other = game_in_progress(9)
    fx = r.send(FileRead("game", json.dumps(other.record()), entropy=5))
    assert not same(r.page.session, before) and r.page.ui.notices[-1].kind is NoticeKind.PASSING
    assert r.page.session.state.n_rows == other.state.n_rows
    assert r.page.session.state.deal_actions == other.state.deal_actions
    assert Persist() in fx and [g.id for g in r.page.ui.games] == [before.game_id]


def test_a_rule_set_file_becomes_an_own_set() -> None:
    r = runner()
    from app.library.saved import export_set

    text = json.dumps(export_set("Mine", Conventions().with_players(3)))
    r.send(FileRead("set", text))
    own = [s for s in r.page.ui.sets if not s.builtin]
    assert [s.name for s in own] == ["Mine"] and r.page.ui.rules.base == own[0].id
    r.send(FileRead("set", json.dumps({"format": "nope"})))
    assert len([s for s in r.page.ui.sets if not s.builtin]) == 1
    assert r.page.ui.notices[-1].key == "import"


# -- the replay ----------------------------------------------------------------------


def replaying(deals: int = 2, seed: int = 11) -> Runner:
    r = runner()
    P.open_replay(r.page, random_record(deals, seed), 0)
    assert r.page.ui.replay is not None
    return r


def test_the_replay_buttons_and_keys_step_and_autoplay_stops_at_the_end() -> None:
    r = replaying()
    assert r.page.ui.replay is not None and r.page.ui.replay_data is not None
    steps = r.page.ui.replay_data.steps
    r.click("step-next")
    r.click("step-next")
    assert r.page.ui.replay.step == 2
    r.click("step-prev")
    assert r.page.ui.replay.step == 1
    assert key_use(r.page, "ArrowRight") is KeyUse.TAKE and key_use(r.page, "1") is KeyUse.IGNORE
    r.send(KeyPressed("End"))
    assert r.page.ui.replay.step == steps
    r.click("step-next")
    assert r.page.ui.replay.step == steps  # clamped
    r.click("step-first")
    assert r.page.ui.replay.step == 0
    (play,) = r.click("step-play")
    assert isinstance(play, Autoplay) and play.token and play.ms == r.page.ui.replay.autoplay_ms
    r.send(AutoplayTick(play.token + 100))  # a stale timer's tick changes nothing
    assert r.page.ui.replay.step == 0
    r.send(AutoplayTick(play.token))
    assert r.page.ui.replay.step == 1 and r.page.ui.replay.playing
    assert r.click("step-play") == [Autoplay(0)] and not r.page.ui.replay.playing
    (play,) = r.click("step-play")
    r.page.ui.replay.step = steps - 1
    assert r.send(AutoplayTick(play.token)) == [Autoplay(0)]
    assert r.page.ui.replay.step == steps and not r.page.ui.replay.playing
    r.click("replay-sheet")
    assert r.page.ui.replay.sheet
    r.send(Changed("replay-view", "1"))
    assert r.page.ui.replay.seat == 1
    r.send(Changed("replay-view", "open"))
    assert r.page.ui.replay.seat is None


def test_the_replays_analysis_follows_the_deal_on_show_and_drops_old_answers() -> None:
    r = replaying()
    assert r.page.ui.replay is not None and r.page.ui.replay_data is not None
    (an,) = r.click("analysis")
    assert isinstance(an, Analyse) and an.slot is Slot.REPLAY and an.deal == 0
    r.send(AnalysisShown(an.token, ("row",), 40))
    assert r.page.ui.replay.analysis_rows == ["row"] and r.page.ui.replay.analysis_pct == 40
    (an2,) = [e for e in r.send(KeyPressed("End")) if isinstance(e, Analyse)]
    assert an2.deal == 1 and an2.token != an.token
    r.send(AnalysisShown(an.token, ("stale",), -1))
    assert r.page.ui.replay.analysis_rows == ["row"]
    assert r.click("analysis") == [StopAnalysis(Slot.REPLAY)] and not r.page.ui.replay.analysis


def test_share_copies_a_link_that_opens_the_same_position() -> None:
    r = replaying()
    r.page.ui.base_url = "https://example.org/1000/"
    r.click("step-next")
    (copy,) = r.click("share")
    assert isinstance(copy, Copy) and r.page.ui.dialog is Dialog.SHARE
    assert copy.text == r.page.ui.share_link and copy.text.endswith("&step=1")
    other = runner()
    other.page, _ = open_link(other.page, copy.text[len(r.page.ui.base_url) :])
    assert other.page.ui.replay is not None and other.page.ui.replay.step == 1


def test_closing_the_replay_clears_the_address_and_lets_the_bots_go_on() -> None:
    r = replaying()
    fx = r.click("replay-close")
    assert r.page.ui.replay is None and ClearAddress() in fx and Bots() in fx
    assert Autoplay(0) in fx and StopAnalysis(Slot.REPLAY) in fx


def test_bots_never_move_behind_a_replay() -> None:
    r = replaying()
    fx = r.send(Clicked("next"))
    assert Bots(go=False) in fx and Bots() not in fx


# -- practice ------------------------------------------------------------------------


def test_practice_from_a_replay_again_and_back_to_the_game() -> None:
    r = Runner(Page(game_in_progress(12), Screen(setup=_setup())))
    P.open_replay(r.page, random_record(1, 13), 5)
    game = r.page.session
    fx = r.click("practice-here")
    p = r.page.session.practice
    assert p is not None and r.page.ui.replay is None and Bots() in fx
    assert same(r.page.practice_back, game)
    s = r.page.session
    start_len = len(r.page.session.state.deal_actions)
    r.page.session.apply(r.page.session.state.legal_actions()[0])
    r.click("practice-again")
    again = r.page.session.practice
    assert again is not None and again is not p and not same(r.page.session, s)
    assert len(r.page.session.state.deal_actions) == start_len  # the same position again
    assert not any(isinstance(e, Persist) for e in r.send(Clicked("practice-again")))
    r.click("practice-end")
    assert same(r.page.session, game) and r.page.practice_back is None


def test_a_finished_practice_asks_for_its_analysis_once() -> None:
    r = Runner(Page(game_in_progress(12), Screen(setup=_setup())))
    P.open_replay(r.page, random_record(1, 13), 20)
    r.click("practice-here")
    play_until(
        r, lambda p: p.session.summary_row() is not None and not p.ui.hold_summary, random.Random(2)
    )
    asks = [e for e in r.effects if isinstance(e, Analyse) and e.slot is Slot.SUMMARY]
    assert len(asks) == 1
    r.send(AnalysisFound(asks[0].token, 77))
    assert r.page.session.practice is not None and r.page.session.practice.best == 77
    r.send(AnalysisFound(asks[0].token + 1, 5))  # not this analysis
    assert r.page.session.practice.best == 77


# -- the editor ----------------------------------------------------------------------


def test_the_editors_buttons_through_the_page() -> None:
    r = runner()
    r.click("editor")
    assert r.page.ui.dialog is Dialog.EDITOR and r.page.ui.editor is not None
    v = r.page.ui.editor.version
    r.click("editor-random")
    assert r.page.ui.editor.version != v
    layout = r.page.ui.editor.layout
    r.click("editor-clear")
    assert r.page.ui.editor.layout != layout
    r.click("editor-load", value="not a record")
    assert r.page.ui.editor.layout != layout  # refused, said in the editor
    r.click("editor")
    assert r.page.ui.dialog is Dialog.NONE and r.page.ui.editor is not None


# -- the hint ------------------------------------------------------------------------


def human_turn_runner(seed: int = 3) -> Runner:
    r = runner(seed)
    to_human_turn(r.page.session, random.Random(seed))
    return r


def test_a_hint_is_asked_once_worded_and_cancelled_by_a_newer_input() -> None:
    r = human_turn_runner()
    v = r.page.session.version
    assert r.click("hint") == [StartHint(v)]
    assert r.page.ui.hint == () and r.page.ui.hint_pct == 0
    assert r.click("hint") == []  # one thought at a time
    r.send(HintProgress(v, 35))
    assert r.page.ui.hint_pct == 35
    action = r.page.session.state.legal_actions()[0]
    r.send(HintAnswered(v, ((action, {}),), False, r.page.session.state.conv))
    assert r.page.ui.hint and r.page.ui.hint_pct == -1
    r.click("hint")  # asked again, then the player moves first
    from thousand import action_str

    fx = r.send(Act(action_str(action)))
    assert Cancel() in fx and r.page.ui.hint is None
    fx = r.send(HintAnswered(v, ((action, {}),), False, r.page.session.state.conv))
    assert r.page.ui.hint is None and fx and "dropped" in fx[0].text


def test_a_hint_survives_a_language_switch_in_the_new_words() -> None:
    r = human_turn_runner()
    r.click("hint")
    action = r.page.session.state.legal_actions()[0]
    r.send(HintAnswered(r.page.session.version, ((action, {}),), False, r.page.session.state.conv))
    english = r.page.ui.hint
    fx = r.send(Changed("lang", "ru"))
    assert r.page.ui.lang == "ru" and r.page.ui.hint and r.page.ui.hint != english
    assert any(isinstance(e, Remember) for e in fx)
    assert r.send(Changed("lang", "xx")) == [] and r.page.ui.lang == "ru"


# -- two tabs ------------------------------------------------------------------------


def test_two_tabs_one_follows_the_others_saves_and_takes_over() -> None:
    store = Store(MemoryStorage())
    a = Runner(Page(new_session(seed=14), Screen()), store, tab="ta")
    b = Runner(Page(new_session(seed=15), Screen()), store, tab="tb")
    a.send(Clicked("take-over"))  # tab a writes its game
    other = Session.from_save(store.read(SAVE_KEY)[0])
    fx = b.send(OtherTabSaved(other))
    assert b.page.ui.follower and b.page.session.game_id == a.page.session.game_id
    assert Cancel() in fx and b.page.ui.notices[-1].key == "tab"
    assert 'data-ui="take-over"' in html(b.page)
    fx = b.click("next")  # an input of the follower saves nothing, moves no bot
    assert Persist() not in fx and Bots(go=False) in fx
    assert key_use(b.page, "1") is KeyUse.IGNORE
    fx = b.click("take-over")
    assert not b.page.ui.follower and Persist() in fx and Bots() in fx
    assert Session.from_save(store.read(SAVE_KEY)[0]).to_save("x")["tab"] == "x"
    assert store.read(SAVE_KEY)[0]["tab"] == "tb"


# -- a whole game --------------------------------------------------------------------


def test_a_whole_game_by_messages_ends_over_and_is_counted_once() -> None:
    r = runner(seed=21)
    play_until(r, lambda p: p.session.state.is_terminal(), random.Random(21))
    assert max(r.page.session.state.totals) >= r.page.session.state.conv.target
    stats = json.loads(json.dumps(r.page.ui.stats))
    assert sum(x["games"] for x in stats["tables"].values()) == 1 and stats["deals"] > 20
    assert r.store.read(STATS_KEY)[0] == stats
    r.click("sheet")
    r.click("next")
    assert r.page.ui.stats == stats  # counted once
    saved = Session.from_save(r.store.read(SAVE_KEY)[0])
    assert saved.state.is_terminal() and saved.state.totals == r.page.session.state.totals
    r.click("replay-game")
    assert r.page.ui.replay is not None and r.page.ui.replay_data is not None
    assert r.page.ui.replay_data.deals == r.page.session.state.n_rows


# -- the page as it starts ------------------------------------------------------------


def test_the_page_starts_from_storage_and_says_what_it_could_not_read() -> None:
    mem = MemoryStorage()
    store = Store(mem)
    mem.setItem(SAVE_KEY, "{broken")
    mem.setItem(RULESETS_KEY, "[[[")
    page, _ = open_page(store, {"lang": "pl", "seed": "42"}, "en", "t9", "https://x/")
    assert page.ui.lang == "pl" and page.tab == "t9" and page.ui.base_url == "https://x/"
    keys = [n.key for n in page.ui.notices]
    assert "save" in keys and any("rulesets" in k for k in keys)
    assert page.session.state.n_rows == 0 and page.seed is None  # the seed is used once
    again, _ = open_page(Store(MemoryStorage()), {"seed": "42", "fresh": "1"}, "en")
    assert again.session.state.deal_actions == page.session.state.deal_actions


def test_a_bad_share_link_is_refused_with_a_notice() -> None:
    r = runner()
    r.page, fx = open_link(r.page, "#z=notbase64!!")
    assert r.page.ui.replay is None and fx == []
    assert r.page.ui.notices[-1].key == "replay"
    r.page, _ = open_link(r.page, share_fragment(random_record(1, 3)) + "&step=3&practice=1")
    assert r.page.session.practice is not None and r.page.ui.replay is None


def test_a_share_link_with_editor_opens_the_deal_editor_at_its_step() -> None:
    """The rules pages' *Open in the deal editor*: the replay of the deal, and over it
    the deal editor on that deal at that step."""
    r = runner()
    rec = random_record(1, 3)
    r.page, _ = open_link(r.page, share_fragment(rec) + "&step=5&open=1&editor=1")
    assert r.page.ui.replay is not None and r.page.ui.replay.step == 5
    assert r.page.ui.dialog == Dialog.EDITOR and r.page.ui.editor is not None
