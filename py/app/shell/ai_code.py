"""The computer players' AI and the post-deal analysis, a wheel the page loads
once its table is ready.

The table needs no AI to appear: the AI (``thousand.ai``, with its hand
evaluator's data) and the open-hand analysis built on its solver
(``thousand.analysis``) are a sixth of the engine's bytes, so build.sh moves them
into the ``WHEEL`` wheel (``tools/buildlib.py split``) and a first visit is ready
without them. The page's script asks for it as soon as the table is on screen
(``app.main``), and everything that thinks (the bots' turns, a hint, an analysis,
the editor's and the online host's computer players) first awaits ``ready``. In
CPython (the tests, the command line) the AI sits with the engine.
"""

from __future__ import annotations

from app.shell import wheels

#: The modules (a package stands for all of it) that only a thought imports.
MODULES = ("thousand.ai", "thousand.analysis")
#: The wheel that holds them (its name in pyodide-lock.json).
WHEEL = "thousand-ai"
#: The packages its modules belong to (each imported from another wheel).
PACKAGES = wheels.packages_of(MODULES)
#: Modules whose presence says the AI is here.
PROBES = ("thousand.ai", "thousand.analysis")


def available() -> bool:
    """Whether the AI's modules can be imported here."""
    return wheels.available(PROBES)


def attach(wheel: str) -> None:
    """Put the AI's wheel at path ``wheel`` on its packages' paths."""
    wheels.attach(wheel, PACKAGES)


async def ready() -> None:
    """Wait until the AI can be imported: in the browser, the page's loader
    (``thousand_loader.ai``, static/interpreter.mjs) fetches its wheel once and
    attaches it (a failed fetch raises here, and the next call tries afresh); in
    CPython there is no loader and nothing to wait for."""
    try:
        import thousand_loader  # type: ignore[import-not-found]  # (static/interpreter.mjs)
    except ModuleNotFoundError:
        return
    await thousand_loader.ai()
