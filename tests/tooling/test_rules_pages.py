"""The rules pages (``tools/rules_pages.py``): the Markdown subset, the example deals
(``docs/examples/*.json``, composed by ``tools/rule_examples.py``) and the pages
themselves, built into a temporary folder."""

from __future__ import annotations

import itertools
import json
import re
import sys
import tempfile
from dataclasses import fields
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import rule_examples  # noqa: E402
import rules_pages  # noqa: E402
import rules_site  # noqa: E402
from rules_pages import inline, markdown, slug  # noqa: E402

from thousand.record import Replay, replay, replay_to  # noqa: E402

EXAMPLES = {ex.name: ex for ex in rule_examples.EXAMPLES}

# -- the Markdown subset --------------------------------------------------------------


def test_headings_get_ids_as_github_makes_them() -> None:
    assert markdown("# Title") == '<h1 id="title">Title</h1>'
    assert slug("§5 Bidding (*торговля*, uk *торгівля*)") == "5-bidding-торговля-uk-торгівля"
    assert slug("Choices where the rules leave room") == "choices-where-the-rules-leave-room"
    assert markdown("### A `code` head") == '<h3 id="a-code-head">A <code>code</code> head</h3>'


def test_paragraphs_join_their_lines_and_end_at_a_blank_line() -> None:
    html = markdown("one\ntwo\n\nthree")
    assert html == "<p>one two</p>\n<p>three</p>"


def test_lists_bulleted_and_numbered_with_continuation_lines() -> None:
    html = markdown("- first\n  goes on\n- second\n\n1. a\n2. b")
    assert html == (
        "<ul>\n<li>first goes on</li>\n<li>second</li>\n</ul>\n<ol>\n<li>a</li>\n<li>b</li>\n</ol>"
    )


def test_a_paragraph_stops_before_a_list() -> None:
    assert markdown("Before:\n- item") == "<p>Before:</p>\n<ul>\n<li>item</li>\n</ul>"


def test_tables_with_a_rule_line() -> None:
    html = markdown("| rank | A | 10 |\n|---|---|---|\n| points | 11 | 10 |")
    assert html == (
        "<table>\n<thead><tr><th>rank</th><th>A</th><th>10</th></tr></thead>\n<tbody>\n"
        "<tr><td>points</td><td>11</td><td>10</td></tr>\n</tbody>\n</table>"
    )


def test_emphasis_strong_and_code_spans() -> None:
    assert inline("a *марьяж* and **bolt**") == "a <em>марьяж</em> and <strong>bolt</strong>"
    assert inline("`must_beat` *x*") == "<code>must_beat</code> <em>x</em>"
    assert inline("`*not em*`") == "<code>*not em*</code>"
    assert inline("2 * 3 * 4") == "2 * 3 * 4"  # a lone star is not emphasis


def test_links_go_through_the_linker_and_may_be_dropped() -> None:
    assert inline("[here](#x)") == '<a href="#x">here</a>'
    assert inline("see [the list](CONVENTIONS.md)", rules_pages._link) == (
        'see <a href="#house-rules">the list</a>'
    )
    assert inline("[glossary](GLOSSARY.md)", rules_pages._link) == "glossary"


def test_raw_html_is_escaped_and_code_blocks_kept() -> None:
    assert markdown("<script>alert(1)</script>") == "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"
    assert markdown("```\n<b> & *x*\n```") == "<pre><code>&lt;b&gt; &amp; *x*</code></pre>"
    assert inline('[x]("onclick=)') == '<a href="&quot;onclick=">x</a>'  # stays in the quotes


# -- the example deals ----------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_example_files_are_what_the_composer_makes(name: str) -> None:
    """docs/examples/NAME.json is made by tools/rule_examples.py (run it after a change)."""
    stored = json.loads((ROOT / "docs" / "examples" / f"{name}.json").read_text())
    assert stored == rule_examples.compose(EXAMPLES[name], rule_examples.english())
    rp = Replay(stored)  # a valid record, every step replayable
    assert len(stored["deals"]) == 1  # the deal alone, not the next one just dealt
    assert rp.steps == len(stored["deals"][0]["actions"])
    assert all(text and not text.startswith("rules_") for text in stored.get("notes", {}).values())
    assert rule_examples.problems(EXAMPLES[name], stored) == []  # it shows its rule


def test_every_example_the_pages_name_is_composed() -> None:
    assert sorted(EXAMPLES) == sorted(
        [
            "first_deal",
            "talon",
            "bidding",
            "marriage",
            "must_trump",
            "concede",
            "barrel",
            "barrel_fall",
            "bolt",
            "game_end",
            "two_players",
            "four_players",
        ]
    )
    assert sorted(p.stem for p in (ROOT / "docs" / "examples").glob("*.json")) == sorted(EXAMPLES)


def test_the_build_stops_on_an_example_the_engine_refuses_or_that_shows_nothing() -> None:
    from dataclasses import replace

    bad = replace(EXAMPLES["must_trump"], script=[*EXAMPLES["must_trump"].script[:-1], "play AD"])
    with pytest.raises(ValueError, match="must_trump: the engine refuses it"):
        rule_examples.check((bad,))
    early = replace(EXAMPLES["must_trump"], show=9)  # a trick before any trump
    with pytest.raises(ValueError, match=r"must_trump: .*void"):
        rule_examples.check((early,))
    with pytest.raises(ValueError, match="concede: the concession comes next"):
        rule_examples.check((replace(EXAMPLES["concede"], show=2),))


def _record(name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((ROOT / "docs" / "examples" / f"{name}.json").read_text())
    return data


def test_bidding_example_rules_5_first_hand_raises_and_the_120_ceiling() -> None:
    """RULES §5: West (first hand) holds 100, raises go by 5, without a marriage no
    bid above 120; South, holding the spade marriage, wins at 120."""
    rec = _record("bidding")
    assert rec["deals"][0]["actions"][:6] == [  # type: ignore[index]
        "bid 105",
        "bid 110",
        "bid 115",
        "pass",
        "bid 120",
        "pass",
    ]
    state, _ = replay_to(rec, 5)
    assert state.current_player() == 1 and [str(a) for a in state.legal_actions()] != []
    from thousand import actions as A

    assert [A.action_str(a) for a in state.legal_actions()] == ["pass"]  # West: no marriage
    state, _ = replay_to(rec, 6)
    assert state.declarer == 0 and state.bid == 120


def test_marriage_example_rules_7_declared_after_a_trick_sets_trump() -> None:
    rec = _record("marriage")
    before, _ = replay_to(rec, 8)
    after, _ = replay_to(rec, 9)
    assert before.trump == -1 and before.tricks_won[0] == 1
    assert after.trump == 3 and after.mar[0] == 100  # hearts, +100 for South


def test_bolt_example_rules_8_no_trick_no_points_a_bolt_each() -> None:
    state = replay(_record("bolt"))
    assert state.bolt_count == [0, 1, 1]
    assert state.totals == [120, 0, 0]


def test_barrel_example_rules_9_a_defender_climbs_onto_the_barrel_at_880() -> None:
    rec = _record("barrel")
    assert rec["totals"] == [850, 420, 610]
    state = replay(rec)
    assert state.declarer != 0  # South defended
    assert state.totals[0] == 880 and state.on_barrel[0]


# -- the build ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("rules")
    rules_pages.build(out)
    return out


@pytest.fixture(scope="module")
def site() -> rules_site.Site:
    from app.shell.i18n import tables

    out = Path(tempfile.mkdtemp())
    _, built = rules_site.build(out, tables())
    return built


def _player_pages(pages: Path) -> list[Path]:
    return sorted(p for lang in rules_pages.LANGS for p in (pages / lang).glob("*.html"))


def _visible(html: str) -> str:
    """What a reader sees of a page: its text (no tags, scripts, styles or comments),
    its title and the pictures' alternative texts."""
    alts = " ".join(re.findall(r'\balt="([^"]*)"', html))
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.DOTALL)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.DOTALL)
    text = re.sub(r"<[^>]+>", " ", text)
    return unescape(text + " " + alts)


# -- the sources ------------------------------------------------------------------------


def _sources(lang: str) -> dict[str, str]:
    return {p.stem: p.read_text(encoding="utf-8") for p in (rules_site.LEARN / lang).glob("*.md")}


def _examples(text: str) -> list[str]:
    return re.findall(r"^\{\{example ([A-Za-z0-9_]+)\}\}\s*$", text, re.MULTILINE)


def test_the_site_has_the_planned_pages_in_english() -> None:
    assert set(_sources("en")) <= set(rules_site.PAGES)
    assert "index" in _sources("en")


@pytest.mark.parametrize("lang", ["ru", "uk", "pl"])
def test_every_language_has_the_english_pages_and_their_examples(lang: str) -> None:
    en, other = _sources("en"), _sources(lang)
    assert sorted(other) == sorted(en), "the same files as English"
    for page, text in en.items():
        assert sorted(_examples(other[page])) == sorted(_examples(text)), f"{lang}/{page}.md"


@pytest.mark.parametrize("lang", rules_pages.LANGS)
def test_every_directive_names_what_exists(lang: str) -> None:
    from thousand import Conventions

    names = {f.name for f in fields(Conventions)}
    for page, text in _sources(lang).items():
        where = f"docs/learn/{lang}/{page}.md"
        for ident in re.findall(r"\{\{conv ([^}]*)\}\}", text):
            assert ident in names, f"{where}: {{{{conv {ident}}}}} is no house rule"
        for ident in re.findall(r"\{\{(?:preset|play) ([^}]*)\}\}", text):
            assert ident in Conventions.PRESETS, f"{where}: {ident} is no rule set"
        for name in _examples(text):
            assert name in EXAMPLES, f"{where}: no example {name}"
        for other in re.findall(r"\{\{([^}]*)\}\}", text):
            word = other.split()[0]
            assert word in (
                "conv",
                "preset",
                "play",
                "example",
                "editor",
                "game",
                "regional-table",
                "cheatsheet",
            ), f"{where}: {{{{{other}}}}}"
        assert _examples(text) or page in ("house-rules", "cheatsheet"), f"{where}: no example"


def test_the_site_words_are_there_in_every_language() -> None:
    en = rules_site.site_words("en")
    for lang in rules_pages.LANGS:
        words = rules_site.site_words(lang)
        assert sorted(words) == sorted(en), lang
        for key, text in words.items():
            assert text.strip(), f"{lang}: {key}"
            assert re.findall(r"\{\w+\}", text) == re.findall(r"\{\w+\}", en[key]), key
        if lang != "en":
            same = [k for k in words if words[k] == en[k]]
            assert not same, f"{lang}: not translated: {same}"


def test_the_build_places_everything_the_pages_ask_for(site: rules_site.Site) -> None:
    assert site.problems == []


# -- the pages --------------------------------------------------------------------------


def test_every_page_in_every_language_is_built(pages: Path) -> None:
    for lang in rules_pages.LANGS:
        built = sorted(p.stem for p in (pages / lang).glob("*.html"))
        assert built == sorted(_sources(lang)), lang
    assert (pages / "site.css").is_file() and (pages / "site.js").is_file()


def test_each_page_has_its_title_description_language_and_one_h1(pages: Path) -> None:
    for path in _player_pages(pages):
        html = path.read_text()
        lang, page = path.parent.name, path.stem
        assert f'<html lang="{lang}">' in html
        title = re.search(r"<title>([^<]+)</title>", html)
        desc = re.search(r'<meta name="description" content="([^"]+)">', html)
        assert title and len(title.group(1)) > 5, path
        assert desc and len(desc.group(1)) > 30, path
        assert html.count("<h1") == 1, path
        levels = [int(n) for n in re.findall(r"<h([1-6])\b", html)]
        assert levels[0] == 1 and all(b <= a + 1 for a, b in itertools.pairwise(levels)), path
        for other in rules_pages.LANGS:
            assert (
                f'<link rel="alternate" hreflang="{other}" href="../{other}/{page}.html">' in html
            )
            if other != lang:
                assert f'href="../{other}/{page}.html" hreflang="{other}" lang="{other}"' in html
        assert html.count('aria-current="page"') == 2  # its language and its place in the list
        ref = f'href="../reference/{lang}.html"'
        assert html.count(ref) == 1  # the developer reference, once, at the foot
        assert html.index(ref) > html.index("</main>")


@pytest.mark.parametrize("lang", rules_pages.LANGS)
def test_no_repository_path_id_programmer_name_or_section_sign_in_what_readers_see(
    pages: Path, lang: str
) -> None:
    from thousand import Conventions

    names = [f.name for f in fields(Conventions) if "_" in f.name]
    names += [p for p in Conventions.PRESETS if "_" in p]
    for path in sorted((pages / lang).glob("*.html")):
        html = path.read_text()
        text = _visible(html)
        where = f"{lang}/{path.name}"
        for bad in ("py/", "docs/", "tools/", ".md", "§", "{{", "}}", "rules_"):
            assert bad not in text, f"{where}: {bad!r} in the text"
        for name in names:
            assert not re.search(rf"\b{name}\b", text), f"{where}: {name!r} in the text"
        for href in re.findall(r'href="([^"]+)"', html):
            assert not re.search(r"\.md(#|$)", href), f"{where}: a link to {href}"
            assert not href.startswith(("py/", "docs/", "tools/")), f"{where}: {href}"


def test_every_link_of_the_site_finds_its_page_and_anchor(pages: Path) -> None:
    for path in [*_player_pages(pages), pages / "index.html"]:
        html = path.read_text()
        loaded = re.search(r'<(?:script|link|img|iframe)\b[^>]*(?:src|href)="(?:https?:)?//', html)
        assert not loaded, f"{path.name} loads something from elsewhere: {loaded.group(0)}"
        for href in re.findall(r'<[a-z]+ [^>]*?\b(?:href|src)="([^"]+)"', html):
            href = unescape(href)
            if href.startswith(("http:", "https:", "mailto:")):
                continue
            target, _, anchor = href.partition("#")
            target = target.split("?")[0]
            file = (path.parent / target).resolve() if target else path
            if not file.is_relative_to(pages):  # the game, embed.js, the icon: beside rules/
                assert target.startswith("../../") or path.parent == pages, href
                continue
            assert file.is_file(), f"{path.name}: {href}"
            if anchor and file.suffix == ".html" and not anchor.startswith("z="):
                assert f'id="{anchor}"' in file.read_text(), f"{path.name}: {href}"


def test_the_examples_are_live_with_their_pictures_captions_and_authors_tools(
    pages: Path,
) -> None:
    from app.replay.share import parse_fragment

    for path in _player_pages(pages):
        html = path.read_text()
        lang = path.parent.name
        source = (rules_site.LEARN / lang / f"{path.stem}.md").read_text()
        figures = re.findall(r'<figure class="deal" id="example-[^"]+">.*?</figure>', html, re.S)
        assert len(figures) == len(_examples(source)), path
        for fig in figures:
            name = re.search(r'src="\.\./examples/(\w+)\.' + lang + r'\.json"', fig)
            assert name, fig[:200]
            rec = json.loads((pages / "examples" / f"{name.group(1)}.{lang}.json").read_text())
            step = int(re.search(r'step="(\d+)"', fig).group(1))  # type: ignore[union-attr]
            assert step == rule_examples.show_step(EXAMPLES[name.group(1)], rec)
            assert f'src="../diagrams/{name.group(1)}.{lang}.svg"' in fig
            assert re.search(r'alt="[^"]{20,}"', fig), f"{path}: a picture without words"
            assert "<figcaption>" in fig, f"{path}: {name.group(1)} without a caption"
            assert 'class="copy"' in fig
            editor = unescape(re.search(r'class="editor" href="([^"]+)"', fig).group(1))  # type: ignore[union-attr]
            assert editor.startswith(f"../../index.html?lang={lang}#z=")
            got = parse_fragment(editor[editor.index("#") :])
            assert not got.error and got.record == rec
            assert got.options["step"] == step and got.options["open"] is True
    assert (
        '<script src="../../embed.js" defer></script>' in (pages / "en" / "play.html").read_text()
    )


def test_play_links_start_a_game_with_their_set(pages: Path) -> None:
    from thousand import Conventions

    html = (pages / "ru" / "house-rules.html").read_text()
    links = re.findall(r'<a class="play" href="([^"]+)" data-preset="(\w+)"', html)
    assert {p for _, p in links} >= {"classic", "russian", "ukrainian", "polish"}
    for href, preset in links:
        players = Conventions.preset(preset).players
        assert unescape(href) == (
            f"../../index.html?lang=ru&preset={preset}&players={players}&fresh=1"
        )


def test_the_regional_table_comes_from_the_presets(pages: Path) -> None:
    from thousand import Conventions

    html = (pages / "en" / "house-rules.html").read_text()
    table = re.search(r'<table class="regional">.*?</table>', html, re.S)
    assert table
    classic = Conventions().to_dict()
    changed = {
        k
        for p in ("russian", "ukrainian", "polish")
        for k, v in Conventions.preset(p).to_dict().items()
        if v != classic[k]
    }
    rows = re.findall(r'<th scope="row">([^<]+)</th>', table.group(0))
    from app.shell.i18n import tables

    en = tables()["en"]
    assert sorted(rows) == sorted(en[f"conv.{k}"] for k in changed)
    assert "Polish Tysiąc" in table.group(0) and "by 10" in table.group(0)


def test_the_cheat_sheet_has_the_engines_numbers(pages: Path) -> None:
    html = (pages / "ru" / "cheatsheet.html").read_text()
    sheet = re.search(r'<div class="cheatsheet">.*?</div>', html, re.S)
    assert sheet
    cells = re.findall(r"<td>([^<]+)</td>", sheet.group(0))
    for number in ("11", "10", "4", "3", "2", "0", "120", "40", "60", "80", "100", "880", "1000"):
        assert number in cells, number
    assert ">Туз<" in sheet.group(0)


def test_the_chooser_the_old_addresses_and_the_reference(pages: Path) -> None:
    index = (pages / "index.html").read_text()
    for lang in rules_pages.LANGS:
        assert f'<a href="{lang}/index.html" hreflang="{lang}">' in index
        old = (pages / f"{lang}.html").read_text()
        assert f'content="0; url={lang}/index.html"' in old  # the old address goes on
        ref = (pages / "reference" / f"{lang}.html").read_text()
        assert re.search(r'<h2 id="[^"]*">§5\b', ref) and 'id="example-bidding"' in ref
        assert 'src="../examples/bidding.' in ref and f'href="../{lang}/index.html"' in ref
    guide = (pages / "reference" / "embedding.html").read_text()
    assert "<h1" in guide and "thousand-deal" in guide


def test_the_example_captions_are_in_the_pages_language(pages: Path) -> None:
    ru = json.loads((pages / "examples" / "bidding.ru.json").read_text())
    en = _record("bidding")
    assert ru["deals"] == en["deals"] and ru["notes"] != en["notes"]
    assert "сотне" in ru["notes"]["0"]


def test_the_service_worker_keeps_the_rules_pages_when_visited_but_not_their_pictures(
    pages: Path, tmp_path: Path
) -> None:
    from buildlib import precache_list, precache_manifest

    dist = tmp_path / "dist"
    (dist / "rules").mkdir(parents=True)
    (dist / "index.html").write_text("<html></html>")
    for path in pages.rglob("*"):
        if path.is_file():
            target = dist / "rules" / path.relative_to(pages)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    assert not [u for u in precache_list(dist) if u.startswith("./rules/")]
    urls = set(precache_list(dist, on_visit=True))
    assert {"./rules/", "./rules/index.html", "./rules/ru/", "./rules/ru/index.html"} <= urls
    assert {"./rules/ru/play.html", "./rules/site.css", "./rules/site.js"} <= urls
    assert {"./rules/reference/ru.html", "./rules/ru.html"} <= urls
    assert "./rules/examples/must_trump.ru.json" in urls
    assert not [u for u in urls if u.startswith("./rules/diagrams/")]
    manifest = precache_manifest(dist, urls)
    assert manifest["./rules/ru/"] == manifest["./rules/ru/index.html"]
