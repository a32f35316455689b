"""The game page's model as it starts: what the storage and the address bring.

``open_page`` reads the page's settings, rule sets, saved games, statistics,
the editor's draft and the game in progress once from a ``Store`` (which the
tests build over a dict) and answers with the ``Page`` and the notices about
anything it could not use; ``open_link`` opens what the address's fragment
holds (an invitation to an online table, a share link's record),
``resume`` an online table or a lesson the page had before a reload. From
then on the page changes only through ``update.update``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.editor.editor import EditorOpened
from app.lessons.lesson import active
from app.library.rules_view import RulesMode, RulesUI
from app.library.saved import builtin_sets, load_draft, load_stats, saved_games, user_sets
from app.page import model as M
from app.page import table_act as T
from app.page import update as U
from app.page import update_page as P
from app.page.page_msgs import ClearAddress, HandOver
from app.page.screen import Screen
from app.replay.share import parse_fragment
from app.shell import online_code
from app.shell.i18n import Words, normalize_lang, t
from app.shell.storage import (
    ICE_KEY,
    LANG_KEY,
    LESSON_KEY,
    NAME_KEY,
    NET_KEY,
    RELAYS_KEY,
    SETUP_KEY,
    Aside,
    Store,
)
from app.table.seats import kinds as seat_kinds
from app.table.seats import names as seat_names
from app.table.seats import read_setup
from app.table.session import load_or_new
from app.table.view import Dialog, NoticeKind
from thousand import Conventions


def _int(text: object, lo: int, hi: int) -> int | None:
    try:
        v = int(str(text))
    except (TypeError, ValueError):
        return None
    return v if lo <= v <= hi else None


@dataclass(frozen=True)
class Pace:
    """How long the page waits so that a person can follow (seconds), and how long
    the computer players and the hint think (ms): ``?speed=fast``, ``?think=``."""

    bot: float = 0.7  # a computer player's move, at the least
    trick: float = 1.2  # a finished trick on show
    headline: float = 2.4  # a marriage, a redeal, a talon
    think_ms: float = 1000.0
    hint_ms: float = 1000.0

    @classmethod
    def of(cls, params: dict[str, str]) -> Pace:
        """The pace the URL parameters ask for."""
        think = _int(params.get("think"), 50, 10000)
        if params.get("speed") == "fast":
            return cls(0.05, 0.1, 0.1, float(think or 300), 300.0)
        return cls(think_ms=float(think or 1000))


def open_page(
    store: Store,
    params: dict[str, str],
    nav_lang: str = "en",
    tab: str = "",
    base_url: str = "",
    entropy: int = 0,
) -> tuple[M.Page, list[M.Effect]]:
    """The page as the storage and the URL parameters leave it (``?fresh=1``: a new
    game, ``?seed=``: its seed, ``?lang=``, ``?ice=none``, ``?relays=``); ``entropy`` is the
    runner's fresh randomness (256 bits) for a first game's secret (``model.draw``)."""
    ui = Screen()
    stored_lang, _ = store.read(LANG_KEY)
    ui.lang = normalize_lang(params.get("lang") or stored_lang or nav_lang)
    fx: list[M.Effect] = []

    def corrupt(a: Aside | None, kind: NoticeKind = NoticeKind.ERROR, key: str = "") -> None:
        if a is not None:
            text = Words.of("corrupt_settings", key=a.key or "—")
            fx.extend(T.notice(ui, text, kind, key or a.key or "x"))

    own, aside = user_sets(store)
    corrupt(aside)
    ui.sets = builtin_sets() + own
    ui.games, aside = saved_games(store)
    corrupt(aside)
    ui.stats, aside = load_stats(store)
    corrupt(aside)
    draft, aside = load_draft(store)
    corrupt(aside)
    if draft is not None:
        try:
            values = Conventions.from_dict(draft["values"]).to_dict()
            base = str(draft.get("base", "classic"))[:40]
            ui.rules = RulesUI(mode=RulesMode.EDIT, base=base, values=values)
        except Exception:
            ui.rules = RulesUI(mode=RulesMode.EDIT)  # the draft no longer validates
    stored_setup, aside = store.read(SETUP_KEY)
    corrupt(aside, NoticeKind.INFO, "setup")
    ui.setup = read_setup(stored_setup, params, [s.id for s in ui.sets])
    ui.base_url = base_url
    seed = _int(params.get("seed"), 0, 2**31 - 1)
    page = M.Page(None, ui, tab=tab, seed=seed, entropy=entropy)  # type: ignore[arg-type]
    # the ICE servers are read with the first online table (``update_page.ready_ice``)
    page.ice_stored = "none" if params.get("ice") == "none" else store.read(ICE_KEY)[0]
    name, _ = store.read(NAME_KEY)
    ui.guest_name = name[:20] if isinstance(name, str) else ""
    relays = params.get("relays")
    page.relays_stored = relays[:2000] if relays is not None else store.read(RELAYS_KEY)[0]
    page.ice_read = False
    if params.get("fresh") == "1":
        page.session = P.new_session(page)
    else:
        page.session, aside = load_or_new(store, lambda: P.new_session(page))
        if aside is not None:
            fx += T.notice(ui, aside_words(aside), NoticeKind.ERROR, "save")
    if store.refused:
        fx += T.notice(ui, Words.of("storage_refused"), NoticeKind.ERROR, "storage")
    T.announce(page, initial=True)
    return page, fx


def aside_words(aside: Aside) -> Words:
    """What became of a save that could not be read."""
    if aside.kept == "whole":
        return Words.of("save_corrupt", why=aside.reason, key=aside.key or "—")
    if aside.kept == "head":
        return Words.of("save_corrupt_head", why=aside.reason, key=aside.key or "—", kb=aside.kb)
    return Words.of("save_lost", why=aside.reason)


def code_missing(page: M.Page) -> list[M.Effect]:
    """The online table's code is not on this page: said, and nothing else done."""
    ui = page.ui
    return T.notice(ui, Words.of("net.code_missing"), NoticeKind.ERROR, "online-code")


def resume_online(page: M.Page, store: Store) -> tuple[M.Page, list[M.Effect]]:
    """An online table the page had before a reload comes back from its journal,
    its links gone: the host invites its friends again, a guest waits for that.
    The page after it (the door's, once the table is back) and the effects."""
    if store.get_text(NET_KEY) is None:
        return page, []  # (the page starts without loading the online code)
    ui = page.ui
    if not online_code.available():  # (its journal stays for the next start)
        return page, code_missing(page)
    from app.online import netresume

    got, why = netresume.load(store)
    fx: list[M.Effect] = []
    if why is not None:
        text = Words.of("net.restore_failed", why=why[:120])
        fx += T.notice(ui, text, NoticeKind.ERROR, "reloaded")
    if got is not None:
        page.session = got
        P.ready_ice(page)
        page, more = U.update(page, M.Reloaded())
        return page, [*fx, *more]
    return page, fx


def resume_lesson(page: M.Page, store: Store, learn: bool = False) -> tuple[M.Page, list[M.Effect]]:
    """A reload while a lesson was on the table resumes it where it was; the
    rules pages' *Learn to play* (``?learn=1``) starts it (or resumes it)."""
    stored, _ = store.read(LESSON_KEY)
    if active(stored) or learn:
        return U.update(page, M.LessonStarted(stored))
    return page, []


def open_link(page: M.Page, fragment: str) -> tuple[M.Page, list[M.Effect]]:
    """What the address's fragment opens: ``#join=`` the reply to an invitation,
    ``#reply=`` the reply handed to this browser's open table (another tab: this
    one never becomes a second host), ``#record=`` / ``#z=`` a share link's record
    in the replay view; the page after it and the effects."""
    if fragment.startswith("#join="):
        if not online_code.available():  # (the address keeps it for a reload)
            return page, code_missing(page)
        # read once: a reload must not answer it again (the journal holds what it led to)
        page, fx = open_invitation(page, fragment)
        return page, [ClearAddress(), *fx]
    if fragment.startswith("#reply="):  # a reply link tapped on the host's own device
        return page, [ClearAddress(), HandOver(fragment[:6000])]
    if not fragment.startswith(("#record=", "#z=")):
        return page, []
    ui = page.ui
    got = parse_fragment(fragment)
    opts: dict[str, Any] = dict(got.options)
    if "lang" in opts:
        ui.lang = str(opts["lang"])
    if got.error or got.record is None:
        why = got.error or "—"
        return page, T.notice(ui, Words.of("replay_bad", why=why), NoticeKind.ERROR, "replay")
    seat = None if opts.get("open") else opts.get("seat")
    fx = P.open_replay(page, got.record, int(opts.get("step", 0)), seat=seat)
    if ui.replay is not None and opts.get("practice"):
        fx += P.replay_clicked(page, "practice-here", {})  # an embed's Play from here
    elif ui.replay is not None and opts.get("editor"):  # the rules pages' Open in the deal editor
        fx += U.route(page, EditorOpened())
    return page, fx


def open_invitation(page: M.Page, fragment: str) -> tuple[M.Page, list[M.Effect]]:
    """Guest: a ``#join=`` link opens the reply to its invitation; the page after it
    and the effects."""
    from app.online.invite import Invite, InviteError, invite_sdp, read_fragment
    from app.online.mailbox import from_fragment, joined_relays
    from app.online.netplay import NetSession, new_guest, rejoin_anew

    ui = page.ui
    try:
        got = read_fragment(fragment)
    except InviteError as e:
        words = Words.of("net.code." + e.code.lower())
        return page, T.notice(ui, words, NoticeKind.ERROR, "join")
    if not isinstance(got, Invite):
        return page, []
    s = page.session
    box, by, their_relays = from_fragment(fragment)
    if isinstance(s, NetSession) and s.lobby.role == "guest" and s.peer.seat in (-1, got.seat):
        if box is not None and s.lobby.box == box.param():  # that table's link again
            from app.page.update_mail import opened_again

            P.ready_ice(page)
            return page, opened_again(page)
        if got.session != s.lobby.session:  # a new invitation for the reloaded table
            return U.update(page, M.InvitationPasted(fragment))
        return page, []  # (that link opened again)
    fx = P.keep_current(page)
    pairs = zip(seat_names(ui.setup), seat_kinds(ui.setup), strict=False)
    name = ui.guest_name or next((n for n, k in pairs if k == "human" and n), "")
    seed = M.draw(page)
    back = rejoin_anew(s, got, seed) if isinstance(s, NetSession) else None  # (its old seat)
    page.session = back or new_guest(name or t(ui.lang, "player_n", n=got.seat + 1), got, seed)
    if back is not None:  # the table it hosted is gone: so are its words
        ui.notices = [n for n in ui.notices if not n.key.startswith(("lost", "reloaded"))]
    P.ready_ice(page)
    ui.joining = got
    ui.dialog = Dialog.ONLINE
    lobby = page.session.lobby
    ui.relays = joined_relays(ui.relays, their_relays)  # (the host listens on its own)
    lobby.box = box.param() if box is not None and ui.relays else ""
    lobby.host_name = by
    from app.page.update_mail import watch

    return page, [*fx, M.AcceptOffer(invite_sdp(got)), *watch(page)]
