"""static/boot.js preloads every module static/interpreter.mjs imports, so none
of them waits a round trip for the interpreter module to be parsed first."""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_boot_preloads_each_module_the_interpreter_imports() -> None:
    interpreter = (ROOT / "static" / "interpreter.mjs").read_text()
    imports = re.findall(r'^import [^;]*? from "([^"]+)";', interpreter, re.MULTILINE | re.DOTALL)
    assert len(imports) >= 2, imports  # (the reader finds them)
    wanted = {posixpath.normpath(posixpath.join("static", path)) for path in imports}
    boot = (ROOT / "static" / "boot.js").read_text()
    found = re.search(r"const INTERPRETER_IMPORTS = (\[[^\]]*\]);", boot)
    assert found, "static/boot.js lists no INTERPRETER_IMPORTS"
    assert set(json.loads(found[1])) == wanted
    for path in wanted:
        assert (ROOT / "static" / Path(path).name).exists() or path.startswith("pyodide/")
