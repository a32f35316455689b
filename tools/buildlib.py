"""Helpers that ``build.sh`` calls to turn fetched files into an offline ``dist/``.

Each step is a pure function on data (unit-tested in ``tests/build``) plus a
thin command-line wrapper; ``build.sh`` only moves files and calls these.

Commands::

    python3 tools/buildlib.py lock LOCK --keep micropip --wheel W.whl [--wheel ...]
        Rewrite a pyodide-lock.json in place: keep only the named packages
        and the given wheels (copied next to the lock beforehand), each with
        the sha256 of the file that is really there.
    python3 tools/buildlib.py config SRC APP_DIR OUT
        Write the PyScript config: SRC plus a ``files`` entry for every module
        under APP_DIR (``./py/app/x.py`` -> ``./app/x.py`` in Pyodide's FS).
    python3 tools/buildlib.py sw TEMPLATE DIST OUT
        Write the service worker with the precache list of DIST and a version
        hash of its contents.
    python3 tools/buildlib.py page HTML SPRITE OUT
        Write the page with its local stylesheets and the card back inlined,
        so the table paints from the HTML alone (no request before first paint).
    python3 tools/buildlib.py payload DIST
        Print the bytes of our own payload (everything but the runtime).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Directories of dist/ that hold third-party runtime files, not our payload.
RUNTIME_DIRS = ("pyodide", "pyscript")
#: Files in dist/ that are never precached by the service worker.
NOT_PRECACHED = ("sw.js",)
NOT_PRECACHED_DIRS = ("bench",)
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


def app_files(
    app_dir: Path, url_prefix: str = "./py/app", fs_prefix: str = "./app"
) -> dict[str, str]:
    """Map every ``.py`` module under ``app_dir`` from its URL to its path in Pyodide's FS."""
    files = {}
    for path in sorted(app_dir.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        rel = path.relative_to(app_dir).as_posix()
        files[f"{url_prefix}/{rel}"] = f"{fs_prefix}/{rel}"
    return files


def pyscript_config(source: Mapping[str, Any], files: Mapping[str, str]) -> dict[str, Any]:
    """Return the PyScript config: ``source`` with ``files`` merged in (source wins)."""
    return {**source, "files": {**files, **source.get("files", {})}}


def precache_list(dist: Path) -> list[str]:
    """Return the URLs (relative to dist/) the service worker should precache."""
    urls = ["./"]
    for path in sorted(dist.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(dist)
        if rel.as_posix() in NOT_PRECACHED or rel.parts[0] in NOT_PRECACHED_DIRS:
            continue
        urls.append(f"./{rel.as_posix()}")
    return urls


def content_version(dist: Path, urls: Iterable[str]) -> str:
    """Return a short hash of the names and contents of ``urls`` in ``dist``."""
    digest = hashlib.sha256()
    for url in urls:
        if url == "./":
            continue
        digest.update(url.encode() + b"\0" + sha256_file(dist / url).encode() + b"\n")
    return digest.hexdigest()[:16]


def render_sw(template: str, version: str, urls: list[str]) -> str:
    """Return ``template`` with its precache marker replaced by the manifest."""
    manifest = json.dumps({"version": version, "files": urls}, indent=1)
    rendered, count = SW_MARKER.subn(lambda _: manifest, template, count=1)
    if count != 1:
        raise ValueError("service worker template lacks the /*PRECACHE*/ ... /*END*/ marker")
    return rendered


STYLESHEET_LINK = re.compile(r'<link rel="stylesheet" href="([^"]+)">')


def stylesheet_hrefs(html: str) -> list[str]:
    """Return the hrefs of the page's ``<link rel="stylesheet">`` tags, in order."""
    return STYLESHEET_LINK.findall(html)


def inline_page(html: str, stylesheets: Mapping[str, str], sprite: str) -> str:
    """Return ``html`` with its stylesheets and the whole card sprite inlined.

    Every ``<link rel="stylesheet" href=H>`` with H in ``stylesheets`` becomes a
    ``<style>`` holding that text, in place, so the cascade order is unchanged.
    The sprite's symbols (every face and the back) go into one hidden ``<svg>``
    right after ``<body>`` and ``cards_svg/cards.svg#X`` references become
    ``#X``: card faces never wait for a request and never render blank when
    the table redraws (the sprite costs no request at all).
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
    return html.replace("cards_svg/cards.svg#", "#")


def payload_bytes(dist: Path) -> dict[str, int]:
    """Return bytes of our own files in dist/ by top-level entry (runtime and bench excluded).

    Our own engine wheel counts even though it sits beside the runtime.
    """
    sizes: dict[str, int] = {}
    for path in dist.rglob("*"):
        if not path.is_file():
            continue
        rel = path.relative_to(dist)
        top = rel.parts[0]
        if top in NOT_PRECACHED_DIRS:
            continue
        if top in RUNTIME_DIRS and not path.name.startswith("thousand-"):
            continue
        key = rel.as_posix() if len(rel.parts) == 1 else top + "/"
        if path.name.startswith("thousand-"):
            key = "engine wheel"
        sizes[key] = sizes.get(key, 0) + path.stat().st_size
    return sizes


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


def _cmd_config(args: argparse.Namespace) -> None:
    source = json.loads(args.source.read_text())
    config = pyscript_config(source, app_files(args.app_dir))
    args.out.write_text(json.dumps(config, indent=1) + "\n")


def _cmd_sw(args: argparse.Namespace) -> None:
    urls = precache_list(args.dist)
    version = content_version(args.dist, urls)
    args.out.write_text(render_sw(args.template.read_text(), version, urls))
    print(f"  sw.js: version {version}, {len(urls)} files precached")


def _cmd_page(args: argparse.Namespace) -> None:
    html = args.html.read_text()
    sheets = {}
    for href in stylesheet_hrefs(html):
        path = args.html.parent / href
        if "//" in href or not path.is_file():
            raise FileNotFoundError(f"stylesheet {href} is not a file of ours")
        sheets[href] = path.read_text()
    args.out.write_text(inline_page(html, sheets, args.sprite.read_text()))
    print(f"  index.html: inlined {', '.join(sheets) or 'no stylesheet'} and the card back")


def _cmd_payload(args: argparse.Namespace) -> None:
    sizes = payload_bytes(args.dist)
    for key, size in sorted(sizes.items(), key=lambda kv: -kv[1]):
        print(f"  {size:>9,d}  {key}")
    print(f"  {sum(sizes.values()):>9,d}  total (our own payload, runtime excluded)")


def main(argv: list[str] | None = None) -> int:
    """Dispatch the sub-commands listed in the module docstring."""
    parser = argparse.ArgumentParser(description="dist/ build helpers")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("lock")
    p.add_argument("lock", type=Path)
    p.add_argument("--keep", action="append", default=[])
    p.add_argument("--wheel", action="append", default=[])
    p.set_defaults(func=_cmd_lock)
    p = sub.add_parser("config")
    p.add_argument("source", type=Path)
    p.add_argument("app_dir", type=Path)
    p.add_argument("out", type=Path)
    p.set_defaults(func=_cmd_config)
    p = sub.add_parser("sw")
    p.add_argument("template", type=Path)
    p.add_argument("dist", type=Path)
    p.add_argument("out", type=Path)
    p.set_defaults(func=_cmd_sw)
    p = sub.add_parser("page")
    p.add_argument("html", type=Path)
    p.add_argument("sprite", type=Path)
    p.add_argument("out", type=Path)
    p.set_defaults(func=_cmd_page)
    p = sub.add_parser("payload")
    p.add_argument("dist", type=Path)
    p.set_defaults(func=_cmd_payload)
    args = parser.parse_args(argv)
    try:
        args.func(args)
    except (KeyError, ValueError, FileNotFoundError) as exc:
        print(f"buildlib {args.cmd}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
