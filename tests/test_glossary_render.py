"""The generated glossary pages and the term marking, checked without a browser."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from build_tools.games.troccas.cards_svg import card_svg  # noqa: E402
from build_tools.games.troccas import glossary as troccas_glossary  # noqa: E402
from build_tools.glossary import load_glossary, render  # noqa: E402

try:
    from troccas import ranking_order
except ImportError:  # engine/src is put on the path by build_tools.glossary.load
    from troccas.cards import ranking_order

G = load_glossary(ROOT / "glossary")
TERMS = render.tooltips(G)
PAGES = render.pages(G, {"index": "../../assets/glossary/glossary.json", "words": "../words/"},
                     lambda t: card_svg(t, G), list(ranking_order()))


def test_terms_marked_once_and_not_inside_code_links_or_headings():
    html = ("<h2>The scart</h2><p>Use <code>scart</code> or <a href='x'>scart</a>.</p>"
            "<p>The <em>scart</em> counts; the scart again. Say <b>strusch in</b>!</p>")
    out = render.mark_terms(html, TERMS, "../glossary/words/", term_lang=G.term_lang,
                              lowercase_only=LANG_FORMS.lowercase_only)
    assert out.count('class="gl-term"') == 2
    assert "<h2>The scart</h2>" in out and "<code>scart</code>" in out and "<a href='x'>scart</a>" in out
    assert '<em><span class="gl-term"><a class="gl-term__link" href="../glossary/words/#scart" lang="rm"' in out
    assert 'href="../glossary/words/#strusch-in"' in out
    assert out.endswith("the scart again. Say <b>" + re.search(r"<b>(.*)</b>", out).group(1) + "</b>!</p>")


def test_the_game_name_is_not_marked_but_the_word_is():
    out = render.mark_terms("<p>Troccas is a game; its troccas are trumps.</p>", TERMS, "w/",
                            term_lang=G.term_lang, lowercase_only=LANG_FORMS.lowercase_only)
    assert out.startswith("<p>Troccas is a game; its <span") and "#troccas" in out


def test_tschintschar_page_is_ordered_by_moment_of_the_deal():
    md = PAGES["glossary/tschintschar.md"]
    heads = [md.index(f"{{ #{p} }}") for p in troccas_glossary.PHASES]
    assert heads == sorted(heads)
    first, second = md.index('<tr id="strusch-in">'), md.index('<tr id="da-medel">')
    third = md.index('<tr id="jeu-sun-da-medel">')
    assert heads[0] < first < heads[1] < second < heads[2] < third


def test_gallery_shows_round_and_long_suits_in_ranking_order_with_points():
    md = PAGES["glossary/cards.md"]
    order = re.findall(r'data-card="([^"]+)"', md)
    assert order == [c.token for c in ranking_order()]
    assert "gl-gallery--round" in md and "gl-gallery--long" in md
    assert md.count("5 points") == 7  # four kings, XXI, I and the Fool


def test_trump_table_has_every_name_and_caption():
    md = PAGES["glossary/trumps.md"]
    for e in G.kinds["trumps"]:
        assert f'<tr id="{e["id"]}">' in md
        for c in (c for items in e["caption"].values() for c in items):
            assert c["text"].replace("'", "&#39;") in md
        for name in e["names"]:
            for f in name["rm"]:
                assert f'<b lang="rm">{f["text"]}</b>'.replace("'", "&#39;") in md
    assert ">VIIII<" in md and ">XVIIII<" in md


def test_index_covers_every_entry_in_three_languages():
    idx = render.index(G)
    assert [r["id"] for r in idx] == [e["id"] for _, e in G.entries()]
    xxi = next(r for r in idx if r["id"] == "trump-xxi")
    assert "la vaca" in xxi["rm"] and "the cow" in xxi["en"] and "die Kuh" in xxi["de"]
    assert render.fold("Tschéc Mässigkeit") == "tschec massigkeit"


LANG_FORMS = render.lang_forms(G)


def test_lang_forms_leave_places_english_words_and_latin_names_out():
    forms = {f.lower(): lang for f, lang in LANG_FORMS}
    assert forms["scart"] == "rm" and forms["il da cuoz"] == "rm" and forms["die schöne"] == "de"
    assert "medel" not in forms and "in" not in forms and "pas" not in forms
    assert "jupiter" not in forms and "junon" not in forms


def test_every_romansh_word_in_english_text_gets_lang_rm_and_nothing_else_changes():
    html = ('<h1 id="t">Tschintschar, moment by moment</h1>'
            '<p>The <em>scart</em> and <a href="x">the scart</a>; Troccas is a game, '
            'its troccas are trumps; wiki-de reads "die Schöne".</p>'
            '<p lang="rm">Il scart</p><code>scart</code><button>scart</button>'
            '<span class="gl-term__tip" lang="en">scart</span><svg><title>scart</title></svg>'
            '<span aria-hidden="true">scart</span><br><p>Medel and the scart</p>')
    out = render.mark_lang(html, LANG_FORMS)
    assert re.sub(r"<[^>]*>", "", out) == re.sub(r"<[^>]*>", "", html)
    assert '<h1 id="t"><span lang="rm">Tschintschar</span>, moment' in out
    assert '<em><span lang="rm">scart</span></em>' in out
    assert '<a href="x">the <span lang="rm">scart</span></a>' in out
    assert "Troccas is a game" in out and '<span lang="rm">troccas</span> are' in out
    assert '"<span lang="de">die Schöne</span>"' in out
    for kept in ('<p lang="rm">Il scart</p>', "<code>scart</code>", "<button>scart</button>",
                 '<span class="gl-term__tip" lang="en">scart</span>', "<title>scart</title>",
                 '<span aria-hidden="true">scart</span>'):
        assert kept in out
    assert out.endswith('<p>Medel and the <span lang="rm">scart</span></p>')


# --- issue 15: variants with their sources, one row per phrase, translated labels, the map ----
def _row(md: str, entry_id: str) -> str:
    start = md.index(f'<tr id="{entry_id}">')
    return md[start:md.index("</tr>", start)]


def test_tschintschar_has_one_row_per_phrase_and_each_meaning_once_with_all_its_sources():
    md = PAGES["glossary/tschintschar.md"]
    for e in G.kinds["tschintschar"]:
        assert md.count(f'<tr id="{e["id"]}">') == 1, e["id"]
    # pagat and wiki-de say the same of "dar da freid": one meaning, both sources after it.
    row = _row(md, "dar-da-freid")
    assert row.count("<li>") == 1
    assert re.search(r"<li>I have no trumps left\. <span class=\"gl-src\">.*>pagat<.*>wiki-de<", row)
    # Where they differ, each reading keeps its own sources: strusch in has three.
    assert _row(md, "strusch-in").count("<li>") == 3


def test_german_labels_are_translated_and_places_say_what_they_are():
    md = PAGES["glossary/tschintschar.md"]
    row = _row(md, "da-muster")
    assert '<span class="gl-badge gl-badge--obsolete">obsolete</span>' in row
    assert '“<span lang="de">veraltet</span>”' in row  # quoted after its source, not as the label
    assert re.search(r'lang="rm">Mustér</a> \(Disentis\)', row)
    row = _row(md, "ina-napla")  # wiki-de: "benutzt in Brigels"
    assert re.search(r'used in <a href="#place-breil" lang="rm">Breil</a> \(Brigels\)', row)
    places = md[md.index('<ul class="gl-places"'):]
    assert re.search(r'<li id="place-breil"><b><a [^>]*lang="rm">Breil</a> \(Brigels\)</b> — '
                     r'<span class="gl-item"><span lang="en">a village of the Surselva', places)
    trumps = PAGES["glossary/trumps.md"]
    assert "Kindersprache" not in trumps and "a children&#39;s word" in trumps


def test_variants_shown_beside_pagats_form_with_their_sources():
    md = PAGES["glossary/trumps.md"]
    row = md[md.index('<tr id="trump-vi">'):md.index("</tr>", md.index('<tr id="trump-vi">'))]
    head = row.index('<b lang="rm">ils amurai</b>')
    variant = row.index('<b lang="rm">ils inamurai</b>')
    assert head < variant
    assert re.search(r'<b lang="rm">ils inamurai</b> <span class="gl-src"><abbr [^>]*>wiki-de</abbr>'
                     r'</span> <span class="gl-differs">', row)
    # Where pagat's form goes against Sursilvan grammar, wiki-de's comes first and pagat's
    # follows with its source, what differs and why (the note).
    row = md[md.index('<tr id="trump-xix">'):md.index("</tbody>", md.index('<tr id="trump-xix">'))]
    assert row.index('<b lang="rm">il sulegl</b>') < row.index('<b lang="rm">la sulegl</b>')
    assert re.search(r'<b lang="rm">il sulegl</b> <span class="gl-src"><abbr [^>]*>wiki-de</abbr></span>',
                     row)
    assert re.search(r'<b lang="rm">la sulegl</b> <span class="gl-src"><abbr [^>]*>pagat</abbr></span>'
                     r' <span class="gl-differs">other article</span> <span class="gl-note">sulegl,'
                     r' the sun, is masculine', row)
    words = PAGES["glossary/words.md"]
    assert re.search(r'<b lang="rm">la vaca</b> <span class="gl-src"><abbr [^>]*>wiki-de</abbr></span>'
                     r' <span class="gl-differs">other spelling</span>', words)


def test_the_map_places_every_place_the_phrases_name_and_says_so_in_text():
    used = {p for e in G.kinds["tschintschar"] for p in troccas_glossary.places_of(e)}
    assert used == {"medel", "sogn-gion", "salvaplauna", "muster", "tujetsch", "breil"}
    md = PAGES["glossary/tschintschar.md"]
    svg = md[md.index("<svg"):md.index("</svg>")]
    assert 'role="img"' in svg and 'aria-labelledby="gl-map-title gl-map-desc"' in svg
    assert '<title id="gl-map-title">' in svg and '<desc id="gl-map-desc">' in svg
    for pid in used:
        name = troccas_glossary.title_of(G.by_id[pid])
        assert f'<tspan lang="rm">{name}</tspan>' in svg, pid
        assert f'<li id="place-{pid}">' in md, pid
    # West to east: Tujetsch, Mustér, Salvaplauna, Medel, Sogn Gion, then Breil.
    xs = {p["id"]: p["x"] for p in troccas_glossary.map_places(G)}
    assert xs["tujetsch"] < xs["muster"] < xs["breil"]
    ys = {p["id"]: p["y"] for p in troccas_glossary.map_places(G)}
    assert ys["muster"] < ys["salvaplauna"] < ys["medel"] < ys["sogn-gion"]  # up the Medel valley, south


def test_a_place_the_map_does_not_place_stops_the_build(monkeypatch):
    monkeypatch.delitem(troccas_glossary.MAP_PLACES, "breil")
    try:
        troccas_glossary.map_places(G)
    except ValueError as exc:
        assert "breil" in str(exc) and "MAP_PLACES" in str(exc) and "\n" not in str(exc)
    else:
        raise AssertionError("a place missing from the map went unnoticed")
