"""tools/pycompile.py, run by this CPython (the build runs it inside Pyodide's Python).

The bytecode is then this interpreter's own, so the outputs can be imported
here: a compiled stdlib zip through zipimport, a compiled wheel from its
``__pycache__``, PyScript's tree from a folder of sources.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pycompile
import pytest
from pycompile import (
    CHECKED_HASH,
    NOT_IN_PAGE,
    compile_stdlib,
    compile_tree,
    compile_wheel,
    compile_zipwheel,
    main,
    pyc,
    strip_docstrings,
)

from app.shell.dataclass_code import load

ROOT = Path(__file__).resolve().parents[2]
TAG = sys.implementation.cache_tag
#: The flags word of a hash-based pyc (PEP 552): bit 0 hash-based, bit 1 check the source.
UNCHECKED_FLAGS, CHECKED_FLAGS = 0b01, 0b11


def flags_of(data: bytes) -> int:
    assert data[:4] == importlib.util.MAGIC_NUMBER
    return int.from_bytes(data[4:8], "little")


def test_pyc_header_is_hash_based() -> None:
    data = pyc(b"X = 1\n", "x.py")
    assert flags_of(data) == UNCHECKED_FLAGS
    assert data[8:16] == importlib.util.source_hash(b"X = 1\n")
    assert flags_of(pyc(b"X = 1\n", "x.py", CHECKED_HASH)) == CHECKED_FLAGS


def test_pyc_is_what_py_compile_writes(tmp_path: Path) -> None:
    import py_compile

    src = tmp_path / "m.py"
    src.write_bytes(b"def f():\n    return 1 / 0\n")
    py_compile.compile(
        str(src),
        str(tmp_path / "m.pyc"),
        dfile="pkg/m.py",
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    assert pyc(src.read_bytes(), "pkg/m.py") == (tmp_path / "m.pyc").read_bytes()


STRIPPED = b"""\"\"\"A module.\"\"\"

from __future__ import annotations

import dataclasses


@dataclasses.dataclass
class Point:
    \"\"\"A point.

    More words.
    \"\"\"

    x: int


class Empty:
    \"\"\"Nothing but words.\"\"\"


def f(a: int) -> int:
    \"\"\"Twice ``a``.

    >>> f(2)
    4
    \"\"\"  # a comment
    return 2 * a


def g() -> None:
    "only a docstring"


def h() -> int:
    return 1 // 0
"""


def test_strip_docstrings_keeps_every_line_and_a_dataclass_summary(tmp_path: Path) -> None:
    out = strip_docstrings(STRIPPED)
    assert out.count(b"\n") == STRIPPED.count(b"\n")
    assert b"More words" not in out and b"Twice" not in out and b"Nothing" not in out
    assert b">>>" not in out and b"only a docstring" not in out
    (tmp_path / "stripped_mod.py").write_bytes(out)
    code = (
        "import stripped_mod as m, traceback\n"
        "print(m.__doc__, m.Point.__doc__, m.Empty.__doc__, m.f.__doc__, m.f(3), m.g())\n"
        "try:\n    m.h()\nexcept ZeroDivisionError as e:\n"
        "    print(traceback.extract_tb(e.__traceback__)[-1].lineno)"
    )
    first, line = run_isolated(code, tmp_path).splitlines()
    assert first == "None A point. None None 6 None"
    assert int(line) == STRIPPED.splitlines().index(b"    return 1 // 0") + 1


def test_strip_docstrings_refuses_a_statement_after_a_docstring() -> None:
    with pytest.raises(ValueError, match="follows a docstring"):
        strip_docstrings(b'def f():\n    "doc"; return 1\n')


def run_isolated(code: str, path: Path) -> str:
    """Run ``code`` in a fresh interpreter with ``path`` first on sys.path."""
    out = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(path)!r}); {code}"],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


def test_compile_stdlib_keeps_only_bytecode_and_data(tmp_path: Path) -> None:
    src = tmp_path / "lib.zip"
    with zipfile.ZipFile(src, "w") as zf:
        zf.writestr("pkgx/__init__.py", "from .mod import VALUE\n")
        zf.writestr("pkgx/mod.py", "VALUE = 41 + 1\n")
        zf.writestr("pkgx/data.txt", "kept")
        zf.writestr("py2only.py", "print 'old'\n")
    out = tmp_path / "out.zip"
    assert compile_stdlib(src, out) == 2
    names = zipfile.ZipFile(out).namelist()
    assert sorted(names) == ["pkgx/__init__.pyc", "pkgx/data.txt", "pkgx/mod.pyc", "py2only.py"]
    assert run_isolated("import pkgx; print(pkgx.VALUE)", out) == "42"
    assert compile_stdlib(src, tmp_path / "again.zip") == 2
    assert (tmp_path / "again.zip").read_bytes() == out.read_bytes(), "deterministic"


def make_wheel(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("pkgy/__init__.py", "from .core import twice\n")
        zf.writestr("pkgy/core.py", "def twice(x):\n    return 2 * x\n")
        zf.writestr("pkgy/_build.py", "BUILD = 'b'\n")
        zf.writestr("pkgy-1.0.dist-info/METADATA", "Name: pkgy\nVersion: 1.0\n\n# The README\n")
        zf.writestr("pkgy-1.0.dist-info/RECORD", "pkgy/__init__.py,sha256=x,1\n")
    return path


def test_compile_wheel_adds_pycache_and_record_lines(tmp_path: Path) -> None:
    out = tmp_path / "out.whl"
    assert compile_wheel(make_wheel(tmp_path / "pkgy-1.0-py3-none-any.whl"), out) == 2
    with zipfile.ZipFile(out) as zf:
        names = zf.namelist()
        record = zf.read("pkgy-1.0.dist-info/RECORD").decode()
        zf.extractall(tmp_path / "site")
    assert f"pkgy/__pycache__/core.{TAG}.pyc" in names
    assert f"pkgy/__pycache__/__init__.{TAG}.pyc" in names
    assert not any("_build" in n and n.endswith(".pyc") for n in names), "left as source"
    assert f"pkgy/__pycache__/core.{TAG}.pyc,sha256=" in record
    assert "pkgy/core.py" in names, "sources stay for tracebacks"
    # The bytecode is what runs: change the source, the cached code still answers.
    (tmp_path / "site/pkgy/core.py").write_text("def twice(x):\n    return 0\n")
    assert run_isolated("import pkgy; print(pkgy.twice(21))", tmp_path / "site") == "42"


def test_compile_zipwheel_is_imported_from_the_wheel_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the page does: the wheel on sys.path, zipimport reads mod.pyc; the
    source of a compiled module and the modules the page never imports stay out."""
    monkeypatch.setattr(pycompile, "NOT_IN_PAGE", ("pkgy/_build.py",))
    out = tmp_path / "pkgy-1.0-py3-none-any.whl"
    assert compile_zipwheel(make_wheel(tmp_path / "src.whl"), out) == 2
    zf = zipfile.ZipFile(out)
    names = zf.namelist()
    assert "pkgy/core.pyc" in names and "pkgy/core.py" not in names
    assert not [n for n in names if n.startswith("pkgy/_build")]
    record = zf.read("pkgy-1.0.dist-info/RECORD").decode()
    assert "pkgy/core.pyc" in record and "_build" not in record and "core.py," not in record
    assert zf.read("pkgy-1.0.dist-info/METADATA").decode() == "Name: pkgy\nVersion: 1.0\n"
    code = "import pkgy.core as m; print(m.twice(21), m.__spec__.origin.rsplit('/', 1)[1])"
    assert run_isolated(code, out) == "42 core.pyc"


def test_compile_tree_writes_checked_bytecode_for_a_pycache(tmp_path: Path) -> None:
    src = tmp_path / "pkgz"
    src.mkdir()
    (src / "__init__.py").write_text("from .util import NAME\n")
    (src / "util.py").write_text("NAME = 'compiled'\n")
    out = tmp_path / "pyc.zip"
    assert compile_tree(src, out) == 2
    with zipfile.ZipFile(out) as zf:
        assert sorted(zf.namelist()) == [f"__init__.{TAG}.pyc", f"util.{TAG}.pyc"]
        assert flags_of(zf.read(f"util.{TAG}.pyc")) == CHECKED_FLAGS
        zf.extractall(src / "__pycache__")
    assert run_isolated("import pkgz; print(pkgz.NAME)", tmp_path) == "compiled"
    # Checked hash: a changed source is compiled afresh, not shadowed by the old code.
    (src / "util.py").write_text("NAME = 'edited'\n")
    assert run_isolated("import pkgz; print(pkgz.NAME)", tmp_path) == "edited"


def test_main_runs_several_jobs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wheel = make_wheel(tmp_path / "pkgy-1.0-py3-none-any.whl")
    src = tmp_path / "tree"
    src.mkdir()
    (src / "a.py").write_text("A = 1\n")
    out1, out2 = tmp_path / "w.whl", tmp_path / "t.zip"
    assert main(["wheel", str(wheel), str(out1), "--", "tree", str(src), str(out2)]) == 0
    assert out1.is_file() and out2.is_file()
    assert "2 modules" in capsys.readouterr().out
    assert main(["bogus", "a", "b"]) == 2


@pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
    reason="needs node and node_modules/pyodide (./build.sh installs them)",
)
def test_pyc_mjs_works_from_a_checkout_under_the_temp_folder(tmp_path: Path) -> None:
    """A fresh clone under /tmp: the repository and the temp folder are both host
    folders that Pyodide's own file system already has or nests (it once failed with
    "directory '/tmp' is not empty")."""
    repo = tmp_path / "clone"
    (repo / "tools").mkdir(parents=True)
    for name in ("pyc.mjs", "pycompile.py"):
        shutil.copy(ROOT / "tools" / name, repo / "tools" / name)
    (repo / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    src = repo / "src"
    src.mkdir()
    (src / "mod.py").write_text("X = 1\n")
    out = tmp_path / "out.zip"
    run = subprocess.run(
        ["node", str(repo / "tools" / "pyc.mjs"), "tree", str(src), str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    names = zipfile.ZipFile(out).namelist()
    assert len(names) == 1 and names[0].startswith("mod.") and names[0].endswith(".pyc")


def test_dataclasses_job_records_every_page_module(tmp_path: Path) -> None:
    """The ``dataclasses`` job (in a fresh interpreter, as in the build): imports
    each module of the wheels except NOT_IN_PAGE and __main__, and writes
    the code that app.shell.dataclass_code then reuses for exactly those classes."""
    engine = tmp_path / "thousand-0.1-py3-none-any.whl"
    with zipfile.ZipFile(engine, "w") as zf:
        zf.writestr("thousand/__init__.py", "")
        zf.writestr(
            "thousand/rules.py",
            "from dataclasses import dataclass\n"
            "@dataclass(frozen=True)\nclass Rules:\n    target: int = 1000\n",
        )
        zf.writestr("thousand/arena.py", "raise SystemExit('NOT_IN_PAGE is imported')\n")
        zf.writestr("thousand-0.1.dist-info/METADATA", "Name: thousand\n")
    app = tmp_path / "thousand_app-0.1-py3-none-any.whl"
    with zipfile.ZipFile(app, "w") as zf:
        zf.writestr("app/__init__.py", "")
        zf.writestr("app/shell/__init__.py", "")
        zf.writestr("app/table/__init__.py", "")
        zf.writestr(
            "app/shell/dataclass_code.py", (ROOT / "py/app/shell/dataclass_code.py").read_text()
        )
        zf.writestr(
            "app/table/view.py",
            "from dataclasses import dataclass\nfrom pyscript import document\n"
            "@dataclass\nclass Seat:\n    name: str\n    points: int = 0\n",
        )
        zf.writestr("app/__main__.py", "raise SystemExit('__main__ is imported')\n")
    out = tmp_path / "dataclass-code.bin"
    job = ["dataclasses", str(engine), str(app), str(out)]
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools/pycompile.py"), *job],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    # One source per class (Python 3.13+) or per method (before): count them.
    count = int(re.search(r"\((\d+) dataclass sources,", run.stdout)[1])  # type: ignore[index]
    assert count >= 2 and len(load(out.read_bytes())) == count
    assert main(["dataclasses", "only-one-arg"]) == 2


def test_code_imports_follows_what_importing_runs_and_the_packages_own_lazy_parts() -> None:
    source = (
        "import os.path\n"
        "from . import sibling\n"
        "from json import loads\n"
        "class C:\n"
        "    import struct\n"
        "def f():\n"
        "    import pydoc\n"
        "    from . import _lazy_part\n"
        "if __name__ == '__main__':\n"
        "    import doctest\n"
    )
    code = compile(source, "mod.py", "exec")
    eager = pycompile.code_imports(code, "pkg.mod", False, lazy=False)
    assert {"os", "os.path", "pkg", "pkg.sibling", "json", "json.loads", "struct"} <= eager
    assert "pkg._lazy_part" in eager  # its own package's parts, even from a function
    assert "pydoc" not in eager and "doctest" not in eager
    every = pycompile.code_imports(code, "pkg.mod", False)
    assert {"pydoc", "pkg._lazy_part", "doctest"} <= every


def test_page_stdlib_keeps_what_the_roots_can_import_and_nothing_else(tmp_path: Path) -> None:
    src = tmp_path / "lib.zip"
    with zipfile.ZipFile(src, "w") as zf:
        zf.writestr("used.py", "import dep\ndef later():\n    import unused_by_call\n")
        zf.writestr("dep.py", "X = 1\n")
        zf.writestr("unused_by_call.py", "")
        zf.writestr("snippet_mod.py", "")
        zf.writestr("never.py", "")
        zf.writestr("pkgz/__init__.py", "")
        zf.writestr("pkgz/data.txt", "kept with its package")
        zf.writestr("pkgz/part.py", "")
        zf.writestr("multiprocessing/__init__.py", "")
    compiled = tmp_path / "lib-pyc.zip"
    compile_stdlib(src, compiled)
    wheel = tmp_path / "ours-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("ours/__init__.pyc", pyc(b"import used\ndef g():\n    import pkgz.part\n", "x"))
        zf.writestr("ours/mp.pyc", pyc(b"import multiprocessing\n", "x"))
    script = tmp_path / "main.py"
    script.write_text("import ours\n")
    js = tmp_path / "core.js"
    js.write_text("runPython(`import snippet_mod, nothing_of_ours`)")
    out = tmp_path / "page.zip"
    kept = pycompile.page_stdlib(compiled, [wheel, script, js], out)
    names = set(zipfile.ZipFile(out).namelist())
    wanted = {"used.pyc", "dep.pyc", "snippet_mod.pyc", "pkgz/__init__.pyc", "pkgz/part.pyc"}
    assert wanted | {"pkgz/data.txt"} <= names
    assert not {"never.pyc", "unused_by_call.pyc", "multiprocessing/__init__.pyc"} & names
    assert kept >= len(wanted)
    assert run_isolated("import used, pkgz.part; print(used.dep.X)", out) == "1"


def test_no_module_the_page_loads_imports_one_left_out_of_it_when_imported() -> None:
    """A module of NOT_IN_PAGE may be imported by the page's modules only inside a
    function (the arena's paths), never when they are imported; and no level the
    page offers takes such a path (the endgame search is behind ``fused_cards``, the
    models of inference behind ``play_inference`` and ``auction_policy``; the lab's
    variants and their models are not in the package at all, ``bench/lab``)."""
    import ast

    from thousand.ai.settings import LEVELS

    left_out = {p.removesuffix(".py").replace("/", ".") for p in NOT_IN_PAGE}
    found = []
    for path in sorted((ROOT / "py" / "thousand").rglob("*.py")):
        rel = path.relative_to(ROOT / "py").as_posix()
        if rel in NOT_IN_PAGE:
            continue
        package = rel.removesuffix(".py").replace("/", ".").rsplit(".", 1)[0]
        for node in ast.parse(path.read_text()).body:  # the module's own statements only
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                names = {base} | {f"{base}.{a.name}" for a in node.names}
            elif isinstance(node, ast.Import):
                names = {a.name for a in node.names}
            else:
                continue
            found += [(rel, n) for n in names & left_out]
    assert found == []
    assert "thousand.ai.endgame" in left_out and "thousand.ai.oracle" in left_out
    assert {"thousand.ai.inference", "thousand.ai.bidmodel"} <= left_out
    assert all(s.fused_cards == 0 for s in LEVELS.values())
    # The fitted models of inference are behind flags off at every level the page
    # offers, and the levels value hands by the shipped models only.
    assert all(s.play_inference == 0 and s.auction_policy == 0 for s in LEVELS.values())
    assert not any(s.rule_models for s in LEVELS.values())
    assert all(s.value_model in ("play", "play_rich") for s in LEVELS.values())
    assert not (ROOT / "py" / "thousand" / "ai" / "variant_models.py").exists()
