"""Pictures of the 78 cards as SVG, drawn from the glossary data and the engine's pack.

    card_svg("Kc")      -> '<svg ... role="img" aria-label="il retg da cuppas — king of cups">…'
    card_label("XXI")   -> 'il mund — trump XXI, Le Monde'
    all_card_svgs()     -> {token: svg} for the whole pack, in ranking order

Plain shapes and generic font families only (no external fonts, no ids, no <defs>), so a card
can be inlined any number of times in one page. The top-left corner carries the rank (or the
trump's number) and the suit sign in large type: that corner is what shows when 21 cards are
fanned in a hand on a phone. Trumps show their numeral as printed (IIII, VIIII), their French
caption and their first Romansh name; the Fool shows "il narr" and LE MAT.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from html import escape
from pathlib import Path

from troccas import ranking_order

from build_tools.glossary.load import Card, Glossary, load_glossary, rm_forms, with_variants

W, H = 110, 200
INK = "#222"
PAPER = "#fffdf6"
SUIT_COLOURS = {"c": "#b71c1c", "r": "#8d6e00", "s": "#0d47a1", "b": "#1b5e20"}
TRUMP_INK = "#3b1f5e"
RANK_NAMES_SHORT = {"K": "K", "Q": "Q", "C": "C", "J": "J"}


@lru_cache(maxsize=1)
def _default_glossary() -> Glossary:
    return load_glossary()


# --- names ----------------------------------------------------------------------------------
def card_label(token: str, glossary: Glossary | None = None) -> str:
    """The card's accessible name: Romansh first, then English ("il retg da cuppas — king of cups")."""
    g = glossary or _default_glossary()
    card = Card.parse(token)
    if card.kind != "suit":
        entry = next(e for e in g.kinds["trumps"] if e["card"] == card.token)
        rm = with_variants(entry["names"][0]["rm"])  # pagat's form, then any variant with its source
        caption = entry["caption"][0]["text"]
        english = "the Fool" if card.is_fool else f"trump {card.roman}"
        return f"{rm} — {english}, {caption}"
    suit = next(e for e in g.kinds["cards"] if e.get("suit") == card.suit)
    suit_rm = suit["rm"][0]["text"]
    if card.is_court:
        court = next(e for e in g.kinds["cards"] if e.get("rank") == card.rank)
        return f"{court['rm'][0]['text']} da {suit_rm} — {card.name}"
    return f"{card.rank} da {suit_rm} — {card.name}"


# --- suit signs, drawn in a 100 x 100 box ---------------------------------------------------
def _sign(suit: str, x: float, y: float, size: float) -> str:
    """The suit sign centred at (x, y), ``size`` units across."""
    c = SUIT_COLOURS[suit]
    s = size / 100
    body = {
        # a goblet: bowl, stem and foot
        "c": (f'<path d="M14 14 H86 C86 48 68 60 56 62 V78 H72 Q76 80 76 88 H24 Q24 80 28 78 H44 V62'
              f' C32 60 14 48 14 14 Z" fill="{c}" stroke="{INK}" stroke-width="4"/>'
              f'<path d="M22 24 H78" stroke="#fff" stroke-width="5" stroke-linecap="round"/>'),
        # a coin with a rose: rim, ring and four petals round a centre
        "r": (f'<circle cx="50" cy="50" r="44" fill="#f2c94c" stroke="{INK}" stroke-width="4"/>'
              f'<circle cx="50" cy="50" r="31" fill="none" stroke="{c}" stroke-width="4"/>'
              f'<path d="M50 24 Q60 40 50 50 Q40 40 50 24 Z M50 76 Q60 60 50 50 Q40 60 50 76 Z'
              f' M24 50 Q40 40 50 50 Q40 60 24 50 Z M76 50 Q60 40 50 50 Q60 60 76 50 Z" fill="{c}"/>'
              f'<circle cx="50" cy="50" r="6" fill="#fff" stroke="{c}" stroke-width="2"/>'),
        # a sword, point up: blade, cross-guard, grip and pommel
        "s": (f'<path d="M50 2 L59 16 V64 H41 V16 Z" fill="#cfd8dc" stroke="{INK}" stroke-width="4"'
              f' stroke-linejoin="round"/>'
              f'<path d="M50 12 V60" stroke="{c}" stroke-width="3"/>'
              f'<rect x="22" y="64" width="56" height="10" rx="5" fill="{c}" stroke="{INK}" stroke-width="3"/>'
              f'<rect x="44" y="74" width="12" height="15" fill="{c}" stroke="{INK}" stroke-width="3"/>'
              f'<circle cx="50" cy="92" r="7" fill="{c}" stroke="{INK}" stroke-width="3"/>'),
        # a baton: a knotty club, slanted
        "b": (f'<g transform="rotate(-28 50 50)">'
              f'<path d="M38 10 Q50 -2 62 10 L57 92 Q50 99 43 92 Z" fill="{c}" stroke="{INK}"'
              f' stroke-width="4" stroke-linejoin="round"/>'
              f'<path d="M41 34 H59 M42 58 H58" stroke="#c8e6c9" stroke-width="5" stroke-linecap="round"/>'
              f'<circle cx="62" cy="46" r="5" fill="{c}" stroke="{INK}" stroke-width="3"/>'
              f'</g>'),
    }[suit]
    return f'<g transform="translate({x - size / 2:g} {y - size / 2:g}) scale({s:g})">{body}</g>'


def _star(x: float, y: float, r: float, fill: str) -> str:
    import math
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append(f"{x + rad * math.cos(a):.1f},{y + rad * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="{INK}" stroke-width="1.5"/>'


def _text(x, y, s, size, *, fill=INK, family="sans-serif", weight="bold", anchor="middle",
          style="", fit: float | None = None, char_w: float = 0.6, extra="") -> str:
    """A line of text; ``fit`` squeezes it into that width when it would be wider (``char_w``
    is the estimated advance of one character, as a fraction of the font size)."""
    fit_attr = ""
    if fit is not None and len(s) * size * char_w > fit:
        fit_attr = f' textLength="{fit:g}" lengthAdjust="spacingAndGlyphs"'
    st = f' font-style="{style}"' if style else ""
    return (f'<text x="{x:g}" y="{y:g}" font-family="{family}" font-size="{size:g}"'
            f' font-weight="{weight}" text-anchor="{anchor}" fill="{fill}"{st}{fit_attr}{extra}>'
            f'{escape(s)}</text>')


# --- pips of the numerals -------------------------------------------------------------------
_L, _M, _R = 52, 71, 90
_ROWS5 = (32, 66, 100, 134, 168)


def _pips(n: int) -> list[tuple[float, float]]:
    top, mid, bot = 40, 100, 160
    q1, q2, q3, q4 = 40, 80, 120, 160
    layouts = {
        1: [(_M, mid)],
        2: [(_M, top), (_M, bot)],
        3: [(_M, top), (_M, mid), (_M, bot)],
        4: [(_L, top), (_R, top), (_L, bot), (_R, bot)],
        5: [(_L, top), (_R, top), (_M, mid), (_L, bot), (_R, bot)],
        6: [(_L, top), (_R, top), (_L, mid), (_R, mid), (_L, bot), (_R, bot)],
        7: [(_L, top), (_R, top), (_M, 70), (_L, mid), (_R, mid), (_L, bot), (_R, bot)],
        8: [(x, y) for y in (q1, q2, q3, q4) for x in (_L, _R)],
        9: [(x, y) for y in (32, 66, 134, 168) for x in (_L, _R)] + [(_M, mid)],
        10: [(x, y) for y in _ROWS5 for x in (_L, _R)],
    }
    return layouts[n]


# --- court emblems --------------------------------------------------------------------------
def _court_emblem(rank: str, colour: str) -> str:
    gold = "#f2c94c"
    if rank == "K":  # a crown with three points
        return (f'<path d="M46 58 L50 34 L61 48 L71 28 L81 48 L92 34 L96 58 Z" fill="{gold}"'
                f' stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>'
                f'<rect x="46" y="58" width="50" height="7" fill="{colour}" stroke="{INK}" stroke-width="2"/>')
    if rank == "Q":  # a low crown with rounded points
        return (f'<path d="M50 60 Q52 44 58 52 Q64 38 71 50 Q78 38 84 52 Q90 44 92 60 Z" fill="{gold}"'
                f' stroke="{INK}" stroke-width="2"/>'
                f'<rect x="50" y="60" width="42" height="6" fill="{colour}" stroke="{INK}" stroke-width="2"/>')
    if rank == "C":  # a horseshoe (il cavagl, the horse)
        return (f'<path d="M56 34 Q56 64 71 64 Q86 64 86 34" fill="none" stroke="{INK}" stroke-width="11"'
                f' stroke-linecap="round"/>'
                f'<path d="M56 34 Q56 64 71 64 Q86 64 86 34" fill="none" stroke="#b0bec5" stroke-width="6"'
                f' stroke-linecap="round"/>')
    # J: a page's feathered cap
    return (f'<path d="M52 60 Q54 40 71 40 Q88 40 90 60 Z" fill="{colour}" stroke="{INK}" stroke-width="2"/>'
            f'<path d="M80 42 Q96 26 98 36 Q92 40 84 46" fill="{gold}" stroke="{INK}" stroke-width="2"/>')


# --- the card -------------------------------------------------------------------------------
def card_svg(token: str, glossary: Glossary | None = None, *, css_class: str = "troccas-card") -> str:
    """The SVG markup of one card, with ``role="img"``, an aria-label and a <title>."""
    g = glossary or _default_glossary()
    card = Card.parse(token)
    label = card_label(card.token, g)
    parts = [f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="8" fill="{PAPER}"'
             f' stroke="{INK}" stroke-width="3"/>']
    if card.kind == "suit":
        colour = SUIT_COLOURS[card.suit]
        parts.append(_text(17, 31, card.rank, 27, fill=colour, fit=27))
        parts.append(_sign(card.suit, 17, 50, 26))
        if card.is_court:
            parts.append(_court_emblem(card.rank, colour))
            parts.append(_sign(card.suit, 71, 112, 64))
            court = next(e for e in g.kinds["cards"] if e.get("rank") == card.rank)
            parts.append(f'<rect x="10" y="160" width="{W - 20}" height="28" rx="4" fill="#fff"'
                         f' stroke="{colour}" stroke-width="2"/>')
            parts.append(_text(W / 2, 180, court["rm"][0]["text"], 15, fill=colour, family="serif",
                               style="italic", fit=W - 26, char_w=0.45, extra=' lang="rm"'))
        else:
            for x, y in _pips(int(card.rank)):
                parts.append(_sign(card.suit, x, y, 28))
    else:
        entry = next(e for e in g.kinds["trumps"] if e["card"] == card.token)
        rm = rm_forms(entry)[0]["text"]
        caption = entry["caption"][0]["text"].upper()
        if card.is_fool:
            parts.append(_star(17, 24, 14, "#f2c94c"))
            parts.append(  # a fool's cap with three bells
                f'<path d="M30 112 L40 58 L55 100 L71 46 L87 100 L102 58 L112 112 Z"'
                f' transform="translate(-16 0)" fill="#c62828" stroke="{INK}" stroke-width="2.5"'
                f' stroke-linejoin="round"/>'
                f'<circle cx="24" cy="58" r="6" fill="#f2c94c" stroke="{INK}" stroke-width="2"/>'
                f'<circle cx="55" cy="46" r="6" fill="#f2c94c" stroke="{INK}" stroke-width="2"/>'
                f'<circle cx="86" cy="58" r="6" fill="#f2c94c" stroke="{INK}" stroke-width="2"/>'
                f'<rect x="14" y="110" width="82" height="10" rx="3" fill="#1565c0" stroke="{INK}"'
                f' stroke-width="2"/>')
        else:
            parts.append(_text(17, 31, str(card.number), 25, fill=TRUMP_INK, fit=28))
            parts.append(_star(17, 48, 9, "#f2c94c"))
            parts.append(_text(68, 34, card.roman, 24, fill=TRUMP_INK, family="serif", fit=64))
            parts.append(f'<circle cx="62" cy="88" r="26" fill="#ede7f6" stroke="{TRUMP_INK}"'
                         f' stroke-width="2.5"/>')
            parts.append(_star(62, 88, 20, "#f2c94c"))
        parts.append(_text(W / 2, 146, rm, 15, fill=TRUMP_INK, family="serif", weight="normal",
                           style="italic", fit=W - 14, char_w=0.45, extra=' lang="rm"'))
        parts.append(f'<rect x="8" y="160" width="{W - 16}" height="28" rx="4" fill="#fff"'
                     f' stroke="{TRUMP_INK}" stroke-width="2"/>')
        lines = [caption]
        if len(caption) > 12 and " " in caption:  # two lines: split at the space nearest the middle
            cut = min((i for i, ch in enumerate(caption) if ch == " "),
                      key=lambda i: abs(i - len(caption) / 2))
            lines = [caption[:cut], caption[cut + 1:]]
        if len(lines) == 1:
            parts.append(_text(W / 2, 179, caption, 12, fill=TRUMP_INK, family="serif", fit=W - 24,
                               char_w=0.72, extra=' lang="fr"'))
        else:
            for y, line in zip((172, 184), lines):
                parts.append(_text(W / 2, y, line, 10.5, fill=TRUMP_INK, family="serif", fit=W - 24,
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
