"""What PyScript runs (``<script type="py" src="py/app/main.py">``).

Loads the engine and hands the table over. The real table UI goes in its own
modules under ``py/app/`` and is started here, between the import and
``mark_ready``. An exception here is shown on the page by ``static/boot.js``.
"""

from app import boot

boot.set_stage("engine")

import thousand  # noqa: E402  (the stage is shown first)

boot.mark_ready()
print(f"thousand {boot.engine_version()} ready ({thousand.__name__})")
