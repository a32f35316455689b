"""tools/buildlib.py: lock rewrite, app wheel, build stamp, page inlining, SW manifest."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import pytest
from buildlib import (
    Wheel,
    app_wheel,
    content_version,
    inline_config,
    inline_page,
    is_ours,
    list_chunks,
    module_of,
    page_payload_bytes,
    payload_bytes,
    precache_list,
    precache_manifest,
    read_members,
    read_wheel,
    render_sw,
    rewrite_lock,
    stamp,
    stamp_page,
    stored_zip,
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


def test_app_wheel_packs_the_app_package_but_not_the_page_scripts(tmp_path: Path) -> None:
    app = tmp_path / "app"
    (app / "views").mkdir(parents=True)
    for rel in (
        "__init__.py",
        "main.py",
        "embed_main.py",
        "boot.py",
        "views/hand.py",
        "pyscript.json",
    ):
        (app / rel).write_text(f"# {rel}\n")
    wheel = app_wheel(app, "0.2.0", tmp_path)
    assert wheel.name == "thousand_app-0.2.0-py3-none-any.whl"
    members = read_members(wheel)
    modules = sorted(n for n in members if not n.startswith("thousand_app-"))
    assert modules == ["app/__init__.py", "app/boot.py", "app/views/hand.py"]
    described = read_wheel(wheel)
    assert (described.name, described.version, described.imports) == (
        "thousand-app",
        "0.2.0",
        ("app",),
    )
    record = members["thousand_app-0.2.0.dist-info/RECORD"].decode()
    assert "app/boot.py,sha256=" in record
    assert app_wheel(app, "0.2.0", tmp_path / "..").read_bytes() == wheel.read_bytes()


def test_app_wheel_needs_a_package(tmp_path: Path) -> None:
    (tmp_path / "boot.py").write_text("")
    with pytest.raises(ValueError, match="__init__"):
        app_wheel(tmp_path, "0.1.0", tmp_path)


def make_dist(root: Path) -> Path:
    """A tiny dist: a page with the build meta, both wheels and their lock entries."""
    (root / "pyodide").mkdir(parents=True)
    (root / "index.html").write_text(
        '<head><meta name="thousand-build" content="dev"></head><body></body>'
    )
    engine = make_wheel(root / "pyodide")
    app = make_wheel(root / "pyodide", name="thousand_app")
    lock = rewrite_lock(LOCK, ["micropip"], [read_wheel(engine), read_wheel(app)])
    (root / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock))
    return root


def test_stamp_marks_page_wheels_and_lock(tmp_path: Path) -> None:
    dist = make_dist(tmp_path)
    names = stamp(dist, "build-a")
    assert names == ["thousand-0.1.0-py3-none-any.whl", "thousand_app-0.1.0-py3-none-any.whl"]
    assert '<meta name="thousand-build" content="build-a">' in (dist / "index.html").read_text()
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    for name, package in (("thousand", "thousand"), ("thousand-app", "app")):
        wheel = dist / "pyodide" / lock["packages"][name]["file_name"]
        members = read_members(wheel)
        assert members[f"{package}/_build.py"].endswith(b"BUILD = 'build-a'\n")
        assert lock["packages"][name]["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
        record = members[f"{wheel.name.split('-')[0]}-0.1.0.dist-info/RECORD"].decode()
        assert f"{package}/_build.py,sha256=" in record


def test_stamp_again_replaces_the_id_and_its_bytecode(tmp_path: Path) -> None:
    dist = make_dist(tmp_path)
    stamp(dist, "build-a")
    wheel = dist / "pyodide" / "thousand-0.1.0-py3-none-any.whl"
    members = read_members(wheel)
    members["thousand/__pycache__/_build.cpython-314.pyc"] = b"stale"
    members["thousand/_build.pyc"] = b"stale"
    with zipfile.ZipFile(wheel, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    stamp(dist, "build-b")
    members = read_members(wheel)
    assert members["thousand/_build.py"].endswith(b"BUILD = 'build-b'\n")
    assert not any("__pycache__/_build." in n for n in members)
    assert "build-b" in (dist / "index.html").read_text()
    assert "build-a" not in (dist / "index.html").read_text()


def test_stamp_refuses_odd_ids_and_pages_without_the_meta(tmp_path: Path) -> None:
    dist = make_dist(tmp_path)
    with pytest.raises(ValueError, match="build id"):
        stamp(dist, 'x" onload="alert(1)')
    with pytest.raises(ValueError, match="thousand-build"):
        stamp_page("<head></head>", "b1")


def test_precache_list_manifest_and_version(tmp_path: Path) -> None:
    for rel in ("index.html", "sw.js", "bench/bare.html", "static/app.css"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(rel)
    urls = precache_list(tmp_path)
    assert urls == ["./", "./index.html", "./static/app.css"]
    manifest = precache_manifest(tmp_path, urls)
    page = hashlib.sha256(b"index.html").hexdigest()
    assert manifest["./"] == manifest["./index.html"] == page
    assert manifest["./static/app.css"] == hashlib.sha256(b"static/app.css").hexdigest()
    before = content_version(tmp_path, urls)
    assert before == content_version(tmp_path, urls)
    (tmp_path / "static/app.css").write_text("changed")
    assert content_version(tmp_path, urls) != before


def test_render_sw_replaces_the_marker_once() -> None:
    template = 'const MANIFEST = /*PRECACHE*/ { version: "dev", files: {} } /*END*/;\n'
    out = render_sw(template, "abc", {"./": "11", "./index.html": "11"}, {"./rules/": "22"})
    manifest = json.loads(out.split("= ", 1)[1].rstrip(";\n"))
    assert manifest == {
        "version": "abc",
        "files": {"./": "11", "./index.html": "11"},
        "onVisit": {"./rules/": "22"},
    }
    with pytest.raises(ValueError, match="marker"):
        render_sw("no marker here", "abc", {})


def test_real_sw_template_has_the_marker() -> None:
    template = (Path(__file__).resolve().parents[2] / "static/sw.js").read_text()
    assert "thousand-" in render_sw(template, "v1", {"./": "00"})


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


def test_inline_page_puts_the_entry_script_inline() -> None:
    html = '<body>\n<script type="py" src="py/app/main.py" config="c.json"></script>\n</body>'
    sprite = '<symbol id="card-back"></symbol>'
    out = inline_page(html, {}, sprite, "import app\nprint(1)\n")
    assert '<script type="py" config="c.json">\nimport app\nprint(1)\n</script>' in out
    assert "main.py" not in out
    with pytest.raises(ValueError, match="inside <script>"):
        inline_page(html, {}, sprite, "x = '</script>'")


def test_inline_config_replaces_both_references() -> None:
    html = (
        '<mpy-config src="pyscript.json" hidden></mpy-config>\n'
        '<script type="py" config="pyscript.json">pass</script>'
    )
    out = inline_config(html, "pyscript.json", {"interpreter": "./i.mjs", "plugins": ["!a"]})
    text = '{"interpreter":"./i.mjs","plugins":["!a"]}'
    assert f"<mpy-config hidden>{text}</mpy-config>" in out
    assert 'config="{&quot;interpreter&quot;:&quot;./i.mjs&quot;' in out
    assert "pyscript.json" not in out
    with pytest.raises(ValueError, match="does not use"):
        inline_config("<body></body>", "pyscript.json", {})


def test_list_chunks_fills_the_meta() -> None:
    html = '<meta name="thousand-pyscript" content="">'
    out = list_chunks(html, ["core-A1.js", "error-B2.js"])
    assert out == '<meta name="thousand-pyscript" content="core-A1.js error-B2.js">'
    with pytest.raises(ValueError, match="odd"):
        list_chunks(html, ['x"><script>'])


def test_inline_page_refuses_a_missing_link() -> None:
    with pytest.raises(ValueError, match="lacks"):
        inline_page("<body></body>", {"static/app.css": ""}, '<symbol id="card-back"></symbol>')


def test_payload_counts_our_files_only(tmp_path: Path) -> None:
    files = {
        "index.html": 100,
        "static/app.css": 50,
        "pyodide/pyodide.asm.wasm": 9000,
        "pyodide/thousand-0.1.0-py3-none-any.whl": 30,
        "pyodide/thousand_app-0.1.0-py3-none-any.whl": 20,
        "pyodide/dataclass-code.bin": 15,
        "pyscript/core.js": 700,
        "bench/bare.html": 10,
        "rules/ru.html": 40,  # kept by the service worker when visited: not counted
        "rules/diagrams/bolt.ru.svg": 300,  # the no-script picture: not precached, not counted
        "index.html.br": 30,  # index.html as sent with brotli: the same file
    }
    for rel, size in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"x" * size)
    assert payload_bytes(tmp_path) == {
        "index.html": 100,
        "static/": 50,
        "engine wheel": 30,
        "app wheel": 20,
        "dataclass code": 15,
    }
    assert payload_bytes(tmp_path, served=True)["index.html"] == 30
    for rel in files:
        assert is_ours(rel) == ("pyscript" not in rel and "asm" not in rel and "bench" not in rel)


def test_the_game_pages_count_leaves_out_what_comes_once_it_is_ready(tmp_path: Path) -> None:
    files = {
        "index.html": 100,
        "pyodide/thousand-0.1.0-py3-none-any.whl": 30,
        "pyodide/thousand_app-0.1.0-py3-none-any.whl": 20,
        "pyodide/thousand_online-0.1.0-py3-none-any.whl": 400,  # an online table only
        "pyodide/thousand_ai-0.1.0-py3-none-any.whl": 500,  # fetched once the page is ready
        "locale/ru.mo": 7,
        "locale/pl.mo": 9,  # the largest catalogue stands for the page's own
        "locale/uk.mo": 8,
        "sw.js": 1000,  # registered once the page is ready
        "embed.html": 2000,  # the embed page's: precached by the worker then
        "embed.js": 3000,
    }
    for rel, size in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"x" * size)
    assert sum(payload_bytes(tmp_path).values()) == sum(files.values())
    assert page_payload_bytes(tmp_path) == 100 + 30 + 20 + 9


def test_stamped_wheels_are_stored_for_the_server_to_compress(tmp_path: Path) -> None:
    dist = make_dist(tmp_path)
    stamp(dist, "build-a")
    for wheel in (dist / "pyodide").glob("thousand*.whl"):
        infos = zipfile.ZipFile(wheel).infolist()
        assert infos and {i.compress_type for i in infos} == {zipfile.ZIP_STORED}
    src = tmp_path / "deflated.zip"
    with zipfile.ZipFile(src, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("a.pyc", b"x" * 100)
        zf.writestr("pkg/b.pyc", b"y" * 100)
    stored_zip(src, tmp_path / "stored.zip")
    out = zipfile.ZipFile(tmp_path / "stored.zip")
    assert [(i.filename, i.compress_type) for i in out.infolist()] == [
        ("a.pyc", zipfile.ZIP_STORED),
        ("pkg/b.pyc", zipfile.ZIP_STORED),
    ]
    assert out.read("pkg/b.pyc") == b"y" * 100


def test_a_restored_pages_standard_library_leaves_out_what_the_snapshot_holds(
    tmp_path: Path,
) -> None:
    src = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(src, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in ("json/", "json/__init__.pyc", "json/tool.pyc", "re.pyc", "secrets.pyc"):
            zf.writestr(name, name.encode())
        zf.writestr("pyodide/py.typed", b"")  # not a module: kept
    held = ["json", "re", "sys"]  # (sys is built in: in no zip)
    dropped = stored_zip(src, tmp_path / "restored.zip", without=held)
    assert dropped == ["json/__init__.pyc", "re.pyc"]
    out = zipfile.ZipFile(tmp_path / "restored.zip")
    assert out.namelist() == ["json/", "json/tool.pyc", "secrets.pyc", "pyodide/py.typed"]
    assert {i.compress_type for i in out.infolist()} == {zipfile.ZIP_STORED}
    assert out.read("secrets.pyc") == b"secrets.pyc"
    assert module_of("email/__init__.pyc") == "email"
    assert module_of("email/mime/text.pyc") == "email.mime.text"
    assert module_of("email/") is None
