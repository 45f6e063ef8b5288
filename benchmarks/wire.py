"""Bytes over the wire, and the time, until the engine is ready on a first visit, served by nginx
with gzip, and the runtime's pre-compressed .br/.gz twins sent as they are (brotli_static,
gzip_static), as a publisher's host would (build_tools/hosting/nginx.conf).

    make .cache/stamps/test-site-troccas          # the test site (built for /sub/path/)
    .venv/bin/python benchmarks/wire.py [--runs 5] [--site build/test-sites/troccas] [--line 10]

In one run, each measurement in a fresh browser context (an empty cache), Chromium as shipped
(no --liftoff-only), the two pages taking turns:

* the counting page (rules/counting/) of the site, served by nginx at the site's own path on a
  free port, until ``<html data-engine="ready">``;
* the bare page benchmarks/bare/ booting *stock* Pyodide (node_modules/pyodide, as npm ships it)
  in a module worker, from the same nginx (at /_bench/ and /_bench/pyodide/).

For each: the bytes over the wire, the sum of every response's encoded size (headers and
compressed body: Chromium's Network.loadingFinished encodedDataLength) for the page's requests
and its module worker's, counted until ready; and the milliseconds from navigation start to
ready with Chromium's network emulation at ``--line`` Mbit/s down and up and 40 ms latency
(applied to the worker's fetches too: the script checks that pyodide.asm.wasm is counted and
that the time is at least what the bytes take on the line). The worker's requests reach
Playwright's own CDP session on the worker target, not a session opened on the page, so the
sizes come from Playwright's ``Request.sizes()`` (its headers and body sizes are that
encodedDataLength split in two); a CDP session on the page cross-checks them on the page's own
requests in each run.

Prints the medians as a table; the result goes to benchmarks/results/wire-<time>.json
(git-ignored), with this command.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from boot import READY_PROBE
from browser import built_site, chromium, site_url
from saved import save_result

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from build_tools.hosting.nginx import NginxError, serve  # noqa: E402

BARE = Path(__file__).resolve().parent / "bare"
STOCK_PYODIDE = ROOT / "node_modules" / "pyodide"
ENGINE_PAGE = "rules/counting/"
LATENCY_MS = 40


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def visit(browser: Any, url: str, mbit: float) -> dict[str, Any]:
    """One first visit of ``url`` in a fresh context on the emulated line: ms to ready, and the
    bytes of every finished response (the worker's too) by address."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        sent: dict[str, str] = {}
        encoded: dict[str, int] = {}
        cdp.on("Network.requestWillBeSent",
               lambda e: sent.__setitem__(e["requestId"], e["request"]["url"]))
        cdp.on("Network.loadingFinished",
               lambda e: encoded.__setitem__(e["requestId"], int(e["encodedDataLength"])))
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": LATENCY_MS, "downloadThroughput": mbit * 1e6 / 8,
            "uploadThroughput": mbit * 1e6 / 8})
        finished: list[Any] = []
        page.on("requestfinished", lambda r: finished.append(r))
        page.add_init_script(READY_PROBE)
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=300_000)
        if page.evaluate("window.__readyState") != "ready":
            raise SystemExit(f"{url}: the engine failed to start")
        ready_ms = float(page.evaluate("window.__readyAt"))
        origin = float(page.evaluate("performance.timeOrigin"))
        at_ready = list(finished)  # what came until ready (and the moment after, as before)
        # Then, on the site, the Python the start does not import (python_rest.zip): fetched
        # once the engine is ready, so not in the bytes to ready; measured apart, until it is in.
        rest = page.evaluate("(JSON.parse(document.getElementById('cardsite-config')?.textContent"
                             " || '{}').rest) || null")
        rest_bytes = rest_done_ms = None
        if rest:
            def is_rest(r: Any) -> bool:
                return r.url.endswith("/" + rest)
            got = [r for r in at_ready if is_rest(r)] or [
                page.wait_for_event("requestfinished", is_rest, timeout=120_000)]
            s = got[0].sizes()
            rest_bytes = s["responseHeadersSize"] + s["responseBodySize"]
            t = got[0].timing
            rest_done_ms = t["startTime"] + t["responseEnd"] - origin
            at_ready = [r for r in at_ready if not is_rest(r)]
        # When the last byte of any response arrived (the worker's too), from navigation start:
        # what is left after it, up to the ready engine, is the start-up's own work.
        ends = [t["startTime"] + t["responseEnd"] - origin for r in at_ready
                if (t := r.timing) and t.get("responseEnd", -1) >= 0]
        last_byte_ms = max(ends) if ends else float("nan")
        sizes: dict[str, int] = {}
        encodings: dict[str, str] = {}
        for r in at_ready:
            response = r.response()
            if response is not None:
                encodings[r.url] = response.headers.get("content-encoding", "")
            s = r.sizes()
            sizes[r.url] = sizes.get(r.url, 0) + s["responseHeadersSize"] + s["responseBodySize"]
        # The page's own requests, as its CDP session saw them, must agree.
        by_page: dict[str, int] = {}
        for rid, n in encoded.items():
            if rid in sent:
                by_page[sent[rid]] = by_page.get(sent[rid], 0) + n
        for u, n in by_page.items():
            if u in sizes and abs(sizes[u] - n) > 16:
                raise SystemExit(f"{u}: Playwright counted {sizes[u]} bytes, CDP {n}")
        wasm_encoding = [e for u, e in encodings.items() if u.endswith("/pyodide.asm.wasm")]
        return {"ready_ms": ready_ms, "last_byte_ms": last_byte_ms,
                "rest_bytes": rest_bytes, "rest_done_ms": rest_done_ms,
                "bytes": sum(sizes.values()), "requests": len(sizes),
                "by_url": sizes, "wasm_encoding": wasm_encoding[0] if wasm_encoding else "?"}
    finally:
        ctx.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--site", default="build/test-sites/troccas",
                    help="the built site (make test builds one in build/test-sites/<game>/)")
    ap.add_argument("--line", type=float, default=10.0, help="Mbit/s down and up (40 ms latency)")
    args = ap.parse_args()
    site = built_site(args.site, "make .cache/stamps/test-site-troccas")
    if not (STOCK_PYODIDE / "pyodide.asm.wasm").is_file():
        print(f"no stock Pyodide in {STOCK_PYODIDE}: run make npm", file=sys.stderr)
        return 2
    path = urlsplit(site_url(site)).path or "/"
    port = free_port()
    targets = [("site", path + ENGINE_PAGE), ("bare_stock", "/_bench/?files=stock")]
    results: dict[str, Any] = {
        "command": "python benchmarks/wire.py " + " ".join(sys.argv[1:]), "site_dir": str(site),
        "path": path, "runs": args.runs, "line_mbit": args.line, "latency_ms": LATENCY_MS,
        "load_before": os.getloadavg(), "site": [], "bare_stock": []}
    try:
        with serve(site, path, port, extra={"/_bench/": BARE, "/_bench/pyodide/": STOCK_PYODIDE}), \
                chromium() as browser:
            base = f"http://127.0.0.1:{port}"
            for i in range(args.runs):
                for key, target in (targets if i % 2 == 0 else targets[::-1]):
                    v = visit(browser, base + target, args.line)
                    wasm = [n for u, n in v["by_url"].items() if u.endswith("/pyodide.asm.wasm")]
                    if len(wasm) != 1:
                        raise SystemExit(f"{target}: pyodide.asm.wasm counted {len(wasm)} times: "
                                         "the worker's requests are missing")
                    floor_ms = v["bytes"] * 8 / (args.line * 1e6) * 1000
                    if v["ready_ms"] < floor_ms:
                        raise SystemExit(f"{target}: ready after {v['ready_ms']:.0f} ms, faster than "
                                         f"its {v['bytes']} bytes take at {args.line} Mbit/s: "
                                         "the line's emulation did not apply")
                    v["wasm_bytes"] = wasm[0]
                    results[key].append(v)
                print(f"run {i + 1}: " + "; ".join(
                    f"{k} {results[k][-1]['bytes'] / 1e6:.2f} MB, {results[k][-1]['ready_ms']:.0f} ms"
                    for k, _ in targets), flush=True)
    except NginxError as exc:
        print(f"nginx: {exc}", file=sys.stderr)
        return 2
    results["load_after"] = os.getloadavg()

    med = {k: {m: statistics.median(v[m] for v in results[k])
               for m in ("bytes", "ready_ms", "last_byte_ms", "requests", "wasm_bytes")}
           for k, _ in targets}
    results["median"] = med
    big = {k: sorted(results[k][0]["by_url"].items(), key=lambda kv: -kv[1])[:5] for k, _ in targets}
    results["largest"] = big
    for k, _ in targets:
        for v in results[k]:
            del v["by_url"]
    print()
    print("command: .venv/bin/python benchmarks/wire.py " + " ".join(sys.argv[1:]))
    print(f"nginx with gzip and brotli_static (build_tools/hosting/nginx.conf), {site} at {path};"
          f" Chromium as shipped;"
          f" line {args.line:g} Mbit/s down and up, {LATENCY_MS} ms; median of {args.runs};"
          f" load average before / after {results['load_before'][0]:.2f} / {results['load_after'][0]:.2f}")
    print(f"{'first visit':<36} {'bytes over the wire':>20} {'ms to ready':>12} {'last byte':>10}"
          f" {'line time':>10} {'requests':>9} {'of it pyodide.asm.wasm':>23}")
    for key, label in (("site", f"counting page ({ENGINE_PAGE})"), ("bare_stock", "bare page, stock Pyodide")):
        m = med[key]
        # The bytes alone at the line's speed: the floor of any first visit with these bytes.
        line_ms = m["bytes"] * 8 / (args.line * 1e6) * 1000
        print(f"{label:<36} {m['bytes'] / 1e6:>17.2f} MB {m['ready_ms']:>12.0f}"
              f" {m['last_byte_ms']:>10.0f} {line_ms:>10.0f} {m['requests']:>9.0f}"
              f" {m['wasm_bytes'] / 1e6:>20.2f} MB")
    rests = [v for v in results["site"] if v["rest_bytes"]]
    if rests:
        print(f"then, after ready, python_rest.zip (the Python the start does not import):"
              f" {statistics.median(v['rest_bytes'] for v in rests) / 1e6:.2f} MB, in at"
              f" {statistics.median(v['rest_done_ms'] for v in rests):.0f} ms (medians)")
    for key, _ in targets:
        print(f"pyodide.asm.wasm sent as ({key}): "
              + ", ".join(sorted({v["wasm_encoding"] or "identity" for v in results[key]})))
    for key, _ in targets:
        print(f"largest ({key}): " + ", ".join(f"{u.rstrip('/').rsplit('/', 1)[-1]} {n / 1e6:.2f} MB"
                                               for u, n in big[key]))
    save_result("wire", results, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
