"""What the pages say the sources say (issue 27, a reader's findings), in both editions, read
from the built site and the one-page handout:

* values: pagat and wiki-en give a plain card 1 point, arcane and wiki-de 0 (a group or trick
  without a scoring card then counts 1; the totals are the same) — no page may say that every
  source gives the same values (arcane: its table and worked examples, "1 suit card (0)";
  wiki-de: "alle restlichen Karten 0 Punkte");
* talk: the bots say tschintschar and read their partner's (troccas.bots.signals) — no page
  may say the engine leaves out what is said;
* customs: a trump lying in the scart is never played, so with pagat's condition ("all higher
  trumps having been played") nobody knocks again (the engine's
  test_knocking_ends_when_a_trump_lies_in_the_scart);
* the Fool: it stays with its side for a low card, but a side that takes every trick takes it
  too — nothing may say it never changes sides.
"""

from __future__ import annotations

import html
import re
import subprocess
from pathlib import Path

import pytest


def article(site: Path, path: str) -> str:
    """The words of a page's article, footnotes included (what a reader reads): no scripts, no
    styles, no tags."""
    page = (site / path / "index.html").read_text(encoding="utf-8")
    body = page[page.index("<article"):page.index("</article>")]
    body = re.sub(r"<(script|style|template)\b.*?</\1>", " ", body, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.!?])\s+", text)


EDITIONS = {
    "en": {"dir": "", "plain": r"plain cards?", "zero": r"\b(?:is worth |give a plain card |counts? )?0\b",
           "same": r"\b(?:the same|same values|identical)\b",
           "all": r"\b(?:every|all|each) (?:of the )?sources?\b",
           "talk_unmodelled": r"does not model what is said|not model(?:led)? what",
           "bots_talk": r"bots do talk", "scart_stop": r"nobody knocks",
           "fool_never": r"never changes sides|never captured",
           "fool_every": "takes the Fool too"},
    "de": {"dir": "de/", "plain": r"leeren? Karten?", "zero": r"\b0\b",
           "same": r"\b(?:dieselben|gleichen) (?:Werte|Punkte)\b|nennen dieselben",
           "all": r"\balle Quellen\b",
           "talk_unmodelled": r"bildet nicht nach, was gesagt",
           "bots_talk": r"Die Bots reden aber mit", "scart_stop": r"klopft niemand mehr",
           "fool_never": r"nie die Partei wechselt|wird nie gefangen",
           "fool_every": "bekommt sie auch den Narren"},
}


@pytest.mark.parametrize("lang", sorted(EDITIONS))
@pytest.mark.parametrize("page", ["rules/cards", "rules/counting", "rules/sources"])
def test_values_pages_name_arcane_and_wiki_de_zero_plain_cards(site_dir, lang, page):
    e = EDITIONS[lang]
    text = article(site_dir, e["dir"] + page)
    said = sentences(text)
    # Some sentence names both sources with their 0 for a plain card.
    zero = [s for s in said if "arcane" in s and "wiki-de" in s and re.search(e["plain"], s)
            and re.search(e["zero"], s)]
    zero += [s for s in said if ("arcane" in s or "wiki-de" in s) and re.search(e["zero"], s)
             and re.search(e["plain"], s)]
    assert zero, f"{lang} {page}: no sentence gives arcane's and wiki-de's plain cards 0"
    # No sentence claims that all sources, or arcane and wiki-de with pagat, give the same values.
    for s in said:
        if re.search(r"\bvalues?\b|\bWerte\b", s) and re.search(e["all"], s):
            assert not re.search(r"give|agree|nennen|einig", s) or "differ" in s or "unter" in s, \
                f"{lang} {page}: {s}"
        if "arcane" in s and "wiki-de" in s and re.search(e["same"], s) \
                and re.search(r"\bvalues?\b|\bWerte\b", s):
            # "the same" only of the totals, or beside the plain cards' 0
            assert re.search(r"totals?|Summen?", s) or re.search(e["zero"], s), \
                f"{lang} {page}: {s}"


@pytest.mark.parametrize("lang", sorted(EDITIONS))
def test_talk_page_says_the_bots_speak_and_read_tschintschar(site_dir, lang):
    e = EDITIONS[lang]
    text = article(site_dir, e["dir"] + "rules/talk")
    assert not re.search(e["talk_unmodelled"], text), lang
    assert re.search(e["bots_talk"], text), lang


@pytest.mark.parametrize("lang", sorted(EDITIONS))
def test_customs_page_says_a_trump_in_the_scart_ends_knocking(site_dir, lang):
    e = EDITIONS[lang]
    text = article(site_dir, e["dir"] + "rules/customs")
    page = (site_dir / e["dir"] / "rules" / "customs" / "index.html").read_text(encoding="utf-8")
    # The paragraph that says nobody knocks any more says why: a trump lying in the scart.
    said = [p for p in re.findall(r"<p>(.*?)</p>", page, re.S) if re.search(e["scart_stop"], p)]
    assert said and any(re.search(r"\bscart\b", p, re.I) for p in said), lang
    assert "Variations" in text, f"{lang}: the rule's note names pagat's section"


@pytest.mark.parametrize("lang", sorted(EDITIONS))
def test_nothing_says_the_fool_never_changes_sides(site_dir, lang):
    e = EDITIONS[lang]
    for page in ("learn", "learn/fool", "rules/fool"):
        assert not re.search(e["fool_never"], article(site_dir, e["dir"] + page)), (lang, page)


@pytest.mark.parametrize("lang", sorted(EDITIONS))
def test_the_handout_says_a_side_taking_every_trick_takes_the_fool(site_dir, lang, pdftotext):
    e = EDITIONS[lang]
    pdf = site_dir / e["dir"] / "handouts" / "troccas-rules-summary.pdf"
    text = " ".join(subprocess.run([pdftotext, str(pdf), "-"], capture_output=True, text=True,
                                   check=True).stdout.replace("-\n", "-").split())
    assert not re.search(e["fool_never"], text), lang
    assert e["fool_every"] in text, lang


GERMAN_RULE_PAGES = ["cards", "deal", "talk", "scart", "play", "fool", "buob", "counting",
                     "scoring", "variants", "customs", "sources", "index"]


@pytest.mark.parametrize("page", GERMAN_RULE_PAGES)
def test_german_rules_pages_use_words_not_developer_terms(site_dir, page):
    """A German reader reads «Regelprogramm», not «Engine», and a rule in words, not an option
    value such as buob_caller="king_leader" or own_card_unless_court; only the page about the
    sources and their options names the options, once each, as code."""
    text = article(site_dir, "de/rules" if page == "index" else f"de/rules/{page}")
    assert "Engine" not in text, page
    if page != "sources":
        assert not re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", text), page


def test_german_play_page_names_the_deal_in_plain_german(site_dir):
    html = (site_dir / "de" / "play" / "index.html").read_text(encoding="utf-8")
    assert "Nummer des Gebens" not in html
    assert "Engine" not in article(site_dir, "de/play")


def test_no_german_reader_page_says_engine(site_dir):
    """«Regelprogramm» on every page a German reader reads (the developer pages under About
    may say Engine), and in every word the site's scripts show (status lines, verdicts)."""
    pages = [p for p in (site_dir / "de").rglob("index.html")
             if "about" not in p.relative_to(site_dir / "de").parts]
    assert len(pages) > 30
    said = [str(p.relative_to(site_dir)) for p in pages
            if "Engine" in article(site_dir, str(p.parent.relative_to(site_dir)))]
    assert not said, said
    import yaml
    words = Path(__file__).resolve().parents[1] / "build_tools" / "messages" / "de"
    for f in sorted(words.glob("*.yaml")):
        def walk(value, where):
            if isinstance(value, dict):
                for k, v in value.items():
                    walk(v, f"{where}/{k}")
            elif isinstance(value, list):
                for i, v in enumerate(value):
                    walk(v, f"{where}/{i}")
            else:
                assert "Engine" not in str(value), where
        walk(yaml.safe_load(f.read_text(encoding="utf-8")), f.name)
