"""Imports run one way: no module of ``py/`` reaches itself through its imports, the
engine imports nothing of the page, and the page's packages import only downwards.

The graph is read from the source with ``ast``: every ``import`` and ``from ...
import`` anywhere in a module counts, those inside functions (loaded late, for the
page's start-up or the online wheel) included, since a circle hidden in a function
is still a circle to a reader. Only the names imported under ``if TYPE_CHECKING:``
are left out: they are read by the type checker, never run. An edge goes to the
module itself, or to a submodule when a name imported from a package is one.
The order of the page's packages (``LAYERS``) is checked with those names too: a
type named upwards is still a dependency a reader must follow.
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


#: The page's packages (``py/app``) from the bottom up. A package imports only from
#: packages above it in this list (and the engine); the features on one line sit
#: side by side and import none of each other. ``app.main`` and ``app.embed_main``,
#: the two pages' scripts, stand on top of them all.
LAYERS: list[tuple[str, ...]] = [
    ("shell",),  # the DOM patcher, storage, words, the background thinker
    ("table",),  # the game at the table: session, seats, its view and dialogs
    ("library",),  # saved games, rule sets, statistics
    ("replay",),  # the replay, the analysis in words, practice, share links
    ("editor", "lessons", "online"),
    ("page",),  # the game page's model, its one door and its runner
    ("embed",),  # embed.html
]


def graph(typing: bool = False) -> dict[str, set[str]]:
    """Each module of ``py/`` and the modules of ``py/`` it imports (with ``typing``,
    those imported only for the type checker too)."""
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
            if id(node) in typing_only and not typing:
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
    assert len(edges) > 90 and "app.page.update" in edges and "thousand.state" in edges
    assert cycles(edges) == []


def test_the_check_finds_a_circle_hidden_in_a_function() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]
    # and the reading counts a function-local import as an edge
    edges = graph()
    assert "app.page.update_online" in edges["app.page.update"]  # imported inside a function


def layer_of(module: str) -> tuple[int, str] | None:
    """(the layer's index, the package) of a module of the page; None elsewhere."""
    parts = module.split(".")
    if parts[0] != "app" or len(parts) < 2:
        return None
    if parts[1] in ("main", "embed_main"):
        return len(LAYERS), parts[1]
    for i, packages in enumerate(LAYERS):
        if parts[1] in packages:
            return i, parts[1]
    raise AssertionError(f"{module} is in no package of LAYERS")


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Every import that goes up the layers or sideways between features."""
    wrong = []
    for mod, targets in sorted(edges.items()):
        here = layer_of(mod)
        for target in sorted(targets):
            if mod.startswith("thousand") and target.startswith("app"):
                wrong.append(f"{mod} -> {target} (the engine imports nothing of the page)")
            there = layer_of(target)
            if here is None or there is None or here[1] == there[1]:
                continue
            if there[0] >= here[0]:
                wrong.append(f"{mod} -> {target}")
    return wrong


def test_the_page_packages_import_only_downwards() -> None:
    edges = graph(typing=True)
    packages = {m.split(".")[1] for m in edges if m.startswith("app.") and m.count(".") >= 2}
    assert packages == {p for layer in LAYERS for p in layer}
    assert not [
        m
        for m in edges
        if m.startswith("app.")
        and m.count(".") == 1
        and m not in ("app.main", "app.embed_main")
        and layer_of(m) is None
    ]
    assert upward(edges) == []


def test_the_layer_check_finds_an_upward_and_a_sideways_import() -> None:
    edges = {
        "app.table.view": {"app.page.model", "app.shell.dom", "app.table.session"},
        "app.online.netplay": {"app.lessons.lesson", "app.replay.share"},
        "thousand.state": {"app.shell.i18n"},
    }
    assert upward(edges) == [
        "app.online.netplay -> app.lessons.lesson",
        "app.table.view -> app.page.model",
        "thousand.state -> app.shell.i18n (the engine imports nothing of the page)",
    ]
