"""Wheels a page puts on its packages' paths after it has started.

Some of the page's code is not needed before the table is ready, or ever by most
players: the online table's (``online_code``) and the computer players' AI with
the post-deal analysis (``ai_code``). The build moves each such set of modules out
of the engine and app wheels into a wheel of its own (``tools/buildlib.py
split``); static/interpreter.mjs fetches it when asked and calls ``attach``. Its
modules belong to packages that other wheels already hold (``thousand``,
``app.page``), so the wheel goes on those packages' ``__path__`` rather than on
``sys.path``. In CPython (the tests, the command line) every module sits with
the others and ``available`` is true at once.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys


def packages_of(modules: tuple[str, ...]) -> tuple[str, ...]:
    """The packages ``modules`` belong to (a package stands for all of it).

    >>> packages_of(("thousand.net", "app.online", "app.page.online_glue"))
    ('app', 'app.page', 'thousand')
    """
    return tuple(sorted({name.rpartition(".")[0] for name in modules}))


def available(probes: tuple[str, ...]) -> bool:
    """Whether every module of ``probes`` can be imported here (a module whose
    package is itself missing, ``app.online`` before its wheel is attached, is not:
    looking for it raises, and that is an answer too)."""
    try:
        return all(importlib.util.find_spec(name) is not None for name in probes)
    except ModuleNotFoundError:
        return False


def attach(wheel: str, packages: tuple[str, ...]) -> None:
    """Put the wheel at path ``wheel`` (already on the file system) on the paths of
    ``packages`` (each imported from another wheel, whose own path is all a
    package's ``__path__`` lists), with any finder the import system had cached
    for those paths dropped; twice is once. (Not ``importlib.invalidate_caches()``:
    it imports ``importlib.metadata``, which a restored page does not hold, 20-60 ms
    before an invited page is ready.)"""
    for package in packages:
        module = importlib.import_module(package)
        where = f"{wheel}/{package.replace('.', '/')}"
        sys.path_importer_cache.pop(where, None)
        if where not in module.__path__:
            module.__path__.append(where)
