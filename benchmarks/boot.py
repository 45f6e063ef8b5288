"""How long the in-browser Python takes to start, against Pyodide's own start.

    make bench                                  # builds the test site first
    .venv/bin/python benchmarks/boot.py [--runs 7] [--site build/test-sites/troccas] [--line MBIT]

In one run, with a fresh browser context (so an empty cache) for every measurement:

* cold: milliseconds from navigation start to ``<html data-engine="ready">`` on the counting
  page (Pyodide, its stdlib zip holding the engine compiled + ``import troccas``, in the site's
  module worker), against
  the bare page ``benchmarks/bare/`` served at ``/_bench/``, which only boots Pyodide in a module
  worker, and nothing else: once with *the site's own files* (``?files=site``: the site's
  ``pyodide/`` folder, with its pre-compiled stdlib) and once with Pyodide 314.0.7 as npm ships it
  (``?files=stock``: ``node_modules/pyodide`` at ``/_bench/pyodide/``); and once more with the
  site's files plus what the site's worker does after Pyodide is up (``&engine=1``: import
  ``troccas.api`` and make one call; a stock build also installs the wheel), which tells the page's own cost from the
  engine's. The four alternate, in a rotating order. Prints medians and the ratios (target:
  engine page <= 1.15 x the bare boot of the site's own files).
* first verdict: milliseconds from navigation start to the first verdict on the Winner puzzles
  page, for a reader who picks a card and presses "Check my answer" as soon as the page lets
  them (polled every 20 ms).
* second page: milliseconds from clicking a link to the counting page (reached from the Rules
  page, with Python already running) until its widget reports the engine ready (target <= 100).

``--line MBIT`` throttles every page and worker request (Chromium's network emulation: that
many Mbit/s down and up, 40 ms latency). Results also go to benchmarks/results/boot-<time>.json
(git-ignored).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

from browser import ENGINE_READY, QuietHandler, chromium, own_port, serve
from saved import save_result

ROOT = Path(__file__).resolve().parent.parent
BARE = Path(__file__).resolve().parent / "bare"
STOCK_PYODIDE = ROOT / "node_modules" / "pyodide"  # the bare page's ?files=stock
ENGINE_PAGE = "rules/counting/"

# Records performance.now() (ms since navigation start) when data-engine first becomes "ready".
READY_PROBE = """
new MutationObserver((_, obs) => {
  const s = document.documentElement.dataset.engine;
  if ((s === 'ready' || s === 'failed') && window.__readyAt === undefined) {
    window.__readyAt = performance.now(); window.__readyState = s; obs.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-engine']});
"""

# A reader answering the first puzzle of the page as soon as the page lets them: press its
# first card, then "Check my answer" once it is enabled; notes when a verdict shows.
READER = """
(function () {
  function attempt() {
    var w = document.querySelector("section[data-cardsite-widget=puzzle]");
    if (w && w.querySelector("[data-verdict=right], [data-verdict=wrong]")) {
      window.__verdictAt = performance.now();
      return;
    }
    if (w && w.dataset.pzBound) {
      var card = w.querySelector("button[data-card]");
      if (card && card.getAttribute("aria-pressed") !== "true") card.click();
      var check = w.querySelector("[data-pz-check]");
      if (check && !check.disabled) check.click();
    }
    setTimeout(attempt, 20);
  }
  attempt();
})();
"""
PUZZLE_PAGE = "puzzles/winner/"

SECOND_PAGE = """async () => {
  const link = [...document.querySelectorAll('article a[href]')]
    .find((a) => new URL(a.href).pathname.endsWith('/rules/counting/'));
  if (!link) throw new Error('no link to rules/counting/ in the Rules page');
  const t0 = performance.now();
  link.click();
  await new Promise((resolve, reject) => {
    const done = () => location.pathname.endsWith('/rules/counting/')
      && document.querySelector('[data-engine-status][data-state="ready"]')
      && document.documentElement.dataset.engine === 'ready';
    if (done()) return resolve();
    const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); resolve(); } });
    obs.observe(document, {attributes: true, childList: true, subtree: true});
    setTimeout(() => { obs.disconnect(); reject(new Error('second page not ready in 10 s')); }, 10000);
  });
  return performance.now() - t0;
}"""


class Handler(QuietHandler):
    """The site, and the bare page at /_bench/ with stock Pyodide at /_bench/pyodide/."""

    def translate_path(self, path):
        inside = self.site_path(path) or ""
        if inside.startswith("/_bench/pyodide/"):
            return str(STOCK_PYODIDE / inside[len("/_bench/pyodide/"):].split("?", 1)[0])
        if inside.startswith("/_bench/"):
            rel = inside[len("/_bench/"):].split("?", 1)[0] or "index.html"
            return str(BARE / rel)
        return super().translate_path(path)


def throttle(ctx, page, mbit: float | None) -> None:
    if not mbit:
        return
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 40, "downloadThroughput": mbit * 1e6 / 8,
        "uploadThroughput": mbit * 1e6 / 8})


def cold(browser, url: str, parts: list | None = None, line: float | None = None) -> float:
    ctx = browser.new_context()  # a new context has an empty HTTP and code cache
    try:
        page = ctx.new_page()
        throttle(ctx, page, line)
        page.add_init_script(READY_PROBE)
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
        if page.evaluate("window.__readyState") != "ready":
            raise SystemExit(f"{url}: the engine failed to start")
        if parts is not None:
            parts.append(page.evaluate("window.cardsite.timings"))
        return page.evaluate("window.__readyAt")
    finally:
        ctx.close()


def first_verdict(browser, base: str, line: float | None = None) -> float:
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        throttle(ctx, page, line)
        page.add_init_script(READER)
        page.goto(base + PUZZLE_PAGE)
        page.wait_for_function("window.__verdictAt !== undefined", timeout=180_000)
        return page.evaluate("window.__verdictAt")
    finally:
        ctx.close()


def second_page(browser, base: str) -> tuple[float, int]:
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        wasm = []
        page.on("request", lambda r: wasm.append(r.url) if r.url.endswith("pyodide.asm.wasm") else None)
        page.goto(base + ENGINE_PAGE)
        page.wait_for_function(ENGINE_READY, timeout=120_000)
        page.evaluate("window.__sameVisit = 1")
        # A reader moves about before following a link; that starts Material (and its instant
        # navigation): overrides/partials/material-loader.html.
        page.mouse.move(40, 300)
        page.wait_for_function("!!window.document$")
        page.get_by_role("link", name="Rules", exact=True).first.click()
        page.wait_for_url("**/rules/")
        page.wait_for_load_state("networkidle")
        ms = page.evaluate(SECOND_PAGE)
        if page.evaluate("window.__sameVisit") != 1:
            raise SystemExit("navigation.instant did not keep the page: is the port site_url's?")
        return ms, len(wasm)
    finally:
        ctx.close()


def bootstrap_ratio(num: list[float], den: list[float], rounds: int = 2000) -> tuple[float, float]:
    """A 95% interval for median(num) / median(den), resampling the rotations (pairs)."""
    import random
    rng = random.Random(0)
    pairs = list(zip(num, den))
    ratios = sorted(statistics.median(n for n, _ in sample) / statistics.median(d for _, d in sample)
                    for sample in ([rng.choice(pairs) for _ in pairs] for _ in range(rounds)))
    return ratios[int(0.025 * rounds)], ratios[int(0.975 * rounds) - 1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--site", default="site", help="the built site (make test builds one in build/test-sites/<game>/)")
    ap.add_argument("--label", default="", help="what this site is, for the printout")
    ap.add_argument("--line", type=float, default=None,
                    help="throttle to this many Mbit/s (40 ms latency); skips the second page")
    args = ap.parse_args()
    site = (ROOT / args.site).resolve()
    if not (site / "sitemap.xml").is_file():
        raise SystemExit(f"no built site in {site}: run make build")

    # The site's runtime folder, pyodide/<version>-<hash>/ (build_tools/parts/engine.py).
    runtime = next(site.glob("pyodide/*/python_stdlib.zip")).parent.relative_to(site).as_posix()
    stdlib = (site / runtime / "python_stdlib.zip").stat().st_size
    results: dict = {"label": args.label, "runs": args.runs, "site": str(site), "stdlib_zip_bytes": stdlib,
                     "line_mbit": args.line, "load_before": os.getloadavg(),
                     "engine_ms": [], "bare_site_ms": [], "bare_engine_ms": [], "bare_stock_ms": [], "verdict_ms": [],
                     "second_page_ms": [], "worker_parts": []}
    # The site's own files have the engine compiled into the stdlib zip; a stock build ships
    # the wheel beside them.
    wheel = next((p.relative_to(site).as_posix() for p in (site / "engine").glob("*.whl")), None)
    engine_query = f"engine=1&wheel={wheel}" if wheel else "engine=1"
    targets = [("bare_stock_ms", "_bench/?files=stock"), ("bare_site_ms", f"_bench/?files=site&runtime={runtime}/"),
               ("bare_engine_ms", f"_bench/?files=site&runtime={runtime}/&{engine_query}"), ("engine_ms", ENGINE_PAGE)]
    # navigation.instant (the second page) needs the site_url's own port
    with serve(site, port=own_port(site), handler=Handler) as base, chromium() as browser:
        cold(browser, base + ENGINE_PAGE)  # warm the OS file cache and the server once
        for i in range(args.runs):
            turn = targets[i % 4:] + targets[:i % 4]  # each in turn goes first
            for key, path in turn:
                parts = results["worker_parts"] if key == "engine_ms" else None
                results[key].append(cold(browser, base + path, parts, args.line))
            results["verdict_ms"].append(first_verdict(browser, base, args.line))
            ms, wasm = (None, 1) if args.line else second_page(browser, base)
            if wasm != 1:
                raise SystemExit(f"the second page downloaded pyodide.asm.wasm again ({wasm}×)")
            if ms is not None:
                results["second_page_ms"].append(ms)
            print(f"run {i + 1}: bare stock {results['bare_stock_ms'][-1]:.0f} ms, "
                  f"bare site files {results['bare_site_ms'][-1]:.0f} ms, "
                  f"bare + engine {results['bare_engine_ms'][-1]:.0f} ms, "
                  f"engine page {results['engine_ms'][-1]:.0f} ms, "
                  f"first verdict {results['verdict_ms'][-1]:.0f} ms"
                  + (f", second page {ms:.0f} ms" if ms is not None else ""), flush=True)
    results["load_after"] = os.getloadavg()

    keys = ("engine_ms", "bare_site_ms", "bare_engine_ms", "bare_stock_ms", "verdict_ms") + \
        (("second_page_ms",) if results["second_page_ms"] else ())
    med = {k: statistics.median(results[k]) for k in keys}
    ratio_site = med["engine_ms"] / med["bare_site_ms"]
    ratio_stock = med["engine_ms"] / med["bare_stock_ms"]
    ratio_engine = med["engine_ms"] / med["bare_engine_ms"]
    # The machine's own noise moves single boots by 20-30 % from minute to minute; a ratio taken
    # within each rotation (the four pages booted one after another) cancels the slow drift,
    # and the bootstrap says how far the ratio of medians could move with other runs.
    paired = [e / b for e, b in zip(results["engine_ms"], results["bare_site_ms"])]
    low, high = bootstrap_ratio(results["engine_ms"], results["bare_site_ms"])
    results.update(median=med, ratio_site=ratio_site, ratio_stock=ratio_stock,
                   ratio_bare_engine=ratio_engine, paired_ratio_site=paired,
                   paired_ratio_site_median=statistics.median(paired),
                   ratio_site_ci95=[low, high])
    print()
    if args.label:
        print(f"== {args.label} ({site.relative_to(ROOT) if site.is_relative_to(ROOT) else site})")
    print("command: .venv/bin/python benchmarks/boot.py " + " ".join(sys.argv[1:]))
    print(f"load average before / after: {results['load_before'][0]:.2f} / {results['load_after'][0]:.2f}"
          + (f"; line {args.line} Mbit/s, 40 ms" if args.line else "; loopback"))
    print(f"python_stdlib.zip served: {stdlib / 1e6:.2f} MB")
    print(f"cold start, median of {args.runs}: engine page {med['engine_ms']:.0f} ms; "
          f"bare boot of the site's own files {med['bare_site_ms']:.0f} ms "
          f"(+ engine import: {med['bare_engine_ms']:.0f} ms); "
          f"bare stock Pyodide {med['bare_stock_ms']:.0f} ms")
    print(f"ratio engine page / bare site files: {ratio_site:.2f} (95% bootstrap interval"
          f" {low:.2f}-{high:.2f}; median of the ratios within each rotation:"
          f" {statistics.median(paired):.2f}; target <= 1.15)")
    print(f"engine page / bare stock Pyodide: {ratio_stock:.2f}; "
          f"engine page / bare site files + engine: {ratio_engine:.2f}")
    parts = {k: statistics.median(p[k] for p in results["worker_parts"])
             for k in ("start", "pyodide", "wheel", "import")}
    results["median"]["worker_parts"] = parts
    print(f"engine page, median: worker started at {parts['start']:.0f} ms; in the worker: "
          + ", ".join(f"{k} {parts[k]:.0f} ms" for k in ("pyodide", "wheel", "import")))
    print(f"first puzzle verdict ({PUZZLE_PAGE}), median: {med['verdict_ms']:.0f} ms after navigation"
          f" (range {min(results['verdict_ms']):.0f}-{max(results['verdict_ms']):.0f})")
    if "second_page_ms" in med:
        print(f"second page by a link, median: {med['second_page_ms']:.1f} ms (target <= 100)")
    save_result("boot", results, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
