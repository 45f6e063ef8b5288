"""What the service worker downloads and stores (issue 30): bytes a returning reader
downloads after a rebuild that changed one page, and the bytes Cache Storage holds after a
first visit to one page and after "Make this device ready".

    .venv/bin/python benchmarks/offline_bytes.py [--site build/test-sites/troccas] [--page rules/counting/]

(--page about/: a page without the engine, whose first visit keeps no runtime.)

On a copy of the built site (the rebuild changes it), served on a free port by a server that
counts the bytes of each full answer it sends (status 200: a 304 carries no body). Two
readers, each in a fresh Chromium context: one who visited one engine page (its engine
started), one who then made the device ready. For each: the bytes stored (the sum of every
Cache Storage entry's body in the site's caches, and navigator.storage.estimate()'s usage);
then one page is changed, the service worker rewritten (build_tools/offline.write_all) and
the worker's update run to "installed": the bytes downloaded for it. Prints a table; the
figures also go to benchmarks/results/offline-bytes-<time>.json (git-ignored).
Target (issue 30): a returning reader downloads <= 1 MB after a rebuild that changed one page.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from browser import ROOT, QuietHandler, built_site, chromium, serve  # noqa: E402
from saved import save_result  # noqa: E402

from build_tools import offline  # noqa: E402

TARGET_UPDATE_BYTES = 1_000_000
# The page's engine started (an engine page) or never starts (a page without one).
ENGINE_SETTLED = "['ready', 'idle', undefined].includes(document.documentElement.dataset.engine)"
STATE = "document.querySelector('footer [data-offline-control]').dataset.state === '{}'"
STORED = """async () => {
  let bytes = 0, entries = 0;
  for (const name of await caches.keys()) {
    if (!name.startsWith('cardsite-')) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
      entries += 1;
    }
  }
  const estimate = await navigator.storage.estimate();
  return {bytes, entries, usage: estimate.usage};
}"""


class Counting(QuietHandler):
    sent: list[tuple[str, int]] = []

    def send_response(self, code: int, message: str | None = None) -> None:
        self._code = code
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length" and getattr(self, "_code", 0) == 200:
            Counting.sent.append((self.path.split("?", 1)[0], int(value)))
        super().send_header(keyword, value)


def reader(browser: Any, base: str, page_path: str, site: Path, runtime: str, whole: bool,
           timeout: int) -> dict:
    context = browser.new_context(service_workers="allow")
    context.set_default_timeout(timeout)
    try:
        page = context.new_page()
        page.goto(base + page_path)
        page.wait_for_function(ENGINE_SETTLED)
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'")
        page.wait_for_function(STATE.format("partial"))
        out: dict = {"first_visit": page.evaluate(STORED)}
        if whole:
            page.locator("footer [data-offline-make]").click()
            page.wait_for_function(STATE.format("ready"))
            out["made_ready"] = page.evaluate(STORED)
        # The rebuild: one page changed, the worker rewritten.
        target = site / page_path / "index.html"
        original = target.read_text(encoding="utf-8")
        target.write_text(original.replace("</article>", "<p>rebuilt</p></article>"),
                          encoding="utf-8")
        offline.write_all(site, name="bench", short_name="bench", description="bench",
                          runtime=runtime)
        Counting.sent.clear()
        page.evaluate("""() => navigator.serviceWorker.getRegistration().then(async (r) => {
          await r.update();
          const w = r.installing || r.waiting;
          if (w && w.state !== 'installed') await new Promise((ok) => w.addEventListener(
            'statechange', () => ['installed', 'redundant'].includes(w.state) && ok()));
        })""")
        out["update_bytes"] = sum(n for _, n in Counting.sent)
        out["update_files"] = sorted({p for p, _ in Counting.sent})
        target.write_text(original, encoding="utf-8")
        offline.write_all(site, name="bench", short_name="bench", description="bench",
                          runtime=runtime)
        return out
    finally:
        context.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", default="build/test-sites/troccas")
    ap.add_argument("--page", default="rules/counting/")
    ap.add_argument("--timeout", type=int, default=180_000)
    args = ap.parse_args()
    source = built_site(args.site, "make .cache/stamps/test-site-troccas")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(source, site)
        runtime = next(site.glob("pyodide/*/pyodide.asm.wasm")).parent.relative_to(site).as_posix()
        results: dict = {"site": str(source), "page": args.page}
        with serve(site, handler=Counting) as base, chromium() as browser:
            results["one_visit"] = reader(browser, base, args.page, site, runtime, False,
                                          args.timeout)
            results["made_ready"] = reader(browser, base, args.page, site, runtime, True,
                                           args.timeout)
    mb = lambda n: f"{n / 1e6:.2f} MB"  # noqa: E731
    one, ready = results["one_visit"], results["made_ready"]
    print(f"command: .venv/bin/python benchmarks/offline_bytes.py --site {args.site} --page {args.page}")
    print(f"stored after a first visit to /{args.page}: {mb(one['first_visit']['bytes'])} in "
          f"{one['first_visit']['entries']} entries (storage estimate {mb(one['first_visit']['usage'])})")
    print(f"stored after 'Make this device ready': {mb(ready['made_ready']['bytes'])} in "
          f"{ready['made_ready']['entries']} entries (storage estimate {mb(ready['made_ready']['usage'])})")
    for label, r in (("one-visit reader", one), ("device-ready reader", ready)):
        verdict = "ok" if r["update_bytes"] <= TARGET_UPDATE_BYTES else "over the 1 MB target"
        print(f"after a rebuild that changed /{args.page}, the {label} downloaded "
              f"{mb(r['update_bytes'])} ({len(r['update_files'])} files: "
              f"{', '.join(r['update_files'])}): {verdict}")
    out = save_result("offline-bytes", results)
    print(f"saved {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
