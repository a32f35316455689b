// The Python interpreter PyScript runs the page on (pyscript.json "interpreter").
//
// PyScript would import Pyodide and call loadPyodide() only after its own
// ~140 KB had loaded and it had read its config; then it would install our
// packages and fetch its scripts one after another. Instead, static/boot.js
// imports this module as soon as the HTML is parsed, and importing it starts
// everything at once, in parallel with PyScript's own download:
//
// - loadPyodide() (the standard library in dist/ is byte-compiled);
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
// - the code of our dataclasses' generated methods (dataclass-code.bin, see
//   py/app/dataclass_code.py), which py/app reuses instead of compiling
//   those sources while it imports.
//
// PyScript then imports this same module (one module instance per URL) and
// calls loadPyodide() below, which hands it the interpreter already started.
// Everything else (the `pyscript` module, DOM bindings, running the page's
// <script type="py">) stays PyScript's.
import { loadPyodide as startPyodide, version } from "../pyodide/pyodide.mjs";

export { version };

const PACKAGES = ["thousand", "thousand-app"];
const PYODIDE_DIR = new URL("../pyodide/", import.meta.url);
const PYSCRIPT_PYC = new URL("../pyscript/stdlib-pyc.zip", import.meta.url);
const DATACLASS_CODE = new URL("dataclass-code.bin", PYODIDE_DIR);
const SITE = "/lib/thousand"; // where the wheels go in Pyodide's file system

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

/** pyodide-lock.json, fetched once for Pyodide and for us. */
const lockFile = fetch(new URL("pyodide-lock.json", PYODIDE_DIR)).then((response) => {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  return response.json();
});

/** Our wheels' [file name, bytes], as the lock lists them (checked by its sha256). */
async function wheels() {
  const lock = await lockFile;
  return Promise.all(
    PACKAGES.map(async (name) => {
      const { file_name: file, sha256 } = lock.packages[name];
      const url = new URL(file, PYODIDE_DIR);
      const response = await fetch(url, { integrity: `sha256-${base64(sha256)}` });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return [file, new Uint8Array(await response.arrayBuffer())];
    }),
  );
}

const RUNTIME = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

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

/** The interpreter, started when this module is first imported. */
export const ready = (async () => {
  performance.mark("interpreter:start");
  const [pyodide, pyc, files, dataclasses] = await Promise.all([
    startPyodide({ lockFileContents: lockFile, packageBaseUrl: PYODIDE_DIR.href }).catch(
      async (error) => Promise.reject(await explained(error)),
    ),
    optionalFile(PYSCRIPT_PYC, storedEntries, []),
    wheels(),
    optionalFile(DATACLASS_CODE, (buffer) => new Uint8Array(buffer), null),
  ]);
  performance.mark("interpreter:pyodide");
  pyodide.FS.mkdirTree(SITE);
  const paths = files.map(([file, bytes]) => {
    pyodide.FS.writeFile(`${SITE}/${file}`, bytes);
    return `${SITE}/${file}`;
  });
  if (dataclasses) pyodide.FS.writeFile(`${SITE}/dataclass-code.bin`, dataclasses);
  const [sys, list] = [pyodide.pyimport("sys"), pyodide.toPy(paths)];
  const path = sys.path;
  path.extend(list);
  for (const proxy of [path, list, sys]) proxy.destroy();
  const pycache = "/home/pyodide/pyscript/__pycache__";
  pyodide.FS.mkdirTree(pycache);
  for (const [name, bytes] of pyc) pyodide.FS.writeFile(`${pycache}/${name}`, bytes);
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
