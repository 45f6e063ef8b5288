"""The engine's readiness in each of the three browsers, in one run: Chromium, Firefox ESR and
WebKitGTK (Safari's engine), all Debian's.

    make .cache/stamps/test-site-troccas                # the test site, if not built yet
    .venv/bin/python benchmarks/browsers_ready.py [--runs 5] [--site build/test-sites/troccas]

Milliseconds from navigation start to ``<html data-engine="ready">`` on the counting page,
cold: each measurement launches the browser afresh (a fresh profile: no cache, no stored site)
and loads the page once. The three browsers take turns within each run, in a rotating order, so
that a change of the machine's load falls on all three. The moment of "ready" is taken in the
page itself (``performance.now()``, whose zero is the navigation's start, when a
MutationObserver sees the attribute change), written into the page by the server at its top,
the same way in the three browsers. The site's service worker is kept out, as in the tests.

Drives the browsers as the smoke suite does (tests/drivers.py): Chromium through Playwright,
Firefox through puppeteer-core over WebDriver BiDi, WebKitGTK through Selenium and
WebKitWebDriver under an Xvfb of its own; Chromium runs as shipped (not the tests'
``--liftoff-only``). Prints a table of the medians; the figures also go to
benchmarks/results/browsers_ready-<time>.json (git-ignored).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from urllib.parse import urlsplit

from browser import built_site, site_url
from saved import save_result

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import drivers  # noqa: E402  (tests/drivers.py: the three browsers, driven alike)

PAGE = "rules/counting/"

# performance.now() (ms since navigation start) when data-engine first becomes ready or failed.
READY_PROBE = """new MutationObserver(function (_, obs) {
  var s = document.documentElement.dataset.engine;
  if ((s === "ready" || s === "failed") && window.__readyAt === undefined) {
    window.__readyAt = performance.now(); window.__readyState = s; obs.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-engine"]});"""

BROWSERS: dict[str, Callable[[], AbstractContextManager[drivers.Browser]]] = {
    "Chromium": drivers.chromium,
    "Firefox ESR": drivers.firefox,
    "WebKitGTK": drivers.webkit,
}


def ready_ms(start: Callable[[], AbstractContextManager[drivers.Browser]], url: str) -> tuple[float, str]:
    """A fresh browser's milliseconds to a ready engine at ``url``, and its version."""
    with start() as browser:
        page = browser.open(worker=False)
        page.goto(url)
        page.wait("() => window.__readyAt !== undefined", what="the engine is ready or failed")
        at, state = page.eval("() => [window.__readyAt, window.__readyState]")
        errors = page.errors()
        version = browser.version()
        page.close()
    if state != "ready":
        raise SystemExit(f"{version}: the engine {state} at {url}; page errors {errors}")
    return float(at), version


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", default="build/test-sites/troccas")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    site = built_site(args.site, "make .cache/stamps/test-site-troccas")
    path = urlsplit(site_url(site)).path or "/"
    names = list(BROWSERS)
    ms: dict[str, list[float]] = {n: [] for n in names}
    versions: dict[str, str] = {}
    load_before = os.getloadavg()
    with drivers.SiteCopy(site, path, scripts=(READY_PROBE, drivers.NO_WORKER)) as server:
        url = server.url_of(PAGE)
        for i in range(args.runs):
            order = names[i % len(names):] + names[:i % len(names)]
            for name in order:
                got, versions[name] = ready_ms(BROWSERS[name], url)
                ms[name].append(got)
            print(f"run {i + 1}: " + ", ".join(f"{n} {ms[n][-1]:.0f} ms" for n in names), flush=True)
    med = {n: statistics.median(ms[n]) for n in names}
    print(f"\nthe engine ready on {PAGE} (navigation start to data-engine=ready), cold, fresh profile,"
          f" median of {args.runs}; load average {load_before[0]:.2f} before, {os.getloadavg()[0]:.2f} after")
    print("| browser | version | median | range |\n|---|---|---|---|")
    for n in names:
        print(f"| {n} | {versions[n]} | {med[n] / 1000:.2f} s | "
              f"{min(ms[n]) / 1000:.2f}-{max(ms[n]) / 1000:.2f} s |")
    save_result("browsers_ready", {
        "page": PAGE, "site": str(site), "runs": args.runs, "ms": ms, "median_ms": med,
        "versions": versions, "load_before": load_before, "load_after": os.getloadavg()},
        indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
