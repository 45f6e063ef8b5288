"""The generator's second site, Truc (issue 18): built by the same plugin and theme from its
own engine (truc) and content (sites/truc/), its puzzles answered in real Chromium by the real
engine in Pyodide, and its build stopped in one line by bad content."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from a11y_helpers import assert_no_violations
from conftest import _serve, _site_address, built_site
from truc import api

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("", "learn/", "rules/", "cards/", "puzzles/", "glossary/")
KINDS = ("trick", "hand", "score", "raise", "eleven")


@pytest.fixture(scope="module")
def truc_site() -> Path:
    path = built_site("truc")
    if not (path / "sitemap.xml").is_file():
        pytest.fail(f"no built Truc site in {path}: run `make test` (or make build GAME=truc)",
                    pytrace=False)
    return path


def test_the_truc_site_has_its_pages_the_engine_and_nothing_from_elsewhere(truc_site):
    for page in PAGES:
        html = (truc_site / page / "index.html").read_text(encoding="utf-8")
        assert '<html lang="en"' in html
        outside = [u for u in re.findall(r'(?:src|href)="(https?://[^"]+)"', html)
                   if not u.startswith("http://127.0.0.1")]
        assert outside == [], (page, outside)
    # The same in-browser engine as Troccas's site: Pyodide, the worker, this game's facade.
    for f in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip",
              "assets/js/engine-worker.js", "assets/js/cardsite.js",
              "assets/puzzles/puzzles.js", "sw.js"):
        assert (truc_site / f).is_file(), f
    config = re.search(r'<script id="cardsite-config" type="application/json">(.*?)</script>',
                       (truc_site / "puzzles" / "index.html").read_text(encoding="utf-8"))[1]
    assert '"game": "truc"' in config
    glossary = (truc_site / "glossary" / "words" / "index.html").read_text(encoding="utf-8")
    assert "retruc" in glossary and "Close one eye" in glossary
    # Offline after one visit: the service worker stores every page, card and handout.
    sw = (truc_site / "sw.js").read_text(encoding="utf-8")
    for f in ("puzzles/", "cards/3o.svg", "cards/Rb.svg", "handouts/truc-puzzles.pdf",
              "pyodide/pyodide.asm.wasm", "assets/puzzles/puzzles.js"):
        assert f in sw, f


def test_every_card_is_drawn_and_named_as_the_engine_names_it(truc_site):
    cards = api.call("pack")["cards"]
    assert len(cards) == 40
    for c in cards:
        svg = (truc_site / "cards" / f"{c['token']}.svg").read_text(encoding="utf-8")
        assert svg.startswith("<svg") and f'aria-label="{c["name"]}"' in svg
        assert f"<title>{c['name']}</title>" in svg
    gallery = (truc_site / "cards" / "index.html").read_text(encoding="utf-8")
    shown = re.findall(r'<img src="\.\./cards/([^"]+)\.svg"', gallery)
    assert shown == [c["token"] for c in cards]  # highest rank first, as the engine ranks them


def test_each_truc_puzzle_is_answered_wrong_then_right_with_graded_hints_in_the_browser(
        truc_site, page):
    # The generic puzzles part on Truc's site: the authored puzzles of each kind, checked by
    # the real engine in Pyodide; a wrong answer gets the rule, a second one a clue about it,
    # and neither names the answer.
    port, path, _ = _site_address(truc_site)
    server = _serve(truc_site, port)
    try:
        page.goto(f"http://127.0.0.1:{port}{path}puzzles/")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
        for kind in KINDS:
            authored = yaml.safe_load((ROOT / f"sites/truc/puzzles/{kind}.yaml").read_text())
            box = page.locator(f"section[data-cardsite-widget='puzzle'][data-puzzle-id="
                               f"'{authored[0]['id']}']")
            spec = json.loads(box.get_attribute("data-spec"))
            assert spec["seed"] == authored[0]["seed"]
            # The right answer is CPython's engine's, asked here, not typed in.
            want = api.call("puzzle", spec=spec, answer=True)
            if kind == "trick":  # the cards shown as pictures, each with its name
                assert box.locator(".cs-pz__trick img").count() == 4
            wrong = [c for c in want["choices"] if c != want["answer"]]
            for level, given in enumerate(wrong[:2], 1):
                box.locator(f"button[data-choice='{given}']").click()
                box.locator("[data-pz-check]").click()
                verdict = box.locator(f"[data-verdict='wrong'][data-hint-level='{level}']")
                verdict.wait_for()
                hints = api.call("check", spec=spec, answer=given)["hints"]
                assert hints[level - 1] in verdict.inner_text()
                assert want["labels"][want["answer"]] not in verdict.inner_text()
            assert want["steps"][0] not in box.inner_text()  # no answer before it is asked
            box.locator(f"button[data-choice='{want['answer']}']").click()
            box.locator("[data-pz-check]").click()
            right = box.locator("[data-verdict='right']")
            right.wait_for()
            assert want["steps"][0] in right.inner_text()
        assert_no_violations(page, "the Truc puzzles", "article")
        # Every other page of the site: no accessibility violation either, light or dark.
        for other in PAGES + ("handouts/",):
            if other == "puzzles/":
                continue
            page.goto(f"http://127.0.0.1:{port}{path}{other}")
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                assert_no_violations(page, f"the Truc page /{other} ({scheme})")
        page.emulate_media(color_scheme="light")
        # A practice puzzle's link opens that very puzzle, drawn by the reader's own Python.
        page.goto(f"http://127.0.0.1:{port}{path}puzzles/?seed=4242")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
        box = page.locator("[data-puzzle-practice='score']")
        box.locator("section[data-cardsite-widget='puzzle']").wait_for()
        assert box.get_attribute("data-seed") == "4242"
        want = api.call("puzzle", kind="score", seed=4242, answer=True)
        assert want["question"] in box.inner_text()
        assert page.console_errors == []
        assert [u for u in page.requested_urls
                if not u.startswith((f"http://127.0.0.1:{port}/", "blob:", "data:"))] == []
    finally:
        server.shutdown()
        server.server_close()


def _build(tmp_path, edit) -> subprocess.CompletedProcess:
    """Build a copy of sites/truc with ``edit(folder)`` applied."""
    copy = tmp_path / "truc"
    shutil.copytree(ROOT / "sites" / "truc", copy)
    # The config names the theme overrides and the base config by their paths from sites/truc/.
    text = (copy / "mkdocs.yml").read_text().replace("../../", f"{ROOT}/")
    (copy / "mkdocs.yml").write_text(text)
    edit(copy)
    return subprocess.run([str(Path(sys.executable).parent / "mkdocs"), "build", "--strict",
                           "--quiet", "-f", str(copy / "mkdocs.yml"), "--site-dir",
                           str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


@pytest.mark.parametrize("change, words", [
    (lambda t: t.replace('expect: "draw"', 'expect: "team1"'),
     r"puzzles/trick\.yaml:16: puzzle 'drawn-trick': expect is 'team1' but the engine answers"
     r" 'draw'"),
    (lambda t: t.replace("  seed: 15", "  seed: 15\n  kind: poker"),
     r"puzzles/trick\.yaml:\d+: puzzle 'drawn-trick': field 'kind': 'poker' puzzles belong in"),
    (lambda t: t + "\n- [oops\n", r"puzzles/trick\.yaml:\d+: bad YAML"),
])
def test_a_bad_authored_truc_puzzle_stops_the_build_in_one_line(tmp_path, change, words):
    def edit(folder):
        p = folder / "puzzles" / "trick.yaml"
        p.write_text(change(p.read_text()))
    out = _build(tmp_path, edit)
    assert out.returncode != 0
    errors = [line for line in out.stderr.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 1 and re.search(words, errors[0]), out.stderr[-800:]
    assert "Traceback" not in out.stderr


def test_the_handouts_read_back_with_the_engines_ranking_puzzles_and_answers(truc_site,
                                                                            pdftotext):
    from build_tools.games.truc import WORKSHEET

    def text(name):
        return subprocess.run([pdftotext, "-layout", str(truc_site / "handouts" / name), "-"],
                              capture_output=True, text=True, check=True).stdout
    rules = " ".join(text("truc-rules.pdf").split())
    ranks = ["3", "2", "ace (1)", "rei (12)", "cavall (11)", "sota (10)", "7", "6", "5", "4"]
    assert " ".join(ranks) in rules
    assert "Truc raises it to 2" in rules and "page 1 of 1" in rules
    sheet = text("truc-puzzles.pdf")
    key = " ".join(sheet[sheet.index("Answer key"):].split())
    for number, (kind, seed) in enumerate(WORKSHEET, 1):
        p = api.call("puzzle", kind=kind, seed=seed, answer=True)
        label = p["labels"][p["answer"]]
        assert f"{number}. {label[:1].upper() + label[1:]} — {' '.join(p['steps'])}" in key, number
    page = (truc_site / "handouts" / "index.html").read_text(encoding="utf-8")
    assert 'href="truc-rules.pdf"' in page and 'href="truc-puzzles.pdf"' in page


def _glossary_data(name: str) -> list[dict]:
    return yaml.safe_load((ROOT / "sites" / "truc" / "glossary" / name).read_text("utf-8"))


def test_the_glossary_page_is_built_from_the_data_with_every_catalan_word_marked(truc_site):
    """Every Catalan headword of sites/truc/glossary/terms.yaml is an entry of the words page,
    marked lang="ca"; every signal's gesture and meaning is there; the other names keep their
    own language."""
    page = (truc_site / "glossary" / "words" / "index.html").read_text(encoding="utf-8")
    terms, signals = _glossary_data("terms.yaml"), _glossary_data("signals.yaml")
    assert terms and signals
    for e in terms:
        entry = page[page.index(f'id="{e["id"]}"'):]
        entry = entry[:entry.index("</article>")]
        for form in e["ca"]:
            assert f'<span lang="ca">{form["text"]}</span>' in entry, e["id"]
        text = " ".join(re.sub(r"<[^>]+>", "", entry).split())
        assert " ".join(e["gloss"]["en"].split()) in text, e["id"]
        for other in e.get("elsewhere", []):
            assert f'<b lang="{other["lang"]}">{other["text"]}</b>' in entry, other
    for e in signals:
        entry = page[page.index(f'id="{e["id"]}"'):]
        entry = entry[:entry.index("</article>")]
        assert e["en"][0]["text"] in entry and e["gloss"]["en"] in entry, e["id"]
    index = json.loads((truc_site / "assets" / "glossary" / "glossary.json").read_text("utf-8"))
    assert [r["id"] for r in index] == [e["id"] for e in terms + signals]


def test_catalan_words_on_other_pages_link_to_the_glossary_in_catalan(truc_site):
    # The rules page uses retruc: its first use links to its entry, marked lang="ca", with the
    # entry's meaning in English as its tooltip.
    rules = (truc_site / "rules" / "index.html").read_text(encoding="utf-8")
    link = re.search(r'<a class="gl-term__link" href="([^"]*)#retruc" lang="ca"[^>]*>retruc</a>'
                     r'<span class="gl-term__tip" role="tooltip" id="[^"]+" lang="en"'
                     r' data-search-exclude>([^<]*)</span>', rules)
    assert link, "retruc is not linked on the rules page"
    assert link[1] == "../glossary/words/"
    retruc = next(e for e in _glossary_data("terms.yaml") if e["id"] == "retruc")
    assert link[2] == " ".join(retruc["gloss"]["en"].split())


@pytest.mark.parametrize("file, change, words", [
    ("signals.yaml", lambda t: t.replace('  gloss: {en: "I hold a two."}\n', ""),
     r"glossary/signals\.yaml:\d+: entry 'pout-your-lips': field 'gloss': missing"),
    ("terms.yaml", lambda t: t.replace("  rank: C\n", "  rank: X\n"),
     r"glossary/terms\.yaml:\d+: entry 'cavall': field 'rank': 'X' is not a rank of the"
     r" engine's pack"),
    ("terms.yaml", lambda t: t.replace("    - text: sota\n      sources: [truc]\n",
                                       "    - text: sota\n      sources: [pagat]\n"),
     r"glossary/terms\.yaml:\d+: entry 'sota': field 'ca\[0\]\.sources': 'pagat' is not one of"
     r" truc"),
])
def test_a_bad_glossary_entry_stops_the_build_in_one_line(tmp_path, file, change, words):
    def edit(folder):
        p = folder / "glossary" / file
        changed = change(p.read_text())
        assert changed != p.read_text(), "the change must change the file"
        p.write_text(changed)
    out = _build(tmp_path, edit)
    errors = [line for line in out.stderr.splitlines() if line.startswith("ERROR")]
    assert out.returncode != 0 and len(errors) == 1, out.stderr[-800:]
    assert re.search(words, errors[0]), errors[0]


def test_the_pages_show_the_games_numbers_as_the_engine_plays_them(truc_site):
    # The source's numbers (truc): a game to 12, three cards, a hand worth 1, truc 2, retruc 3,
    # 3 for a hand played at 11 — the engine's facts must be these, and the pages must say them.
    f = api.call("facts")
    assert (f["target"], f["eleven"], f["hand_cards"], f["base_stake"], f["truc"],
            f["retruc"], f["eleven_stake"]) == (12, 11, 3, 1, 2, 3, 3)
    # The text a reader reads: the glossary's tooltips (shown on hover) left out.
    rules = re.sub(r'<span class="gl-term__tip"[^>]*>[^<]*</span>', "",
                   (truc_site / "rules" / "index.html").read_text())
    rules = re.sub(r"<[^>]+>", "", rules)
    rules = " ".join(rules.split())
    for words in (f"first team to reach {f['target']} points",
                  f"Spanish one of {f['pack_sizes']['catalan40']} cards",
                  f"A hand is worth {f['base_stake']} point", f"truc raises it to {f['truc']}",
                  f"retruc raises it to {f['retruc']}",
                  f"the hand is worth {f['eleven_stake']} with no betting"):
        assert words in rules, words
    assert "truc-fact" not in rules


def test_an_unknown_fact_stops_the_build_in_one_line(tmp_path):
    def edit(folder):
        p = folder / "docs" / "learn.md"
        p.write_text(p.read_text().replace("<!-- truc-fact: truc -->",
                                           "<!-- truc-fact: jackpot -->"))
    out = _build(tmp_path, edit)
    # MkDocs says which page it was reading, then the build's one line.
    errors = [line for line in out.stderr.splitlines() if line.startswith("ERROR")
              and "Error reading page 'learn.md'" not in line]
    assert out.returncode != 0 and len(errors) == 1, out.stderr[-800:]
    assert re.search(r"learn\.md:\d+: <!-- truc-fact: jackpot -->: the facts are target", errors[0])
