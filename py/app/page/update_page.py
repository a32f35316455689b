"""The page's controls besides the game's own inputs: dialogs, the rules editor and
the rule sets, the saved games and statistics, the replay, practice, imports,
the hint and the summary's analysis, the online table's buttons.

Reached through the one door, ``update.update``: ``page_update(page, msg, route)``
changes the page's model and answers with effects (``page_msgs``); nothing here
touches the DOM, storage, a clock or a timer. A control becomes the game's own
message where it is one (*Undo* is ``UndoPressed``, the stepper ``Stepped``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from app.editor.editor import (
    MAX_RECORD_TEXT,
    Copy,
    Download,
    EditorActed,
    EditorCardTapped,
    EditorChanged,
    EditorOpened,
    EditorPressed,
    EditorTargetTapped,
)
from app.library.rules_view import RulesMode, set_name, set_value
from app.library.saved import (
    MAX_SAVES,
    RULES_FORMAT,
    RuleSet,
    SavedGame,
    builtin_sets,
    draft_value,
    export_set,
    fresh_stats,
    import_set,
    new_set_id,
    sets_value,
)
from app.page import model as M
from app.page import table_act as T
from app.page.lesson_page import lesson_update
from app.page.model import Route
from app.page.page_msgs import (
    MAX_IMPORT_BYTES,
    Analyse,
    AnalysisFound,
    AnalysisShown,
    AutoplayTick,
    BotThinking,
    Changed,
    ClearAddress,
    Clicked,
    CloseLinks,
    DropGame,
    Failed,
    FileChosen,
    FileRead,
    HandedOver,
    HintAnswered,
    HintProgress,
    KeepGame,
    LoadOnline,
    OnlineCodeFailed,
    PageMsg,
    PassingOver,
    ReadFile,
    ReadLesson,
    Share,
    Slot,
    StartHint,
    StopAnalysis,
    Stored,
    new_token,
)
from app.page.replay_ctl import (
    analysis_shown,
    autoplay_tick,
    close_replay,
    follow_analysis,
    replay_act,
    set_view,
    show_record,
)
from app.page.screen import Screen
from app.replay.share import finished_record, share_fragment
from app.shell import online_code
from app.shell.i18n import LANGS, Words, t
from app.shell.storage import (
    LANG_KEY,
    NET_KEY,
    RULES_KEY,
    RULESETS_KEY,
    SAVE_KEY,
    SAVES_KEY,
    SETUP_KEY,
    STATS_KEY,
)
from app.table.hint import hint_rows
from app.table.seats import kinds as seat_kinds
from app.table.seats import names as seat_names
from app.table.seats import names_of, speaker, start_problem
from app.table.seats import stored as stored_setup
from app.table.session import Session
from app.table.view import Confirm, Dialog, NoticeKind
from thousand import Conventions, card_from_str, safejson
from thousand import actions as A
from thousand.record import FORMAT as RECORD_FORMAT
from thousand.record import RecordError, Replay, replay

Page = M.Page
Effect = M.Effect
#: The dialogs a toolbar button opens (a second press closes them).
TOGGLED = {d.value: d for d in (Dialog.SHEET, Dialog.LOG, Dialog.NEW, Dialog.GAMES, Dialog.STATS)}
#: Controls that are the game's own messages.
SIMPLE: dict[str, Callable[[], M.Msg]] = {
    "raise": lambda: M.Stepped(+1),
    "lower": lambda: M.Stepped(-1),
    "plain-lead": M.PlainLeadToggled,
    "undo": M.UndoPressed,
    "take-over": M.TakeOver,
    "lesson-next": M.LessonNext,
    "lesson-leave": M.LessonLeft,
    "show-cards": M.ShowCards,
    "end-online": M.EndOnline,
    "refuse-undo": M.UndoRefused,
}


def page_update(page: Page, msg: PageMsg, route: Route) -> list[Effect]:
    """The page after one of its controls' messages or a thought's answer."""
    ui = page.ui
    if isinstance(msg, Clicked):
        return clicked(page, msg, route)
    if isinstance(msg, Changed):
        return changed(page, msg, route)
    if isinstance(msg, FileChosen):
        if msg.size > MAX_IMPORT_BYTES:
            return refused_file(ui, Words.of("import_too_large"))
        return [ReadFile(msg.kind)]
    if isinstance(msg, FileRead):
        return file_read(page, msg)
    if isinstance(msg, HintProgress):
        if msg.version == page.version and ui.hint == () and msg.pct >= ui.hint_pct + 10:
            ui.hint_pct = min(99, msg.pct)
        return []
    if isinstance(msg, HintAnswered):
        if msg.version != page.version or ui.hint is None:
            return [M.Log(f"dropped: a hint for version {msg.version}")]
        page.hint_choices = (list(msg.choices), msg.declarer_view, msg.conventions)
        page.hint_sheet = unplayed_sheet(page, [a for a, _ in msg.choices])
        word_hint(page)
        ui.hint_pct = -1
        return []
    if isinstance(msg, AnalysisShown):
        if msg.token == page.tokens.get(Slot.SUMMARY):
            ui.analysis, ui.analysis_pct = list(msg.rows), msg.pct
            if page.session.practice is not None:
                page.session.practice.solving = msg.pct >= 0
        analysis_shown(page, msg.token, msg.rows, msg.pct)
        return []
    if isinstance(msg, AnalysisFound):
        p = page.session.practice
        mine = msg.token == page.tokens.get(Slot.SUMMARY)
        if mine and p is not None and msg.max_points is not None:
            p.best = int(msg.max_points)  # the practice's "best possible"
        return []
    if isinstance(msg, AutoplayTick):
        return autoplay_tick(page, msg.token)
    if isinstance(msg, BotThinking):
        if msg.version == page.version:
            ui.thinking = msg.seat
        return []
    if isinstance(msg, PassingOver):
        ui.notices = [n for n in ui.notices if not (n.key == msg.key and n.serial == msg.serial)]
        return []
    if isinstance(msg, Stored):
        return stored(page, msg)
    if isinstance(msg, Failed):
        ui.thinking = -1
        return T.notice(ui, Words.of("oops"), NoticeKind.ERROR, "oops")
    if isinstance(msg, OnlineCodeFailed):
        text = Words.of("net.code_failed", why=msg.why[:120], start=Words.of("start"))
        return T.notice(ui, text, NoticeKind.ERROR, "online-code", in_dialog=True)
    if isinstance(msg, HandedOver):
        key = "net.handed" if msg.taken else "net.not_handed"
        kind = NoticeKind.INFO if msg.taken else NoticeKind.ERROR
        return T.notice(ui, Words.of(key), kind, "reply")
    raise TypeError(f"not a page message: {msg!r}")  # pragma: no cover


# -- clicks --------------------------------------------------------------------------


def clicked(page: Page, msg: Clicked, route: Route) -> list[Effect]:
    """A control's click, as its ``data-ui`` says."""
    ui, s = page.ui, page.session
    name, data = msg.ui, msg.data
    if name == "editor" or name.startswith("editor-"):
        return editor_clicked(page, msg, route)
    if name in SIMPLE:
        return route(page, SIMPLE[name]())
    if name in TOGGLED:
        ui.dialog = Dialog.NONE if ui.dialog == TOGGLED[name] else TOGGLED[name]
        ui.confirm = Confirm.NONE
        return []
    if name == "next":
        return [*stop_summary(page), *route(page, M.NextDeal())]
    if name == "rules":
        from_new = ui.dialog == Dialog.NEW
        ui.dialog = Dialog.RULES
        # from the New game dialog or after the game: the editor; else the rules of
        # the game in progress, read-only
        edit = from_new or s.state.is_terminal()
        ui.rules.mode = RulesMode.EDIT if edit else RulesMode.VIEW
        return []
    if name == "close":
        ui.dialog = Dialog.NONE
        ui.confirm = Confirm.NONE
        return []
    if name.startswith(("replay", "step-", "game-replay")) or name in (
        "share",
        "analysis",
        "copy-link",
        "practice-here",
        "practice-deal",
    ):
        return replay_clicked(page, name, data)
    if name.startswith(("rules-", "set-")):
        return rules_clicked(page, name, data.get("value", ""))
    if name.startswith(("game-", "stats-")) or name == "export":
        return library_clicked(page, name, data.get("data-game", ""), msg.now + msg.zone)
    if name == "dismiss":
        key = data.get("data-notice", "")
        ui.notices = [n for n in ui.notices if n.key != key]
        return []
    if name == "start":
        if "online" in seat_kinds(ui.setup, online=True) and not online_code.available():
            return [LoadOnline(msg)]  # (the same click again once the code is here)
        return start_new(page, from_draft=data.get("data-rules") == "draft")
    if name == "hint":
        return give_hint(page)
    if name == "learn":
        ui.dialog = Dialog.NONE
        return [*close_replay(page), ReadLesson()]  # the game waits behind the lesson
    if name in ("practice-end", "practice-again"):
        return practice_over(page, again=name == "practice-again")
    return online_clicked(page, name, data, route)


def _seat(data: dict[str, str], key: str = "data-seat") -> int | None:
    text = data.get(key, "")
    return int(text) if text.isdigit() and int(text) <= 3 else None


def online_clicked(page: Page, name: str, data: dict[str, str], route: Route) -> list[Effect]:
    """The online table's buttons."""
    ui, s = page.ui, page.session
    seat = _seat(data)
    text = data.get("value", "")[:6000]
    if name == "connect":
        return route(page, M.ReplyPasted(seat, text)) if seat is not None else []
    if name.startswith(("reinvite-", "take-seat-", "go-on-without-")):
        at = _seat({"n": name.rsplit("-", 1)[1]}, "n")
        if at is None:
            return []
        if name[0] == "g":
            return route(page, M.GoOnWithoutPressed(at))
        return route(page, M.Reinvite(at) if name[0] == "r" else M.TakeSeatPressed(at))
    if name == "rejoin":
        return route(page, M.InvitationPasted(text))
    if name == "online":
        ui.dialog = Dialog.ONLINE
        return []
    if name == "continue-alone":
        return [CloseLinks(), *route(page, M.ContinueAlone())]
    if name == "host-anew":  # (the link to the host that is gone closes first)
        return [CloseLinks(), *route(page, M.HostAnew())]
    if name == "ice-save":
        return route(page, M.IceChanged(data.get("value", "")))
    if name == "relays-save":
        return route(page, M.RelaysChanged(data.get("value", "")))
    if name == "join":  # (the name field's value comes with it: typed, not yet changed)
        named = route(page, M.NameChanged(data["value"])) if data.get("value") else []
        return [*named, *route(page, M.JoinPressed())]
    if name == "share-invite":
        link = _invite_link(s, seat)
        return [Share(t(ui.lang, "net.share_text"), link)] if link else []
    if name == "begin-online":
        ui.dialog = Dialog.NONE
        return route(page, M.BeginOnline())
    if name in ("copy-invite", "copy-reply"):
        lobby = getattr(s, "lobby", None)
        if lobby is None:
            return []
        link = str(lobby.reply_link) if name == "copy-reply" else _invite_link(s, seat)
        return copied(page, link)
    if name == "allow-undo":
        return route(page, M.UndoAllowed(seat)) if seat is not None else []
    return [M.Log(f"unknown control: {name[:40]}")]


def _invite_link(session: object, seat: int | None) -> str:
    """The host's invitation link for ``seat`` ("" when there is none)."""
    seats = getattr(getattr(session, "lobby", None), "seats", ())
    return next((str(x.link) for x in seats if x.seat == seat), "")


def copied(page: Page, text: str) -> list[Effect]:
    """Put ``text`` on the clipboard, and say so."""
    ui = page.ui
    return [Copy(text), *T.notice(ui, Words.of("share_copied"), NoticeKind.PASSING, "share")]


def editor_clicked(page: Page, msg: Clicked, route: Route) -> list[Effect]:
    """The deal editor's taps, as its messages (``app.editor.editor``)."""
    name, data = msg.ui, msg.data
    if name == "editor":
        return route(page, EditorOpened())
    if name == "editor-card":
        try:
            card = card_from_str(data.get("data-editor-card", ""))
        except ValueError:
            return []
        return route(page, EditorCardTapped(card))
    if name == "editor-target":
        where = data.get("data-editor-target", "")
        return route(page, EditorTargetTapped(where)) if where else []
    if name == "editor-act":
        return route(page, EditorActed(data.get("data-editor-action", "")[:40]))
    if name == "editor-load":
        return route(page, EditorPressed("load", data.get("value", "")[: MAX_RECORD_TEXT + 1]))
    if name in ("editor-copy", "editor-download"):
        what = data.get("data-what", "")
        return route(page, EditorPressed(name.removeprefix("editor-"), what))
    if name == "editor-record":
        return []  # the text field for a record: read by editor-load
    return route(page, EditorPressed(name.removeprefix("editor-"), seed=msg.entropy))


# -- changes -------------------------------------------------------------------------


def changed(page: Page, msg: Changed, route: Route) -> list[Effect]:
    """Selects, radio buttons, checkboxes: the language, the New game dialog's
    choices, the rules editor, the editor's fields, the replay's view."""
    ui = page.ui
    name, value, data = msg.ui, msg.value, msg.data
    if name == "lang":
        return set_lang(page, value)
    if name == "guest-name":
        return route(page, M.NameChanged(value))
    if name.startswith("editor-"):
        seat = _seat(data)
        target = data.get("data-target", "")
        field = name.removeprefix("editor-")
        return route(page, EditorChanged(field, value[:2000], -1 if seat is None else seat, target))
    if name == "replay-view":
        set_view(page, value)
        return []
    if name == "rules-base":
        chosen = find_set(page, value)
        if chosen is None:
            return []
        ui.rules.base = chosen.id
        ui.rules.values = chosen.conventions().to_dict()
        ui.rules.confirm = Confirm.NONE
        return [draft(page)]
    cid = data.get("data-convention", "")
    if cid:
        r = ui.rules
        if r.mode != RulesMode.EDIT:
            return []
        r.values = set_value(r.values, cid, data.get("data-part", ""), value, msg.checked)
        return [draft(page)]
    setup = data.get("data-setup", "")
    if setup:
        if setup == "preset" and find_set(page, value) is None:
            return []
        seat = _seat(data, "data-seat-kind")
        if seat is None:
            seat = _seat(data, "data-seat-name")
        return route(page, M.SetupChanged(setup, value, -1 if seat is None else seat))
    return []


def set_lang(page: Page, value: str) -> list[Effect]:
    """Switch the language (remembered); everything shown is worded anew."""
    if value not in LANGS:
        return []
    page.ui.lang = value
    word_hint(page)
    page.seen = (-1, 0)
    T.announce(page, initial=True)
    return [M.Remember(LANG_KEY, value)]


# -- the rule sets and the library ---------------------------------------------------


def find_set(page: Page, set_id: str) -> RuleSet | None:
    """The rule set with this id (built-in or the player's own)."""
    return next((s for s in page.ui.sets if s.id == set_id), None)


def draft(page: Page) -> Effect:
    """Remember the rules editor's draft across reloads."""
    r = page.ui.rules
    return M.Remember(RULES_KEY, draft_value(r.base, r.values))


def store_sets(page: Page, own: list[RuleSet], message: str) -> Effect:
    """The player's own rule sets written, the editor saying ``message``."""
    page.ui.sets = builtin_sets() + own
    page.ui.rules.message = message  # (a failed write says so instead: ``stored``)
    return M.Remember(RULESETS_KEY, sets_value(own))


def rules_clicked(page: Page, name: str, typed: str) -> list[Effect]:
    """The conventions editor and the rule sets (``typed``: the name field)."""
    ui, s = page.ui, page.session
    r, lang = ui.rules, ui.lang
    r.name, r.message = typed, ""
    fx: list[Effect] = []
    base = find_set(page, r.base)
    own = [x for x in ui.sets if not x.builtin]
    if name == "rules-edit":
        r.mode = RulesMode.EDIT
        r.values = s.state.conv.to_dict()
        r.base = s.rules if find_set(page, s.rules) else "classic"
    elif name in ("set-save", "set-duplicate", "set-export"):
        try:
            conv = Conventions.from_dict(r.values)
        except Exception:
            return []  # the editor shows what is wrong
        default = (set_name(base, lang) if base else "1000") + (
            " 2" if name == "set-duplicate" else ""
        )
        chosen = typed.strip() or default
        if name == "set-export":
            text = json.dumps(export_set(chosen, conv), ensure_ascii=False, indent=1)
            fx.append(Download(file_name(chosen, "rules"), text, "application/json"))
        else:
            new = RuleSet(new_set_id(ui.sets), chosen[:60], conv.changes())
            fx.append(store_sets(page, [*own, new], t(lang, "rules_saved", name=new.name)))
            r.base = new.id
    elif name == "set-rename":
        if base and not base.builtin and typed.strip():
            new_name = typed.strip()[:60]
            renamed = [RuleSet(x.id, new_name, x.changes) if x.id == base.id else x for x in own]
            fx.append(store_sets(page, renamed, t(lang, "rules_saved", name=new_name)))
    elif name == "set-delete-sure" and base and not base.builtin:
        rest = [x for x in own if x.id != base.id]
        fx.append(store_sets(page, rest, t(lang, "rules_deleted", name=base.name)))
        r.base = "classic"
    r.confirm = Confirm.DELETE_SET if name == "set-delete" else Confirm.NONE
    return [*fx, draft(page)]


def library_clicked(page: Page, name: str, game_id: str, local: float) -> list[Effect]:
    """Saved games, the game's export (named by ``local``, the click's local time in
    seconds since the epoch), statistics."""
    ui, s = page.ui, page.session
    lang = ui.lang
    if name == "export":
        stamp = time.strftime("%Y%m%d-%H%M", time.gmtime(local))
        text = json.dumps(s.record(), ensure_ascii=False)
        return [
            Download(file_name(t(lang, "title") + "-" + stamp, "game"), text, "application/json")
        ]
    if name == "game-continue":
        game = next((g for g in ui.games if g.id == game_id), None)
        if game is None:
            return []
        try:
            other = Session.from_save(game.save)
        except Exception as e:
            return refused_file(ui, str(e)[:160])
        ui.games = [g for g in ui.games if g.id != game_id]
        return [M.Cancel(), DropGame(game_id), *keep_current(page), *switch(page, other)]
    if name == "game-delete":
        ui.confirm, ui.confirm_game = Confirm.GAME, game_id
    elif name == "game-delete-sure":
        ui.games = [g for g in ui.games if g.id != game_id]
        ui.confirm = Confirm.NONE
        return [DropGame(game_id)]
    elif name == "stats-reset":
        ui.confirm = Confirm.STATS
    elif name == "stats-reset-sure":
        ui.stats = fresh_stats()
        ui.confirm = Confirm.NONE
        return [M.Remember(STATS_KEY, ui.stats)]
    return []


def stored(page: Page, msg: Stored) -> list[Effect]:
    """A write's outcome: the saved games as they are, or a failure said in words."""
    ui, lang = page.ui, page.ui.lang
    if msg.games is not None:
        ui.games = list(msg.games)
    if msg.why is None and not msg.refused:
        if msg.key in (SAVE_KEY, SAVES_KEY):  # a later write went through: the failure is over
            T.drop_notices(ui, lambda n: n.key == "storage" and n.words.key == "storage_failed")
        return []
    if msg.key == RULESETS_KEY:
        ui.rules.message = t(lang, "storage_failed", why=msg.why or "—")
        return []
    if msg.key not in (SAVE_KEY, SAVES_KEY, NET_KEY):
        return []  # settings: the page goes on with them in memory
    if msg.refused:
        if msg.key == NET_KEY or any(n.key == "storage" for n in ui.notices):
            return []
        return T.notice(ui, Words.of("storage_refused"), NoticeKind.ERROR, "storage")
    return T.notice(ui, Words.of("storage_failed", why=msg.why or "—"), NoticeKind.ERROR, "storage")


def file_name(name: str, kind: str) -> str:
    """A safe download name: letters, digits and dashes."""
    base = "".join(c if c.isalnum() else "-" for c in name).strip("-")[:40] or kind
    return f"{base}.{kind}.json" if kind == "rules" else f"{base}.json"


def refused_file(ui: Screen, why: str | Words) -> list[Effect]:
    """An import that changed nothing, said in the dialog it came from (the notice
    goes when another dialog opens, or when the next import replaces it)."""
    words = Words.of("import_bad", why=why)
    return T.notice(ui, words, NoticeKind.ERROR, "import", in_dialog=True)


def file_read(page: Page, msg: FileRead) -> list[Effect]:
    """An imported rule set or game record, validated before anything changes. Why
    a file is refused is said in the page's words where the page knows the reason
    (too large, not the page's file, a finished game), else in the engine's."""
    import random

    ui = page.ui
    lang = ui.lang
    wrong = Words.of("import_not_set" if msg.kind == "set" else "import_not_game")
    if len(msg.text) > MAX_IMPORT_BYTES:
        return refused_file(ui, Words.of("import_too_large"))
    try:
        data = safejson.loads(msg.text, max_bytes=MAX_IMPORT_BYTES)
    except ValueError:
        return refused_file(ui, wrong)
    form = data.get("format") if isinstance(data, dict) else None
    if form != (RULES_FORMAT if msg.kind == "set" else RECORD_FORMAT):
        return refused_file(ui, wrong)
    try:
        if msg.kind == "set":
            name, conv = import_set(data)
            own = [s for s in ui.sets if not s.builtin]
            new = RuleSet(new_set_id(ui.sets), name, conv.changes())
            T.drop_notices(ui, lambda n: n.key == "import")
            fx = store_sets(page, [*own, new], t(lang, "rules_imported", name=name))
            ui.rules.base = new.id
            ui.rules.values = conv.to_dict()
            return [fx, draft(page)]
        state = replay(data)
        if state.is_terminal():
            return refused_file(ui, Words.of("import_over"))
        seed = msg.entropy % (1 << 31)
        levels = [ui.setup.get("level", "normal")] * state.n
        imported = Session(state, levels, seed, rules=t(lang, "rules_imported_game"))
        imported.state.rng = random.Random(f"{seed}:{state.n_rows}")
    except (ValueError, RecordError) as e:
        return refused_file(ui, str(e)[:200])
    except Exception as e:
        why = type(e).__name__
        return [M.Log(f"import: {why} {e}"), *refused_file(ui, why)]
    fx2: list[Effect] = [M.Cancel(), *keep_current(page)]
    fx2 += T.notice(ui, Words.of("import_done"), NoticeKind.PASSING, "import")
    return [*fx2, *switch(page, imported)]


# -- games on the table --------------------------------------------------------------


def conventions(page: Page) -> Conventions:
    """The rules the New game dialog has chosen."""
    setup = page.ui.setup
    chosen = find_set(page, setup["preset"]) or builtin_sets()[0]
    return chosen.conventions().with_players(setup["players"])


def new_session(page: Page, conv: Conventions | None = None, rules: str = "") -> Session:
    """A new game as the New game dialog says (the page's one-shot seed, if any)."""
    seed, page.seed = page.seed, None
    setup = page.ui.setup
    if conv is None:
        conv, rules = conventions(page), setup["preset"]
    return Session.new(
        conv,
        setup["level"],
        seed=seed,
        entropy=None if seed is not None else M.draw(page),
        rules=rules,
        kinds=seat_kinds(setup) if start_problem(setup) == "" else None,
        names=seat_names(setup),
    )


def switch(page: Page, session: Session) -> list[Effect]:
    """Put another game on the table: its story told anew, saved, the bots' turn."""
    page.session = session
    page.ui.follower = False
    page.ui.dialog = Dialog.NONE
    T.retell(page)
    # cut_ritual: a deal not yet begun opens with its cut, read before the bots go on
    st = session.state
    opening = st.conv.cut_ritual and not st.deal_actions
    return [M.Persist(), *([M.Linger()] if opening else []), M.Bots()]


def keep_current(page: Page) -> list[Effect]:
    """Keep the game on the table among the saved games (a new one replaces it)."""
    fx: list[Effect] = []
    if page.lesson_back is not None:
        fx += lesson_update(page, M.LessonLeft()) or []  # the game behind the lesson
    s = page.session
    if hasattr(s, "lobby"):
        fx.append(M.ForgetJournal())  # the online table leaves the page
    if s.state.is_terminal() or (s.state.n_rows == 0 and not s.state.deal_actions):
        return fx
    game = SavedGame(
        s.game_id,
        "",  # worded when shown, in the page's language (games_name, by date)
        0.0,  # stamped when kept
        s.n,
        s.rules,  # the rule set's id (or a custom set's name), worded when shown
        tuple(s.state.totals),
        s.to_save(page.tab),
    )
    page.ui.games = [game, *(g for g in page.ui.games if g.id != game.id)][:MAX_SAVES]
    return [*fx, KeepGame(game)]


def start_new(page: Page, from_draft: bool = False) -> list[Effect]:
    """Start the game chosen in the New game dialog (or with the editor's rules)."""
    ui = page.ui
    problem = start_problem(ui.setup)
    if problem:
        return T.notice(ui, Words.of(problem), NoticeKind.ERROR, "start", in_dialog=True)
    fx: list[Effect] = [M.Remember(SETUP_KEY, stored_setup(ui.setup))]
    conv: Conventions | None = None
    rules = ""
    if from_draft:
        try:
            conv = Conventions.from_dict(ui.rules.values)
        except Exception:
            return fx  # the editor shows what is wrong; Start is disabled meanwhile
        base = find_set(page, ui.rules.base)
        same = base is not None and base.conventions().to_dict() == conv.to_dict()
        rules = base.id if same and base else t(ui.lang, "rules_custom")
    fx.append(M.Cancel())
    if "online" in seat_kinds(ui.setup, online=True):
        return [*fx, *open_online(page, conv or conventions(page), rules or ui.setup["preset"])]
    fx += keep_current(page)
    return [*fx, *switch(page, new_session(page, conv, rules))]


def ready_ice(page: Page) -> None:
    """The stored ICE servers into ``ui.ice`` and the mailbox's relays into
    ``ui.relays`` (once: with the first online table)."""
    if page.ice_read:
        return
    from app.online.mailbox import parse_relays, read_relays
    from app.online.netplay import read_ice

    stored = page.ice_stored
    page.ui.ice = [] if stored == "none" else read_ice(stored)
    relays = page.relays_stored  # (a text: the ``relays=`` parameter, never stored)
    if isinstance(relays, str):
        page.ui.relays = [] if relays == "none" else parse_relays(relays)
    else:
        page.ui.relays = read_relays(relays)
    page.ice_read = True


def open_online(page: Page, conv: Conventions, rules: str) -> list[Effect]:
    """Host: an online table, its invitations made one link at a time."""
    from app.online.netplay import new_host

    ready_ice(page)
    ui = page.ui
    kinds = seat_kinds(ui.setup, online=True)
    # the host sits at seat 0, friends take the next seats as they join, the
    # computer players the rest
    online = list(range(1, 1 + sum(1 for k in kinds if k == "online")))
    me = seat_names(ui.setup)[kinds.index("human")] if "human" in kinds else ""
    try:
        session = new_host(me or t(ui.lang, "you"), conv, online, ui.setup["level"], M.draw(page))
    except ValueError as e:
        what = str(getattr(e, "params", {}).get("what", e))
        words = Words.of("net.unsupported", what=what[:80])
        return T.notice(ui, words, NoticeKind.ERROR, "setup", in_dialog=True)
    fx = [*keep_current(page), CloseLinks()]
    page.session = session
    ui.dialog = Dialog.ONLINE
    # a reload before anyone joins still finds the table
    return [*fx, M.KeepJournal(), *(M.MakeOffer(x.conn) for x in session.lobby.seats)]


def practice_over(page: Page, again: bool) -> list[Effect]:
    """*Practise again* from the same position, or back to the game it came from, and
    to its replay at the step and view the practice started from (nothing lost)."""
    p = page.session.practice
    if p is None:
        return []
    fx: list[Effect] = [M.Cancel(), *stop_summary(page)]
    if again:
        from app.replay.practice import start as start_practice

        page.session = start_practice(
            Replay(p.source),
            p.step,
            p.seat,
            page.ui.setup["level"],
            own=p.own,
            entropy=M.draw(page),
        ).session
    else:
        page.session = page.practice_back or new_session(page)
        page.practice_back = None
    ui = page.ui
    ui.analysis, ui.analysis_pct = None, -1
    if not again and page.practice_from is not None:
        shown, r, rows = page.practice_from
        page.practice_from = None
        if rows is not None:  # the game's own summary had its analysis open
            fx += summary_analysis(page)
        ui.replay_data, ui.replay = shown, r
        r.playing = False
        r.analysis_deal = -1  # the replay's analysis, if it was open, runs again
        fx += follow_analysis(page)
    T.retell(page)
    return [*fx, M.Bots()]


# -- the hint and the summary's analysis ------------------------------------------------


def give_hint(page: Page) -> list[Effect]:
    """Ask the strongest bot what it would do now (once at a time)."""
    ui = page.ui
    if not page.session.human_to_act() or (ui.hint == () and ui.hint_pct >= 0):
        return []
    ui.hint, ui.hint_pct = (), 0
    page.hint_choices = None
    return [StartHint(page.version)]


def word_hint(page: Page) -> None:
    """The hint's findings in the page's language (again after a switch)."""
    ui = page.ui
    if ui.hint is None or page.hint_choices is None:
        return
    choices, declarer_view, conv = page.hint_choices
    names = names_of(page.session, ui.lang)
    sheet, seat, active = page.hint_sheet or ({}, -1, ())
    ui.hint = hint_rows(
        choices,
        ui.lang,
        names,
        declarer_view=declarer_view,
        conv=conv,
        sheet=sheet,
        seat=seat,
        active=active,
    )


def unplayed_sheet(
    page: Page, actions: list[int]
) -> tuple[dict[int, tuple[int, ...]], int, tuple[int, ...]] | None:
    """What each seat would write for a concession or a bomb among the hint's
    ``actions`` (the sheet's own figures, for the hint to show), with the seat
    to act and the seats in the deal; None when neither is a choice."""
    from thousand.ai.auction import unplayed_deltas  # (the AI loads after the table: main.py)

    state = page.session.state
    unplayed = [a for a in actions if a in (A.WRITEOFF, A.BOMB)]
    if not unplayed or state.is_terminal():
        return None
    obs = state.observation(state.current_player())
    sheet = {a: unplayed_deltas(obs, bomb=a == A.BOMB) for a in unplayed}
    return sheet, obs.seat, tuple(obs.active)


def stop_summary(page: Page) -> list[Effect]:
    """Stop the deal summary's analysis."""
    if page.tokens.pop(Slot.SUMMARY, None) is None:
        return []
    return [StopAnalysis(Slot.SUMMARY)]


def summary_analysis(page: Page) -> list[Effect]:
    """The deal summary's analysis of the deal just finished (again: hide it)."""
    ui, s = page.ui, page.session
    fx = stop_summary(page)
    if ui.analysis is not None:
        ui.analysis = None
        return fx
    rec = finished_record(s.state, s.record())
    if rec is None:
        return fx
    token = new_token(page, Slot.SUMMARY)
    names = tuple(names_of(s, ui.lang))
    return [*fx, Analyse(Slot.SUMMARY, token, rec, -1, names, ui.lang, speaker(s))]


# -- the replay ---------------------------------------------------------------------


def open_replay(page: Page, record: dict[str, Any], step: int = 0, **options: Any) -> list[Effect]:
    """Show a record in the replay view (the game waits behind it)."""
    ui = page.ui
    try:
        data = Replay(record)
    except (RecordError, ValueError) as e:
        why = str(e)[:200]
        return T.notice(ui, Words.of("replay_bad", why=why), NoticeKind.ERROR, "replay")
    ui.dialog = Dialog.NONE
    return [M.Cancel(), *show_record(page, data, step, **options)]


def replay_clicked(page: Page, name: str, data: dict[str, str]) -> list[Effect]:
    """The replay view's buttons, and the ways into it."""
    ui, s = page.ui, page.session
    r, shown = ui.replay, ui.replay_data
    if name in ("replay-deal", "replay-game"):
        rec = finished_record(s.state, s.record())
        if rec is None:
            return []
        fx = open_replay(page, rec, own=True)
        if name == "replay-deal" and ui.replay is not None and ui.replay_data is not None:
            number = data.get("data-deal", "")
            n = int(number) if number.isdigit() and 1 <= int(number) <= 10_000 else 1
            deal = min(n, ui.replay_data.deals) - 1
            ui.replay.step = ui.replay_data.deal_first_step(deal)
            ui.replay.analysis_deal = -1
            fx += follow_analysis(page)
        return fx
    if name == "game-replay":
        game = next((g for g in ui.games if g.id == data.get("data-game")), None)
        if game is None:
            return []
        try:
            g = Session.from_save(game.save)
            rec = finished_record(g.state, g.record())
        except Exception:
            rec = None
        return open_replay(page, rec, own=True) if rec is not None else []
    if name == "analysis" and r is None:
        return summary_analysis(page)
    if name == "share":
        rec = finished_record(s.state, s.record())
        if r is not None and shown is not None:
            rec = shown.record
        if rec is None:
            return []
        link = ui.base_url + share_fragment(rec)
        if r is not None:
            link += f"&step={r.step}"
        ui.share_link = link
        ui.dialog = Dialog.SHARE
        return [Copy(link)]
    if name == "copy-link":
        return copied(page, ui.share_link)
    if name in ("practice-here", "practice-deal"):
        if r is None or shown is None:
            return []
        from app.replay.practice import start as start_practice

        again = name == "practice-deal"
        p = start_practice(
            shown, r.step, r.seat, ui.setup["level"], again, own=r.own, entropy=M.draw(page)
        )
        if s.practice is None:
            page.practice_back = s
            # Back to the game: this replay at this step, the game's analysis if open
            page.practice_from = (shown, r, ui.analysis)
        fx = [*close_replay(page), M.Cancel(), *stop_summary(page)]
        ui.analysis, ui.analysis_pct = None, -1  # the practice's own, at its end
        page.session = p.session
        T.retell(page)
        return [*fx, M.Bots()]
    if name == "replay-close":
        fx = close_replay(page)
        if ui.follower:
            T.follow_notice(page)
        return [*fx, ClearAddress(), M.Bots()]
    return replay_act(page, name)
