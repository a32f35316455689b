"""What PyScript runs (build.sh inlines it into index.html's ``<script type="py">``).

Loads the engine and py/app (both installed from their wheels when Pyodide
started), then hands the static table over to ``app.table``, which renders
it from the game and sets ``data-ready``. An exception here is shown on the
page by ``static/boot.js``. The computer players' AI is imported only once
the table is on screen (before a bot first needs it). The ``boot.mark`` calls
time the steps for ``bench/startup_trace.py``.
"""

import asyncio

from app import boot

boot.mark("main")
boot.set_stage("engine")

import thousand  # noqa: E402  (the stage is shown first)

boot.mark("engine")
from app import table  # noqa: E402

boot.mark("app")
TABLE = table.start()
boot.mark("ready")
print(f"thousand {thousand.__version__} ready, build {boot.build_of('app')}")


def _import_ai() -> None:
    import thousand.ai  # noqa: F401  (one short task, not on the first bot's move)

    boot.mark("ai")


asyncio.get_event_loop().call_later(0.1, _import_ai)
