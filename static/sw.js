// Service worker for the 1000 table: offline play and cross-origin isolation.
//
// build.sh writes this file to dist/sw.js with the marker below replaced by
// {"version": <hash of dist's contents>, "files": [every file of dist/]}.
// - install: precache every file into a cache named after that version;
// - activate: drop the caches of older versions, take over open pages;
// - fetch: answer same-origin GETs from the cache (network as fallback),
//   adding COOP/COEP headers as the mini-coi pattern does, so the page is
//   cross-origin isolated even on hosts that cannot set headers.
const MANIFEST = /*PRECACHE*/ { version: "dev", files: [] } /*END*/;
const CACHE = `thousand-${MANIFEST.version}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(MANIFEST.files.map((url) => new Request(url, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("thousand-") && key !== CACHE).map((key) => caches.delete(key)),
      ))
      .then(() => self.clients.claim()),
  );
});

function isolated(response) {
  if (!response || response.status === 0 || response.type === "opaque") return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.cache === "only-if-cached" && request.mode !== "same-origin") return;
  const navigation = request.mode === "navigate";
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: navigation }))
      .then((hit) => hit || fetch(request))
      .then(isolated),
  );
});
