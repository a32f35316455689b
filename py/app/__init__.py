"""The browser side of 1000: PyScript DOM bindings, views and storage.

Runs only inside Pyodide (it imports ``pyscript``); the rules live in
``thousand``, which knows nothing of the page. The build copies every module
here to ``dist/py/app/`` and lists it in the PyScript config's ``files``, so
``from app import x`` works in the browser without touching the config.
"""
