"""tools/buildlib.py: the lock rewrite, the PyScript config, the service worker manifest."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import pytest
from buildlib import (
    Wheel,
    app_files,
    content_version,
    inline_page,
    payload_bytes,
    precache_list,
    pyscript_config,
    read_wheel,
    render_sw,
    rewrite_lock,
    stylesheet_hrefs,
)

LOCK = {
    "info": {"abi_version": "2026_0", "python": "3.14.2"},
    "packages": {
        "micropip": {
            "name": "micropip",
            "version": "0.11.1",
            "file_name": "micropip-0.11.1-py3-none-any.whl",
            "sha256": "0" * 64,
            "depends": [],
            "imports": ["micropip"],
        },
        "numpy": {"name": "numpy", "version": "2", "file_name": "numpy.whl", "depends": []},
    },
}


def make_wheel(folder: Path, name: str = "thousand", version: str = "0.1.0") -> Path:
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(f"{name}/__init__.py", "")
        zf.writestr(f"{name}/cards.py", "X = 1\n")
        zf.writestr(f"{name}-{version}.dist-info/METADATA", f"Name: {name}\n")
    return path


def test_read_wheel_names_the_package_and_hashes_the_file(tmp_path: Path) -> None:
    path = make_wheel(tmp_path)
    wheel = read_wheel(path)
    assert (wheel.name, wheel.version, wheel.imports) == ("thousand", "0.1.0", ("thousand",))
    assert wheel.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()


def test_read_wheel_rejects_other_files(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a wheel"):
        read_wheel(tmp_path / "thousand.tar.gz")


def test_rewrite_lock_trims_and_fixes_micropip_hash(tmp_path: Path) -> None:
    """Chromium's integrity check needs the sha256 of the micropip file we ship."""
    micropip = Wheel("micropip", "0.11.1", "micropip-0.11.1-py3-none-any.whl", "ab" * 32, ())
    new = rewrite_lock(LOCK, ["micropip"], [micropip])
    assert list(new["packages"]) == ["micropip"]
    assert new["packages"]["micropip"]["sha256"] == "ab" * 32
    assert new["packages"]["micropip"]["imports"] == ["micropip"]
    assert new["info"] == LOCK["info"]
    assert LOCK["packages"]["micropip"]["sha256"] == "0" * 64, "input left untouched"


def test_rewrite_lock_adds_an_entry_for_our_wheel(tmp_path: Path) -> None:
    wheel = read_wheel(make_wheel(tmp_path))
    entry = rewrite_lock(LOCK, ["micropip"], [wheel])["packages"]["thousand"]
    assert entry["file_name"] == "thousand-0.1.0-py3-none-any.whl"
    assert entry["imports"] == ["thousand"]
    assert entry["sha256"] == wheel.sha256
    assert entry["install_dir"] == "site"
    assert entry["package_type"] == "package"


def test_rewrite_lock_refuses_unknown_packages_and_missing_deps() -> None:
    with pytest.raises(KeyError, match="scipy"):
        rewrite_lock(LOCK, ["scipy"], [])
    lock = json.loads(json.dumps(LOCK))
    lock["packages"]["micropip"]["depends"] = ["packaging"]
    with pytest.raises(KeyError, match="packaging"):
        rewrite_lock(lock, ["micropip"], [])


def test_app_files_maps_every_module_into_the_app_package(tmp_path: Path) -> None:
    (tmp_path / "views").mkdir()
    for rel in ("main.py", "boot.py", "views/hand.py", "pyscript.json"):
        (tmp_path / rel).write_text("")
    assert app_files(tmp_path) == {
        "./py/app/boot.py": "./app/boot.py",
        "./py/app/main.py": "./app/main.py",
        "./py/app/views/hand.py": "./app/views/hand.py",
    }


def test_pyscript_config_keeps_explicit_files() -> None:
    source = {"packages": ["thousand"], "files": {"./x.json": "./x.json"}}
    config = pyscript_config(source, {"./py/app/main.py": "./app/main.py"})
    assert config["packages"] == ["thousand"]
    assert config["files"] == {"./py/app/main.py": "./app/main.py", "./x.json": "./x.json"}


def test_precache_list_and_version(tmp_path: Path) -> None:
    for rel in ("index.html", "sw.js", "bench/bare.html", "static/app.css"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(rel)
    urls = precache_list(tmp_path)
    assert urls == ["./", "./index.html", "./static/app.css"]
    before = content_version(tmp_path, urls)
    assert before == content_version(tmp_path, urls)
    (tmp_path / "static/app.css").write_text("changed")
    assert content_version(tmp_path, urls) != before


def test_render_sw_replaces_the_marker_once() -> None:
    template = 'const MANIFEST = /*PRECACHE*/ { version: "dev", files: [] } /*END*/;\n'
    out = render_sw(template, "abc", ["./", "./index.html"])
    manifest = json.loads(out.split("= ", 1)[1].rstrip(";\n"))
    assert manifest == {"version": "abc", "files": ["./", "./index.html"]}
    with pytest.raises(ValueError, match="marker"):
        render_sw("no marker here", "abc", [])


def test_real_sw_template_has_the_marker() -> None:
    template = (Path(__file__).resolve().parents[2] / "static/sw.js").read_text()
    assert "thousand-" in render_sw(template, "v1", ["./"])


def test_inline_page_embeds_stylesheets_and_the_whole_sprite() -> None:
    html = (
        '<head><link rel="stylesheet" href="static/app.css">'
        '<link rel="stylesheet" href="static/table.css"></head><body>'
        '<svg><use href="cards_svg/cards.svg#card-back"/></svg></body>'
    )
    assert stylesheet_hrefs(html) == ["static/app.css", "static/table.css"]
    sprite = '<svg><symbol id="card-QS"></symbol><symbol id="card-back"><rect/></symbol></svg>'
    sheets = {"static/app.css": ".table{}", "static/table.css": ".hand{}"}
    out = inline_page(html, sheets, sprite)
    assert "<style>\n.table{}\n</style><style>\n.hand{}\n</style>" in out
    assert "<link" not in out
    assert '<symbol id="card-back"><rect/></symbol>' in out
    assert 'href="#card-back"' in out
    assert "cards.svg" not in out
    assert '<symbol id="card-QS"></symbol>' in out  # faces too: no request, no blank frame


def test_inline_page_refuses_a_missing_link() -> None:
    with pytest.raises(ValueError, match="lacks"):
        inline_page("<body></body>", {"static/app.css": ""}, '<symbol id="card-back"></symbol>')


def test_payload_counts_our_files_only(tmp_path: Path) -> None:
    files = {
        "index.html": 100,
        "static/app.css": 50,
        "pyodide/pyodide.asm.wasm": 9000,
        "pyodide/thousand-0.1.0-py3-none-any.whl": 30,
        "pyscript/core.js": 700,
        "bench/bare.html": 10,
    }
    for rel, size in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"x" * size)
    assert payload_bytes(tmp_path) == {"index.html": 100, "static/": 50, "engine wheel": 30}
