"""What PyScript runs in ``embed.html`` (build.sh inlines it into the page).

Loads the engine and py/app, then hands the placeholder over to
``app.embed.runner``, which shows the record from the fragment or from the host
page. The AI is never imported here unless the analysis is asked for.
"""

from app.shell import boot, dataclass_code

boot.set_stage("engine")

with dataclass_code.reusing():
    from app.embed import runner  # (the stage is shown first)

EMBED = runner.start()
