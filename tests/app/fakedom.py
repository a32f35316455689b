"""A minimal DOM for CPython tests of the patcher (only what ``app.shell.dom`` calls)."""

from __future__ import annotations

import json
from html import escape
from typing import Any


class FakeNode:
    parent: FakeElement | None = None


class FakeText(FakeNode):
    def __init__(self, data: str) -> None:
        self.data = data


class FakeElement(FakeNode):
    def __init__(self, tag: str, ns: str | None = None) -> None:
        self.tag = tag
        self.ns = ns
        self.attributes: dict[str, str] = {}
        self.childNodes: list[FakeNode] = []
        self.value = ""

    def setAttribute(self, k: str, v: str) -> None:
        self.attributes[k] = v

    def getAttribute(self, k: str) -> str | None:
        return self.attributes.get(k)

    def removeAttribute(self, k: str) -> None:
        self.attributes.pop(k, None)

    def _detach(self, node: FakeNode) -> None:
        if node.parent is not None:
            node.parent.childNodes.remove(node)
            node.parent = None

    def appendChild(self, node: FakeNode) -> None:
        self.insertBefore(node, None)

    def insertBefore(self, node: FakeNode, ref: FakeNode | None) -> None:
        self._detach(node)
        if ref is None:
            self.childNodes.append(node)
        else:
            self.childNodes.insert(self.childNodes.index(ref), node)
        node.parent = self

    @property
    def firstChild(self) -> FakeNode | None:
        return self.childNodes[0] if self.childNodes else None

    def removeChild(self, node: FakeNode) -> None:
        assert node.parent is self
        self._detach(node)

    def html(self) -> str:
        return "".join(_html(c) for c in self.childNodes)


def _html(n: FakeNode) -> str:
    if isinstance(n, FakeText):
        return escape(n.data, quote=False)
    assert isinstance(n, FakeElement)
    attrs = "".join(
        f' {k}="{escape(v)}"' if v != "" else f" {k}" for k, v in sorted(n.attributes.items())
    )
    inner = "".join(_html(c) for c in n.childNodes)
    if n.tag in ("br", "input", "img"):
        return f"<{n.tag}{attrs}>"
    return f"<{n.tag}{attrs}>{inner}</{n.tag}>"


class FakeDocument:
    def __init__(self) -> None:
        self.created = 0

    def createElement(self, tag: str) -> FakeElement:
        self.created += 1
        return FakeElement(tag)

    def createElementNS(self, ns: str, tag: str) -> FakeElement:
        self.created += 1
        return FakeElement(tag, ns)

    def createTextNode(self, data: str) -> FakeText:
        return FakeText(data)


class FakeBuild:
    """static/dom.js's ``thousandBuild`` over a FakeDocument: the nodes of the JSON
    subtree, in document order (each element before its children)."""

    SVG_NS = "http://www.w3.org/2000/svg"

    def __init__(self, doc: FakeDocument) -> None:
        self.doc = doc
        self.calls = 0

    def __call__(self, text: str, svg: bool) -> list[FakeNode]:
        self.calls += 1
        nodes: list[FakeNode] = []

        def make(node: Any, in_svg: bool) -> FakeNode:
            if isinstance(node, str):
                t = self.doc.createTextNode(node)
                nodes.append(t)
                return t
            tag, attrs, children = node
            is_svg = in_svg or tag == "svg"
            doc = self.doc
            e = doc.createElementNS(self.SVG_NS, tag) if is_svg else doc.createElement(tag)
            nodes.append(e)
            for k, v in attrs.items():
                e.setAttribute(k, v)
            for c in children:
                e.appendChild(make(c, is_svg))
            return e

        make(json.loads(text), svg)
        return nodes


def find(root: FakeElement, pred: Any) -> list[FakeElement]:
    out: list[FakeElement] = []

    def walk(n: FakeNode) -> None:
        if isinstance(n, FakeElement):
            if pred(n):
                out.append(n)
            for c in n.childNodes:
                walk(c)

    walk(root)
    return out
