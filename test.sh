#!/usr/bin/env bash
# The project's test command: build dist/, then run every test under tests/
# (engine tests in CPython, tooling tests, browser tests against dist/).
# Extra arguments go to pytest, e.g. ./test.sh -m "not e2e" or ./test.sh -x.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
PYTHON="${PYTHON:-python3}"

./build.sh

set +e
"$PYTHON" -m pytest -q tests/ "$@"
rc=$?
set -e
if [[ $rc -eq 5 ]]; then
    echo "test.sh: pytest collected no tests; that is a failure here" >&2
    exit 1
fi
exit $rc
