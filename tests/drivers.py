"""The same page steps in three browsers: Chromium (Playwright), Firefox ESR (puppeteer-core over
WebDriver BiDi, through tests/firefox_bridge.mjs) and WebKitGTK (Selenium and WebKitWebDriver,
under an Xvfb of its own). Everything is Debian's; nothing is downloaded.

A scenario is written once against :class:`Page`::

    with firefox() as browser:                  # or chromium(pw_browser), webkit()
        page = browser.open(worker=False)       # a fresh page; the service worker blocked
        page.goto(url)
        page.wait("() => document.documentElement.dataset.engine === 'ready'",
                  what="the engine is ready")
        page.eval("(n) => n + 1", 41)           # a function's source and one JSON argument
        page.fill("#gl-q", "tschec"); page.click("button")
        page.errors()                           # what the pages said wrong so far

``wait`` polls a condition in the page (no fixed sleep) and, when it times out, raises
:class:`Timeout` naming ``what`` and the page's address. ``errors`` gathers the browser's own
reports (Chromium, Firefox) and the page's records of ``console.error``, uncaught errors and
unhandled rejections (:data:`RECORDER`): WebKitWebDriver has no console log, so for WebKit a
page must be served by :class:`SiteCopy`, which writes the recorder at the top of each page.

The benchmark benchmarks/browsers_ready.py uses this module too.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import io
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
BRIDGE = Path(__file__).resolve().parent / "firefox_bridge.mjs"
TIMEOUT_S = 60.0

# Records what the page says wrong into window.__pageErrors, from the first line of the page on.
RECORDER = """(function () {
  if (window.__pageErrors) return;
  var seen = window.__pageErrors = [];
  var error = console.error;
  console.error = function () {
    seen.push("console.error: " + Array.prototype.map.call(arguments, String).join(" "));
    return error.apply(console, arguments);
  };
  addEventListener("error", function (e) {
    seen.push("uncaught: " + e.message + " (" + e.filename + ":" + e.lineno + ")");
  });
  addEventListener("unhandledrejection", function (e) {
    var r = e.reason;
    seen.push("unhandled rejection: " + (r && r.message ? r.message : r) +
              (r && r.stack ? " (" + r.stack.split("\\n")[0] + ")" : ""));
  });
})();"""

# A page without a service worker, as Playwright's service_workers="block" makes it: the site
# then says it cannot work offline, and no worker stores the site behind the test's back.
NO_WORKER = """Object.defineProperty(navigator, "serviceWorker",
  {configurable: true, get: function () { return undefined; }});"""

HARVEST = "() => { const e = window.__pageErrors || []; window.__pageErrors = []; return e; }"


class Timeout(AssertionError):
    """A condition did not hold in time; the message names it and the page."""


class BrowserMissing(RuntimeError):
    """A browser or its driver is not installed; the message says which package gives it."""


# --- a copy of the site, served with the recorder written into its pages ------------------------
class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".whl": "application/zip"}
    prefix = "/"
    head = b""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - a quiet test run
        pass

    def translate_path(self, path: str) -> str:
        # The site as built for its own path (say /sub/path/): the same path here.
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "\0missing")
        return super().translate_path("/" + path[len(self.prefix):])

    def send_head(self) -> Any:
        path = self.translate_path(self.path.split("?", 1)[0].split("#", 1)[0])
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not path.endswith(".html") or not os.path.isfile(path):
            return super().send_head()
        body = Path(path).read_bytes()
        at = body.find(b"<head>")
        at = at + len(b"<head>") if at >= 0 else 0
        body = body[:at] + self.head + body[at:]
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A page left mid-download (a reload, a stopped test) is not an error of the site.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class SiteCopy:
    """The built site in ``site_dir`` served on a free port of 127.0.0.1 at the path it was
    built for (``path``, say ``/`` or ``/sub/path/``), each HTML page starting with the
    recorder (and ``scripts``). ``stop()`` ends the serving: the site's address then refuses
    every connection, as a reader's network gone."""

    def __init__(self, site_dir: Path, path: str = "/", scripts: tuple[str, ...] = ()) -> None:
        head = "".join(f"<script>{s}</script>" for s in (RECORDER, *scripts)).encode()
        prefix = path if path.endswith("/") else path + "/"
        handler = type("Handler", (_Handler,), {"prefix": prefix, "head": head})
        self._httpd = _Server(("127.0.0.1", 0),
                              functools.partial(handler, directory=str(site_dir)))
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}{prefix}"
        self._stopped = False
        self.dir = site_dir

    def url_of(self, path: str) -> str:
        return self.url + path.lstrip("/")

    def stop(self) -> None:
        if not self._stopped:
            self._stopped = True
            self._httpd.shutdown()
            self._httpd.server_close()

    def __enter__(self) -> SiteCopy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


# --- the page, in any of the three ---------------------------------------------------------------
class Page:
    """One page of one of the browsers (see the module's docstring)."""

    browser = ""

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def eval(self, fn: str, arg: Any = None) -> Any:
        """The value of the JavaScript function ``fn`` (its source) called with ``arg``
        (awaited if it returns a promise)."""
        raise NotImplementedError

    def click(self, selector: str) -> None:
        raise NotImplementedError

    def fill(self, selector: str, text: str) -> None:
        raise NotImplementedError

    def url(self) -> str:
        return str(self.eval("() => location.href"))

    def wait(self, fn: str, arg: Any = None, *, what: str, timeout: float = TIMEOUT_S) -> None:
        """Until the function ``fn`` (its source) called with ``arg`` returns something true."""
        raise NotImplementedError

    def errors(self) -> list[str]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def _timeout(self, what: str, timeout: float) -> Timeout:
        try:
            where = self.url()
        except Exception:  # noqa: BLE001 - the address only adds to the message
            where = "?"
        return Timeout(f"{self.browser}: after {timeout:.0f} s, still not: {what} (at {where})")


class Browser:
    name = ""

    def open(self, *, worker: bool = False) -> Page:
        """A fresh page in a fresh context: its own storage, no cache. ``worker``: the site's
        service worker may register (else it is blocked, as in the rest of the tests)."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def version(self) -> str:
        raise NotImplementedError


# --- Chromium: Playwright ------------------------------------------------------------------------
class _ChromiumPage(Page):
    browser = "chromium"

    def __init__(self, context: Any) -> None:
        self._context = context
        self._page = context.new_page()
        self._seen: list[str] = []
        self._page.on("console", self._console)
        self._page.on("pageerror", lambda exc: self._seen.append(f"uncaught: {exc}"))

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self._seen.append(f"console.error: {message.text} ({message.location.get('url', '')})")

    def _harvest(self) -> None:
        with contextlib.suppress(Exception):  # no document yet, or one that is going away
            self._page.evaluate(HARVEST)  # the browser's own events report the same

    def goto(self, url: str) -> None:
        self._harvest()
        self._page.goto(url, timeout=TIMEOUT_S * 1000)

    def reload(self) -> None:
        self._page.reload(timeout=TIMEOUT_S * 1000)

    def eval(self, fn: str, arg: Any = None) -> Any:
        return self._page.evaluate(fn, arg)

    def click(self, selector: str) -> None:
        self._page.click(selector, timeout=TIMEOUT_S * 1000)

    def fill(self, selector: str, text: str) -> None:
        self._page.fill(selector, text, timeout=TIMEOUT_S * 1000)

    def wait(self, fn: str, arg: Any = None, *, what: str, timeout: float = TIMEOUT_S) -> None:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        try:
            self._page.wait_for_function(fn, arg=arg, timeout=timeout * 1000)
        except PlaywrightTimeout:
            raise self._timeout(what, timeout) from None

    def errors(self) -> list[str]:
        return list(self._seen)

    def close(self) -> None:
        self._context.close()


class Chromium(Browser):
    """Chromium through a Playwright browser already launched (the tests' session one)."""

    name = "chromium"

    def __init__(self, pw_browser: Any) -> None:
        self._browser = pw_browser

    def open(self, *, worker: bool = False) -> Page:
        ctx = self._browser.new_context(service_workers="allow" if worker else "block")
        ctx.add_init_script(RECORDER)
        return _ChromiumPage(ctx)

    def close(self) -> None:
        pass

    def version(self) -> str:
        return f"Chromium {self._browser.version}"


@contextlib.contextmanager
def chromium(args: list[str] | None = None) -> Iterator[Chromium]:
    """Debian's Chromium, launched for the block through Playwright."""
    if not Path(CHROMIUM).is_file():
        raise BrowserMissing(f"{CHROMIUM} is missing: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=args or [
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"])
        try:
            yield Chromium(b)
        finally:
            b.close()


# --- Firefox: puppeteer-core over WebDriver BiDi, in Node ---------------------------------------
class _Bridge:
    """tests/firefox_bridge.mjs: one request a line on its stdin, one answer a line on its
    stdout."""

    def __init__(self) -> None:
        if not Path(FIREFOX).is_file():
            raise BrowserMissing(f"{FIREFOX} is missing: apt-get install -y firefox-esr")
        if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            raise BrowserMissing("node_modules/puppeteer-core is missing: run `make npm`")
        env = dict(os.environ, PUPPETEER_SKIP_DOWNLOAD="1", PUPPETEER_SKIP_CHROME_DOWNLOAD="1",
                   FIREFOX_BIN=FIREFOX)
        self._proc = subprocess.Popen(["node", str(BRIDGE)], cwd=ROOT, env=env, text=True,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._n = 0
        self.version = str(self.call("launch", answer_within=TIMEOUT_S))

    def call(self, op: str, *, answer_within: float = 2 * TIMEOUT_S + 30, **args: Any) -> Any:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._n += 1
        self._proc.stdin.write(json.dumps({"id": self._n, "op": op, **args}) + "\n")
        self._proc.stdin.flush()
        ready, _, _ = select.select([self._proc.stdout], [], [], answer_within)
        if not ready:
            raise Timeout(f"firefox: the bridge gave no answer to {op} in {answer_within:.0f} s")
        line = self._proc.stdout.readline()
        if not line:
            raise RuntimeError(f"firefox: the bridge ended (status {self._proc.poll()}) during {op}")
        answer = json.loads(line)
        if "error" in answer:
            if answer.get("timeout"):
                raise Timeout(answer["error"])
            raise RuntimeError(f"firefox: {op}: {answer['error']}")
        return answer.get("value")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.call("quit", answer_within=30)
        with contextlib.suppress(Exception):
            assert self._proc.stdin is not None
            self._proc.stdin.close()
        try:
            self._proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()


class _FirefoxPage(Page):
    browser = "firefox"

    def __init__(self, bridge: _Bridge, worker: bool) -> None:
        self._bridge = bridge
        self._id = bridge.call("open", scripts=[RECORDER] + ([] if worker else [NO_WORKER]))

    def _call(self, op: str, **args: Any) -> Any:
        return self._bridge.call(op, page=self._id, **args)

    def goto(self, url: str) -> None:
        self._call("goto", url=url, timeout=TIMEOUT_S * 1000)

    def reload(self) -> None:
        self._call("reload", timeout=TIMEOUT_S * 1000)

    def eval(self, fn: str, arg: Any = None) -> Any:
        return self._call("eval", fn=fn, arg=arg)

    def click(self, selector: str) -> None:
        self._call("click", selector=selector, timeout=TIMEOUT_S * 1000)

    def fill(self, selector: str, text: str) -> None:
        self._call("fill", selector=selector, text=text, timeout=TIMEOUT_S * 1000)

    def wait(self, fn: str, arg: Any = None, *, what: str, timeout: float = TIMEOUT_S) -> None:
        try:
            self._bridge.call("wait", page=self._id, fn=fn, arg=arg, timeout=timeout * 1000)
        except Timeout:
            raise self._timeout(what, timeout) from None

    def errors(self) -> list[str]:
        return list(self._call("errors"))

    def close(self) -> None:
        self._call("close")


class Firefox(Browser):
    name = "firefox"

    def __init__(self) -> None:
        self._bridge = _Bridge()

    def open(self, *, worker: bool = False) -> Page:
        return _FirefoxPage(self._bridge, worker)

    def close(self) -> None:
        self._bridge.close()

    def version(self) -> str:
        return self._bridge.version


@contextlib.contextmanager
def firefox() -> Iterator[Firefox]:
    """Debian's Firefox ESR, headless, with a fresh profile, for the block."""
    b = Firefox()
    try:
        yield b
    finally:
        b.close()


# --- WebKit: Selenium and WebKitWebDriver, MiniBrowser under an Xvfb of its own ------------------
@contextlib.contextmanager
def xvfb() -> Iterator[str]:
    """An X display of its own for the block (Xvfb picks a free one): its name, say ":99"."""
    exe = shutil.which("Xvfb")
    if not exe:
        raise BrowserMissing("Xvfb is missing: apt-get install -y xvfb")
    read, write = os.pipe()
    proc = subprocess.Popen([exe, "-displayfd", str(write), "-screen", "0", "1400x1000x24",
                             "-nolisten", "tcp"], pass_fds=(write,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        got = b""
        deadline = time.monotonic() + 30
        while not got.endswith(b"\n"):
            ready, _, _ = select.select([read], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(read, 16) if ready else b""
            if not chunk:
                raise BrowserMissing(f"Xvfb did not start (status {proc.poll()})")
            got += chunk
        yield f":{got.decode().strip()}"
    finally:
        os.close(read)
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class _WebKitPage(Page):
    browser = "webkit"

    def __init__(self, driver: Any) -> None:
        self._driver = driver
        self._seen: list[str] = []

    def _harvest(self) -> None:
        with contextlib.suppress(Exception):  # no document of ours yet (about:blank)
            self._seen += self._driver.execute_script(f"return ({HARVEST})()") or []

    def goto(self, url: str) -> None:
        self._harvest()
        self._driver.get(url)

    def reload(self) -> None:
        self._harvest()
        self._driver.refresh()

    def eval(self, fn: str, arg: Any = None) -> Any:
        got = self._driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => ({fn})(arguments[0]))"
            ".then((v) => done({value: v === undefined ? null : v}),"
            " (e) => done({error: String(e && e.stack || e)}));", arg)
        if "error" in got:
            raise RuntimeError(f"webkit: in the page: {got['error']}")
        return got["value"]

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By
        self._driver.find_element(By.CSS_SELECTOR, selector).click()

    def fill(self, selector: str, text: str) -> None:
        from selenium.webdriver.common.by import By
        box = self._driver.find_element(By.CSS_SELECTOR, selector)
        box.clear()
        box.send_keys(text)

    def wait(self, fn: str, arg: Any = None, *, what: str, timeout: float = TIMEOUT_S) -> None:
        # Polled in the page every 50 ms, for up to 5 s a script call, so that the driver (a
        # round trip over HTTP each) is not asked again and again.
        deadline = time.monotonic() + timeout
        poll = ("const [arg, ms, done] = arguments; const end = performance.now() + ms;"
                f"const test = () => {{ let ok = false; try {{ ok = !!(({fn})(arg)); }} catch (e) {{}}"
                " if (ok || performance.now() > end) done(ok); else setTimeout(test, 50); };"
                " test();")
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise self._timeout(what, timeout)
            if self._driver.execute_async_script(poll, arg, min(5000, left * 1000)):
                return

    def errors(self) -> list[str]:
        self._harvest()
        return list(self._seen)

    def close(self) -> None:
        self._harvest()
        with contextlib.suppress(Exception):
            self._driver.get("about:blank")


class WebKit(Browser):
    """MiniBrowser (WebKitGTK) driven by WebKitWebDriver, with its own XDG folders (a fresh
    profile) and its own Xvfb. Its pages have no console log for the driver to read: open the
    site through :class:`SiteCopy`, which writes :data:`RECORDER` into them."""

    name = "webkit"

    def __init__(self, display: str) -> None:
        for exe, package in ((WEBKIT_DRIVER, "webkit2gtk-driver"), (MINIBROWSER, "webkit2gtk-driver")):
            if not Path(exe).is_file():
                raise BrowserMissing(f"{exe} is missing: apt-get install -y {package}")
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service
        self._home = tempfile.mkdtemp(prefix="cardsite-webkit-")
        env = dict(os.environ, DISPLAY=display, XDG_CACHE_HOME=f"{self._home}/cache",
                   XDG_DATA_HOME=f"{self._home}/data", XDG_CONFIG_HOME=f"{self._home}/config")
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        self._driver = webdriver.WebKitGTK(options=options, service=Service(WEBKIT_DRIVER, env=env))
        self._driver.set_script_timeout(TIMEOUT_S)
        self._driver.set_page_load_timeout(TIMEOUT_S)

    def open(self, *, worker: bool = False) -> Page:
        # One window for the session: WebKit keeps a site's data in memory under automation,
        # so the pages of a session share it. A page that must not keep a service worker is
        # served with NO_WORKER by its SiteCopy.
        return _WebKitPage(self._driver)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._driver.quit()
        shutil.rmtree(self._home, ignore_errors=True)

    def version(self) -> str:
        caps = self._driver.capabilities
        return f"WebKitGTK {caps.get('browserVersion', '?')}"


@contextlib.contextmanager
def webkit() -> Iterator[WebKit]:
    with xvfb() as display:
        b = WebKit(display)
        try:
            yield b
        finally:
            b.close()
