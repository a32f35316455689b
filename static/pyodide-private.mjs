// Every private part of Pyodide the page and the build use, in this one module.
//
// None of them is public API: a Pyodide upgrade may rename or drop one without
// notice. tests/tooling/test_pyodide_private.py checks that this module is
// their only user among our files and that the pinned Pyodide still has each
// of them, so such an upgrade fails that test before the page silently starts
// without its snapshot (which it does on any error) or keeps the build
// machine's time zone.
//
// - static/interpreter.mjs restores the build's memory snapshot
//   (`restoreOptions`: loadPyodide's `_loadSnapshot`) and then writes the
//   browser's time zone into the C library's globals (`writeTimeZone`: the
//   Emscripten module `pyodide._module`, its `_timezone`, `_daylight`,
//   `_tzname`);
// - tools/snapshot.mjs makes that snapshot under node (`snapshotOptions`:
//   `_makeSnapshot`, `_sysExecutable`; `makeSnapshot`: `makeMemorySnapshot`).
//
// Plain functions on what they are given: no import, so node (the build) and
// the browser (the page) load the same file.

/** loadPyodide's options that restore the snapshot whose bytes `snapshot` gives
 * (a thenable, so that Pyodide awaits it; see static/interpreter.mjs). */
export function restoreOptions(options, snapshot) {
  return { ...options, _loadSnapshot: snapshot };
}

/** loadPyodide's options for the Python a snapshot is made of, with
 * sys.executable as a browser has it (not the build script's path). */
export function snapshotOptions(options) {
  return { ...options, _makeSnapshot: true, _sysExecutable: "./this.program" };
}

/** The memory snapshot of a Pyodide started with `snapshotOptions` (bytes). */
export function makeSnapshot(pyodide) {
  return pyodide.makeMemorySnapshot();
}

/**
 * The browser's time zone, written where C's tzset() keeps it (a restored
 * snapshot has the build machine's): the offsets and names of this year's
 * winter and summer, exactly as Pyodide's own tzset (emscripten's) writes them
 * at a fresh start. (That tzset runs only once per process, and the snapshot's
 * process has run it.)
 */
export function writeTimeZone(pyodide, now = new Date()) {
  const module = pyodide._module;
  const year = now.getFullYear();
  const winter = new Date(year, 0, 1).getTimezoneOffset();
  const summer = new Date(year, 6, 1).getTimezoneOffset();
  const name = (offset) => {
    const minutes = Math.abs(offset);
    const hhmm = [Math.floor(minutes / 60), minutes % 60].map((n) => String(n).padStart(2, "0"));
    return `UTC${offset >= 0 ? "-" : "+"}${hhmm.join("")}`;
  };
  module.HEAPU32[module._timezone >>> 2] = Math.max(winter, summer) * 60;
  module.HEAP32[module._daylight >>> 2] = Number(winter !== summer);
  const names = summer < winter ? [winter, summer] : [summer, winter];
  names.forEach((offset, i) => {
    module.stringToUTF8(name(offset), module.HEAPU32[(module._tzname >>> 2) + i], 17);
  });
}
