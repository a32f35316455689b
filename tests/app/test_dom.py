"""The keyed patcher (``app.dom``): after any sequence of renders the live tree
equals ``to_html`` of the last one, keyed elements keep their identity, and an
unchanged render touches nothing."""

from __future__ import annotations

import random

from fakedom import FakeDocument, FakeElement, find

from app.dom import El, Patcher, el, to_html


def _random_tree(rng: random.Random, depth: int = 0) -> list[El | str]:
    kids: list[El | str] = []
    keys = rng.sample(["a", "b", "c", "d", "e", "f"], rng.randint(0, 5))
    for k in keys:
        attrs = {"class": rng.choice(["x", "y", None]), "data-k": k}
        if rng.random() < 0.3:
            attrs["disabled"] = True
        inner = _random_tree(rng, depth + 1) if depth < 2 and rng.random() < 0.5 else []
        if rng.random() < 0.3:
            kids.append(rng.choice(["t1", "t2", "x & y"]))
        tag = rng.choice(["div", "span", "button"])
        kids.append(el(tag, attrs, *inner, key=k if rng.random() < 0.7 else None))
    if rng.random() < 0.3:
        kids.append(el("svg", {"viewBox": "0 0 1 1"}, el("use", {"href": "#c"})))
    return kids


def _sorted_html(node: El | str) -> str:
    """to_html with attributes in name order (the fake DOM keeps them sorted)."""
    if isinstance(node, str):
        return to_html(node)
    copy = el(node.tag, dict(sorted(node.attrs.items())), key=node.key)
    inner = "".join(_sorted_html(c) for c in node.children)
    return to_html(copy).replace(f"></{node.tag}>", f">{inner}</{node.tag}>", 1)


def test_random_render_sequences_end_equal_to_the_last_tree() -> None:
    rng = random.Random(1)
    for _ in range(300):
        doc = FakeDocument()
        root = FakeElement("main")
        p = Patcher(doc, root)
        for _ in range(6):
            kids = _random_tree(rng)
            p.render(kids)
            assert root.html() == "".join(_sorted_html(k) for k in kids)


def test_keyed_elements_keep_identity_when_moved_and_changed() -> None:
    doc = FakeDocument()
    root = FakeElement("main")
    p = Patcher(doc, root)
    p.render([el("button", {"data-card": c}, c, key=c) for c in ["AS", "KS", "QH"]])
    before = {e.attributes["data-card"]: e for e in find(root, lambda e: e.tag == "button")}
    p.render(
        [el("button", {"data-card": c, "class": "legal"}, c, key=c) for c in ["QH", "AS", "9D"]]
    )
    after = {e.attributes["data-card"]: e for e in find(root, lambda e: e.tag == "button")}
    assert after["QH"] is before["QH"] and after["AS"] is before["AS"]
    assert "KS" not in after and p.created == 1
    assert root.html().startswith('<button class="legal" data-card="QH">QH</button>')


def test_an_unchanged_render_creates_nothing() -> None:
    doc = FakeDocument()
    root = FakeElement("main")
    p = Patcher(doc, root)

    def tree() -> list[El | str]:
        return [el("section", {"id": "s"}, el("svg", {}, el("use", {"href": "#card-AS"})), "t")]

    p.render(tree())
    n = doc.created
    p.render(tree())
    assert doc.created == n and p.created == 0


def test_svg_elements_are_made_in_the_svg_namespace() -> None:
    doc = FakeDocument()
    root = FakeElement("main")
    Patcher(doc, root).render([el("div", {}, el("svg", {}, el("use", {"href": "#x"})))])
    svg = find(root, lambda e: e.tag in ("svg", "use"))
    assert all(e.ns == "http://www.w3.org/2000/svg" for e in svg)
    assert find(root, lambda e: e.tag == "div")[0].ns is None
