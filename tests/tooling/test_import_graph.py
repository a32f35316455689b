"""Imports run one way: no module of ``py/`` reaches itself through its imports.

The graph is read from the source with ``ast``: every ``import`` and ``from ...
import`` anywhere in a module counts, those inside functions (loaded late, for the
page's start-up or the online wheel) included, since a circle hidden in a function
is still a circle to a reader. Only the names imported under ``if TYPE_CHECKING:``
are left out: they are read by the type checker, never run. An edge goes to the
module itself, or to a submodule when a name imported from a package is one.
"""

from __future__ import annotations

import ast
from pathlib import Path

PY = Path(__file__).resolve().parents[2] / "py"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PY).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def graph() -> dict[str, set[str]]:
    """Each module of ``py/`` and the modules of ``py/`` it imports."""
    paths = {module_name(p): p for p in PY.rglob("*.py") if "egg-info" not in str(p)}
    edges: dict[str, set[str]] = {m: set() for m in paths}
    for mod, path in paths.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {
            id(n)
            for block in ast.walk(tree)
            if isinstance(block, ast.If) and ast.unparse(block.test).endswith("TYPE_CHECKING")
            for n in ast.walk(block)
        }
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*up, base] if base else up)
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in paths else base for a in node.names
                ]
            for t in targets:
                while t and t not in paths:
                    t = t.rpartition(".")[0]
                if t and t != mod:
                    edges[mod].add(t)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_in_py() -> None:
    edges = graph()
    assert len(edges) > 90 and "app.update" in edges and "thousand.state" in edges
    assert cycles(edges) == []


def test_the_check_finds_a_circle_hidden_in_a_function() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]
    # and the reading counts a function-local import as an edge
    edges = graph()
    assert "app.update_online" in edges["app.update"]  # imported inside a function
