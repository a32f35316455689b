"""The browser side of 1000: PyScript DOM bindings, views and storage.

Runs only inside Pyodide (it imports ``pyscript``); the rules live in
``thousand``, which knows nothing of the page. The build packs every module
here except ``main.py`` into the ``thousand-app`` wheel, which Pyodide installs
from ``pyodide-lock.json`` together with the engine (so ``from app import x``
works without touching the config), and inlines ``main.py`` into the page.
"""
