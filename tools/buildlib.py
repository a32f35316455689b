"""Helpers that ``build.sh`` calls to turn fetched files into an offline ``dist/``.

Each step is a pure function on data (unit-tested in ``tests/tooling``) plus a
thin command-line wrapper; ``build.sh`` only moves files and calls these.

Commands::

    python3 tools/buildlib.py appwheel APP_DIR VERSION OUT_DIR
        Build the ``thousand-app`` wheel (import name ``app``) from the
        modules under APP_DIR except ``main.py`` (the page runs that one).
    python3 tools/buildlib.py lock LOCK --keep micropip --wheel W.whl [--wheel ...]
        Rewrite a pyodide-lock.json in place: keep only the named packages
        and the given wheels (copied next to the lock beforehand), each with
        the sha256 of the file that is really there.
    python3 tools/buildlib.py stamp DIST [BUILD_ID]
        Write the build id (default: a hash of DIST's files) into an assembled
        dist: ``<meta name="thousand-build">`` of index.html, ``_build.py`` of
        our wheels, and their lock hashes.
    python3 tools/buildlib.py sw TEMPLATE DIST OUT
        Write the service worker with the precache manifest of DIST (every
        file with its sha256) and a version hash of its contents.
    python3 tools/buildlib.py page HTML SPRITE MAIN CONFIG OUT [--chunk NAME ...]
        Write the page with its local stylesheets and scripts, the card back,
        the PyScript entry script MAIN and the PyScript config CONFIG inlined,
        so the table paints and boot.js runs from the HTML alone and PyScript
        fetches neither script nor config; the PyScript
        chunks are listed in ``<meta name="thousand-pyscript">`` for
        static/boot.js to preload.
    python3 tools/buildlib.py catalogues APP_DIR OUT_DIR
        Write OUT_DIR/<lang>.mo, the compiled catalogue of each language
        but English (which the app wheel holds): a page fetches its own.
    python3 tools/buildlib.py payload DIST
        Print the bytes of our own payload (everything but the runtime), as
        files and as sent with brotli (the .br copies), and what a page of
        one language loads of it (the other languages' catalogues come only
        once the page is ready).

    python3 tools/buildlib.py split ENGINE.whl APP.whl OUT_DIR
        Write both wheels to OUT_DIR without the modules a page loads later,
        and a wheel for each such set (``LATE``): ``thousand-online``, the
        online table's (``app.shell.online_code.MODULES``), loaded only to play
        online; ``thousand-ai``, the AI's and the analysis'
        (``app.shell.ai_code.MODULES``), loaded once the table is ready.

    python3 tools/buildlib.py stored SRC.zip OUT.zip
        Copy a zip with every entry stored (the page's standard library).

    python3 tools/buildlib.py without STDLIB.zip MODULES.txt OUT.zip
        Copy the page's standard library without the modules MODULES.txt
        names (one a line: those the interpreter snapshot holds), entries
        stored: what a page restored from the snapshot can still import.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import sys
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

#: The language whose catalogue is in the app wheel; each other one is its own
#: file, CATALOGUE_DIR/<lang>.mo (app.shell.catalog fetches the page's own).
WHEEL_LOCALE = "en"
CATALOGUE_DIR = "locale"
#: Files of ours that build.sh puts beside the runtime (name: payload label).
OURS_BESIDE_RUNTIME = {"dataclass-code.bin": "dataclass code"}
#: Directories of dist/ that hold third-party runtime files, not our payload.
RUNTIME_DIRS = ("pyodide", "pyscript")
#: Files of ours that the game page (index.html) fetches only once it is ready:
#: the service worker (static/boot.js registers it then) and the embed page's
#: own files, which the worker then precaches for later.
AFTER_READY = ("sw.js", "embed.html", "embed.js")
#: The online table's mailbox and relay library (build.sh): fetched only by a page
#: that opens or joins an online table, as the online wheel is.
ONLINE_DIR = "online"
#: Files in dist/ that are never precached by the service worker.
#: (The full standard library and micropip are there for the benchmarks' bare
#: Pyodide pages; the page loads pyodide/stdlib-page.zip.)
NOT_PRECACHED = ("sw.js", "pyodide/python_stdlib.zip")
NOT_PRECACHED_DIRS = ("bench", "examples")  # benchmarks and the example host page: not the game
#: The rules pages' static diagrams are their fallback without JavaScript; a reader the
#: service worker serves has JavaScript and the live examples, so they are not precached.
NOT_PRECACHED_PREFIXES = ("rules/diagrams/", "pyodide/micropip-")
#: Marker in static/sw.js that the build replaces with the precache manifest.
SW_MARKER = re.compile(r"/\*PRECACHE\*/.*?/\*END\*/", re.DOTALL)

_WHEEL_NAME = re.compile(r"^(?P<name>[^-]+)-(?P<version>[^-]+)(-\d[^-]*)?-[^-]+-[^-]+-[^-]+\.whl$")


@dataclass(frozen=True)
class Wheel:
    """A pure-Python wheel as pyodide-lock.json describes it."""

    name: str
    version: str
    file_name: str
    sha256: str
    imports: tuple[str, ...]

    def lock_entry(self) -> dict[str, Any]:
        """Return the pyodide-lock.json entry for this wheel."""
        return {
            "depends": [],
            "file_name": self.file_name,
            "imports": list(self.imports),
            "install_dir": "site",
            "name": self.name,
            "package_type": "package",
            "sha256": self.sha256,
            "tool": {},
            "unvendored_tests": False,
            "version": self.version,
        }


def sha256_file(path: Path) -> str:
    """Return the hex sha256 of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def normalize(name: str) -> str:
    """Return the PEP 503 normalized form of a distribution name."""
    return re.sub(r"[-_.]+", "-", name).lower()


def read_wheel(path: Path) -> Wheel:
    """Describe a wheel file: name, version, hash and the top-level modules it provides."""
    match = _WHEEL_NAME.match(path.name)
    if not match:
        raise ValueError(f"not a wheel file name: {path.name}")
    with zipfile.ZipFile(path) as zf:
        tops = set()
        for member in zf.namelist():
            top = member.split("/", 1)[0]
            if top.endswith((".dist-info", ".data")):
                continue
            tops.add(top.removesuffix(".py") if "/" not in member else top)
    if not tops:
        raise ValueError(f"{path.name} provides no importable module")
    return Wheel(
        name=normalize(match["name"]),
        version=match["version"],
        file_name=path.name,
        sha256=sha256_file(path),
        imports=tuple(sorted(tops)),
    )


def rewrite_lock(
    lock: Mapping[str, Any], keep: Iterable[str], wheels: Iterable[Wheel]
) -> dict[str, Any]:
    """Return ``lock`` with only the ``keep`` packages plus ``wheels``.

    A wheel whose name is already in the lock (micropip) replaces that entry's
    ``file_name``, ``version`` and ``sha256`` with the real file's, so the
    browser's integrity check accepts it. Unknown ``keep`` names are an error.
    """
    packages: Mapping[str, Any] = lock["packages"]
    wanted = [normalize(k) for k in keep]
    missing = [k for k in wanted if k not in packages]
    if missing:
        raise KeyError(f"not in pyodide-lock.json: {', '.join(missing)}")
    out: dict[str, Any] = {k: dict(packages[k]) for k in sorted(wanted)}
    for wheel in wheels:
        entry = out.get(wheel.name) or dict(packages.get(wheel.name, {}))
        if entry:
            entry.update(file_name=wheel.file_name, version=wheel.version, sha256=wheel.sha256)
        else:
            entry = wheel.lock_entry()
        out[wheel.name] = entry
    for name, entry in out.items():
        for dep in entry.get("depends", []):
            if dep not in out:
                raise KeyError(f"{name} depends on {dep}, which the trimmed lock lacks")
    return {**lock, "packages": dict(sorted(out.items()))}


#: Fixed timestamp for the zip entries of the wheels we write (the zip epoch).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
#: Our wheels: distribution name -> import package (the one ``stamp`` marks).
OUR_WHEELS = {"thousand": "thousand", "thousand-app": "app"}
#: The app wheel's distribution name and what it leaves out (the page runs main.py).
APP_WHEEL = "thousand-app"
ONLINE_WHEEL = "thousand-online"  # (app.shell.online_code.WHEEL)
AI_WHEEL = "thousand-ai"  # (app.shell.ai_code.WHEEL)
#: The payload's name for each of our wheels but the engine's, by file name.
WHEEL_LABELS = {
    "thousand_app": "app wheel",
    "thousand_online": "online wheel",
    "thousand_ai": "AI wheel",
}
APP_NOT_PACKAGED = ("main.py", "embed_main.py")
BUILD_META = re.compile(r'<meta name="thousand-build" content="[^"]*">')
CHUNKS_META = re.compile(r'<meta name="thousand-pyscript" content="[^"]*">')
BUILD_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def _zip_entry(name: str, *, stored: bool = False) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, ZIP_DATE)
    info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def stored_zip(src: Path, out: Path, without: Iterable[str] = ()) -> list[str]:
    """Write ``out``: zip ``src`` with every entry stored, in the same order, but
    the compiled modules named in ``without``; return the entries left out.

    The page's zips (the wheels in dist/, its standard library) are stored:
    served with brotli or gzip as a whole they come out smaller than their
    entries deflated one by one (shared words across modules), and zipimport
    reads stored entries without inflating them. A page restored from the
    interpreter snapshot never imports again a module the snapshot holds (it
    is in ``sys.modules``), so its standard library is ``without`` those; a
    package's submodules stay when the package itself goes.
    """
    gone = set(without)
    dropped = []
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            if module_of(info.filename) in gone:
                dropped.append(info.filename)
                continue
            copy = zipfile.ZipInfo(info.filename, info.date_time)
            copy.compress_type = zipfile.ZIP_STORED
            copy.external_attr = info.external_attr
            zout.writestr(copy, zin.read(info))
    return dropped


def record_line(name: str, data: bytes) -> str:
    """Return the ``RECORD`` line of a wheel member (urlsafe-base64 sha256, size)."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def write_wheel(path: Path, members: Mapping[str, bytes], *, stored: bool = False) -> None:
    """Write a wheel: ``members`` in the given order, then a fresh ``RECORD``
    (with ``stored``, no entry deflated: see ``stored_zip``).

    The ``*.dist-info/RECORD`` member of ``members`` (if any) is replaced; the
    result depends on the bytes alone (fixed timestamps), so a build repeats.
    """
    infos = [n for n in members if n.endswith(".dist-info/METADATA")]
    if len(infos) != 1:
        raise ValueError(f"{path.name}: a wheel needs exactly one .dist-info/METADATA")
    record = infos[0].removesuffix("METADATA") + "RECORD"
    lines = [record_line(n, d) for n, d in members.items() if n != record]
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in members.items():
            if name != record:
                zf.writestr(_zip_entry(name, stored=stored), data)
        rows = "\n".join([*lines, f"{record},,"]) + "\n"
        zf.writestr(_zip_entry(record, stored=stored), rows)


def read_members(path: Path) -> dict[str, bytes]:
    """Return a zip's members in order, name -> bytes."""
    with zipfile.ZipFile(path) as zf:
        return {info.filename: zf.read(info) for info in zf.infolist()}


def _compile_po(po: Path) -> bytes:
    """A ``.po`` catalogue in its compiled ``.mo`` form (``app.shell.catalog``: one home)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "_catalog", po.parent.parent / "shell" / "catalog.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["_catalog"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    data: bytes = module.mo_bytes(*module.parse_po(po.read_text(encoding="utf-8")))
    return data


def dist_info(name: str, version: str, summary: str, tops: list[str]) -> dict[str, bytes]:
    """The ``.dist-info`` members (but ``RECORD``) of a pure-Python wheel we write."""
    folder = f"{name.replace('-', '_')}-{version}.dist-info"
    return {
        f"{folder}/METADATA": (
            f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {summary}\n"
        ).encode(),
        f"{folder}/WHEEL": (
            b"Wheel-Version: 1.0\nGenerator: tools/buildlib.py\nRoot-Is-Purelib: true\n"
            b"Tag: py3-none-any\n"
        ),
        f"{folder}/top_level.txt": "".join(f"{t}\n" for t in tops).encode(),
    }


def app_wheel(app_dir: Path, version: str, out_dir: Path) -> Path:
    """Build the ``thousand-app`` wheel from the modules under ``app_dir``; return its path.

    The page imports them as the package ``app`` from site-packages, installed
    by ``loadPyodide`` from the lock like the engine, so PyScript fetches no
    files one by one. ``main.py`` and ``embed_main.py`` stay out: they are the
    pages' scripts (inlined into index.html and embed.html). The catalogues of
    the page's words go in compiled (``locale/*.mo`` from ``locale/*.po``):
    English only, every other language's is a file of its own
    (``catalogues``); the lessons of *Learn to play* as they are
    (``lessons/*.json``).
    """
    members: dict[str, bytes] = {}
    for path in sorted(app_dir.rglob("*.py")):
        rel = path.relative_to(app_dir)
        if "__pycache__" in rel.parts or rel.as_posix() in APP_NOT_PACKAGED:
            continue
        members[f"app/{rel.as_posix()}"] = path.read_bytes()
    if "app/__init__.py" not in members:
        raise ValueError(f"{app_dir} has no __init__.py")
    # the words' catalogues, compiled (what msgfmt writes from locale/*.po): the
    # page's gettext reads them without parsing the .po files, which stay out
    for po in sorted(app_dir.glob(f"locale/{WHEEL_LOCALE}.po")):
        members[f"app/locale/{po.stem}.mo"] = _compile_po(po)
    # the lessons of Learn to play: records the page reads as data (app.lessons.lesson)
    for rec in sorted(app_dir.glob("lessons/*.json")):
        members[f"app/lessons/{rec.name}"] = rec.read_bytes()
    members |= dist_info(APP_WHEEL, version, "The 1000 table in the browser (py/app)", ["app"])
    out = out_dir / f"thousand_app-{version}-py3-none-any.whl"
    write_wheel(out, members)
    return out


def late_codes() -> list[Any]:
    """The modules that name each wheel a page loads after it starts, and its
    modules (``py/app/shell/online_code.py``, ``ai_code.py``: their one home)."""
    import importlib

    py = str(Path(__file__).resolve().parents[1] / "py")
    if py not in sys.path:
        sys.path.insert(0, py)
    return [importlib.import_module(f"app.shell.{name}") for name in ("online_code", "ai_code")]


#: What each late wheel's METADATA says it is, by its distribution name.
LATE_SUMMARIES = {
    ONLINE_WHEEL: "The 1000 table's online play (loaded when a table goes online)",
    AI_WHEEL: "The 1000 table's computer players and analysis (loaded once the table is ready)",
}


def module_of(entry: str) -> str | None:
    """The module a zip entry (a wheel's, the standard library's) is the source or
    bytecode of (``None``: not one; "email/__init__.pyc": "email")."""
    if not entry.endswith((".py", ".pyc")) or ".dist-info/" in entry:
        return None
    parts = entry.rsplit(".", 1)[0].split("/")
    if len(parts) > 1 and parts[-2] == "__pycache__":  # pkg/__pycache__/mod.cpython-314
        parts = [*parts[:-2], parts[-1].split(".", 1)[0]]
    return ".".join(parts).removesuffix(".__init__")


def split_late(engine: Path, app: Path, out_dir: Path) -> tuple[Path, Path, dict[str, Path]]:
    """Write ``engine`` and ``app`` to ``out_dir`` (same names) without the modules a
    page loads later, and a wheel of each such set (``late_codes``: the online
    table's, the AI's); return the two paths and the late wheels' by name. Every
    wheel is written stored (see ``stored_zip``)."""

    def within(mod: str | None, name: str) -> bool:
        return mod is not None and (mod == name or mod.startswith(name + "."))

    codes = late_codes()
    members = {wheel: read_members(wheel) for wheel in (engine, app)}
    version = read_wheel(engine).version
    late: dict[str, Path] = {}
    for code in codes:
        names = tuple(code.MODULES)

        def moves(entry: str, names: tuple[str, ...] = names) -> bool:
            """A module of ``names``, or a data file of one of their packages."""
            module = module_of(entry)
            if module is not None or ".dist-info/" in entry:
                return any(within(module, n) for n in names)
            return any(entry.startswith(n.replace(".", "/") + "/") for n in names)

        moved: dict[str, bytes] = {}
        for wheel, entries in members.items():
            moved |= {n: d for n, d in entries.items() if moves(n)}
            members[wheel] = {n: d for n, d in entries.items() if not moves(n)}
        found = {module_of(n) for n in moved}
        missing = [n for n in names if not any(within(m, n) for m in found)]
        if missing:
            where = f"app/shell/{code.__name__.rsplit('.', 1)[1]}.py MODULES"
            raise ValueError(f"the wheels have no {', '.join(missing)} ({where})")
        tops = sorted({n.split("/", 1)[0] for n in moved})
        moved |= dist_info(code.WHEEL, version, LATE_SUMMARIES[code.WHEEL], tops)
        out = out_dir / f"{code.WHEEL.replace('-', '_')}-{version}-py3-none-any.whl"
        write_wheel(out, moved, stored=True)
        late[code.WHEEL] = out
    outs = []
    for wheel, entries in members.items():
        out = out_dir / wheel.name
        write_wheel(out, entries, stored=True)
        outs.append(out)
    return outs[0], outs[1], late


def catalogues(app_dir: Path, out_dir: Path) -> list[Path]:
    """Write ``out_dir/<lang>.mo`` for each catalogue of ``app_dir/locale`` but
    ``WHEEL_LOCALE``'s; return the files."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for po in sorted(app_dir.glob("locale/*.po")):
        if po.stem != WHEEL_LOCALE:
            out = out_dir / f"{po.stem}.mo"
            out.write_bytes(_compile_po(po))
            written.append(out)
    return written


def stamp_wheel(path: Path, package: str, build_id: str) -> None:
    """Rewrite wheel ``path`` so that ``package._build.BUILD == build_id``.

    Any bytecode of an earlier ``_build.py`` goes (it would shadow the new one).
    """
    members = read_members(path)
    prefix = f"{package}/__pycache__/_build."
    old = (f"{package}/_build.py", f"{package}/_build.pyc")
    kept = {n: d for n, d in members.items() if n not in old and not n.startswith(prefix)}
    source = (
        '"""The build this copy belongs to (written by tools/buildlib.py stamp)."""\n\n'
        f"BUILD = {build_id!r}\n"
    )
    kept[f"{package}/_build.py"] = source.encode()
    write_wheel(path, kept, stored=True)  # the page's copy, served compressed


def stamp_page(html: str, build_id: str) -> str:
    """Return ``html`` with its ``<meta name="thousand-build">`` set to ``build_id``."""
    tag = f'<meta name="thousand-build" content="{build_id}">'
    out, count = BUILD_META.subn(tag, html, count=1)
    if count != 1:
        raise ValueError('page lacks <meta name="thousand-build" content="...">')
    return out


def stamp(dist: Path, build_id: str) -> list[str]:
    """Write ``build_id`` into dist's page, our wheels and their lock entries.

    Returns the wheel file names stamped. Used by ``build.sh`` and, to make a
    second build of the same files, by the service-worker update test.
    """
    if not BUILD_ID.match(build_id):
        raise ValueError(f"build id {build_id!r}: letters, digits, . _ - only")
    for name in ("index.html", "embed.html"):
        page = dist / name
        if page.exists():
            page.write_text(stamp_page(page.read_text(), build_id))
    lock_path = dist / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    done = []
    for name, package in OUR_WHEELS.items():
        entry = lock["packages"].get(name)
        if entry is None:
            raise KeyError(f"pyodide-lock.json has no {name} entry")
        wheel = lock_path.parent / entry["file_name"]
        stamp_wheel(wheel, package, build_id)
        entry["sha256"] = sha256_file(wheel)
        done.append(wheel.name)
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    # Precompressed copies of what was rewritten would be the old bytes.
    rewritten = [dist / "index.html", dist / "embed.html", lock_path]
    rewritten += [lock_path.parent / w for w in done]
    for path in rewritten:
        for copy in (path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")):
            copy.unlink(missing_ok=True)
    return done


#: Kept by the service worker when first visited, not at install (most players
#: never open the rules): they then work offline too.
ON_VISIT_PREFIXES = ("rules/",)


def is_precompressed(path: Path) -> bool:
    """Whether ``path`` is another file's precompressed copy (tools/precompress.mjs)."""
    return path.suffix in (".br", ".gz") and path.with_suffix("").is_file()


def precache_list(dist: Path, *, on_visit: bool = False) -> list[str]:
    """Return the URLs (relative to dist/) the service worker should precache
    (with ``on_visit``: those it keeps when first visited, ``ON_VISIT_PREFIXES``)."""
    urls = [] if on_visit else ["./"]
    for path in sorted(dist.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(dist)
        if rel.as_posix() in NOT_PRECACHED or rel.parts[0] in NOT_PRECACHED_DIRS:
            continue
        if rel.as_posix().startswith(NOT_PRECACHED_PREFIXES) or is_precompressed(path):
            continue
        if rel.as_posix().startswith(ON_VISIT_PREFIXES) != on_visit:
            continue
        if rel.name == "index.html" and len(rel.parts) > 1:
            urls.append(f"./{rel.parent.as_posix()}/")  # the folder's address (rules/)
        urls.append(f"./{rel.as_posix()}")
    return urls


def _file_of(url: str) -> str:
    """The file of dist/ a precached URL is (``./`` and ``./rules/``: their index.html)."""
    return url + "index.html" if url.endswith("/") else url


def precache_manifest(dist: Path, urls: Iterable[str]) -> dict[str, str]:
    """Return each precached URL with the sha256 of its file (``./`` is index.html)."""
    return {url: sha256_file(dist / _file_of(url)) for url in urls}


def content_version(dist: Path, urls: Iterable[str]) -> str:
    """Return a short hash of the names and contents of ``urls`` in ``dist``."""
    digest = hashlib.sha256()
    for url in urls:
        if url.endswith("/"):
            continue
        digest.update(url.encode() + b"\0" + sha256_file(dist / url).encode() + b"\n")
    return digest.hexdigest()[:16]


def render_sw(
    template: str,
    version: str,
    files: Mapping[str, str],
    on_visit: Mapping[str, str] | None = None,
) -> str:
    """Return ``template`` with its precache marker replaced by the manifest.

    The manifest is ``{"version": V, "files": {url: sha256}, "onVisit": {url: sha256}}``.
    """
    body = {"version": version, "files": dict(files), "onVisit": dict(on_visit or {})}
    manifest = json.dumps(body, indent=1)
    rendered, count = SW_MARKER.subn(lambda _: manifest, template, count=1)
    if count != 1:
        raise ValueError("service worker template lacks the /*PRECACHE*/ ... /*END*/ marker")
    return rendered


STYLESHEET_LINK = re.compile(r'<link rel="stylesheet" href="([^"]+)">')
PY_SCRIPT = re.compile(r'<script type="py" src="([^"]+)"([^>]*)></script>')
CLASSIC_SCRIPT = re.compile(r'<script src="([^"]+)"></script>')


def stylesheet_hrefs(html: str) -> list[str]:
    """Return the hrefs of the page's ``<link rel="stylesheet">`` tags, in order."""
    return STYLESHEET_LINK.findall(html)


def script_srcs(html: str) -> list[str]:
    """Return the srcs of the page's plain ``<script src=...></script>`` tags, in order."""
    return CLASSIC_SCRIPT.findall(html)


def _script_text(code: str) -> str:
    if "</script" in code.lower() or "<!--" in code:
        raise ValueError("the script cannot sit inside <script> as it is")
    return code.rstrip()


def list_chunks(html: str, chunks: Iterable[str]) -> str:
    """Return ``html`` with ``<meta name="thousand-pyscript">`` listing ``chunks``."""
    names = " ".join(chunks)
    if not re.fullmatch(r"[\w.-]*( [\w.-]+)*", names):
        raise ValueError(f"odd chunk names: {names!r}")
    out, count = CHUNKS_META.subn(f'<meta name="thousand-pyscript" content="{names}">', html, 1)
    if count != 1:
        raise ValueError('page lacks <meta name="thousand-pyscript" content="...">')
    return out


def inline_config(html: str, name: str, config: Mapping[str, Any]) -> str:
    """Return ``html`` with the PyScript config file ``name`` given inline instead.

    ``config="NAME"`` attributes get the JSON itself and ``<mpy-config src="NAME">``
    elements hold it as text: PyScript reads both without a request.
    """
    text = json.dumps(config, separators=(",", ":"))
    attr = f'config="{name}"'
    element = re.compile(rf'<(py|mpy)-config src="{re.escape(name)}"([^>]*)></(py|mpy)-config>')
    if attr not in html and not element.search(html):
        raise ValueError(f"page does not use {name}")
    html = html.replace(attr, f'config="{escape(text, quote=True)}"')
    return element.sub(
        lambda m: (
            f"<{m.group(1)}-config{m.group(2)}>{escape(text, quote=False)}</{m.group(3)}-config>"
        ),
        html,
    )


def inline_page(
    html: str,
    stylesheets: Mapping[str, str],
    sprite: str,
    main: str = "",
    scripts: Mapping[str, str] | None = None,
) -> str:
    """Return ``html`` with its stylesheets, scripts, card back and Python entry inlined.

    Every ``<link rel="stylesheet" href=H>`` with H in ``stylesheets`` becomes a
    ``<style>`` holding that text, in place, so the cascade order is unchanged.
    The sprite's symbols (every face and the back) go into one hidden ``<svg>``
    right after ``<body>`` and ``cards_svg/cards.svg#X`` references become
    ``#X``: card faces never wait for a request and never render blank when
    the table redraws (the sprite costs no request at all). Each ``<script src=S></script>``
    with S in ``scripts`` holds that code instead. With ``main``, the one
    ``<script type="py" src=...>`` holds that code instead of its ``src`` (PyScript
    would fetch it only once Python is up, a round trip on the critical path).
    """
    for href, css in stylesheets.items():
        link = f'<link rel="stylesheet" href="{href}">'
        if link not in html:
            raise ValueError(f"page lacks {link}")
        html = html.replace(link, f"<style>\n{css.strip()}\n</style>", 1)
    if 'id="card-back"' not in sprite:
        raise ValueError("sprite has no card-back symbol")
    if "<body>" not in html:
        raise ValueError("page lacks a plain <body> tag")
    inner = re.sub(r"^.*?<svg[^>]*>|</svg>\s*$", "", sprite.strip(), count=2, flags=re.DOTALL)
    inner = re.sub(r"<!--.*?-->", "", inner, flags=re.DOTALL).strip()
    holder = (
        '<svg class="sprite" width="0" height="0" aria-hidden="true"'
        f' style="position:absolute">{inner}</svg>'
    )
    html = html.replace("<body>", f"<body>\n{holder}", 1)
    for src, code in (scripts or {}).items():
        tag = f'<script src="{src}"></script>'
        if tag not in html:
            raise ValueError(f"page lacks {tag}")
        html = html.replace(tag, f"<script>\n{_script_text(code)}\n</script>", 1)
    if main:
        text = _script_text(main)
        html, count = PY_SCRIPT.subn(
            lambda m: f'<script type="py"{m.group(2)}>\n{text}\n</script>', html, count=1
        )
        if count != 1:
            raise ValueError('page lacks <script type="py" src="..."></script>')
    return html.replace("cards_svg/cards.svg#", "#")


def _our_beside_runtime(name: str) -> bool:
    return name.startswith("thousand") or name in OURS_BESIDE_RUNTIME


def is_ours(rel: str) -> bool:
    """Whether the file at ``rel`` (a path in dist/, "/"-separated) is ours, not
    the runtime's nor a benchmark's (what ``payload_bytes`` counts, a file's
    precompressed copy included)."""
    parts = rel.split("/")
    if parts[0] in NOT_PRECACHED_DIRS:
        return False
    return parts[0] not in RUNTIME_DIRS or _our_beside_runtime(parts[-1])


def payload_bytes(dist: Path, *, served: bool = False) -> dict[str, int]:
    """Return bytes of our own files in dist/ by top-level entry (runtime and bench excluded),
    as the service worker precaches them (the rules pages are kept when visited);
    with ``served``, the bytes sent to a browser that accepts brotli (a file's
    ``.br`` copy when it has one).

    Our own wheels (engine, app) and OURS_BESIDE_RUNTIME count even though they
    sit beside the runtime.
    """
    sizes: dict[str, int] = {}
    for path in dist.rglob("*"):
        if not path.is_file():
            continue
        rel = path.relative_to(dist)
        top = rel.parts[0]
        if top in NOT_PRECACHED_DIRS or rel.as_posix().startswith(NOT_PRECACHED_PREFIXES):
            continue  # never loaded by the game (the rules pages' no-script pictures)
        if is_precompressed(path):
            continue  # the same bytes again, as the server may send them
        if rel.as_posix().startswith(ON_VISIT_PREFIXES):
            continue  # fetched and kept only when a reader opens the rules
        ours = _our_beside_runtime(path.name)
        if top in RUNTIME_DIRS and not ours:
            continue
        key = rel.as_posix() if len(rel.parts) == 1 else top + "/"
        if path.name in OURS_BESIDE_RUNTIME:
            key = OURS_BESIDE_RUNTIME[path.name]
        elif ours:
            key = WHEEL_LABELS.get(path.name.split("-", 1)[0], "engine wheel")
        sent = path.with_name(path.name + ".br") if served else path
        sizes[key] = sizes.get(key, 0) + (sent if sent.is_file() else path).stat().st_size
    return sizes


def _cmd_catalogues(args: argparse.Namespace) -> None:
    files = catalogues(args.app_dir, args.out_dir)
    names = ", ".join(f.name for f in files)
    print(f"  catalogues: {names} beside the app wheel's {WHEEL_LOCALE}.mo")


def _cmd_appwheel(args: argparse.Namespace) -> None:
    out = app_wheel(args.app_dir, args.version, args.out_dir)
    print(f"  app wheel: {out.name}")


def _cmd_lock(args: argparse.Namespace) -> None:
    lock = json.loads(args.lock.read_text())
    wheels = [read_wheel(Path(w)) for w in args.wheel]
    for wheel in wheels:
        if not (args.lock.parent / wheel.file_name).is_file():
            raise FileNotFoundError(f"{wheel.file_name} must sit next to {args.lock}")
    new = rewrite_lock(lock, args.keep, wheels)
    args.lock.write_text(json.dumps(new, indent=1, sort_keys=True) + "\n")
    for name, entry in new["packages"].items():
        print(f"  lock: {name} {entry['version']} {entry['file_name']} {entry['sha256'][:12]}")


def _cmd_stamp(args: argparse.Namespace) -> None:
    urls = precache_list(args.dist) + precache_list(args.dist, on_visit=True)
    build_id = args.build_id or content_version(args.dist, urls)
    wheels = stamp(args.dist, build_id)
    print(f"  build {build_id}: index.html, {', '.join(wheels)}")


def _cmd_sw(args: argparse.Namespace) -> None:
    urls = precache_list(args.dist)
    later = precache_list(args.dist, on_visit=True)
    version = content_version(args.dist, urls + later)
    manifest = precache_manifest(args.dist, urls)
    on_visit = precache_manifest(args.dist, later)
    args.out.write_text(render_sw(args.template.read_text(), version, manifest, on_visit))
    size = sum((args.dist / _file_of(u)).stat().st_size for u in urls if not u.endswith("/"))
    print(
        f"  sw.js: version {version}, {len(urls)} files precached ({size:,d} bytes), "
        f"{len(later)} kept when visited"
    )


def _own_files(page: Path, refs: list[str], kind: str) -> dict[str, str]:
    """The texts of the files ``refs`` (relative to ``page``); each must be ours."""
    texts = {}
    for ref in refs:
        path = page.parent / ref
        if "//" in ref or not path.is_file():
            raise FileNotFoundError(f"{kind} {ref} is not a file of ours")
        texts[ref] = path.read_text()
    return texts


def _cmd_page(args: argparse.Namespace) -> None:
    html = args.html.read_text()
    sheets = _own_files(args.html, stylesheet_hrefs(html), "stylesheet")
    scripts = _own_files(args.html, script_srcs(html), "script")
    main = args.main.read_text()
    html = inline_page(html, sheets, args.sprite.read_text(), main, scripts)
    html = inline_config(html, args.config.name, json.loads(args.config.read_text()))
    html = list_chunks(html, args.chunk)
    args.out.write_text(html)
    inlined = [*sheets, *scripts, "the card back", args.main.name, args.config.name]
    print(f"  {args.out.name}: inlined {', '.join(inlined)}")


def _cmd_payload(args: argparse.Namespace) -> None:
    sizes = payload_bytes(args.dist)
    wire = payload_bytes(args.dist, served=True)
    print(f"  {'files':>9}  {'brotli':>9}")
    for key, size in sorted(sizes.items(), key=lambda kv: -kv[1]):
        print(f"  {size:>9,d}  {wire[key]:>9,d}  {key}")
    total, sent = sum(sizes.values()), sum(wire.values())
    print(f"  {total:>9,d}  {sent:>9,d}  total (our own payload, runtime excluded)")
    own = page_payload_bytes(args.dist, served=True)
    print(
        f"  {'':>9}  {own:>9,d}  of it for the game page in one language (the largest "
        f"catalogue) until it is ready (not the online and AI wheels, {', '.join(AFTER_READY)})"
    )


def page_payload_bytes(dist: Path, *, served: bool = False) -> int:
    """``payload_bytes`` as the game page in one language loads it before it is
    ready: the other languages' catalogues (all but the largest, counted as the
    page's own) come only once it is ready, for a switch of language, and so do
    the AI's wheel and the ``AFTER_READY`` files; the online wheel and
    ``ONLINE_DIR`` come only for an online table."""
    sizes = payload_bytes(dist, served=served)
    later = [
        WHEEL_LABELS["thousand_online"],
        WHEEL_LABELS["thousand_ai"],
        ONLINE_DIR + "/",
        *AFTER_READY,
    ]
    total = sum(sizes.values()) - sum(sizes.get(key, 0) for key in later)
    mos = []
    for mo in (dist / CATALOGUE_DIR).glob("*.mo"):
        sent = mo.with_name(mo.name + ".br") if served else mo
        mos.append((sent if sent.is_file() else mo).stat().st_size)
    return total - sum(mos) + max(mos, default=0)


def _cmd_split(args: argparse.Namespace) -> None:
    engine, app, late = split_late(args.engine, args.app, args.out_dir)
    paths = [engine, app, *late.values()]
    sizes = ", ".join(f"{p.name} {p.stat().st_size:,d} bytes" for p in paths)
    print(f"  split: {sizes}")


def _cmd_stored(args: argparse.Namespace) -> None:
    stored_zip(args.src, args.out)


def _cmd_without(args: argparse.Namespace) -> None:
    dropped = stored_zip(args.src, args.out, without=args.modules.read_text().split())
    with zipfile.ZipFile(args.out) as out:
        kept = len(out.namelist())
    print(f"  {args.out.name}: {kept} entries, {len(dropped)} modules left to the snapshot")


def main(argv: list[str] | None = None) -> int:
    """Dispatch the sub-commands listed in the module docstring."""
    parser = argparse.ArgumentParser(description="dist/ build helpers")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("appwheel")
    p.add_argument("app_dir", type=Path)
    p.add_argument("version")
    p.add_argument("out_dir", type=Path)
    p.set_defaults(func=_cmd_appwheel)
    p = sub.add_parser("lock")
    p.add_argument("lock", type=Path)
    p.add_argument("--keep", action="append", default=[])
    p.add_argument("--wheel", action="append", default=[])
    p.set_defaults(func=_cmd_lock)
    p = sub.add_parser("stamp")
    p.add_argument("dist", type=Path)
    p.add_argument("build_id", nargs="?", default="")
    p.set_defaults(func=_cmd_stamp)
    p = sub.add_parser("sw")
    p.add_argument("template", type=Path)
    p.add_argument("dist", type=Path)
    p.add_argument("out", type=Path)
    p.set_defaults(func=_cmd_sw)
    p = sub.add_parser("page")
    p.add_argument("html", type=Path)
    p.add_argument("sprite", type=Path)
    p.add_argument("main", type=Path)
    p.add_argument("config", type=Path)
    p.add_argument("out", type=Path)
    p.add_argument("--chunk", action="append", default=[])
    p.set_defaults(func=_cmd_page)
    p = sub.add_parser("catalogues")
    p.add_argument("app_dir", type=Path)
    p.add_argument("out_dir", type=Path)
    p.set_defaults(func=_cmd_catalogues)
    p = sub.add_parser("payload")
    p.add_argument("dist", type=Path)
    p.set_defaults(func=_cmd_payload)
    p = sub.add_parser("split")
    p.add_argument("engine", type=Path)
    p.add_argument("app", type=Path)
    p.add_argument("out_dir", type=Path)
    p.set_defaults(func=_cmd_split)
    p = sub.add_parser("stored")
    p.add_argument("src", type=Path)
    p.add_argument("out", type=Path)
    p.set_defaults(func=_cmd_stored)
    p = sub.add_parser("without")
    p.add_argument("src", type=Path)
    p.add_argument("modules", type=Path)
    p.add_argument("out", type=Path)
    p.set_defaults(func=_cmd_without)
    args = parser.parse_args(argv)
    try:
        args.func(args)
    except (KeyError, ValueError, FileNotFoundError) as exc:
        print(f"buildlib {args.cmd}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
