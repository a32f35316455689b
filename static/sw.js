// Service worker for the 1000 table: offline play, and updates that never mix two builds in one page load.
//
// build.sh writes this file to dist/sw.js with the marker below replaced by
// {"version": <hash of dist's contents>, "files": {"./url": "<sha256>", ...},
//  "onVisit": {"./rules/...": "<sha256>", ...}}.
//
// One build per page load:
// - install: every file of this build (but the rules pages, kept once visited)
//   goes into a cache of its own,
//   `thousand-<version>`, checked against its sha256. A file that does not
//   match (a deploy half done, a stale proxy copy) fails the install, which
//   the browser retries on a later visit; the old version stays in charge.
//   Files that did not change are copied from the older version's cache.
// - A navigation (opening or reloading the page) is answered from this
//   worker's version, the newest complete one, and the new page (its client
//   id) is recorded with that version, in memory and in the cache
//   `thousand-pages`, so the record outlives this worker. Every later request
//   of that page is answered from the page's own version, whichever worker
//   answers it. So a new build takes over at a clean moment: the first
//   navigation after its install has finished (skipWaiting is then harmless,
//   so the update needs no second reload). Pages opened before keep their
//   build to the end; a build's cache is deleted once no open page uses it
//   and a newer build is in charge (never the cache of a build that is still
//   installing, nor a newer one's: an old worker's clean-up can run late).
// - Kept responses carry Cross-Origin-Resource-Policy: cross-origin, so that
//   embed.html may sit in a page of any origin (an isolated one too) on hosts
//   that cannot set headers. No COOP/COEP: the page needs no cross-origin
//   isolation (Python runs on the main thread; nothing uses SharedArrayBuffer).
const MANIFEST = /*PRECACHE*/ { version: "dev", files: {}, onVisit: {} } /*END*/;
// Files kept when first visited rather than at install (the rules pages and
// their examples: most players never open them), checked against the same
// sha256s; once visited, they are served offline too.
const ON_VISIT = MANIFEST.onVisit ?? {};

const PREFIX = "thousand-";
const CACHE = PREFIX + MANIFEST.version;
const PAGES = PREFIX + "pages";
const HASH_HEADER = "X-Thousand-Sha256";
const EXTRA_HEADERS = {
  "Cross-Origin-Resource-Policy": "cross-origin", // embed.html may sit in any page
};

const here = (path) => new URL(path, self.registration.scope).href;
const pageKey = (clientId) => here(`__page__/${encodeURIComponent(clientId)}`);
const isVersionCache = (key) => key.startsWith(PREFIX) && key !== PAGES;
const onVisitHash = (url) => {
  const { origin, pathname } = new URL(url);
  return Object.entries(ON_VISIT).find(([path]) => here(path) === origin + pathname)?.[1];
};

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A response to keep: the body, its hash, and EXTRA_HEADERS already set. */
function keepable(response, body, hash) {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(EXTRA_HEADERS)) headers.set(name, value);
  headers.set(HASH_HEADER, hash);
  return new Response(body, { status: 200, statusText: "OK", headers });
}

/** The same file (same hash) from an older version's cache, if one has it. */
async function reusable(url, hash) {
  for (const key of await caches.keys()) {
    if (!isVersionCache(key) || key === CACHE) continue;
    const hit = await (await caches.open(key)).match(url);
    if (hit && hit.headers.get(HASH_HEADER) === hash) return hit;
  }
  return null;
}

/** The file from the network, as this build has it (revalidated, then refetched). */
async function download(url, hash) {
  for (const cache of ["no-cache", "reload"]) {
    const response = await fetch(url, { cache });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    if ((await sha256(body)) === hash) return keepable(response, body, hash);
  }
  throw new Error(`${url} is not the file of build ${MANIFEST.version}`);
}

/** Whether an older version's cache holds ``url`` (a page visited before). */
async function visitedBefore(url) {
  for (const key of await caches.keys()) {
    if (isVersionCache(key) && key !== CACHE && (await (await caches.open(key)).match(url))) return true;
  }
  return false;
}

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    Object.entries(MANIFEST.files).map(async ([path, hash]) => {
      const url = here(path);
      const have = await cache.match(url); // an earlier, interrupted install
      if (have && have.headers.get(HASH_HEADER) === hash) return;
      await cache.put(url, (await reusable(url, hash)) || (await download(url, hash)));
    }),
  );
  // The pages kept when visited (the rules): those an older version kept come
  // along (this build's copy), so they stay readable offline after an update.
  await Promise.all(
    Object.entries(ON_VISIT).map(async ([path, hash]) => {
      const url = here(path);
      if (await cache.match(url)) return;
      const copy = await reusable(url, hash);
      if (copy) await cache.put(url, copy);
      else if (await visitedBefore(url)) await cache.put(url, await download(url, hash)).catch(() => {});
    }),
  );
}

// Each build marks when its install began (`__build__/<version>` in `thousand-pages`).
// A worker cleaning up never deletes a newer build's cache: the old worker's
// clean-up may run while the new build installs, or just after it activated.
const buildKey = (version) => here(`__build__/${encodeURIComponent(version)}`);

async function markBuild() {
  const store = await caches.open(PAGES);
  if (!(await store.match(buildKey(MANIFEST.version)))) {
    await store.put(buildKey(MANIFEST.version), new Response(String(Date.now())));
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(markBuild().then(precache).then(() => self.skipWaiting()));
});

// Which version each open page runs: client id -> version.
const pages = new Map();

async function remember(clientId, version) {
  pages.set(clientId, version);
  const store = await caches.open(PAGES);
  await store.put(pageKey(clientId), new Response(version));
}

async function versionOf(clientId) {
  if (!clientId) return MANIFEST.version;
  if (!pages.has(clientId)) {
    const hit = await (await caches.open(PAGES)).match(pageKey(clientId));
    // A page this worker's predecessors never recorded: the current version.
    pages.set(clientId, hit ? await hit.text() : MANIFEST.version);
  }
  return pages.get(clientId);
}

/** Drop the records of closed pages and the caches no open page uses. */
async function cleanUp() {
  // The caches first, then the records: a build whose cache is in this list
  // marked its install before it opened that cache, so the records read next
  // show it. (Read the other way round, a newer build starting its install in
  // between had its cache deleted while the install was filling it.)
  const existing = await caches.keys();
  const open = new Set(
    (await self.clients.matchAll({ type: "all", includeUncontrolled: true })).map((c) => c.id),
  );
  const inUse = new Set([CACHE]);
  const store = await caches.open(PAGES);
  const started = async (version) => Number(await ((await store.match(buildKey(version)))?.text() ?? "0"));
  const mine = await started(MANIFEST.version);
  for (const request of await store.keys()) {
    if (request.url.startsWith(here("__build__/"))) {
      const version = decodeURIComponent(request.url.split("/").pop());
      if ((await started(version)) >= mine) inUse.add(PREFIX + version); // this one or newer
      else if (!(await caches.has(PREFIX + version))) await store.delete(request);
      continue;
    }
    const id = decodeURIComponent(request.url.split("/").pop());
    if (open.has(id)) {
      inUse.add(PREFIX + (await (await store.match(request)).text()));
    } else {
      pages.delete(id);
      await store.delete(request);
    }
  }
  for (const key of existing) {
    if (isVersionCache(key) && !inUse.has(key)) await caches.delete(key);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(cleanUp());
});

async function answer(request, version, options) {
  const hit =
    (await (await caches.open(PREFIX + version)).match(request, options)) ||
    (version !== MANIFEST.version && (await (await caches.open(CACHE)).match(request, options)));
  if (hit) return hit;
  const hash = version === MANIFEST.version && onVisitHash(request.url);
  if (hash) {
    // A page kept when visited: this build's copy, checked, then kept.
    const url = new URL(request.url);
    const kept = await download(url.origin + url.pathname, hash).catch(() => null);
    if (kept) {
      await (await caches.open(CACHE)).put(url.origin + url.pathname, kept.clone());
      return kept;
    }
  }
  return fetch(request);
}

// For tests and bug reports: postMessage("version", [port]) answers with this
// worker's build version on the port.
self.addEventListener("message", (event) => {
  if (event.data === "version") event.ports[0]?.postMessage(MANIFEST.version);
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.cache === "only-if-cached" && request.mode !== "same-origin") return;
  if (request.mode === "navigate") {
    // The new page runs this worker's version throughout.
    if (event.resultingClientId) pages.set(event.resultingClientId, MANIFEST.version);
    event.waitUntil(
      (event.resultingClientId ? remember(event.resultingClientId, MANIFEST.version) : Promise.resolve())
        .then(() => new Promise((resolve) => setTimeout(resolve, 3000))) // the old page unloads
        .then(cleanUp),
    );
    event.respondWith(answer(request, MANIFEST.version, { ignoreSearch: true }));
    return;
  }
  event.respondWith(versionOf(event.clientId).then((version) => answer(request, version)));
});
