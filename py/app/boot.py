"""Hand-over of the static table from the loading screen to Python.

``static/boot.js`` draws the loading screen from two attributes of ``#table``:
``data-stage`` ("runtime", "engine", "ready") and ``data-ready``. This module
is the only Python that sets them::

    from app import boot
    boot.set_stage("engine")
    ...
    boot.mark_ready()      # hides the loader; #table[data-ready="1"]

After ``mark_ready`` the UI owns ``data-phase`` and reports its own errors.
"""

from __future__ import annotations

from importlib import metadata

from pyscript import document  # type: ignore[import-not-found]

STAGES = ("runtime", "engine", "ready")


def table() -> object:
    """Return the ``#table`` element."""
    return document.getElementById("table")


def set_stage(stage: str) -> None:
    """Show a loading stage on the progress bar."""
    if stage not in STAGES:
        raise ValueError(f"unknown stage {stage!r}; expected one of {STAGES}")
    table().setAttribute("data-stage", stage)  # type: ignore[attr-defined]


def engine_version() -> str:
    """Return the installed version of the ``thousand`` package, or ``"dev"``."""
    try:
        return metadata.version("thousand")
    except metadata.PackageNotFoundError:
        return "dev"


def mark_ready(phase: str = "ready") -> None:
    """Tell the page Python has taken over: stage ready, ``data-ready="1"``."""
    el = table()
    el.setAttribute("data-engine", engine_version())  # type: ignore[attr-defined]
    el.setAttribute("data-stage", "ready")  # type: ignore[attr-defined]
    el.setAttribute("data-phase", phase)  # type: ignore[attr-defined]
    el.setAttribute("data-ready", "1")  # type: ignore[attr-defined]
