// The site's service worker, written by the build (build_tools/offline): keeps the whole site
// — pages, search index, card pictures, Pyodide and the engine wheel — in one versioned cache,
// so that after one visit everything works with the network gone.
//
// install   fetch every file of this build into "cardsite-<scope>@<version>" (a few at a time), telling
//           every open page how far it is: {type: "progress", done, files, bytes, total} —
//           and {type: "failed", error} if a file cannot be fetched (offline.js shows both)
// activate  delete the caches of older builds of this scope (under any name before the "-"),
//           take control of open pages
// fetch     same-origin GETs: from the cache (a directory URL is its index.html, the query
//           string is ignored: puzzles/count/?seed=3 is puzzles/count/index.html); anything
//           else from the network; a page missing offline gets 404.html
// message   {type: "skip-waiting"} from the "new version" banner (offline.js)

const VERSION = "__VERSION__";
const scope = self.registration.scope; // the site root, ending in "/"
// One cache per edition: the German edition (de/) has its own worker, whose scope lies inside
// the English one's, and neither may delete the other's copy when it updates.
const SCOPE_PATH = new URL(scope).pathname;
const PREFIX = "cardsite-" + SCOPE_PATH + "@";
const CACHE = PREFIX + VERSION;
const BYTES = __BYTES__;
const FILES = __FILES__;
const SIZES = __SIZES__; // bytes of each file, for the progress the pages show
const PARALLEL = 6;

function keyOf(url) {
  const u = new URL(url);
  return u.origin + (u.pathname.endsWith("/") ? u.pathname + "index.html" : u.pathname);
}

// Every window of the site, controlled or not: a first visit's pages are not controlled yet.
async function tell(message) {
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage(message);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const queue = FILES.map((file, i) => i);
    let done = 0;
    let bytes = 0;
    let told = 0;
    const progress = () => ({ type: "progress", version: VERSION, done, files: FILES.length, bytes, total: BYTES });
    async function worker() {
      while (queue.length) {
        const i = queue.shift();
        const url = new URL(FILES[i], scope).href;
        // "no-cache": revalidate with the server, so a stale HTTP cache cannot slip an old
        // file into the new version.
        const response = await fetch(url, { cache: "no-cache" });
        if (!response.ok) throw new Error(`${FILES[i]}: HTTP ${response.status}`);
        await cache.put(url, response);
        done += 1;
        bytes += SIZES[i];
        if (Date.now() - told > 150) { // a few messages a second are enough for a progress bar
          told = Date.now();
          tell(progress());
        }
      }
    }
    try {
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      await tell(progress());
    } catch (err) {
      await tell({ type: "failed", version: VERSION, error: String(err && err.message || err) });
      throw err;
    }
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      // An older build's cache of this scope, also one named before the generator had its
      // neutral name ("<name>-<scope>@<version>"): another scope's is not ours to delete.
      const older = /^[a-z]+-(\/.*)@[^@]*$/.exec(key);
      if (key !== CACHE && older && older[1] === SCOPE_PATH) await caches.delete(key);
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
