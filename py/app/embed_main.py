"""What PyScript runs in ``embed.html`` (build.sh inlines it into the page).

Loads the engine and py/app, then hands the placeholder over to
``app.embed``, which shows the record from the fragment or from the host
page. The AI is never imported here unless the analysis is asked for.
"""

from app import boot

boot.set_stage("engine")

from app import embed  # noqa: E402  (the stage is shown first)

EMBED = embed.start()
