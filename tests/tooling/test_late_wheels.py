"""The wheels a page loads after it starts (``tools/buildlib.py split``,
``py/app/shell/online_code.py`` and ``ai_code.py``, ``static/interpreter.mjs``): the
online table's modules and the AI's, each in a wheel of its own. The split moves
exactly them, nothing a page imports at start needs them, and the loader, the build
and the page name the same wheels and the same stored table."""

from __future__ import annotations

import ast
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import buildlib
import pytest

from app.shell import ai_code, online_code, storage

ROOT = Path(__file__).resolve().parents[2]
PY = ROOT / "py"
CODES = (online_code, ai_code)


def _is_in(module: str, code: Any) -> bool:
    return any(module == n or module.startswith(n + ".") for n in code.MODULES)


def _is_late(module: str) -> bool:
    return any(_is_in(module, code) for code in CODES)


def _sources() -> dict[str, Path]:
    """Every module of the engine and of py/app, by name."""
    out = {}
    for path in sorted([*(PY / "thousand").rglob("*.py"), *(PY / "app").rglob("*.py")]):
        rel = path.relative_to(PY).with_suffix("")
        if "__pycache__" not in rel.parts:
            out[".".join(rel.parts).removesuffix(".__init__")] = path
    return out


def _engine_wheel(folder: Path) -> Path:
    members = {  # the modules and the package data (the AI's models)
        f"thousand/{p.relative_to(PY / 'thousand').as_posix()}": p.read_bytes()
        for p in sorted([*(PY / "thousand").rglob("*.py"), *(PY / "thousand").rglob("*.json")])
        if "__pycache__" not in p.parts
    }
    members["thousand-0.1.0.dist-info/METADATA"] = b"Name: thousand\nVersion: 0.1.0\n"
    out = folder / "thousand-0.1.0-py3-none-any.whl"
    buildlib.write_wheel(out, members)
    return out


def test_the_split_moves_exactly_the_online_and_the_ai_modules(tmp_path: Path) -> None:
    app = tmp_path / "src" / "app"
    shutil.copytree(PY / "app", app, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "in").mkdir()
    wheels = [_engine_wheel(tmp_path / "in"), buildlib.app_wheel(app, "0.1.0", tmp_path / "in")]
    (tmp_path / "out").mkdir()
    engine, page_app, late = buildlib.split_late(*wheels, tmp_path / "out")
    assert set(late) == {buildlib.ONLINE_WHEEL, buildlib.AI_WHEEL}
    names = [n for w in (engine, page_app) for n in zipfile.ZipFile(w).namelist()]
    kept = {buildlib.module_of(n) for n in names}
    sources = _sources()
    all_moved: set[str | None] = set()
    for code in CODES:
        wheel = late[code.WHEEL]
        moved = {buildlib.module_of(n) for n in zipfile.ZipFile(wheel).namelist()} - {None}
        assert moved == {m for m in sources if _is_in(m, code)}, code.WHEEL
        assert buildlib.read_wheel(wheel).name == code.WHEEL
        all_moved |= moved
    ai_files = zipfile.ZipFile(late[ai_code.WHEEL]).namelist()
    assert "thousand/ai/data/evaluator.json" in ai_files  # the package's data goes with it
    assert not [n for n in names if n.startswith("thousand/ai/")]
    main_scripts = {"app.main", "app.embed_main"}  # the pages' scripts: in no wheel
    assert kept - {None} == set(sources) - all_moved - main_scripts
    for wheel in (engine, page_app, *late.values()):  # stored, with a RECORD of what is there
        zf = zipfile.ZipFile(wheel)
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}
        record = next(n for n in zf.namelist() if n.endswith(".dist-info/RECORD"))
        listed = {line.split(",")[0] for line in zf.read(record).decode().splitlines()}
        assert listed == set(zf.namelist())


def test_a_split_that_finds_no_late_module_fails(tmp_path: Path) -> None:
    members = {"thousand/__init__.py": b"", "thousand-0.1.0.dist-info/METADATA": b"Name: x\n"}
    engine = tmp_path / "thousand-0.1.0-py3-none-any.whl"
    buildlib.write_wheel(engine, members)
    app = tmp_path / "thousand_app-0.1.0-py3-none-any.whl"
    buildlib.write_wheel(app, {"app/__init__.py": b"", "x-0.1.0.dist-info/METADATA": b"N\n"})
    (tmp_path / "out").mkdir()
    with pytest.raises(ValueError, match=r"online_code\.py MODULES"):
        buildlib.split_late(engine, app, tmp_path / "out")


def _top_level_imports(path: Path, name: str) -> set[str]:
    """The modules ``path`` imports when it is imported (not inside a function, not
    for the type checker only)."""
    tree = ast.parse(path.read_text())
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, *([base] if base else [])])
                found.add(base)
                found.update(f"{base}.{a.name}" for a in node.names)
            elif isinstance(node, ast.If):
                if "TYPE_CHECKING" not in ast.unparse(node.test):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try | ast.With):
                visit(node.body)

    visit(tree.body)
    return found


def test_nothing_a_page_imports_at_start_imports_the_late_code() -> None:
    """A module outside a late wheel imports none of its modules when it is imported
    (inside a function, after ``online_code``'s load or ``ai_code.ready``, it may)."""
    for code in CODES:
        for name, path in _sources().items():
            if _is_in(name, code):
                continue
            late = sorted(m for m in _top_level_imports(path, name) if _is_in(m, code))
            assert not late, f"{name} imports {late} when it is imported"


def test_the_loader_the_build_and_the_page_name_the_same_wheel_and_stored_table(
    page_constant: Callable[[str], object],
) -> None:
    assert page_constant("ONLINE") == online_code.WHEEL == buildlib.ONLINE_WHEEL
    assert page_constant("AI") == ai_code.WHEEL == buildlib.AI_WHEEL
    assert page_constant("NET_KEY") == storage.NET_KEY
    for code in CODES:
        assert code.WHEEL not in page_constant("PACKAGES")  # (not loaded at start)
