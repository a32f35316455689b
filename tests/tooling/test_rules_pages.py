"""The rules pages (``tools/rules_pages.py``): the Markdown subset, the example deals
(``docs/examples/*.json``, composed by ``tools/rule_examples.py``) and the pages
themselves, built into a temporary folder."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import rule_examples  # noqa: E402
import rules_pages  # noqa: E402
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


# -- the pages ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("rules")
    rules_pages.build(out)
    return out


@pytest.mark.parametrize("lang", rules_pages.LANGS)
def test_each_page_has_every_section_its_examples_and_the_house_rules(
    pages: Path, lang: str
) -> None:
    html = (pages / f"{lang}.html").read_text()
    assert f'<html lang="{lang}">' in html
    for n in range(1, 13):
        assert re.search(rf"<h2 id=\"[^\"]*\">§{n}\b", html), f"§{n}"
    for name, ex in EXAMPLES.items():
        if ex.section is None:
            continue
        figure = html.index(f'id="example-{name}"')
        section = re.search(rf"<h2 [^>]*>§{ex.section}\b", html)
        following = re.search(rf"<h2 [^>]*>§{ex.section + 1}\b", html)
        assert section and following and section.start() < figure < following.start()
        assert f'src="examples/{name}.{lang}.json"' in html
        assert f'src="diagrams/{name}.{lang}.svg"' in html
        svg = (pages / "diagrams" / f"{name}.{lang}.svg").read_text()
        assert svg.startswith("<svg") and "data-card=" in svg
        Replay(json.loads((pages / "examples" / f"{name}.{lang}.json").read_text()))
    assert 'id="house-rules"' in html and 'id="conv-must_beat"' in html
    assert '<script src="../embed.js" defer></script>' in html
    assert f'href="../index.html?lang={lang}"' in html


@pytest.mark.parametrize("lang", rules_pages.LANGS)
def test_every_link_inside_a_page_finds_its_target_and_nothing_comes_from_elsewhere(
    pages: Path, lang: str
) -> None:
    html = (pages / f"{lang}.html").read_text()
    ids = set(re.findall(r'id="([^"]+)"', html))
    for target in re.findall(r'href="#([^"]+)"', html):
        assert target in ids, target
    assert not re.search(r'(src|href)="(https?:)?//', html)
    for ref in re.findall(r'(?:src|href)="([^"#?]+)', html):
        assert (pages / ref).resolve().is_relative_to(pages.parent) or ref.startswith("../")


def test_the_translations_say_the_english_text_is_the_reference(pages: Path) -> None:
    from app.shell.i18n import tables

    words = tables()
    for lang in ("ru", "uk", "pl"):
        assert words[lang]["rules_page_reference"] in (pages / f"{lang}.html").read_text()
    index = (pages / "index.html").read_text()
    assert all(f'href="{lang}.html"' in index for lang in rules_pages.LANGS)


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
    urls = precache_list(dist, on_visit=True)
    assert {"./rules/", "./rules/index.html", "./rules/ru.html", "./rules/en.html"} <= set(urls)
    assert "./rules/examples/bolt.ru.json" in urls
    assert not [u for u in urls if u.startswith("./rules/diagrams/")]
    manifest = precache_manifest(dist, urls)
    assert manifest["./rules/"] == manifest["./rules/index.html"]
