"""A small keyed virtual DOM: views build trees of ``El``, the glue patches the page.

Views are pure functions returning ``El`` trees (tested in CPython); ``to_html``
serialises a tree (static pages, the loading placeholder, tests) and ``Patcher``
brings a live DOM from the previous tree to the next one with the fewest
changes: an element with the same tag and ``key`` keeps its identity (no
flicker of card faces, focus kept), attributes and texts are changed in place,
keyed children are moved rather than rebuilt.

The patcher talks to any object with the DOM methods it uses
(``createElement``, ``createElementNS``, ``createTextNode``, ``setAttribute``,
``removeAttribute``, ``insertBefore``, ``removeChild``, ``data``,
``childNodes``), so the tests drive it against a fake document and check the
result against ``to_html`` of the new tree. Given ``build`` (static/dom.js's
``thousandBuild`` in the page), it makes each new subtree of ``BATCH``
elements or more in one call instead of one call per element and attribute.

>>> tree = el("ul", {"class": "x"}, el("li", {}, "a", key="a"), el("li", {}, "b & c"))
>>> to_html(tree)
'<ul class="x"><li>a</li><li>b &amp; c</li></ul>'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Union

SVG_NS = "http://www.w3.org/2000/svg"
_VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "source", "col", "area", "wbr"})

Node = Union["El", str]
Child = Union["El", str, None, bool, Iterable[Any]]


class El:
    """One element: tag, attributes (str values; True for a bare attribute), children."""

    __slots__ = ("attrs", "children", "key", "tag")

    def __init__(
        self, tag: str, attrs: Mapping[str, Any], children: list[Node], key: str | None
    ) -> None:
        self.tag = tag
        self.attrs = {k: _attr(v) for k, v in attrs.items() if v is not None and v is not False}
        self.children = children
        self.key = key

    def __repr__(self) -> str:
        return f"El({self.tag!r}, key={self.key!r})"


def _attr(v: Any) -> str:
    if v is True:
        return ""
    return str(v)


def _flatten(items: Iterable[Any], out: list[Node]) -> None:
    for c in items:
        if c is None or c is False or c is True:
            continue
        if isinstance(c, (El, str)):
            if isinstance(c, str) and not c:
                continue
            if isinstance(c, str) and out and isinstance(out[-1], str):
                out[-1] = out[-1] + c  # adjacent texts are one text node in the DOM
            else:
                out.append(c)
        elif isinstance(c, (int, float)):
            _flatten([str(c)], out)
        else:
            _flatten(c, out)


def el(
    tag: str, attrs: Mapping[str, Any] | None = None, *children: Child, key: str | None = None
) -> El:
    """An element; children may be elements, texts, numbers, None/False (skipped) or lists."""
    kids: list[Node] = []
    _flatten(children, kids)
    return El(tag, attrs or {}, kids, key)


def to_html(node: Node) -> str:
    """HTML text of a tree (texts and attribute values escaped)."""
    out: list[str] = []
    _html(node, out)
    return "".join(out)


def _html(node: Node, out: list[str]) -> None:
    # Imported here: the page never serialises, and html.entities is a big
    # module to load on the way to the first render.
    from html import escape

    if isinstance(node, str):
        out.append(escape(node, quote=False))
        return
    out.append("<" + node.tag)
    for k, v in node.attrs.items():
        out.append(f' {k}="{escape(v)}"' if v != "" else f" {k}")
    if node.tag in _VOID:
        out.append(">")
        return
    out.append(">")
    for c in node.children:
        _html(c, out)
    out.append(f"</{node.tag}>")


def text_of(node: Node) -> str:
    """The text content of a tree (tests, accessible names)."""
    if isinstance(node, str):
        return node
    return "".join(text_of(c) for c in node.children)


def find_all(node: Node, pred: Any) -> list[El]:
    """Every element of a tree for which ``pred(el)`` is true, in document order."""
    out: list[El] = []

    def walk(n: Node) -> None:
        if isinstance(n, El):
            if pred(n):
                out.append(n)
            for c in n.children:
                walk(c)

    walk(node)
    return out


#: Elements from which a new subtree is made by static/dom.js in one call.
BATCH = 4


def _plain(node: Node) -> Any:
    """A tree as JSON-ready lists: ``[tag, attrs, [children]]``, texts as strings."""
    if isinstance(node, str):
        return node
    return [node.tag, node.attrs, [_plain(c) for c in node.children]]


def _at_least(node: El, n: int) -> bool:
    """Whether the tree holds ``n`` elements or more (stops counting there)."""
    left = n
    stack = [node]
    while stack:
        el = stack.pop()
        left -= 1
        if left <= 0:
            return True
        stack.extend(c for c in el.children if isinstance(c, El))
    return False


class _Live:
    """An element as it stands on the page: what was rendered and its DOM node."""

    __slots__ = ("attrs", "children", "dom", "key", "tag")

    def __init__(self, node: El, dom: Any) -> None:
        self.tag = node.tag
        self.key = node.key
        self.attrs = node.attrs
        self.dom = dom
        self.children: list[_Live | _LiveText] = []


class _LiveText:
    """A text node as it stands on the page."""

    __slots__ = ("dom", "text")

    def __init__(self, text: str, dom: Any) -> None:
        self.text = text
        self.dom = dom


class Patcher:
    """Keeps a live element's children equal to a tree's, changing as little as possible.

    ``Patcher(document, root).render(children)`` where ``root`` is the live
    container; the first call builds, later calls patch. ``created`` counts the
    elements made by the last call (tests and the no-flicker check use it).
    Trees are never modified, so a view may reuse parts of them.
    """

    def __init__(self, document: Any, root: Any, build: Any = None) -> None:
        self.doc = document
        self.root = root
        self.live: list[_Live | _LiveText] = []
        self.created = 0
        # static/dom.js's thousandBuild(json, svg) -> the nodes it made, in
        # document order: a subtree of BATCH elements or more is made in one call.
        self.build = build

    def render(self, children: Sequence[Node]) -> None:
        """Make ``root``'s children match ``children`` (the first call replaces
        whatever the root held, e.g. a static placeholder)."""
        self.created = 0
        if not self.live:
            while self.root.firstChild:  # JS null is falsy
                self.root.removeChild(self.root.firstChild)
        self.live = self._children(self.root, self.live, children, svg=False)

    def clear(self) -> None:
        """Forget the live tree (the root's children were replaced from outside)."""
        self.live = []

    def _create(self, node: Node, svg: bool) -> _Live | _LiveText:
        if isinstance(node, str):
            return _LiveText(node, self.doc.createTextNode(node))
        if self.build is not None and _at_least(node, BATCH):
            made = self.build(json.dumps(_plain(node)), svg)
            nodes = made.to_py(depth=1) if hasattr(made, "to_py") else list(made)  # one call
            return self._adopt(node, iter(nodes))
        self.created += 1
        svg = svg or node.tag == "svg"
        dom = (
            self.doc.createElementNS(SVG_NS, node.tag) if svg else self.doc.createElement(node.tag)
        )
        for k, v in node.attrs.items():
            dom.setAttribute(k, v)
        live = _Live(node, dom)
        for c in node.children:
            made = self._create(c, svg)
            dom.appendChild(made.dom)
            live.children.append(made)
        return live

    def _adopt(self, node: Node, doms: Iterator[Any]) -> _Live | _LiveText:
        """The live tree of ``node`` over DOM nodes made for it, in document order."""
        dom = next(doms)
        if isinstance(node, str):
            return _LiveText(node, dom)
        self.created += 1
        live = _Live(node, dom)
        live.children = [self._adopt(c, doms) for c in node.children]
        return live

    def _patch(self, old: _Live, new: El, svg: bool) -> _Live:
        dom = old.dom
        oa, na = old.attrs, new.attrs
        if oa != na:
            for k, v in na.items():
                if oa.get(k) != v:
                    dom.setAttribute(k, v)
                    if k == "value" and new.tag in ("input", "select", "textarea"):
                        dom.value = v  # the property, which the user may have changed
            for k in oa:
                if k not in na:
                    dom.removeAttribute(k)
            old.attrs = na
        old.children = self._children(dom, old.children, new.children, svg or new.tag == "svg")
        return old

    def _children(
        self, parent: Any, old: list[_Live | _LiveText], new: Sequence[Node], svg: bool
    ) -> list[_Live | _LiveText]:
        if not old and not new:
            return []
        keyed: dict[tuple[str, str], _Live] = {}
        unkeyed: list[_Live | _LiveText] = []
        for o in old:
            if isinstance(o, _Live) and o.key is not None:
                keyed[(o.tag, o.key)] = o
            else:
                unkeyed.append(o)
        result: list[_Live | _LiveText] = []
        ui = 0
        for n in new:
            match: _Live | _LiveText | None = None
            if isinstance(n, El) and n.key is not None:
                match = keyed.pop((n.tag, n.key), None)
            else:
                # Unkeyed: the next unkeyed old node of the same kind (others are dropped).
                while ui < len(unkeyed) and match is None:
                    cand = unkeyed[ui]
                    ui += 1
                    if (isinstance(n, str) and isinstance(cand, _LiveText)) or (
                        isinstance(n, El) and isinstance(cand, _Live) and cand.tag == n.tag
                    ):
                        match = cand
            made: _Live | _LiveText
            if match is None:
                made = self._create(n, svg)
            elif isinstance(match, _LiveText):
                assert isinstance(n, str)
                if match.text != n:
                    match.dom.data = n
                    match.text = n
                made = match
            else:
                assert isinstance(n, El)
                made = self._patch(match, n, svg)
            result.append(made)
        # Remove what is no longer there, then move kept nodes and insert new ones.
        kept = {id(r) for r in result}
        for o in old:
            if id(o) not in kept:
                parent.removeChild(o.dom)
        cur = [o for o in old if id(o) in kept]  # the DOM's order now
        in_cur = {id(o) for o in cur}
        j = 0
        for node in result:
            if j < len(cur) and cur[j] is node:
                j += 1
                continue
            parent.insertBefore(node.dom, cur[j].dom if j < len(cur) else None)
            if id(node) in in_cur:  # a move: it no longer stands further on
                cur.remove(node)
                in_cur.discard(id(node))
        return result


class Attrs:
    """Attributes of one live element that Python owns, written only when they change.

    Writing an attribute costs a bridge call, and writing it with its own value
    is not free either: ``lang`` on the document element restyles the whole
    page each time (about 5 ms on an idle 2-core machine, 13 ms under load),
    which every render used to pay. ``set`` writes the changed values,
    ``remove`` drops one; other attributes of the element are left alone.
    """

    def __init__(self, element: Any) -> None:
        self.element = element
        self.known: dict[str, str | None] = {}  # None: removed by us

    def set(self, values: Mapping[str, str | None]) -> None:
        """Give the element these attribute values (unchanged ones are not written;
        None removes one)."""
        for k, v in values.items():
            if v is None:
                self.remove(k)
            elif self.known.get(k) != v:
                self.element.setAttribute(k, v)
                self.known[k] = v

    def remove(self, name: str) -> None:
        """Remove an attribute (once: it is known to be gone afterwards)."""
        if name not in self.known or self.known[name] is not None:
            self.element.removeAttribute(name)
            self.known[name] = None
