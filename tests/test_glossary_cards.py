"""Every one of the 78 card pictures renders, is well-formed SVG and carries its accessible name;
each trump shows its numeral and an emblem of its own, drawn from what its name says; each
numeral card as many pips as its rank, centred (measured in Chromium); the pictures stay small
and self-contained; and where a trick is the question its cards show larger, on a phone too."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import ROOT_GAME, built_site

ROOT = Path(__file__).resolve().parent.parent

from build_tools.games.troccas.cards_svg import all_card_svgs, card_label, card_svg  # noqa: E402
from build_tools.glossary import load_glossary  # noqa: E402
from troccas import Card  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
GLOSSARY = load_glossary(ROOT / "glossary")
SUIT_RM = {e["suit"]: e["rm"][0]["text"] for e in GLOSSARY.kinds["cards"] if e.get("suit")}
COURT_RM = {e["rank"]: e["rm"][0]["text"] for e in GLOSSARY.kinds["cards"] if e.get("rank")}
TRUMP = {e["card"]: e for e in GLOSSARY.kinds["trumps"]}


def expected_label(token: str) -> str:
    card = Card.parse(token)
    if card.kind == "suit":
        first = COURT_RM[card.rank] if card.is_court else card.rank
        return f"{first} da {SUIT_RM[card.suit]} — {card.name}"
    e = TRUMP[card.token]
    english = "the Fool" if card.is_fool else f"trump {card.roman}"
    # pagat's form of the first name, then each other source's spelling in brackets; where
    # pagat's form goes against Sursilvan grammar, the other source's first, naming its source.
    head, *others = e["names"][0]["rm"]
    cite = []
    if "pagat" not in head["sources"]:
        assert any(o.get("against_grammar") and "pagat" in o["sources"] for o in others)
        cite = [", ".join(head["sources"])]
    name = head["text"]
    if others:
        name += " (" + "; ".join(cite + [f"{', '.join(o['sources'])}: {o['text']}"
                                         for o in others]) + ")"
    return f"{name} — {english}, {e['caption']['fr'][0]['text']}"


ALL = all_card_svgs(GLOSSARY)


def test_the_whole_pack_in_ranking_order():
    assert len(ALL) == 78
    tokens = list(ALL)
    assert tokens[:14] == ["Kc", "Qc", "Cc", "Jc"] + [f"{n}c" for n in range(1, 11)]
    assert tokens[28:42] == ["Ks", "Qs", "Cs", "Js"] + [f"{n}s" for n in range(10, 0, -1)]
    assert tokens[-1] == "Fool"


def test_examples_of_names():
    assert card_label("Kc", GLOSSARY) == "il retg da cuppas — king of cups"
    assert card_label("Jb", GLOSSARY) == "il buob da bastuns — jack of batons"
    assert card_label("7s", GLOSSARY) == "7 da spadas — seven of swords"
    assert card_label("XXI", GLOSSARY) == "il mund — trump XXI, Le Monde"
    # Where the sources write the name differently, pagat's form comes first and the other
    # with its source: not one of them silently. Where pagat's form goes against Sursilvan
    # grammar, the grammatical form comes first, citing its source, then pagat's.
    assert card_label("XIX", GLOSSARY) == ("il sulegl (wiki-de; pagat: la sulegl) — trump XVIIII,"
                                           " Le Soleil")
    assert card_label("XIV", GLOSSARY) == ("igl aunghel (wiki-de; pagat: il aunghel) — trump"
                                           " XIIII, Temperance")
    assert card_label("VI", GLOSSARY) == "ils amurai (wiki-de: ils inamurai) — trump VI, L'Amoureux"
    assert card_label("Fool", GLOSSARY) == "il narr — the Fool, Le Mat"


@pytest.mark.parametrize("token", list(ALL))
def test_card_renders_with_its_accessible_name(token):
    svg = ALL[token]
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    label = expected_label(token)
    assert root.get("aria-label") == label
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == label
    assert root.get("data-card") == token
    assert root.get("viewBox") == "0 0 110 200"
    # Self-contained: no ids to collide when inlined twice, no external fonts or images, no
    # references of any kind (the only URL is the SVG namespace).
    assert not re.search(r'\sid="|href=|url\(|@font-face|@import|<image|<use|<foreignObject|<style|<script',
                         svg)
    assert re.findall(r"https?://[^\s\"']*", svg) == ["http://www.w3.org/2000/svg"]
    families = set(re.findall(r'font-family="([^"]+)"', svg))
    assert families <= {"serif", "sans-serif"}
    texts = [t.text for t in root.iter(f"{SVG}text")]
    card = Card.parse(token)
    if card.kind == "suit":
        assert card.rank in texts
    elif card.is_fool:
        assert "LE MAT" in texts and "il narr" in texts
    else:
        assert card.roman in texts  # as printed: IIII, VIIII
        caption = TRUMP[token]["caption"]["fr"][0]["text"].upper()
        assert caption in texts or " ".join(t for t in texts if t and t.isupper() and t != card.roman) == caption
    assert card_svg(token, GLOSSARY) == svg


def test_built_site_has_every_card_file():
    site = built_site(ROOT_GAME)
    if not (site / "cards").is_dir():
        pytest.skip(f"no built site with cards/ in {site}")
    files = sorted(p.name for p in (site / "cards").glob("*.svg"))
    assert files == sorted(f"{t}.svg" for t in ALL)
    for token in ("Kc", "10s", "IV", "Fool"):
        root = ET.parse(site / "cards" / f"{token}.svg").getroot()
        assert root.get("aria-label") == expected_label(token)


# --- what the pictures show --------------------------------------------------------------------
TRUMPS = [t for t in ALL if Card.parse(t).kind != "suit"]
NUMERALS = [t for t in ALL if Card.parse(t).kind == "suit" and not Card.parse(t).is_court]


def _tree(token):
    return ET.fromstring(ALL[token])


def _emblem(token):
    groups = [g for g in _tree(token).iter(f"{SVG}g") if g.get("class") == "emblem"]
    assert len(groups) == 1, f"{token}: expected one <g class=\"emblem\">, found {len(groups)}"
    return groups[0]


def test_every_trump_and_the_fool_has_an_emblem_of_its_own():
    assert len(TRUMPS) == 22
    drawings = {}
    for token in TRUMPS:
        g = _emblem(token)
        shapes = [e for e in g.iter() if e.tag in (f"{SVG}path", f"{SVG}circle", f"{SVG}rect")]
        assert len(shapes) >= 2, f"{token}: an emblem of {len(shapes)} shape(s) is no drawing"
        drawing = "".join(ET.tostring(e, encoding="unicode") for e in g)
        drawings.setdefault(drawing, []).append(token)
    shared = [tokens for tokens in drawings.values() if len(tokens) > 1]
    assert not shared, f"trumps sharing one drawing: {shared}"


@pytest.mark.parametrize("token", TRUMPS)
def test_the_emblem_shows_what_the_trumps_name_says(token):
    """The emblem's subject is a word of the trump's own data: one of its names in English or
    German, or its French or German caption (the sun on la sulegl, the hen on la gaglina)."""
    subject = _emblem(token).get("data-emblem")
    e = TRUMP[token]
    words = [c["text"] for items in e["caption"].values() for c in items]
    for name in e["names"]:
        words += [r["text"] for r in name.get("en", []) + name.get("de", [])]
    assert subject and any(subject.lower() in w.lower() for w in words), (
        f"{token}: emblem {subject!r} is none of {words}")


@pytest.mark.parametrize("token", [t for t in TRUMPS if t != "Fool"])
def test_trump_numerals_large(token):
    card = Card.parse(token)
    sizes = {t.text: float(t.get("font-size")) for t in _tree(token).iter(f"{SVG}text")}
    assert sizes.get(card.roman, 0) >= 28, f"{token}: the numeral {card.roman} is missing or small"
    assert sizes.get(str(card.number), 0) >= 22, f"{token}: the corner number is missing or small"


@pytest.mark.parametrize("token", NUMERALS)
def test_numeral_cards_have_as_many_pips_as_their_rank(token):
    card = Card.parse(token)
    groups = [g for g in _tree(token).iter(f"{SVG}g") if g.get("class") == "pips"]
    assert len(groups) == 1
    assert len(list(groups[0])) == int(card.rank), f"{token}: {len(list(groups[0]))} pips"


def test_courts_are_drawn_apart():
    """A court has no pips, and the four courts of a suit are four different figures."""
    for suit in "crsb":
        figures = set()
        for rank in "KQCJ":
            root = _tree(rank + suit)
            assert not [g for g in root.iter(f"{SVG}g") if g.get("class") == "pips"]
            figures.add(ET.tostring(next(g for g in root if g.tag == f"{SVG}g"), encoding="unicode"))
        assert len(figures) == 4, suit


# Each picture at most 6 KB and the pack at most 200 KB: the glossary's card gallery inlines all
# 78 in one page, so the pack's size is that page's weight in pictures. The pictures drawn before
# the emblems came to 182 KB (the largest 5.8 KB): the emblems may not make any page heavier.
MAX_CARD_BYTES, MAX_PACK_BYTES = 6 * 1024, 200 * 1024


def test_the_pictures_stay_small():
    sizes = {t: len(svg.encode()) for t, svg in ALL.items()}
    big = {t: n for t, n in sizes.items() if n > MAX_CARD_BYTES}
    assert not big, f"cards over {MAX_CARD_BYTES} bytes: {big}"
    assert sum(sizes.values()) <= MAX_PACK_BYTES, f"the pack is {sum(sizes.values())} bytes"


def test_pips_centred_on_the_card(browser):
    """In Chromium, every numeral card's pattern is centred on the card's vertical axis (within
    2 of its 110 units), and the trumps' emblems too, inside the card."""
    page = browser.new_page()
    try:
        page.set_content("<!doctype html><body>" + "".join(ALL.values()) + "</body>")
        boxes = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('svg')].map(svg => {
            const g = svg.querySelector('g.pips, g.emblem');
            if (!g) return [svg.dataset.card, null];
            const card = svg.getBoundingClientRect(), b = g.getBoundingClientRect();
            const k = 110 / card.width;  // pixels to the card's units
            return [svg.dataset.card, [(b.left - card.left) * k, (b.right - card.left) * k,
                                       (b.top - card.top) * k, (b.bottom - card.top) * k]];
        }))""")
    finally:
        page.close()
    for token in NUMERALS + TRUMPS:
        left, right, top, bottom = boxes[token]
        assert abs((left + right) / 2 - 55) <= 2, f"{token}: pattern from x={left:.1f} to {right:.1f}"
        assert 3 <= left and right <= 107 and 3 <= top and bottom <= 197, (token, boxes[token])


# --- where the trick is the question, its cards are larger -------------------------------------
WIDTHS = """(sel) => [...document.querySelectorAll(sel)].map(e => {
    const b = e.getBoundingClientRect(); return [b.width, b.right]; })"""
# (page, its cards that are not a trick) and (page, a trick's cards), puzzles and examples
PLAIN_AND_TRICK = [
    (("puzzles/legal/", ".cs-pz__choose:not(.cs-pz__choose--trick) .cs-pz__img"),
     ("puzzles/winner/", ".cs-pz--winner .cs-pz__choose .cs-pz__img")),
    (("rules/cards/", ".cs-ex--cards img.cs-pic"), ("rules/play/", ".cs-ex__trick img.cs-pic")),
]


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_trick_cards_show_larger_and_fit_a_phone(width, height, site_server, browser):
    """On the winner puzzles and the trick examples the trick's cards show at least 1.25 times
    as wide as the plain cards of a puzzle's hand or an example's row, and, on a 390 px phone as
    on a desktop, the page does not scroll sideways and no trick card runs off the screen."""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = ctx.new_page()
        for (plain_path, plain_sel), (trick_path, trick_sel) in PLAIN_AND_TRICK:
            page.goto(site_server.url_of(plain_path))
            plain = [w for w, _ in page.evaluate(WIDTHS, plain_sel)]
            page.goto(site_server.url_of(trick_path))
            trick = page.evaluate(WIDTHS, trick_sel)
            assert plain and trick, f"no {plain_sel} on /{plain_path} or no {trick_sel} on /{trick_path}"
            smallest = min(w for w, _ in trick)
            assert smallest >= 1.25 * max(plain), (
                f"/{trick_path}: trick cards {smallest:.0f} px wide, plain cards {max(plain):.0f} px")
            scroll = page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, f"/{trick_path} scrolls sideways ({scroll} px on a {width} px screen)"
            assert max(right for _, right in trick) <= width, f"/{trick_path}: a trick card runs off"
    finally:
        ctx.close()


# --- Romansh forms that agree with Sursilvan grammar (issue 27) -------------------------------
def _printed_romansh(token: str) -> list[str]:
    root = ET.fromstring(card_svg(token, GLOSSARY))
    return [t.text for t in root.iter(f"{SVG}text") if t.get("lang") == "rm"]


@pytest.mark.parametrize("token,printed,pagat", [("XIX", "il sulegl", "la sulegl"),
                                                 ("XIV", "igl aunghel", "il aunghel")])
def test_sursilvan_article_card_prints_wiki_de_form_and_glossary_keeps_pagats(token, printed, pagat):
    """sulegl is masculine (il, not la) and il becomes igl before a vowel (igl imperatur, igl
    juhe, as the site writes them): the card prints wiki-de's form; the glossary keeps both
    forms, each with its source, and says why pagat's is not the one printed."""
    assert _printed_romansh(token) == [printed]
    assert pagat not in _printed_romansh(token)
    forms = TRUMP[token]["names"][0]["rm"]
    assert [(f["text"], f["sources"]) for f in forms] == [(printed, ["wiki-de"]), (pagat, ["pagat"])]
    assert forms[1]["against_grammar"] is True and forms[1]["differs"] == "article"
    assert forms[1]["note"]["en"] and forms[1]["note"]["de"]
    assert card_label(token, GLOSSARY).startswith(f"{printed} (wiki-de; pagat: {pagat}) — ")
