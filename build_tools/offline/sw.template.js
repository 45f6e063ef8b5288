// The Troccas service worker, written by the build (build_tools/offline): keeps the whole site
// — pages, search index, card pictures, Pyodide and the engine wheel — in one versioned cache,
// so that after one visit everything works with the network gone.
//
// install   fetch every file of this build into "troccas-<version>" (a few at a time)
// activate  delete the caches of older builds, take control of open pages
// fetch     same-origin GETs: from the cache (a directory URL is its index.html, the query
//           string is ignored: puzzles/count/?seed=3 is puzzles/count/index.html); anything
//           else from the network; a page missing offline gets 404.html
// message   {type: "skip-waiting"} from the "new version" banner (offline.js)

const VERSION = "__VERSION__";
const PREFIX = "troccas-";
const CACHE = PREFIX + VERSION;
const BYTES = __BYTES__;
const FILES = __FILES__;
const PARALLEL = 6;

const scope = self.registration.scope; // the site root, ending in "/"

function keyOf(url) {
  const u = new URL(url);
  return u.origin + (u.pathname.endsWith("/") ? u.pathname + "index.html" : u.pathname);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const queue = FILES.slice();
    async function worker() {
      while (queue.length) {
        const url = new URL(queue.shift(), scope).href;
        // "no-cache": revalidate with the server, so a stale HTTP cache cannot slip an old
        // file into the new version.
        const response = await fetch(url, { cache: "no-cache" });
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        await cache.put(url, response);
      }
    }
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  if (msg.type === "skip-waiting") self.skipWaiting();
  if (msg.type === "version" && event.source) {
    event.source.postMessage({ type: "version", version: VERSION, files: FILES.length, bytes: BYTES });
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(keyOf(request.url));
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (err) {
      if (request.mode === "navigate") {
        const missing = await cache.match(new URL("404.html", scope).href);
        if (missing) return missing;
      }
      throw err;
    }
  })());
});
