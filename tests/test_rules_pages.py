"""The rules reference and the Learn section (issue 6): strict build, engine-computed examples,
links and anchors, clause URLs, the one-page quick reference, and the source notes.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

from conftest import built_site_or_fail, games, sitemap_urls
from troccas import api

ROOT = Path(__file__).resolve().parent.parent
from build_tools.games.troccas import examples  # noqa: E402

RULE_PAGES = ["cards", "deal", "talk", "scart", "play", "fool", "buob", "counting", "scoring",
              "variants", "customs", "sources"]
LESSONS = ["cards", "deal", "tschintschar", "scart", "play", "fool", "buob", "counting",
           "scoring"]


class _Page(HTMLParser):
    """Ids, links and engine-rendered elements of one built page."""

    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.examples: list[dict] = []
        self.figures: list[dict] = []
        self.exercises: list[dict] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if "data-example" in a:
            self.examples.append(a)
        if "data-fig" in a:
            self.figures.append(a)
        if a.get("data-cardsite-widget") == "exercise":
            self.exercises.append(a)


def parse(path: Path) -> _Page:
    p = _Page()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def page_file(site: Path, url_path: str) -> Path:
    path = site / url_path.lstrip("/")
    if url_path.endswith("/") or path.is_dir():
        path = path / "index.html"
    return path


# --- build ------------------------------------------------------------------------------------
def test_every_page_builds_strictly(tmp_path):
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    mkdocs = ROOT / ".venv" / "bin" / "mkdocs"
    run = subprocess.run([str(mkdocs) if mkdocs.exists() else "mkdocs", "build", "--strict",
                          "--site-dir", str(tmp_path / "site")], cwd=ROOT, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    for name in RULE_PAGES:
        assert (tmp_path / "site" / "rules" / name / "index.html").is_file(), name
    for name in LESSONS + ["quick-reference"]:
        assert (tmp_path / "site" / "learn" / name / "index.html").is_file(), name


def test_a_bad_example_names_page_and_line(tmp_path):
    page = type("P", (), {})()
    page.file = type("F", (), {"src_uri": "rules/x.md", "abs_src_path": None})()
    page.url = "rules/x/"
    md = "# X\n\ntext\n\n```troccas-example\ntrick: 3c Kc XV 1c Zz\n```\n"
    with pytest.raises(Exception) as err:
        examples.page_markdown(md, page)
    assert "docs/rules/x.md:5: troccas-example:" in str(err.value)
    assert "'Zz' is not a card" in str(err.value)
    with pytest.raises(Exception) as err:
        examples.page_markdown("a {{ count(\"Qc Qc\") }}\n", page)
    assert "docs/rules/x.md:1:" in str(err.value) and "named twice" in str(err.value)


# --- examples and figures match the engine ----------------------------------------------------
def _engine_pages(site: Path):
    for sub in ("rules", "learn"):
        for path in sorted((site / sub).rglob("index.html")):
            yield path, parse(path)


def test_every_example_matches_the_engine(site_dir):
    seen = {}
    for path, page in _engine_pages(site_dir):
        for ex in page.examples:
            kind = ex["data-example"]
            seen[kind] = seen.get(kind, 0) + 1
            inp = json.loads(ex["data-input"]) if "data-input" in ex else None
            where = f"{path.relative_to(site_dir)}: {kind} {inp}"
            if kind == "pile":
                r = api.call("count", cards=inp["cards"], method=inp["method"], scart=inp["scart"])
                assert int(ex["data-points"]) == r["points"], where
            elif kind == "trick":
                assert ex["data-winner"] == api.call("winner", cards=inp["cards"])["winner"], where
            elif kind == "legal":
                r = api.call("legal", hand=inp["hand"], trick=inp["trick"])
                assert ex["data-legal"].split() == r["legal"], where
            elif kind == "record":
                r = api.call("replay", record=inp)
                if "data-scores" in ex:
                    assert ex["data-scores"].split() == [str(s) for s in r["result"]["scores"]], where
                    assert ex["data-points"].split() == [str(s) for s in r["result"]["points"]], where
            elif kind == "cards":
                values = [str(c["points"]) for c in api.call("parse", cards=inp["cards"])["cards"]]
                assert ex["data-values"].split() == values, where
    assert {"pile", "trick", "legal", "record", "cards", "game", "options"} <= set(seen), seen


def test_group_rows_of_a_pile_match_the_engine(site_dir):
    html = (site_dir / "rules" / "play" / "index.html").read_text()
    html += (site_dir / "rules" / "counting" / "index.html").read_text()
    piles = re.findall(r'data-example="pile" data-input="([^"]+)"[^>]*>(.*?)<p class="cs-ex__result">',
                       html, re.S)
    assert piles
    for inp, body in piles:
        inp = json.loads(inp.replace("&#34;", '"').replace("&quot;", '"'))
        r = api.call("count", **{"cards": inp["cards"], "method": inp["method"], "scart": inp["scart"]})
        shown = [int(x) for x in re.findall(r'class="cs-ex__group" data-points="(-?\d+)"', body)]
        assert shown == [g["points"] for g in r["groups"]]


def test_game_example_follows_the_scoring_rules(site_dir):
    """The game table, checked against the sources' figures rather than recomputed: each hand's
    card points make 72 between the sides, a side scores its points less 36, the running totals
    are the sums of those scores and opposite, and a game is four hands (pagat: Scoring)."""
    html = (site_dir / "rules" / "scoring" / "index.html").read_text()
    rows = re.findall(r'<tr data-hand="\d+"><td>\d+</td><td>seat \d</td><td>(\d+) – (\d+)</td>'
                      r'<td>([^<]+)</td><td data-total0>([^<]+)</td><td data-total1>([^<]+)</td>',
                      html)
    assert len(rows) == 4
    total = 0
    for p0, p1, score, t0, t1 in rows:
        assert int(p0) + int(p1) == 72
        assert int(score) == int(p0) - 36
        total += int(score)
        assert (int(t0), int(t1)) == (total, -total)


def test_options_table_is_the_engines(site_dir):
    html = (site_dir / "rules" / "sources" / "index.html").read_text()
    opts = api.call("options")
    for o in opts["options"]:
        assert f'data-option="{o["name"]}"' in html, o["name"]
        defaults = re.findall(rf'data-option="{o["name"]}" data-value="([^"]+)" data-default', html)
        assert [json.loads(d.replace("&#34;", '"').replace("&quot;", '"')) for d in defaults] == [o["default"]]
    for k in opts["not_options"]:
        assert f'data-not-option="{k}"' in html


# The figures the pages print, as the sources give them (pagat unless noted; the engine's own
# readings where the sources are silent, as the pages say): golden values, not recomputed.
GOLDEN = {
    ("pack_total", (), ()): 72, ("pack_total", ("threes",), ()): 78,
    ("pack_total", ("singly",), ()): 127,
    ("par", (), ()): 36, ("par", (3,), ()): 26, ("par", (3, "dealer", "singly"), ()): 43,
    ("par", (3, "other", "singly"), ()): 42, ("par", (5, "dealer"), ()): 27, ("par", (5,), ()): 25,
    ("less", (), ()): 3, ("less", ("threes",), ()): 2, ("less", ("pair",), ()): 1,
    ("score", (30,), ()): "-6", ("score", (40,), ()): "+4", ("score", (41,), ()): "+5",
    ("cards_each", (), ()): 19, ("cards_each", (), (("seat", "dealer"),)): 21,
    ("cards_each", (4,), ()): 19, ("cards_each", (4, "dealer"), ()): 21,
    ("cards_each", (3,), ()): 25, ("cards_each", (3, "dealer"), ()): 28,
    ("cards_each", (5,), ()): 15, ("cards_each", (5, "dealer"), ()): 18,
    ("cards_each", (6,), ()): 13, ("cards_each", (6, "dealer"), ()): 13,
    ("scart_size", (), ()): 2, ("scart_size", (4,), ()): 2, ("scart_size", (3,), ()): 3,
    ("scart_size", (5,), ()): 3, ("scart_size", (6,), ()): 0,
    ("batches", (), ()): "6, 6 and 7", ("batches", (), (("seat", "dealer"),)): "6, 6 and 9",
    ("batches", (), (("method", "two_rounds"),)): "9 and 10",
    ("batches", (), (("last", True), ("method", "two_rounds"), ("seat", "dealer"))): "12",
    ("batches", (3,), ()): "5, 5, 5, 5 and 5",
    ("batches", (3,), (("seat", "dealer"),)): "5, 5, 5, 5 and 8",
    ("batches", (5,), ()): "5, 5 and 5",  # the engine's reading: pagat gives only totals
    ("batches", (5,), (("last", True), ("seat", "dealer"))): "8",
    ("batches", (6,), ()): "6 and 7",
    ("behind", ("two_rounds",), ()): 9, ("behind", ("one_round",), ()): 18,
    ("hands_in_game", (), ()): 4, ("hands_in_game", (6,), ()): 6,
    ("hands_in_game", (3,), ()): 3, ("hands_in_game", (5,), ()): 5,  # the engine's reading
}
# Card values from the sources: honours and kings 5, queens 4, cavaliers 3, jacks 2, else 1.
_VALUE = {"K": 5, "Q": 4, "C": 3, "J": 2}


def _golden_value(card):
    if card in ("XXI", "I", "Fool"):
        return 5
    return _VALUE.get(card[0], 1) if card[0] in _VALUE and len(card) == 2 else 1


def test_every_inline_figure_matches_the_sources(site_dir):
    """Every figure a page prints is checked against a golden value from the sources, not
    against the macro that printed it; counts and winners against the engine's own calls."""
    n = 0
    direct = {
        "count": lambda cards, method="fours", scart="": api.call("count", cards=cards, method=method, scart=scart)["points"],
        "winner": lambda trick: api.call("winner", cards=trick)["winner"],
    }
    missing = set()
    for path, page in _engine_pages(site_dir):
        for fig in page.figures:
            d = json.loads(fig["data-fig"])
            if d["fn"] == "value":
                expected = _golden_value(d["args"][0])
            elif d["fn"] in direct:
                expected = direct[d["fn"]](*d["args"], **d["kwargs"])
            else:
                key = (d["fn"], tuple(d["args"]), tuple(sorted(d["kwargs"].items())))
                if key not in GOLDEN:
                    missing.add(key)
                    continue
                expected = GOLDEN[key]
            assert str(expected) == fig["data-value"], (path, d)
            n += 1
    assert not missing, f"figures with no golden value from the sources: {sorted(missing)}"
    assert n > 50


def test_no_hand_typed_figures_in_the_value_tables(site_dir):
    """The values and counting tables of the rules and the quick reference are engine figures."""
    for rel in ("rules/cards/index.html", "rules/counting/index.html", "learn/quick-reference/index.html"):
        html = (site_dir / rel).read_text()
        for table in re.findall(r"<table>.*?</table>", html, re.S):
            if "Points" in table or "Value" in table:
                cells = re.findall(r"<td>([^<]*)</td>", table)
                assert not any(re.fullmatch(r"\s*\d+\s*(each)?\s*", c) for c in cells), (rel, cells)


# --- links, anchors, clause URLs --------------------------------------------------------------
def test_every_internal_link_and_anchor_resolves(site_dir):
    pages = {p: parse(p) for p in site_dir.rglob("*.html")}
    # The site's own path (/sub/path/ under make test): 404.html links from the server's root.
    own = urlsplit(min(sitemap_urls(site_dir), key=len)).path or "/"
    base = "http://site.invalid" + own
    bad = []
    for path, page in pages.items():
        url = base + str(path.relative_to(site_dir))
        for href in page.links:
            if href.startswith(("mailto:", "javascript:", "data:")):
                continue
            target = urljoin(url, href)
            parts = urlsplit(target)
            if not target.startswith(base):
                continue
            tpath = site_dir / unquote(parts.path[len(own):])
            if tpath.is_dir() or parts.path.endswith("/"):
                tpath = tpath / "index.html"
            if not tpath.exists():
                bad.append(f"{path.relative_to(site_dir)}: {href} (no {tpath.relative_to(site_dir)})")
                continue
            if parts.fragment and tpath.suffix == ".html":
                tpage = pages.get(tpath) or parse(tpath)
                if unquote(parts.fragment) not in tpage.ids:
                    bad.append(f"{path.relative_to(site_dir)}: {href} (no id '{parts.fragment}')")
    assert not bad, "\n".join(bad[:40])


def _games_with_clauses() -> list[str]:
    return [g for g in games() if "clauses" in importlib.import_module(f"{g}.api").names()]


@pytest.mark.parametrize("game", _games_with_clauses())
def test_every_clause_has_a_section_that_resolves(game):
    """Every clause a game's engine cites is explained by a section of its site (its anchor is
    the clause id with dots as hyphens): the built site's pages link each clause there (their
    config, which the hints, the log and the puzzles read), and the built page has that
    anchor."""
    site = built_site_or_fail(game)
    ids = [c["id"] for c in importlib.import_module(f"{game}.api").call("clauses")["clauses"]]
    config = re.search(r'<script id="cardsite-config" type="application/json">(.*?)</script>',
                       (site / "index.html").read_text(encoding="utf-8"), re.S)
    assert config, f"{game}: no cardsite-config on the home page"
    urls = json.loads(config[1])["clauses"]
    missing = [c for c in ids if c not in urls]
    for c in ids:
        if c not in urls:
            continue
        path, _, frag = urls[c].partition("#")
        f = page_file(site, path)
        if not f.is_file() or frag not in parse(f).ids:
            missing.append(f"{c} -> {urls[c]}")
    assert ids and not missing, missing


def test_rule_pages_name_sources_and_link_glossary_and_practice(site_dir):
    for name in RULE_PAGES:
        html = (site_dir / "rules" / name / "index.html").read_text()
        assert re.search(r"\b(pagat|wiki-en|wiki-de|arcane)\b", html), name
    for name in ("cards", "talk", "scart", "fool", "buob", "scoring", "deal"):
        assert "glossary/words/#" in (site_dir / "rules" / name / "index.html").read_text(), name
    for name in ("cards", "scart", "play", "fool", "buob", "counting"):
        assert "puzzles/" in (site_dir / "rules" / name / "index.html").read_text(), name


# --- the quick reference on one A4 side ------------------------------------------------------
def test_quick_reference_prints_on_one_a4_page(site_server, page, tmp_path, pdftotext):
    page.goto(site_server.url_of("learn/quick-reference/"))
    page.emulate_media(media="print")
    pdf = tmp_path / "qref.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=False)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert re.search(r"^Pages:\s+1$", info, re.M), info
    text = subprocess.run([pdftotext, str(pdf), "-"], capture_output=True, text=True).stdout
    for words in ("Follow suit", "Buob", "Counting", str(examples.m_pack_total())):
        assert words in text, words


# --- source notes ----------------------------------------------------------------------------
# A source named in brackets in the running text, like "(pagat, wiki-de)": the pages give their
# sources as numbered notes instead (footnotes), so the sentence reads cleanly.
INLINE_SOURCE = re.compile(r"\((?:pagat|wiki-en|wiki-de|arcane)\b(?!')")
NOTE_DIV = re.compile(r'<div class="footnote">.*?</div>', re.S)


def test_sources_are_notes_not_inline_tags():
    """In the Markdown of the lessons and rules: no source tag in brackets in the reading line
    (tables, code and the notes themselves aside)."""
    bad = []
    for md in sorted((ROOT / "docs" / "learn").glob("*.md")) + sorted((ROOT / "docs" / "rules").glob("*.md")):
        text = re.sub(r"^```.*?^```", "", md.read_text(), flags=re.S | re.M)
        for line in text.splitlines():
            if line.startswith(("|", "[^")):
                continue
            if INLINE_SOURCE.search(line):
                bad.append(f"{md.relative_to(ROOT)}: {line.strip()[:100]}")
    assert not bad, "source tags in the running text:\n" + "\n".join(bad)


def test_every_lesson_and_rules_page_names_its_sources_in_notes(site_dir):
    """Each lesson and rules page (the index pages aside) has source notes; every mark is a
    link to its note and carries the note in its accessible name; every note names a source;
    and the page's text outside the notes has no source tag in brackets."""
    pages = [f"learn/{n}" for n in LESSONS] + [f"rules/{n}" for n in RULE_PAGES if n != "sources"]
    for rel in pages:
        html = (site_dir / rel / "index.html").read_text()
        notes = dict(re.findall(r'<li id="fn:([^"]+)">\s*<p>(.*?)</p>', html, re.S))
        marks = re.findall(r'<a class="footnote-ref" href="#fn:([^"]+)" aria-label="([^"]+)">(\d+)</a>', html)
        assert marks and notes, rel
        assert len(marks) == html.count('class="footnote-ref"'), rel  # every mark is named
        for label, name, number in marks:
            assert label in notes, (rel, label)
            assert name.startswith(f"Note {number}: Source"), (rel, name)
            assert re.search(r"\b(pagat|wiki-en|wiki-de|arcane)\b", name), (rel, name)
        for label, text in notes.items():
            assert re.search(r"\b(pagat|wiki-en|wiki-de|arcane)\b", text), (rel, label, text)
        body = re.sub(r"<[^>]+>", "", NOTE_DIV.sub("", html.split('<article', 1)[1]))
        assert not INLINE_SOURCE.search(body), (rel, INLINE_SOURCE.search(body))
        assert 'id="sources-notes"' in html, rel  # the notes sit under a "Sources" heading


# The lessons' exercises and puzzles, each answered wrong twice and then right, are walked in
# Chromium by tests/test_lessons_browser.py.
