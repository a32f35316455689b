"""Bytecode for Pyodide's Python, made at build time so the browser never compiles.

Pyodide ships its standard library and our wheels as ``.py`` sources and runs
with ``sys.dont_write_bytecode``: every module is compiled again on every
page load. This module writes ``.pyc`` files instead. It must run *inside*
Pyodide's own Python (the bytecode format belongs to one CPython version);
``tools/pyc.mjs`` starts that Python under node from ``node_modules/pyodide``
and calls :func:`main`. Under another Python (the unit tests) it works the
same but writes bytecode for that Python.

Jobs (several in one call, separated by ``--``)::

    stdlib SRC.zip OUT.zip   python_stdlib.zip with every module as .pyc only
                             (unchecked hash: the zip is replaced as a whole)
    wheel SRC.whl OUT.whl    the wheel plus __pycache__/*.pyc for each module
                             (unchecked hash), RECORD updated; _build.py is
                             left as source so a re-stamped build stays right
    zipwheel SRC.whl OUT.whl the page's wheel: each mod.py replaced by mod.pyc,
                             where zipimport finds it (the page puts the
                             wheel itself on sys.path), compiled without its
                             docstrings (strip_docstrings); _build.py as
                             source; no NOT_IN_PAGE modules, no README in
                             METADATA
    tree SRC_DIR OUT.zip     SRC_DIR's *.py as a zip of NAME.<tag>.pyc files
                             (checked hash: used only while the source that
                             PyScript writes is byte-identical), stored, for
                             unpacking into a __pycache__ folder
    pagestdlib STDLIB.zip ROOT... OUT.zip
                             the page's standard library: the modules of the
                             compiled STDLIB.zip that the ROOTs can import
                             (import_closure), nothing else; a ROOT is a zip
                             of .pyc (the page's wheels, PyScript's package),
                             a .py script, or a text (JavaScript, HTML) whose
                             Python snippets are read for their imports
    dataclasses WHL... OUT   imports every page module of the wheels and writes
                             the code of their dataclasses' generated methods
                             (py/app/shell/dataclass_code.py: the page reuses it
                             instead of compiling those sources at start-up)

Every ``.pyc`` is written by ``py_compile`` (hash-based, PEP 552: unchecked
where the zip is replaced as a whole, checked for PyScript's package). All
outputs are deterministic: same input bytes, same output bytes.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import importlib
import importlib.util
import marshal
import py_compile
import re
import sys
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

#: Fixed timestamp for zip entries we add (1980-01-01, the zip epoch).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
#: Modules never compiled into a wheel (``buildlib stamp`` rewrites them later).
SOURCE_ONLY = ("_build.py",)
#: py_compile's invalidation modes of a hash-based pyc (PEP 552).
UNCHECKED_HASH = py_compile.PycInvalidationMode.UNCHECKED_HASH
CHECKED_HASH = py_compile.PycInvalidationMode.CHECKED_HASH


def pyc(
    source: bytes, filename: str, mode: py_compile.PycInvalidationMode = UNCHECKED_HASH
) -> bytes:
    """Return the bytes of a hash-based ``.pyc`` of ``source`` for the running Python,
    as ``py_compile`` writes it (``filename`` is the name tracebacks show)."""
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp, "source.py"), Path(tmp, "source.pyc")
        src.write_bytes(source)
        try:
            py_compile.compile(
                str(src), str(out), dfile=filename, doraise=True, invalidation_mode=mode
            )
        except py_compile.PyCompileError as error:  # (raised as compile() would)
            raise error.exc_value from None
        return out.read_bytes()


def _is_docstring(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


_DOC_OWNERS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _doc_replacement(owner: ast.AST) -> str | None:
    """What a docstring of ``owner`` becomes: None (gone), ``pass`` (the body's only
    statement) or, for a decorated class, its first line (``@dataclass`` would
    otherwise make one from the class's signature, with ``inspect``, at import)."""
    assert isinstance(owner, _DOC_OWNERS)
    if isinstance(owner, ast.ClassDef) and owner.decorator_list:
        doc = ast.get_docstring(owner, clean=True) or ""
        return repr(doc.split("\n", 1)[0] or owner.name)
    return "pass" if len(owner.body) == 1 and not isinstance(owner, ast.Module) else None


def strip_docstrings(source: bytes) -> bytes:
    """``source`` without its docstrings (module, class and function), every other
    line where it was (tracebacks stay right): the page never reads ``__doc__``
    and the doctests run against the sources in py/. A decorated class keeps its
    docstring's first line (see ``_doc_replacement``). The result is checked
    against the same removal done on the syntax tree."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    edits = []
    for owner in ast.walk(tree):
        if isinstance(owner, _DOC_OWNERS) and owner.body and _is_docstring(owner.body[0]):
            doc = owner.body[0]
            assert doc.end_lineno is not None and doc.end_col_offset is not None
            edits.append((doc.lineno, doc.col_offset, doc.end_lineno, doc.end_col_offset, owner))
    for first, col, last, end_col, owner in sorted(edits, key=lambda e: e[:2], reverse=True):
        tail = lines[last - 1][end_col:]
        if tail.strip() and not tail.lstrip().startswith(b"#"):
            raise ValueError(f"line {last}: a statement follows a docstring on its line")
        new = _doc_replacement(owner)
        lines[first - 1] = lines[first - 1][:col] + (new or "").encode() + tail
        for i in range(first, last):
            lines[i] = b"\n"
    out = b"".join(lines)
    for owner in ast.walk(tree):  # the same removal on the tree, to check the text's
        if isinstance(owner, _DOC_OWNERS) and owner.body and _is_docstring(owner.body[0]):
            new = _doc_replacement(owner)
            del owner.body[0]
            if new is not None:
                owner.body.insert(0, ast.parse(new).body[0])
    if ast.dump(ast.parse(out)) != ast.dump(tree):
        raise ValueError("stripping the docstrings changed more than the docstrings")
    return out


def cache_tag() -> str:
    """Return the running Python's bytecode tag (``cpython-314`` in Pyodide 314)."""
    tag = sys.implementation.cache_tag
    if not tag:
        raise RuntimeError("this Python does not use a bytecode cache")
    return tag


def _entry(name: str, date: tuple[int, int, int, int, int, int] = ZIP_DATE) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def compile_stdlib(src: Path, out: Path) -> int:
    """Write ``out``: the stdlib zip ``src`` with each ``.py`` replaced by its ``.pyc``.

    zipimport finds ``mod.pyc`` next to where ``mod.py`` was; unchecked hash
    pycs are used as they are. Files that do not compile (none in a release,
    but a stdlib may hold Python 2 test data) stay sources. Returns the
    number of modules compiled.
    """
    compiled = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".py"):
                try:
                    code = pyc(data, info.filename)
                except SyntaxError:
                    pass
                else:
                    zout.writestr(_entry(info.filename + "c", info.date_time), code)
                    compiled += 1
                    continue
            copy = _entry(info.filename, info.date_time)
            copy.external_attr = info.external_attr
            zout.writestr(copy, data)
    return compiled


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_wheel(src: Path, out: Path, source_only: Iterable[str] = SOURCE_ONLY) -> int:
    """Write ``out``: wheel ``src`` plus a ``__pycache__`` pyc for each of its modules.

    The sources stay (tracebacks show the lines). ``*.dist-info/RECORD`` gets
    a line per added file. Returns the number of modules compiled.
    """
    tag = cache_tag()
    skip = tuple(source_only)
    added: list[tuple[str, bytes]] = []
    with zipfile.ZipFile(src) as zin:
        infos = zin.infolist()
        contents = {info.filename: zin.read(info) for info in infos}
    for name, data in contents.items():
        if not name.endswith(".py") or name.endswith(skip) or ".dist-info/" in name:
            continue
        folder, _, base = name.rpartition("/")
        target = f"{folder + '/' if folder else ''}__pycache__/{base[:-3]}.{tag}.pyc"
        if target not in contents:
            added.append((target, pyc(data, name)))
    records = [n for n in contents if n.endswith(".dist-info/RECORD")]
    with zipfile.ZipFile(out, "w") as zout:
        for info in infos:
            data = contents[info.filename]
            if info.filename in records:
                lines = data.decode().splitlines()
                lines += [_record_line(n, d) for n, d in added]
                data = ("\n".join(lines) + "\n").encode()
            zout.writestr(_entry(info.filename, info.date_time), data)
        for name, data in added:
            zout.writestr(_entry(name), data)
    return len(added)


def compile_tree(src_dir: Path, out: Path) -> int:
    """Write ``out``: a zip of ``NAME.<tag>.pyc`` (checked hash) for each ``src_dir/*.py``.

    The entries are stored, not deflated, so the page writes them into its file
    system straight from the bytes (static/interpreter.mjs), without Python.
    """
    tag = cache_tag()
    sources = sorted(src_dir.glob("*.py"))
    with zipfile.ZipFile(out, "w") as zout:
        for path in sources:
            data = path.read_bytes()
            code = pyc(data, path.name, CHECKED_HASH)
            entry = _entry(f"{path.stem}.{tag}.pyc")
            entry.compress_type = zipfile.ZIP_STORED
            zout.writestr(entry, code)
    return len(sources)


#: Command-line and benchmark modules the page never imports: left out of the
#: wheels the page loads (the installed package keeps them). The AI's benchmark
#: oracle and its endgame search behind an off flag (``Settings.fused_cards``)
#: are the arena's only, and so are the fitted models of inference
#: (``ai/inference.py`` and ``ai/bidmodel.py`` with their data, behind
#: ``Settings.play_inference`` and ``auction_policy``, off at every level; the AI
#: lab's variants and the models only they use are not in the package at all,
#: ``bench/lab``); tests/tooling/test_pycompile.py checks that no page module
#: imports them when it is imported and that no level needs them. The diagram and
#: the card art stay in: the deal editor publishes a step's SVG diagram on the page
#: (imported only then).
NOT_IN_PAGE = (
    "thousand/__main__.py",
    "thousand/arena.py",
    "thousand/bench.py",
    "thousand/fuzz.py",
    "thousand/ai/fuzz.py",
    "thousand/ai/oracle.py",
    "thousand/ai/endgame.py",
    "thousand/ai/inference.py",
    "thousand/ai/bidmodel.py",
    "thousand/ai/data/play_model.json",
    "thousand/ai/data/bid_model.json",
)


def compile_zipwheel(src: Path, out: Path, source_only: Iterable[str] = SOURCE_ONLY) -> int:
    """Write ``out``: the page's copy of wheel ``src``, in one pass: each module as
    ``mod.pyc`` where ``mod.py`` was (zipimport imports it without the source),
    without the modules the page never imports (``NOT_IN_PAGE``), METADATA
    without the long description (the README), and RECORD written anew for the
    files as they are. Returns the number of modules compiled."""
    skip = tuple(source_only)
    with zipfile.ZipFile(src) as zin:
        infos = [i for i in zin.infolist() if i.filename not in NOT_IN_PAGE]
        contents = {i.filename: zin.read(i) for i in infos}
    files: dict[str, tuple[tuple[int, int, int, int, int, int], bytes]] = {}
    compiled = 0  # (docstrings stripped: the page never reads __doc__)
    for info in infos:
        name, data = info.filename, contents[info.filename]
        if name.endswith(".py") and not name.endswith(skip) and ".dist-info/" not in name:
            name, data = name + "c", pyc(strip_docstrings(data), name)
            compiled += 1
        elif name.endswith(".dist-info/METADATA"):
            data = data.split(b"\n\n", 1)[0] + b"\n"  # the headers; not the README
        files[name] = (info.date_time, data)
    for name, (date, _data) in list(files.items()):
        if name.endswith(".dist-info/RECORD"):
            lines = [_record_line(n, d) for n, (_, d) in files.items() if n != name]
            files[name] = (date, ("\n".join([*lines, f"{name},,"]) + "\n").encode())
    with zipfile.ZipFile(out, "w") as zout:
        for name, (date, data) in files.items():
            zout.writestr(_entry(name, date), data)
    return compiled


def _page_modules(wheel: Path) -> list[str]:
    """The importable modules of the page's copy of ``wheel`` (the pages' scripts,
    which run a page when imported, are not in the wheels: buildlib leaves them out)."""
    with zipfile.ZipFile(wheel) as z:
        names = [n for n in z.namelist() if n.endswith((".py", ".pyc")) and ".dist-info/" not in n]
    modules = []
    for name in names:
        if name in NOT_IN_PAGE or name.removesuffix("c") in NOT_IN_PAGE:
            continue
        module = name.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
        if not module.endswith("__main__"):
            modules.append(module)
    return sorted(set(modules))


def compile_dataclasses(wheels: list[Path], out: Path) -> int:
    """Write ``out``: the code of the dataclasses defined on importing every page
    module of ``wheels`` (in a fresh interpreter: a class created before this
    is not seen). Returns the number of generated sources (one per class since
    Python 3.13, one per method before)."""
    import types

    sys.path[:0] = [str(w) for w in wheels]
    # py/app reads the DOM through PyScript's module; importing needs only its names.
    stub = types.ModuleType("pyscript")
    stub.document = stub.window = None  # type: ignore[attr-defined]
    sys.modules.setdefault("pyscript", stub)
    from app.shell import dataclass_code  # the format's one home (py/app)

    with dataclass_code.recording() as codes:
        for wheel in wheels:
            for module in _page_modules(wheel):
                importlib.import_module(module)
    out.write_bytes(dataclass_code.dump(codes))
    return len(codes)


#: Always in the page's standard library: Pyodide's own modules (its start-up
#: and its JavaScript bridge import them) and the codecs a browser page may ask
#: for by name (codec lookups import ``encodings.<name>`` at run time, which no
#: import statement shows).
PAGE_STDLIB_ALWAYS = (
    "_pyodide",
    "_pyodide._base",
    "_pyodide._importhook",
    "pyodide",
    "pyodide.ffi",
    "pyodide.webloop",
    "encodings",
    "encodings.aliases",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "encodings.utf_16",
    "encodings.utf_16_le",
    "encodings.utf_16_be",
    "encodings.utf_32",
    "encodings.raw_unicode_escape",
    "encodings.unicode_escape",
    "encodings.idna",
    "encodings.punycode",
    "encodings.cp437",
    "encodings.base64_codec",
    "encodings.hex_codec",
)
#: The modules this Python had imported when it started (tools/pyc.mjs sets them
#: before this module is imported; what a fresh Pyodide imports at start-up).
START_MODULES: frozenset[str] = frozenset(sys.modules)
#: A code object's flag that marks a function's code (not a module's or a class body's).
CO_OPTIMIZED = 0x1
#: Never in the page's standard library: processes and subinterpreters, which
#: Pyodide cannot start (``concurrent.futures`` names them lazily).
PAGE_STDLIB_NEVER = (
    "multiprocessing",
    "concurrent.futures.process",
    "concurrent.futures.interpreter",
    "concurrent.interpreters",
)
_IMPORT_TEXT = re.compile(
    r"\b(?:from\s+([A-Za-z_][\w.]*)\s+import"
    r"|import\s+([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*))"
)


def _module_name(entry: str) -> str | None:
    """The module an entry of a zip of .pyc holds (``a/b/__init__.pyc`` -> ``a.b``)."""
    if not entry.endswith(".pyc") or "/__pycache__/" in entry or ".dist-info/" in entry:
        return None
    return entry[:-4].replace("/", ".").removesuffix(".__init__")


def _main_guard(instructions: list[Any], at: int) -> int:
    """Where the block ends if ``instructions[at]`` starts ``if __name__ == "__main__":``
    (a module's own script: not run on import), else 0."""
    ins = instructions[at]
    if ins.opname != "LOAD_NAME" or ins.argval != "__name__":
        return 0
    window = instructions[at + 1 : at + 6]
    if not any(w.opname.startswith("LOAD_CONST") and w.argval == "__main__" for w in window):
        return 0
    for w in window:
        if w.opname.startswith("POP_JUMP") and w.opname.endswith("IF_FALSE"):  # (3.11: _FORWARD_)
            return int(w.argval)
    return 0


def code_imports(code: Any, module: str, is_package: bool, *, lazy: bool = True) -> set[str]:
    """The absolute names that ``code`` (of ``module``) and its nested code import:
    each ``import``'s module, its parents, and ``from X import a`` as ``X.a`` too
    (``a`` may be a submodule). Without ``lazy``, what importing the module
    imports (its own code and its class bodies, not a ``__main__`` block), and
    of what its functions import only the modules of its own package (a package's
    parts loaded when needed, like ``importlib.resources._adapters``)."""
    import dis

    found: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    stack = [(code, False)]
    while stack:
        current, in_function = stack.pop()
        consts: list[Any] = []
        skip_to = -1
        instructions = list(dis.get_instructions(current))
        for at, ins in enumerate(instructions):
            if ins.offset < skip_to:
                continue
            if not lazy and _main_guard(instructions, at):
                skip_to = _main_guard(instructions, at)
                continue
            if ins.opname.startswith(("LOAD_CONST", "LOAD_SMALL_INT")):
                consts = [*consts[-1:], ins.argval]
                continue
            if ins.opname == "IMPORT_NAME" and len(consts) == 2:
                level, fromlist = consts
                name = ins.argval
                if isinstance(level, int) and level > 0:
                    base = package.rsplit(".", level - 1)[0] if level > 1 else package
                    name = f"{base}.{name}" if name else base
                names = {name, *(f"{name}.{item}" for item in fromlist or () if item != "*")}
                if in_function and not lazy:
                    names = {n for n in names if package and n.startswith(package + ".")}
                found |= names
            consts = []
        for nested in current.co_consts:
            if hasattr(nested, "co_code"):
                stack.append((nested, in_function or bool(nested.co_flags & CO_OPTIMIZED)))
    return {".".join(n.split(".")[: i + 1]) for n in found for i in range(n.count(".") + 1)}


def text_imports(text: str) -> set[str]:
    """Names that the Python snippets of a text (JavaScript, HTML) import, read by
    a pattern: more than they import, never less (the names are filtered later)."""
    found: set[str] = set()
    for match in _IMPORT_TEXT.finditer(text):
        for name in (match[1] or match[2]).split(","):
            name = name.strip()
            found.update(".".join(name.split(".")[: i + 1]) for i in range(name.count(".") + 1))
    return found


def _zip_codes(path: Path) -> dict[str, tuple[Any, bool]]:
    """module -> (code, is_package) of a zip of .pyc (a pyc's 16-byte header skipped);
    PyScript's tree zip names its entries ``NAME.<tag>.pyc``."""
    codes = {}
    with zipfile.ZipFile(path) as z:
        for entry in z.namelist():
            name = _module_name(entry)
            if name is None:
                continue
            if entry.endswith(f".{cache_tag()}.pyc"):  # PyScript's package, as it writes it
                name = ("pyscript." + entry.split(".", 1)[0]).removesuffix(".__init__")
            codes[name] = (marshal.loads(z.read(entry)[16:]), entry.endswith("__init__.pyc"))
    return codes


def import_closure(
    stdlib: dict[str, tuple[Any, bool]], roots: set[str], codes: dict[str, tuple[Any, bool]]
) -> set[str]:
    """The modules of ``stdlib`` that ``roots`` and the modules of ``codes`` import
    (anywhere in their code: lazily too), and what importing those imports in
    turn, followed through ``stdlib`` (modules -> (code, is_package)). What a
    standard-library function imports when it is called is not followed (the
    REPL, pdb and pydoc that ``help()`` or ``breakpoint()`` would import): the
    page's own lazy needs of that kind are ``LAZY_STDLIB``."""
    seen: set[str] = set()
    todo = set(roots)
    for name, (code, is_package) in codes.items():
        todo |= code_imports(code, name, is_package)
    while todo:
        name = todo.pop()
        if name in seen or name not in stdlib or name.startswith(PAGE_STDLIB_NEVER):
            continue
        seen.add(name)
        code, is_package = stdlib[name]
        todo |= code_imports(code, name, is_package, lazy=False)
    return seen


def page_stdlib(stdlib_zip: Path, roots: list[Path], out: Path) -> int:
    """Write ``out``: the modules of the compiled ``stdlib_zip`` the ``roots`` can
    import (see the module docstring), with their packages' folders and data
    files; entries in the order and form of ``stdlib_zip``. Returns the number
    of modules kept."""
    stdlib = _zip_codes(stdlib_zip)
    wanted = {m for m in START_MODULES if m in stdlib}  # what a fresh start imported
    wanted |= set(PAGE_STDLIB_ALWAYS)
    codes: dict[str, tuple[Any, bool]] = {}
    for root in roots:
        if root.suffix in (".whl", ".zip"):
            codes.update(_zip_codes(root))
        elif root.suffix == ".py":
            codes[root.stem] = (compile(root.read_bytes(), root.name, "exec"), False)
        else:
            wanted |= text_imports(root.read_text(encoding="utf-8", errors="replace"))
    kept = import_closure(stdlib, wanted, codes)
    folders = {m.replace(".", "/") + "/" for m in kept if stdlib[m][1]}
    with zipfile.ZipFile(stdlib_zip) as zin, zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            name = _module_name(info.filename)
            top_file = "/" not in info.filename and name is None
            in_kept_folder = any(info.filename.startswith(f) for f in folders) and name is None
            if (name in kept) or info.filename in folders or in_kept_folder or top_file:
                zout.writestr(info, zin.read(info))
    return len(kept)


JOBS = {
    "stdlib": compile_stdlib,
    "wheel": compile_wheel,
    "zipwheel": compile_zipwheel,
    "tree": compile_tree,
}


def main(argv: list[str]) -> int:
    """Run the jobs of the module docstring; print one line per job."""
    jobs: list[list[str]] = [[]]
    for arg in argv:
        if arg == "--":
            jobs.append([])
        else:
            jobs[-1].append(arg)
    for job in filter(None, jobs):
        many = job[0] in ("dataclasses", "pagestdlib") and len(job) >= 3
        if not many and (job[0] not in JOBS or len(job) != 3):
            print(f"pycompile: bad job {job!r}; see the module docstring", file=sys.stderr)
            return 2
        kind, srcs, out = job[0], [Path(a) for a in job[1:-1]], Path(job[-1])
        tmp = out.with_name(out.name + ".part")
        if kind == "dataclasses":
            count, what = compile_dataclasses(srcs, tmp), "dataclass sources"
        elif kind == "pagestdlib":
            count, what = page_stdlib(srcs[0], srcs[1:], tmp), "modules kept"
        else:
            count, what = JOBS[kind](srcs[0], tmp), "modules"
        tmp.replace(out)
        names = " ".join(s.name for s in srcs)
        print(f"  pyc: {kind} {names} -> {out.name} ({count} {what}, {cache_tag()})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
