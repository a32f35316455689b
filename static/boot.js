// Loading screen for the 1000 table, before and while Python starts.
//
// - Shows which stage is running (runtime, engine, ready) from PyScript's
//   `py:progress` events and from the attributes py/app sets on #table:
//   data-stage="engine" | "ready" and, once it has taken over, data-ready="1".
// - Puts any failure before that point on the page in words (#load-error),
//   not only in the console.
// - Starts Python at once: it imports static/interpreter.mjs, which starts
//   Pyodide and our packages, and, once that module has run, adds PyScript
//   (pyscript/core.js, fetched from the start), which then runs the page on
//   that interpreter (the build inlines this script at
//   the end of the page, so that happens as soon as the HTML is parsed).
//   Python's main-thread work only begins after the downloads and the wasm
//   compile, so the table paints first. The big runtime files are not
//   preloaded with <link> tags: those hold back the window's load event, and
//   PyScript starts only after it (measured: Python ready 0.4 s later).
// - Registers the service worker (offline play) once the table is
//   ready, so its precaching never competes with the first load. Add ?nosw to
//   the URL to skip it.
// - Checks that the page, py/app and the engine are one build (their build
//   ids: <meta name="thousand-build">, #table[data-build] and
//   [data-engine-build]); a mix is reported in the console.
(() => {
  "use strict";

  const table = document.getElementById("table");
  const bar = document.getElementById("progress-bar");
  const progress = document.getElementById("progress");
  const label = document.getElementById("progress-label");
  const errorBox = document.getElementById("load-error");
  const errorText = document.getElementById("load-error-message");
  const STAGES = ["runtime", "engine", "ready"];
  const LABELS = {
    runtime: "Loading the Python runtime…",
    engine: "Starting the rules engine…",
    ready: "Ready.",
  };
  const pyErrors = [];
  let failed = false;
  let lastProgress = performance.now();

  const isReady = () => table.dataset.ready === "1";

  function setBar(percent, creep = false) {
    bar.classList.toggle("creep", creep);
    bar.style.width = `${percent}%`;
    progress.setAttribute("aria-valuenow", String(Math.round(percent)));
  }

  function render() {
    const stage = isReady() ? "ready" : table.dataset.stage || "runtime";
    const at = STAGES.indexOf(stage);
    for (const li of document.querySelectorAll("#progress-stages li")) {
      const i = STAGES.indexOf(li.dataset.stage);
      li.classList.toggle("done", i < at || (stage === "ready" && i === at));
      li.classList.toggle("active", i === at && stage !== "ready");
    }
    if (!failed) label.textContent = LABELS[stage] || label.textContent;
    if (stage === "engine") setBar(Math.max(parseFloat(bar.style.width) || 0, 80));
    if (isReady()) {
      setBar(100);
      errorBox.hidden = true; // Python took over, so whatever was reported was not fatal
      table.removeAttribute("aria-busy");
      checkBuild();
      registerServiceWorker();
    }
  }

  function fail(message) {
    if (failed || isReady()) return; // once py/app runs the table, it reports its own errors
    failed = true;
    table.dataset.phase = "error";
    table.removeAttribute("aria-busy");
    errorText.textContent = message;
    errorBox.hidden = false;
    label.textContent = "Loading failed.";
  }

  const describe = (reason) =>
    String((reason && (reason.message || reason.reason)) || reason || "unknown error");

  // PyScript loading steps -> stage and bar position.
  addEventListener("py:progress", ({ detail }) => {
    lastProgress = performance.now();
    if (detail === "Loaded interpreter") {
      table.dataset.stage = "engine";
      setBar(80);
    } else if (detail === "Loaded Pyodide") setBar(88);
  });
  addEventListener("py:ready", () => setBar(92), true);

  // Failures before Python has taken over, in words.
  if (typeof WebAssembly !== "object") {
    fail("This browser cannot run WebAssembly, which the game needs.");
  }
  addEventListener(
    "error",
    (event) => {
      const el = event.target;
      if (el && el !== window && (el.src || el.href)) {
        fail(`Could not load ${el.src || el.href}. Check the connection and try again.`);
      } else if (event.message) {
        fail(`Could not start the game: ${event.message}`);
      }
    },
    true,
  );
  // A stray rejection (Pyodide's failed downloads end up as one) is
  // reported naming the runtime files that cannot be fetched, if any.
  const INTERPRETER = new URL("static/interpreter.mjs", document.baseURI).href;
  // The modules static/interpreter.mjs imports (tests/tooling/test_boot_preload.py).
  const INTERPRETER_IMPORTS = ["pyodide/pyodide.mjs", "static/pyodide-private.mjs"];
  addEventListener("unhandledrejection", (event) => {
    if (failed || isReady()) return;
    import(INTERPRETER)
      .then((module) => module.explained(event.reason))
      .catch(() => event.reason)
      .then((reason) => fail(`Could not start Python: ${describe(reason)}`));
  });
  // PyScript reports Python exceptions through console.error (its stderr).
  const consoleError = console.error;
  console.error = function (...args) {
    if (!isReady()) pyErrors.push(args.map(describe).join(" "));
    return consoleError.apply(this, args);
  };
  addEventListener("py:done", () => {
    if (isReady()) return;
    const detail = pyErrors.length ? `\n\n${pyErrors[pyErrors.length - 1]}` : "";
    fail(`The start-up script ended before the table was ready.${detail}`);
  });

  // A hint, not an error: slow machines and slow networks are normal.
  setInterval(() => {
    if (!failed && !isReady() && performance.now() - lastProgress > 30000) {
      label.textContent = `${LABELS[table.dataset.stage] || ""} (still working; slow connections can take a minute)`;
      lastProgress = performance.now();
    }
  }, 5000);

  function checkBuild() {
    const page = document.querySelector('meta[name="thousand-build"]')?.content;
    const { build, engineBuild } = table.dataset;
    if (page !== build || page !== engineBuild) {
      console.warn(`Mixed builds: page ${page}, py/app ${build}, engine ${engineBuild}`);
    }
  }

  const UPDATE_CHECK_MS = 60 * 60 * 1000;
  let swRequested = false;
  function registerServiceWorker() {
    if (swRequested || !("serviceWorker" in navigator) || /[?&]nosw\b/.test(location.search)) return;
    if (document.documentElement.dataset.nosw === "1") return; // embed.html: a guest
    swRequested = true;
    navigator.serviceWorker
      .register("./sw.js")
      .then((reg) => {
        table.dataset.sw = "registered";
        // A new build is looked for now (a repeat visit) and every hour a tab
        // stays open: the browser's own check after a navigation may come late
        // or, for a tab left open for days, never. The page keeps its build; a
        // new one takes over at the next navigation (sw.js). Offline: next time.
        const check = () => reg.update().catch(() => {});
        if (reg.active) check();
        setInterval(check, UPDATE_CHECK_MS);
      })
      .catch((err) => {
        table.dataset.sw = "failed";
        console.warn("Service worker not registered; offline play is off:", err);
      });
  }

  function modulePreload(href) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }

  // Python first: the interpreter starts on import (PyScript imports the same
  // module later); the modules it imports are fetched alongside, not one round
  // trip after it (INTERPRETER_IMPORTS). PyScript's own modules are fetched at
  // once too (preloadPyScript), but run only once the interpreter's module has
  // run, so that their evaluation does not hold back the runtime's downloads
  // (bench/startup_compare.py: first visits 1-5% sooner, repeat visits 2%).
  function startInterpreter() {
    if (failed) return;
    setBar(70, true); // creeps while the runtime downloads and starts
    for (const href of INTERPRETER_IMPORTS) modulePreload(href);
    const started = import(INTERPRETER);
    started.then(startPyScript, () => {});
    started
      .then((module) => module.ready)
      .catch((err) => fail(`Could not start Python: ${describe(err)}`));
  }

  // PyScript and its chunks (build.sh lists them in <meta name="thousand-pyscript">),
  // fetched in parallel, not one import after another.
  const PYSCRIPT = "pyscript/core.js";
  function preloadPyScript() {
    const chunks = document.querySelector('meta[name="thousand-pyscript"]')?.content || "";
    for (const chunk of [PYSCRIPT, ...chunks.split(" ").filter(Boolean).map((c) => `pyscript/${c}`)]) {
      modulePreload(chunk);
    }
  }

  function startPyScript() {
    if (failed) return;
    const core = document.createElement("script");
    core.type = "module";
    core.src = PYSCRIPT;
    document.head.append(core);
  }

  new MutationObserver(render).observe(table, {
    attributes: true,
    attributeFilter: ["data-stage", "data-ready"],
  });
  setBar(8);
  render();
  startInterpreter();
  preloadPyScript();
})();
