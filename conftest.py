"""Collection for the whole repository (``pyproject.toml`` runs the doctests of py/).

The page's modules that import the browser (``js``, ``pyodide``, ``pyscript``) at their
top cannot be imported in CPython, so their doctests are not collected; every other
module of ``py/app`` runs its doctests with the tests.
"""

collect_ignore = [
    "py/app/boot.py",
    "py/app/embed.py",
    "py/app/embed_main.py",
    "py/app/main.py",
    "py/app/runner_fx.py",
    "py/app/table.py",
]
