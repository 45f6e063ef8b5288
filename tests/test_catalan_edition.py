"""The Catalan edition of the Truc site (issue 31): the whole site in Catalan beside the English
one, built by ``make test`` into ``build/test-sites/truc/ca/`` from ``sites/truc/mkdocs.ca.yml``
and ``sites/truc/docs-ca/``.

Fast checks first, on the catalogues and the built HTML: the engine's Catalan catalogue has
every message of the English one with the same fields (the site's words are held to English by
test_german_edition.py's same-keys test, which takes every language of build_tools/messages/
and of each game's own words); every page of the English edition is in the Catalan one, each
declares lang="ca" (404 too) and switches to the same page in English and back; the search
index splits Catalan words at apostrophes and the middle dot, with no English stemmer. Then
ONE walk of the Catalan edition in Chromium: a puzzle answered wrong, then right, with the
engine's Catalan hints; a lesson's exercise answered wrong, with the rule in Catalan; a hand
started at the table, in Catalan; a Catalan word searched and found; the switch to the English
page.
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

import truc
from conftest import built_site_or_fail, open_search, serving, sitemap_urls

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = Path(truc.__file__).parent / "messages"
SITE = ROOT / "sites" / "truc"
_HTML_LANG = re.compile(r"<html lang=\"([^\"]+)\"")
_SWITCH = re.compile(r'<a href="([^"]*)" hreflang="([^"]+)" lang="[^"]+" class="md-select__link"')
_ALT = re.compile(r'<link rel="alternate" href="([^"]+)" hreflang="([^"]+)">')


# Words Catalan shares with English: a bot is a "bot", JSON's null is "null", a record's
# field is its own name ("actions[2]: …").
SAME_IN_CATALAN = {"seat#other", "type#null", "record#action"}


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


# --- the catalogues (no build) -----------------------------------------------------------------
def test_the_engines_catalan_catalogue_has_every_message_of_the_english_one():
    en = json.loads((CATALOGUES / "en.json").read_text(encoding="utf-8"))
    ca = json.loads((CATALOGUES / "ca.json").read_text(encoding="utf-8"))
    assert list(ca) == list(en), (
        f"only in en.json: {sorted(set(en) - set(ca))}; only in ca.json: {sorted(set(ca) - set(en))}")
    for key, text in en.items():
        if key.startswith(("_", "@")):
            continue
        if isinstance(text, dict):  # a plural: the same forms, each with the same fields
            assert set(ca[key]) == set(text), key
            for form in text:
                assert _fields(ca[key][form]) == _fields(text[form]), f"{key}/{form}"
        else:
            assert _fields(ca[key]) == _fields(text), f"{key}: {ca[key]!r} v {text!r}"
    untranslated = [k for k, text in en.items() if not k.startswith(("_", "@")) and ca[k] == text
                    and re.search(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", str(text)))
                    and k not in SAME_IN_CATALAN]
    assert not untranslated, untranslated


def test_the_engine_names_a_card_with_its_catalan_article():
    from cardgame.messages import set_language
    from truc import api
    before = set_language("ca")
    try:
        names = {c["token"]: c["name"] for c in api.call("pack")["cards"]}
        verdict = api.call("puzzle", kind="trick", seed=1, answer=True)
    finally:
        set_language(before)
    assert (names["1o"], names["Sc"], names["Re"], names["3b"]) == (
        "l'as d'oros", "la sota de copes", "el rei d'espases", "el 3 de bastos")
    assert "basa" in verdict["question"], verdict["question"]


def test_every_english_page_has_a_catalan_page():
    en = sorted(p.relative_to(SITE / "docs").as_posix() for p in (SITE / "docs").rglob("*.md"))
    ca = sorted(p.relative_to(SITE / "docs-ca").as_posix()
                for p in (SITE / "docs-ca").rglob("*.md"))
    assert ca == en


# --- the built edition ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def truc_site() -> Path:
    site = built_site_or_fail("truc")
    if not (site / "ca" / "sitemap.xml").is_file():
        pytest.fail(f"no Catalan edition in {site / 'ca'}: `make test` builds it"
                    " (sites/truc/mkdocs.ca.yml)", pytrace=False)
    return site


def _paths(site: Path) -> list[str]:
    urls = sitemap_urls(site)
    home = min((urlsplit(u).path for u in urls), key=len)
    return sorted(urlsplit(u).path[len(home):] for u in urls)


def test_the_catalan_edition_has_every_page_of_the_english_one_each_in_catalan(truc_site):
    en, ca = _paths(truc_site), _paths(truc_site / "ca")
    assert en == ca and len(ca) >= 15, (sorted(set(en) - set(ca)), sorted(set(ca) - set(en)))
    for path in ca + ["404.html"]:
        file = truc_site / "ca" / (path if path.endswith(".html") else path + "index.html")
        html = file.read_text(encoding="utf-8")
        assert _HTML_LANG.search(html)[1] == "ca", f"ca/{path}: <html lang> is not ca"
        english = truc_site / (path if path.endswith(".html") else path + "index.html")
        assert _HTML_LANG.search(english.read_text(encoding="utf-8"))[1] == "en", path


def test_a_count_before_a_feminine_noun_takes_the_feminine_number_word(truc_site):
    """The engine's 1 and 2 before carta, bases, partides: "una carta", "dues bases" (the
    fact marker's words-f), never "un carta" or "dos bases"."""
    def text(rel: str) -> str:
        page = (truc_site / "ca" / rel / "index.html").read_text(encoding="utf-8")
        return " ".join(re.sub(r"<[^>]+>", " ", page).split())

    rules, deal = text("rules"), text("learn/deal")
    assert "una carta" in rules and "una carta" in deal
    assert "dues bases" in rules and "dues partides" in rules
    for wrong in ("un carta", "dos bases", "dos partides"):
        assert wrong not in rules and wrong not in deal, wrong


def test_the_catalan_offline_copy_is_its_own(truc_site):
    """"Make this device ready" on a Catalan page stores the Catalan edition, and the English
    copy holds none of it."""
    from build_tools import offline
    ca_files = offline.site_files(truc_site / "ca")
    assert "index.html" in ca_files and "rules/index.html" in ca_files
    assert not any(f.startswith("ca/") for f in offline.site_files(truc_site))
    sw = (truc_site / "ca" / "sw.js").read_text(encoding="utf-8")
    listed = json.loads(re.search(r"const MANIFEST = (\[.*?\]);", sw, re.S)[1])
    assert sorted(e["url"] for e in listed) == ca_files


def test_each_catalan_page_switches_to_the_same_english_page_and_back(truc_site):
    root = urlsplit(min(sitemap_urls(truc_site), key=len)).path
    for path in _paths(truc_site / "ca"):
        for lang, other, base, other_base in (("ca", "en", "http://h/ca/", "http://h/"),
                                              ("en", "ca", "http://h/", "http://h/ca/")):
            folder = truc_site / "ca" if lang == "ca" else truc_site
            html = (folder / path / "index.html").read_text(encoding="utf-8")
            switch = {hl: href for href, hl in _SWITCH.findall(html)}
            assert set(switch) == {"en", "ca"}, f"{lang} /{path}: switch {switch}"
            assert urljoin(base + path, switch[other]) == other_base + path, (
                f"{lang} /{path}: the switch to {other} goes to {switch[other]}")
            alternates = {hl: urlsplit(href).path for href, hl in _ALT.findall(html)}
            assert alternates == {"en": root + path, "ca": root + "ca/" + path}, alternates


def test_the_catalan_search_splits_elisions_and_the_middle_dot_without_an_english_stemmer(
        truc_site):
    index = json.loads((truc_site / "ca" / "search" / "search_index.json").read_text())
    config = index["config"]
    assert "stemmer" not in config["pipeline"] and "stopWordFilter" not in config["pipeline"]
    split = re.compile(config["separator"])
    assert split.split("l'as d’oros col·locar") == ["l", "as", "d", "oros", "col", "locar"]
    rules = " ".join(d["text"] for d in index["docs"] if d["location"].startswith("rules/"))
    assert "cavall" in split.split(rules) and "Les regles del Truc" in json.dumps(
        index, ensure_ascii=False)


def _lesson_puzzle(page: str, puzzle_id: str) -> dict:
    """A puzzle block of a Catalan page, as its Markdown writes it."""
    import yaml
    text = (SITE / "docs-ca" / page).read_text(encoding="utf-8")
    for block in re.findall(r"```cardsite-puzzle\n(.*?)```", text, re.S):
        spec = yaml.safe_load(block)
        if spec["id"] == puzzle_id:
            return spec
    raise AssertionError(f"docs-ca/{page} has no puzzle {puzzle_id}")


# --- one walk of the Catalan edition in Chromium ---------------------------------------------------
def _answered_wrong_in_catalan(box):
    """A puzzle widget answered with a wrong choice: the engine's Catalan puzzle (its answer) and
    the widget's verdict, which must give the engine's Catalan rule as the first hint."""
    from cardgame.messages import set_language
    from truc import api

    spec = json.loads(box.get_attribute("data-spec"))
    before = set_language("ca")
    try:
        want = api.call("puzzle", spec=spec, answer=True)
        given = next(c for c in want["choices"] if c != want["answer"])
        hints = api.call("check", spec=spec, answer=given)["hints"]
    finally:
        set_language(before)
    box.locator(f"button[data-choice='{given}']").click()
    box.locator("[data-pz-check]").click()
    wrong = box.locator("[data-verdict='wrong'][data-hint-level='1']")
    wrong.wait_for()
    assert hints[0] in wrong.inner_text() and hints[0].startswith("La regla"), hints
    return want, wrong


def test_a_reader_walks_the_catalan_edition(truc_site, page):
    """A puzzle answered wrong (the rule in Catalan), then right (the engine's reasons in
    Catalan); a lesson's exercise answered wrong (the rule in Catalan); a hand started at the table with Catalan words; "cavall" searched and the rules
    page found; the switch to the same page in English."""
    import yaml

    authored = yaml.safe_load((SITE / "puzzles" / "trick.yaml").read_text())[0]
    with serving(truc_site) as (port, path, _):
        base = f"http://127.0.0.1:{port}{path}ca/"
        page.goto(base + "puzzles/")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
        box = page.locator(f"section[data-cardsite-widget='puzzle'][data-puzzle-id="
                           f"'{authored['id']}']")
        assert authored["title_ca"] in box.inner_text()
        want, wrong = _answered_wrong_in_catalan(box)
        assert "No és correcte" in wrong.inner_text()
        box.locator(f"button[data-choice='{want['answer']}']").click()
        box.locator("[data-pz-check]").click()
        right = box.locator("[data-verdict='right']")
        right.wait_for()
        assert want["steps"][0] in right.inner_text() and "basa" in want["steps"][0]

        # A lesson: its exercise titled in Catalan, and a wrong answer given the rule in Catalan.
        page.goto(base + "learn/tricks/")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
        lesson = _lesson_puzzle("learn/tricks.md", "lesson-tricks-draw")
        box = page.locator(f"section[data-cardsite-widget='puzzle'][data-puzzle-id="
                           f"'{lesson['id']}']")
        assert lesson["title"] in box.inner_text()
        want, wrong = _answered_wrong_in_catalan(box)

        # The table: a hand dealt, its heading, the choices and the log in Catalan.
        page.goto(base + "play/")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
        page.select_option("select[name=pace]", "fast")
        page.fill("input[name=deal]", "1")
        page.click("[data-play-start]")
        page.wait_for_selector("[data-play-game]:not([hidden])")
        assert page.inner_text("[data-play-heading]").startswith("Mà 1 (la partida és a 12")
        page.wait_for_function("document.querySelector('[data-play-table]').dataset.busy"
                               " === 'false'")
        table = page.inner_text("[data-play-game]")
        assert re.search(r"\b(talla|pica|dona|juga|jugues|tallar|picar)\b", table), table[:600]
        assert not re.search(r"\b(cuts|deals|plays|your turn)\b", table), table[:600]

        # Search: a Catalan word finds the Catalan rules page.
        box = open_search(page, base + "rules/")
        box.press_sequentially("cavall")
        result = page.locator(".md-search-result__item a[href*='rules/']").first
        result.wait_for()
        assert urljoin(page.url, result.get_attribute("href")).startswith(base + "rules/")

        # The switch: the same page in English.
        page.locator(".md-select__link[hreflang='en']").first.dispatch_event("click")
        page.wait_for_url(f"http://127.0.0.1:{port}{path}rules/")
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.console_errors == []


def test_every_rule_option_is_worded_in_each_catalogue_and_english_is_the_rules_data():
    """The house rules of the table speak the page's language: the options call reads each
    option's point, each value's meaning and each source from the catalogue, and en.json's
    words are the ones truc.rules gives (no second English to drift)."""
    from truc.api import option_key
    from truc.rules import OPTIONS, SOURCES
    en = json.loads((CATALOGUES / "en.json").read_text(encoding="utf-8"))
    ca = json.loads((CATALOGUES / "ca.json").read_text(encoding="utf-8"))
    data = {f"source.{k}": v for k, v in SOURCES.items()}
    for o in OPTIONS.values():
        data[f"option.{o.name}.point"] = o.point
        data.update({option_key(o.name, v): m for v, m in o.values.items()})
    assert {k: en.get(k) for k in data} == data
    assert set(data) <= set(ca) and all(ca[k] != data[k] for k in data)
    from cardgame.messages import set_language
    from truc import api
    before = set_language("ca")
    try:
        said = api.call("options")
    finally:
        set_language(before)
    pack = next(o for o in said["options"] if o["name"] == "pack")
    assert pack["point"] == ca["option.pack.point"]
    assert [v["means"] for v in pack["values"]] == [ca[option_key("pack", v)]
                                                     for v in OPTIONS["pack"].values]
