"""The German edition (issue 19): the whole site in German beside the English one.

Built by ``make test`` into ``build/test-sites/troccas/de/`` from ``mkdocs.de.yml`` and ``docs-de/``.
Checked here on the built pages: every page exists in both editions; each page's language
switch and hreflang links name the same page in the other edition; each edition links to its
own pages; ``lang`` is right; no English sentence shows on a German page; the engine's German
catalogue has every message the English one has; the site's own words exist in both languages;
the German search stems German words; the German offline copy is the German edition's own.
"""

from __future__ import annotations

import functools
import json
import re
import string
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

import troccas
from build_tools import site_code
from build_tools import words as site_words

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = Path(troccas.__file__).parent / "messages"


def _sitemap_paths(site: Path) -> list[str]:
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    locs = [loc.text.strip() for loc in ET.parse(site / "sitemap.xml").getroot()
            .findall("s:url/s:loc", ns)]
    # From the site's own root ("/" + "rules/play/"), whatever path it was built for.
    home = min((urlsplit(u).path for u in locs), key=len)
    return ["/" + urlsplit(u).path[len(home):] for u in locs]


@functools.lru_cache(maxsize=None)
def _root_path(site: Path) -> str:
    """The path the site was built for: "/" or a sub-path such as "/sub/path/"."""
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    return min((urlsplit(loc.text.strip()).path for loc in ET.parse(site / "sitemap.xml")
                .getroot().findall("s:url/s:loc", ns)), key=len)


@pytest.fixture(scope="module")
def editions(site_dir) -> dict[str, list[str]]:
    """Each edition's pages as paths below its root ("", "rules/play/")."""
    de = site_dir / "de"
    if not (de / "sitemap.xml").is_file():
        pytest.fail(f"no German edition in {de}: `make test` builds it (mkdocs.de.yml)",
                    pytrace=False)
    en_paths = [p.lstrip("/") for p in _sitemap_paths(site_dir)]
    de_paths = [p.lstrip("/").removeprefix("de/") for p in _sitemap_paths(de)]
    return {"en": en_paths, "de": de_paths}


def _page(site_dir: Path, lang: str, path: str) -> str:
    root = site_dir if lang == "en" else site_dir / lang
    return (root / path / "index.html").read_text(encoding="utf-8")


# --- every page in both languages -------------------------------------------------------------
def test_every_page_exists_in_both_editions(editions):
    assert len(editions["en"]) >= 50
    assert sorted(editions["en"]) == sorted(editions["de"]), (
        "pages in one edition only: "
        f"{sorted(set(editions['en']) ^ set(editions['de']))}")


def test_every_english_source_page_has_a_german_one():
    """The Markdown sources mirror each other file for file (docs/ and docs-de/)."""
    en = {p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")}
    de = {p.relative_to(ROOT / "docs-de").as_posix() for p in (ROOT / "docs-de").rglob("*.md")}
    assert en == de, f"only in docs/: {sorted(en - de)}; only in docs-de/: {sorted(de - en)}"


def test_german_pages_keep_the_english_anchors():
    """A link to a section (a rule clause the engine names, a lesson's part) works in both
    editions: every heading id of an English page is one of its German page's too."""
    anchor = re.compile(r"\{:?\s*#([A-Za-z0-9_-]+)[^}]*\}")
    missing = {}
    for md in (ROOT / "docs").rglob("*.md"):
        rel = md.relative_to(ROOT / "docs")
        de = ROOT / "docs-de" / rel
        if not de.is_file():
            continue
        gone = set(anchor.findall(md.read_text(encoding="utf-8"))) - set(
            anchor.findall(de.read_text(encoding="utf-8")))
        if gone:
            missing[rel.as_posix()] = sorted(gone)
    assert not missing, missing


# --- language switch, hreflang and lang --------------------------------------------------------
_HTML_LANG = re.compile(r'<html lang="([^"]+)"')
_ALT = re.compile(r'<link rel="alternate" href="([^"]+)" hreflang="([^"]+)">')
_SWITCH = re.compile(r'<a href="([^"]*)" hreflang="([^"]+)" lang="[^"]+" class="md-select__link"')


@pytest.mark.parametrize("lang,other", [("en", "de"), ("de", "en")])
def test_each_page_switches_to_the_same_page_in_the_other_language(site_dir, editions, lang,
                                                                  other):
    base = "http://site/" if lang == "en" else "http://site/de/"
    other_base = "http://site/de/" if other == "de" else "http://site/"
    for path in editions[lang]:
        html = _page(site_dir, lang, path)
        assert _HTML_LANG.search(html)[1] == lang, f"/{path}: <html lang> is not {lang}"
        switch = dict((hl, href) for href, hl in _SWITCH.findall(html))
        assert set(switch) == {"en", "de"}, f"{lang} /{path}: language switch {switch}"
        assert urljoin(base + path, switch[other]) == other_base + path, (
            f"{lang} /{path}: the switch to {other} goes to {switch[other]}")
        assert urljoin(base + path, switch[lang]) == base + path
        alternates = dict((hl, href) for href, hl in _ALT.findall(html))
        assert set(alternates) == {"en", "de"}, f"{lang} /{path}: hreflang {alternates}"
        for hl, href in alternates.items():
            assert urlsplit(href).scheme == "http", f"/{path}: hreflang {hl} is not absolute"
            assert urlsplit(href).path == _root_path(site_dir) + ("" if hl == "en" else "de/") + path, (
                f"{lang} /{path}: hreflang {hl} names {href}")


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.links.append((a["href"], a))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_edition_links_to_its_own_pages(site_dir, editions, lang):
    """Only the language switch crosses from one edition to the other."""
    crossing = []
    for path in editions[lang]:
        parser = _Links()
        parser.feed(_page(site_dir, lang, path))
        page_url = ("http://site/" if lang == "en" else "http://site/de/") + path
        for href, attrs in parser.links:
            target = urlsplit(urljoin(page_url, href))
            if target.netloc != "site" or "md-select__link" in attrs.get("class", ""):
                continue
            in_german = target.path.startswith("/de/")
            if in_german != (lang == "de"):
                crossing.append(f"/{path}: {href}")
    assert not crossing, crossing[:20]


# --- no English on a German page ---------------------------------------------------------------
# Words that are English and never German (nor Romansh): one of them in a German page's text
# is an English sentence or label the German edition forgot. Text marked with another language
# (lang="en" on purpose: the English name of a source, a quoted English term; lang="rm"), code,
# and card tokens are not the page's own text.
# (Lower case: a German noun is written with a capital — "Hand", "Partner", "Puzzle".)
ENGLISH_ONLY = re.compile(
    r"\b(the|and|you|your|with|which|of|is|are|this|that|from|when|what|who|must|may|can|"
    r"cannot|card|cards|trick|tricks|suit|suits|trumps|play|played|player|players|points|"
    r"wins|lead|leads|hand|hands|dealer|partner|puzzle|puzzles|answer|check|show|why|hint|"
    r"new|next|page|pages|see|here|there|these|those|each|every|only|than|then|"
    r"it|its|has|have|been|would|should|could|not|no|yes|at|by|on|or|if|to|for|as|"
    r"The|You|Your|This|That|These|When|What|Which|Each|Every|Why|Who|How|Yes)\b")
SKIP_TAGS = {"script", "style", "code", "pre", "svg", "kbd", "samp", "template", "math", "noscript"}


class _Text(HTMLParser):
    """A German page's own text: outside code and outside elements marked as another language."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
            "track", "wbr", "path", "rect", "circle", "use", "line", "polyline", "polygon"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.chunks: list[str] = []
        self.attr_texts: list[str] = []

    def _skipping(self) -> bool:
        return any(skip for _, skip in self.stack)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        lang = (a.get("lang") or "").lower()
        skip = tag in SKIP_TAGS or (lang not in ("", "de", "de-ch")) \
            or "data-lang-other" in a or "md-select__link" in (a.get("class") or "")
        if not self._skipping() and not skip:
            for name in ("aria-label", "title", "alt", "placeholder"):
                if a.get(name):
                    self.attr_texts.append(a[name])
        if tag not in self.VOID:
            self.stack.append((tag, skip))

    def handle_startendtag(self, tag, attrs):
        a = dict(attrs)
        if not self._skipping() and (a.get("lang") or "de").lower().startswith("de"):
            for name in ("aria-label", "title", "alt", "placeholder"):
                if a.get(name):
                    self.attr_texts.append(a[name])

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        if not self._skipping():
            self.chunks.append(data)


def english_in(html: str) -> list[str]:
    """Snippets of a German page's own text (and labels) that hold an English-only word."""
    parser = _Text()
    parser.feed(html)
    found = []
    # An attribute cannot mark a quotation's language: a label quoting a source in «…» (a
    # note's aria-label) is left its quotation.
    attrs = [re.sub(r"«[^»]*»", "«…»", a) for a in parser.attr_texts]
    for text in [" ".join(parser.chunks), *attrs]:
        text = re.sub(r"\s+", " ", text)
        for m in ENGLISH_ONLY.finditer(text):
            found.append(text[max(0, m.start() - 40):m.end() + 40])
    return found


def test_the_english_check_finds_english():
    """The check itself: an English sentence is found, German, Romansh and code are not."""
    assert english_in("<p>You must follow suit.</p>")
    assert english_in('<button aria-label="Show the answer">?</button>')
    assert not english_in("<p>Du musst Farbe bedienen, sonst trumpfen.</p>")
    assert not english_in('<p>Er sagt <span lang="rm">jeu sun da Medel</span>.</p>')
    assert not english_in("<p>Der Befehl <code>troccas play --seed 3</code> spielt.</p>")
    assert not english_in('<p>Quelle: <span lang="en">the pagat page</span></p>')


def test_no_english_text_on_a_german_page(site_dir, editions):
    leaks = {}
    for path in editions["de"]:
        html = _page(site_dir, "de", path)
        found = english_in(html if "<body" not in html else html[html.index("<body"):])
        if found:
            leaks[f"/de/{path}"] = found[:3]
    assert not leaks, json.dumps(leaks, ensure_ascii=False, indent=1)[:4000]


# A card written in English codes where the German ones differ: the Fool, a queen, a cavalier
# or a jack, and a king or numeral of cups, coins or batons (Ks and 10s are German too).
ENGLISH_CODE = re.compile(r"(?<![\w/.#-])(Fool|[QCJ][crsb]|K[crb]|(?:10|[1-9])[crb])(?![\w-])")


def english_codes_in(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    found = []
    for text in [" ".join(parser.chunks), *parser.attr_texts]:
        text = re.sub(r"\s+", " ", text)
        found += [text[max(0, m.start() - 40):m.end() + 20] for m in ENGLISH_CODE.finditer(text)]
    return found


def test_the_english_code_check_finds_english_codes():
    assert english_codes_in("<p>XXI I Fool Kb: 5 + 5 + 5 + 5 = 20</p>")
    assert english_codes_in('<span class="cs-ex__val">Qr · 4</span>')
    assert not english_codes_in("<p>XXI I Narr Kst: 5 + 5 + 5 + 5 = 20; Ks, 10s, Knm</p>")
    assert not english_codes_in("<p>englisch <code>Kc</code></p>")


def test_no_english_card_code_on_a_german_page(site_dir, editions):
    """The German edition writes cards in its own codes (Narr; K Kn R B; k m s st): labels,
    worked counts, legal and winner lines, galleries and answers (issue 27)."""
    leaks = {}
    for path in editions["de"]:
        html = _page(site_dir, "de", path)
        found = english_codes_in(html if "<body" not in html else html[html.index("<body"):])
        if found:
            leaks[f"/de/{path}"] = found[:3]
    assert not leaks, json.dumps(leaks, ensure_ascii=False, indent=1)[:4000]


def test_the_german_home_page_says_in_romansh_what_the_site_is(site_dir):
    for lang in ("en", "de"):
        html = _page(site_dir, lang, "")
        rm = re.search(r'<p[^>]*lang="rm"[^>]*>(.*?)</p>', html, re.S)
        assert rm, f"{lang} home page: no paragraph in Romansh"
        text = re.sub(r"<[^>]+>", "", rm[1])
        assert "Troccas" in text and len(text.split()) >= 12, text


# --- the engine's German messages --------------------------------------------------------------
def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_german_messages_cover_every_message_id():
    en = json.loads((CATALOGUES / "en.json").read_text(encoding="utf-8"))
    de = json.loads((CATALOGUES / "de.json").read_text(encoding="utf-8"))
    assert list(de) == list(en), (
        f"only in en.json: {sorted(set(en) - set(de))}; only in de.json: {sorted(set(de) - set(en))}")
    for key, text in en.items():
        if key.startswith("_"):
            continue
        if isinstance(text, dict):
            assert set(de[key]) == set(text), key
            for form in text:
                if isinstance(text[form], dict):  # data of the language (card.code's ranks)
                    assert set(de[key][form]) == set(text[form]), f"{key}/{form}"
                    continue
                assert _fields(de[key][form]) == _fields(text[form]), f"{key}/{form}"
        else:
            assert _fields(de[key]) == _fields(text), f"{key}: {de[key]!r} v {text!r}"
    # A template left in English: the same words as en.json (fields aside; "Total" is German
    # too, "actions" the record's own key).
    untranslated = [k for k, text in en.items() if not k.startswith("_") and de[k] == text
                    and set(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", str(text))))
                    - {"Total", "actions"}]
    assert not untranslated, untranslated


def test_every_rule_the_engine_names_is_explained_in_german():
    """Each clause the engine cites (the `clauses` call) and each message id its source asks
    for renders in German, with no English word of the English catalogue left in it."""
    from cardgame.messages import catalogue
    from troccas import api
    de = catalogue("troccas", "de")
    src = "".join(p.read_text() for p in Path(troccas.__file__).parent.rglob("*.py"))
    used = set(re.findall(r'msg\(\s*"([^"]+)"', src))
    assert used and used <= set(de.entries), used - set(de.entries)
    # Each clause's title, which the pages and the Play page's refusals link by.
    clauses = {c["id"] for c in api.call("clauses")["clauses"]}
    assert clauses and all(f"clause.{c}" in de.entries for c in clauses), sorted(
        c for c in clauses if f"clause.{c}" not in de.entries)


def test_the_engine_explains_a_refusal_in_german():
    from cardgame.messages import set_language
    from troccas import api
    before = set_language("de")
    try:
        answer = api.call("check_play", hand="3c Kc XXI", card="XXI", trick="5c")
    finally:
        set_language(before)
    assert answer["legal"] is False
    assert "Kelch" in answer["message"] or "bedienen" in answer["message"], answer["message"]
    assert not ENGLISH_ONLY.search(answer["message"]), answer["message"]


# --- the site's own words ------------------------------------------------------------------------
def test_the_site_words_are_the_same_keys_in_every_language():
    langs = site_words.languages()
    assert {"en", "de"} <= set(langs)
    # "" is the generator's words alone (a language such as ca may have them before the root
    # game has its own words in it); each game's own words (build_tools/games/<game>/messages/)
    # in each language it has
    for game in ("", *GAMES_WITH_WORDS):
        _same_keys(game, langs if not game else site_words.game_languages(game))


GAMES_WITH_WORDS = sorted(p.parent.name for p in site_code.GAMES.glob("*/messages"))


def _same_keys(game, langs):
    en = site_words.words("en", game).entries
    for lang in langs:
        other = site_words.words(lang, game).entries
        assert set(other) == set(en), (
            f"{lang}: missing {sorted(set(en) - set(other))[:10]},"
            f" extra {sorted(set(other) - set(en))[:10]}")
        for key, text in en.items():
            forms = text.values() if isinstance(text, dict) else [text]
            oforms = other[key].values() if isinstance(other[key], dict) else [other[key]]
            assert set().union(*map(_fields, forms)) == set().union(*map(_fields, oforms)), (
                f"{lang}: {key}")


def test_every_word_the_site_asks_for_exists():
    """Each t("area.key") in a template or a part, and each say(WORDS, "key") in a page
    script of an area, names a word of the English files."""
    missing = []
    games = site_code.GAMES
    for path in [*ROOT.joinpath("build_tools").rglob("*"), *ROOT.joinpath("overrides").rglob("*")]:
        if path.suffix not in (".html", ".j2", ".py", ".js", ".md") or not path.is_file():
            continue
        # a game's own files may ask for its own words too; the generator's only for its own
        game = path.relative_to(games).parts[0] if path.is_relative_to(games) else None
        en = site_words.words("en", game).entries
        text = path.read_text(encoding="utf-8")
        if path.name == "words.py":
            continue  # its docstring's examples
        # (A key built from pieces, t("glossary.dt_" ~ name), is checked by building.)
        # (Not Material's own lang.t("search.share") in the theme's templates.)
        for key in re.findall(r"""(?<![.\w])t\(\s*["']([a-z][a-z0-9_]*\.[a-z][a-z0-9_]*)["']""",
                              text):
            if key not in en and not key.endswith("_"):
                missing.append(f"{path.relative_to(ROOT)}: {key}")
        areas = re.findall(r"/\*\s*words:\s*([a-z][a-z0-9_-]*)\s*\*/", text)
        for key in re.findall(r"""\bsay\(\s*WORDS\s*,\s*["']([a-z][a-z0-9_]*)["']""", text):
            if not any(f"{a}.{key}" in en for a in areas):
                missing.append(f"{path.relative_to(ROOT)}: {areas}.{key}")
    assert not missing, missing


def test_a_missing_word_stops_the_build_in_one_line(tmp_path):
    from build_tools.words import Words, WordsError
    with pytest.raises(WordsError, match=r"^build_tools/messages/de/play\.yaml: no entry 'nope'$"):
        Words("de", {}).t("play.nope")


# --- search and offline -------------------------------------------------------------------------
def test_the_german_search_stems_german(site_dir):
    index = json.loads((site_dir / "de" / "search" / "search_index.json").read_text())
    assert index["config"]["lang"] == ["de"]
    assert "stemmer" in index["config"]["pipeline"], index["config"]
    assert (site_dir / "de" / "assets" / "javascripts" / "lunr" / "min" / "lunr.de.min.js").is_file()
    assert any(d["location"].startswith("rules/play/") for d in index["docs"])
    en = json.loads((site_dir / "search" / "search_index.json").read_text())
    assert en["config"]["lang"] == ["en"]


def test_the_german_offline_copy_is_its_own(site_dir):
    from build_tools import offline
    de_files = offline.site_files(site_dir / "de")
    en_files = offline.site_files(site_dir)
    assert "index.html" in de_files and "rules/play/index.html" in de_files
    assert not any(f.startswith("de/") for f in en_files), "the English copy holds the German"
    sw = (site_dir / "de" / "sw.js").read_text()
    listed = json.loads(re.search(r"const MANIFEST = (\[.*?\]);", sw, re.S)[1])
    assert sorted(e["url"] for e in listed) == de_files


def _engine_config(site: Path, path: str) -> dict:
    html = (site / path / "index.html").read_text(encoding="utf-8")
    return json.loads(re.search(r'<script id="cardsite-config" type="application/json">(.*?)'
                                r"</script>", html, re.S)[1])


def test_one_runtime_serves_every_edition(site_dir):
    """Issue 30, one runtime per deployment: Pyodide's files are once in the build, in a folder
    named after their contents, and the German edition's pages point up to it."""
    assert len(list(site_dir.rglob("pyodide.asm.wasm"))) == 1
    assert not (site_dir / "de" / "pyodide").exists()
    [wasm] = site_dir.rglob("pyodide.asm.wasm")
    folder = wasm.parent.relative_to(site_dir).as_posix() + "/"
    assert re.fullmatch(r"pyodide/[0-9.]+-[0-9a-f]{12}/", folder), folder
    en = _engine_config(site_dir, "rules/counting")
    de = _engine_config(site_dir / "de", "rules/counting")
    assert en["pyodide"] == folder
    # Resolved as the pages do, against each edition's root.
    assert urljoin("http://h/de/", de["pyodide"]) == urljoin("http://h/", folder)


def test_the_command_line_explains_in_german(capsys):
    from troccas.cli import main
    assert main(["--lang", "de", "legal", "--hand", "3c Kc XXI", "--trick", "5c"]) == 0
    out = capsys.readouterr().out
    assert "Farbe bedienen" in out and "[play.follow_suit]" in out, out
    assert main(["legal", "--hand", "3c Kc XXI", "--trick", "5c"]) == 0
    assert "must follow suit" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "xx", "legal", "--hand", "3c"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--lang" in err and "Traceback" not in err


# --- the switch in the browser ---------------------------------------------------------------------
def test_the_switch_follows_the_reader_and_keeps_the_page(site_server, page, wait_engine):
    """On a page reached by Material's instant navigation, the switch names that page in the
    other edition (the header is not redrawn), and a link back to a page seen before is still
    instant navigation, not a new page load; no sitemap is fetched beside a page."""
    page.goto(site_server.url_of("rules/counting/"))
    assert wait_engine(page) == "ready"
    page.evaluate("window.__sameVisit = true")
    page.mouse.move(40, 300)  # the reader's first move starts Material
    page.wait_for_function("!!window.document$")
    page.get_by_role("link", name="Rules", exact=True).first.click()
    page.wait_for_url("**/rules/")
    page.wait_for_function("document.querySelector('a.md-select__link[hreflang=de]')"
                           ".href.endsWith('/de/rules/')")
    page.get_by_role("article").get_by_role("link", name="Counting the cards").click()
    page.wait_for_url("**/rules/counting/")
    assert page.evaluate("window.__sameVisit") is True, "a link to a page seen before reloaded"
    assert not [u for u in page.requested_urls if u.endswith("sitemap.xml")
                and urlsplit(u).path != urlsplit(site_server.url_of("sitemap.xml")).path], \
        page.requested_urls
    # The switch: the same page in German, a whole new page in German.
    page.locator(".md-header__option .md-select").first.hover()
    page.locator('a.md-select__link[hreflang="de"]').click()
    page.wait_for_url("**/de/rules/counting/")
    assert page.get_attribute("html", "lang") == "de"
    assert wait_engine(page) == "ready"
    assert page.locator("article h1").inner_text().startswith("Die Karten abzählen")
    page.locator(".md-header__option .md-select").first.hover()
    page.locator('a.md-select__link[hreflang="en"]').click()
    page.wait_for_url(re.compile(r".*/rules/counting/$"))
    assert "/de/" not in page.url and page.get_attribute("html", "lang") == "en"
    assert page.console_errors == []


# --- a broken words file -----------------------------------------------------------------------
from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(st.one_of(
    st.text(max_size=60),
    st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=12)),
                 lambda inner: st.one_of(st.lists(inner, max_size=3),
                                         st.dictionaries(st.text(max_size=8), inner, max_size=3)),
                 max_leaves=8).map(lambda v: __import__("yaml").safe_dump(v, allow_unicode=True))))
def test_a_broken_words_file_is_refused_in_one_line(tmp_path_factory, source):
    """Any file in build_tools/messages/<lang>/ either loads as words or is refused with one
    line naming the file (and the key or the YAML line) — never a traceback."""
    from build_tools import words as w
    folder = tmp_path_factory.mktemp("messages")
    (folder / "xx").mkdir()
    (folder / "xx" / "play.yaml").write_text(source, encoding="utf-8")
    saved = w.FOLDER
    w.FOLDER = folder
    w._words.cache_clear()
    try:
        loaded = w.words("xx")
        for key in loaded.entries:
            assert key.startswith("play.")
    except w.WordsError as exc:
        text = str(exc)
        assert text.startswith("build_tools/messages/xx/play.yaml") and "\n" not in text, text
    finally:
        w.FOLDER = saved
        w._words.cache_clear()
