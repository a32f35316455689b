"""The online table's code, a wheel of its own that a page loads only to play online.

Most players never open an online table, so a first visit does not carry the
mental-poker protocol (``thousand.net``) or the page's online part: build.sh
moves ``MODULES`` out of the engine and app wheels into the ``WHEEL`` wheel
(``tools/buildlib.py split``). static/interpreter.mjs fetches it alongside the
runtime when the page opens an invitation (``#join=``) or resumes a stored
online table, and otherwise when a host starts one: ``update_page`` then asks
for it (``page_msgs.LoadOnline``) and takes the same click again once it is
there. ``attach`` puts it on the packages' paths (``app.shell.wheels``). In
CPython (the tests, the command line) these modules sit with the others, so
``available`` is true.
"""

from __future__ import annotations

from app.shell import wheels

#: The modules (a package stands for all of it) that only an online table imports.
MODULES = (
    "thousand.net",
    "app.online",
    "app.page.online_glue",
    "app.page.update_online",
    "app.page.update_mail",
)
#: The wheel that holds them (its name in pyodide-lock.json).
WHEEL = "thousand-online"
#: The packages its modules belong to (each imported from another wheel).
PACKAGES = wheels.packages_of(MODULES)


#: Modules whose presence says the online code is here.
PROBES = ("app.online.netplay", "thousand.net")


def available() -> bool:
    """Whether the online table's modules can be imported here."""
    return wheels.available(PROBES)


def attach(wheel: str) -> None:
    """Put the online wheel at path ``wheel`` on its packages' paths."""
    wheels.attach(wheel, PACKAGES)
