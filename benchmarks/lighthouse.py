"""Lighthouse scores (performance, accessibility, best practices, SEO) of one page of each kind.

    make lighthouse                                   # builds the test site first
    .venv/bin/python benchmarks/lighthouse.py [--site build/test-sites/troccas] [--form-factor mobile]
    .venv/bin/python benchmarks/lighthouse.py --site build/test-sites/truc   # the Truc site
    .venv/bin/python benchmarks/lighthouse.py --edition de   # the German edition (site/de/)

Serves the built site on 127.0.0.1 at the port of its own site_url (as the tests do), runs the
npm package `lighthouse` (pinned in package.json) against Debian's Chromium (CHROME_PATH,
never a downloaded browser) for the home page and one page of each kind, and prints a table.
The server gzips text, JSON and wasm and sets a cache lifetime, as a
static host does (`python3 -m http.server` does neither). Lighthouse's defaults are kept: a phone (Moto G Power) on a simulated slow 4G line with a 4×
slower CPU. Target: 100 in all four categories on every kind. Reports go to
benchmarks/results/lighthouse-<time>/ (git-ignored) as JSON. Exits 1 when a score is below
--min (default 0: the table is a measurement, not a gate).
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from browser import CHROMIUM, CHROMIUM_ARGS, QuietHandler, serve, sitemap

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROME_FLAGS = ["--headless=new", *CHROMIUM_ARGS]
CATEGORIES = [("performance", "Performance"), ("accessibility", "Accessibility"),
              ("best-practices", "Best practices"), ("seo", "SEO")]
# One page of each kind: (kind, path in the site). The first existing path of each kind is used.
KINDS = [
    ("home", [""]),
    ("lesson", ["learn/counting/", "learn/cards/", "learn/"]),
    ("rules section (engine widget)", ["rules/counting/", "rules/"]),
    ("puzzle", ["puzzles/count/", "puzzles/legal/", "puzzles/"]),
    ("glossary", ["glossary/words/", "glossary/"]),
    ("handouts", ["handouts/"]),
    ("cards", ["cards/", "glossary/cards/"]),
]


COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".wasm",
                ".webmanifest", ".map"}


class _Handler(QuietHandler):
    """A static server as a host would run one: gzip for text, wasm and JSON (when the browser
    asks for it), and a cache lifetime, so Lighthouse measures the site, not a toy server."""
    extensions_map = {**QuietHandler.extensions_map, ".json": "application/json",
                      ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json"}
    _gz: dict = {}

    def end_headers(self):
        self.send_header("Cache-Control", "public, max-age=3600")
        super().end_headers()

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if (path.suffix not in COMPRESSIBLE or not path.is_file()
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        if self.path.rstrip("?").split("?")[0].endswith("/") is False and path.name == "index.html" \
                and not self.path.split("?")[0].endswith("index.html"):
            return super().send_head()  # let the base class redirect /dir to /dir/
        key = (path, path.stat().st_mtime)
        body = self._gz.get(key)
        if body is None:
            body = self._gz[key] = gzip.compress(path.read_bytes(), 6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def site_pages(site: Path) -> tuple[str, list[str]]:
    locs = sitemap(site)
    home = min(locs, key=len)
    # from the site's own root, whatever path it was built for
    root = urlsplit(home).path
    return home, [urlsplit(u).path[len(root):] for u in locs]


def run_lighthouse(url: str, out: Path, form_factor: str) -> dict:
    cmd = [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
           "--only-categories=" + ",".join(c for c, _ in CATEGORIES),
           f"--chrome-flags={' '.join(CHROME_FLAGS)}", "--max-wait-for-load=60000"]
    if form_factor == "desktop":
        cmd.append("--preset=desktop")
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0 or not out.is_file():
        raise RuntimeError(f"lighthouse failed on {url} (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
    return json.loads(out.read_text())


def failing_audits(report: dict, category: str) -> list[str]:
    """The audits that cost points in a category, as 'id (score)'."""
    cat = report["categories"][category]
    out = []
    for ref in cat["auditRefs"]:
        a = report["audits"][ref["id"]]
        if ref.get("weight", 0) > 0 and a.get("score") is not None and a["score"] < 1:
            out.append(f"{ref['id']} ({a['score']:.2f}{', ' + a['displayValue'] if a.get('displayValue') else ''})")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", default="build/test-sites/troccas", help="built site (default: build/test-sites/troccas)")
    ap.add_argument("--form-factor", choices=["mobile", "desktop"], default="mobile")
    ap.add_argument("--only", help="comma-separated kinds to run (default: all)")
    ap.add_argument("--min", type=int, default=0, help="exit 1 if any score is below this")
    ap.add_argument("--edition", help="another edition of the site, built into its folder"
                    " (de: the German edition in <site>/de/)")
    args = ap.parse_args()

    site = Path(args.site)
    site = site if site.is_absolute() else ROOT / site
    if not (site / "sitemap.xml").is_file():
        print(f"no built site in {site}: run `make build` or `make lighthouse`", file=sys.stderr)
        return 2
    if not LIGHTHOUSE.exists():
        print(f"{LIGHTHOUSE} is missing: run `make setup` (npm ci installs lighthouse)", file=sys.stderr)
        return 2
    if not Path(CHROMIUM).is_file():
        print(f"{CHROMIUM} is missing: apt-get install -y chromium", file=sys.stderr)
        return 2

    home, paths = site_pages(site)
    port = urlsplit(home).port or 80
    prefix = ""
    if args.edition:
        prefix = args.edition.strip("/") + "/"
        if not (site / prefix / "sitemap.xml").is_file():
            print(f"no edition {prefix} in {site}", file=sys.stderr)
            return 2
        paths = [p.removeprefix(prefix) for p in site_pages(site / prefix)[1]]

    stamp = time.strftime("%Y%m%d-%H%M%S")
    outdir = ROOT / "benchmarks" / "results" / f"lighthouse-{stamp}"
    outdir.mkdir(parents=True, exist_ok=True)
    only = set(args.only.split(",")) if args.only else None
    rows, details = [], []
    with serve(site, port=port, handler=_Handler) as root:
        base = root + prefix
        for kind, candidates in KINDS:
            if only and not any(kind.startswith(o) for o in only):
                continue
            path = next((p for p in candidates if p in paths), None)
            if path is None:
                rows.append((kind, "(no such page)", [None] * len(CATEGORIES)))
                continue
            name = prefix.strip("/") + (path.strip("/").replace("/", "-") or "home")
            report = run_lighthouse(base + path, outdir / f"{name}.json", args.form_factor)
            scores = [report["categories"][c]["score"] for c, _ in CATEGORIES]
            rows.append((kind, "/" + prefix + path, [None if s is None else round(s * 100) for s in scores]))
            for c, title in CATEGORIES:
                lost = failing_audits(report, c)
                if lost:
                    details.append(f"  /{prefix}{path} {title}: " + "; ".join(lost))
            print(f"  measured /{prefix}{path}", file=sys.stderr, flush=True)

    head = ["Kind", "Page"] + [t for _, t in CATEGORIES]
    table = [head] + [[k, p] + ["—" if s is None else str(s) for s in sc] for k, p, sc in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(head))]
    print(f"Lighthouse 12 ({args.form_factor}, default throttling), site {site.relative_to(ROOT) if site.is_relative_to(ROOT) else site}")
    for i, r in enumerate(table):
        print("| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |")
        if i == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    if details:
        print("Audits that cost points:")
        print("\n".join(details))
    (outdir / "table.json").write_text(json.dumps(
        {"form_factor": args.form_factor, "rows": [{"kind": k, "page": p, **dict(zip([c for c, _ in CATEGORIES], s))}
                                                     for k, p, s in rows]}, indent=2))
    print(f"Reports: {outdir.relative_to(ROOT)}")
    low = [s for _, _, sc in rows for s in sc if s is not None and s < args.min]
    return 1 if low else 0


if __name__ == "__main__":
    sys.exit(main())
