// Runs two builds' service workers (dist/sw.js as build.sh renders it) against
// one in-memory Cache Storage, with their cache operations interleaved at
// random, and reports the schedules after which the newer build cannot answer
// a page from its own cache. Driven by tests/tooling/test_sw_cleanup.py.
//
// node sw_harness.mjs SPEC.json, where SPEC is
//   {"scope": "http://site/", "seeds": N,
//    "builds": {"a": {"version": V, "sw": PATH, "files": {"./url": "text"}}, "b": {...}}}
// Prints {"schedules": N, "failures": [{"seed": S, "problem": "..."}]}.
import { readFileSync } from "node:fs";
import { webcrypto } from "node:crypto";
import vm from "node:vm";

const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));

function random(seed) {
  let s = (seed * 2654435761) >>> 0 || 1; // xorshift32
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Wait a random number (0-3) of event-loop turns: the other worker may run meanwhile. */
function pauser(next) {
  return async () => {
    const turns = Math.floor(next() * 4);
    for (let i = 0; i < turns; i++) await turn();
  };
}

const strip = (url, ignoreSearch) => {
  const href = new URL(typeof url === "string" ? url : url.url);
  if (ignoreSearch) href.search = "";
  return href.href;
};

/** One cache: url -> {status, headers, body}. A deleted cache's object keeps working, orphaned. */
function cacheObject(entries, pause) {
  return {
    async match(request, options = {}) {
      await pause();
      const want = strip(request, options.ignoreSearch);
      for (const [url, kept] of entries) {
        if (strip(url, options.ignoreSearch) === want) {
          return new Response(kept.body.slice(0), { status: kept.status, headers: kept.headers });
        }
      }
      return undefined;
    },
    async put(request, response) {
      const body = await response.arrayBuffer();
      await pause();
      entries.set(strip(request), { status: response.status, headers: [...response.headers], body });
    },
    async keys() {
      await pause();
      return [...entries.keys()].map((url) => ({ url }));
    },
    async delete(request) {
      await pause();
      return entries.delete(strip(request));
    },
  };
}

/** The origin's Cache Storage as one worker sees it (its own pauses, shared contents). */
function cacheStorage(store, pause) {
  return {
    async open(name) {
      await pause();
      if (!store.has(name)) store.set(name, new Map());
      return cacheObject(store.get(name), pause);
    },
    async has(name) {
      await pause();
      return store.has(name);
    },
    async delete(name) {
      await pause();
      return store.delete(name);
    },
    async keys() {
      await pause();
      return [...store.keys()];
    },
  };
}

/** The server: the deployed build's files; every request is counted. */
function server(site, pause) {
  return async (request) => {
    await pause();
    const url = typeof request === "string" ? request : request.url;
    const path = "./" + strip(url, true).slice(spec.scope.length);
    site.requests.push(path);
    const files = spec.builds[site.deployed].files;
    if (!(path in files)) return new Response("not found", { status: 404 });
    return new Response(files[path], { status: 200, headers: { "Content-Type": "text/plain" } });
  };
}

function worker(name, store, site, pause) {
  const handlers = {};
  const self = {
    registration: { scope: spec.scope },
    location: { origin: new URL(spec.scope).origin },
    addEventListener: (type, handler) => {
      handlers[type] = handler;
    },
    skipWaiting: async () => {},
    clients: { matchAll: async () => [...site.open].map((id) => ({ id })) },
  };
  const context = vm.createContext({
    self,
    caches: cacheStorage(store, pause),
    crypto: webcrypto,
    fetch: server(site, pause),
    Response,
    Headers,
    URL,
    console,
    setTimeout: (callback) => setImmediate(callback), // the worker's waits, shortened
  });
  vm.runInContext(readFileSync(spec.builds[name].sw, "utf8"), context);
  return async (type, fields = {}) => {
    const waits = [];
    let answer = null;
    handlers[type]({
      ...fields,
      waitUntil: (promise) => waits.push(promise),
      respondWith: (promise) => {
        answer = promise;
      },
    });
    const response = answer ? await answer : undefined;
    await Promise.all(waits);
    return response;
  };
}

let site; // the server and the open pages of the schedule being run

const request = (path, mode = "no-cors") => ({
  method: "GET",
  url: new URL(path, spec.scope).href,
  mode,
  cache: "default",
});

async function schedule(seed) {
  const next = random(seed);
  const store = new Map();
  site = { deployed: "a", requests: [], open: new Set(["page-1"]) };
  const a = worker("a", store, site, pauser(next));
  await a("install");
  await a("activate");
  await a("fetch", { request: request("./", "navigate"), resultingClientId: "page-1", clientId: "" });

  // Deploy B; page-1 reloads (A's worker answers it and later cleans up) while
  // the browser installs B from the new sw.js.
  site.deployed = "b";
  site.open = new Set(["page-2"]);
  const b = worker("b", store, site, pauser(next));
  const start = Math.floor(next() * 40);
  await Promise.all([
    a("fetch", { request: request("./", "navigate"), resultingClientId: "page-2", clientId: "" }),
    (async () => {
      for (let i = 0; i < start; i++) await turn();
      await b("install");
    })(),
  ]);
  await b("activate");

  // B is in charge; page-2, still open, keeps getting A's files from A's cache.
  const problem = await pageFromCache(b, "a", "page-2", false);
  if (problem) return problem;
  // The next navigation runs B from B's cache alone.
  site.open = new Set(["page-3"]);
  return pageFromCache(b, "b", "page-3", true);
}

/** Ask worker ``answer`` for every file of ``build`` as page ``client``; null if all came from its cache. */
async function pageFromCache(answer, build, client, navigate) {
  const before = site.requests.length;
  const files = spec.builds[build].files;
  for (const path of Object.keys(files)) {
    if (path === "./" && !navigate) continue;
    const fields =
      path === "./"
        ? { request: request(path, "navigate"), resultingClientId: client, clientId: "" }
        : { request: request(path), clientId: client };
    const response = await answer("fetch", fields);
    const text = response ? await response.text() : null;
    if (text !== files[path]) return `${client} got another build's ${path}`;
  }
  const fetched = site.requests.slice(before);
  if (fetched.length) return `${client} (build ${build}) went to the network for ${fetched.join(", ")}`;
  return null;
}

const failures = [];
for (let seed = 1; seed <= spec.seeds; seed++) {
  const problem = await schedule(seed);
  if (problem) failures.push({ seed, problem });
}
console.log(JSON.stringify({ schedules: spec.seeds, failures }));
