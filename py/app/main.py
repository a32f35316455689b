"""What PyScript runs (``<script type="py" src="py/app/main.py">``).

Loads the engine, then hands the static table over to ``app.table``, which
renders it from the game and sets ``data-ready``. An exception here is shown
on the page by ``static/boot.js``.
"""

from app import boot

boot.set_stage("engine")

import thousand  # noqa: E402  (the stage is shown first)
from app import table  # noqa: E402

TABLE = table.start()
print(f"thousand {boot.engine_version()} ready ({thousand.__name__})")
