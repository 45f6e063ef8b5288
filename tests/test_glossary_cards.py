"""Every one of the 78 card pictures renders, is well-formed SVG and carries its accessible name."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from build_tools.games.troccas.cards_svg import all_card_svgs, card_label, card_svg  # noqa: E402
from build_tools.glossary import load_glossary  # noqa: E402
from build_tools.glossary.load import Card  # noqa: E402

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
    # pagat's form of the first name, then each other source's spelling in brackets.
    head, *others = e["names"][0]["rm"]
    assert "pagat" in head["sources"]
    name = head["text"]
    if others:
        name += " (" + "; ".join(f"{', '.join(o['sources'])}: {o['text']}" for o in others) + ")"
    return f"{name} — {english}, {e['caption'][0]['text']}"


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
    # with its source: not one of them silently.
    assert card_label("XIX", GLOSSARY) == "la sulegl (wiki-de: il sulegl) — trump XVIIII, Le Soleil"
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
    # Self-contained: no ids to collide when inlined twice, no external fonts or images.
    assert not re.search(r'\sid="|href=|url\(|@font-face|@import', svg)
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
        caption = TRUMP[token]["caption"][0]["text"].upper()
        assert caption in texts or " ".join(t for t in texts if t and t.isupper() and t != card.roman) == caption
    assert card_svg(token, GLOSSARY) == svg


def test_built_site_has_every_card_file():
    site = Path(os.environ.get("TROCCAS_SITE", ROOT / "site"))
    site = site if site.is_absolute() else ROOT / site
    if not (site / "cards").is_dir():
        pytest.skip(f"no built site with cards/ in {site}")
    files = sorted(p.name for p in (site / "cards").glob("*.svg"))
    assert files == sorted(f"{t}.svg" for t in ALL)
    for token in ("Kc", "10s", "IV", "Fool"):
        root = ET.parse(site / "cards" / f"{token}.svg").getroot()
        assert root.get("aria-label") == expected_label(token)
