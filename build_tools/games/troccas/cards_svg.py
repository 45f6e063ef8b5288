"""Pictures of the 78 cards as SVG, drawn from the glossary data and the engine's pack.

    card_svg("Kc")      -> '<svg ... role="img" aria-label="il retg da cuppas — king of cups">…'
    card_label("XXI")   -> 'il mund — trump XXI, Le Monde' (the name in the build's language)
    all_card_svgs()     -> {token: svg} for the whole pack, in ranking order

Drawn here, in plain shapes, after the look of the Italian-suited Swiss pack (1JJ) a Troccas
player knows: cups and coins as separate pips in the usual centred pattern; swords as curved
blades crossing in an almond and batons as long staves woven in a lattice, with a straight one
down the middle when the count is odd; the courts as a king with crown and beard, a veiled
queen, a horse for the cavalier and a page in a feathered cap; every trump with its numeral
large at the top and an emblem of what its Romansh name says (``EMBLEMS``: the sun for il
sulegl, the scales for la stadera, the hen for la gaglina…).

Generic font families only (no external fonts), no ids, no <defs>, no references, so a card can
be inlined any number of times in one page and prints as it shows. The top-left corner carries
the rank (or the trump's number) and the suit sign in large type: that corner is what shows when
cards are fanned in a hand on a phone. Each pip is one child of ``<g class="pips">`` and each
trump's emblem is ``<g class="emblem" data-emblem="…">`` (tests count and compare them).
"""

from __future__ import annotations

import math
import re
import sys
from functools import lru_cache
from html import escape
from pathlib import Path

from troccas import Card, ranking_order

from build_tools.glossary.load import Glossary, load_glossary, term_forms, with_variants
from build_tools.words import current, words as site_words

W, H = 110, 200
INK = "#222"
PAPER = "#fffdf6"
SUIT_COLOURS = {"c": "#b71c1c", "r": "#7a5c00", "s": "#0d47a1", "b": "#1b5e20"}
TRUMP_INK = "#3b1f5e"
GOLD, RED, BLUE, GREEN, BROWN, SKIN, STEEL = ("#f2c94c", "#c62828", "#1565c0", "#2e7d32",
                                              "#8d5a2b", "#f6d5b0", "#cfd8dc")
CX = W / 2  # the card's vertical axis: every pattern is centred on it


# The glossary of the build under way (the glossary part's, set when it draws the cards):
# the site's own data folder, which a test may point elsewhere.
_BUILD_GLOSSARY: list[Glossary] = []


def use_glossary(glossary: Glossary) -> None:
    _BUILD_GLOSSARY[:] = [glossary]


def _default_glossary() -> Glossary:
    return _BUILD_GLOSSARY[0] if _BUILD_GLOSSARY else _root_glossary()


@lru_cache(maxsize=1)
def _root_glossary() -> Glossary:
    return load_glossary()


# --- names ----------------------------------------------------------------------------------
def _printed_caption(entry: dict) -> str:
    """The title printed on a trump (the first language of its captions: the French)."""
    return str(next(iter(entry["caption"].values()))[0]["text"])


def card_name(token: str) -> str:
    """The card's name in the build's language, as the engine names it (its catalogue):
    "king of cups", "trump XXI", "the Fool"; "Kelch-König", "Trumpf XXI", "der Narr"."""
    return Card.parse(token).name_in()


def card_label(token: str, glossary: Glossary | None = None) -> str:
    """The card's accessible name: Romansh first, then the build's language ("il retg da
    cuppas — king of cups"; "il retg da cuppas — Kelch-König" in the German edition)."""
    g = glossary or _default_glossary()
    words = site_words(current().language, "troccas")  # with Troccas's own words, in any build
    card = Card.parse(token)
    if card.kind != "suit":
        entry = next(e for e in g.kinds["trumps"] if e["card"] == card.token)
        rm = with_variants(entry["names"][0]["rm"], g.sources[0])  # the headword, then any variant with its source
        caption = _printed_caption(entry)
        # the numeral as the card prints it (XVIIII), as in the picture
        name = (words.t("glossary.card_fool") if card.is_fool
                else words.t("glossary.card_trump", roman=card.roman))
        return words.t("glossary.card_label_trump", rm=rm, name=name, caption=caption)
    suit = next(e for e in g.kinds["cards"] if e.get("suit") == card.suit)
    suit_rm = suit["rm"][0]["text"]
    if card.is_court:
        court = next(e for e in g.kinds["cards"] if e.get("rank") == card.rank)
        rm = f"{court['rm'][0]['text']} da {suit_rm}"
    else:
        rm = f"{card.rank} da {suit_rm}"
    return words.t("glossary.card_label_suit", rm=rm, name=card_name(token))


# --- small helpers --------------------------------------------------------------------------
def _n(v: float) -> str:
    """A coordinate, short: one decimal at most."""
    s = f"{round(v, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


_TOKEN = re.compile(r"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)")
_ARITY = {"M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7, "Z": 0}


def _path(d: str, x: float, y: float, sx: float, sy: float | None = None) -> str:
    """Path data ``d`` (absolute commands, drawn round the origin) moved to (x, y) and scaled by
    (sx, sy): lets one drawing of a sign serve as a pip, a corner index and an ace."""
    sy = sx if sy is None else sy
    out, cmd, args = [], "", []
    toks = _TOKEN.findall(d)
    i = 0
    while i < len(toks):
        if toks[i].isalpha():
            cmd = toks[i].upper()
            out.append(cmd)
            i += 1
            if cmd == "Z":
                continue
        k = _ARITY[cmd]
        args = [float(t) for t in toks[i:i + k]]
        i += k
        if cmd == "H":
            vals = [x + args[0] * sx]
        elif cmd == "V":
            vals = [y + args[0] * sy]
        elif cmd == "A":
            sweep = args[4] if sx * sy > 0 else 1 - args[4]
            vals = [abs(args[0] * sx), abs(args[1] * sy), args[2], args[3], sweep,
                    x + args[5] * sx, y + args[6] * sy]
        else:
            vals = [(x + v * sx) if j % 2 == 0 else (y + v * sy) for j, v in enumerate(args)]
        out.append(" ".join(_n(v) for v in vals))
    return re.sub(r" ?([A-Z]) ?", r"\1", " ".join(out)).replace(" -", "-")


def _text(x, y, s, size, *, fill=INK, family="sans-serif", weight="bold", anchor="middle",
          style="", fit: float | None = None, char_w: float = 0.6, extra="") -> str:
    """A line of text; ``fit`` squeezes it into that width when it would be wider (``char_w``
    is the estimated advance of one character, as a fraction of the font size)."""
    fit_attr = ""
    if fit is not None and len(s) * size * char_w > fit:
        fit_attr = f' textLength="{fit:g}" lengthAdjust="spacingAndGlyphs"'
    st = f' font-style="{style}"' if style else ""
    wt = f' font-weight="{weight}"' if weight != "normal" else ""
    an = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-family="{family}" font-size="{size:g}"{wt}{an}'
            f' fill="{fill}"{st}{fit_attr}{extra}>{escape(s)}</text>')


def _stroke(d: str, colour: str, width: float, *, cap: bool = False) -> str:
    """A line drawn, not filled."""
    return (f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{width:g}"'
            + (' stroke-linecap="round"/>' if cap else "/>"))


def _star_d(r: float, points: int = 5, inner: float = 0.45) -> str:
    pts = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + i * math.pi / points
        pts.append(f"{_n(rad * math.cos(a))} {_n(rad * math.sin(a))}")
    return "M" + "L".join(pts) + "Z"


def _circle_d(r: float, cx: float = 0, cy: float = 0) -> str:
    arc = f"A{_n(r)} {_n(r)} 0 1 0"
    return f"M{_n(cx - r)} {_n(cy)}{arc} {_n(cx + r)} {_n(cy)}{arc} {_n(cx - r)} {_n(cy)}Z"


# --- suit signs: one path each, drawn round the origin in a 100-unit box ---------------------
SIGN_D = {
    # a goblet: wide bowl with a rim, a knot on the stem, a spread foot
    "c": ("M-38-40H38C38-8 22 4 8 7V17C14 18 14 24 8 25V30C20 32 30 36 30 44H-30C-30 36-20 32-8 30"
          "V25C-14 24-14 18-8 17V7C-22 4-38-8-38-40ZM-36-30H36"),
    # a coin: rim, ring and a four-petalled rose
    "r": (_circle_d(46) + _circle_d(33)
          + "M0-24Q11-11 0 0Q-11-11 0-24ZM0 24Q11 11 0 0Q-11 11 0 24Z"
          "M-24 0Q-11-11 0 0Q-11 11-24 0ZM24 0Q11-11 0 0Q11 11 24 0Z"),
    # a sword, point up: blade with its ridge, cross-guard, grip and pommel
    "s": ("M0-50L9-36V22H-9V-36ZM0-36V18M-28 22H28V32H-28ZM-6 32H6V42H-6ZM0 41A6 6 0 1 0 0.1 41Z"),
    # a baton: a knotty club, thicker at the head
    "b": ("M-8 46Q-12 0-14-38Q-14-50 0-50Q14-50 14-38Q12 0 8 46Q0 52-8 46Z"
          "M-12-20H12M-10 10H10M13-4Q22-6 20 4Q16 4 12 2"),
}
SIGN_FILL = {"c": RED, "r": GOLD, "s": STEEL, "b": "#66a35a"}


def _sign(suit: str, x: float, y: float, size: float, *, sw: float = 1.3) -> str:
    """The suit sign centred at (x, y), ``size`` units tall, in its colours."""
    d = _path(SIGN_D[suit], x, y, size / 100)
    return (f'<path d="{d}" fill="{SIGN_FILL[suit]}" stroke="{INK}" stroke-width="{sw:g}"'
            f' stroke-linejoin="round"/>')


# --- pips of the numerals -------------------------------------------------------------------
# The corner indexes take the top-left and bottom-right corners, so every pattern keeps inside
# the band FIELD (x) either side of the card's axis: the pips stay centred and clear of them.
FIELD = (28, 82)


def _round_layout(n: int) -> tuple[float, list[tuple[float, float]]]:
    """Cups and coins: (pip size, centres) — two columns either side of the axis, the odd
    ones on it, as on the printed cards."""
    def cols(ys, size):
        d = (FIELD[1] - FIELD[0] - size) / 2
        return [(x, y) for y in ys for x in (CX - d, CX + d)]
    return {
        1: (72, [(CX, 100)]),
        2: (36, [(CX, 52), (CX, 148)]),
        3: (34, [(CX, 42), (CX, 100), (CX, 158)]),
        4: (27, cols((52, 148), 27)),
        5: (27, cols((46, 154), 27) + [(CX, 100)]),
        6: (26, cols((40, 100, 160), 26)),
        7: (26, cols((40, 100, 160), 26) + [(CX, 70)]),
        8: (26, cols((40, 100, 160), 26) + [(CX, 70), (CX, 130)]),
        9: (24, cols((32, 74, 126, 168), 24) + [(CX, 100)]),
        10: (23, cols((30, 72, 128, 170), 23) + [(CX, 51), (CX, 149)]),
    }[n]


def _round_pips(suit: str, n: int) -> list[str]:
    size, centres = _round_layout(n)
    if suit == "r" and n > 1:
        size *= 0.88  # a coin fills its box, a cup does not: side by side they would touch
    return [f'<path d="{_path(SIGN_D[suit], x, y, size / 100)}" fill="{SIGN_FILL[suit]}"/>'
            for x, y in centres]


def _long_pips(suit: str, n: int) -> list[str]:
    """Swords and batons the Italian way: n // 2 on each side crossing, one straight on the axis
    when n is odd."""
    if n == 1:
        return [_ace(suit)]
    pairs, odd = divmod(n, 2)
    out = []
    if suit == "s":
        for i in range(pairs):  # outermost first, so the inner blades lie on top
            for side in (-1, 1):
                out.append(_curved_sword(side, i, pairs))
        if odd:
            out.append(_straight_sword())
    else:
        # a lattice: staves leaning right, then as many leaning left laid across them
        spread = {1: 0, 2: 20, 3: 15, 4: 12, 5: 10}[pairs]
        for lean, colour in ((62, "#a1673a"), (-62, "#7cb46b")):
            for i in range(pairs):
                out.append(_baton(CX + (i - (pairs - 1) / 2) * spread, lean, colour))
        if odd:
            out.append(_baton(CX, 0, "#a1673a"))
    return out


def _ace(suit: str) -> str:
    if suit == "s":  # one upright sword through a crown
        return (f'<g><path d="{_path("M0-78L7-64V52H-7V-64Z", CX, 100, 1)}" fill="{STEEL}"/>'
                f'<path d="{_path("M-18-58L-14-72L-6-62L0-76L6-62L14-72L18-58Z", CX, 100, 1)}" fill="{GOLD}"/>'
                f'<path d="{_path("M-20 52H20V60H-20ZM-4 60H4V74H-4ZM0 74A6 6 0 1 0 0.1 74Z", CX, 100, 1)}"'
                f' fill="{SUIT_COLOURS["s"]}"/></g>')
    # one knotty club, slanted: a handle widening to a rounded head, knots where twigs were cut
    club = ("M-6 66Q-9 0-15-50Q-16-70 0-70Q16-70 15-50Q9 0 6 66Q0 72-6 66Z"
            + _circle_d(5, -12, -30) + _circle_d(4.5, 11, -8) + _circle_d(4, -9, 18) + _circle_d(3.5, 7, 40))
    return (f'<path d="{_path(club, CX, 100, 1.05)}" fill="#7cb46b" transform="rotate(16 {CX:g} 100)"/>')


def _curved_sword(side: int, i: int, pairs: int) -> str:
    """The i-th sabre (0 = outermost) of the ``pairs`` on one side (-1 left, 1 right): the
    sabres of a side lie nested, bowed away from the axis, their ends crossing it; the left
    ones have their hilts at the foot, the right ones at the head (the card reads the same both
    ways up)."""
    step = {1: 0, 2: 9, 3: 8, 4: 7, 5: 6.5}[pairs]
    shift = i * step - (pairs - 1) * step / 2    # nested: each sabre the last one moved inwards
    bow, reach = (36 if pairs < 4 else 32), 14   # the middle's distance off the axis; the ends'
    tx, hx = CX + reach + shift - 4, CX + reach + shift + 2
    top, hy = 24 + i * 3, 176 - i * 5              # the inner sabres a little shorter: hilts apart
    mid = CX - bow + shift
    c = 2 * mid - (tx + hx) / 2                  # quadratic control for that middle

    def at(x, y):  # the left sabre as drawn; the right one is it turned half round
        return (x, y) if side < 0 else (W - x, H - y)
    dx, dy = hx - c, hy - 100                    # direction at the hilt end (from the control)
    ln = math.hypot(dx, dy)
    ux, uy = dx / ln, dy / ln                    # along the blade
    px, py = -uy, ux                             # across it
    bx, by = hx - ux * 11, hy - uy * 11          # where the blade meets the guard
    wh, wc, g = 2.6, 3.6, 5                      # half-widths: blade at the guard, at the bow; guard
    pts = [(tx, top), (c - wc, 100), (bx - px * wh, by - py * wh), (bx + px * wh, by + py * wh),
           (c + wc, 100), (tx, top)]
    p = [at(*q) for q in pts]
    blade = (f"M{_n(p[0][0])} {_n(p[0][1])}Q{_n(p[1][0])} {_n(p[1][1])} {_n(p[2][0])} {_n(p[2][1])}"
             f"L{_n(p[3][0])} {_n(p[3][1])}Q{_n(p[4][0])} {_n(p[4][1])} {_n(p[5][0])} {_n(p[5][1])}Z")
    q = [at(*v) for v in ((bx - px * g, by - py * g), (bx + px * g, by + py * g),
                          (bx + px * g + ux * 3, by + py * g + uy * 3),
                          (bx - px * g + ux * 3, by - py * g + uy * 3),
                          (bx + ux * 3, by + uy * 3), (hx + ux, hy + uy))]
    guard = (f"M{_n(q[0][0])} {_n(q[0][1])}L{_n(q[1][0])} {_n(q[1][1])}L{_n(q[2][0])} {_n(q[2][1])}"
             f"L{_n(q[3][0])} {_n(q[3][1])}ZM{_n(q[4][0])} {_n(q[4][1])}L{_n(q[5][0])} {_n(q[5][1])}")
    return (f'<g><path d="{blade}" fill="#90a4ae"/><path d="{guard}" fill="{SUIT_COLOURS["s"]}"'
            f' stroke-width="2"/></g>')


def _straight_sword() -> str:
    d = _path("M0-76L5-64V52H-5V-64Z", CX, 100, 1)
    hilt = _path("M-12 52H12V57H-12ZM-3 57H3V68H-3ZM0 68A4 4 0 1 0 0.1 68Z", CX, 100, 1)
    return f'<g><path d="{d}" fill="#90a4ae"/><path d="{hilt}" fill="{SUIT_COLOURS["s"]}"/></g>'


def _baton(x: float, lean: float, colour: str) -> str:
    """A stave along the line through (x, 100) whose head lies ``lean`` units right of its foot
    over the card's height; cut short where it would run under a corner index."""
    top, bot = 26, 174
    slope = -lean / (bot - top)                 # dx per unit of y
    at = lambda y: x + slope * (y - 100)        # noqa: E731

    def clear(y):  # inside the card's margins and off the two corner indexes
        xe = at(y)
        return (10 <= xe <= W - 10 and not (xe < 32 and y < 56)
                and not (xe > W - 32 and y > H - 56))
    ends = []
    for step, limit in ((-0.5, top), (0.5, bot)):
        y: float = 100
        while (y + step - limit) * step <= 0 and clear(y + step):
            y += step
        ends.append((at(y), y))
    (hx, hy), (fx, fy) = ends
    ln = math.hypot(hx - fx, hy - fy)
    ux, uy = (hx - fx) / ln, (hy - fy) / ln     # along, foot to head
    px, py = -uy, ux
    wh, wf = 3.6, 2.6
    d = (f"M{_n(fx - px * wf)} {_n(fy - py * wf)}L{_n(hx - px * wh)} {_n(hy - py * wh)}"
         f"Q{_n(hx + ux * 6)} {_n(hy + uy * 6)} {_n(hx + px * wh)} {_n(hy + py * wh)}"
         f"L{_n(fx + px * wf)} {_n(fy + py * wf)}Q{_n(fx - ux * 4)} {_n(fy - uy * 4)}"
         f" {_n(fx - px * wf)} {_n(fy - py * wf)}Z")
    return f'<path d="{d}" fill="{colour}"/>'


# --- corner index and courts ----------------------------------------------------------------
def _index(rank: str, suit: str) -> str:
    colour = SUIT_COLOURS[suit]
    return (f'<rect x="4" y="5" width="22" height="46" rx="3" fill="{PAPER}"/>'
            + _text(15, 26, rank, 23, fill=colour, fit=20, char_w=0.62)
            + _sign(suit, 15, 40, 17, sw=1))


COURT_FIGURES = {
    # the king: a crowned, bearded head over a robe
    "K": (f'<path d="M22 124Q24 92 55 90Q86 92 88 124Z" fill="{{c}}"/>'
          f'<path d="M42 90H68L64 104H46Z" fill="{GOLD}"/>'
          f'<path d="M39 64Q39 84 55 92Q71 84 71 64Z" fill="#8d6e63"/>'
          f'<path d="M41 52Q41 80 55 80Q69 80 69 52Z" fill="{SKIN}"/>'
          f'<path d="M37 54L36 30L46 41L55 24L64 41L74 30L73 54Z" fill="{GOLD}"/>'
          f'<path d="M48 63H50M60 63H62M50 72Q55 75 60 72" fill="none"/>'),
    # the queen: a veiled head with a low crown of pearls
    "Q": (f'<path d="M22 124Q24 94 55 92Q86 94 88 124Z" fill="{{c}}"/>'
          f'<path d="M34 96Q30 60 38 46Q55 30 72 46Q80 60 76 96Q66 88 55 88Q44 88 34 96Z" fill="#fff"/>'
          f'<path d="M42 54Q42 84 55 84Q68 84 68 54Q55 48 42 54Z" fill="{SKIN}"/>'
          f'<path d="M41 52L42 40Q48 46 55 36Q62 46 68 40L69 52Z" fill="{GOLD}"/>'
          f'<path d="M48 64H50M60 64H62M51 74Q55 76 59 74" fill="none"/>'),
    # the cavalier: a horse's head with its bridle
    "C": (f'<path d="M30 124Q30 100 40 86Q30 84 24 78Q22 70 30 66L44 48Q42 40 46 34L52 42'
          f'Q58 36 62 30L64 42Q80 52 84 78Q88 104 86 124Z" fill="#a1887f"/>'
          f'<path d="M62 32Q78 44 80 64Q84 92 86 124H80Q78 92 72 70Q66 50 56 40Z" fill="#4e342e"/>'
          f'<path d="M27 68Q33 74 38 70L46 48M38 70Q46 84 58 90" fill="none" stroke="{{c}}" stroke-width="3"/>'
          f'<path d="M48 50A2.5 2.5 0 1 0 48.1 50Z" fill="{INK}"/>'),
    # the jack: a young head in a cap with a feather
    "J": (f'<path d="M22 124Q24 92 55 90Q86 92 88 124Z" fill="{{c}}"/>'
          f'<path d="M42 52Q42 84 55 84Q68 84 68 52Z" fill="{SKIN}"/>'
          f'<path d="M40 60Q36 70 40 78L44 64ZM70 60Q74 70 70 78L66 64Z" fill="#a0522d"/>'
          f'<path d="M32 56Q34 36 55 36Q76 36 80 56Z" fill="{{c}}"/>'
          f'<path d="M70 40Q84 18 94 22Q88 32 74 44Z" fill="{GOLD}"/>'
          f'<path d="M48 64H50M60 64H62M51 74Q55 76 59 74" fill="none"/>'),
}


# --- trump emblems: each drawn in a 100 x 100 box, from what the trump's name says -----------
# Keys are trump tokens; the word after each is the name or caption (English or German, from
# glossary/trumps.yaml) the drawing shows — tests check that the word is in the trump's data.
def _e_bagat() -> str:  # I il bagat, Le Bateleur (der Magier): a conjurer's table, cup, balls, wand
    return (f'<path d="M10 60H90V68H10ZM18 68L14 94M82 68L86 94M50 68V92" fill="{BROWN}" stroke-width="3"/>'
            f'<path d="M24 60L20 40H40L36 60Z" fill="{RED}"/>'
            f'<path d="M20 40H40" fill="none"/>'
            f'<path d="{_circle_d(7, 54, 52)}" fill="{GOLD}"/><path d="{_circle_d(7, 70, 52)}" fill="{BLUE}"/>'
            f'<path d="{_circle_d(7, 62, 39)}" fill="{RED}"/>'
            f'<path d="M58 28L88 6" stroke="{INK}" stroke-width="5" stroke-linecap="round"/>'
            f'<path d="M82 10L88 6" stroke="#fff" stroke-width="3" stroke-linecap="round"/>')


def _e_hen() -> str:  # II la gaglina: the hen
    return ('<path d="M6 92H94" fill="none" stroke-width="3"/>'
            '<path d="M44 82V92M56 82V92M40 92H48M52 92H60" fill="none" stroke="#e0a000" stroke-width="3"/>'
            '<path d="M16 34Q8 26 12 16Q22 20 26 30Q30 20 40 22Q32 34 34 42Q50 48 64 40Q60 28 66 18Q74 8 82 14'
            'Q88 20 84 32Q92 52 80 70Q66 86 44 84Q20 82 14 64Q10 50 16 34Z" fill="#f5efe0"/>'
            f'<path d="M70 14Q70 4 76 6Q78 0 82 4Q88 2 86 10Z" fill="{RED}"/>'
            f'<path d="M82 30Q88 34 86 40Q80 40 80 32Z" fill="{RED}"/>'
            f'<path d="M85 20L96 24L85 27Z" fill="#f0a800"/>'
            f'<path d="{_circle_d(2.5, 78, 20)}" fill="{INK}"/>'
            '<path d="M36 56Q52 70 70 56" fill="none"/>')


def _eagle(x: float, y: float, s: float) -> str:
    d = ("M0-22Q-6-22-6-14Q-10-10-6-6Q-26-20-40-16Q-34-10-38-4Q-30-4-32 2Q-22 0-20 6Q-12 4-8 8"
         "L-12 22L0 14L12 22L8 8Q12 4 20 6Q22 0 32 2Q30-4 38-4Q34-10 40-16Q26-20 6-6Q10-10 6-14"
         "Q6-22 0-22Z")
    return f'<path d="{_path(d, x, y, s)}" fill="{INK}" stroke="none"/>'


def _e_empress() -> str:  # III l'imperatura: the empress's crown of pearls and her eagle shield
    pearls = "".join(f'<path d="{_circle_d(3.4, x, y)}" fill="#fff"/>' for x, y in
                     ((24, 16), (37, 8), (50, 4), (63, 8), (76, 16)))
    return (f'<path d="M22 34Q20 22 24 16Q30 24 37 8Q44 20 50 4Q56 20 63 8Q70 24 76 16Q80 22 78 34Z"'
            f' fill="{GOLD}"/>'
            + pearls
            + f'<path d="M22 34H78V40H22Z" fill="{RED}"/>'
            f'<path d="M26 46H74V70Q74 88 50 98Q26 88 26 70Z" fill="{GOLD}"/>'
            + _eagle(50, 70, 0.52))


def _e_emperor() -> str:  # IV igl imperatur: the emperor's closed crown with its cross, and the orb
    return (f'<path d="M16 58L20 30Q36 40 50 22Q64 40 80 30L84 58Z" fill="{RED}"/>'
            f'<path d="M20 30Q36 6 50 14Q64 6 80 30M50 14V40" fill="none" stroke="{GOLD}" stroke-width="5"/>'
            f'<path d="M47 2H53V8H59V14H53V22H47V14H41V8H47Z" fill="{GOLD}"/>'
            f'<path d="M14 58H86V70H14Z" fill="{GOLD}"/>'
            f'<path d="{_circle_d(3, 30, 64)}{_circle_d(3, 50, 64)}{_circle_d(3, 70, 64)}" fill="{RED}"/>'
            f'<path d="{_circle_d(11, 50, 86)}" fill="{GOLD}"/><path d="M39 86H61" fill="none"/>')


def _e_jupiter() -> str:  # V il Diu fauls, Jupiter: the god's thunderbolt out of a cloud
    return ('<path d="M14 34Q4 34 6 24Q8 14 20 16Q24 4 38 8Q48 0 60 8Q74 4 80 16Q94 16 94 26Q94 36 82 34Z"'
            ' fill="#eceff1"/>'
            f'<path d="M44 34L28 62H42L30 96L66 54H50L62 34Z" fill="{GOLD}"/>'
            f'<path d="M70 40L62 56H70L64 72" fill="none" stroke="{GOLD}" stroke-width="3"/>'
            f'<path d="M26 40L20 52H26L22 62" fill="none" stroke="{GOLD}" stroke-width="3"/>')


def _heart(x: float, y: float, s: float) -> str:
    return _path("M0 30Q-34 6-30-14Q-26-32-8-28Q0-26 0-16Q0-26 8-28Q26-32 30-14Q34 6 0 30Z", x, y, s)


def _e_lovers() -> str:  # VI ils amurai: the lovers, two hearts and Cupid's arrow
    return (f'<path d="M10 78L84 26" fill="none" stroke="{BROWN}" stroke-width="3"/>'
            f'<path d="{_heart(36, 56, 0.95)}" fill="{RED}"/>'
            f'<path d="{_heart(62, 50, 0.95)}" fill="#e57373"/>'
            f'<path d="M54 46L84 26" fill="none" stroke="{BROWN}" stroke-width="3"/>'
            f'<path d="M84 26L74 28L80 36Z" fill="{INK}"/>'
            + _stroke("M10 78L8 68M10 78L2 82M16 74L14 64M16 74L8 78", BROWN, 2))


def _wheel(x: float, y: float, r: float, spokes: int, rim: str, sw: float = 2) -> str:
    lines = "".join(f"M{_n(x)} {_n(y)}L{_n(x + r * math.cos(a))} {_n(y + r * math.sin(a))}"
                    for a in (2 * math.pi * i / spokes for i in range(spokes)))
    return (f'<path d="{_circle_d(r, x, y)}" fill="none" stroke="{rim}" stroke-width="{r / 4.5:.1f}"/>'
            + _stroke(_circle_d(r + r / 9, x, y) + _circle_d(r - r / 9, x, y) + lines, INK, sw)
            + f'<path d="{_circle_d(r / 5, x, y)}" fill="{INK}"/>')


def _e_wagon() -> str:  # VII il carr: the wagon, with its canopy, seen from the side
    return (f'<path d="M8 30Q30 18 50 30Q70 18 92 30V38H8Z" fill="{BLUE}"/>'
            f'<path d="M14 38V58M86 38V58" fill="none" stroke-width="3"/>'
            f'<path d="M6 56H94L88 74H12Z" fill="{RED}"/>'
            f'<path d="M94 62L100 60" fill="none" stroke-width="3"/>'
            + _wheel(28, 78, 14, 8, BROWN) + _wheel(72, 78, 14, 8, BROWN))


def _e_scales() -> str:  # VIII la stadera: the scales
    pan = "M-16 0H16Q12 11 0 11Q-12 11-16 0Z"
    return (f'<path d="M46 94H54V18H46ZM30 94H70V100H30Z" fill="{GOLD}"/>'
            f'<path d="M14 24H86" fill="none" stroke="{GOLD}" stroke-width="5" stroke-linecap="round"/>'
            f'<path d="M14 24H86" fill="none" stroke-width="1.5"/>'
            f'<path d="{_circle_d(6, 50, 14)}" fill="{GOLD}"/>'
            f'<path d="M16 26L4 62M16 26L28 62M84 26L72 62M84 26L96 62" fill="none" stroke-width="1.6"/>'
            f'<path d="{_path(pan, 16, 62, 1)}{_path(pan, 84, 62, 1)}" fill="{GOLD}"/>')


def _e_monk() -> str:  # VIIII il pader: the monk in his hood, with the hermit's lantern and staff
    return (f'<path d="M18 100Q20 50 30 34Q36 6 54 6Q70 8 72 36Q84 60 84 100Z" fill="#8d6e63"/>'
            f'<path d="M40 40Q40 22 52 20Q64 22 64 40Q64 50 52 52Q40 50 40 40Z" fill="#3e2723"/>'
            f'<path d="M30 62Q52 76 74 60" fill="none"/>'
            f'<path d="M88 8V100" fill="none" stroke="{BROWN}" stroke-width="4" stroke-linecap="round"/>'
            f'<path d="M6 50H24L22 74H8ZM10 50L15 42L20 50" fill="{GOLD}"/>'
            f'<path d="M11 56H19V70H11Z" fill="#fff59d"/>')


def _e_wheel() -> str:  # X la roda dalla fortuna: the wheel of fortune on its stand, with its crank
    return (_stroke("M20 98L50 46L80 98", BROWN, 6)
            + _wheel(50, 44, 36, 8, GOLD, 2.2)
            + _stroke("M50 44L66 58H76", INK, 4, cap=True))


def _e_strength() -> str:  # XI la forza: strength, the lion
    mane = _path(_star_d(46, 12, 0.74), 50, 52, 1)
    return (f'<path d="{mane}" fill="#e08a00"/>'
            f'<path d="M26 50Q26 22 50 22Q74 22 74 50Q74 80 50 82Q26 80 26 50Z" fill="#f3c26b"/>'
            f'<path d="{_circle_d(3, 40, 44)}{_circle_d(3, 60, 44)}" fill="{INK}"/>'
            f'<path d="M44 58H56L50 66Z" fill="#5d4037"/>'
            f'<path d="M50 66V70M40 72Q50 80 60 72" fill="none"/>')


def _e_hanged() -> str:  # XII il pendiu: the hanged man, upside down by one foot, hands behind him
    return (_stroke("M14 100V8H86V100", GREEN, 6)
            + '<path d="M50 8V22" fill="none" stroke-width="2"/>'
            + _stroke("M50 22V50M50 36L64 42L65 26", BLUE, 6, cap=True)
            + _stroke("M42 72L36 62L44 52M58 72L64 62L56 52", RED, 5, cap=True)
            + f'<path d="M43 48H57L61 74H39Z" fill="{RED}"/>' + _stroke("M42 56H58", GOLD, 3)
            + f'<path d="{_circle_d(9, 50, 84)}" fill="{SKIN}"/>'
            f'<path d="M41 86Q42 96 50 96Q58 96 59 86Q50 92 41 86Z" fill="#6d4c41"/>')


def _e_death() -> str:  # XIII la mort: death, the skull and the scythe
    return (f'<path d="M86 4L20 98" fill="none" stroke="{BROWN}" stroke-width="5" stroke-linecap="round"/>'
            f'<path d="M86 4Q60 0 30 18Q60 12 80 14Z" fill="{STEEL}"/>'
            f'<path d="M24 50Q24 22 50 22Q76 22 76 50Q76 64 66 68V82H34V68Q24 64 24 50Z" fill="#fafafa"/>'
            f'<path d="M32 48Q32 40 42 42Q46 52 36 56Q32 54 32 48ZM68 48Q68 40 58 42Q54 52 64 56Q68 54 68 48Z'
            f'M50 58L46 66H54Z" fill="{INK}"/>'
            f'<path d="M42 72V82M50 72V82M58 72V82M36 72H64" fill="none" stroke-width="1.5"/>')


def _e_angel() -> str:  # XIIII igl aunghel, la tempronza: the angel's wings and halo, two jugs
    wing = "M0 0Q-20-20-46-20Q-40-12-44-6Q-36-4-40 4Q-30 4-32 12Q-18 10 0 0Z"
    return (f'<path d="{_path(wing, 46, 40, 1)}{_path(wing, 54, 40, -1, 1)}" fill="#e3f2fd"/>'
            f'<path d="{_circle_d(10, 50, 14)}" fill="none" stroke="{GOLD}" stroke-width="4"/>'
            f'<path d="M14 76Q14 60 26 58L24 54H34L32 58Q40 62 38 76Q36 90 26 90Q16 90 14 76Z" fill="{BLUE}"/>'
            f'<path d="M62 90Q62 72 74 70L72 66H82L80 70Q88 74 86 90Z" fill="{RED}"/>'
            f'<path d="M34 56Q56 40 74 70" fill="none" stroke="#4fc3f7" stroke-width="4"/>')


def _e_devil() -> str:  # XV il giavel, il da cornas: the devil, the horned one
    return (f'<path d="M30 34Q14 24 16 2Q30 14 40 26ZM70 34Q86 24 84 2Q70 14 60 26Z" fill="#fff8e1"/>'
            f'<path d="M24 40L10 34Q14 48 26 52ZM76 40L90 34Q86 48 74 52Z" fill="{RED}"/>'
            f'<path d="M24 44Q24 22 50 22Q76 22 76 44Q76 66 62 80L50 98L38 80Q24 66 24 44Z" fill="{RED}"/>'
            f'<path d="M32 40L46 46L34 50ZM68 40L54 46L66 50Z" fill="{GOLD}"/>'
            f'<path d="M36 66Q50 76 64 66Q50 70 36 66Z" fill="{INK}"/>')


def _e_tower() -> str:  # XVI il cametg, la casa da Diu: the house of God struck by lightning
    return (f'<path d="M30 100V40L26 34H74L70 40V100Z" fill="#bcaaa4"/>'
            f'<path d="M30 58H70M30 78H70M44 40V58M58 58V78M44 78V100" fill="none" stroke-width="1.4"/>'
            f'<path d="M44 84Q50 76 56 84V100H44ZM36 46H42V54H36ZM58 46H64V54H58Z" fill="#3e2723"/>'
            f'<path d="M26 34Q26 16 36 22Q38 6 50 14Q58 2 64 18Q74 12 74 34Z" fill="#ff9800"/>'
            f'<path d="M96 0L70 16L80 18L58 34L78 26L72 24Z" fill="{GOLD}"/>'
            f'<path d="M12 60H20V68H12ZM82 44H90V52H82ZM8 82H16V90H8Z" fill="#bcaaa4"/>')


def _e_stars() -> str:  # XVII las steilas: the stars
    small = "".join(_path(_star_d(7), x, y, 1) for x, y in
                    ((14, 14), (86, 14), (10, 52), (90, 52), (20, 88), (80, 88), (50, 92)))
    return (f'<path d="{_path(_star_d(34, 8, 0.42), 50, 48, 1)}" fill="{GOLD}"/>'
            f'<path d="{small}" fill="#fff176"/>')


def _e_moon() -> str:  # XVIII la glina: the moon, a crescent with a face
    return (f'<path d="M60 6A46 46 0 1 0 60 94A36 36 0 0 1 60 6Z" fill="#b3c7e6"/>'
            f'<path d="M40 28Q44 34 38 36M34 56L28 60L34 62M34 72Q40 72 42 68" fill="none" stroke-width="2.2"/>'
            f'<path d="{_path(_star_d(6), 82, 30, 1)}{_path(_star_d(5), 88, 62, 1)}" fill="#fff176"/>')


def _e_sun() -> str:  # XIX il sulegl: the sun, with a face and its rays
    rays = []
    for i in range(16):
        a = 2 * math.pi * i / 16
        r1, r2, wd = (48, 28, 0.11) if i % 2 == 0 else (40, 28, 0.09)
        rays.append(f"M{_n(50 + r1 * math.cos(a))} {_n(50 + r1 * math.sin(a))}"
                    f"L{_n(50 + r2 * math.cos(a + wd * 2))} {_n(50 + r2 * math.sin(a + wd * 2))}"
                    f"L{_n(50 + r2 * math.cos(a - wd * 2))} {_n(50 + r2 * math.sin(a - wd * 2))}Z")
    return (f'<path d="{"".join(rays)}" fill="#ff9800"/>'
            f'<path d="{_circle_d(28, 50, 50)}" fill="{GOLD}"/>'
            f'<path d="{_circle_d(3, 40, 44)}{_circle_d(3, 60, 44)}" fill="{INK}"/>'
            f'<path d="M50 46V56H46M40 62Q50 70 60 62" fill="none" stroke-width="2"/>')


def _e_judgement() -> str:  # XX la dertgira: judgement, the trumpet with its banner sounding from a cloud
    return ('<path d="M4 30Q0 18 12 16Q16 4 30 10Q40 2 46 16Q56 18 52 30Z" fill="#eceff1"/>'
            f'<path d="M30 28L82 74L90 88L74 82L26 32Z" fill="{GOLD}"/>'
            f'<path d="M44 40L66 60L46 84L24 64Z" fill="#fff"/>'
            f'<path d="M45 50V76M34 63H56" fill="none" stroke="{RED}" stroke-width="5"/>'
            '<path d="M12 100Q12 86 26 86H74Q88 86 88 100" fill="#9e9e9e"/>')


def _e_world() -> str:  # XXI il mund: the world, a globe in its wreath
    return (f'<path d="M50 4C84 4 90 96 50 96C10 96 16 4 50 4Z" fill="none" stroke="{GREEN}" stroke-width="9"'
            ' stroke-dasharray="7 3"/>'
            f'<path d="{_circle_d(28, 50, 50)}" fill="#90caf9"/>'
            f'<path d="M36 30Q46 26 50 34Q44 40 48 48Q40 54 34 46Q30 38 36 30ZM56 56Q68 50 72 60Q70 72 60 74'
            f'Q54 66 56 56Z" fill="#81c784"/>'
            f'<path d="M22 50H78M50 22Q34 50 50 78Q66 50 50 22" fill="none" stroke-width="1.2"/>'
            f'<path d="{_circle_d(4, 50, 4)}{_circle_d(4, 50, 96)}" fill="{RED}"/>')


def _e_fool() -> str:  # il narr: the fool's cap with three bells
    return (f'<path d="M14 88L20 40Q24 22 8 18Q30 14 36 40L50 6Q60 28 64 40Q72 16 92 18Q78 24 80 40L86 88Z"'
            f' fill="{RED}"/>'
            f'<path d="M50 6L56 88M36 40L40 88M64 40L64 88" fill="none" stroke="{GOLD}" stroke-width="3"/>'
            f'<path d="M10 86H90V98H10Z" fill="{BLUE}"/>'
            f'<path d="{_circle_d(6, 8, 18)}{_circle_d(6, 50, 6)}{_circle_d(6, 92, 18)}" fill="{GOLD}"/>')


EMBLEMS = {  # token: (what the drawing shows, as the data names it; the drawing; sideways shift
    # that centres it in its box)
    "I": ("Magier", _e_bagat, 0), "II": ("hen", _e_hen, 0), "III": ("empress", _e_empress, 0),
    "IV": ("emperor", _e_emperor, 0), "V": ("Jupiter", _e_jupiter, 0),
    "VI": ("lovers", _e_lovers, 3.5), "VII": ("wagon", _e_wagon, -3),
    "VIII": ("scales", _e_scales, 0), "IX": ("monk", _e_monk, 3), "X": ("wheel", _e_wheel, 0),
    "XI": ("strength", _e_strength, 0), "XII": ("hanged", _e_hanged, 0),
    "XIII": ("death", _e_death, -3), "XIV": ("angel", _e_angel, 0),
    "XV": ("horned", _e_devil, 0), "XVI": ("lightning", _e_tower, -2),
    "XVII": ("stars", _e_stars, 0), "XVIII": ("moon", _e_moon, 3.3), "XIX": ("sun", _e_sun, 0),
    "XX": ("judgement", _e_judgement, 3.5), "XXI": ("world", _e_world, 0),
    "Fool": ("Fool", _e_fool, 0),
}


def _emblem(token: str) -> str:
    subject, draw, dx = EMBLEMS[token]
    return (f'<g class="emblem" data-emblem="{subject}" transform="translate({10 + dx * 0.9:g} 48)'
            f' scale(.9)" stroke="{INK}" stroke-width="2" stroke-linejoin="round">{draw()}</g>')


# --- the card -------------------------------------------------------------------------------
def card_svg(token: str, glossary: Glossary | None = None, *, css_class: str = "cs-card") -> str:
    """The SVG markup of one card, with ``role="img"``, an aria-label and a <title>."""
    g = glossary or _default_glossary()
    card = Card.parse(token)
    label = card_label(card.token, g)
    parts = [f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="8" fill="{PAPER}"'
             f' stroke="{INK}" stroke-width="3"/>']
    if card.kind == "suit":
        assert card.suit is not None and card.rank is not None  # a suit card has both
        colour = SUIT_COLOURS[card.suit]
        index = _index(card.rank, card.suit)
        if card.is_court:
            court = next(e for e in g.kinds["cards"] if e.get("rank") == card.rank)
            parts.append(f'<g stroke="{INK}" stroke-width="2" stroke-linejoin="round"'
                         f' transform="translate(0 14)">{COURT_FIGURES[card.rank].format(c=colour)}</g>')
            parts.append(_sign(card.suit, CX, 122, 28 if card.suit != "r" else 24))
            parts.append(f'<rect x="24" y="148" width="60" height="24" rx="4" fill="#fff"'
                         f' stroke="{colour}" stroke-width="2"/>')
            parts.append(_text(54, 165, court["rm"][0]["text"], 14, fill=colour, family="serif",
                               style="italic", fit=54, char_w=0.45, extra=' lang="rm"'))
        else:
            n = int(card.rank)
            pips = _round_pips(card.suit, n) if card.suit in "cr" else _long_pips(card.suit, n)
            parts.append(f'<g class="pips" stroke="{INK}" stroke-width="1.4" stroke-linejoin="round">'
                         f'{"".join(pips)}</g>')
        # the indexes last: they lie on the pattern, on a patch of paper
        parts.append(f'{index}<g transform="rotate(180 {CX:g} {H / 2:g})">{index}</g>')
    else:
        entry = next(e for e in g.kinds["trumps"] if e["card"] == card.token)
        rm = term_forms(entry, "rm")[0]["text"]
        caption = _printed_caption(entry).upper()
        parts.append(f'<rect x="7" y="46" width="{W - 14}" height="96" rx="5" fill="#f1ecf8"/>')
        if card.is_fool:
            parts.append(f'<path d="{_path(_star_d(12), 17, 24, 1)}" fill="{GOLD}" stroke="{INK}"'
                         f' stroke-width="1.4"/>')
        else:
            parts.append(_text(16, 30, str(card.number), 24, fill=TRUMP_INK, fit=26))
            parts.append(_text(69, 35, card.roman, 30, fill=TRUMP_INK, family="serif", fit=70,
                               char_w=0.7))
        parts.append(_emblem(card.token))
        parts.append(_text(CX, 156, rm, 14, fill=TRUMP_INK, family="serif", weight="normal",
                           style="italic", fit=W - 14, char_w=0.45, extra=' lang="rm"'))
        parts.append(f'<rect x="8" y="163" width="{W - 16}" height="28" rx="4" fill="#fff"'
                     f' stroke="{TRUMP_INK}" stroke-width="2"/>')
        lines = [caption]
        if len(caption) > 12 and " " in caption:  # two lines: split at the space nearest the middle
            cut = min((i for i, ch in enumerate(caption) if ch == " "),
                      key=lambda i: abs(i - len(caption) / 2))
            lines = [caption[:cut], caption[cut + 1:]]
        if len(lines) == 1:
            parts.append(_text(CX, 182, caption, 12, fill=TRUMP_INK, family="serif", fit=W - 24,
                               char_w=0.72, extra=' lang="fr"'))
        else:
            for y, line in zip((175, 187), lines):
                parts.append(_text(CX, y, line, 10.5, fill=TRUMP_INK, family="serif", fit=W - 24,
                                   char_w=0.72, extra=' lang="fr"'))
    kind = "fool" if card.is_fool else card.kind
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}"'
            f' role="img" aria-label="{escape(label)}" class="{css_class} {css_class}--{kind}"'
            f' data-card="{card.token}"><title>{escape(label)}</title>{"".join(parts)}</svg>')


def all_card_svgs(glossary: Glossary | None = None) -> dict[str, str]:
    """{token: svg} for the whole pack, in the engine's ranking order."""
    g = glossary or _default_glossary()
    return {card.token: card_svg(card.token, g) for card in ranking_order()}


if __name__ == "__main__":  # python -m build_tools.games.troccas.cards_svg OUTDIR — write every card
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/cards")
    out.mkdir(parents=True, exist_ok=True)
    for tok, svg in all_card_svgs().items():
        (out / f"{tok}.svg").write_text(svg, encoding="utf-8")
    print(f"wrote {len(all_card_svgs())} cards to {out}")
