// Run an AI benchmark script inside Pyodide (node), to measure the browser's Python.
//
//     node bench/ai_latency_pyodide.mjs [ai_latency.py|lab/ai_solver.py|net_deal.py] [args...]
//
// Loads Pyodide from node_modules/pyodide (the pinned version), copies
// py/thousand, py/app and bench/ into its file system and runs the script as __main__.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide/") });

function copyDir(src, dst) {
  py.FS.mkdirTree(dst);
  for (const f of fs.readdirSync(src)) {
    const s = path.join(src, f);
    const d = dst + "/" + f;
    if (fs.statSync(s).isDirectory()) {
      if (f !== "__pycache__") copyDir(s, d);
    } else {
      py.FS.writeFile(d, fs.readFileSync(s));
    }
  }
}
copyDir(path.join(root, "py/thousand"), "/home/pyodide/py/thousand");
// The page's own constants the benches read (app/shell/thinking.py: the slice length);
// its modules import pyscript only where they touch the page.
copyDir(path.join(root, "py/app"), "/home/pyodide/py/app");
copyDir(path.join(root, "bench"), "/home/pyodide/bench");
const script = process.argv[2] || "ai_latency.py";
py.globals.set("ARGV", py.toPy([script, ...process.argv.slice(3)]));
py.runPython(`
import runpy, sys
sys.argv = list(ARGV)
sys.path.insert(0, "/home/pyodide/py")  # the engine, as PYTHONPATH=py gives it in CPython
print(sys.version.split()[0], "(Pyodide)")
try:
    runpy.run_path("/home/pyodide/bench/" + sys.argv[0], run_name="__main__")
except SystemExit:
    pass
`);
