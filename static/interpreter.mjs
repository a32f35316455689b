// The Python interpreter PyScript runs the page on (pyscript.json "interpreter").
//
// PyScript would import Pyodide and call loadPyodide() only after its own
// ~140 KB had loaded and it had read its config; then it would install our
// packages and fetch its scripts one after another. Instead, static/boot.js
// imports this module as soon as the HTML is parsed, and importing it starts
// everything at once, in parallel with PyScript's own download:
//
// - loadPyodide() with the page's standard library (stdlib-page.zip: the
//   modules the page's Python can import, byte-compiled; restored from the
//   snapshot, stdlib-restored.zip: those of them the snapshot does not hold);
// - our two wheels, "thousand" (the engine) and "thousand-app" (py/app), as
//   pyodide-lock.json names them, each checked against the lock's sha256.
//   They go on sys.path as they are: zipimport reads the modules and the
//   .pyc beside each (compiled by Pyodide's Python at build time) straight
//   from the wheel, so nothing is unpacked (loadPackage's unpacking cost
//   more than the imports themselves);
// - the bytecode of PyScript's own Python package (pyscript/stdlib-pyc.zip,
//   entries stored), written where PyScript writes that package, so its
//   import at start-up skips compiling (checked-hash .pyc: used only for
//   identical sources);
// - the online table's code (the "thousand-online" wheel, see
//   py/app/shell/online_code.py) only when the page opens an invitation (#join=)
//   or has a stored online table; otherwise the page asks for it when a host
//   starts one (Python's `import thousand_loader; await thousand_loader.online()`);
// - the computer players' AI and the analysis (the "thousand-ai" wheel, see
//   py/app/shell/ai_code.py) once the table is ready: the page's script asks for
//   it then, and every thought awaits it (`await thousand_loader.ai()`);
// - when Python starts afresh, the code of our dataclasses' generated
//   methods (dataclass-code.bin, see py/app/shell/dataclass_code.py), which py/app
//   reuses instead of compiling those sources while it imports (a restored
//   snapshot holds those classes already, so it is not fetched then).
//
// - on a fresh start, the catalogue of the page's words in the page's
//   language (locale/<lang>.mo; English is in the app wheel), written where
//   app.shell.catalog reads it; the other languages' come once the page is ready,
//   for a switch of language (a restored snapshot holds all of them).
//
// PyScript then imports this same module (one module instance per URL) and
// calls loadPyodide() below, which hands it the interpreter already started.
// Everything else (the `pyscript` module, DOM bindings, running the page's
// <script type="py">) stays PyScript's.
//
// The interpreter is restored from the build's memory snapshot
// (pyodide/snapshot.bin, made by tools/snapshot.mjs: Python started, the
// engine, its AI and most of py/app imported), which skips Python's own
// start-up and those imports. It is fetched alongside the runtime; the server
// sends its precompressed copy (~4.5 MB with brotli, 30 MB as it is), which the
// browser unpacks as it arrives. A server that would send it uncompressed is
// not waited for: Python starts afresh. Without it (absent, unreadable, or made for another build:
// its engine's build id is not the page's), Python starts afresh, as it also
// does with ?nosnapshot in the URL and, unless the service worker already
// holds it, when the server is not near (the page's own document took
// NEAR_MS or more to come: a real network, not localhost or a LAN), or on a
// connection that asks to save data or is slower than 4G: the snapshot is
// ~4 MB more to download, which costs more time than Python's start-up saves
// but on the fastest links (bench/startup.py --network). The choice is made
// at once, so the runtime's download starts with the page's. Chromium's
// bandwidth estimate (navigator.connection.downlink) is not used: a fresh
// browser reports 1.4 Mbit/s before it has measured anything, and it is
// capped at 10 Mbit/s.
import { loadPyodide as startPyodide, version } from "../pyodide/pyodide.mjs";
// (Pyodide's private parts, which the snapshot needs, are all in that one module.)
import { restoreOptions, writeTimeZone } from "./pyodide-private.mjs";

export { version };

const PACKAGES = ["thousand", "thousand-app"];
// The online table's wheel (app.shell.online_code.WHEEL), and the stored online
// table (app.shell.storage.NET_KEY) that asks for it at start.
const ONLINE = "thousand-online";
const NET_KEY = "thousand.net";
// The AI's wheel (app.shell.ai_code.WHEEL), loaded once the table is ready.
const AI = "thousand-ai";
const PYODIDE_DIR = new URL("../pyodide/", import.meta.url);
const PYSCRIPT_PYC = new URL("../pyscript/stdlib-pyc.zip", import.meta.url);
const DATACLASS_CODE = new URL("dataclass-code.bin", PYODIDE_DIR);
const SNAPSHOT = new URL("snapshot.bin", PYODIDE_DIR);
// A snapshot response larger than this, not compressed, is dropped (see the top).
const UNCOMPRESSED_LIMIT = 16 * 2 ** 20;
const SITE = "/lib/thousand"; // where the wheels go in Pyodide's file system
// The page's standard library: the modules its Python can import, not all of
// python_stdlib.zip (build.sh; tools/pycompile.py pagestdlib).
const STDLIB = "stdlib-page.zip";
// ... and restored from the snapshot, those of them that the snapshot does not
// hold (build.sh: buildlib.py without): it never imports the others again.
const STDLIB_RESTORED = "stdlib-restored.zip";
// The page's words in the languages besides English (which the app wheel
// holds), one compiled catalogue each: fetched from CATALOGUES and written to
// LOCALE, where app.shell.catalog reads them (its PAGE_URL and PAGE_DIR).
const LANGUAGES = ["ru", "uk", "pl"];
const CATALOGUES = new URL("../locale/", import.meta.url);
const LOCALE = "/lib/thousand/locale";

/** [name, bytes] of each entry of a zip whose entries are stored (not deflated). */
function storedEntries(buffer) {
  const view = new DataView(buffer);
  const entries = [];
  for (let at = 0; at + 30 <= buffer.byteLength && view.getUint32(at, true) === 0x04034b50; ) {
    const method = view.getUint16(at + 8, true);
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    const start = at + 30 + nameLength + extraLength;
    if (method !== 0 || view.getUint16(at + 6, true) & 8) throw new Error("not a stored zip");
    const name = new TextDecoder().decode(new Uint8Array(buffer, at + 30, nameLength));
    entries.push([name, new Uint8Array(buffer, start, size)]);
    at = start + size;
  }
  return entries;
}

/**
 * `parse` of the bytes at `url`, or `fallback` if they cannot be had: PyScript's
 * bytecode and our dataclass code only make start-up faster (without them,
 * Python compiles those sources).
 */
async function optionalFile(url, parse, fallback) {
  try {
    const response = await fetch(url);
    return response.ok ? parse(await response.arrayBuffer()) : fallback;
  } catch {
    return fallback;
  }
}

const base64 = (hex) => btoa(String.fromCharCode(...hex.match(/../g).map((h) => parseInt(h, 16))));

/**
 * The page's language as py/app will choose it (?lang=, the stored choice, the
 * browser's language): its catalogue is fetched alongside the runtime. A wrong
 * guess (embed.html's own option) only costs app.shell.catalog a request later.
 */
function pageLanguage() {
  let stored = null;
  try {
    stored = JSON.parse(globalThis.localStorage?.getItem("thousand.lang") ?? "null");
  } catch {
    stored = null;
  }
  const params = new URLSearchParams(globalThis.location?.search ?? "");
  const wanted = params.get("lang") || (typeof stored === "string" && stored) || globalThis.navigator?.language || "en";
  const code = wanted.slice(0, 2).toLowerCase();
  return code === "ua" ? "uk" : code;
}

/** [language, bytes] of a language's catalogue, or null (app.shell.catalog then asks itself). */
const catalogue = (lang) =>
  LANGUAGES.includes(lang)
    ? optionalFile(new URL(`${lang}.mo`, CATALOGUES), (buffer) => [lang, new Uint8Array(buffer)], null)
    : Promise.resolve(null);

/** Writes the catalogues of the other languages, once the page is ready (a fresh start). */
function catalogueLater(pyodide, have) {
  const fetchRest = () =>
    LANGUAGES.filter((lang) => lang !== have).forEach(async (lang) => {
      const got = await catalogue(lang);
      if (got && !pyodide.FS.analyzePath(`${LOCALE}/${lang}.mo`).exists) pyodide.FS.writeFile(`${LOCALE}/${lang}.mo`, got[1]);
    });
  if (!globalThis.document) return;
  if (document.querySelector('[data-ready="1"]')) return fetchRest();
  const watch = new MutationObserver(() => {
    if (!document.querySelector('[data-ready="1"]')) return;
    watch.disconnect();
    fetchRest();
  });
  watch.observe(document, { attributes: true, attributeFilter: ["data-ready"], subtree: true });
}

/** pyodide-lock.json, fetched once for Pyodide and for us. */
const lockFile = fetch(new URL("pyodide-lock.json", PYODIDE_DIR)).then((response) => {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  return response.json();
});

/** Our wheels' [file name, bytes], as the lock lists them (checked by its sha256). */
async function fetchWheels(names = PACKAGES) {
  const lock = await lockFile;
  return Promise.all(
    names.map(async (name) => {
      const { file_name: file, sha256 } = lock.packages[name];
      const url = new URL(file, PYODIDE_DIR);
      const response = await fetch(url, { integrity: `sha256-${base64(sha256)}` });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return [file, new Uint8Array(await response.arrayBuffer())];
    }),
  );
}

/** Whether the page starts with an online table: an invitation's reply to open, or a stored table. */
function onlineAtStart() {
  if ((globalThis.location?.hash ?? "").startsWith("#join=")) return true;
  try {
    return globalThis.localStorage?.getItem(NET_KEY) != null;
  } catch {
    return false;
  }
}

// Each late wheel's path once it is on its packages' paths (a promise), by name.
const late = new Map();

/**
 * A wheel the page loads after it starts (``wheel``: the online table's or the
 * AI's), fetched (or ``early``, its fetch begun at start), written beside our
 * other wheels and put on its packages' paths by ``module``'s ``attach``
 * (app.shell.online_code, app.shell.ai_code); resolves to its path. A failure is
 * tried afresh the next time.
 */
function lateCode(pyodide, wheel, module, early = null) {
  if (!late.has(wheel)) {
    const loading = (async () => {
      const [[file, bytes]] = await (early ?? fetchWheels([wheel]));
      const where = `${SITE}/${file}`;
      pyodide.FS.writeFile(where, bytes);
      const code = pyodide.pyimport(module);
      try {
        code.attach(where);
      } finally {
        code.destroy();
      }
      return where;
    })();
    late.set(wheel, loading);
    loading.catch(() => late.delete(wheel));
  }
  return late.get(wheel);
}

const onlineCode = (pyodide, early = null) => lateCode(pyodide, ONLINE, "app.shell.online_code", early);
const aiCode = (pyodide) => lateCode(pyodide, AI, "app.shell.ai_code");

const RUNTIME = ["pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB, "pyodide-lock.json"];

/**
 * ``error``, or one naming the runtime files that cannot be fetched when that
 * is the cause (Pyodide itself may only log a failed download and wait).
 */
export async function explained(error) {
  const missing = [];
  await Promise.all(
    RUNTIME.map(async (file) => {
      const url = new URL(file, PYODIDE_DIR).href;
      try {
        if (!(await fetch(url, { method: "HEAD", cache: "no-store" })).ok) missing.push(url);
      } catch {
        missing.push(url);
      }
    }),
  );
  if (!missing.length) return error;
  return new Error(`Could not load ${missing.join(", ")}. Check the connection and try again.`);
}

/**
 * How soon the page's own document must have come (from the start of its fetch
 * to its last byte, by Navigation Timing: the connection, the request and the
 * response) for a first visit to restore the snapshot: localhost or a LAN take a
 * few ms (this 2-core box: under 10), a real network several round trips (an
 * emulated 40 ms link: 77-86 ms). On such links the snapshot's ~4 MB more
 * cost more time than Python's own start-up saves (bench/startup.py --network:
 * at 10 and at 50 Mbit/s with a 40 ms round trip, starting afresh is the faster).
 */
const NEAR_MS = 30;

/** Whether the server is near (see NEAR_MS); the time is kept as a mark. */
function serverNear() {
  const [nav] = globalThis.performance?.getEntriesByType?.("navigation") ?? [];
  const ms = nav && nav.responseEnd > 0 ? nav.responseEnd - nav.fetchStart : -1;
  performance.mark("interpreter:near", { detail: { ms } });
  return ms >= 0 && ms < NEAR_MS;
}

/** Whether to restore the snapshot rather than start Python afresh (see the top). */
function snapshotWanted() {
  const params = new URLSearchParams(globalThis.location?.search ?? "");
  if (params.has("nosnapshot")) return false;
  if (params.has("snapshot")) return true; // (bench/startup.py --network: what it would cost)
  if (globalThis.navigator?.serviceWorker?.controller) return true; // the worker holds it
  const connection = globalThis.navigator?.connection;
  const slow = connection && (connection.saveData || /2g|3g/.test(connection.effectiveType ?? ""));
  return !slow && serverNear();
}

/**
 * The snapshot's bytes, unpacked by the browser from the server's brotli or
 * gzip copy (Content-Encoding) as they arrive; not the whole 30 MB sent as
 * they are (a host that does not send the precompressed copies).
 */
async function snapshotBytes() {
  const abort = new AbortController();
  const response = await fetch(SNAPSHOT, { signal: abort.signal });
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  const { headers } = response;
  if (!headers.get("Content-Encoding") && Number(headers.get("Content-Length")) > UNCOMPRESSED_LIMIT) {
    abort.abort();
    throw new Error("the server sends it uncompressed (see the README's Hosting)");
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** The page's build id (index.html and embed.html carry it), if any. */
const pageBuild = () =>
  globalThis.document?.querySelector('meta[name="thousand-build"]')?.content ?? null;

/**
 * Pyodide restored from the snapshot, or null (the reason is logged) when it
 * cannot be: Python then starts afresh.
 */
async function restored(options) {
  try {
    let bytes = snapshotBytes();
    bytes.catch(() => {}); // handled below, once loadPyodide awaits it (it may fail sooner)
    // Handed over once: Pyodide keeps its options for good, and a promise would
    // keep the 30 MB of the snapshot alive with them.
    const once = { then: (ok, fail) => [bytes, (bytes = null)][0].then(ok, fail) };
    const stdLibURL = new URL(STDLIB_RESTORED, PYODIDE_DIR).href;
    const pyodide = await startPyodide(restoreOptions({ ...options, stdLibURL }, once));
    const build = runApart(pyodide, SNAPSHOT_BUILD);
    if (pageBuild() === null || build === pageBuild()) return pyodide;
    console.warn(`snapshot.bin is of build ${build}, not ${pageBuild()}: starting Python afresh`);
  } catch (error) {
    console.warn(`Starting Python afresh, without snapshot.bin: ${error.message ?? error}`);
  }
  return null;
}

/** Runs ``code`` with ``names`` in a namespace of its own (the page's __main__ stays as it is). */
function runApart(pyodide, code, names = {}) {
  const scope = pyodide.toPy(names);
  try {
    return pyodide.runPython(code, { globals: scope });
  } finally {
    scope.destroy();
  }
}

// The build id of the engine in the snapshot (the wheel files are not written yet).
const SNAPSHOT_BUILD = `
import sys
getattr(sys.modules.get("thousand._build"), "BUILD", None)
`;

// After a restore, in Python: the standard library's zip importers forget the
// table of contents they read (the snapshot's is of stdlib-page.zip, where the
// page restored has stdlib-restored.zip; our wheels are the same files, so
// theirs stand; not importlib.invalidate_caches(), which also imports
// importlib.metadata, not in the snapshot: 20-60 ms of a first visit), a new
// seed (the snapshot was made with fixed random bytes), the time module's zone
// constants as a fresh module computes them from the zone writeTimeZone wrote,
// the environment a fresh start has
// (LANG from the browser's language, as Pyodide sets it; no PYTHONHASHSEED:
// str hashes keep the snapshot's fixed seed, sys.flags.hash_randomization is
// 0), and sys.path without the second "" that loadPyodide adds.
const AFTER_RESTORE = `
import importlib.util, os, random, sys, time, zipimport
for finder in list(sys.path_importer_cache.values()):
    if isinstance(finder, zipimport.zipimporter) and not finder.archive.startswith(SITE):
        finder.invalidate_caches()
random.seed()
os.environ["LANG"] = LANG
os.environ.pop("PYTHONHASHSEED", None)
spec = importlib.util.find_spec("time")
fresh = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fresh)
for name in ("timezone", "altzone", "daylight", "tzname"):
    setattr(time, name, getattr(fresh, name))
sys.path[:] = list(dict.fromkeys(sys.path))
`;

/** The interpreter, started when this module is first imported. */
export const ready = (async () => {
  performance.mark("interpreter:start");
  const options = {
    lockFileContents: lockFile,
    packageBaseUrl: PYODIDE_DIR.href,
    stdLibURL: new URL(STDLIB, PYODIDE_DIR).href,
  };
  // The dataclass code serves a fresh start only: the snapshot holds every
  // dataclass the page makes (fetched then only if the restore fails).
  const wheelFiles = fetchWheels();
  const onlineFile = onlineAtStart() ? fetchWheels([ONLINE]) : null;
  onlineFile?.catch(() => {}); // (said below, once awaited)
  const choice = snapshotWanted();
  const dataclassCode = () => optionalFile(DATACLASS_CODE, (buffer) => new Uint8Array(buffer), null);
  const early = choice ? null : dataclassCode();
  const lang = pageLanguage();
  const earlyWords = choice ? null : catalogue(lang);
  const start = async () => {
    const pyodide = choice && (await restored(options));
    if (pyodide) return [pyodide, true, null, null];
    const code = early ?? dataclassCode();
    const words = earlyWords ?? catalogue(lang);
    return [
      await startPyodide(options).catch(async (error) => Promise.reject(await explained(error))),
      false,
      await code,
      await words,
    ];
  };
  const [[pyodide, fromSnapshot, dataclasses, words], pyc, files] = await Promise.all([
    start(),
    optionalFile(PYSCRIPT_PYC, storedEntries, []),
    wheelFiles,
  ]);
  performance.mark("interpreter:pyodide");
  pyodide.FS.mkdirTree(SITE);
  const paths = files.map(([file, bytes]) => {
    pyodide.FS.writeFile(`${SITE}/${file}`, bytes);
    return `${SITE}/${file}`;
  });
  if (dataclasses) pyodide.FS.writeFile(`${SITE}/dataclass-code.bin`, dataclasses);
  if (!fromSnapshot) {
    pyodide.FS.mkdirTree(LOCALE);
    if (words) pyodide.FS.writeFile(`${LOCALE}/${words[0]}.mo`, words[1]);
    catalogueLater(pyodide, words?.[0]);
  }
  if (fromSnapshot) {
    writeTimeZone(pyodide);
    const posix = `${(globalThis.navigator?.language ?? "C").replace("-", "_")}.UTF-8`;
    runApart(pyodide, AFTER_RESTORE, { LANG: posix, SITE }); // (the wheels' paths are in sys.path already)
  } else {
    const [sys, list] = [pyodide.pyimport("sys"), pyodide.toPy(paths)];
    const path = sys.path;
    path.extend(list);
    for (const proxy of [path, list, sys]) proxy.destroy();
  }
  const pycache = "/home/pyodide/pyscript/__pycache__";
  pyodide.FS.mkdirTree(pycache);
  for (const [name, bytes] of pyc) pyodide.FS.writeFile(`${pycache}/${name}`, bytes);
  pyodide.registerJsModule("thousand_loader", {
    online: () => onlineCode(pyodide),
    ai: () => aiCode(pyodide),
  });
  if (onlineFile) {
    // (without it the page says so and keeps the stored table for the next try)
    await onlineCode(pyodide, onlineFile).catch((error) => console.warn(`The online code did not load: ${error.message ?? error}`));
  }
  if (fromSnapshot) performance.mark("interpreter:snapshot");
  performance.mark("interpreter:ready");
  return pyodide;
})();

/** What PyScript calls: the started interpreter, with PyScript's output streams. */
export async function loadPyodide({ stdout, stderr } = {}) {
  const pyodide = await ready;
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
