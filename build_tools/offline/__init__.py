"""The site offline: a service worker that precaches every file of the build, a web app
manifest and its icons (issue 7). Free of mkdocs; build_tools/parts/offline.py calls it.

    write_all(site_dir, name=..., description=...)   after everything else is in site_dir

* ``sw.js`` at the site root, from ``sw.template.js``: the list of files and a version, the
  hash of every file's path and contents. A new build has a new version, so the browser
  installs the new worker, which fills a new cache (``cardsite-<scope>@<version>``) and, once it takes
  over, deletes the old one. ``offline.js`` registers it and shows the "new version" banner.
* ``manifest.webmanifest`` and ``assets/icons/`` (an SVG and PNGs drawn here from the same
  shapes, with zlib only) make the site installable.
"""

from __future__ import annotations

import hashlib
import json
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
                cached.parent.mkdir(parents=True, exist_ok=True)
                cached.write_bytes(data)
        (out / f"icon-{n}.png").write_bytes(data)


def site_files(site: Path) -> list[str]:
    """Every file of the built site, as URL paths relative to the root, sorted. A folder with
    a service worker of its own is another edition of the site (de/, built after this one),
    with its own offline copy: its files are not this edition's."""
    others = [d.parent.relative_to(site).as_posix() + "/" for d in site.glob("*/**/sw.js")]
    return sorted(rel for p in site.rglob("*")
                  if p.is_file() and (rel := p.relative_to(site).as_posix()) not in SKIP
                  and not p.name.startswith(".") and not rel.startswith(tuple(others)))


def version_of(site: Path, files: list[str]) -> str:
    h = hashlib.sha256()
    for f in files:
        h.update(f.encode() + b"\0" + hashlib.sha256((site / f).read_bytes()).digest())
    return h.hexdigest()[:16]


def write_all(site: Path, *, name: str, short_name: str, description: str,
              cache: Path | None = None) -> str:
    """Icons, manifest, the page script and the service worker; returns the version."""
    site = Path(site)
    write_icons(site, cache)
    (site / MANIFEST).write_text(json.dumps(manifest(name, short_name, description),
                                            ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    # The page script, with its words in the language of the build under way.
    from build_tools.words import fill_script
    (site / SCRIPT).write_text(fill_script((HERE / "offline.js").read_text(encoding="utf-8")),
                               encoding="utf-8")
    files = site_files(site)
    version = version_of(site, files)
    sizes = [(site / f).stat().st_size for f in files]
    size = sum(sizes)
    sw = (HERE / "sw.template.js").read_text(encoding="utf-8")
    sw = (sw.replace("__VERSION__", version).replace("__FILES__", json.dumps(files, indent=0))
          .replace("__SIZES__", json.dumps(sizes, separators=(",", ":")))
          .replace("__BYTES__", str(size)))
    tmp = site / f".{SW}.part"
    tmp.write_text(sw, encoding="utf-8")
    tmp.replace(site / SW)
    return version
