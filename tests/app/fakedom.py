"""A minimal DOM for CPython tests of the patcher (only what ``app.dom`` calls)."""

from __future__ import annotations

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
