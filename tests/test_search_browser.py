"""The header search in Chromium, typed into as a reader would (issue 15).

Material's search (lunr) matched words only as the pages write them: "tschec" found nothing
where "tschéc" found three pages, and "imperatura" nothing where pages write "l'imperatura".
The site's worker in front of Material's (build_tools/parts/search.py) folds accents out of the
index and the query, and mkdocs.yml's search separator ends words at apostrophes. The results
still show, and highlight, the words as the pages write them.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from conftest import open_search

# Each result's path from the site's own root ("/glossary/trumps/"), whatever path the site was
# built for (make test: /sub/path/).
RESULTS = """(root) => [...document.querySelectorAll('.md-search-result__item > a')].map((a) => ({
  path: "/" + new URL(a.href).pathname.slice(root.length),
  h: new URL(a.href).searchParams.get('h'),
  marks: [...a.querySelectorAll('mark')].map((m) => m.textContent),
}))"""


@pytest.fixture
def search(page, site_server):
    """``search(query, h)``: type ``query`` into the header's search box and return the
    results once their links carry ``?h=h`` (the words the results matched, as written)."""
    box = open_search(page, site_server.url)

    def run(query: str, h: str) -> list[dict]:
        box.fill("")
        box.press_sequentially(query)  # Material searches on the keys typed
        page.wait_for_function(
            "(h) => [...document.querySelectorAll('.md-search-result__item > a')]"
            ".some((a) => new URL(a.href).searchParams.get('h') === h)", arg=h, timeout=15_000)
        return page.evaluate(RESULTS, urlsplit(site_server.url).path)
    return run


def paths(results) -> set[str]:
    return {r["path"] for r in results}


def marks(results) -> set[str]:
    return {m for r in results for m in r["marks"]}


def test_search_finds_romansh_words_without_their_accents(search, page):
    found = search("tschec", "tschéc")
    assert {"/glossary/tschintschar/", "/glossary/words/", "/learn/tschintschar/"} <= paths(found)
    # Highlighted as those pages write it (the contributing guide writes "tschec" too).
    romansh = [r for r in found if r["path"].startswith(("/glossary/", "/learn/"))]
    assert marks(romansh) == {"tschéc"}
    assert {r["h"] for r in romansh} <= {"tschéc", ""}
    # The accented query, in any case, finds the same pages.
    assert paths(search("tschéc", "tschéc")) == paths(found)
    assert paths(search("TSCHÉC", "tschéc")) == paths(found)
    assert not page.console_errors


def test_search_finds_sulegl_and_imperatura_in_every_form(search, page):
    for query in ("sulegl", "Sulegl", "SULEGL", "sulégl"):
        found = search(query, "sulegl")
        assert "/glossary/trumps/" in paths(found), query
        assert {m.lower() for m in marks(found)} == {"sulegl"}, query  # no "(il sulegl)" bracket
    for query in ("imperatura", "l'imperatura", "l’imperatura"):
        found = search(query, "imperatura")
        assert "/glossary/trumps/" in paths(found), query
        assert found[0]["path"] in ("/glossary/trumps/", "/glossary/words/"), query
        assert marks(found) == {"imperatura"}, query
    assert not page.console_errors


def test_a_result_highlights_the_word_on_its_page(search, page):
    """The result's link carries the word as written (?h=tschéc), so the page it opens
    highlights "tschéc" although the reader typed "tschec"."""
    search("tschec", "tschéc")
    link = page.locator(".md-search-result__item > a[href*='glossary/tschintschar/'][href*='h=tsch']").first
    assert parse_qs(urlsplit(link.get_attribute("href")).query)["h"] == ["tschéc"]
    link.click()
    page.wait_for_url("**/glossary/tschintschar/**")
    page.locator("mark[data-md-highlight]").first.wait_for()
    assert {t.lower() for t in page.eval_on_selector_all(
        "mark[data-md-highlight]", "els => els.map((e) => e.textContent)")} == {"tschéc"}
    assert not page.console_errors


def test_the_german_edition_searches_with_german_stemming(page, site_server):
    """The German edition's search (mkdocs.de.yml: lang de) stems German words: "Stichen"
    finds the pages that write "Stich" and "Stiche", and only German pages."""
    box = open_search(page, site_server.url_of("de/"))
    box.press_sequentially("Stichen")
    page.wait_for_function(
        "document.querySelectorAll('.md-search-result__item > a').length > 0", timeout=15_000)
    found = page.evaluate(RESULTS, urlsplit(site_server.url).path)
    assert all(p.startswith("/de/") for p in paths(found)), paths(found)
    assert "/de/rules/play/" in paths(found)
    assert marks(found) & {"Stich", "Stiche", "Stichs"}, marks(found)
