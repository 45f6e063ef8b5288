"""The site offline: a service worker that keeps what the reader chose, a web app manifest and
its icons (issues 7 and 30). Free of mkdocs; build_tools/parts/offline.py calls it.

    write_all(site_dir, name=..., description=..., runtime="pyodide/<id>/")   after
    everything else is in site_dir

* ``sw.js`` at the edition's root, from ``sw.template.js``: Workbox's precache manifest of the
  edition's files (``[{url, revision}]``, the revision the MD5 of the file's bytes, as
  workbox-build's ``injectManifest`` writes it), their sizes, and the runtime's files (Pyodide,
  in a folder named after its contents, shared by the editions: ``runtime``). A new build with
  a changed file is a new worker, whose install fetches the changed files this device holds
  and only those. ``offline.js`` registers it, asks it to keep what the page used, runs the
  "Make this device ready" control and shows the "new version" banner.
* Workbox's runtime (workbox-core, -routing, -strategies, -precaching, the production builds
  from ``node_modules``, as workbox-build's ``copyWorkboxLibraries`` copies them) goes into
  ``assets/workbox/<version>/``: the worker loads it from the site itself.

Why the manifest is written here rather than by workbox-build's ``injectManifest`` run in
Node: this build already knows which files are the edition's (not another edition's folder,
not the shared runtime, which the worker keeps under its own content-addressed URLs), the
revisions are the same MD5s, and each edition's build saves a Node start and a second walk
over 27 MB. The worker's runtime is Workbox's own (``PrecacheController``).
* ``manifest.webmanifest`` and ``assets/icons/`` (an SVG and PNGs drawn here from the same
  shapes, with zlib only) make the site installable.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
SW = "sw.js"
MANIFEST = "manifest.webmanifest"
SCRIPT = "offline.js"
ICON_DIR = "assets/icons/"
THEME = "#b71c1c"
# Files the browser never needs from the cache.
SKIP = {SW, "sitemap.xml.gz"}
ROOT = HERE.parents[1]
WORKBOX_DIR = "assets/workbox/"
# Workbox's modules the worker uses, in the order they load (each needs the ones before).
WORKBOX_MODULES = ("workbox-core", "workbox-routing", "workbox-strategies", "workbox-precaching")
RUNTIME_DIR = "pyodide/"
# Where offline.js learns the size of the whole edition (build_tools/offline/offline.js).
EDITION_BYTES = "/* edition bytes */ 0"

# The icon: a red tile, a white card with a red border, a gold star. Coordinates on 512 x 512.
BG, CARD, EDGE, STAR = (0xb7, 0x1c, 0x1c), (0xff, 0xfd, 0xf6), (0x7f, 0x0e, 0x0e), (0xf2, 0xc9, 0x4c)
SHAPES = [  # (kind, geometry, colour); painted in order
    ("rrect", (0, 0, 512, 512, 96), BG),
    ("rrect", (136, 64, 376, 448, 30), EDGE),
    ("rrect", (150, 78, 362, 434, 20), CARD),
]


def _star_points(cx=256.0, cy=256.0, r=88.0, inner=0.42) -> list[tuple[float, float]]:
    import math
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def icon_svg() -> str:
    parts = []
    for _kind, g, colour in SHAPES:
        x0, y0, x1, y1, r = g
        parts.append(f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="{r}" '
                     f'fill="#{bytes(colour).hex()}"/>')
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in _star_points())
    parts.append(f'<polygon points="{pts}" fill="#{bytes(STAR).hex()}"/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" '
            f'height="512">{"".join(parts)}</svg>\n')


def _rrect_span(g, y: float) -> tuple[float, float] | None:
    x0, y0, x1, y1, r = g
    if not y0 <= y < y1:
        return None
    dy = max(y0 + r - y, y - (y1 - r), 0.0)
    dx = r - (r * r - dy * dy) ** 0.5 if dy else 0.0
    return x0 + dx, x1 - dx


def _poly_spans(pts, y: float) -> list[tuple[float, float]]:
    xs = []
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]):
        if (ay <= y < by) or (by <= y < ay):
            xs.append(ax + (y - ay) * (bx - ax) / (by - ay))
    xs.sort()
    return list(zip(xs[::2], xs[1::2]))


def icon_png(size: int) -> bytes:
    """The icon as an RGBA PNG, painted span by span (no anti-aliasing needed at these sizes:
    each row is drawn from 4 sub-rows, so edges get 4 levels of coverage vertically)."""
    scale = 512 / size
    star = _star_points()
    raw = bytearray()
    for row in range(size):
        acc = [[0, 0, 0, 0] for _ in range(size)]
        for sub in range(4):
            y = (row + (sub + 0.5) / 4) * scale
            line: list[tuple[int, int, int] | None] = [None] * size
            spans = []
            for _kind, g, colour in SHAPES:
                s = _rrect_span(g, y)
                if s:
                    spans.append((s, colour))
            spans += [(s, STAR) for s in _poly_spans(star, y)]
            for (a, b), colour in spans:
                lo, hi = max(0, round(a / scale)), min(size, round(b / scale))
                line[lo:hi] = [colour] * max(0, hi - lo)
            for x, c in enumerate(line):
                if c:
                    px = acc[x]
                    px[0] += c[0]; px[1] += c[1]; px[2] += c[2]; px[3] += 255  # noqa: E702
        raw.append(0)
        for px in acc:
            a = px[3]
            n = a // 255
            raw += bytes((px[0] // n, px[1] // n, px[2] // n, a // 4) if n else (0, 0, 0, 0))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def manifest(name: str, short_name: str, description: str) -> dict:
    icons = [{"src": f"{ICON_DIR}icon.svg", "sizes": "any", "type": "image/svg+xml"}]
    icons += [{"src": f"{ICON_DIR}icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png"}
              for n in (192, 512)]
    return {"name": name, "short_name": short_name, "description": description,
            "start_url": "./", "scope": "./", "display": "standalone",
            "background_color": "#ffffff", "theme_color": THEME, "icons": icons}


def write_icons(site: Path, cache: Path | None = None) -> None:
    """The SVG and the PNGs (the PNGs are kept in ``cache`` between builds: drawing takes ~1 s)."""
    out = site / ICON_DIR
    out.mkdir(parents=True, exist_ok=True)
    svg = icon_svg()
    (out / "icon.svg").write_text(svg, encoding="utf-8")
    key = hashlib.sha256((svg + Path(__file__).read_text()).encode()).hexdigest()[:16]
    for n in (192, 512):
        cached = cache / f"icon-{n}-{key}.png" if cache else None
        if cached and cached.is_file():
            data = cached.read_bytes()
        else:
            data = icon_png(n)
            if cached:
                # Whole or not at all: `make test` builds two games' sites at once.
                cached.parent.mkdir(parents=True, exist_ok=True)
                part = cached.with_name(f"{cached.name}.{os.getpid()}.part")
                part.write_bytes(data)
                part.replace(cached)
        (out / f"icon-{n}.png").write_bytes(data)


def site_files(site: Path) -> list[str]:
    """Every file of the edition, as URL paths relative to its root, sorted. A folder with
    a service worker of its own is another edition of the site (de/, built after this one),
    with its own offline copy: its files are not this edition's. The runtime (pyodide/) is
    kept apart, shared by every edition's worker; Workbox's own files load with the worker."""
    others = [d.parent.relative_to(site).as_posix() + "/" for d in site.glob("*/**/sw.js")]
    return sorted(rel for p in site.rglob("*")
                  if p.is_file() and (rel := p.relative_to(site).as_posix()) not in SKIP
                  and not p.name.startswith(".")
                  and not rel.startswith((*others, RUNTIME_DIR, WORKBOX_DIR)))


def revision(path: Path) -> str:
    """A file's revision in the precache manifest: the MD5 of its bytes (workbox-build's)."""
    return hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest()


def precache_manifest(site: Path, files: list[str]) -> list[dict]:
    return [{"url": f, "revision": revision(site / f)} for f in files]


def version_of(manifest: list[dict], runtime: str) -> str:
    h = hashlib.sha256(runtime.encode())
    for e in manifest:
        h.update(f"{e['url']}\0{e['revision']}\0".encode())
    return h.hexdigest()[:16]


def workbox_files(site: Path) -> list[str]:
    """Copies Workbox's runtime into the site; returns the worker's importScripts URLs."""
    version = json.loads((ROOT / "node_modules" / "workbox-precaching" / "package.json")
                         .read_text())["version"]
    folder = f"{WORKBOX_DIR}{version}/"
    out = site / folder
    import shutil
    if (site / WORKBOX_DIR).is_dir():
        for old in (site / WORKBOX_DIR).iterdir():
            if old.name != version:
                shutil.rmtree(old, ignore_errors=True)
    out.mkdir(parents=True, exist_ok=True)
    urls = []
    for module in WORKBOX_MODULES:
        src = ROOT / "node_modules" / module / "build" / f"{module}.prod.js"
        if not src.is_file():
            from build_tools.errors import BuildError
            raise BuildError(f"Workbox is missing ({src.relative_to(ROOT)}): run make build")
        # Rewritten only when changed: an unchanged file keeps its date, so a host's ETag and
        # Last-Modified stay, and the browser revalidates the worker's imports with a 304.
        data = src.read_bytes()
        if not ((out / src.name).is_file() and (out / src.name).read_bytes() == data):
            (out / src.name).write_bytes(data)
        urls.append(folder + src.name)
    (out / "LICENSE").write_bytes((ROOT / "node_modules" / "workbox-core" / "LICENSE").read_bytes())
    return urls


# The runtime's pre-compressed twins (<file>.br, <file>.gz: build_tools/compress_runtime.mjs):
# a host sends one in place of its file, and the browser never asks for one by name.
TWINS = (".br", ".gz")


def runtime_files(site: Path, runtime: str) -> list[list]:
    """The runtime's files ([name, bytes]), from the folder ``runtime`` (relative to the
    edition's root; it may be up in the site that places it), without their twins."""
    folder = (site / runtime).resolve()
    return [[p.name, p.stat().st_size] for p in sorted(folder.iterdir())
            if p.is_file() and not p.name.endswith(TWINS)]


def write_all(site: Path, *, name: str, short_name: str, description: str,
              cache: Path | None = None, runtime: str = RUNTIME_DIR) -> str:
    """Icons, manifest, the page script and the service worker; returns the version.
    ``runtime``: the runtime's folder, relative to the edition's root."""
    site = Path(site)
    write_icons(site, cache)
    (site / MANIFEST).write_text(json.dumps(manifest(name, short_name, description),
                                            ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    workbox = workbox_files(site)
    runtime = runtime.rstrip("/") + "/"
    runtime_list = runtime_files(site, runtime)
    # The page script, with its words in the language of the build under way and the size of
    # the whole edition (its own bytes among them: two passes settle the number).
    from build_tools.words import fill_script
    script = fill_script((HERE / "offline.js").read_text(encoding="utf-8"))
    total = 0
    for _ in range(3):
        (site / SCRIPT).write_text(script.replace(EDITION_BYTES, str(total)), encoding="utf-8")
        files = site_files(site)
        sizes = [(site / f).stat().st_size for f in files]
        size = sum(sizes) + sum(b for _, b in runtime_list)
        if size == total:
            break
        total = size
    entries = precache_manifest(site, files)
    version = version_of(entries, runtime)
    sw = (HERE / "sw.template.js").read_text(encoding="utf-8")
    sw = (sw.replace("__VERSION__", version)
          .replace("__WORKBOX__", json.dumps(workbox))
          .replace("__RUNTIME__", json.dumps(runtime))
          .replace("__RUNTIME_FILES__", json.dumps(runtime_list, separators=(",", ":")))
          .replace("__MANIFEST__", json.dumps(entries, indent=0))
          .replace("__SIZES__", json.dumps(sizes, separators=(",", ":")))
          .replace("__BYTES__", str(size)))
    tmp = site / f".{SW}.part"
    tmp.write_text(sw, encoding="utf-8")
    tmp.replace(site / SW)
    return version
