// The page's interpreter, started once at build time: a Pyodide memory snapshot
// that static/interpreter.mjs restores instead of starting Python afresh.
//
//     node tools/snapshot.mjs DIST/pyodide OUT.bin [MODULES.txt]
//
// MODULES.txt, if named, gets the names of the modules the snapshot holds
// (sys.modules, one a line): a restored page imports none of them again, so
// its standard library leaves them out (build.sh; buildlib.py without).
//
// Pyodide under node loads DIST/pyodide (the same pyodide.asm.wasm, standard
// library (stdlib-page.zip) and lock the page loads), puts our wheels on sys.path exactly where
// static/interpreter.mjs puts them, imports what the page imports before and
// soon after its table is ready, and writes its whole memory (the Python
// heap, ~30 MB) as OUT.bin, uncompressed: build.sh's precompressed copies
// (tools/precompress.mjs) carry it, ~4.5 MB with brotli, which the browser
// unpacks itself as it arrives (static/interpreter.mjs). Restoring it skips
// Python's own start-up and those imports (measured: first visits ready
// 27-37% sooner; bench/startup_compare.py). Imported here:
//
// - the engine (thousand) and its AI (the "thousand-ai" wheel attached as the
//   page attaches it once its table is ready, py/app/shell/ai_code.py), with
//   the hand evaluator's data loaded by one Strong bot, as py/app/main.py
//   loads them (a restored page holds the AI before it has fetched its wheel);
// - every py/app module that does not need the page (a module that imports
//   `pyscript` fails here with ModuleNotFoundError and is left to the page);
// - the standard-library modules PyScript's own package imports (PyScript's
//   package itself needs the page's JavaScript, so it is not);
// - every language's catalogue of the page's words (DIST/locale/*.mo beside
//   the app wheel's English one), so a restored page switches language
//   without fetching any;
// - then gc.freeze(): all of it is long-lived, so the page's collections
//   never walk it.
//
// The same inputs give the same bytes: the clocks and the random sources
// Pyodide reads at start-up are fixed while the snapshot is made
// (PYTHONHASHSEED=0), and static/interpreter.mjs reseeds `random` and
// re-reads the time zone after restoring it. It must be made after
// `buildlib.py stamp`: the page checks that the snapshot's engine carries its
// own build id (thousand._build.BUILD), and starts without it otherwise.
import fs from "node:fs";
import path from "node:path";
import nodeCrypto from "node:crypto";
import { syncBuiltinESMExports } from "node:module";
// (Pyodide's private parts, the page's and ours, are all in that one module.)
import { makeSnapshot, snapshotOptions } from "../static/pyodide-private.mjs";

const [dir, out, modulesOut] = process.argv.slice(2);
if (!dir || !out) {
  console.error("usage: node tools/snapshot.mjs DIST/pyodide OUT.bin [MODULES.txt]");
  process.exit(2);
}
const indexURL = path.resolve(dir) + path.sep;

// Fixed clocks and random bytes while Pyodide starts (deterministic output).
const fill = (array) => {
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength).fill(7);
  return array;
};
Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill, configurable: true });
nodeCrypto.randomFillSync = fill;
syncBuiltinESMExports();
Date.now = () => 315532800000; // 1980-01-01, as the wheels' timestamps
let tick = 0;
performance.now = () => (tick += 1);

// Where static/interpreter.mjs puts the wheels and which standard library it
// loads: its SITE, PACKAGES and STDLIB, read from
// its source (their one home; the page module itself needs a browser to import).
const PAGE_MODULE = fs.readFileSync(new URL("../static/interpreter.mjs", import.meta.url), "utf8");
function pageConstant(name) {
  const found = PAGE_MODULE.match(new RegExp(`^const ${name} = (.+?);`, "m"));
  if (!found) throw new Error(`static/interpreter.mjs defines no ${name}`);
  return JSON.parse(found[1]);
}
const SITE = pageConstant("SITE");
const LOCALE = pageConstant("LOCALE");
const PACKAGES = pageConstant("PACKAGES");
const AI = pageConstant("AI"); // the AI's wheel: the page attaches it once ready, the snapshot holds it
const STDLIB = pageConstant("STDLIB");
// Standard-library modules that PyScript's package (pyscript/*.py) and its
// start-up import. Checked against a fresh start's sys.modules at ready: the
// page then imports only PyScript's package, app.shell.boot, app.page.runner and _sha2.
const PYSCRIPT_STDLIB = ["html", "html.entities", "json", "inspect", "base64", "importlib.resources"];

const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const lock = JSON.parse(fs.readFileSync(path.join(indexURL, "pyodide-lock.json"), "utf8"));
const py = await loadPyodide(
  snapshotOptions({
    indexURL,
    stdLibURL: path.join(indexURL, STDLIB), // the page's standard library (static/interpreter.mjs)
    lockFileContents: lock,
    env: { PYTHONHASHSEED: "0", LANG: "C.UTF-8" }, // the page sets LANG as a browser does
  }),
);
py.FS.mkdirTree(SITE);
const wheels = PACKAGES.map((name) => {
  const file = lock.packages[name]?.file_name;
  if (!file) throw new Error(`pyodide-lock.json has no package ${name}`);
  py.FS.writeFile(`${SITE}/${file}`, fs.readFileSync(path.join(indexURL, file)));
  return `${SITE}/${file}`;
});
const aiFile = lock.packages[AI]?.file_name;
if (!aiFile) throw new Error(`pyodide-lock.json has no package ${AI}`);
py.FS.writeFile(`${SITE}/${aiFile}`, fs.readFileSync(path.join(indexURL, aiFile)));
const aiWheel = `${SITE}/${aiFile}`;
// The other languages' catalogues, where the page writes those it fetched.
py.FS.mkdirTree(LOCALE);
const locales = path.join(indexURL, "..", "locale");
for (const name of fs.readdirSync(locales).filter((n) => n.endsWith(".mo")).sort()) {
  py.FS.writeFile(`${LOCALE}/${name}`, fs.readFileSync(path.join(locales, name)));
}
// Run in a namespace of its own: the page's __main__ stays empty.
const scope = py.toPy({ WHEELS: wheels, AI_WHEEL: aiWheel, STDLIB: PYSCRIPT_STDLIB });
const report = py.runPython(
  `
import gc, importlib, sys, zipfile

sys.path.extend(WHEELS)
for name in STDLIB:
    importlib.import_module(name)
importlib.import_module("app.shell.ai_code").attach(AI_WHEEL)  # (as the page does once ready)
importlib.import_module("thousand.ai").make_ai_bot("strong")
left = []
for wheel in [*WHEELS, AI_WHEEL]:
    for entry in sorted(zipfile.ZipFile(wheel).namelist()):
        if not entry.endswith((".py", ".pyc")) or "/__pycache__/" in entry:
            continue
        name = entry.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != "pyscript":
                raise
            left.append(name)
i18n = importlib.import_module("app.shell.i18n")
for lang in i18n.LANGS:
    i18n.CATALOGUES[lang]  # (loaded now: the snapshot keeps it)
    assert i18n.CATALOGUES.loaded(lang), lang
MODULES = "\\n".join(sorted(sys.modules)) + "\\n"
gc.collect()
gc.freeze()
f"{len(sys.modules)} modules; left to the page: {', '.join(sorted(set(left)))}"
`,
  { globals: scope },
);
const modules = scope.get("MODULES");
scope.destroy();
const snapshot = makeSnapshot(py);
fs.writeFileSync(out, snapshot);
if (modulesOut) fs.writeFileSync(modulesOut, modules);
console.log(`snapshot: ${(snapshot.length / 2 ** 20).toFixed(1)} MB; ${report}`);
