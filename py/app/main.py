"""What PyScript runs (build.sh inlines it into index.html's ``<script type="py">``).

Loads the engine and py/app (both installed from their wheels when Pyodide
started; their dataclasses from the build's code, see ``app.shell.dataclass_code``),
then hands the static table over to ``app.page.runner``, which renders it from the
game and sets ``data-ready``. An exception here is shown on the
page by ``static/boot.js``. The computer players' AI comes in a wheel of its own
that the page fetches only once the table is on screen (``app.shell.ai_code``),
and is imported then, before a bot first needs it. The ``boot.mark`` calls
time the steps for ``bench/startup_trace.py``.
"""

import asyncio
import importlib

from app.shell import ai_code, boot, dataclass_code

boot.mark("main")
boot.set_stage("engine")

with dataclass_code.reusing() as DATACLASSES:
    import thousand  # (the stage is shown first)

    boot.mark("engine")
    from app.page import runner

boot.mark("app")
TABLE = runner.start()
boot.mark("ready")
print(f"thousand {thousand.__version__} ready, build {boot.build_of('app')}; {DATACLASSES}")


# The AI, loaded in short steps (each its own main-thread task) once the table
# is on screen and before a bot first needs it: its wheel, the standard-library
# module it reads its data with, the AI package, then one bot (which loads the
# shared hand evaluator's data). A bot's first move awaits the wheel too
# (``ai_code.ready``) and imports the rest itself if it comes sooner.
AI_IMPORTS = ("importlib.resources", "thousand.ai")


async def _load_ai() -> None:
    await ai_code.ready()
    for name in AI_IMPORTS:
        await asyncio.sleep(0)
        with dataclass_code.reusing():
            importlib.import_module(name)
    await asyncio.sleep(0)
    importlib.import_module("thousand.ai").make_ai_bot("strong")
    boot.mark("ai")


AI_LOADING = asyncio.ensure_future(_load_ai())  # noqa: RUF006  (kept: a module global)
