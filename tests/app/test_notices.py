"""Notices: words kept as a key and parameters (worded anew when the language
changes), a close button on each, Esc, a notice about what was done in a dialog
going once another dialog opens, a later success replacing a stale error; the
toolbar working over the deal summary; the toolbar's names."""

from __future__ import annotations

import json
import random
import re

import pytest
from app_helpers import new_session, notices_said

from app.page.model import KeyPressed, Page, SetupChanged
from app.page.page_msgs import (
    MAX_IMPORT_BYTES,
    Changed,
    Clicked,
    FileChosen,
    FileRead,
    OnlineCodeFailed,
    Stored,
)
from app.page.screen import Screen, build
from app.page.update import KeyUse, key_use, update
from app.shell.dom import El, find_all, text_of, to_html
from app.shell.i18n import LANGS, Seat, Words, t
from app.shell.storage import SAVE_KEY
from app.table.seats import read_setup
from app.table.session import Session
from app.table.view import Dialog, Model, NoticeKind, toolbar


def _page(session: Session | None = None, lang: str = "en") -> Page:
    setup = read_setup(None, {}, ["classic"])
    return Page(session or new_session(seed=3), Screen(lang=lang, setup=setup))


def click(page: Page, ui: str, **data: str) -> Page:
    page, _ = update(page, Clicked(ui, dict(data), entropy=7, now=0.0))
    return page


def notice_boxes(page: Page) -> list[El]:
    _, kids = build(page.session, page.ui)
    return [
        e
        for k in kids
        for e in find_all(k, lambda e: "notice" in str(e.attrs.get("class")).split())
    ]


def refused_import(page: Page) -> Page:
    """The player picks a file in the Games dialog that is not a saved game."""
    page = click(page, "games")
    page, _ = update(page, FileRead("game", "{not json"))
    return page


# -- words, not sentences --------------------------------------------------------------


def test_a_refused_import_is_worded_anew_when_the_language_changes() -> None:
    page = refused_import(_page())
    (note,) = page.ui.notices
    assert note.kind is NoticeKind.ERROR and note.words.key == "import_bad"
    english = t("en", "import_bad", why=t("en", "import_not_game"))
    assert notices_said(page) == [english]
    assert english in to_html(notice_boxes(page)[0])
    page, _ = update(page, Changed("lang", "ru"))
    russian = t("ru", "import_bad", why=t("ru", "import_not_game"))
    (box,) = notice_boxes(page)
    assert russian in text_of(box) and "could not be used" not in to_html(box)


def test_a_refused_import_says_why_in_the_players_words() -> None:
    page = click(_page(lang="uk"), "games")
    page, _ = update(page, FileChosen("game", MAX_IMPORT_BYTES + 1))
    assert notices_said(page) == [t("uk", "import_bad", why=t("uk", "import_too_large"))]
    page, _ = update(page, FileRead("game", json.dumps({"format": "thousand-rules"})))
    assert notices_said(page) == [t("uk", "import_bad", why=t("uk", "import_not_game"))]
    page, _ = update(page, FileRead("set", json.dumps({"format": "thousand-record"})))
    assert notices_said(page) == [t("uk", "import_bad", why=t("uk", "import_not_set"))]


def test_a_seats_name_in_a_notice_follows_the_language() -> None:
    page = _page()
    from app.page.table_act import notice

    notice(page.ui, Words.of("net.lost", name=Seat(1)), NoticeKind.INFO, "lost1")
    english = notices_said(page)
    page, _ = update(page, Changed("lang", "pl"))
    polish = notices_said(page)
    assert t("en", "west") in english[0] and t("pl", "west") in polish[0]


def test_words_with_sentences_after_them() -> None:
    w = Words("net.taken", (("name", "Olena"),), then=(Words.of("net.redealt"),))
    for lang in LANGS:
        assert w.text(lang) == t(lang, "net.taken", name="Olena") + " " + t(lang, "net.redealt")


# -- closing ---------------------------------------------------------------------------


def test_every_notice_has_a_close_button_that_closes_it() -> None:
    page = _page()
    page, _ = update(page, Stored(SAVE_KEY, "the disk is full"))
    (box,) = notice_boxes(page)
    (close,) = find_all(box, lambda e: e.attrs.get("data-ui") == "dismiss")
    assert close.attrs["aria-label"] == t("en", "dismiss")
    page = click(page, "dismiss", **{"data-notice": str(close.attrs["data-notice"])})
    assert page.ui.notices == [] and notice_boxes(page) == []


def test_two_escs_close_the_dialog_then_the_refused_imports_notice() -> None:
    page = refused_import(_page())
    assert page.ui.notices[0].dialog is Dialog.GAMES
    assert key_use(page, "Escape") is KeyUse.HANDLE
    page, _ = update(page, KeyPressed("Escape"))
    assert page.ui.dialog is Dialog.NONE and len(page.ui.notices) == 1  # still to read
    assert key_use(page, "Escape") is KeyUse.HANDLE
    page, _ = update(page, KeyPressed("Escape"))
    assert page.ui.notices == [] and notice_boxes(page) == []


def test_esc_without_a_dialog_closes_the_newest_notice_then_the_next() -> None:
    page = _page()
    page, _ = update(page, Stored(SAVE_KEY, "the disk is full"))
    page, _ = update(page, Clicked("copy-link", {}))  # "The link is copied."
    assert [n.key for n in page.ui.notices] == ["storage", "share"]
    assert key_use(page, "Escape") is KeyUse.HANDLE
    page, _ = update(page, KeyPressed("Escape"))
    assert [n.key for n in page.ui.notices] == ["storage"]
    page, _ = update(page, KeyPressed("Escape"))
    assert page.ui.notices == []
    assert key_use(page, "Escape") is KeyUse.IGNORE  # nothing left: the browser's key
    # typing in a field, Esc is the field's
    page, _ = update(page, Stored(SAVE_KEY, "the disk is full"))
    assert key_use(page, "Escape", typing=True) is KeyUse.IGNORE


def test_opening_another_dialog_drops_the_stale_error() -> None:
    page = refused_import(_page())
    page = click(page, "close")
    assert page.ui.dialog is Dialog.NONE and len(page.ui.notices) == 1
    page = click(page, "sheet")  # the toolbar's score sheet
    assert page.ui.dialog is Dialog.SHEET and page.ui.notices == []
    page = refused_import(click(page, "close"))
    page = click(page, "games")  # the same dialog again (a toggle): closed
    page = click(page, "games")  # ... and open: the error is about it, it stays
    assert [n.key for n in page.ui.notices] == ["import"]
    page = click(page, "new")
    assert page.ui.notices == []


def test_a_notice_about_the_table_stays_over_the_dialogs() -> None:
    page = _page()
    page, _ = update(page, Stored(SAVE_KEY, "the disk is full"))
    page = click(page, "games")
    page = click(page, "sheet")
    page = click(page, "close")
    assert [n.key for n in page.ui.notices] == ["storage"]


def test_a_later_successful_action_replaces_a_stale_error() -> None:
    page = refused_import(_page())
    good = new_session(seed=9)
    rng = random.Random(9)
    while not good.human_to_act():
        legal = good.state.legal_actions()
        good.apply(legal[rng.randrange(len(legal))])
    page, _ = update(page, FileRead("game", json.dumps(good.record()), entropy=5))
    assert [n.kind for n in page.ui.notices] == [NoticeKind.PASSING]  # "The game is imported."
    # a failed write is over once a later write of the game goes through
    page, _ = update(page, Stored(SAVE_KEY, "the disk is full"))
    assert any(n.key == "storage" for n in page.ui.notices)
    page, _ = update(page, Stored(SAVE_KEY, None))
    assert all(n.key != "storage" for n in page.ui.notices)


def test_a_start_refused_by_the_setup_goes_when_the_setup_is_mended() -> None:
    page = click(_page(), "new")
    for seat in range(3):
        page, _ = update(page, SetupChanged("kind", "normal", seat))
    page = click(page, "start")
    (note,) = page.ui.notices
    assert note.words.key == "no_person" and note.dialog is Dialog.NEW
    page, _ = update(page, SetupChanged("kind", "human", 0))
    assert page.ui.notices == [] and page.ui.dialog is Dialog.NEW
    page = click(page, "start")
    assert page.ui.notices == [] and page.ui.dialog is Dialog.NONE  # the game started


def test_a_failed_load_of_the_online_code_belongs_to_the_new_game_dialog() -> None:
    page = click(_page(), "new")
    page, _ = update(page, OnlineCodeFailed("HTTP 404"))
    (note,) = page.ui.notices
    assert note.dialog is Dialog.NEW and "HTTP 404" in notices_said(page)[0]
    page = click(page, "games")
    assert page.ui.notices == []


# -- the toolbar over the deal summary ---------------------------------------------------


def _at_summary(seed: int = 4) -> Page:
    rng = random.Random(3)
    s = new_session(seed=seed)
    while not s.waiting_for_summary():
        legal = s.state.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return _page(s)


def _overlays(page: Page) -> list[El]:
    _, kids = build(page.session, page.ui)
    return [k for k in kids if "overlay" in str(k.attrs.get("class", "")).split()]


@pytest.mark.parametrize("tool", ["sheet", "log"])
def test_the_score_sheet_and_the_log_open_over_the_summary_and_close_back_to_it(
    tool: str,
) -> None:
    page = _at_summary()
    (summary,) = _overlays(page)
    assert summary.attrs["data-dialog"] == "summary"
    assert "rest" in str(summary.attrs["class"]).split()  # the toolbar stays free of it
    page = click(page, tool)
    shown = [o.attrs["data-dialog"] for o in _overlays(page)]
    assert shown == ["summary", tool]  # on top of the summary
    page, _ = update(page, KeyPressed("Escape"))
    assert [o.attrs["data-dialog"] for o in _overlays(page)] == ["summary"]
    page = click(page, tool)
    page = click(page, "close")
    assert [o.attrs["data-dialog"] for o in _overlays(page)] == ["summary"]
    assert page.session.waiting_for_summary()


# -- the toolbar's names -----------------------------------------------------------------


def _tokens(text: str) -> list[str]:
    """Words as axe compares a name with a label: bracketed parts left out."""
    while (shorter := re.sub(r"\([^()]*\)", "", text)) != text:
        text = shorter
    return re.findall(r"\w+", text.casefold())


@pytest.mark.parametrize("lang", LANGS)
def test_each_tools_name_holds_the_words_it_shows(lang: str) -> None:
    """A tool's accessible name holds its label and the short word a phone shows
    (WCAG 2.5.3, axe's label-content-name-mismatch)."""
    s = new_session(seed=3)
    m: Model
    m, _ = build(s, Screen(lang=lang))
    bar = toolbar(m)
    tools = find_all(bar, lambda e: "tool" in str(e.attrs.get("class", "")).split())
    assert len(tools) >= 7
    for b in tools:
        name = _tokens(str(b.attrs["aria-label"]))
        for part in find_all(b, lambda e: e.attrs.get("class") in ("label", "short")):
            shown = _tokens(text_of(part))
            at = [i for i in range(len(name)) if name[i : i + len(shown)] == shown]
            assert shown and at, (lang, b.attrs["data-ui"], name, shown)
    assert find_all(bar, lambda e: e.tag == "h1")  # the page's heading
