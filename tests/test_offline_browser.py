"""The site offline: after one visit the service worker has stored every file of the build, and
with the browser context offline the reader still moves across sections, searches, opens a
handout, starts the engine and solves a puzzle. A new build replaces the old cache and the page
offers to reload."""

from __future__ import annotations

import functools
import json
import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from troccas import api

ROOT = Path(__file__).resolve().parent.parent

from build_tools import offline  # noqa: E402

# Each test here is about the worker: their contexts keep it (the others' block it).
pytestmark = pytest.mark.service_worker

from conftest import ENGINE_TIMEOUT_MS, _serve  # noqa: E402

OFFLINE_READY = "document.documentElement.dataset.offline === 'ready'"
CACHE_INFO = """async () => {
  const names = (await caches.keys()).filter((k) => k.startsWith('cardsite-'));
  const sizes = [];
  for (const n of names) sizes.push((await (await caches.open(n)).keys()).length);
  return {names, sizes, controlled: !!navigator.serviceWorker.controller};
}"""


def visit_and_store(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_function(OFFLINE_READY, timeout=ENGINE_TIMEOUT_MS)
    return page.evaluate(CACHE_INFO)


def test_site_works_offline_after_one_visit(site_server, context, page, wait_engine):
    files = offline.site_files(site_server.dir)
    assert {"index.html", "search/search_index.json", "pyodide/pyodide.asm.wasm",
            "manifest.webmanifest", "handouts/troccas-rules-summary.pdf"} <= set(files)
    # The engine: its wheel, or (the site's pre-compiled build) inside the stdlib zip.
    assert "pyodide/python_stdlib.zip" in files
    assert any(f.startswith("engine/") and f.endswith(".whl") for f in files) or json.loads(
        (site_server.dir / "index.html").read_text().split('<script id="cardsite-config" '
        'type="application/json">')[1].split("</script>")[0])["precompiled"]
    assert any(f.startswith("cards/") and f.endswith(".svg") for f in files)

    cache = visit_and_store(page, site_server.url)
    assert cache["controlled"]
    assert len(cache["names"]) == 1 and cache["sizes"] == [len(files)]
    version = re.search(r'const VERSION = "(\w+)"', (site_server.dir / "sw.js").read_text())[1]
    assert cache["names"] == [f"cardsite-{urlsplit(site_server.url).path}@{version}"]

    context.set_offline(True)
    assert page.evaluate("fetch('https://example.org/').then(() => 'online', () => 'offline')") \
        == "offline", "the context is not offline"

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
        status = page.evaluate(f"fetch(new URL({json.dumps(path)}, document.baseURI.replace(/[^/]*$/, '')"
                               f".replace(/handouts\\/$/, '')).href).then(r => r.status, () => 0)")
        assert status == 200, path

    # A full page load offline: a fresh engine worker boots Pyodide from the cache.
    page.goto(site_server.url_of("rules/counting/"))
    assert wait_engine(page) == "ready"
    pile = ["Kc", "XXI", "Fool", "2s"]
    got = page.evaluate("(cards) => cardsite.call('count', {cards})", pile)
    assert got == api.call("count", cards=pile)

    # Solve a practice puzzle offline, checked by the engine in the browser.
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

    # A page that is not in the site: the cached 404 page, not the browser's error.
    page.goto(site_server.url_of("no/such/page/"))
    assert "404" in page.content()
    assert page.console_errors == [] or all("404" in e or "Failed to load" in e
                                            for e in page.console_errors)


def test_each_edition_keeps_its_own_offline_copy(site_server, context, page, wait_engine):
    """The German edition (de/) has its own service worker and copy: readying it after the
    English one keeps both, and offline its pages, engine included, come from its own."""
    de = site_server.dir / "de"
    de_files, en_files = offline.site_files(de), offline.site_files(site_server.dir)
    version = {d: re.search(r'const VERSION = "(\w+)"', (d / "sw.js").read_text())[1]
               for d in (site_server.dir, de)}
    visit_and_store(page, site_server.url)
    cache = visit_and_store(page, site_server.url_of("de/"))
    assert sorted(zip(cache["names"], cache["sizes"])) == sorted([
        (f"cardsite-{urlsplit(site_server.url).path}@{version[site_server.dir]}", len(en_files)),
        (f"cardsite-{urlsplit(site_server.url_of('de/')).path}@{version[de]}", len(de_files))])

    context.set_offline(True)
    page.goto(site_server.url_of("de/rules/counting/"))
    assert wait_engine(page) == "ready"
    assert page.get_attribute("html", "lang") == "de"
    assert page.evaluate("(cards) => cardsite.call('count', {cards})", ["Kc", "XXI"]) == \
        api.call("count", cards=["Kc", "XXI"])



def test_activate_deletes_this_scopes_caches_under_an_earlier_name(site_server, page):
    """Caches are named "<name>-<scope>@<version>"; the generator's name changed once (they
    were "troccas-…"), and a reader's older copy under the earlier name is still an older
    build of this scope: the new worker deletes it, and leaves another scope's alone."""
    page.goto(site_server.url_of("manifest.webmanifest"))  # the origin, without the site's scripts
    scope = urlsplit(site_server.url).path  # "/", or the sub-path the site was built for
    page.evaluate("""async (scope) => {
      for (const name of [`troccas-${scope}@0ld`, `troccas-${scope}de/@0ld`]) {
        await (await caches.open(name)).put('/x', new Response('older build'));
      }
    }""", scope)
    visit_and_store(page, site_server.url)
    page.wait_for_function("(scope) => caches.keys().then((k) => !k.includes(`troccas-${scope}@0ld`))",
                           arg=scope)
    assert f"troccas-{scope}de/@0ld" in page.evaluate("caches.keys()")

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


@functools.lru_cache(maxsize=None)
def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_new_build_replaces_the_cache_and_offers_a_reload(site_server, browser, tmp_path):
    """A copy of the site, then a 'new build' of it (a page changed, the service worker
    rewritten by build_tools/offline): the open page shows the banner; reloading switches to
    the new version and the old cache is gone."""
    site = tmp_path / "site"
    shutil.copytree(site_server.dir, site)
    # Served as the site is (by nginx under `make test`), at its own path on a port of its own.
    port, path = _free_port(), urlsplit(site_server.url).path
    stop = _serve(site, port, path)
    url = f"http://127.0.0.1:{port}{path}"
    context = browser.new_context(service_workers="allow")
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    try:
        page = context.new_page()
        first = visit_and_store(page, url + "about/")
        assert len(first["names"]) == 1
        assert page.locator("#cs-update").count() == 0

        about = site / "about" / "index.html"
        about.write_text(about.read_text().replace("</article>", "<p id='rebuilt'>new</p></article>"))
        offline.write_all(site, name="Troccas", short_name="Troccas", description="test")
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        banner = page.locator("#cs-update")
        banner.wait_for()
        assert "A new version of this site is ready" in banner.inner_text()
        banner.get_by_role("button", name="reload").click()
        page.wait_for_selector("#rebuilt", state="attached")
        after = page.evaluate(CACHE_INFO)
        assert len(after["names"]) == 1 and after["names"] != first["names"]
    finally:
        context.close()
        stop()


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
    the first visit of test_a_new_build_replaces_the_cache_and_offers_a_reload shows none
    either, and its later build still offers the reload."""
    page.add_init_script(WEBKIT_ORDER)
    cache = visit_and_store(page, site_server.url_of("about/"))
    assert cache["controlled"]
    page.wait_for_function("window.__installedHeld > 0"
                           " && window.__installedDelivered === window.__installedHeld")
    assert page.locator("#cs-update").count() == 0
    assert not page.console_errors, page.console_errors


# --- "Make this device ready" (overrides/partials/offline-control.html, offline.js) -------------
CONTROL_STATE = "document.querySelector({sel!r}).dataset.state === {state!r}"


def test_the_button_makes_a_fresh_device_ready_and_the_site_then_works_offline(
        site_server, context, page):
    """In a fresh browser, on a page whose Python is still loading (its wasm held back, so the
    service worker is not registered by itself yet), the footer's button — pressed from the
    keyboard — registers it at once, shows the download's progress and then "ready"; with the
    network gone, another page and the projector view load from the device."""
    held = []

    def hold(route):  # the page's engine waits; the service worker's download goes through
        if route.request.service_worker:
            route.continue_()
        else:
            held.append(route)

    context.route("**/pyodide/pyodide.asm.wasm", hold)
    footer = "footer [data-offline-control]"
    try:
        page.goto(site_server.url_of("rules/counting/"))
        page.wait_for_function(CONTROL_STATE.format(sel=footer, state="not-ready"))
        control = page.locator(footer)
        assert "Not yet ready to use without a network" in control.inner_text()
        assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !r)")
        button = control.get_by_role("button", name="Make this device ready")
        button.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("navigator.serviceWorker.getRegistration().then(r => !!r)")
        assert page.evaluate("document.documentElement.dataset.engine") == "loading"
        # The progress, in words and as a bar, until the whole site is stored.
        page.wait_for_function(f"/Storing the whole site on this device: [\\d.]+ MB of [\\d.]+ MB "
                               f"\\(\\d+ of \\d+ files\\)/.test(document.querySelector({footer!r})"
                               f".textContent)")
        assert control.locator("progress").is_visible()
        page.wait_for_function(CONTROL_STATE.format(sel=footer, state="ready"))
        assert control.locator("progress").is_hidden() and button.is_hidden()
        page.wait_for_function(f"/Ready to use without a network: the whole site \\([\\d.]+ MB\\) "
                               f"is stored on this device/.test(document.querySelector({footer!r})"
                               f".textContent)")
    finally:
        for route in held:
            route.continue_()
        context.unroute("**/pyodide/pyodide.asm.wasm")
    assert page.evaluate(CACHE_INFO)["sizes"] == [len(offline.site_files(site_server.dir))]

    context.set_offline(True)
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
    origin = site_server.url.rstrip("/")
    assert [u for u in page.requested_urls if not u.startswith((origin, "blob:", "data:"))] == []


def test_a_page_opened_from_a_file_says_the_device_cannot_be_made_ready(site_dir, page):
    page.goto((site_dir / "teach" / "index.html").as_uri())
    control = page.locator("article [data-offline-control]")
    page.wait_for_function("document.querySelector('article [data-offline-control]')"
                           ".dataset.state === 'unsupported'")
    assert "Not supported here" in control.inner_text()
    assert control.get_by_role("button").is_hidden()
