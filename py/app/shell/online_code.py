"""The online table's code, a wheel of its own that a page loads only to play online.

Most players never open an online table, so a first visit does not carry the
mental-poker protocol (``thousand.net``) or the page's online part: build.sh
moves ``MODULES`` out of the engine and app wheels into the ``WHEEL`` wheel
(``tools/buildlib.py split``). static/interpreter.mjs fetches it alongside the
runtime when the page opens an invitation (``#join=``) or resumes a stored
online table, and otherwise when a host starts one: ``update_page`` then asks
for it (``page_msgs.LoadOnline``) and takes the same click again once it is
there. ``attach`` puts it on the packages' paths. In CPython (the tests, the
command line) these modules sit with the others, so ``available`` is true.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys

#: The modules (a package stands for all of it) that only an online table imports.
MODULES = (
    "thousand.net",
    "app.online",
    "app.page.online_glue",
    "app.page.update_online",
)
#: The wheel that holds them (its name in pyodide-lock.json).
WHEEL = "thousand-online"
#: The packages its modules belong to (each imported from another wheel).
PACKAGES = tuple(sorted({name.rpartition(".")[0] for name in MODULES}))


#: Modules whose presence says the online code is here.
PROBES = ("app.online.netplay", "thousand.net")


def available() -> bool:
    """Whether the online table's modules can be imported here (a module whose
    package is itself missing, ``app.online`` before the wheel is attached, is not:
    looking for it raises, and that is an answer too)."""
    try:
        return all(importlib.util.find_spec(name) is not None for name in PROBES)
    except ModuleNotFoundError:
        return False


def attach(wheel: str) -> None:
    """Put the online wheel at path ``wheel`` (already on the file system) on the
    paths of the packages its modules belong to (each package is imported from
    another wheel, whose own path is all a package's ``__path__`` lists), with any
    finder the import system had cached for those paths dropped. (Not
    ``importlib.invalidate_caches()``: it imports ``importlib.metadata``, which a
    restored page does not hold, 20-60 ms before an invited page is ready.)"""
    for package in PACKAGES:
        module = importlib.import_module(package)
        where = f"{wheel}/{package.replace('.', '/')}"
        sys.path_importer_cache.pop(where, None)
        if where not in module.__path__:
            module.__path__.append(where)
