// Run tools/pycompile.py inside Pyodide's own Python (node_modules/pyodide under
// node), so the bytecode it writes is exactly what the browser's Python loads.
//
//     node tools/pyc.mjs JOB SRC OUT [-- JOB SRC OUT ...]
//
// JOB is stdlib | wheel | zipwheel | tree | dataclasses (see tools/pycompile.py;
// a dataclasses job takes several SRC wheels). SRC and OUT are host paths under
// the repository or the system temp folder (both are mounted into Pyodide's
// file system). A SRC ending in .js is a PyScript
// stdlib module (@pyscript/core/src/stdlib/pyscript.js): its `pyscript/*.py`
// texts, exactly as PyScript writes them at start-up, become the tree to compile.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fs.realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
const py = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide/") });

// Each host folder is mounted at a fresh point of its own (/host0, /host1):
// mounting at the host path itself fails when that path exists in Pyodide's
// file system (a checkout under /tmp or /home/pyodide) or holds the other one.
const hosts = [...new Set([root, fs.realpathSync(os.tmpdir())])]
  .sort((a, b) => b.length - a.length) // the deepest folder wins a path under both
  .map((host, i) => [host, `/host${i}`]);
for (const [host, mount] of hosts) {
  py.FS.mkdirTree(mount);
  py.mountNodeFS(mount, host);
}

/** A host path as Pyodide sees it. */
function inPyodide(hostPath) {
  let full = path.resolve(hostPath);
  try {
    full = fs.realpathSync(full);
  } catch {
    full = path.join(fs.realpathSync(path.dirname(full)), path.basename(full)); // an output to come
  }
  for (const [host, mount] of hosts) {
    if (full === host || full.startsWith(host + path.sep)) return mount + full.slice(host.length);
  }
  throw new Error(`${full}: not under ${hosts.map(([h]) => h).join(" or ")}`);
}

// Host paths resolved; a PyScript stdlib module becomes a folder of its texts.
const JOBS = new Set(["stdlib", "wheel", "zipwheel", "tree", "dataclasses", "pagestdlib"]);
const args = [];
for (const [i, arg] of process.argv.slice(2).entries()) {
  const isSource = JOBS.has(args[args.length - 1]);
  if (arg === "--" || JOBS.has(arg)) {
    args.push(arg);
  } else if (isSource && arg.endsWith(".js")) {
    const { default: tree } = await import(pathToFileURL(path.resolve(arg)).href);
    const dir = `/pyscript-src-${i}`;
    py.FS.mkdirTree(dir);
    for (const [name, text] of Object.entries(tree.pyscript)) {
      if (typeof text === "string" && name.endsWith(".py")) py.FS.writeFile(`${dir}/${name}`, text);
    }
    args.push(dir);
  } else {
    args.push(inPyodide(arg));
  }
}

py.FS.mkdirTree("/tools");
py.FS.writeFile("/tools/pycompile.py", fs.readFileSync(path.join(root, "tools/pycompile.py")));
py.globals.set("ARGV", py.toPy(args));
// The modules a fresh Pyodide has imported, read before pycompile imports its own.
const rc = py.runPython(`
import sys
start = frozenset(sys.modules)
sys.path.insert(0, "/tools")
import pycompile
pycompile.START_MODULES = start
pycompile.main(list(ARGV))
`);
process.exit(rc);
