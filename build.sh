#!/usr/bin/env bash
# Assemble dist/: everything the page loads, offline-ready, from pinned packages.
#
#   ./build.sh               build dist/
#   ./build.sh serve [PORT]  build, then serve dist/ on http://127.0.0.1:PORT/ (default 8000)
#
# Sources: @pyscript/core and pyodide from the npm registry (package.json +
# package-lock.json, installed with `npm ci`; its devDependency axe-core serves
# the browser tests' accessibility audit and is never copied), the micropip
# wheel from PyPI, the `thousand` wheel built from pyproject.toml, the
# `thousand-app` wheel from py/app. Every Python module the browser loads
# (Pyodide's standard library, both wheels, PyScript's own package) is
# byte-compiled by Pyodide's Python under node (tools/pyc.mjs), so the page
# never compiles Python at start-up.
# Downloads and compiled files are kept in .cache/ and node_modules/, so a
# second run needs no network; the same inputs always give the same dist/ (and
# so the same build id and service-worker version). BUILD_ID=... overrides
# the build id (by default a hash of dist's contents).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"

PYODIDE_VERSION=314.0.7
PYSCRIPT_VERSION=0.7.31
MICROPIP_VERSION=0.11.1
PYODIDE_PYTHON=3.14            # the CPython that pyodide 314 embeds (for pip download)
CACHE="$ROOT/.cache"
DIST="$ROOT/dist"
PYTHON="${PYTHON:-python3}"

# Files of the runtime packages that the page really loads (checked by the
# browser tests, which fail on any 404). PyScript plugins we do not use are
# switched off in py/app/pyscript.json and their chunks left out here.
# python_stdlib.zip is not among them: dist/ gets the byte-compiled one.
PYODIDE_FILES=(pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm pyodide-lock.json)
PYSCRIPT_GLOBS=('core.js' 'core-*.js' 'error-*.js')

say() { printf '==> %s\n' "$*"; }
die() { printf 'build.sh: error: %s\n' "$*" >&2; exit 1; }

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

MODE=build
PORT=8000
case "${1:-build}" in
    build) ;;
    serve) MODE=serve; PORT="${2:-8000}" ;;
    -h|--help|help) usage 0 ;;
    *) printf 'build.sh: unknown command: %s\n' "$1" >&2; usage 2 ;;
esac

for tool in node npm "$PYTHON"; do
    command -v "$tool" >/dev/null || die "'$tool' is not installed (needed to build dist/)"
done

sha_of() { sha256sum "$@" | sha256sum | cut -c1-16; }

# --- 1. Runtime from the npm registry --------------------------------------
npm_stamp="$(sha_of package.json package-lock.json)"
if [[ "$(cat node_modules/.thousand-stamp 2>/dev/null || true)" != "$npm_stamp" ]]; then
    say "npm ci (@pyscript/core@$PYSCRIPT_VERSION, pyodide@$PYODIDE_VERSION)"
    npm ci --ignore-scripts --no-audit --no-fund --prefer-offline --loglevel=error \
        || die "npm ci failed: could not install @pyscript/core@$PYSCRIPT_VERSION and pyodide@$PYODIDE_VERSION from the npm registry ($(npm config get registry))"
    echo "$npm_stamp" > node_modules/.thousand-stamp
else
    say "node_modules up to date (npm ci skipped)"
fi
for pkg in "pyodide:$PYODIDE_VERSION" "@pyscript/core:$PYSCRIPT_VERSION"; do
    name="${pkg%:*}"; want="${pkg##*:}"
    have="$(node -p "require('./node_modules/$name/package.json').version" 2>/dev/null || echo none)"
    [[ "$have" == "$want" ]] || die "node_modules/$name is $have, package-lock.json pins $want"
done

# --- 2. micropip wheel from PyPI --------------------------------------------
mkdir -p "$CACHE/wheels"
MICROPIP_WHL="$CACHE/wheels/micropip-$MICROPIP_VERSION-py3-none-any.whl"
if [[ ! -f "$MICROPIP_WHL" ]]; then
    say "pip download micropip==$MICROPIP_VERSION"
    "$PYTHON" -m pip download --quiet --no-deps --only-binary=:all: \
        --python-version "$PYODIDE_PYTHON" "micropip==$MICROPIP_VERSION" -d "$CACHE/wheels" \
        || die "could not download micropip==$MICROPIP_VERSION from PyPI"
fi
[[ -f "$MICROPIP_WHL" ]] || die "pip did not produce $(basename "$MICROPIP_WHL")"

# --- 3. The engine wheel, built from pyproject.toml -------------------------
# Built from a clean copy (no stale build/ dir), with a fixed timestamp so the
# same sources give the same bytes, and cached by a hash of those sources.
engine_src=(pyproject.toml)
[[ -f README.md ]] && engine_src+=(README.md)
mapfile -t engine_py < <(find py/thousand -type f ! -path '*/__pycache__/*' ! -name '*.pyc' | LC_ALL=C sort)
engine_hash="$(sha_of "${engine_src[@]}" "${engine_py[@]}")"
ENGINE_DIR="$CACHE/engine/$engine_hash"
if ! compgen -G "$ENGINE_DIR/thousand-*.whl" >/dev/null; then
    say "building the thousand wheel ($engine_hash)"
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/src/py"
    cp "${engine_src[@]}" "$tmp/src/"
    cp -r py/thousand "$tmp/src/py/"
    find "$tmp/src" -name __pycache__ -prune -exec rm -rf {} +
    rm -rf "$CACHE/engine"
    mkdir -p "$ENGINE_DIR"
    SOURCE_DATE_EPOCH=315532800 "$PYTHON" -m pip wheel --quiet --no-deps "$tmp/src" -w "$ENGINE_DIR" \
        || { rm -rf "$ENGINE_DIR"; die "building the thousand wheel failed (pip needs setuptools from PyPI)"; }
fi
ENGINE_WHL="$(compgen -G "$ENGINE_DIR/thousand-*.whl" | head -n1)"
"$PYTHON" -c "import zipfile,sys; n=zipfile.ZipFile(sys.argv[1]).namelist(); sys.exit(0 if 'thousand/__init__.py' in n else 1)" "$ENGINE_WHL" \
    || echo "build.sh: warning: $(basename "$ENGINE_WHL") has no thousand/__init__.py yet" >&2

# --- 4. The app wheel (py/app, without main.py) -----------------------------
APP_DIR="$CACHE/app"
rm -rf "$APP_DIR"
mkdir -p "$APP_DIR"
ENGINE_VERSION="$("$PYTHON" -c "import sys; sys.path.insert(0, 'tools'); import buildlib, pathlib; print(buildlib.read_wheel(pathlib.Path(sys.argv[1])).version)" "$ENGINE_WHL")"
"$PYTHON" tools/buildlib.py appwheel py/app "$ENGINE_VERSION" "$APP_DIR"
APP_WHL="$(compgen -G "$APP_DIR/thousand_app-*.whl" | head -n1)"

# --- 5. Bytecode for Pyodide's Python -----------------------------------------
# One Pyodide under node compiles whatever is not cached yet; a cache entry is
# named after the hash of its input and of the compiler. The wheels get each
# mod.pyc beside mod.py: the page imports them from the wheel files as they
# are (zipimport; see static/interpreter.mjs).
PYC="$CACHE/pyc"
mkdir -p "$PYC"
compiler="$(sha_of tools/pycompile.py tools/pyc.mjs node_modules/pyodide/package.json)"
PYSCRIPT_STDLIB=node_modules/@pyscript/core/src/stdlib/pyscript.js
[[ -f "$PYSCRIPT_STDLIB" ]] || die "@pyscript/core@$PYSCRIPT_VERSION has no src/stdlib/pyscript.js"
pyc_path() { echo "$PYC/$(sha_of "$2")-$compiler-$1-$3"; }  # pyc_path JOB SRC NAME
STDLIB_PYC="$(pyc_path stdlib node_modules/pyodide/python_stdlib.zip python_stdlib.zip)"
ENGINE_PYC="$(pyc_path zipwheel "$ENGINE_WHL" "$(basename "$ENGINE_WHL")")"
APP_PYC="$(pyc_path zipwheel "$APP_WHL" "$(basename "$APP_WHL")")"
PYSCRIPT_PYC="$(pyc_path tree "$PYSCRIPT_STDLIB" stdlib-pyc.zip)"
# The code of the dataclasses both wheels define (py/app/shell/dataclass_code.py),
# made from the page's copies of the wheels, after the jobs that write them.
DATACLASS_CODE="$PYC/$(sha_of "$ENGINE_WHL" "$APP_WHL")-$compiler-dataclass-code.bin"
# The page's standard library: the modules of the compiled one that the page's
# Python (both wheels, PyScript's package, the pages' scripts) and the Python
# snippets of the JavaScript it runs can import (tools/pycompile.py pagestdlib);
# python_stdlib.zip itself stays for the benchmarks' bare Pyodide pages. The
# page's zips go into dist/ stored (buildlib stored, stamp): precompressed as a
# whole (below) they travel smaller than their entries deflated one by one.
shopt -s nullglob
PAGE_JS=(node_modules/@pyscript/core/dist/core-*.js node_modules/pyodide/pyodide.asm.mjs
         node_modules/pyodide/pyodide.mjs static/interpreter.mjs static/boot.js tools/snapshot.mjs)
shopt -u nullglob
PAGE_SCRIPTS=(py/app/main.py py/app/embed_main.py)
STDLIB_PAGE="$PYC/$(sha_of node_modules/pyodide/python_stdlib.zip "$ENGINE_WHL" "$APP_WHL" "$PYSCRIPT_STDLIB" "${PAGE_SCRIPTS[@]}" "${PAGE_JS[@]}")-$compiler-stdlib-page.zip"
pyc_jobs=()
for job in "stdlib node_modules/pyodide/python_stdlib.zip $STDLIB_PYC" \
           "zipwheel $ENGINE_WHL $ENGINE_PYC" "zipwheel $APP_WHL $APP_PYC" \
           "tree $PYSCRIPT_STDLIB $PYSCRIPT_PYC" \
           "dataclasses $ENGINE_PYC $APP_PYC $DATACLASS_CODE" \
           "pagestdlib $STDLIB_PYC $ENGINE_PYC $APP_PYC $PYSCRIPT_PYC ${PAGE_SCRIPTS[*]} ${PAGE_JS[*]} $STDLIB_PAGE"; do
    read -r -a words <<<"$job"
    [[ -f "${words[-1]}" ]] || pyc_jobs+=(-- "${words[@]}")
done
if ((${#pyc_jobs[@]})); then
    say "byte-compiling for Pyodide's Python (node tools/pyc.mjs)"
    node tools/pyc.mjs "${pyc_jobs[@]:1}" || die "tools/pyc.mjs failed"
fi
find "$PYC" -type f -mtime +30 -delete  # old entries

# --- 6. Assemble dist/ in a staging dir, then swap --------------------------
say "assembling dist/"
STAGE="$CACHE/dist.new"
rm -rf "$STAGE"
mkdir -p "$STAGE/pyodide" "$STAGE/pyscript" "$STAGE/static" "$STAGE/bench"

for f in "${PYODIDE_FILES[@]}"; do cp "node_modules/pyodide/$f" "$STAGE/pyodide/"; done
cp "$STDLIB_PYC" "$STAGE/pyodide/python_stdlib.zip"
"$PYTHON" tools/buildlib.py stored "$STDLIB_PAGE" "$STAGE/pyodide/stdlib-page.zip"
cp "$MICROPIP_WHL" "$STAGE/pyodide/"
cp "$ENGINE_PYC" "$STAGE/pyodide/$(basename "$ENGINE_WHL")"
cp "$APP_PYC" "$STAGE/pyodide/$(basename "$APP_WHL")"
# The online table's modules go into a wheel of their own, which a page loads
# only to play online (py/app/shell/online_code.py), and so do the AI's and the
# analysis', which it loads once its table is ready (py/app/shell/ai_code.py).
"$PYTHON" tools/buildlib.py split "$STAGE/pyodide/$(basename "$ENGINE_WHL")" \
    "$STAGE/pyodide/$(basename "$APP_WHL")" "$STAGE/pyodide"
ONLINE_WHL="$(compgen -G "$STAGE/pyodide/thousand_online-*.whl" | head -n1)"
AI_WHL="$(compgen -G "$STAGE/pyodide/thousand_ai-*.whl" | head -n1)"
cp "$DATACLASS_CODE" "$STAGE/pyodide/dataclass-code.bin"
"$PYTHON" tools/buildlib.py lock "$STAGE/pyodide/pyodide-lock.json" --keep micropip \
    --wheel "$MICROPIP_WHL" --wheel "$STAGE/pyodide/$(basename "$ENGINE_WHL")" \
    --wheel "$STAGE/pyodide/$(basename "$APP_WHL")" --wheel "$ONLINE_WHL" --wheel "$AI_WHL"

shopt -s nullglob
for g in "${PYSCRIPT_GLOBS[@]}"; do
    matches=(node_modules/@pyscript/core/dist/$g)
    ((${#matches[@]})) || die "@pyscript/core@$PYSCRIPT_VERSION has no dist/$g"
    cp "${matches[@]}" "$STAGE/pyscript/"
done
shopt -u nullglob
cp "$PYSCRIPT_PYC" "$STAGE/pyscript/stdlib-pyc.zip"

[[ -f cards_svg/cards.svg ]] || die "cards_svg/cards.svg is missing: run python3 cards_svg/make_cards.py"
chunks=()
for f in "$STAGE"/pyscript/*.js; do
    [[ "$(basename "$f")" == core.js ]] || chunks+=(--chunk "$(basename "$f")")
done
"$PYTHON" tools/buildlib.py page index.html cards_svg/cards.svg py/app/main.py py/app/pyscript.json \
    "$STAGE/index.html" "${chunks[@]}"
"$PYTHON" tools/placeholder.py "$STAGE/index.html"
"$PYTHON" tools/buildlib.py page embed.html cards_svg/cards.svg py/app/embed_main.py py/app/pyscript.json \
    "$STAGE/embed.html" "${chunks[@]}"
"$PYTHON" tools/placeholder.py "$STAGE/embed.html" --embed
# The page's words: English is in the app wheel, each other language's compiled
# catalogue a file of its own that a page fetches when it shows that language.
"$PYTHON" tools/buildlib.py catalogues py/app "$STAGE/locale"
mkdir -p "$STAGE/examples"
cp examples/explainer.html examples/deal.json "$STAGE/examples/"
PYTHONPATH=py "$PYTHON" -m thousand diagram examples/deal.json --step 20 --open > "$STAGE/examples/diagram.svg"
# The rules site for players (docs/learn/<lang>/*.md, four languages) with live
# examples and their diagrams, and the developers' reference (docs/RULES.md,
# docs/rules/*.md): tools/rules_pages.py (tools/rules_site.py).
PYTHONPATH=py "$PYTHON" tools/rules_pages.py "$STAGE/rules"
find static -maxdepth 1 -type f ! -name sw.js ! -name embed.js -exec cp {} "$STAGE/static/" \;
# The online table's mailbox and its relay library (nostr-tools' browser bundle,
# pinned in package.json): loaded only when a page opens or joins an online table.
mkdir -p "$STAGE/online"
cp static/online/mailbox.mjs "$STAGE/online/"
cp node_modules/nostr-tools/lib/nostr.bundle.js "$STAGE/online/nostr-tools.js"
# <thousand-deal> (static/embed.js) sits beside embed.html, which it finds by its own URL.
cp static/embed.js "$STAGE/embed.js"
cp bench/bare.html bench/install.html bench/pyscript.html bench/element.html "$STAGE/bench/"

find "$STAGE" -name '*.map' -delete
"$PYTHON" tools/buildlib.py stamp "$STAGE" ${BUILD_ID:+"$BUILD_ID"}
# The interpreter started once, as a memory snapshot the page restores (see
# tools/snapshot.mjs); made from the stamped wheels, so after the stamp, and
# cached by a hash of everything it is made from.
snapshot_inputs=("$STAGE"/pyodide/{pyodide.mjs,pyodide.asm.mjs,pyodide.asm.wasm,stdlib-page.zip,pyodide-lock.json})
snapshot_inputs+=("$STAGE"/pyodide/thousand*.whl "$STAGE"/locale/*.mo tools/snapshot.mjs static/pyodide-private.mjs)
SNAPSHOT="$CACHE/snapshot/$(sha_of "${snapshot_inputs[@]}").bin"
if [[ ! -f "$SNAPSHOT" ]]; then
    say "making the interpreter snapshot (node tools/snapshot.mjs)"
    rm -rf "$CACHE/snapshot"
    mkdir -p "$CACHE/snapshot"
    node tools/snapshot.mjs "$STAGE/pyodide" "$SNAPSHOT.tmp" "$SNAPSHOT.modules" \
        || die "tools/snapshot.mjs failed"
    mv "$SNAPSHOT.tmp" "$SNAPSHOT"
fi
cp "$SNAPSHOT" "$STAGE/pyodide/snapshot.bin"  # (sent as its .br or .gz copy, below)
# A restored page's standard library: the page's without the modules the
# snapshot holds (a fifth of its bytes; static/interpreter.mjs STDLIB_RESTORED).
"$PYTHON" tools/buildlib.py without "$STAGE/pyodide/stdlib-page.zip" "$SNAPSHOT.modules" \
    "$STAGE/pyodide/stdlib-restored.zip"
"$PYTHON" tools/buildlib.py sw static/sw.js "$STAGE" "$STAGE/sw.js"
# Brotli and gzip copies of the files that compress, for servers that send them
# (tools/serve.py; see docs/HOSTING.md). Last: the manifest above is
# made from the files as a browser gets them back.
node tools/precompress.mjs "$STAGE" "$CACHE/brotli" || die "tools/precompress.mjs failed"
find "$CACHE/brotli" -type f -mtime +30 -delete 2>/dev/null || true  # old entries

rm -rf "$DIST"
mv "$STAGE" "$DIST"
say "dist/ ready: $(du -sh "$DIST" | cut -f1) in $(find "$DIST" -type f | wc -l) files"
"$PYTHON" tools/buildlib.py payload "$DIST"

if [[ "$MODE" == serve ]]; then
    exec "$PYTHON" tools/serve.py "$DIST" "$PORT"
fi
