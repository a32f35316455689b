"""The keyed patcher (``app.shell.dom``): after any sequence of renders the live tree
equals ``to_html`` of the last one, keyed elements keep their identity, and an
unchanged render touches nothing."""

from __future__ import annotations

import random

import pytest
from fakedom import FakeBuild, FakeDocument, FakeElement, find

from app.shell.dom import BATCH, Attrs, El, Patcher, el, to_html


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


@pytest.mark.parametrize("batched", [False, True])
def test_random_render_sequences_end_equal_to_the_last_tree(batched: bool) -> None:
    """With and without static/dom.js's builder (big new subtrees in one call)."""
    rng = random.Random(1)
    calls = 0
    for _ in range(300):
        doc = FakeDocument()
        root = FakeElement("main")
        build = FakeBuild(doc) if batched else None
        p = Patcher(doc, root, build)
        for _ in range(6):
            kids = _random_tree(rng)
            p.render(kids)
            assert root.html() == "".join(_sorted_html(k) for k in kids)
        calls += build.calls if build else 0
    assert (calls > 100) is batched


def test_the_builder_makes_the_same_live_tree_as_one_call_per_node() -> None:
    """Same elements created, same identities kept afterwards: later patches
    cannot tell how a subtree was made."""
    rng = random.Random(7)
    for _ in range(200):
        trees = [_random_tree(rng) for _ in range(5)]
        runs = []
        for build in (False, True):
            doc = FakeDocument()
            root = FakeElement("main")
            p = Patcher(doc, root, FakeBuild(doc) if build else None)
            counts = []
            for kids in trees:
                p.render(kids)
                counts.append((p.created, root.html()))
            runs.append(counts)
        assert runs[0] == runs[1]


def test_a_small_new_subtree_is_made_node_by_node() -> None:
    doc = FakeDocument()
    root = FakeElement("main")
    build = FakeBuild(doc)
    p = Patcher(doc, root, build)
    p.render([el("p", {}, el("b", {}, "x"))])  # 2 elements < BATCH
    assert build.calls == 0
    p.render([el("div", {}, *[el("span", {}, str(i)) for i in range(BATCH)])])
    assert build.calls == 1 and p.created == BATCH + 1


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


@pytest.mark.parametrize("batched", [False, True])
def test_svg_elements_are_made_in_the_svg_namespace(batched: bool) -> None:
    doc = FakeDocument()
    root = FakeElement("main")
    tree = el("div", {}, el("svg", {}, el("use", {"href": "#x"}), el("g", {}, el("use", {}))))
    Patcher(doc, root, FakeBuild(doc) if batched else None).render([tree])
    svg = find(root, lambda e: e.tag in ("svg", "use"))
    assert all(e.ns == "http://www.w3.org/2000/svg" for e in svg)
    assert find(root, lambda e: e.tag == "div")[0].ns is None


class _CountingElement(FakeElement):
    def __init__(self) -> None:
        super().__init__("html")
        self.writes: list[tuple[str, str | None]] = []

    def setAttribute(self, k: str, v: str) -> None:
        self.writes.append((k, v))
        super().setAttribute(k, v)

    def removeAttribute(self, k: str) -> None:
        self.writes.append((k, None))
        super().removeAttribute(k)


def test_attrs_writes_only_what_changed() -> None:
    """Every render sets the page's ``lang`` and the table's data attributes; only a
    change reaches the DOM (the same ``lang`` again restyled the whole page)."""
    e = _CountingElement()
    e.setAttribute("data-ready", "1")  # set by someone else: left alone
    e.writes.clear()
    a = Attrs(e)
    a.set({"lang": "ru", "data-step": "3"})
    a.set({"lang": "ru", "data-step": "3"})
    assert e.writes == [("lang", "ru"), ("data-step", "3")]
    a.set({"lang": "pl", "data-step": "3"})
    a.remove("data-step")
    a.remove("data-step")
    assert e.writes[2:] == [("lang", "pl"), ("data-step", None)]
    a.set({"data-step": "4"})
    assert e.attributes == {"data-ready": "1", "lang": "pl", "data-step": "4"}
    a.remove("data-other")  # never set by us: removed once all the same
    assert e.writes[-1] == ("data-other", None)
