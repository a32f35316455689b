// The Python interpreter PyScript runs the page on (pyscript.json "interpreter").
//
// PyScript would import Pyodide and call loadPyodide() only after its own
// ~140 KB had loaded and it had read its config; then it would install our
// packages and fetch its scripts one after another. Instead, static/boot.js
// imports this module as soon as the table has painted, and importing it
// starts everything at once, in parallel with PyScript's own download:
//
// - loadPyodide() with our two wheels from pyodide-lock.json ("thousand", the
//   engine; "thousand-app", py/app), each byte-compiled for Pyodide's Python;
// - the bytecode of PyScript's own Python package (pyscript/stdlib-pyc.zip),
//   unpacked where PyScript writes that package, so its import at start-up
//   skips compiling (checked-hash .pyc: used only for identical sources).
//
// PyScript then imports this same module (one module instance per URL) and
// calls loadPyodide() below, which hands it the interpreter already started.
// Everything else (the `pyscript` module, DOM bindings, running the page's
// <script type="py">) stays PyScript's.
import { loadPyodide as startPyodide, version } from "../pyodide/pyodide.mjs";

export { version };

const PACKAGES = ["thousand", "thousand-app"];
const PYSCRIPT_PYC = new URL("../pyscript/stdlib-pyc.zip", import.meta.url);

async function pyscriptBytecode() {
  try {
    const response = await fetch(PYSCRIPT_PYC);
    return response.ok ? await response.arrayBuffer() : null;
  } catch {
    return null; // only slower: PyScript's package then compiles from source
  }
}

/** The interpreter, started when this module is first imported. */
export const ready = (async () => {
  performance.mark("interpreter:start");
  const [pyodide, pyc] = await Promise.all([
    startPyodide({ packages: PACKAGES }),
    pyscriptBytecode(),
  ]);
  if (pyc) {
    pyodide.unpackArchive(pyc, "zip", { extractDir: "/home/pyodide/pyscript/__pycache__" });
  }
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
