"""The online table's modules in a wheel of their own (``tools/buildlib.py split``,
``py/app/shell/online_code.py``, ``static/interpreter.mjs``): the split moves exactly
them, nothing a page imports at start needs them, and the loader, the build and
the page name the same wheel and the same stored table."""

from __future__ import annotations

import ast
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path

import buildlib
import pytest

from app.shell import online_code, storage

ROOT = Path(__file__).resolve().parents[2]
PY = ROOT / "py"


def _is_online(module: str) -> bool:
    return any(module == n or module.startswith(n + ".") for n in online_code.MODULES)


def _sources() -> dict[str, Path]:
    """Every module of the engine and of py/app, by name."""
    out = {}
    for path in sorted([*(PY / "thousand").rglob("*.py"), *(PY / "app").rglob("*.py")]):
        rel = path.relative_to(PY).with_suffix("")
        if "__pycache__" not in rel.parts:
            out[".".join(rel.parts).removesuffix(".__init__")] = path
    return out


def _engine_wheel(folder: Path) -> Path:
    members = {
        f"thousand/{p.relative_to(PY / 'thousand').as_posix()}": p.read_bytes()
        for p in sorted((PY / "thousand").rglob("*.py"))
        if "__pycache__" not in p.parts
    }
    members["thousand-0.1.0.dist-info/METADATA"] = b"Name: thousand\nVersion: 0.1.0\n"
    out = folder / "thousand-0.1.0-py3-none-any.whl"
    buildlib.write_wheel(out, members)
    return out


def test_the_split_moves_exactly_the_online_modules(tmp_path: Path) -> None:
    app = tmp_path / "src" / "app"
    shutil.copytree(PY / "app", app, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "in").mkdir()
    wheels = [_engine_wheel(tmp_path / "in"), buildlib.app_wheel(app, "0.1.0", tmp_path / "in")]
    (tmp_path / "out").mkdir()
    engine, page_app, online = buildlib.split_online(*wheels, tmp_path / "out")
    names = [n for w in (engine, page_app) for n in zipfile.ZipFile(w).namelist()]
    kept = {buildlib.module_of(n) for n in names}
    moved = {buildlib.module_of(n) for n in zipfile.ZipFile(online).namelist()} - {None}
    sources = _sources()
    main_scripts = {"app.main", "app.embed_main"}  # the pages' scripts: in no wheel
    assert moved == {m for m in sources if _is_online(m)}
    assert kept - {None} == set(sources) - moved - main_scripts
    assert buildlib.read_wheel(online).name == buildlib.ONLINE_WHEEL == online_code.WHEEL
    for wheel in (engine, page_app, online):  # stored, with a RECORD of what is there
        zf = zipfile.ZipFile(wheel)
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}
        record = next(n for n in zf.namelist() if n.endswith(".dist-info/RECORD"))
        listed = {line.split(",")[0] for line in zf.read(record).decode().splitlines()}
        assert listed == set(zf.namelist())


def test_a_split_that_finds_no_online_module_fails(tmp_path: Path) -> None:
    members = {"thousand/__init__.py": b"", "thousand-0.1.0.dist-info/METADATA": b"Name: x\n"}
    engine = tmp_path / "thousand-0.1.0-py3-none-any.whl"
    buildlib.write_wheel(engine, members)
    app = tmp_path / "thousand_app-0.1.0-py3-none-any.whl"
    buildlib.write_wheel(app, {"app/__init__.py": b"", "x-0.1.0.dist-info/METADATA": b"N\n"})
    (tmp_path / "out").mkdir()
    with pytest.raises(ValueError, match=r"online_code\.py MODULES"):
        buildlib.split_online(engine, app, tmp_path / "out")


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


def test_nothing_a_page_imports_at_start_imports_the_online_code() -> None:
    for name, path in _sources().items():
        if _is_online(name):
            continue
        online = sorted(m for m in _top_level_imports(path, name) if _is_online(m))
        assert not online, f"{name} imports {online} when it is imported"


def test_the_loader_the_build_and_the_page_name_the_same_wheel_and_stored_table(
    page_constant: Callable[[str], object],
) -> None:
    assert page_constant("ONLINE") == online_code.WHEEL == buildlib.ONLINE_WHEEL
    assert page_constant("NET_KEY") == storage.NET_KEY
    assert online_code.WHEEL not in page_constant("PACKAGES")  # (not loaded at start)
