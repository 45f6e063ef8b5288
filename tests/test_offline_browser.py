"""The site offline on the reader's terms (issues 7 and 30).

One visit keeps what it used: the page, its files and, once the engine started, the engine
(Pyodide's files, in one cache every edition's worker shares); with the network gone that page
and its engine still work, and a page never opened does not. Each edition keeps its own copy of
its pages, and a reader who switches edition downloads no engine bytes again. "Make this device
ready" says the size, stores the whole edition with its progress and says when it is done;
then every page works offline. A rebuild that changed a page downloads, for a returning
reader, only the files whose revision changed, and the open page offers to reload."""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import re
import shutil
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from troccas import api

ROOT = Path(__file__).resolve().parent.parent

from build_tools import offline  # noqa: E402

# Each test here is about the worker: their contexts keep it (the others' block it).
pytestmark = pytest.mark.service_worker

from build_tools.hosting.nginx import Nginx  # noqa: E402
from conftest import (CHROMIUM, CHROMIUM_ARGS, ENGINE_TIMEOUT_MS, _QuietHandler,  # noqa: E402
                      _site_address, server_kind)

OFFLINE_READY = "document.documentElement.dataset.offline === 'ready'"
CACHE_INFO = """async () => {
  const names = (await caches.keys()).filter((k) => k.startsWith('cardsite-'));
  const entries = {};
  for (const n of names) entries[n] = (await (await caches.open(n)).keys()).map((r) => r.url);
  return {names, entries, controlled: !!navigator.serviceWorker.controller};
}"""
FOOTER = "footer [data-offline-control]"
CONTROL_STATE = "document.querySelector({sel!r}).dataset.state === {state!r}"
RUNTIME_CACHE = "cardsite-runtime"


def runtime_folder(site: Path) -> Path:
    [folder] = {p.parent for p in site.glob("pyodide/*/pyodide.asm.wasm")}
    return folder


def runtime_files(runtime: Path) -> list[Path]:
    """The runtime's files as the browser asks for them: not their pre-compressed twins
    (<file>.br, <file>.gz), which a host sends in their place."""
    return sorted(p for p in runtime.iterdir() if p.suffix not in (".br", ".gz"))


def md5s(site: Path) -> dict[str, str]:
    """Each file of the edition (as the worker names it) -> the MD5 of its bytes."""
    return {f: hashlib.md5((site / f).read_bytes()).hexdigest() for f in offline.site_files(site)}


def kept(page, state: str = "partial", saying: str = "") -> None:
    """The footer says what this device keeps (``saying`` among it: the worker answers what
    it holds as it stores this visit's files, so the first answer may say less)."""
    page.wait_for_function(OFFLINE_READY, timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(CONTROL_STATE.format(sel=FOOTER, state=state))
    page.wait_for_function("(s) => document.querySelector('footer [data-offline-control]')"
                           ".textContent.includes(s)", arg=saying)


class _Counting(_QuietHandler):
    """The test's own server: every full answer (status 200) it sends, by path."""

    def send_response(self, code, message=None):
        if code == 200:
            self.server.sent.append(self.path.split("?", 1)[0])
        super().send_response(code, message)


@functools.lru_cache(maxsize=None)
def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _CountingServer:
    """A copy of the site served at its own path on a port of its own, by the run's kind of
    server (nginx with gzip under `make test`), which counts every full answer (status 200)."""

    def __init__(self, site: Path, path: str):
        port = _free_port()
        self.path, self.url, self._skip = path, f"http://127.0.0.1:{port}{path}", 0
        self._nginx, self._http = None, None
        if server_kind() == "nginx":
            self._nginx = Nginx(site, path, port, access_log=True).start()
        else:
            handler = type("_CountingHere", (_Counting,), {"prefix": path})
            self._http = http.server.ThreadingHTTPServer(
                ("127.0.0.1", port), functools.partial(handler, directory=str(site)))
            self._http.sent = []
            threading.Thread(target=self._http.serve_forever, daemon=True).start()

    def _all(self) -> list[str]:
        return self._nginx.sent() if self._nginx else list(self._http.sent)

    def sent(self) -> list[str]:
        """The files answered since the last clear(), relative to the site."""
        return [p[len(self.path):] for p in self._all()[self._skip:] if p.startswith(self.path)]

    def clear(self) -> None:
        self._skip = len(self._all())

    def stop(self) -> None:
        if self._nginx:
            self._nginx.stop()
        else:
            self._http.shutdown()
            self._http.server_close()


def test_one_visit_keeps_what_it_used_each_edition_its_own_the_engine_once_and_a_rebuild_fetches_only_what_changed(
        site_dir, browser, tmp_path, wait_engine):
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    path = _site_address(site_dir)[1]  # the site's own path: /sub/path/ under make test
    server = _CountingServer(site, path)
    url = server.url
    en_cache, de_cache = f"cardsite-{path}@files", f"cardsite-{path}de/@files"
    runtime = runtime_folder(site)
    runtime_names = [p.name for p in runtime_files(runtime)]
    runtime_path = runtime.relative_to(site).as_posix() + "/"
    # A browser profile of its own, as a reader's: its HTTP cache on disk keeps Pyodide's wasm
    # (9.6 MB), which the in-memory cache of a fresh context drops, so the worker keeps the
    # engine the first visit used without downloading it again.
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        service_workers="allow")
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        # One visit to an engine page, then the same page in German (the language switch).
        page.goto(url + "rules/counting/")
        assert wait_engine(page) == "ready"
        kept(page, saying="the page you opened and the engine")
        assert re.search(r"Make this device ready: store the whole site \(\d+ MB\)",
                         page.locator(FOOTER).inner_text())
        page.goto(url + "de/rules/counting/")
        assert wait_engine(page) == "ready"
        kept(page, saying="die Seite, die du geöffnet hast, und das Regelprogramm")
        cache = page.evaluate(CACHE_INFO)
        # One runtime cache, shared: the German worker found the engine the English one kept.
        assert sorted(cache["names"]) == sorted([en_cache, de_cache, RUNTIME_CACHE])
        assert sorted(u.rsplit("/", 1)[1] for u in cache["entries"][RUNTIME_CACHE]) == runtime_names
        # Each edition keeps its own pages, and only those the visit used.
        en, de = cache["entries"][en_cache], cache["entries"][de_cache]
        assert any("/rules/counting/index.html?__WB_REVISION__=" in u for u in en)
        assert not any("/de/" in u for u in en)
        assert all(u.startswith(url + "de/") for u in de)
        assert any("/de/rules/counting/index.html?__WB_REVISION__=" in u for u in de)
        assert len(en) < len(offline.site_files(site)) / 4, "a first visit stored the whole site"
        # Switching edition fetched no engine file again: each came once from the server.
        for name in runtime_names:
            assert server.sent().count(runtime_path + name) == 1, (name, "\n".join(server.sent()))

        # Offline: the pages visited and their engine work, in both editions; a page never
        # opened is not there.
        context.set_offline(True)
        for path, lang in (("rules/counting/", "en"), ("de/rules/counting/", "de")):
            page.goto(url + path)
            assert wait_engine(page) == "ready", path
            assert page.get_attribute("html", "lang") == lang
            assert page.evaluate("(cards) => cardsite.call('count', {cards})", ["Kc", "XXI"]) == \
                api.call("count", cards=["Kc", "XXI"])
        assert page.evaluate("(u) => fetch(u).then((r) => r.status, () => 'not there')",
                             url + "glossary/") == "not there"
        context.set_offline(False)

        # A new build that changed the page visited: the open page offers to reload, and the
        # update downloads the files this device holds whose revision changed, no other.
        page.goto(url + "rules/counting/")
        kept(page)
        before = md5s(site)
        held = {u.split("?", 1)[0][len(url):] for u in page.evaluate(CACHE_INFO)["entries"][en_cache]}
        counting = site / "rules" / "counting" / "index.html"
        # Counted from before the new build is in place: the browser may look for a new worker
        # by itself (a navigation does) as soon as there is one, before the test asks it to.
        server.clear()
        counting.write_text(counting.read_text().replace("</article>",
                                                         "<p id='rebuilt'>new</p></article>"))
        offline.write_all(site, name="Troccas", short_name="Troccas", description="test",
                          runtime=runtime.relative_to(site).as_posix())
        after = md5s(site)
        changed = {f for f in after if before.get(f) != after[f]}
        assert "rules/counting/index.html" in changed
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        banner = page.locator("#cs-update")
        banner.wait_for()
        assert "A new version of this site is ready" in banner.inner_text()
        fetched = set(server.sent())
        assert fetched - {"sw.js"} == changed & held, (fetched, changed & held)
        banner.get_by_role("button", name="reload").click()
        page.wait_for_selector("#rebuilt", state="attached")
        en = page.evaluate(CACHE_INFO)["entries"][en_cache]
        key = "rules/counting/index.html?__WB_REVISION__="
        assert url + key + after["rules/counting/index.html"] in en
        assert url + key + before["rules/counting/index.html"] not in en
        assert errors == []
    finally:
        context.close()
        server.stop()


def test_activate_deletes_this_scopes_caches_under_an_earlier_name(site_server, page):
    """Caches are named "<name>-<scope>@<version>"; the generator's name changed once (they
    were "troccas-…"), and a reader's older copy under the earlier name is still an older
    build of this scope: the new worker deletes it, and leaves another scope's alone."""
    page.goto(site_server.url_of("manifest.webmanifest"))  # the origin, without the site's scripts
    page.evaluate("""async () => {
      for (const name of ['troccas-/@0ld', 'troccas-/de/@0ld']) {
        await (await caches.open(name)).put('/x', new Response('older build'));
      }
    }""")
    page.goto(site_server.url_of("about/"))
    page.wait_for_function(OFFLINE_READY, timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function("caches.keys().then((k) => !k.includes('troccas-/@0ld'))")
    assert "troccas-/de/@0ld" in page.evaluate("caches.keys()")


def test_manifest_and_icons(site_server):
    m = json.loads((site_server.dir / "manifest.webmanifest").read_text())
    assert m["start_url"] == "./" and m["display"] == "standalone"
    for icon in m["icons"]:
        data = (site_server.dir / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            n = int(icon["sizes"].split("x")[0])
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            assert int.from_bytes(data[16:20], "big") == int.from_bytes(data[20:24], "big") == n
        else:
            assert data.startswith(b"<svg")
    page = (site_server.dir / "rules" / "counting" / "index.html").read_text()
    assert '<link rel="manifest" href="../../manifest.webmanifest">' in page
    assert '<script src="../../offline.js" defer></script>' in page


def test_the_worker_runs_workbox_from_the_site_itself(site_server):
    """Workbox's precache, its files in the site (no CDN), with a revision per file: the MD5
    of its bytes, as workbox-build's injectManifest gives it."""
    sw = (site_server.dir / "sw.js").read_text(encoding="utf-8")
    scripts = json.loads(re.search(r"importScripts\(\.\.\.(\[.*?\])\)", sw)[1])
    assert any("workbox-precaching" in s for s in scripts)
    for s in scripts:
        assert not s.startswith(("http:", "https:", "//")) and (site_server.dir / s).is_file(), s
    manifest = json.loads(re.search(r"const MANIFEST = (\[.*?\]);", sw, re.S)[1])
    assert {e["url"]: e["revision"] for e in manifest} == md5s(site_server.dir)


# WebKit's order on a first visit (2 of 10 fresh visits, WebKitGTK 2.50): the new worker's
# "installed" reaches the page only after the page counts as controlled by that same worker.
# Chromium delivers it before; this script holds every "installed" statechange a page hears
# while it is not controlled, and delivers it once it is, the worker's state still reading
# "installed" as it does in WebKit. The page's own code is untouched.
WEBKIT_ORDER = """(() => {
  const add = EventTarget.prototype.addEventListener;
  window.__installedHeld = 0;
  window.__installedDelivered = 0;
  ServiceWorker.prototype.addEventListener = function (type, listener, options) {
    if (type !== "statechange") return add.call(this, type, listener, options);
    const worker = this;
    return add.call(this, type, function (event) {
      if (worker.state !== "installed" || navigator.serviceWorker.controller) {
        return listener.call(worker, event);
      }
      window.__installedHeld += 1;
      navigator.serviceWorker.addEventListener("controllerchange", () => {
        Object.defineProperty(worker, "state", { value: "installed", configurable: true });
        try { listener.call(worker, event); } finally { delete worker.state; }
        window.__installedDelivered += 1;
      }, { once: true });
    }, options);
  };
})();"""


def test_a_first_visit_never_offers_a_new_version(site_server, context, page):
    """A reader's first visit installs the site's first worker: that is no update, even when the
    browser reports it installed after the page is controlled (WebKit). In Chromium's own order
    the first visit of the update test shows none either, and its later build still offers the
    reload."""
    page.add_init_script(WEBKIT_ORDER)
    page.goto(site_server.url_of("about/"))
    kept(page)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    page.wait_for_function("window.__installedHeld > 0"
                           " && window.__installedDelivered === window.__installedHeld")
    assert page.locator("#cs-update").count() == 0
    assert not page.console_errors, page.console_errors


# --- "Make this device ready" (overrides/partials/offline-control.html, offline.js) -------------
def test_the_button_says_the_size_stores_the_whole_edition_and_every_page_then_works_offline(
        site_server, context, page, wait_engine):
    """In a fresh browser, on a page whose Python is still loading (its wasm held back, so the
    service worker is not registered by itself yet), the footer's button says how many MB the
    whole edition is; pressed from the keyboard it registers the worker at once, shows the
    download's progress and then "ready". With the network gone, every section, the search
    index, a card, a handout, the engine, a puzzle and the projector view load from the device."""
    held = []

    def hold(route):  # the page's engine waits; the service worker's download goes through
        if route.request.service_worker:
            route.continue_()
        else:
            held.append(route)

    site = site_server.dir
    runtime = runtime_folder(site)
    files = offline.site_files(site)
    whole = sum((site / f).stat().st_size for f in files) + sum(
        p.stat().st_size for p in runtime_files(runtime))
    context.route("**/pyodide/*/pyodide.asm.wasm", hold)
    try:
        page.goto(site_server.url_of("rules/counting/"))
        page.wait_for_function(CONTROL_STATE.format(sel=FOOTER, state="not-ready"))
        control = page.locator(FOOTER)
        assert "Not yet ready to use without a network" in control.inner_text()
        assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !r)")
        button = control.get_by_role("button", name=re.compile("Make this device ready"))
        size = re.search(r"store the whole site \((\d+) MB\)", button.inner_text())
        assert size and abs(int(size[1]) - whole / 1048576) < 1, (button.inner_text(), whole)
        button.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("navigator.serviceWorker.getRegistration().then(r => !!r)")
        assert page.evaluate("document.documentElement.dataset.engine") == "loading"
        # The progress, in words and as a bar, until the whole site is stored.
        page.wait_for_function(f"/Storing the whole site on this device: [\\d.]+ MB of [\\d.]+ MB "
                               f"\\(\\d+ of \\d+ files\\)/.test(document.querySelector({FOOTER!r})"
                               f".textContent)")
        assert control.locator("progress").is_visible()
        page.wait_for_function(CONTROL_STATE.format(sel=FOOTER, state="ready"))
        assert control.locator("progress").is_hidden() and button.is_hidden()
        page.wait_for_function(f"/Ready to use without a network: the whole site \\([\\d.]+ MB\\) "
                               f"is stored on this device/.test(document.querySelector({FOOTER!r})"
                               f".textContent)")
    finally:
        for route in held:
            route.continue_()
        context.unroute("**/pyodide/*/pyodide.asm.wasm")
    cache = page.evaluate(CACHE_INFO)
    stored = {u.split("?", 1)[0][len(site_server.url):] for u in cache["entries"][f"cardsite-{urlsplit(site_server.url).path}@files"]}
    assert set(files) <= stored
    assert len(cache["entries"][RUNTIME_CACHE]) == len(runtime_files(runtime))

    context.set_offline(True)
    assert page.evaluate("fetch('https://example.org/').then(() => 'online', () => 'offline')") \
        == "offline", "the context is not offline"
    page.goto(site_server.url)
    # Across the sections by the top tabs (instant navigation: pages fetched through the worker).
    for tab, path in (("Learn", "learn/"), ("Rules", "rules/"), ("Glossary", "glossary/"),
                      ("Puzzles", "puzzles/"), ("Play", "play/"), ("Handouts", "handouts/")):
        before = page.locator("article h1").first.inner_text()
        page.get_by_role("link", name=tab, exact=True).first.click()
        page.wait_for_url(f"**/{path}")
        # The new page's own heading, not the one still shown from the page before.
        page.wait_for_function("(h) => { const e = document.querySelector('article h1');"
                               " return e && e.offsetParent && e.textContent !== h; }", arg=before)
    # Search index, a card picture and a handout come from the cache.
    for path in ("search/search_index.json", "cards/XXI.svg", "handouts/troccas-rules-summary.pdf"):
        status = page.evaluate("(u) => fetch(u).then(r => r.status, () => 0)",
                               site_server.url_of(path))
        assert status == 200, path

    # Solve a practice puzzle offline, checked by the engine in the browser (a full page load:
    # a fresh engine worker boots Pyodide from the cache).
    seed = 7
    answer = api.call("puzzle", kind="count", seed=seed, answer=True)["answer"]
    page.goto(site_server.url_of(f"puzzles/count/?seed={seed}"))
    assert wait_engine(page) == "ready"
    box = page.locator("[data-puzzle-practice]")
    box.locator("[data-pz-number]").fill(str(answer))
    check = box.get_by_role("button", name="Check my answer")
    check.wait_for()
    page.wait_for_function("!document.querySelector('[data-puzzle-practice] [data-pz-check]').disabled")
    check.click()
    page.wait_for_function("['right', 'wrong', 'error'].includes(document.querySelector("
                           "'[data-puzzle-practice] section[data-cardsite-widget=puzzle]').dataset.state)")
    assert box.locator("section[data-cardsite-widget=puzzle]").get_attribute("data-state") == "right"

    page.goto(site_server.url_of("teach/"))
    on_page = "article [data-offline-control]"
    page.wait_for_function(CONTROL_STATE.format(sel=on_page, state="ready"))
    assert "Ready to use without a network" in page.locator(on_page).inner_text()
    seed = 2
    p = api.call("puzzle", kind="count", seed=seed, answer=True)
    page.goto(site_server.url_of(f"teach/projector/?kind=count&seed={seed}"))
    page.keyboard.press("Space")
    assert page.locator("[data-proj-stage] [data-proj-answer-text]").inner_text() == \
        f"{p['answer']} points"

    # A page that is not in the site: the cached 404 page, not the browser's error.
    page.goto(site_server.url_of("no/such/page/"))
    assert "404" in page.content()
    origin = site_server.url.rstrip("/")
    assert [u for u in page.requested_urls
            if not u.startswith((origin, "blob:", "data:", "https://example.org/"))] == []
    assert page.console_errors == [] or all("404" in e or "Failed to load" in e
                                            for e in page.console_errors)


def test_a_page_opened_from_a_file_says_the_device_cannot_be_made_ready(site_dir, page):
    page.goto((site_dir / "teach" / "index.html").as_uri())
    control = page.locator("article [data-offline-control]")
    page.wait_for_function("document.querySelector('article [data-offline-control]')"
                           ".dataset.state === 'unsupported'")
    assert "Not supported here" in control.inner_text()
    assert control.get_by_role("button").is_hidden()
