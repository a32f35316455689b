#!/usr/bin/env bash
# The project's test command. On a fresh clone it sets up what it needs itself:
#
#   1. checks for Python >= 3.11, node/npm and Chromium, and says what to install;
#   2. makes .venv/ with the pinned test packages of pyproject.toml ([test]) and
#      this package in editable mode (redone whenever pyproject.toml changes);
#   3. runs the gates: ruff (lint and format check) and mypy --strict;
#   4. builds dist/ (./build.sh) and runs every test under tests/ (engine and app
#      in CPython, tooling, browser tests in Chromium against dist/).
#
# Extra arguments go to pytest, e.g. ./test.sh -x, ./test.sh -m "not e2e"
# (the browser tests need Chromium; without them Chromium is not required).
# The tests run on every core (pytest-xdist; each file's tests on one worker, so a
# file's shared page or server is made once); ./test.sh -n 0 runs them in one
# process, TEST_WORKERS=N sets the number of workers.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

say() { printf '==> %s\n' "$*"; }
die() { printf 'test.sh: %s\n' "$*" >&2; exit 1; }

PYTHON="${PYTHON:-python3}"
command -v "$PYTHON" >/dev/null || die "'$PYTHON' not found: install Python 3.11 or newer (Debian: apt-get install -y python3 python3-venv)"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || die "Python 3.11 or newer is needed; $PYTHON is $("$PYTHON" -V 2>&1)"
for tool in node npm; do
    command -v "$tool" >/dev/null || die "'$tool' not found: it fetches the pinned Pyodide/PyScript runtime (Debian: apt-get install -y nodejs npm)"
done

# Chromium is only needed when the browser tests run.
wants_e2e=1
args=" $* "
[[ "$args" == *"not e2e"* ]] && wants_e2e=0
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
if [[ $wants_e2e -eq 1 && ! -x "$CHROMIUM" ]]; then
    die "Chromium not found at $CHROMIUM; the browser tests need it. Install it as root:
    apt-get install -y chromium
(or point \$CHROMIUM at a Chromium binary; or run ./test.sh -m \"not e2e\" to skip the browser tests)"
fi

# --- the project venv -------------------------------------------------------
VENV=.venv
stamp="$(sha256sum pyproject.toml | cut -c1-16)"
if [[ ! -x "$VENV/bin/python" || "$(cat "$VENV/.thousand-stamp" 2>/dev/null || true)" != "$stamp" ]]; then
    say "setting up $VENV (pinned test packages, thousand in editable mode)"
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV" \
        || die "could not create a venv (Debian: apt-get install -y python3-venv)"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e ".[test]" \
        || die "pip could not install the test packages from PyPI (see pyproject.toml [test])"
    echo "$stamp" > "$VENV/.thousand-stamp"
fi
PY="$VENV/bin/python"

# --- gates ------------------------------------------------------------------
say "ruff check, ruff format --check, mypy --strict"
LINTED=(py tests bench tools cards_svg)
"$VENV/bin/ruff" check --quiet "${LINTED[@]}"
"$VENV/bin/ruff" format --check --quiet "${LINTED[@]}" \
    || die "files above are not formatted: run $VENV/bin/ruff format ${LINTED[*]}"
"$VENV/bin/mypy" --strict py/thousand py/app

# --- build, then the tests ----------------------------------------------------
PYTHON="$PY" ./build.sh

WORKERS="${TEST_WORKERS:-$(nproc 2>/dev/null || echo 2)}"
set +e
"$PY" -m pytest -q -n "$WORKERS" --dist loadfile "$@"
rc=$?
set -e
if [[ $rc -eq 5 ]]; then
    echo "test.sh: pytest collected no tests; that is a failure here" >&2
    exit 1
fi
exit $rc
