"""app.shell.dataclass_code: dataclasses made from the build's code behave as compiled ones."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import marshal
import subprocess
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from app.shell import dataclass_code
from app.shell.dataclass_code import MAGIC, dump, key, load, read, recording, reusing

ROOT = Path(__file__).resolve().parents[2]


def make_classes() -> dict[str, type]:
    """The same class statements each call (same generated sources)."""

    @dataclass(frozen=True)
    class Point:
        x: int
        y: int = 2
        tags: tuple[str, ...] = ()

    @dataclass
    class Box:
        items: list[int] = field(default_factory=list)
        name: str = "box"

    return {"Point": Point, "Box": Box}


def test_recorded_code_makes_the_same_classes() -> None:
    with recording() as codes:
        make_classes()
    assert codes, "dataclasses generated no source"
    assert "exec" not in vars(dataclasses)  # the hook is gone after the block
    with reusing(codes) as stats:
        fast = make_classes()
    assert stats.compiled == 0 and stats.reused == len(codes)
    assert str(stats) == f"{len(codes)} of {len(codes)} dataclass sources from the build's code"
    plain = make_classes()
    Point, Box = fast["Point"], fast["Box"]
    p = Point(1)
    assert (p.x, p.y, p.tags) == (1, 2, ())
    assert p == Point(1, 2) and p != Point(1, 3) and hash(p) == hash(Point(1))
    assert repr(p) == repr(plain["Point"](1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        Point()
    a, b = Box(), Box()
    a.items.append(1)
    assert b.items == [] and a != b and Box([1]) == a
    assert dataclasses.replace(p, y=7) == Point(1, 7)
    assert [f.name for f in dataclasses.fields(Box)] == ["items", "name"]


def test_a_source_the_build_did_not_see_is_compiled() -> None:
    with reusing({}) as stats:
        classes = make_classes()
    assert stats.reused == 0 and stats.compiled > 0
    assert classes["Point"](3) == classes["Point"](3, 2)


def test_the_hook_is_removed_when_the_block_fails() -> None:
    with pytest.raises(RuntimeError), reusing({}):
        raise RuntimeError("import failed")
    assert "exec" not in vars(dataclasses)


def test_recording_refuses_two_sources_with_one_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dataclass_code, "key", lambda source: (0, 0))
    with pytest.raises(ValueError, match="share the key"), recording():
        make_classes()
    assert "exec" not in vars(dataclasses)


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"not a cache",
        MAGIC + b"\0\0\0\0" + marshal.dumps({}),  # another Python's bytecode
        MAGIC + importlib.util.MAGIC_NUMBER + b"\xff\x00garbage",
        MAGIC
        + importlib.util.MAGIC_NUMBER
        + marshal.dumps({(1, 2): compile("1", "", "eval")})[:-4],
        b"TDC1" + importlib.util.MAGIC_NUMBER + zlib.compress(marshal.dumps({})),  # format 1
        MAGIC + importlib.util.MAGIC_NUMBER + marshal.dumps([1, 2]),
        MAGIC + importlib.util.MAGIC_NUMBER + marshal.dumps({(1, 2): "not code", 3: None}),
    ],
)
def test_a_damaged_or_foreign_file_is_ignored(data: bytes) -> None:
    assert load(data) == {}


def test_the_file_round_trips(tmp_path: Path) -> None:
    with recording() as codes:
        make_classes()
    path = tmp_path / "dc.bin"
    path.write_bytes(dump(codes))
    assert set(read(str(path))) == set(codes)
    assert read(str(tmp_path / "missing.bin")) == {}
    source = "def __create_fn__():\n pass"
    assert key(source) == key(source) != key(source + " ")


def test_interpreter_writes_the_file_where_the_page_reads_it() -> None:
    js = (ROOT / "static" / "interpreter.mjs").read_text()
    site = js.split('const SITE = "', 1)[1].split('"', 1)[0]
    assert "`${SITE}/dataclass-code.bin`" in js
    assert f"{site}/dataclass-code.bin" == dataclass_code.PATH


PAGE_IMPORTS = (
    "import thousand, thousand.ai, thousand.analysis, app.page.screen, app.table.view, "
    "app.table.session"
)


def _run(code: str) -> Any:
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py"), "PYTHONHASHSEED": "0"},
    )
    return json.loads(out.stdout)


def test_the_engine_and_app_classes_from_recorded_code(tmp_path: Path) -> None:
    """The real classes (Conventions, State, Observation, the views), each in a
    fresh interpreter: recorded in one, made from the file in the other."""
    path = tmp_path / "dc.bin"
    count = _run(
        "import json, pathlib\n"
        "from app.shell import dataclass_code\n"
        "with dataclass_code.recording() as codes:\n"
        f"    {PAGE_IMPORTS}\n"
        f"pathlib.Path({str(path)!r}).write_bytes(dataclass_code.dump(codes))\n"
        "print(json.dumps(len(codes)))\n"
    )
    assert count >= 15

    def check(codes: str) -> Any:
        return _run(
            "import json, random\n"
            "from app.shell import dataclass_code\n"
            f"with dataclass_code.reusing({codes}) as stats:\n"
            f"    {PAGE_IMPORTS}\n"
            "from thousand import Conventions, Game\n"
            "c = Conventions.for_players(3, 'classic')\n"
            "state = Game(c).new_initial_state(random.Random(5))\n"
            "same = Conventions.for_players(3, 'classic')\n"
            "print(json.dumps([stats.reused, stats.compiled, repr(c), c == same,\n"
            "                  hash(c) == hash(same), str(state.legal_actions())]))\n"
        )

    reused, compiled, *fast = check(f"dataclass_code.read({str(path)!r})")
    assert (reused, compiled) == (count, 0)
    reused, compiled, *plain = check("{}")
    assert (reused, compiled) == (0, count)
    assert fast == plain and fast[1] and fast[2]
