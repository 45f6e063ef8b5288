"""What the browser benchmarks share: a built site served, Debian's Chromium launched, a page
whose engine is ready.

    from browser import built_site, engine_page
    site = built_site(args.site, "make .cache/stamps/test-site-troccas")
    with engine_page(site, "/play/") as page:
        page.evaluate("...")

``engine_page`` serves the site on a free port of 127.0.0.1 (so a benchmark runs beside
``make serve`` or ``make test``), launches /usr/bin/chromium through Playwright (never a
downloaded browser), opens the page and waits for ``<html data-engine="ready">``. The pieces
(``serve``, ``chromium``) are there for the benchmarks that need more than one page or their
own server: boot.py serves on the site_url's own port, which navigation.instant needs.
"""

from __future__ import annotations

import functools
import http.server
import statistics
import sys
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
ENGINE_READY = "document.documentElement.dataset.engine === 'ready'"

# Each call timed in the page, from the message to the site's engine worker to its answer.
TIME_CALLS = """async ([name, items]) => {
  const out = [];
  for (const args of items) {
    const t0 = performance.now();
    const r = await window.cardsite.call(name, args);
    out.push([performance.now() - t0, r]);
  }
  return out;
}"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The site's files with the types a module worker and Pyodide need; no request log."""
    extensions_map = {".mjs": "text/javascript", ".wasm": "application/wasm",
                      ".whl": "application/zip", ".js": "text/javascript"}
    # The site's own path (its site_url's: "/" or a sub-path such as "/sub/path/"), where
    # ``serve`` puts it; nothing above it is the site's.
    prefix = "/"

    def site_path(self, path: str) -> str | None:
        """``path`` from the site's root ("/rules/"), or None when it lies outside the site."""
        return "/" + path[len(self.prefix):] if path.startswith(self.prefix) else None

    def translate_path(self, path: str) -> str:
        inside = self.site_path(path)
        if inside is None:
            return str(Path(self.directory) / ".not-under-the-site-path")  # a 404
        return super().translate_path(inside)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser context closed mid-download (say, during pyodide.asm.wasm) is not an error.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def sitemap(site: Path) -> list[str]:
    """The addresses the site's sitemap.xml lists, as built (with the site_url's host)."""
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    root = ET.parse(site / "sitemap.xml").getroot()
    return [(e.text or "").strip() for e in root.findall("s:url/s:loc", ns)]


def site_url(site: Path) -> str:
    """The site's own home address (its site_url), the shortest in its sitemap."""
    return min(sitemap(site), key=len)


def own_port(site: Path) -> int:
    """The port of the site's site_url, for a benchmark that needs the page at that origin."""
    return urlsplit(site_url(site)).port or 80


def built_site(arg: str, make: str) -> Path:
    """``arg`` (from the repository root, or absolute) as a built site's folder; if it holds no
    built site, one line saying which and how to build it (``make``), and exit status 2."""
    site = (ROOT / arg).resolve()
    if not (site / "sitemap.xml").is_file():
        print(f"no built site in {site}: run {make}", file=sys.stderr)
        raise SystemExit(2)
    return site


@contextmanager
def serve(site: Path, port: int = 0,
          handler: type[http.server.SimpleHTTPRequestHandler] = QuietHandler,
          server: type[http.server.ThreadingHTTPServer] = Server) -> Iterator[str]:
    """``site`` served on 127.0.0.1 for the block (port 0: a free one), at the path it was built
    for; yields the base address, ``http://127.0.0.1:<port>/`` or ``.../sub/path/``."""
    path = urlsplit(site_url(site)).path or "/"
    at_path = type("AtSitePath", (handler,), {"prefix": path})
    httpd = server(("127.0.0.1", port), functools.partial(at_path, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}{path}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium, headless, through Playwright, for the block."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def engine_page(site: Path, path: str, timeout_ms: int = 180_000) -> Iterator[Any]:
    """A page of ``site`` (``path`` from its root, as "/play/") open in Chromium, its engine
    ready (Pyodide started in the site's worker), for the block."""
    with serve(site) as base, chromium() as browser:
        page = browser.new_page()
        page.goto(base + path.lstrip("/"))
        page.wait_for_function(ENGINE_READY, timeout=timeout_ms)
        yield page


def time_calls(page: Any, name: str, items: list[dict[str, Any]]) -> list[tuple[float, Any]]:
    """``await cardsite.call(name, args)`` in ``page`` for each ``args`` of ``items``, one after
    another: [(milliseconds, answer)], timed by the page's clock."""
    return [(ms, r) for ms, r in page.evaluate(TIME_CALLS, [name, items])]


def find_engine_page(site: Path, candidates: tuple[str, ...] = ("play", "puzzles")) -> str:
    """The first of ``candidates`` that ``site`` has, as "/play/": a page whose engine worker
    loads (the Play page, else the puzzles' index, which starts the engine for its checks)."""
    for path in candidates:
        if (site / path / "index.html").is_file():
            return f"/{path}/"
    raise SystemExit(f"no page of {site} loads the engine")


def summary(ms: list[float]) -> dict[str, Any]:
    """n, median, 95th percentile and max of timings in ms, as the browser benchmarks print them."""
    ordered = sorted(ms)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * len(ordered))) - 1)]
    return {"n": len(ms), "median": round(statistics.median(ms), 2), "p95": round(p95, 2),
            "max": round(max(ms), 2)}
