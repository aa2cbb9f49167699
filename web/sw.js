/* Service worker: precaches the whole app (front end, Pyodide subset, pysolver wheel)
   so it works offline after one visit.  build.py fills in the file list with content
   hashes and the version; a new build is a new cache, offered to the page as an
   update ("new version — reload") and switched to when the player accepts. */
"use strict";

const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = "picture-logic-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const urls = ["./", ...Object.keys(PRECACHE)];
    // cache: "no-cache" asks the server whether what the HTTP cache holds is current, so
    // the precache matches this version, and the files the solver fetched moments ago
    // (the service worker is installed once it is ready) come back as "not modified"
    // instead of a second download.
    await cache.addAll(urls.map((u) => new Request(u, { cache: "no-cache" })));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("picture-logic-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
});

const NEEDS_HEADERS = new Set(["document", "worker", "sharedworker", "iframe"]);

/* Responses from the cache get the cross-origin isolation headers the server sends,
   so the offline app keeps SharedArrayBuffer (the solver's cancel button). */
function isolated(response) {
  if (!response || response.type === "opaque") return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = req.mode === "navigate" ? "./" : url.pathname.endsWith("/") ? "./" : req;
    const hit = await cache.match(key, { ignoreSearch: true });
    // Only documents and workers need the isolation headers; the rest (the WebAssembly
    // above all) is passed on as the cache holds it: a response made anew loses the
    // browser's cache of compiled code, and Python's start takes a second longer.
    if (hit) return NEEDS_HEADERS.has(req.destination) || req.mode === "navigate" ? isolated(hit) : hit;
    try {
      return await fetch(req);
    } catch (err) {
      if (req.mode === "navigate") {
        const index = await cache.match("./");
        if (index) return isolated(index);
      }
      throw err;
    }
  })());
});
