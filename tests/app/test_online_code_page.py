"""The online table's code as a wheel loaded only when needed (``app.shell.online_code``):
a page without it asks for it when a host starts an online table and takes the
same click again once it is there; a failure is said in words and loses
nothing; a page that starts with an invitation or a stored online table and
did not get it says so and keeps them. Through the one door, in CPython."""

from __future__ import annotations

import importlib
import sys
import zipfile
from pathlib import Path

import pytest
from app_helpers import new_session, notices_said, same

from app.page.model import Page
from app.page.page_msgs import Changed, ClearAddress, Clicked, LoadOnline, OnlineCodeFailed
from app.page.page_start import open_link, resume_online
from app.page.screen import Screen, is_online
from app.page.update import update
from app.shell import online_code
from app.shell.i18n import LANGS, t
from app.shell.storage import NET_KEY, MemoryStorage, Store
from app.table.seats import default_setup
from app.table.view import Dialog


@pytest.fixture
def without_code(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online_code, "available", lambda: False)


def host_page() -> Page:
    screen = Screen(lang="en", base_url="https://x.test/", setup=default_setup())
    page = Page(new_session(seed=5), screen)
    page, _ = update(page, Clicked("new", {}))
    change = Changed("", "online", {"data-setup": "kind", "data-seat-kind": "1"})
    page, _ = update(page, change)
    assert page.ui.dialog is Dialog.NEW and page.ui.setup["kinds"][1] == "online"
    return page


def test_the_code_is_here_in_cpython_and_its_modules_exist() -> None:
    assert online_code.available()
    import importlib.util

    for name in online_code.MODULES:
        assert importlib.util.find_spec(name) is not None, name


def test_the_code_is_missing_when_its_package_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online_code, "PROBES", ("thousand.net", "no_such_package.netplay"))
    assert not online_code.available()
    monkeypatch.setattr(online_code, "PROBES", ("thousand.no_such_module",))
    assert not online_code.available()


def test_attach_puts_a_wheel_on_the_packages_paths_even_after_a_failed_look(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert online_code.PACKAGES == ("app", "app.page", "thousand")
    for folder in ("pkg_online", "pkg_online/part"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("")
    wheel = tmp_path / "online.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("pkg_online/whole/__init__.py", "ANSWER = 41\n")
        z.writestr("pkg_online/part/extra.py", "ANSWER = 42\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(online_code, "PACKAGES", ("pkg_online", "pkg_online.part"))
    # an import system that once looked at the path before the file was there
    monkeypatch.setitem(sys.path_importer_cache, f"{wheel}/pkg_online", None)
    online_code.attach(str(wheel))
    online_code.attach(str(wheel))  # (twice: the path is listed once)
    try:
        assert importlib.import_module("pkg_online.whole").ANSWER == 41
        assert importlib.import_module("pkg_online.part.extra").ANSWER == 42
        assert importlib.import_module("pkg_online").__path__.count(f"{wheel}/pkg_online") == 1
        part = importlib.import_module("pkg_online.part")
        assert part.__path__.count(f"{wheel}/pkg_online/part") == 1
    finally:
        for name in ("pkg_online.part.extra", "pkg_online.part", "pkg_online.whole", "pkg_online"):
            sys.modules.pop(name, None)


def test_start_without_the_code_asks_for_it_then_the_same_click_opens_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = host_page()
    before = page.session
    click = Clicked("start", {}, entropy=11, now=1.0)
    monkeypatch.setattr(online_code, "available", lambda: False)
    page, fx = update(page, click)
    assert fx == [LoadOnline(click)]  # nothing else happened yet
    assert same(page.session, before) and page.ui.dialog is Dialog.NEW
    monkeypatch.undo()  # the runner loaded it: the same click again
    page, fx = update(page, fx[0].then)
    assert is_online(page.session) and page.session.lobby.role == "host"


def test_a_game_on_this_device_never_asks_for_the_online_code(without_code: None) -> None:
    page = Page(new_session(seed=5), Screen(lang="en", setup=default_setup()))
    page, _ = update(page, Clicked("new", {}))
    page, fx = update(page, Clicked("start", {}))
    assert not any(isinstance(e, LoadOnline) for e in fx) and not is_online(page.session)


@pytest.mark.parametrize("lang", LANGS)
def test_a_failed_load_is_said_in_words_and_the_dialog_stays(lang: str) -> None:
    page = host_page()
    page.ui.lang = lang
    before = page.session
    page, _ = update(page, OnlineCodeFailed("HTTP 404"))
    (notice,) = [n for n in page.ui.notices if n.key == "online-code"]
    said = notice.words.text(lang)
    assert said == t(lang, "net.code_failed", why="HTTP 404", start=t(lang, "start"))
    assert "HTTP 404" in said and t(lang, "start") in said
    assert same(page.session, before) and page.ui.dialog is Dialog.NEW


def test_an_invitation_without_the_code_is_kept_in_the_address(without_code: None) -> None:
    page = Page(new_session(seed=5), Screen(lang="ru"))
    page, fx = open_link(page, "#join=anything")
    assert not any(isinstance(e, ClearAddress) for e in fx)  # a reload tries again
    (notice,) = page.ui.notices
    assert notice.words.text("ru") == t("ru", "net.code_missing")


def test_a_stored_online_table_without_the_code_keeps_its_journal(without_code: None) -> None:
    store = Store(MemoryStorage())
    assert store.write(NET_KEY, {"kept": True}) is None
    page = Page(new_session(seed=5), Screen(lang="pl"))
    before = page.session
    page, _ = resume_online(page, store)
    assert same(page.session, before) and store.get_text(NET_KEY) is not None
    assert notices_said(page) == [t("pl", "net.code_missing")]
