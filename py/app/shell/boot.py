"""Hand-over of the static table from the loading screen to Python.

``static/boot.js`` draws the loading screen from two attributes of ``#table``:
``data-stage`` ("runtime", "engine", "ready") and ``data-ready``. This module
is the only Python that sets them::

    from app.shell import boot
    boot.set_stage("engine")
    ...
    boot.mark_ready()      # hides the loader; #table[data-ready="1"]

After ``mark_ready`` the UI owns ``data-phase`` and reports its own errors.
``mark_ready`` also records which build is running, for tests and bug
reports: ``data-build`` (py/app's build id), ``data-engine`` (the engine's
version) and ``data-engine-build`` (the engine wheel's build id). The page's
own id is ``<meta name="thousand-build">``; all three are equal when one
build runs throughout.

``mark(name)`` adds a ``performance.mark`` (``bench/startup_trace.py`` reads
them to show where start-up time goes).
"""

from __future__ import annotations

import importlib

from pyscript import document, window  # type: ignore[import-not-found]

STAGES = ("runtime", "engine", "ready")


def table() -> object:
    """Return the ``#table`` element."""
    return document.getElementById("table")


def mark(name: str) -> None:
    """Add ``performance.mark("py:" + name)`` to the page's timeline."""
    window.performance.mark("py:" + name)


def set_stage(stage: str) -> None:
    """Show a loading stage on the progress bar."""
    if stage not in STAGES:
        raise ValueError(f"unknown stage {stage!r}; expected one of {STAGES}")
    table().setAttribute("data-stage", stage)  # type: ignore[attr-defined]


def build_of(package: str) -> str:
    """Return ``package._build.BUILD`` (written into each wheel by the build), or ``"dev"``."""
    try:
        return str(importlib.import_module(package + "._build").BUILD)
    except (ImportError, AttributeError):
        return "dev"


def engine_version() -> str:
    """Return the engine's version (``thousand.__version__``)."""
    import thousand

    return thousand.__version__


def mark_ready(phase: str = "ready") -> None:
    """Tell the page Python has taken over: stage ready, ``data-ready="1"``."""
    el = table()
    el.setAttribute("data-build", build_of("app"))  # type: ignore[attr-defined]
    el.setAttribute("data-engine", engine_version())  # type: ignore[attr-defined]
    el.setAttribute("data-engine-build", build_of("thousand"))  # type: ignore[attr-defined]
    el.setAttribute("data-stage", "ready")  # type: ignore[attr-defined]
    el.setAttribute("data-phase", phase)  # type: ignore[attr-defined]
    el.setAttribute("data-ready", "1")  # type: ignore[attr-defined]
