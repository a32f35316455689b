"""What the page shows now: the session plus the UI state, as one element tree.

``Screen`` holds everything the table shows besides the game itself (the
language, the card chosen for the discard, a finished trick on show, the open
dialog, notices, the hint, the newest events); ``build(session, ui)`` returns
the view ``Model`` and the children of ``#table``. Pure: the glue keeps a
``Screen``, changes it on input, and patches the page with ``build``'s
answer; the tests build exactly what the page shows.
"""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeGuard

from app.lessons.lesson_view import caption_area
from app.library.rules_view import RulesUI, rules_dialog, set_name
from app.library.saved import RuleSet, SavedGame, builtin_sets, fresh_stats
from app.library.saved_view import games_dialog, stats_dialog
from app.replay.replay_view import ReplayUI, analysis_section, build_replay
from app.replay.share import finished_record
from app.shell.dom import El
from app.shell.i18n import number, t
from app.table.dialogs import (
    game_over,
    log_dialog,
    new_game_dialog,
    share_dialog,
    sheet_dialog,
    summary,
    undo_consent,
)
from app.table.events import deal_events
from app.table.seats import names_of
from app.table.session import Session
from app.table.view import Confirm, Dialog, HintRow, Model, Notice, notices, render, with_notices
from thousand.phase import Phase
from thousand.record import Replay
from thousand.scene import Scene

if TYPE_CHECKING:
    from app.online.netplay import NetSession


def is_online(session: object) -> TypeGuard[NetSession]:
    """Whether ``session`` is an online table; ``app.online`` is loaded only with the
    first one (a page that never plays online never imports it)."""
    net = sys.modules.get("app.online.netplay")
    return net is not None and isinstance(session, net.NetSession)


#: The phases before the deal's cards are in play: the felt shows the deal's seal.
_BIDDING = (Phase.DARK, Phase.REDEAL, Phase.BIDDING)


@dataclass
class Screen:
    """The UI state besides the game."""

    lang: str = "en"
    selected: int = -1  # discard: the card chosen before its receiver
    plain_lead: bool = False  # the next lead of a marriage card declares nothing
    bid_value: int = 0  # the bid / contract the stepper shows (0: the lowest)
    hold: tuple[tuple[int, int], ...] = ()  # a finished trick kept on show
    hold_winner: int = -1
    hold_summary: bool = False  # the deal's last trick on show before its summary
    dialog: Dialog = Dialog.NONE
    notices: list[Notice] = field(default_factory=list)
    notices_made: int = 0  # for the keys of notices without one
    hint: tuple[HintRow, ...] | None = None
    hint_pct: int = -1
    thinking: int = -1
    banner: str = ""
    announce: str = ""
    setup: dict[str, Any] = field(default_factory=dict)
    follower: bool = False  # another tab drives this game; this one only shows it
    follow_same: bool = True  # ... the same game as this tab had (else another one)
    rules: RulesUI = field(default_factory=RulesUI)  # the conventions editor
    sets: list[RuleSet] = field(default_factory=builtin_sets)  # built-in and own rule sets
    games: list[SavedGame] = field(default_factory=list)  # games kept beside this one
    stats: dict[str, Any] = field(default_factory=fresh_stats)
    confirm: Confirm = Confirm.NONE  # a delete or reset waiting for its second click
    confirm_game: str = ""  # ... the saved game it would delete
    share_link: str = ""  # the link the share dialog offers
    analysis: list[str] | None = None  # the summary's post-deal analysis in words
    analysis_pct: int = -1
    replay: ReplayUI | None = None  # the replay view is up (the game waits behind it)
    replay_data: Replay | None = None
    allowed: tuple[int, ...] = ()  # pass-and-play: the people who allowed the asked undo
    base_url: str = ""  # the page's address (invitations link to it)
    joining: Any = None  # guest: the invitation being answered (app.online.invite.Invite)
    net_progress: tuple[int, int] = (0, 0)  # online: the deal's setup, done of total
    ice: list[dict[str, Any]] = field(default_factory=list)  # online: the ICE servers set
    relays: list[str] = field(default_factory=list)  # online: the mailbox's relays
    can_share: bool = False  # the browser has a share sheet (the Web Share API)
    guest_name: str = ""  # online: the name this player last joined a friend's table with
    editor: Any = None  # the deal editor (app.editor.editor.Editor), once opened

    def reset_turn(self) -> None:
        """Forget the choices of a turn (after a move, a new game, an undo)."""
        self.selected = -1
        self.plain_lead = False
        self.bid_value = 0
        self.hint = None
        self.hint_pct = -1


def rules_name(ui: Screen, rules: str) -> str:
    """The name of a game's rule set as the page shows it."""
    for s in ui.sets:
        if s.id == rules or (not s.builtin and s.name == rules):
            return set_name(s, ui.lang)
    return rules or "—"


def last_trick(session: Session) -> tuple[tuple[tuple[int, int], ...], int]:
    """The last finished trick this deal (or of the deal just summarised) and its winner."""
    obs = session.observation()
    if obs.tricks:
        return obs.tricks[-1][1], obs.tricks[-1][2]
    prev = session.last_deal_tricks()
    if prev and session.summary_row() is not None:
        return tuple(prev[-1][1]), prev[-1][2]
    return (), -1


#: The deal log's checked seeds of the game last shown, by (game, deals over): the
#: check replays the record, so it runs once per finished deal, not per render.
_FAIR_SHOWN: dict[tuple[str, int], list[tuple[int, str, bool]]] = {}


def fair_lines(session: Session) -> list[tuple[int, str, bool]]:
    """The finished deals' revealed seeds for the deal log: (deal number, seed,
    whether it hashes to its commitment and deals these very cards), newest first."""
    if not session.secret:
        return []
    key = (session.game_id, len(session.state.log))
    if key in _FAIR_SHOWN:
        return _FAIR_SHOWN[key]
    from thousand.fair import Verdict, verify

    rec = finished_record(session.state, session.record())
    if rec is None:
        return []
    seeds = [d["fair"].get("seed", "") for d in rec["deals"]]
    try:
        found = verify(rec)
    except Exception:
        return []
    lines = [(f.deal + 1, seeds[f.deal], f.verdict is Verdict.FAIR) for f in reversed(found)][:6]
    _FAIR_SHOWN.clear()
    _FAIR_SHOWN[key] = lines
    return lines


def build(session: Session, ui: Screen) -> tuple[Model, list[El]]:
    """The view model and the children of ``#table`` for this moment."""
    if ui.replay is not None and ui.replay_data is not None:
        m, children = build_replay(ui.replay_data, ui.replay, ui.lang)
        extra = notices(dataclasses.replace(m, notices=tuple(ui.notices)))
        if ui.dialog == Dialog.SHARE:
            children.append(share_dialog(ui.lang, ui.share_link))
        elif ui.dialog == Dialog.EDITOR and ui.editor is not None:
            children.append(_editor(ui))
        return m, with_notices(children, extra)
    obs = session.observation()
    human_turn = session.human_to_act() and not ui.follower
    if not human_turn:
        obs = dataclasses.replace(obs, legal_actions=())
    m = Model(
        scene=Scene.of(obs),
        lang=ui.lang,
        human=session.human,
        names=(names := names_of(session, ui.lang)),
        levels=tuple(session.levels),
        human_turn=human_turn,
        selected=ui.selected,
        plain_lead=ui.plain_lead,
        bid_value=ui.bid_value,
        hold=ui.hold,
        hold_winner=ui.hold_winner,
        thinking=ui.thinking,
        summary=session.summary_row(),
        summary_hold=ui.hold_summary,
        dialog=ui.dialog,
        notices=tuple(ui.notices),
        hint=ui.hint,
        hint_pct=ui.hint_pct,
        events=tuple(deal_events(session.observation())),
        banner=ui.banner,
        announce=ui.announce,
        setup=ui.setup,
        undo=session.undo_point() is not None and not ui.follower,
        people=len(session.people),
        screen_for=names[session.waiting_for()] if session.screened else "",
        commitment=session.commitment() if session.state.phase in _BIDDING else "",
        online=getattr(getattr(session, "lobby", None), "role", ""),
        extra_tools=(("online", t(ui.lang, "net.online_tool")),) if is_online(session) else (),
        peers=getattr(getattr(session, "lobby", None), "peers", 0),
        hint_off=session.game_id.startswith("lesson-"),
    )
    dialogs: list[El | None] = []
    lesson: El | None = None  # Learn to play: the caption (app.page.lesson_page)
    in_lesson = session.game_id.startswith("lesson-")
    if in_lesson:
        lesson = caption_area(session, ui.lang, names)
    if m.scene.phase is Phase.GAME_OVER:
        if lesson is None:  # a lesson's last caption says who won
            dialogs.append(game_over(m))
    elif m.summary is not None:
        p = session.practice
        more: list[El | None] = [analysis_section(ui.lang, ui.analysis, ui.analysis_pct)]
        if p is not None and m.summary is not None:
            from app.replay.practice import section

            more.insert(0, section(p, m.summary, ui.lang))
        if lesson is not None and not m.summary_hold:
            more.insert(0, lesson)  # the lesson's caption explains the summary in it
            lesson = None
        # a practice's analysis opens by itself: no button repeats it under the panel
        dialogs.append(summary(m, more, practice=p is not None or in_lesson, analysis=p is None))
    if lesson is not None:
        dialogs.insert(0, lesson)
    if session.practice is not None:
        from app.replay.practice import banner

        at_end = m.summary is not None and not m.summary_hold
        dialogs.insert(0, banner(session.practice, ui.lang, at_end=at_end))
    if ui.dialog == Dialog.SHEET:
        dialogs.append(sheet_dialog(m))
    elif ui.dialog == Dialog.LOG:
        trick, winner = last_trick(session)
        dialogs.append(log_dialog(m, trick, winner, fair_lines(session)))
    elif ui.dialog == Dialog.NEW:
        skip = ("two_players", "four_players")  # the number of players is chosen beside
        choices = [(s.id, set_name(s, ui.lang)) for s in ui.sets if s.id not in skip]
        dialogs.append(new_game_dialog(m, choices))
    elif ui.dialog == Dialog.RULES:
        in_game = not session.state.is_terminal()
        dialogs.append(rules_dialog(ui.lang, session.state.conv, ui.rules, ui.sets, in_game))
    elif ui.dialog == Dialog.GAMES:
        current = {
            "players": session.n,
            "rules": rules_name(ui, session.rules),
            "scores": " / ".join(number(x) for x in session.state.totals),
        }
        dialogs.append(
            games_dialog(
                ui.lang,
                current,
                ui.games,
                ui.confirm_game if ui.confirm == Confirm.GAME else "",
                lambda r: rules_name(ui, r),
            )
        )
    elif ui.dialog == Dialog.SHARE:
        dialogs.append(share_dialog(ui.lang, ui.share_link))
    if is_online(session) and session.human in session.peer.undo_waiting():
        # online: another person asked for an undo; this page answers before it plays
        req = session.peer.undo_req
        assert req is not None
        others = [p for p in session.people if p != req[0]]
        allowed = sorted(session.peer.undo_yes)
        dialogs.append(undo_consent(m, req[0], others, allowed, mine=session.human))
    elif ui.dialog == Dialog.UNDO:
        asker = session.human
        others = [p for p in session.people if p != asker]
        dialogs.append(undo_consent(m, asker, others, ui.allowed))
    elif ui.dialog == Dialog.ONLINE and is_online(session):
        from app.online.netplay import lobby_dialog

        dialogs.append(lobby_dialog(ui.lang, session, m.names, ui.ice, ui.relays, ui.can_share))
    elif ui.dialog == Dialog.STATS:
        dialogs.append(stats_dialog(ui.lang, ui.stats, ui.confirm == Confirm.STATS))
    elif ui.dialog == Dialog.EDITOR and ui.editor is not None:
        dialogs.append(_editor(ui))
    return m, render(m, dialogs)


def _editor(ui: Screen) -> El:
    """The deal editor's dialog (its module is imported once it is opened)."""
    from app.editor.editor_view import editor_dialog

    return editor_dialog(ui.editor, ui.lang, ui.sets)
