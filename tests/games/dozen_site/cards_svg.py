"""The test game's twelve cards as SVG, drawn here from the pack's data: a white card with its
rank in two corners and as many signs of its suit — a sun (a disc with rays), a moon (a
crescent), a star (five points) — each suit in its own colour. Nothing is traced from a pack."""

from __future__ import annotations

import math
from html import escape

# The proportions of the widgets' card pictures (build_tools/templating.py card_img: 55 x 100).
W, H = 110, 200
COLOURS = {"s": "#c45a00", "m": "#2b4c9b", "t": "#6a1b9a"}
# Sign centres for ranks 1 to 4.
PLACES = {1: [(55, 100)], 2: [(55, 65), (55, 135)], 3: [(55, 52), (55, 100), (55, 148)],
          4: [(35, 70), (75, 70), (35, 130), (75, 130)]}


def _sign(suit: str, x: float, y: float, r: float) -> str:
    """The suit's sign centred on (x, y), of radius ``r``."""
    col = COLOURS[suit]
    if suit == "s":
        rays = "".join(
            f'<line x1="{x + r * 0.75 * math.cos(a):.1f}" y1="{y + r * 0.75 * math.sin(a):.1f}"'
            f' x2="{x + r * math.cos(a):.1f}" y2="{y + r * math.sin(a):.1f}" stroke="{col}"'
            f' stroke-width="{r * 0.14:.1f}" stroke-linecap="round"/>'
            for a in (i * math.pi / 4 for i in range(8)))
        return f'<circle cx="{x}" cy="{y}" r="{r * 0.55:.1f}" fill="{col}"/>{rays}'
    if suit == "m":
        # The outer circle's arc round the left, from 60 degrees above the right to 60 below,
        # and back by a flatter arc: a crescent open to the right.
        dx, dy = r * 0.5, r * 0.87
        return (f'<path d="M{x + dx:.1f} {y - dy:.1f} A{r:.1f} {r:.1f} 0 1 0 {x + dx:.1f}'
                f' {y + dy:.1f} A{r * 1.05:.1f} {r * 1.05:.1f} 0 0 1 {x + dx:.1f} {y - dy:.1f}z"'
                f' fill="{col}"/>')
    points = " ".join(
        f"{x + (r if i % 2 == 0 else r * 0.42) * math.sin(i * math.pi / 5):.1f},"
        f"{y - (r if i % 2 == 0 else r * 0.42) * math.cos(i * math.pi / 5):.1f}"
        for i in range(10))
    return f'<polygon points="{points}" fill="{col}"/>'


def card_svg(token: str, name: str) -> str:
    """The card ``token`` (rank then suit: ``3m``) as a standalone SVG named ``name``."""
    rank, suit = int(token[0]), token[1]
    col = COLOURS[suit]
    r = 22 if rank == 1 else 16
    signs = "".join(_sign(suit, x, y, r) for x, y in PLACES[rank])
    corners = (f'<text x="12" y="28" font-size="22" font-family="sans-serif" font-weight="bold"'
               f' fill="{col}">{rank}</text><text x="{W - 12}" y="{H - 12}" font-size="22"'
               f' font-family="sans-serif" font-weight="bold" fill="{col}"'
               f' text-anchor="end">{rank}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}"'
            f' height="{H}" role="img" aria-label="{escape(name, quote=True)}">'
            f'<title>{escape(name)}</title>'
            f'<rect x="2" y="2" width="{W - 4}" height="{H - 4}" rx="10" fill="#fff"'
            f' stroke="{col}" stroke-width="3"/>{corners}{signs}</svg>\n')
