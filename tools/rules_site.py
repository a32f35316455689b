"""The players' rules site: ``docs/learn/<lang>/*.md`` as ``dist/rules/<lang>/<page>.html``.

    PYTHONPATH=py python3 tools/rules_pages.py OUT_DIR    # builds this site and the rest

Each Markdown file (front matter ``title`` and ``description``, then the subset
``rules_pages.markdown`` reads) becomes one page in its language: its own
``<title>`` and description, ``hreflang`` alternates to the same page in the
other languages, a language switch that keeps the page (and, with JavaScript,
the section), the list of pages, previous and next, one ``<h1>`` (the file's
``#``), and at its foot one link to the developer reference
(``reference/<lang>.html``). The site's own words are in
``docs/learn/<lang>/site.po``; the rules' words (conventions, rule sets, ranks,
suits) come from the game's catalogues (``py/app/locale``), the numbers from the
engine.

Directives (see the shared plan): ``{{example NAME}}`` alone on a line, the next
``> `` paragraph its caption: a live ``<thousand-deal>`` with its static picture,
*Copy this example* (``site.js``: the tag with its record, for another site)
and *Open in the deal editor* (the game's replay of the deal at that step, whose
✎ opens the editor there); ``{{regional-table}}`` (``Conventions.PRESETS``);
``{{cheatsheet}}``; inline ``{{conv ID}}``, ``{{preset ID}}``, ``{{play ID}}``
(``index.html?preset=ID&players=N&fresh=1``), ``{{editor}}`` and ``{{game}}``.
Links to ``page.md#anchor`` become the built pages. What the build cannot place
(an unknown name or link) is listed by :func:`problems`; the tests fail on it.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from dataclasses import dataclass, field, fields
from html import escape
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

from rules_pages import CHOOSE, LANGS, inline, markdown, slug  # noqa: E402

LEARN = ROOT / "docs" / "learn"
ASSETS = ROOT / "static" / "rules"  # site.css, site.js: copied to dist/rules/
#: The pages in reading order (docs/learn/<lang>/NAME.md -> NAME.html).
PAGES = (
    "index",
    "deal",
    "bidding",
    "marriages",
    "play",
    "scoring",
    "barrel",
    "bolts",
    "end",
    "two-four",
    "house-rules",
    "cheatsheet",
    "authors",
)
GAME = "../../index.html"  # the game, from dist/rules/<lang>/
_INLINE = re.compile(r"\{\{(conv|preset|play) ([A-Za-z0-9_]+)\}\}|\{\{(editor|game)\}\}")
_EXAMPLE = re.compile(r"^\{\{example ([A-Za-z0-9_]+)\}\}$")
_BLOCK = re.compile(r"^\{\{(regional-table|cheatsheet)\}\}$")
_SLOT = re.compile(r"<p>\x02(\d+)\x02</p>")


def site_words(lang: str) -> dict[str, str]:
    """The site's own words in ``lang`` (``docs/learn/<lang>/site.po``)."""
    from app.shell.catalog import parse_po

    _, entries = parse_po((LEARN / lang / "site.po").read_text(encoding="utf-8"))
    return {e.msgid: e.msgstr[0] for e in entries if e.msgid and e.msgstr}


def front_matter(text: str) -> tuple[dict[str, str], str]:
    """The ``key: value`` lines between the opening ``---`` lines, and the rest."""
    meta: dict[str, str] = {}
    if not text.startswith("---"):
        return meta, text
    end = text.find("\n---", 3)
    if end < 0:
        return meta, text
    for line in text[3:end].strip().splitlines():
        key, sep, value = line.partition(":")
        if sep:
            meta[key.strip()] = value.strip().strip('"')
    return meta, text[end + 4 :].lstrip("\n")


def plain(html: str) -> str:
    """Text of an HTML fragment (tags dropped, entities kept as they are)."""
    return re.sub(r"<[^>]+>", "", html).strip()


@dataclass
class Site:
    """What every page of a build shares: the words, the records, what went wrong."""

    catalogue: dict[str, dict[str, str]]  # the game's words per language
    words: dict[str, dict[str, str]]  # the site's words per language
    sources: dict[str, dict[str, tuple[dict[str, str], str]]]  # lang -> page -> (meta, body)
    records: dict[str, dict[str, Any]] = field(default_factory=dict)  # "name.lang" -> record
    problems: list[str] = field(default_factory=list)

    def h1(self, lang: str, page: str) -> str:
        """The page's title as its ``#`` heading says it (else its front matter's)."""
        _, body = self.sources[lang][page]
        m = re.search(r"^# (.+)$", body, re.MULTILINE)
        return plain(inline(m.group(1))) if m else self.sources[lang][page][0].get("title", page)

    def sections(self, lang: str, page: str) -> list[str]:
        """The ids of the page's ``##`` headings, in order (the language switch's map)."""
        _, body = self.sources[lang][page]
        return [slug(m.group(1)) for m in re.finditer(r"^## (.+)$", body, re.MULTILINE)]


# -- the directives ----------------------------------------------------------------------


def _play_href(lang: str, preset: str) -> str:
    from thousand import Conventions

    players = Conventions.preset(preset).players
    return f"{GAME}?lang={lang}&preset={preset}&players={players}&fresh=1"


def inline_directives(html: str, lang: str, site: Site, where: str) -> str:
    """``{{conv ID}}``, ``{{preset ID}}``, ``{{play ID}}``, ``{{editor}}``, ``{{game}}``."""
    from thousand import Conventions

    words, cat = site.words[lang], site.catalogue[lang]
    known = {f.name for f in fields(Conventions)}

    def one(m: re.Match[str]) -> str:
        kind, ident, bare = m.group(1), m.group(2), m.group(3)
        if bare in ("game", "editor"):
            text = words["site_game" if bare == "game" else "site_editor_link"]
            prefix = html[max(0, m.start() - 20) : m.start()]
            if prefix.endswith(("<p>", "<li>", "<td>")) or re.search(r"[.?!]\s*$", prefix):
                text = text[:1].upper() + text[1:]  # it begins a sentence
            return f'<a href="{escape(GAME)}?lang={lang}">{escape(text)}</a>'
        if kind == "conv":
            if ident not in known or f"conv.{ident}" not in cat:
                site.problems.append(f"{where}: no house rule {ident!r}")
                return ""
            return f'<span class="conv">{escape(cat["conv." + ident])}</span>'
        if ident not in Conventions.PRESETS:
            site.problems.append(f"{where}: no rule set {ident!r}")
            return ""
        name = escape(cat["preset." + ident])
        if kind == "preset":
            return f'<span class="preset">{name}</span>'
        href = escape(_play_href(lang, ident))
        return (
            f'<a class="play" href="{href}" data-preset="{ident}">'
            f'{escape(words["site_play"])}<span class="vh"> ({name})</span></a>'
        )

    return _INLINE.sub(one, html)


def example_record(site: Site, lang: str, name: str) -> tuple[dict[str, Any], int]:
    """An example's record with ``lang``'s captions, and the step it opens at."""
    import rule_examples

    ex = next((e for e in rule_examples.EXAMPLES if e.name == name), None)
    if ex is None:
        raise KeyError(name)
    key = f"{name}.{lang}"
    if key not in site.records:
        site.records[key] = rule_examples.compose(ex, site.catalogue[lang])
    record = site.records[key]
    return record, rule_examples.show_step(ex, record)


def editor_href(lang: str, record: dict[str, Any], step: int) -> str:
    """The game's replay of ``record`` at ``step``, every hand open; its bar's ✎ opens the
    deal editor on it (``editor=1`` asks the game to open the editor at once)."""
    from app.replay.share import share_fragment

    return f"{GAME}?lang={lang}{share_fragment(record)}&step={step}&open=1&editor=1"


def figure(site: Site, lang: str, name: str, caption: str, title: str, fid: str) -> str:
    """One example: the live deal, its picture, its caption, the authors' two tools."""
    words = site.words[lang]
    from thousand.diagram import render_record

    record, step = example_record(site, lang, name)

    drawn = render_record(record, step, open_hands=True, lang=lang)
    size = re.search(r'width="(\d+)" height="(\d+)"', drawn)
    width, height = size.groups() if size else ("900", "640")
    alt = plain(caption) or title
    return (
        f'<figure class="deal" id="{fid}">\n'
        f'<thousand-deal src="../examples/{name}.{lang}.json" step="{step}" open lang="{lang}" '
        f'title="{escape(title)}">\n'
        f'<img src="../diagrams/{name}.{lang}.svg" alt="{escape(alt)}" '
        f'width="{width}" height="{height}">\n'
        "</thousand-deal>\n"
        + (f"<figcaption>{caption}</figcaption>\n" if caption else "")
        + '<p class="deal-tools">'
        f'<button type="button" class="copy" data-example="{name}" hidden '
        f'data-copied="{escape(words["site_copied"])}" '
        f'data-failed="{escape(words["site_copy_failed"])}">{escape(words["site_copy"])}</button> '
        f'<a class="editor" href="{escape(editor_href(lang, record, step))}">'
        f"{escape(words['site_editor'])}</a> "
        '<span class="copy-status" role="status"></span></p>\n</figure>'
    )


def regional_table(site: Site, lang: str) -> str:
    """The regional sets against the classic one: each convention one of them changes,
    its value in each set, in the catalogue's words; a *Play* link under each set."""
    from app.library.rules_text import REGIONAL_PRESETS
    from app.library.rules_view import value_text
    from thousand import Conventions

    cat, words = site.catalogue[lang], site.words[lang]
    sets = ("classic", *REGIONAL_PRESETS)
    values = {p: Conventions.preset(p).to_dict() for p in sets}
    ids = [
        f.name
        for f in fields(Conventions)
        if any(values[p][f.name] != values["classic"][f.name] for p in REGIONAL_PRESETS)
    ]
    head = "".join(f'<th scope="col">{escape(cat["preset." + p])}</th>' for p in sets)
    rows = []
    for cid in ids:
        cells = []
        for p in sets:
            v = values[p][cid]
            same = p != "classic" and v == values["classic"][cid]
            text = "—" if same else escape(value_text(cid, v, lang))
            cells.append(f'<td class="same">{text}</td>' if same else f"<td>{text}</td>")
        rows.append(f'<tr><th scope="row">{escape(cat["conv." + cid])}</th>{"".join(cells)}</tr>')
    play = "".join(
        f'<td><a class="play" href="{escape(_play_href(lang, p))}" data-preset="{p}">'
        f'{escape(words["site_play"])}<span class="vh"> ({escape(cat["preset." + p])})</span>'
        "</a></td>"
        for p in sets
    )
    rows.append(f'<tr class="play-row"><td></td>{play}</tr>')
    return (
        '<div class="table-wrap"><table class="regional">\n'
        f"<caption>{escape(words['site_regional'])}</caption>\n"
        f'<thead><tr><th scope="col">{escape(words["site_rule"])}</th>{head}</tr></thead>\n'
        "<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table></div>"
    )


def _opening_bid() -> int:
    """The bid first hand holds when the bidding opens (RULES §5), from the engine."""
    import random

    from thousand import Conventions
    from thousand.state import State

    return State(Conventions(), random.Random(0), dealer=0).high


def cheatsheet(site: Site, lang: str) -> str:
    """The cheat sheet's tables, from the engine's values and the catalogue's words."""
    from app.library.rules_view import value_text
    from thousand import Conventions
    from thousand.cards import MARRIAGE_VALUE, RANK_POINTS
    from thousand.rules import bid_limit

    c = Conventions()
    cat, w = site.catalogue[lang], site.words[lang]

    def table(cls: str, caption: str, head: tuple[str, str], rows: list[tuple[str, str]]) -> str:
        body = "\n".join(
            f'<tr><th scope="row">{escape(k)}</th><td>{escape(v)}</td></tr>' for k, v in rows
        )
        return (
            f'<table class="{cls}">\n<caption>{escape(caption)}</caption>\n'
            f'<thead><tr><th scope="col">{escape(head[0])}</th>'
            f'<th scope="col">{escape(head[1])}</th></tr></thead>\n'
            f"<tbody>\n{body}\n</tbody>\n</table>"
        )

    from app.shell.i18n import t

    def cap(text: str) -> str:
        return text[:1].upper() + text[1:]

    cards = [(cap(t(lang, f"rank.{r}")), str(RANK_POINTS[r])) for r in range(5, -1, -1)]
    cards.append((w["site_total"], str(4 * sum(RANK_POINTS))))
    marriages = [(t(lang, f"suit_adj.{s}"), str(MARRIAGE_VALUE[s])) for s in range(3, -1, -1)]
    bidding = [
        (w["site_start_bid"], str(_opening_bid())),
        (cat["conv.min_raise"], value_text("min_raise", c.min_raise, lang)),
        (w["site_ceiling"], str(bid_limit(c, 0))),
        (cat["conv.bid_cap"], str(c.bid_cap)),
    ]
    scoring = [
        (w["site_made"], w["site_plus"]),
        (w["site_lost"], w["site_minus"]),
        (w["site_defenders"], w["site_defenders_value"].replace("{round}", str(c.round_to))),
        (cat["conv.write_off"], w["site_concede_value"]),
        (cat["conv.bolts"], w["site_bolt_value"].replace("{penalty}", str(c.penalty))),
        (cat["conv.samosval"], w["site_samosval_value"]),
    ]
    barrel = [
        (cat["conv.barrel_at"], str(c.barrel_at)),
        (cat["conv.barrel_attempts"], str(c.barrel_attempts)),
        (w["site_barrel_need"], str(c.barrel_need())),
        (w["site_fall"], f"−{c.penalty}"),
        (cat["conv.target"], str(c.target)),
    ]
    points = (w["site_card"], w["site_points"])
    return (
        '<div class="cheatsheet">\n'
        + table("cards", w["site_cards"], points, cards)
        + "\n"
        + table("marriages", w["site_marriages"], (w["site_suit"], w["site_value"]), marriages)
        + "\n"
        + table("bidding", cat["group.bidding"], (w["site_rule"], w["site_value"]), bidding)
        + "\n"
        + table("scoring", cat["group.scoring"], (w["site_rule"], w["site_value"]), scoring)
        + "\n"
        + table("barrel", cat["group.barrel"], (w["site_rule"], w["site_value"]), barrel)
        + "\n</div>"
    )


# -- one page ----------------------------------------------------------------------------


def _linker(site: Site, where: str) -> Any:
    def link(target: str) -> str | None:
        if target.startswith(("http://", "https://", "#", "mailto:")):
            return target
        path, _, anchor = target.partition("#")
        name = path.rsplit("/", 1)[-1]
        tail = f"#{anchor}" if anchor else ""
        if "/" not in path and name.endswith(".md") and name[:-3] in PAGES:
            return f"{name[:-3]}.html{tail}"
        if name == "EMBEDDING.md":
            return f"../reference/embedding.html{tail}"
        site.problems.append(f"{where}: a link to {target!r} that the site does not have")
        return None

    return link


def body_html(site: Site, lang: str, page: str) -> tuple[str, list[str]]:
    """The page's main content as HTML, and the examples it shows."""
    _, body = site.sources[lang][page]
    where = f"docs/learn/{lang}/{page}.md"
    link = _linker(site, where)
    lines = body.replace("\r\n", "\n").split("\n")
    blocks: list[str] = []
    shown: list[str] = []
    out: list[str] = []
    ids: set[str] = set()
    h1 = site.h1(lang, page)
    i = 0
    while i < len(lines):
        stripped = lines[i].strip()
        if m := _EXAMPLE.match(stripped):
            name = m.group(1)
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            quote: list[str] = []
            while j < len(lines) and lines[j].lstrip().startswith(">"):
                quote.append(lines[j].lstrip()[1:].strip())
                j += 1
            i = j if quote else i + 1
            caption = inline_directives(inline(" ".join(quote), link), lang, site, where)
            fid = f"example-{name}"
            while fid in ids:
                fid += "-2"
            ids.add(fid)
            shown.append(name)
            title = f"{site.words[lang]['site_example']} {len(shown)}: {h1}"
            try:
                blocks.append(figure(site, lang, name, caption, title, fid))
            except KeyError:
                site.problems.append(f"{where}: no example {name!r}")
                blocks.append("")
            out += ["", f"\x02{len(blocks) - 1}\x02", ""]
            continue
        if m := _BLOCK.match(stripped):
            make = regional_table if m.group(1) == "regional-table" else cheatsheet
            blocks.append(make(site, lang))
            out += ["", f"\x02{len(blocks) - 1}\x02", ""]
        elif stripped.startswith(">"):
            quote = []
            while i < len(lines) and lines[i].lstrip().startswith(">"):
                quote.append(lines[i].lstrip()[1:].strip())
                i += 1
            text = inline_directives(inline(" ".join(quote), link), lang, site, where)
            blocks.append(f"<blockquote><p>{text}</p></blockquote>")
            out += ["", f"\x02{len(blocks) - 1}\x02", ""]
            continue
        else:
            out.append(lines[i])
        i += 1
    html = markdown("\n".join(out), link)
    html = inline_directives(html, lang, site, where)
    html = _SLOT.sub(lambda m: blocks[int(m.group(1))], html)
    return html, shown


def _head(lang: str, title: str, description: str, alternates: str, scripts: bool, up: str) -> str:
    script = f'<script src="{up}site.js" defer></script>\n'
    if scripts:
        script = f'<script src="{up}../embed.js" defer></script>\n' + script
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n"
        f'<meta name="description" content="{escape(description)}">\n'
        f"{alternates}"
        f'<link rel="stylesheet" href="{up}site.css">\n'
        f'<link rel="icon" href="{up}../static/icon.svg" type="image/svg+xml">\n'
        f"{script}</head>\n"
    )


def page_html(site: Site, lang: str, page: str) -> tuple[str, list[str]]:
    """One page of the site, and the examples it shows."""
    from app.shell.i18n import LANG_NAMES

    meta, _ = site.sources[lang][page]
    words, cat = site.words[lang], site.catalogue[lang]
    where = f"docs/learn/{lang}/{page}.md"
    for key in ("title", "description"):
        if not meta.get(key):
            site.problems.append(f"{where}: no {key} in the front matter")
    main, shown = body_html(site, lang, page)
    if main.count("<h1") != 1:
        site.problems.append(f"{where}: {main.count('<h1')} first-level headings, not one")
    alternates = "".join(
        f'<link rel="alternate" hreflang="{code}" href="../{code}/{page}.html">\n'
        for code in LANGS
        if page in site.sources[code]
    )
    alternates += f'<link rel="alternate" hreflang="x-default" href="../en/{page}.html">\n'
    head = _head(
        lang, meta.get("title", page), meta.get("description", ""), alternates, True, "../"
    )
    switch = []
    for code in LANGS:
        if page not in site.sources[code]:
            continue
        name = escape(LANG_NAMES[code])
        if code == lang:
            switch.append(
                f'<li><a href="{page}.html" aria-current="page" lang="{code}">{name}</a></li>'
            )
        else:
            sections = " ".join(site.sections(code, page))
            switch.append(
                f'<li><a href="../{code}/{page}.html" hreflang="{code}" lang="{code}" '
                f'data-sections="{sections}">{name}</a></li>'
            )
    mine = " ".join(site.sections(lang, page))
    header = (
        f'<header>\n<a class="skip" href="#main">{escape(words["site_skip"])}</a>\n'
        f'<p class="site"><a href="index.html">{escape(words["site_name"])}</a></p>\n'
        f'<p class="game"><a href="{GAME}?lang={lang}">{escape(cat["rules_page_play"])}</a> '
        f'<a href="{GAME}?lang={lang}&amp;learn=1">{escape(cat["rules_page_learn"])}</a></p>\n'
        f'<nav class="langs" aria-label="{escape(words["site_language"])}" '
        f'data-sections="{mine}">\n'
        f'<span class="label" aria-hidden="true">{escape(words["site_language"])}:</span>\n'
        f"<ul>{''.join(switch)}</ul>\n</nav>\n</header>\n"
    )
    items = []
    for p in PAGES:
        if p not in site.sources[lang]:
            continue
        text = escape(site.h1(lang, p))
        current = ' aria-current="page"' if p == page else ""
        items.append(f'<li><a href="{p}.html"{current}>{text}</a></li>')
    pages = f'<nav class="pages" aria-label="{escape(words["site_pages"])}">\n<ol>\n'
    pages += "\n".join(items) + "\n</ol>\n</nav>\n"
    order = [p for p in PAGES if p in site.sources[lang]]
    k = order.index(page)
    steps = []
    if k > 0:
        prev = order[k - 1]
        steps.append(
            f'<a rel="prev" href="{prev}.html">← {escape(words["site_prev"])}: '
            f"{escape(site.h1(lang, prev))}</a>"
        )
    if k + 1 < len(order):
        nxt = order[k + 1]
        steps.append(
            f'<a rel="next" href="{nxt}.html">{escape(words["site_next"])}: '
            f"{escape(site.h1(lang, nxt))} →</a>"
        )
    label = escape(f"{words['site_prev']} / {words['site_next']}")
    footer = (
        f'<footer>\n<nav class="steps" aria-label="{label}">{" ".join(steps)}</nav>\n'
        f'<p class="developers"><a href="../reference/{lang}.html">'
        f"{escape(words['site_developers'])}</a></p>\n</footer>\n"
    )
    if page == "cheatsheet":  # (site.js shows it: printing needs a script)
        main += (
            f'\n<p class="print"><button type="button" class="print" hidden>'
            f"{escape(words['site_print'])}</button></p>"
        )
    body = (
        f'<body class="page-{page}">\n{header}<div class="layout">\n{pages}'
        f'<main id="main" tabindex="-1">\n{main}\n</main>\n</div>\n{footer}</body>\n</html>\n'
    )
    return head + body, shown


def chooser(site: Site) -> str:
    """``rules/index.html``: each language's first page, in its own words."""
    from app.shell.i18n import LANG_NAMES

    alternates = "".join(
        f'<link rel="alternate" hreflang="{c}" href="{c}/index.html">\n' for c in LANGS
    )
    alternates += '<link rel="alternate" hreflang="x-default" href="index.html">\n'
    en = site.sources["en"]["index"][0]
    head = _head("en", en.get("title", "1000"), en.get("description", ""), alternates, False, "")
    items = "\n".join(
        f'<li lang="{c}"><a href="{c}/index.html" hreflang="{c}">'
        f"{escape(site.h1(c, 'index'))}</a> · {escape(LANG_NAMES[c])}</li>"
        for c in LANGS
        if "index" in site.sources[c]
    )
    choose = " · ".join(
        f'<span lang="{c}">{escape(site.catalogue[c][CHOOSE])}</span>' for c in LANGS
    )
    return head + (
        '<body class="chooser">\n<main id="main">\n<h1>1000</h1>\n'
        f'<p>{choose}</p>\n<ul class="choose">\n{items}\n</ul>\n</main>\n</body>\n</html>\n'
    )


def redirect(target: str, title: str) -> str:
    """A page that sends its reader on to ``target`` (an old address kept working)."""
    t = escape(target)
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n"
        f'<meta http-equiv="refresh" content="0; url={t}">\n<link rel="canonical" href="{t}">\n'
        f'</head>\n<body>\n<p><a href="{t}">{escape(title)}</a></p>\n</body>\n</html>\n'
    )


def load(catalogue: dict[str, dict[str, str]]) -> Site:
    """Every language's sources and words."""
    sources: dict[str, dict[str, tuple[dict[str, str], str]]] = {}
    for lang in LANGS:
        sources[lang] = {}
        for page in PAGES:
            path = LEARN / lang / f"{page}.md"
            if path.is_file():
                sources[lang][page] = front_matter(path.read_text(encoding="utf-8"))
    words = {lang: site_words(lang) for lang in LANGS}
    return Site(catalogue, words, sources)


def build(out: Path, catalogue: dict[str, dict[str, str]]) -> tuple[list[Path], Site]:
    """Write the players' pages under ``out`` (``out/<lang>/<page>.html``, the chooser
    ``out/index.html``, the assets); the examples' files are ``rules_pages``'."""
    site = load(catalogue)
    written: list[Path] = []
    for lang in LANGS:
        (out / lang).mkdir(parents=True, exist_ok=True)
        for page in site.sources[lang]:
            html, _ = page_html(site, lang, page)
            path = out / lang / f"{page}.html"
            path.write_text(html, encoding="utf-8")
            written.append(path)
    if "index" in site.sources["en"]:
        index = out / "index.html"
        index.write_text(chooser(site), encoding="utf-8")
        written.append(index)
    for asset in sorted(ASSETS.glob("site.*")):
        shutil.copyfile(asset, out / asset.name)
        written.append(out / asset.name)
    return written, site


def problems(out: Path, catalogue: dict[str, dict[str, str]]) -> list[str]:
    """What a build of the site into ``out`` could not place (for the tests)."""
    _, site = build(out, catalogue)
    return site.problems


if __name__ == "__main__":  # pragma: no cover
    print(json.dumps(LANGS))
