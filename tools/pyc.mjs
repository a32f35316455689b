// Run tools/pycompile.py inside Pyodide's own Python (node_modules/pyodide under
// node), so the bytecode it writes is exactly what the browser's Python loads.
//
//     node tools/pyc.mjs JOB SRC OUT [-- JOB SRC OUT ...]
//
// JOB is stdlib | wheel | zipwheel | tree (see tools/pycompile.py). SRC and
// OUT are host paths under the repository or the system temp folder (both are
// mounted into Pyodide's file system at the same paths). A SRC ending in .js is a PyScript
// stdlib module (@pyscript/core/src/stdlib/pyscript.js): its `pyscript/*.py`
// texts, exactly as PyScript writes them at start-up, become the tree to compile.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide/") });

for (const host of new Set([root, fs.realpathSync(os.tmpdir())])) {
  py.FS.mkdirTree(host);
  py.mountNodeFS(host, host);
}

// Host paths resolved; a PyScript stdlib module becomes a folder of its texts.
const JOBS = new Set(["stdlib", "wheel", "zipwheel", "tree"]);
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
    args.push(path.resolve(arg));
  }
}

py.FS.mkdirTree("/tools");
py.FS.writeFile("/tools/pycompile.py", fs.readFileSync(path.join(root, "tools/pycompile.py")));
py.globals.set("ARGV", py.toPy(args));
const rc = py.runPython(`
import sys
sys.path.insert(0, "/tools")
import pycompile
pycompile.main(list(ARGV))
`);
process.exit(rc);
