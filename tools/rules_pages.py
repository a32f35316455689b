"""The rules as static pages under ``dist/rules/``: the players' site (``tools/rules_site.py``:
``<lang>/<page>.html`` from ``docs/learn/``, the language chooser ``index.html``) and,
here, the developer reference ``reference/{en,ru,uk,pl}.html`` (with the embedding
guide, ``reference/embedding.html``), the example deals (``examples/``, ``diagrams/``)
and the old addresses ``{en,ru,uk,pl}.html``, now sending the reader on to the players'
pages.

    PYTHONPATH=py python3 tools/rules_pages.py OUT_DIR      # build.sh: dist/rules

The build stops when an example of ``tools/rule_examples.py`` is refused by the engine
or no longer shows its rule (``rule_examples.check``).

The reference's text is ``docs/RULES.md`` (English, the reference) and its translations
``docs/rules/{ru,uk,pl}.md``, turned into HTML by :func:`markdown` (a small
subset: headings, paragraphs, lists, tables, emphasis, code, links). At the end
of §5, §7, §8 and §9 comes a live example, a ``<thousand-deal>`` (``embed.js``)
showing a deal of ``tools/rule_examples.py`` with that language's captions; in
it, as its fallback, the same position as a static SVG drawn now by
``thousand.diagram``, so the pages read fully without JavaScript. After the
rules, the house rules in one line each (the catalogue's ``conv.<id>`` and
``conv.<id>.help``, in the editor's groups). Every other word comes from the
catalogues (``py/app/locale``); the pages load nothing from elsewhere.

>>> print(markdown("## §1 Cards\\n\\nThe *ten* beats the `K`.\\n\\n- one\\n- two"))
<h2 id="1-cards">§1 Cards</h2>
<p>The <em>ten</em> beats the <code>K</code>.</p>
<ul>
<li>one</li>
<li>two</li>
</ul>
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

LANGS = ("en", "ru", "uk", "pl")
#: Catalogue keys of the rules pages' own: the chooser's "Choose a language" and the
#: reference's mark on the English text.
CHOOSE = "rules_page_choose"
REFERENCE_TAG = "rules_page_reference_tag"
#: A link target -> its address in the pages (None: the text alone, no link).
Linker = Callable[[str], str | None]

# -- the Markdown subset ---------------------------------------------------------------

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^[-*]\s+(.*)$")
_NUMBER = re.compile(r"^\d+[.)]\s+(.*)$")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_CODE = re.compile(r"`([^`]+)`")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_EM = re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])")


def slug(text: str) -> str:
    """A heading's id: its words in lower case joined by ``-`` (letters of any script
    kept, markup and punctuation dropped), as GitHub makes them."""
    plain = re.sub(r"[*`_]", "", text).lower()
    plain = re.sub(r"[^\w\s-]", "", plain)
    return re.sub(r"\s", "-", plain.strip())


def inline(text: str, link: Linker | None = None) -> str:
    """One line's markup: code spans, links, strong and emphasis; the rest escaped."""
    codes: list[str] = []

    def keep(m: re.Match[str]) -> str:
        codes.append(f"<code>{escape(m.group(1), quote=False)}</code>")
        return f"\x00{len(codes) - 1}\x00"

    out = escape(_CODE.sub(keep, text), quote=False)

    def linked(m: re.Match[str]) -> str:
        label, target = m.group(1), m.group(2).replace("&amp;", "&")
        href = link(target) if link else target
        if href is None:
            return label
        return f'<a href="{escape(href)}">{label}</a>'

    out = _LINK.sub(linked, out)
    out = _STRONG.sub(r"<strong>\1</strong>", out)
    out = _EM.sub(r"<em>\1</em>", out)
    return re.sub("\x00(\\d+)\x00", lambda m: codes[int(m.group(1))], out)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def markdown(text: str, link: Linker | None = None) -> str:
    """HTML for Markdown ``text``: ATX headings (with ids), paragraphs, ``-``/``*`` and
    numbered lists (continuation lines indented), pipe tables with a rule line,
    fenced code blocks, and :func:`inline` markup. Raw HTML is escaped, not passed on."""
    lines = text.replace("\r\n", "\n").split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            i += 1
        elif stripped.startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith("```"):
                j += 1
            code = "\n".join(lines[i + 1 : j])
            out.append(f"<pre><code>{escape(code, quote=False)}</code></pre>")
            i = j + 1
        elif m := _HEADING.match(stripped):
            level, title = len(m.group(1)), m.group(2)
            out.append(f'<h{level} id="{slug(title)}">{inline(title, link)}</h{level}>')
            i += 1
        elif stripped.startswith("|") and i + 1 < len(lines) and _TABLE_RULE.match(lines[i + 1]):
            head = "".join(f"<th>{inline(c, link)}</th>" for c in _cells(stripped))
            rows = []
            i += 2
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append("".join(f"<td>{inline(c, link)}</td>" for c in _cells(lines[i])))
                i += 1
            body = "".join(f"<tr>{r}</tr>\n" for r in rows)
            out.append(
                f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody>\n</table>"
            )
        elif _BULLET.match(stripped) or _NUMBER.match(stripped):
            pattern = _BULLET if _BULLET.match(stripped) else _NUMBER
            tag = "ul" if pattern is _BULLET else "ol"
            items: list[str] = []
            while i < len(lines):
                cur = lines[i]
                if m := pattern.match(cur.strip()):
                    if cur[:1].isspace() and items:  # an indented item: part of the last
                        items[-1] += " " + cur.strip()
                    else:
                        items.append(m.group(1))
                elif cur.strip() and cur[:1].isspace() and items:
                    items[-1] += " " + cur.strip()  # a continuation line
                else:
                    break
                i += 1
            lis = "\n".join(f"<li>{inline(it, link)}</li>" for it in items)
            out.append(f"<{tag}>\n{lis}\n</{tag}>")
        else:
            para = [stripped]
            i += 1
            while i < len(lines):
                nxt = lines[i].strip()
                if (
                    not nxt
                    or _HEADING.match(nxt)
                    or nxt.startswith(("```", "|"))
                    or _BULLET.match(nxt)
                    or _NUMBER.match(nxt)
                ):
                    break
                para.append(nxt)
                i += 1
            out.append(f"<p>{inline(' '.join(para), link)}</p>")
    return "\n".join(out)


# -- the pages -------------------------------------------------------------------------

SECTION = re.compile(r"^## .*?§(\d+)\b", re.MULTILINE)

STYLE = """
body { font: 17px/1.55 Georgia, "Times New Roman", serif; max-width: 46rem; margin: 0 auto;
  padding: 1rem; color: #1d2a20; background: #faf7ef; }
h1, h2, h3 { font-family: system-ui, sans-serif; line-height: 1.25; }
h2 { margin-top: 2.2em; border-bottom: 1px solid #d9cfb0; }
nav { font-family: system-ui, sans-serif; display: flex; flex-wrap: wrap; gap: .4em 1.2em;
  align-items: baseline; }
nav a, .play { padding: .3em 0; }
.play { font-weight: bold; }
.reference { font-style: italic; color: #4a5a4e; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #cfc4a3; padding: .25em .6em; text-align: center; }
code { font-size: .9em; background: #efe8d2; padding: 0 .2em; border-radius: 3px; }
figure.deal { margin: 1.5em 0; }
figure.deal img { max-width: 100%; height: auto; display: block; border-radius: 10px; }
figcaption { font-family: system-ui, sans-serif; font-size: .9em; color: #4a5a4e; }
figcaption strong { color: #1d2a20; }
dl.conventions dt { font-weight: bold; margin-top: .6em; }
dl.conventions dd { margin-left: 1.2em; }
ul.langs { font-size: 1.3em; list-style: none; padding: 0; }
ul.langs li { margin: .5em 0; }
"""


def rules_text(lang: str) -> str:
    """The Markdown of the rules in ``lang`` (English: docs/RULES.md, the reference)."""
    path = ROOT / "docs" / ("RULES.md" if lang == "en" else f"rules/{lang}.md")
    return path.read_text(encoding="utf-8")


def _link(target: str) -> str | None:
    if target.startswith("#"):
        return target
    if target.split("#")[0] == "CONVENTIONS.md":
        return "#house-rules"
    if target.startswith(("http://", "https://")):
        return target
    return None  # files of the repository that the pages do not carry


def _guide_link(target: str) -> str | None:
    """Links of the embedding guide: its own anchors and the web; the rest as text."""
    return target if target.startswith(("#", "http://", "https://")) else None


def _page(lang: str, title: str, body: str, head: str = "") -> str:
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n"
        '<link rel="icon" href="../../static/icon.svg" type="image/svg+xml">\n'
        f"<style>{STYLE}</style>\n{head}</head>\n<body>\n{body}\n</body>\n</html>\n"
    )


def example(lang: str, name: str, words: dict[str, str]) -> tuple[dict[str, object], int]:
    """An example's record in ``lang`` and the step it opens at."""
    import rule_examples

    ex = next(e for e in rule_examples.EXAMPLES if e.name == name)
    record = rule_examples.compose(ex, words)
    return record, rule_examples.show_step(ex, record)


def diagram(lang: str, name: str, words: dict[str, str]) -> str:
    """The static SVG of an example at its step, every hand open."""
    from thousand.diagram import render_record

    record, step = example(lang, name, words)
    return render_record(record, step, open_hands=True, lang=lang)


def figure(lang: str, name: str, words: dict[str, str]) -> str:
    """One live example with its static picture (``examples/`` and ``diagrams/``)."""
    record, step = example(lang, name, words)
    titles = {
        "bidding": words["rules_fig_bidding"],
        "marriage": words["rules_fig_marriage"],
        "bolt": words["rules_fig_bolt"],
        "barrel": words["rules_fig_barrel"],
    }
    notes: dict[str, str] = record.get("notes", {})  # type: ignore[assignment]
    note = notes.get(str(step), titles[name])
    size = re.search(r'width="(\d+)" height="(\d+)"', diagram(lang, name, words))
    width, height = size.groups() if size else ("900", "640")
    return (
        f'<figure class="deal" id="example-{name}">\n'
        f'<thousand-deal src="../examples/{name}.{lang}.json" step="{step}" open lang="{lang}" '
        f'title="{escape(titles[name])}">\n'
        f'<img src="../diagrams/{name}.{lang}.svg" alt="{escape(note)}" '
        f'width="{width}" height="{height}">\n'
        "</thousand-deal>\n"
        f"<figcaption><strong>{escape(titles[name])}.</strong> "
        f"{escape(words['rules_page_live'])}</figcaption>\n</figure>"
    )


def conventions(words: dict[str, str]) -> str:
    """The house rules, one line each, in the editor's groups."""
    from app.library.rules_text import CONVENTION_GROUP, GROUPS

    parts = [
        f'<section id="house-rules">\n<h2>{escape(words["rules_page_conventions"])}</h2>',
        f"<p>{escape(words['rules_page_conventions_intro'])}</p>",
    ]
    for group in GROUPS:
        ids = [c for c, g in CONVENTION_GROUP.items() if g == group]
        parts.append(f'<h3>{escape(words["group." + group])}</h3>\n<dl class="conventions">')
        for c in ids:
            parts.append(
                f'<dt id="conv-{c}">{escape(words["conv." + c])} (<code>{c}</code>)</dt>'
                f"<dd>{escape(words['conv.' + c + '.help'])}</dd>"
            )
        parts.append("</dl>")
    parts.append("</section>")
    return "\n".join(parts)


def rules_page(lang: str, words: dict[str, str]) -> str:
    """The rules in one language, with the examples and the house rules."""
    import rule_examples

    from app.shell.i18n import LANG_NAMES

    text = rules_text(lang)
    at = {ex.section: ex.name for ex in rule_examples.EXAMPLES}
    # Cut the text at its sections (## ...§N), the example at the end of its own.
    cuts = [(m.start(), int(m.group(1))) for m in SECTION.finditer(text)]
    heads = [m.start() for m in re.finditer(r"^## ", text, re.MULTILINE)]
    html: list[str] = []
    start = 0
    pending: str | None = None
    for pos in [*heads, len(text)]:
        html.append(markdown(text[start:pos], _link))
        if pending:
            html.append(figure(lang, pending, words))
            pending = None
        section = next((n for p, n in cuts if p == pos), None)
        pending = at.get(section) if section is not None else None
        start = pos
    tag = f" ({escape(words[REFERENCE_TAG])})"
    others = " ".join(
        f'<a href="{code}.html" hreflang="{code}" lang="{code}">{LANG_NAMES[code]}</a>'
        + (tag if code == "en" else "")
        for code in LANGS
        if code != lang
    )
    play_words = escape(words["rules_page_play"])
    play = f'<a class="play" href="../../index.html?lang={lang}">{play_words}</a>'
    learn_words = escape(words["rules_page_learn"])
    play += (
        f' <a class="play learn" href="../../index.html?lang={lang}&amp;learn=1">{learn_words}</a>'
    )
    nav = (
        f'<nav aria-label="{escape(words["rules_page_languages"])}">{play} '
        f"<span>{escape(words['rules_page_languages'])}:</span> {others}</nav>"
    )
    reference = f'<p class="reference">{escape(words["rules_page_reference"])}</p>'
    body = f"<header>\n{nav}\n{reference}\n</header>\n<main>\n" + "\n".join(h for h in html if h)
    body += "\n" + conventions(words) + "\n</main>"
    script = '<script src="../../embed.js" defer></script>\n'
    return _page(lang, words["rules_page_title"], body, script)


def reference_index(lang: str, words: dict[str, str], site_name: str) -> str:
    """The way back from the reference to the players' pages (first in its header)."""
    return f'<p class="players"><a href="../{lang}/index.html">{escape(site_name)}</a></p>'


def embedding_guide() -> str:
    """``docs/EMBEDDING.md`` as a page of the reference (the authors' page links it)."""
    text = (ROOT / "docs" / "EMBEDDING.md").read_text(encoding="utf-8")
    title = re.search(r"^# (.+)$", text, re.MULTILINE)
    return _page("en", title.group(1) if title else "Embedding", markdown(text, _guide_link))


def build(out: Path) -> list[Path]:
    """Write every rules page under ``out``: the players' site, the reference, the
    example records and their diagrams, the old addresses. Stops (``ValueError``) on an
    example the engine refuses or that does not show its rule."""
    import rule_examples
    import rules_site

    from app.shell.i18n import tables as read_tables

    rule_examples.check()
    tables = read_tables()
    written = []
    for sub in ("examples", "diagrams", "reference"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    for lang in LANGS:
        words = tables[lang]
        for ex in rule_examples.EXAMPLES:
            record, _ = example(lang, ex.name, words)
            path = out / "examples" / f"{ex.name}.{lang}.json"
            path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
            svg = out / "diagrams" / f"{ex.name}.{lang}.svg"
            svg.write_text(diagram(lang, ex.name, words), "utf-8")
            written += [path, svg]
        page = out / "reference" / f"{lang}.html"
        site_name = rules_site.site_words(lang)["site_name"]
        html = rules_page(lang, words).replace(
            "<header>\n", "<header>\n" + reference_index(lang, words, site_name) + "\n", 1
        )
        page.write_text(html, encoding="utf-8")
        old = out / f"{lang}.html"  # the reference's old address: the players' pages now
        old.write_text(rules_site.redirect(f"{lang}/index.html", site_name), encoding="utf-8")
        written += [page, old]
    guide = out / "reference" / "embedding.html"
    guide.write_text(embedding_guide(), encoding="utf-8")
    written.append(guide)
    pages, site = rules_site.build(out, tables)
    for problem in site.problems:
        print(f"  rules pages: {problem}", file=sys.stderr)
    return written + pages


def main(argv: list[str]) -> int:
    """Command line: ``rules_pages.py OUT_DIR``."""
    if len(argv) != 1:
        print(__doc__.splitlines()[2].strip(), file=sys.stderr)
        return 2
    files = build(Path(argv[0]))
    print(f"  rules pages: {len(files)} files in {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
