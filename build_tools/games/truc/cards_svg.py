"""The 40 cards of the Spanish pack as SVG, drawn here from the pack's data (issue 18).

Each card has a frame whose breaks (the *pintas*) show the suit as Spanish cards do — none for
oros, one for copes, two for espases, three for bastos — its number in two corners, and its
suit's sign: as pips for 1 to 7 (one large sign for the ace), held by a figure for the sota
(10), the cavall (11) and the rei (12). The signs are simple shapes: a coin, a cup, a sword, a
club. Nothing is traced from a printed pack.
"""

from __future__ import annotations

from html import escape

W, H = 100, 150
COLOURS = {"o": "#b8860b", "c": "#b71c1c", "e": "#1a4d8f", "b": "#2e6b1f"}
NUMBER = {"1": "1", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "S": "10",
          "C": "11", "R": "12"}
FIGURE = {"S": "SOTA", "C": "CAVALL", "R": "REI"}
# Pip centres for 2 to 7, in a 100 x 150 card.
PIPS = {
    2: [(50, 42), (50, 108)],
    3: [(50, 35), (50, 75), (50, 115)],
    4: [(33, 42), (67, 42), (33, 108), (67, 108)],
    5: [(33, 40), (67, 40), (50, 75), (33, 110), (67, 110)],
    6: [(33, 38), (67, 38), (33, 75), (67, 75), (33, 112), (67, 112)],
    7: [(33, 35), (67, 35), (50, 56), (33, 80), (67, 80), (33, 115), (67, 115)],
}


def _sign(suit: str, x: float, y: float, s: float) -> str:
    """The suit's sign centred on (x, y), about ``s`` high."""
    col = COLOURS[suit]
    r = s / 2
    if suit == "o":  # a coin: a disc, a ring and a dot
        return (f'<circle cx="{x}" cy="{y}" r="{r:.1f}" fill="#f2c94c" stroke="{col}" '
                f'stroke-width="{s * 0.08:.1f}"/><circle cx="{x}" cy="{y}" r="{r * 0.55:.1f}" '
                f'fill="none" stroke="{col}" stroke-width="{s * 0.06:.1f}"/>')
    if suit == "c":  # a cup: a bowl, a stem and a foot
        return (f'<path d="M{x - r:.1f} {y - r:.1f} h{s:.1f} q0 {r:.1f} {-r:.1f} {r:.1f} '
                f'q{-r:.1f} 0 {-r:.1f} {-r:.1f}z" fill="{col}"/>'
                f'<rect x="{x - s * 0.07:.1f}" y="{y:.1f}" width="{s * 0.14:.1f}" '
                f'height="{r * 0.7:.1f}" fill="{col}"/>'
                f'<rect x="{x - r * 0.6:.1f}" y="{y + r * 0.65:.1f}" width="{r * 1.2:.1f}" '
                f'height="{s * 0.12:.1f}" rx="{s * 0.05:.1f}" fill="{col}"/>')
    if suit == "e":  # a sword: a blade, a guard and a grip, point down
        return (f'<path d="M{x:.1f} {y + r:.1f} l{-s * 0.08:.1f} {-s * 0.2:.1f} v{-s * 0.55:.1f} '
                f'h{s * 0.16:.1f} v{s * 0.55:.1f}z" fill="{col}"/>'
                f'<rect x="{x - s * 0.28:.1f}" y="{y - r * 0.55:.1f}" width="{s * 0.56:.1f}" '
                f'height="{s * 0.08:.1f}" fill="{col}"/>'
                f'<rect x="{x - s * 0.05:.1f}" y="{y - r:.1f}" width="{s * 0.1:.1f}" '
                f'height="{s * 0.22:.1f}" fill="{col}"/>')
    # a club: a thick stick with knots, wider at the top
    return (f'<path d="M{x - s * 0.1:.1f} {y + r:.1f} L{x - s * 0.16:.1f} {y - r:.1f} '
            f'h{s * 0.32:.1f} L{x + s * 0.1:.1f} {y + r:.1f}z" fill="{col}"/>'
            f'<circle cx="{x - s * 0.16:.1f}" cy="{y - r * 0.3:.1f}" r="{s * 0.06:.1f}" '
            f'fill="{col}"/><circle cx="{x + s * 0.15:.1f}" cy="{y + r * 0.2:.1f}" '
            f'r="{s * 0.06:.1f}" fill="{col}"/>')


def _frame(suit: str) -> str:
    """The frame inside the border, broken once per step of the suit (the pintas)."""
    breaks = {"o": 0, "c": 1, "e": 2, "b": 3}[suit]
    col = COLOURS[suit]
    out = [f'<rect x="7" y="7" width="{W - 14}" height="{H - 14}" rx="4" fill="none" '
           f'stroke="{col}" stroke-width="1.2"/>']
    for k in range(breaks):  # short gaps in the top and bottom edges, painted over in white
        gx = 30 + k * 16
        out.append(f'<rect x="{gx}" y="5" width="9" height="4" fill="#fff"/>'
                   f'<rect x="{gx}" y="{H - 9}" width="9" height="4" fill="#fff"/>')
    return "".join(out)


def _figure(rank: str, suit: str) -> str:
    """A simple standing (or, for the cavall, riding) figure holding the suit's sign."""
    col = COLOURS[suit]
    body = (f'<circle cx="50" cy="46" r="9" fill="#f3d9b1" stroke="#5d4037"/>'
            f'<path d="M36 62 q14 -8 28 0 l4 40 h-36z" fill="{col}" opacity="0.85"/>'
            f'<rect x="40" y="102" width="7" height="18" fill="#5d4037"/>'
            f'<rect x="53" y="102" width="7" height="18" fill="#5d4037"/>')
    if rank == "R":  # a crown
        body += '<path d="M41 38 l3 -9 l6 6 l6 -6 l3 9z" fill="#f2c94c" stroke="#8a6d00"/>'
    if rank == "C":  # a horse beneath the rider
        body = ('<path d="M22 96 q4 -22 30 -20 q20 0 28 -10 l6 4 q-4 14 -14 18 l2 30 h-6 '
                'l-2 -22 h-26 l-2 22 h-6z" fill="#8d6e63" stroke="#4e342e"/>'
                '<circle cx="50" cy="40" r="8" fill="#f3d9b1" stroke="#5d4037"/>'
                f'<path d="M40 54 q10 -6 20 0 l2 26 h-24z" fill="{col}" opacity="0.85"/>')
    return body + _sign(suit, 68 if rank != "C" else 30, 70 if rank != "C" else 58, 18)


def card_svg(token: str, name: str) -> str:
    """One card as a standalone SVG document; ``name`` is its accessible name."""
    rank, suit = token[:-1], token[-1]
    col = COLOURS[suit]
    num = NUMBER[rank]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
             f'height="{H}" role="img" aria-label="{escape(name)}">',
             f'<title>{escape(name)}</title>',
             f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="7" fill="#fff" '
             f'stroke="#444" stroke-width="1.5"/>', _frame(suit),
             f'<text x="13" y="24" font-family="sans-serif" font-size="15" font-weight="700" '
             f'fill="{col}">{num}</text>',
             f'<text x="{W - 13}" y="{H - 13}" font-family="sans-serif" font-size="15" '
             f'font-weight="700" fill="{col}" text-anchor="end">{num}</text>']
    if rank in FIGURE:
        parts.append(_figure(rank, suit))
        parts.append(f'<text x="50" y="{H - 16}" font-family="serif" font-size="9" '
                     f'text-anchor="middle" fill="#333">{FIGURE[rank]}</text>')
    elif rank == "1":
        parts.append(_sign(suit, 50, 75, 50))
    else:
        for x, y in PIPS[int(rank)]:
            parts.append(_sign(suit, x, y, 22))
    parts.append("</svg>")
    return "".join(parts)


# --- the French packs (truc, "Truc in France"): hearts, diamonds, clubs, spades ---------------
# Drawn the same way, from the pack's data: the rank in two corners, pips for the numerals, one
# large pip for the ace and a figure holding the suit's sign for the valet, the dame and the roi.
FRENCH_COLOURS = {"h": "#c62828", "d": "#c62828", "c": "#212121", "s": "#212121"}
FRENCH_FIGURE = {"V": "VALET", "D": "DAME", "R": "ROI"}
FRENCH_PIPS = {
    **PIPS,
    8: [(33, 35), (67, 35), (50, 55), (33, 75), (67, 75), (50, 95), (33, 115), (67, 115)],
    9: [(33, 33), (67, 33), (33, 61), (67, 61), (50, 75), (33, 89), (67, 89), (33, 117),
        (67, 117)],
    10: [(33, 30), (67, 30), (50, 44), (33, 58), (67, 58), (33, 92), (67, 92), (50, 106),
         (33, 120), (67, 120)],
}


def _french_sign(suit: str, x: float, y: float, s: float) -> str:
    """The French suit's sign centred on (x, y), about ``s`` high."""
    col = FRENCH_COLOURS[suit]
    r = s / 2
    if suit == "d":  # a diamond: a rhombus
        return (f'<path d="M{x:.1f} {y - r:.1f} L{x + r * 0.75:.1f} {y:.1f} L{x:.1f} '
                f'{y + r:.1f} L{x - r * 0.75:.1f} {y:.1f}z" fill="{col}"/>')
    if suit == "h":  # a heart: two lobes and a point
        return (f'<path d="M{x:.1f} {y + r:.1f} C{x - r * 1.4:.1f} {y - r * 0.1:.1f} '
                f'{x - r * 0.7:.1f} {y - r * 1.2:.1f} {x:.1f} {y - r * 0.45:.1f} '
                f'C{x + r * 0.7:.1f} {y - r * 1.2:.1f} {x + r * 1.4:.1f} {y - r * 0.1:.1f} '
                f'{x:.1f} {y + r:.1f}z" fill="{col}"/>')
    stem = (f'<path d="M{x:.1f} {y + r * 0.1:.1f} L{x + r * 0.35:.1f} {y + r:.1f} '
            f'H{x - r * 0.35:.1f}z" fill="{col}"/>')
    if suit == "s":  # a spade: a heart upside down on a stem
        return (f'<path d="M{x:.1f} {y - r:.1f} C{x - r * 1.4:.1f} {y + r * 0.05:.1f} '
                f'{x - r * 0.6:.1f} {y + r * 0.9:.1f} {x:.1f} {y + r * 0.3:.1f} '
                f'C{x + r * 0.6:.1f} {y + r * 0.9:.1f} {x + r * 1.4:.1f} {y + r * 0.05:.1f} '
                f'{x:.1f} {y - r:.1f}z" fill="{col}"/>' + stem)
    k = r * 0.42  # a club: three leaves on a stem
    return (f'<circle cx="{x:.1f}" cy="{y - r * 0.5:.1f}" r="{k:.1f}" fill="{col}"/>'
            f'<circle cx="{x - r * 0.45:.1f}" cy="{y + r * 0.08:.1f}" r="{k:.1f}" fill="{col}"/>'
            f'<circle cx="{x + r * 0.45:.1f}" cy="{y + r * 0.08:.1f}" r="{k:.1f}" fill="{col}"/>'
            + stem)


def _french_figure(rank: str, suit: str) -> str:
    """A standing figure in the suit's colour holding its sign: a crown for the roi, long hair
    for the dame, a cap for the valet."""
    col = FRENCH_COLOURS[suit]
    body = (f'<circle cx="50" cy="46" r="9" fill="#f3d9b1" stroke="#5d4037"/>'
            f'<path d="M36 62 q14 -8 28 0 l4 40 h-36z" fill="{col}" opacity="0.85"/>'
            f'<rect x="40" y="102" width="7" height="18" fill="#5d4037"/>'
            f'<rect x="53" y="102" width="7" height="18" fill="#5d4037"/>')
    if rank == "R":
        body += '<path d="M41 38 l3 -9 l6 6 l6 -6 l3 9z" fill="#f2c94c" stroke="#8a6d00"/>'
    elif rank == "D":
        body = ('<path d="M40 44 q10 -16 20 0 v16 h-20z" fill="#6d4c41"/>' + body
                + '<path d="M44 36 h12 l-2 -5 h-8z" fill="#f2c94c" stroke="#8a6d00"/>')
    else:
        body += '<path d="M41 40 q9 -12 18 0z" fill="#37474f"/>'
    return body + _french_sign(suit, 68, 70, 18)


def french_card_svg(token: str, name: str) -> str:
    """One card of a French pack as a standalone SVG document; ``name`` is its accessible
    name."""
    rank, suit = token[:-1], token[-1]
    col = FRENCH_COLOURS[suit]
    index = rank
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
             f'height="{H}" role="img" aria-label="{escape(name)}">',
             f'<title>{escape(name)}</title>',
             f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="7" fill="#fff" '
             f'stroke="#444" stroke-width="1.5"/>',
             f'<text x="13" y="24" font-family="sans-serif" font-size="15" font-weight="700" '
             f'fill="{col}">{index}</text>', _french_sign(suit, 17, 36, 10),
             f'<text x="{W - 13}" y="{H - 13}" font-family="sans-serif" font-size="15" '
             f'font-weight="700" fill="{col}" text-anchor="end">{index}</text>',
             _french_sign(suit, W - 17, H - 34, 10)]
    if rank in FRENCH_FIGURE:
        parts.append(_french_figure(rank, suit))
        parts.append(f'<text x="50" y="{H - 16}" font-family="serif" font-size="9" '
                     f'text-anchor="middle" fill="#333">{FRENCH_FIGURE[rank]}</text>')
    elif rank == "A":
        parts.append(_french_sign(suit, 50, 75, 50))
    else:
        for x, y in FRENCH_PIPS[int(rank)]:  # drawn closer in, clear of the corners' signs
            parts.append(_french_sign(suit, 50 + (x - 50) * 0.8, y, 19 if int(rank) < 9 else 16))
    parts.append("</svg>")
    return "".join(parts)
