"""What PyScript runs in ``embed.html`` (build.sh inlines it into the page).

Loads the engine and py/app, then hands the placeholder over to
``app.embed``, which shows the record from the fragment or from the host
page. The AI is never imported here unless the analysis is asked for.
"""

from app import boot, dataclass_code

boot.set_stage("engine")

with dataclass_code.reusing():
    from app import embed  # (the stage is shown first)

EMBED = embed.start()
