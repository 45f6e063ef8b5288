"""The glossary in Chromium: the accent-insensitive filter, keyboard only, and the term tooltips.

Uses the shared fixtures of tests/conftest.py (the built site served on its own port, Debian's
Chromium). Nothing here needs Python in the browser: the filter is plain JavaScript over the
generated index.
"""

from __future__ import annotations

import json

WORDS = "glossary/words/"


def visible_ids(page) -> list[str]:
    return page.eval_on_selector_all(".gl-entry", "els => els.filter(e => !e.hidden).map(e => e.id)")


def open_words(page, site_server, query: str = ""):
    page.goto(site_server.url_of(WORDS + query))
    page.wait_for_selector("#glossary-app[data-ready='yes']")


def test_filter_ignores_accents_and_case(page, site_server):
    open_words(page, site_server)
    total = len(json.loads((site_server.dir / "assets/glossary/glossary.json").read_text("utf-8")))
    assert page.text_content("#gl-count") == f"All {total} entries shown."
    for query in ("tschec", "TSCHÉC", "Tschéc"):
        page.fill("#gl-q", query)
        assert sorted(visible_ids(page)) == ["in-tschec-fluretg", "tschec-da-medel"], query
    page.wait_for_function("document.querySelector('#gl-count').textContent.includes('2 of')")
    assert page.text_content("#gl-count") == f"2 of {total} entries match."
    assert page.get_attribute("#gl-count", "aria-live") == "polite"
    # One box, three languages: Romansh, English and German renderings all find trump XXI.
    for query in ("la vaca", "the cow", "kuh", "die welt"):
        page.fill("#gl-q", query)
        assert "trump-xxi" in visible_ids(page), query
    # German umlauts fold too: "mussigkeit" finds "die Mässigkeit" (trump XIIII).
    page.fill("#gl-q", "massigkeit")
    assert visible_ids(page) == ["trump-xiv"]
    page.fill("#gl-q", "no such word anywhere")
    assert visible_ids(page) == []
    page.wait_for_function("document.querySelector('#gl-count').textContent === 'No entry matches.'")
    assert not page.console_errors


def test_filter_by_keyboard_alone(page, site_server):
    open_words(page, site_server)
    for _ in range(80):  # Tab from the top of the page to the search box
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "gl-q":
            break
    else:
        raise AssertionError("the search box cannot be reached with Tab")
    page.keyboard.type("medel")
    shown = visible_ids(page)
    assert "jeu-sun-da-medel" in shown and "medel" in shown and "trump-xxi" not in shown
    page.keyboard.press("Tab")  # to the kind select
    assert page.evaluate("document.activeElement.id") == "gl-kind"
    page.select_option("#gl-kind", "tschintschar")  # what the arrow keys do, made deterministic
    assert "medel" not in visible_ids(page)
    page.focus("#gl-q")
    page.keyboard.press("Escape")  # clears the box
    assert page.input_value("#gl-q") == ""
    kinds = page.eval_on_selector_all(".gl-entry:not([hidden])", "els => [...new Set(els.map(e => e.dataset.kind))]")
    assert kinds == ["tschintschar"]


def test_filters_for_phase_place_and_status(page, site_server):
    index = json.loads((site_server.dir / "assets/glossary/glossary.json").read_text("utf-8"))
    open_words(page, site_server)
    page.select_option("#gl-phase", "after-6-or-12")
    assert sorted(visible_ids(page)) == sorted(r["id"] for r in index if "after-6-or-12" in r["phases"])
    page.select_option("#gl-phase", "")
    page.select_option("#gl-status", "obsolete")
    assert sorted(visible_ids(page)) == sorted(["gnanc-tochen-sogn-gion", "ei-va-encunter-salvaplauna",
                                                "clavau-dalla-claustra", "da-muster"])
    page.select_option("#gl-status", "")
    page.select_option("#gl-place", "breil")
    assert sorted(visible_ids(page)) == ["breil", "ina-napla", "tric-e-trac"]
    page.click(".gl-filter button[type=reset]")
    page.wait_for_function("!document.querySelector('.gl-entry[hidden]')")


def test_permanent_anchor(page, site_server):
    page.goto(site_server.url_of(WORDS) + "#strusch-in")
    assert page.evaluate("document.getElementById('strusch-in').matches(':target')")
    assert page.get_attribute("#strusch-in .gl-entry__anchor", "href").endswith("#strusch-in")
    assert page.eval_on_selector("#strusch-in .gl-entry__head [lang=rm]", "e => e.textContent") == "strusch in"


def test_term_tooltip_on_hover_and_focus(page, site_server):
    pages = [u for u in site_server.pages if "/glossary/" not in u]
    for url in pages:
        page.goto(url)
        if page.query_selector(".gl-term__link"):
            break
    else:
        raise AssertionError("no page outside the glossary has a marked Romansh term")
    link = page.locator(".gl-term__link").first
    tip = page.locator(".gl-term__tip").first
    assert link.get_attribute("lang") == "rm"
    assert tip.get_attribute("role") == "tooltip"
    assert link.get_attribute("aria-describedby") == tip.get_attribute("id")
    assert not tip.is_visible()
    link.focus()
    assert tip.is_visible()
    page.keyboard.press("Escape")  # dismissable without moving the focus
    assert not tip.is_visible()
    page.evaluate("document.activeElement.blur()")
    link.focus()
    assert tip.is_visible()
    page.evaluate("document.activeElement.blur()")
    assert not tip.is_visible()
    link.hover()
    assert tip.is_visible()
    # The link leads to the entry on the words page.
    href = link.get_attribute("href")
    assert "glossary/words/" in href and "#" in href


def test_filter_matches_whole_words_or_their_beginnings_only(page, site_server):
    """Issue 15: "sche" finds "buob, sche", not "tschéc" or "die Herrscherin" (l'imperatura),
    where it stands inside a word; an apostrophe ends a word, so "imperatura" finds
    "l'imperatura"."""
    open_words(page, site_server)
    page.fill("#gl-q", "sche")
    assert visible_ids(page) == ["buob-sche"]
    page.fill("#gl-q", "imperatura")
    assert visible_ids(page) == ["trump-iii"]
    page.fill("#gl-q", "imper")  # the beginning of a word: l'imperatura, igl imperatur
    assert visible_ids(page) == ["trump-iii", "trump-iv"]
    page.fill("#gl-q", "ulegl")  # the inside of "sulegl"
    assert visible_ids(page) == []
    page.fill("#gl-q", "Sulegl")
    assert visible_ids(page) == ["trump-xix"]
    assert not page.console_errors


PHONE = {"width": 390, "height": 844}
OVERFLOW = """() => {
  const vw = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > vw) out.push(`page ${document.documentElement.scrollWidth}px`);
  for (const w of document.querySelectorAll('.gl-table-wrap'))
    if (w.scrollWidth > w.clientWidth + 1) out.push(`table scrolls ${w.scrollWidth}px in ${w.clientWidth}px`);
  for (const c of document.querySelectorAll('.gl-table th, .gl-table td, .gl-map__svg')) {
    const r = c.getBoundingClientRect();
    if (r.width && (r.right > vw + 0.5 || r.left < -0.5))
      out.push(`${c.closest('tr, figure').id || c.tagName} ends at ${Math.round(r.right)}px`);
  }
  return out;
}"""


def test_tables_and_map_fit_a_phone(browser, site_server):
    """Issue 15: at 390 px the tschintschar and trump tables show every column (each row
    stacked, the column's name beside each value) and nothing is cut off or scrolls sideways."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        for path in ("glossary/tschintschar/", "glossary/trumps/"):
            page.goto(site_server.url_of(path))
            page.wait_for_load_state("load")
            assert page.evaluate(OVERFLOW) == [], path
        # The stacked rows name their columns: "Signals" before what a phrase signals.
        label = page.goto(site_server.url_of("glossary/tschintschar/")) and page.evaluate(
            "getComputedStyle(document.querySelector('#dar-da-freid td[data-label=Signals]'),"
            " '::before').content")
        assert "Signals" in label
        box = page.locator("#dar-da-freid").bounding_box()
        assert box["width"] <= PHONE["width"]
    finally:
        ctx.close()


def test_map_is_described_and_its_places_are_text_too(page, site_server):
    page.goto(site_server.url_of("glossary/tschintschar/") + "#places")
    svg = page.locator("svg.gl-map__svg")
    assert svg.get_attribute("role") == "img"
    name = page.evaluate("""() => {
      const svg = document.querySelector('svg.gl-map__svg');
      return svg.getAttribute('aria-labelledby').split(' ')
        .map((id) => document.getElementById(id).textContent).join(' ');
    }""")
    assert "Schematic map" in name and "Not to scale" in name and "Sogn Gion" in name
    items = page.eval_on_selector_all("ul.gl-places > li", "els => els.map(e => e.id)")
    assert sorted(items) == sorted(f"place-{p}" for p in
                                   ("tujetsch", "muster", "salvaplauna", "medel", "sogn-gion", "breil"))
    # Each place names the phrases that use it, linked to their rows in the tables above.
    links = page.eval_on_selector_all(
        "#place-sogn-gion a[lang=rm]", "els => els.map((a) => [a.textContent, new URL(a.href).hash])")
    assert ["gnanc tochen Sogn Gion", "#gnanc-tochen-sogn-gion"] in links
    assert page.locator("tr#gnanc-tochen-sogn-gion").count() == 1
