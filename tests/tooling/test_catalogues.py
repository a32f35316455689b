"""The page's words as shipped: English in the app wheel, each other language's
compiled catalogue a file of its own that a page fetches for its language
(tools/buildlib.py, static/interpreter.mjs, py/app/shell/catalog.py agree)."""

from __future__ import annotations

import gettext
import io
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path

import buildlib
import pytest

from app.shell import catalog

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "py" / "app"


def test_the_loader_the_catalogue_reader_and_the_build_name_the_same_places(
    page_constant: Callable[[str], object],
) -> None:
    assert buildlib.WHEEL_LOCALE == catalog.IN_WHEEL
    assert page_constant("LANGUAGES") == [x for x in catalog.LOCALES if x != catalog.IN_WHEEL]
    assert page_constant("LOCALE") == catalog.PAGE_DIR
    text = (ROOT / "static" / "interpreter.mjs").read_text()
    assert f'new URL("../{buildlib.CATALOGUE_DIR}/", import.meta.url)' in text  # from static/
    assert f"{buildlib.CATALOGUE_DIR}/{{lang}}.mo" == catalog.PAGE_URL  # from the page


def test_english_goes_in_the_app_wheel_and_every_other_language_beside_it(tmp_path: Path) -> None:
    app = tmp_path / "app"
    shutil.copytree(APP, app, ignore=shutil.ignore_patterns("__pycache__"))
    names = zipfile.ZipFile(buildlib.app_wheel(app, "0.1.0", tmp_path)).namelist()
    assert [n for n in names if "/locale/" in n] == ["app/locale/en.mo"]
    files = buildlib.catalogues(app, tmp_path / "locale")
    assert sorted(f.name for f in files) == sorted(f"{x}.mo" for x in ("ru", "uk", "pl"))
    for mo in files:
        cat = gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
        assert cat.gettext("talon") == catalog.load(mo.stem).gettext("talon") != "talon"


def test_a_catalogue_the_page_fetched_is_read_from_where_the_loader_wrote_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    header, entries = catalog.read("pl")
    for e in entries:
        if e.msgid == "talon":
            e.msgstr = ["Musik (fetched)"]
    (tmp_path / "pl.mo").write_bytes(catalog.mo_bytes(header, entries))
    monkeypatch.setattr(catalog, "PAGE_DIR", str(tmp_path))
    assert catalog.load("pl").gettext("talon") == "Musik (fetched)"
    with pytest.raises(catalog.CatalogError):
        catalog.mo_data("xx")


def test_a_language_that_cannot_be_had_now_shows_english_and_is_asked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from app.shell import i18n

    fresh = i18n._Catalogues()
    real = catalog.load

    def failing(lang: str) -> gettext.GNUTranslations:
        if lang == "uk":
            raise catalog.CatalogError("offline")
        return real(lang)

    monkeypatch.setattr(catalog, "load", failing)
    assert fresh["uk"].gettext("talon") == fresh["en"].gettext("talon")
    assert not fresh.loaded("uk")
    monkeypatch.setattr(catalog, "load", real)
    assert fresh["uk"].gettext("talon") == "Прикуп"
    assert fresh.loaded("uk") and not fresh.loaded("ru")
