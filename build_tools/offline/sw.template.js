// The edition's service worker, written by the build (build_tools/offline). It keeps what the
// reader chose to keep, and no more (issue 30):
//
// - what a visit used: every file of this edition the pages fetch is stored as it is fetched
//   (and, on the first visit, what the page fetched before the worker served it: offline.js
//   sends {type: "keep", urls, runtime}), in this edition's cache, one entry per file and
//   revision (Workbox's precache keys, "<url>?__WB_REVISION__=<md5>");
// - the engine, once the reader has used it: Pyodide's files, in ONE cache shared by every
//   edition's worker ("cardsite-runtime"), keyed by their address, which names their contents
//   (pyodide/<version>-<hash>/: build_tools/parts/engine.py). A German page (scope /de/)
//   fetches the runtime from /pyodide/…: its worker serves it from the same entry;
// - the whole edition when the reader asks ("Make this device ready": {type: "store-all"}),
//   telling every open page how far it is: {type: "progress", done, files, bytes, total},
//   then {type: "stored"}, or {type: "failed", error}.
//
// install   Workbox's PrecacheController, given the files this device already holds (every
//           file once the reader made it ready): it fetches those whose revision changed, and
//           only those. A first visit installs at once, with nothing to fetch.
// activate  Workbox drops the entries whose revision is no longer the build's; the caches of
//           this scope's older workers (under any name before the "-") and the runtime
//           entries of an older runtime go too; another scope's caches stay. Takes control.
// fetch     this edition's files and the runtime: from the cache, else from the network and
//           stored; a page missing offline gets 404.html; anything else: the network
// message   {type: "skip-waiting"} from the "new version" banner; {type: "version"}: what is
//           stored ({type: "version", version, files, bytes, stored, storedBytes, pages,
//           runtime, whole})

importScripts(...__WORKBOX__);

const VERSION = "__VERSION__";
const scope = self.registration.scope; // the edition's root, ending in "/"
const SCOPE_PATH = new URL(scope).pathname;
// One cache per edition: the German edition (de/) has its own worker, whose scope lies inside
// the English one's, and neither may delete the other's copy when it updates. The "@files"
// keeps the older workers' naming ("<name>-<scope>@<version>"), which activate cleans up.
const CACHE = "cardsite-" + SCOPE_PATH + "@files";
const RUNTIME_CACHE = "cardsite-runtime";
const RUNTIME = new URL(__RUNTIME__, scope).href;
const RUNTIME_FILES = __RUNTIME_FILES__; // [name, bytes]
const MANIFEST = __MANIFEST__; // [{url, revision}], the URLs relative to the scope
const SIZES = __SIZES__; // bytes of each manifest entry
const BYTES = __BYTES__; // the whole edition with the runtime
// Kept in this edition's cache (beside Workbox's entries) once the reader made it ready: an
// update then fetches every file that changed, not only those this device had.
const WHOLE = scope + "#whole";
const PARALLEL = 6;

const { PrecacheController } = workbox.precaching;
const entries = MANIFEST.map((e) => ({ url: new URL(e.url, scope).href, revision: e.revision }));
const sizeOf = new Map(entries.map((e, i) => [e.url, SIZES[i]]));
const precache = new PrecacheController({ cacheName: CACHE });
precache.addToCacheList(entries);
const runtimeURLs = RUNTIME_FILES.map(([name]) => RUNTIME + name);
const RUNTIME_BYTES = RUNTIME_FILES.reduce((n, [, b]) => n + b, 0);

// A directory URL is its index.html; the query string and the fragment do not count
// (puzzles/count/?seed=3 is puzzles/count/index.html).
function plain(url) {
  const u = new URL(url);
  return u.origin + (u.pathname.endsWith("/") ? u.pathname + "index.html" : u.pathname);
}

function unrevised(url) {
  const u = new URL(url);
  u.searchParams.delete("__WB_REVISION__");
  return u.href;
}

// Every window of the site, controlled or not: a first visit's pages are not controlled yet.
async function tell(message) {
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage(message);
  }
}

async function isWhole() {
  return !!(await (await caches.open(CACHE)).match(WHOLE));
}

// A fresh copy (revalidated, so that an old copy in the HTTP cache cannot pass for this
// revision) of a same-origin file, or null if the server has none.
async function fetchFresh(url, mode) {
  const response = await fetch(url, { cache: mode, credentials: "same-origin" });
  return response.ok && response.type === "basic" && !response.redirected ? response : null;
}

// Store one file of the edition (under its revision's key) or of the runtime, if missing.
// ``url`` as the page fetched it (a folder's address, a query): the HTTP cache knows it so.
async function store(url, mode = "no-cache") {
  const file = plain(url);
  const key = precache.getCacheKeyForURL(file);
  const [name, cacheKey] = key ? [CACHE, key] : runtimeURLs.includes(file) ? [RUNTIME_CACHE, file] : [];
  if (!name) return false;
  const cache = await caches.open(name);
  if (await cache.match(cacheKey)) return false;
  const response = await fetchFresh(url, mode);
  if (!response) throw new Error(`${file.slice(scope.length)}: not on the server`);
  await cache.put(cacheKey, response);
  return true;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const had = new Set((await cache.keys()).map((r) => unrevised(r.url)));
    const whole = had.has(WHOLE);
    const wanted = entries.filter((e) => whole || had.has(e.url));
    if (!wanted.length) return;
    // Workbox fetches the entries whose revision's key is not in the cache: the files changed
    // since the version this device holds. The older revisions stay until activate.
    const update = new PrecacheController({ cacheName: CACHE });
    update.addToCacheList(wanted);
    await update.install(event);
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      // An older worker's cache of this scope ("<name>-<scope>@<version>", also one named
      // before the generator had its neutral name): another scope's is not ours to delete.
      const older = /^[a-z]+-(\/.*)@[^@]*$/.exec(key);
      if (key !== CACHE && older && older[1] === SCOPE_PATH) await caches.delete(key);
    }
    const whole = await isWhole();
    await precache.activate(event); // the revisions this build no longer has (and WHOLE)
    if (whole) await (await caches.open(CACHE)).put(WHOLE, new Response("whole"));
    const runtime = await caches.open(RUNTIME_CACHE);
    for (const request of await runtime.keys()) {
      if (!request.url.startsWith(RUNTIME)) await runtime.delete(request); // an older runtime
    }
    await self.clients.claim();
  })());
});

async function holding() {
  const cache = await caches.open(CACHE);
  const keys = new Set((await cache.keys()).map((r) => r.url));
  let stored = 0;
  let storedBytes = 0;
  let pages = 0;
  for (const e of entries) {
    if (!keys.has(precache.getCacheKeyForURL(e.url))) continue;
    stored += 1;
    storedBytes += sizeOf.get(e.url);
    if (/\/index\.html$/.test(e.url)) pages += 1;
  }
  const runtime = await caches.open(RUNTIME_CACHE);
  let runtimeStored = 0;
  for (const url of runtimeURLs) if (await runtime.match(url)) runtimeStored += 1;
  if (runtimeStored === runtimeURLs.length) storedBytes += RUNTIME_BYTES;
  return { type: "version", version: VERSION, files: entries.length + runtimeURLs.length,
           bytes: BYTES, stored, storedBytes, pages, runtime: runtimeStored === runtimeURLs.length,
           whole: keys.has(WHOLE) };
}

// "Make this device ready": every file of the edition and the runtime, a few at a time.
let storingAll = null;
function storeAll() {
  storingAll ||= (async () => {
    const all = [...runtimeURLs, ...entries.map((e) => e.url)];
    const sizes = [...RUNTIME_FILES.map(([, b]) => b), ...SIZES];
    const queue = all.map((url, i) => i);
    let done = 0;
    let bytes = 0;
    let told = 0;
    const progress = () => ({ type: "progress", version: VERSION, done, files: all.length, bytes, total: BYTES });
    async function worker() {
      while (queue.length) {
        const i = queue.shift();
        await store(all[i], i < runtimeURLs.length ? "default" : "no-cache");
        done += 1;
        bytes += sizes[i];
        if (Date.now() - told > 150) { // a few messages a second are enough for a progress bar
          told = Date.now();
          tell(progress());
        }
      }
    }
    try {
      await tell(progress());
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      await (await caches.open(CACHE)).put(WHOLE, new Response("whole"));
      await tell(progress());
      await tell(await holding());
      await tell({ type: "stored", version: VERSION });
    } catch (err) {
      await tell({ type: "failed", version: VERSION, error: String(err && err.message || err) });
    } finally {
      storingAll = null;
    }
  })();
  return storingAll;
}

// What a page used before this worker served it (its first visit): the page, the files it
// fetched, and the runtime if its engine started. Usually from the HTTP cache.
async function keep(urls, runtime) {
  const wanted = urls.filter((u) => precache.getCacheKeyForURL(plain(u)));
  if (runtime) wanted.push(...runtimeURLs);
  await Promise.all(wanted.map((u) => store(u, runtimeURLs.includes(u) ? "default" : "no-cache")
    .catch(() => false)));
}

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  if (msg.type === "skip-waiting") self.skipWaiting();
  if (msg.type === "store-all") event.waitUntil(storeAll());
  if (msg.type === "keep") {
    event.waitUntil(keep(msg.urls || [], !!msg.runtime).then(async () => {
      if (event.source) event.source.postMessage(await holding());
    }));
  }
  if (msg.type === "version" && event.source) {
    event.waitUntil(holding().then((s) => event.source.postMessage(s)));
  }
});

// A file of the edition or of the runtime: the stored copy, else the network's, stored (a
// page outside the edition, key null: the network's only).
async function serve(event, cacheName, key) {
  const cache = await caches.open(cacheName);
  const hit = key && await cache.match(key);
  if (hit) return hit;
  const request = event.request;
  try {
    const response = await fetch(request);
    if (key && response.ok && response.type === "basic" && !response.redirected) {
      const copy = response.clone();
      event.waitUntil(cache.put(key, copy).catch(() => {}));
    }
    return response;
  } catch (err) {
    if (request.mode === "navigate") {
      const missing = await cache.match(precache.getCacheKeyForURL(scope + "404.html") || "");
      if (missing) return missing;
    }
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = plain(request.url);
  if (runtimeURLs.includes(url)) {
    event.respondWith(serve(event, RUNTIME_CACHE, url));
    return;
  }
  if (!request.url.startsWith(scope)) return;
  const key = precache.getCacheKeyForURL(url);
  if (key) event.respondWith(serve(event, CACHE, key));
  else if (request.mode === "navigate") event.respondWith(serve(event, CACHE, null));
});
