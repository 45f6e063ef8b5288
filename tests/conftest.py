"""Shared fixtures: the built site served on 127.0.0.1, and Debian's Chromium driven by Playwright.

Fixtures (use them in any test module under tests/):

``site_dir``     the built site of the root's game (``built_site(ROOT_GAME)``). ``make test`` builds
                 a copy of each game's site in ``build/test-sites/<game>/`` (the root's game for
                 port 8765, the others for the next ports) and sets ``CARDSITE_SITES`` to that
                 folder; run by hand, pytest uses ``make build``'s ``site/`` (port 8000, so stop
                 ``make serve`` first) and ``site-<game>/`` (``make build GAME=<game>``).
``site_server``  that site served on the host, port and path of the site's own ``site_url``
                 (navigation.instant needs them to match; ``make test`` builds the root's game
                 for ``/sub/path/``, as a publisher's sub-path): by Debian's nginx with gzip
                 (build_tools/hosting/nginx.conf; ``make test`` requires it, and a hand run
                 uses it where installed) or by a threaded ``http.server`` in this process
                 (``CARDSITE_SERVER=python``, or no nginx).
                 Has ``.url`` (the home page), ``.pages`` (every URL in sitemap.xml),
                 ``.url_of(path)`` (``"rules/counting/"`` → full URL), ``.dir`` and ``.server``
                 (``"nginx"`` or ``"python"``).
``browser``      one headless Chromium for the session (``/usr/bin/chromium``; never downloaded).
``context``      a fresh browser context per test (no cache, no cookies shared between tests).
``page``         a page in that context that records what happens, as attributes:
                 ``page.console_errors`` (console errors and uncaught exceptions, as text) and
                 ``page.requested_urls`` (every request, including the engine worker's).
``wait_engine``  ``wait_engine(page)`` waits until ``<html data-engine>`` is ready or failed and
                 returns the state.

The games are found as the Makefile finds them (:func:`games`): the root's ``mkdocs.yml`` and
each ``sites/<game>/mkdocs.yml``, and the test games' sites (:func:`games_in_tests`,
``tests/games/<game>/site/mkdocs.yml``, which ``make test`` builds after them, on the next ports);
:func:`built_site` says where a game's site was built.

Browser tests carry the ``browser`` mark (``pytest -m "not browser"`` skips them); the mark is
added automatically to every test that uses the ``browser`` fixture.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import re
import shutil
import sys
import threading
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
import yaml

import dozen
from build_tools.hosting.nginx import NGINX, Nginx, NginxError
from cardgame import games

# The test game (tests/games/dozen) is a game like the installed ones for every test: the api
# tests run over it, and the generator builds its site.
games.register(dozen.GAME)

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
# --liftoff-only: V8 runs WebAssembly with its baseline compiler only, never tiering hot code
# up to its optimising one. The same Pyodide, the same answers; measured with the whole process
# tree's CPU (cpuacct), starting Python costs 2.9 s of CPU a page instead of 4.3 s, and the
# tests start it a few hundred times. (A whole game of bots runs 9 % slower: far less in
# all.) The benchmarks, which time what a reader waits for, run Chromium as shipped.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic", "--js-flags=--liftoff-only"]
ENGINE_TIMEOUT_MS = 60_000


def pytest_collection_modifyitems(items):
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


# --- the games' sites ---------------------------------------------------------------------------
class _AnyTagLoader(yaml.SafeLoader):
    """Reads a MkDocs config without resolving its tags (!ENV, !relative): only the game's name
    is wanted, and it is plain text."""


_AnyTagLoader.add_multi_constructor("!", lambda loader, suffix, node: None)


def _game_of(config: Path) -> str:
    data = yaml.load(config.read_text(encoding="utf-8"), Loader=_AnyTagLoader) or {}
    for plugin in data.get("plugins") or []:
        if isinstance(plugin, dict) and "cardsite" in plugin:
            return str(plugin["cardsite"]["game"])
    raise AssertionError(f"{config.relative_to(ROOT)}: no cardsite plugin naming its game")


ROOT_GAME = _game_of(ROOT / "mkdocs.yml")


def games() -> list[str]:
    """Every game with a site: the root's (mkdocs.yml), then each folder sites/<game>/ with a
    mkdocs.yml, by name — the Makefile's list."""
    return [ROOT_GAME] + sorted(p.parent.name for p in (ROOT / "sites").glob("*/mkdocs.yml"))


def games_in_tests() -> list[str]:
    """The test games with a site (tests/games/<game>/site/mkdocs.yml), by name: built by
    ``make test`` only, never by ``make build``."""
    return sorted(p.parent.parent.name for p in (ROOT / "tests" / "games").glob("*/site/mkdocs.yml"))


def built_site(game: str) -> Path:
    """Where ``game``'s site was built: ``$CARDSITE_SITES/<game>/`` (make test sets it to
    build/test-sites), else make build's folder, site/ for the root's game, site-<game>/ for
    another."""
    sites = os.environ.get("CARDSITE_SITES")
    if sites:
        path = Path(sites) / game
    else:
        path = Path("site" if game == ROOT_GAME else f"site-{game}")
    return path if path.is_absolute() else ROOT / path


def lines_matching(files, pattern: re.Pattern) -> dict[str, list[str]]:
    """Each of ``files`` (paths from the project's root) with a line ``pattern`` finds -> its
    first three such lines (``line: text``); pictures and other binaries are passed over."""
    found: dict[str, list[str]] = {}
    for f in files:
        try:
            text = (ROOT / f).read_text(encoding="utf-8")
        except UnicodeDecodeError:  # a picture or a binary: no text to read
            continue
        lines = [f"{n}: {line.strip()[:100]}" for n, line in enumerate(text.splitlines(), 1)
                 if pattern.search(line)]
        if lines:
            found[f] = lines[:3]
    return found


def built_site_or_fail(game: str) -> Path:
    """``game``'s built site; the test fails in one line saying how to build it if there is
    none."""
    path = built_site(game)
    if not (path / "sitemap.xml").is_file():
        how = "make build" if game == ROOT_GAME else f"make build GAME={game}"
        pytest.fail(f"no built {game} site in {path}: run `make test` (or `{how}`)",
                    pytrace=False)
    return path


# --- the site ---------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def site_dir() -> Path:
    return built_site_or_fail(ROOT_GAME)


def sitemap_urls(site: Path) -> list[str]:
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    tree = ET.parse(site / "sitemap.xml")
    return [loc.text.strip() for loc in tree.getroot().findall("s:url/s:loc", ns)]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {".mjs": "text/javascript", ".wasm": "application/wasm",
                      ".whl": "application/zip"}
    # The site's path (its site_url's, "/sub/path/"): only what lies under it is the site's.
    prefix = "/"

    def translate_path(self, path):
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / ".not-under-the-site-path")  # a 404
        return super().translate_path("/" + path[len(self.prefix):])

    def log_message(self, format, *args):  # noqa: A002 - keep test output clean
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # Two workers' browsers (one may be storing the whole site for offline use) connect at once;
    # socketserver's default backlog of 5 refused some, and a refused Pyodide file fails a boot.
    request_queue_size = 128

    def handle_error(self, request, client_address):
        # A browser context closed mid-download (say, during pyodide.asm.wasm) is not an error.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@dataclass
class SiteServer:
    dir: Path
    url: str
    pages: list[str] = field(default_factory=list)
    # "nginx" (gzip, cache headers: build_tools/hosting/nginx.conf) or "python" (http.server)
    server: str = "python"

    def url_of(self, path: str) -> str:
        return urljoin(self.url, path.lstrip("/"))


def _site_address(site_dir: Path) -> tuple[int, str, list[str]]:
    pages = sitemap_urls(site_dir)
    home = min(pages, key=len)
    parts = urlsplit(home)
    host, port = parts.hostname, parts.port or 80
    if host not in ("127.0.0.1", "localhost"):
        pytest.fail(f"{site_dir} was built for {home}; build it with SITE_URL=http://127.0.0.1:PORT/",
                    pytrace=False)
    return port, parts.path or "/", [re.sub(r"^http://[^/]+", f"http://127.0.0.1:{port}", u)
                                     for u in pages]


# Which server the tests run the sites on: nginx (Debian's, as a publisher's host would, with
# gzip and the site under its sub-path: build_tools/hosting/), which `make test` asks for with
# CARDSITE_SERVER=nginx; or Python's http.server (CARDSITE_SERVER=python), for a hand run on a
# machine without nginx. Unset: nginx where it is installed.
_SERVER = "CARDSITE_SERVER"


def server_kind() -> str:
    asked = os.environ.get(_SERVER, "")
    if asked not in ("", "nginx", "python"):
        pytest.exit(f"{_SERVER}={asked}: say nginx or python", returncode=2)
    if asked:
        return asked
    return "nginx" if os.access(NGINX, os.X_OK) else "python"


def _serve(site_dir: Path, port: int, path: str = "/", fail=pytest.fail):
    """``site_dir`` served at http://127.0.0.1:port/path until the returned function is called."""
    if server_kind() == "nginx":
        try:
            # The runtime's big files are sent from their .br/.gz twins (the site ships them),
            # not compressed by nginx at each of the run's hundreds of engine starts.
            nginx = Nginx(site_dir, path, port).start()
        except NginxError as exc:
            fail(f"cannot serve {site_dir} with nginx: {exc}")
        return nginx.stop
    handler = functools.partial(type("_SiteHandler", (_QuietHandler,), {"prefix": path}),
                                directory=str(site_dir))
    try:
        server = _Server(("127.0.0.1", port), handler)
    except OSError as exc:
        fail(f"cannot serve the site on 127.0.0.1:{port} ({exc.strerror}); is `make serve` "
             f"running? Stop it, or use `make test`, which serves on its own port")
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def stop():
        server.shutdown()
        server.server_close()
    return stop


# With pytest-xdist (`make test` runs two workers), the site's port can be bound once only:
# the controller serves it for the whole run and tells its workers so through the environment,
# which they inherit when they start.
_SERVED = "CARDSITE_TEST_SERVER"


def pytest_configure(config):
    # With workers, every built game's site is served once, here, for the whole run: two
    # workers serving one site on its one port would refuse each other.
    workers = getattr(config.option, "numprocesses", None)
    if hasattr(config, "workerinput") or not workers:
        return
    config._cardsite_servers = []
    served = []
    for game in [*games(), *games_in_tests()]:
        path = built_site(game)
        if not (path / "sitemap.xml").is_file():
            continue  # the site's fixture fails each test that needs it, with the reason
        try:
            port, site_path, _ = _site_address(path)
        except pytest.fail.Exception:
            continue  # the test that serves it fails, with the reason
        config._cardsite_servers.append(
            _serve(path, port, site_path, fail=lambda why: pytest.exit(why, returncode=2)))
        served.append(str(port))
    os.environ[_SERVED] = ",".join(served)


def pytest_unconfigure(config):
    for stop in getattr(config, "_cardsite_servers", []):
        stop()


@contextlib.contextmanager
def serving(site: Path):
    """``site`` served on its port for the block (port, the path of its home, its pages): by
    the run's own server where it has one (pytest_configure), else by one of the block's."""
    port, path, pages = _site_address(site)
    stop = None
    if str(port) not in os.environ.get(_SERVED, "").split(","):
        stop = _serve(site, port, path, fail=lambda why: pytest.fail(why, pytrace=False))
    try:
        yield port, path, pages
    finally:
        if stop is not None:
            stop()


@pytest.fixture(scope="session")
def site_server(site_dir):
    with serving(site_dir) as (port, path, pages):
        yield SiteServer(dir=site_dir, url=f"http://127.0.0.1:{port}{path}", pages=pages,
                         server=server_kind())


# --- the browser ------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (make test does it as root)",
                    pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield NoWorkerUnlessAsked(browser)
        finally:
            browser.close()


class NoWorkerUnlessAsked:
    """The browser, whose new contexts keep no service worker unless the test asks for one
    (``new_context(service_workers="allow")``, or the ``context`` fixture under the
    ``service_worker`` mark). Every first visit registers the site's worker, which then stores
    the whole site (28 MB) in that fresh context: measured, that was more than half the CPU of a
    page visit in the axe walk, spent on something only the offline tests look at."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        options.setdefault("service_workers", "block")
        return self._browser.new_context(**options)

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture
def context(browser, request):
    asked = request.node.get_closest_marker("service_worker") is not None
    ctx = browser.new_context(service_workers="allow" if asked else "block")
    ctx.set_default_timeout(ENGINE_TIMEOUT_MS)
    # Every answer the pages get from the engine is checked against the engine's JSON Schema
    # (build_tools/static/js/cardsite.js); a mismatch is a console error, which the tests catch.
    ctx.add_init_script("window.__cardsiteCheckResults = true;")
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    page.console_errors = []
    page.requested_urls = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(
        f"{m.text} ({m.location.get('url', '')})"))
    # Where it was thrown too (the page's address then, the stack's first frames): an
    # uncaught error seen once in a whole run is found again from the report alone.
    page.on("pageerror", lambda exc: page.console_errors.append(
        f"uncaught: {exc} (at {page.url}; {' | '.join((exc.stack or '').splitlines()[1:3]).strip()})"))
    # Chromium reports the requests of the page's dedicated workers (the engine's) here too.
    page.on("request", lambda r: page.requested_urls.append(r.url))
    page.failed_requests = []
    page.on("requestfailed", lambda r: page.failed_requests.append(f"{r.url}: {r.failure}"))
    yield page


def open_search(page, url: str):
    """Opens the header's search on ``url`` as a reader does; returns its box. The first click
    loads Material's bundle, the second opens the search; a query must then be typed
    (``press_sequentially``): Material searches on the keys, and a value filled in before its
    bundle listens is never searched for."""
    page.goto(url)
    page.wait_for_load_state("load")
    box = page.locator(".md-search__input")
    box.click()
    page.wait_for_function("!!window.document$")
    box.click()
    page.wait_for_function("document.getElementById('__search').checked")
    return box


class EngineState(str):
    """The engine's state as a plain string, whose repr adds what the page said — so that
    ``assert wait_engine(page) == "ready"`` names the cause when Python did not start."""

    detail = ""

    def __repr__(self) -> str:
        return f"{str.__repr__(self)} ({self.detail})" if self.detail else str.__repr__(self)


@pytest.fixture
def wait_engine():
    def wait(page, timeout: float = ENGINE_TIMEOUT_MS) -> str:
        page.wait_for_function(
            "['ready', 'failed'].includes(document.documentElement.dataset.engine)",
            timeout=timeout)
        state = EngineState(page.evaluate("document.documentElement.dataset.engine"))
        if state != "ready":
            said = page.evaluate("[...document.querySelectorAll('[data-engine-status]')]"
                                 ".map(e => e.textContent).filter(Boolean)[0] || ''")
            errors = getattr(page, "console_errors", [])
            failed = getattr(page, "failed_requests", [])
            state.detail = f"page said {said!r}; console errors {errors!r}; failed requests {failed!r}"
        return state
    return wait


@pytest.fixture(scope="session")
def pdftotext():
    exe = shutil.which("pdftotext")
    if not exe:
        pytest.fail("pdftotext is missing: apt-get install -y poppler-utils", pytrace=False)
    return exe
