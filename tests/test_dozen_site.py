"""The test game's whole site (issue 28): the generator builds a site for a game that lives in
the tests — its engine tests/games/dozen/, its content tests/games/dozen/site/, its site code
tests/games/dozen_site/ — and a reader walks it in Chromium, the real engine answering in
Pyodide. ``make test`` builds it into build/test-sites/dozen/ (never ``make build``)."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from conftest import ROOT, built_site_or_fail, serving, games, games_in_tests
from dozen import api
from dozen.puzzles import KINDS

SITE_CONFIG = ROOT / "tests" / "games" / "dozen" / "site" / "mkdocs.yml"
GLOSSARY = ROOT / "tests" / "games" / "dozen" / "site" / "glossary" / "terms.yaml"
PAGES = ("", "rules/", "puzzles/", "glossary/", "glossary/words/", "teach/", "teach/course/",
         "teach/projector/", "handouts/", "handouts/worksheets/")
# A puzzle on a sheet: "Puzzle 3: <its kind's title> seed 100 · puzzles/?seed=100".
SHEET_PUZZLE = re.compile(r"Puzzle (\d+)(?:: (.+?))? seed (\d+) · puzzles/\?seed=\3")


@pytest.fixture(scope="module")
def dozen_site() -> Path:
    return built_site_or_fail("dozen")


def test_the_test_games_site_is_a_test_site_and_no_public_game():
    # Found as the Makefile finds it, among the test games' sites and not the games that
    # `make build` and `make serve` serve.
    assert "dozen" in games_in_tests()
    assert "dozen" not in games()
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE")}
    listed = subprocess.run(["make", "--no-print-directory", "games"], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=True).stdout.splitlines()
    assert [line for line in listed if line.startswith("dozen")] == [
        "dozen (a test game; make test only): tests/games/dozen/site/mkdocs.yml"
        " -> build/test-sites/dozen/"]


def test_the_site_has_its_pages_the_card_pictures_and_the_games_own_wheel(dozen_site):
    for page in PAGES:
        assert (dozen_site / page / "index.html").is_file(), page
    for card in api.call("pack")["cards"]:
        svg = (dozen_site / "cards" / f"{card['token']}.svg").read_text(encoding="utf-8")
        assert svg.startswith("<svg") and f"<title>{card['name']}</title>" in svg
    config = json.loads(re.search(
        r'<script id="cardsite-config" type="application/json">(.*?)</script>',
        (dozen_site / "puzzles" / "index.html").read_text(encoding="utf-8"))[1])
    assert config["game"] == "dozen"
    # The engine wheel does not hold the test game: its site ships a wheel of its own, with the
    # game's modules and catalogue and nothing of the site kept beside them.
    import zipfile
    wheel = dozen_site / config["wheel"]
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    assert "dozen/api.py" in names and "dozen/messages/en.json" in names
    assert not [n for n in names if "/site/" in n or n.startswith("dozen_site")]
    # Offline after one visit: the service worker stores the pages, cards and that wheel.
    sw = (dozen_site / "sw.js").read_text(encoding="utf-8")
    for f in ("puzzles/", "cards/4s.svg", config["wheel"]):
        assert f in sw, f


def _kind_titles(site: Path) -> dict[str, str]:
    """Each kind of puzzle as the site names it (the worksheet maker's boxes): title -> kind."""
    html = (site / "handouts" / "worksheets" / "index.html").read_text(encoding="utf-8")
    found = re.findall(r'<input type="checkbox" name="kind" value="(\w+)"[^>]*> <span>([^<]+)'
                       r'</span>', html)
    assert sorted(k for k, _ in found) == sorted(KINDS)
    return {title: kind for kind, title in found}


def _check_sheets(text: str, titles: dict[str, str]) -> list[tuple[str, int]]:
    """A worksheet's text (its sheet, then its key) against the engine: each puzzle's question
    on the sheet, and in the key the engine's answer and every step of its working. Returns
    the (kind, seed) of every puzzle, in order."""
    sheet, key = text.split("Answer key: seed ", 1)
    found = SHEET_PUZZLE.findall(sheet)
    assert found and [int(n) for n, _, _ in found] == list(range(1, len(found) + 1)), sheet[:300]
    every = []
    for n, title, seed in found:
        kind = titles[title]
        p = api.call("puzzle", kind=kind, seed=int(seed), answer=True)
        assert p["question"] in sheet, (n, kind)
        answer = " ".join(p["answer"]) if isinstance(p["answer"], list) else p["answer"]
        item = re.search(rf"Puzzle {n}: (.*?)(?= Puzzle {int(n) + 1}:|$)", key).group(1)
        assert item.startswith(answer), (n, kind, answer, item[:80])
        for step in p["steps"]:
            assert step in item, (n, kind, step)
        every.append((kind, int(seed)))
    return every


def test_the_glossary_page_lists_every_word_of_the_games_data(dozen_site):
    page = (dozen_site / "glossary" / "words" / "index.html").read_text(encoding="utf-8")
    entries = yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))
    for e in entries:
        article = re.search(rf'<article class="gl-entry" id="{e["id"]}".*?</article>', page, re.S)
        assert article, e["id"]
        text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", article[0])).split())
        assert e["en"][0]["text"] in text and " ".join(e["gloss"]["en"].split()) in text
    # Each suit of the engine's pack has its word: the suits' names are the engine's.
    suits = {e["suit"]: e["en"][0]["text"] for e in entries if "suit" in e}
    for card in api.call("pack")["cards"]:
        assert card["name"].endswith(f" of {suits[card['suit']]}"), card


def test_every_number_on_the_rules_page_is_the_engines(dozen_site):
    text = re.sub(r"<[^>]+>", "", (dozen_site / "rules" / "index.html").read_text("utf-8"))
    facts = api.call("facts")
    assert f"{facts['cards']} cards in three suits" in text
    assert f"gets {facts['hand_cards']}\ncards" in text or f"gets {facts['hand_cards']} cards" in text
    assert f"{facts['tricks']} tricks a hand" in text


def test_the_build_says_once_each_part_the_site_leaves_out_and_why(tmp_path):
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL="http://127.0.0.1:9/")
    # --quiet, as make build runs it: the lines are said all the same.
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f",
                          str(SITE_CONFIG), "--site-dir", str(tmp_path / "site")], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    said = [line.split("-  ", 1)[1] for line in run.stderr.splitlines()
            if "cardsite: dozen: no " in line]
    from build_tools.site_code import plugin_options
    without = (plugin_options(SITE_CONFIG) or {})["without"]
    assert sorted(said) == sorted(f"cardsite: dozen: no {part}: {reason}"
                                  for part, reason in without.items())
    assert "no puzzles" not in run.stderr  # the puzzles part runs


def test_a_reader_walks_the_site_and_solves_a_puzzle_the_engine_explains(
        dozen_site, page, wait_engine, pdftotext, tmp_path):
    with serving(dozen_site) as (port, path, pages):
        origin = f"http://127.0.0.1:{port}"
        # Every page of the site is there, and nothing is fetched from another origin.
        for url in pages:
            response = page.goto(url)
            assert response is not None and response.status == 200, url
        # From the home page to the puzzles, as a reader goes (the site's own navigation).
        page.goto(f"{origin}{path}")
        assert page.locator("article h1").inner_text().rstrip("¶") == "Dozen"
        page.locator('a[href$="puzzles/"]').first.click()
        page.wait_for_url(f"{origin}{path}puzzles/")
        assert wait_engine(page) == "ready"

        # The first authored puzzle: the answer is the engine's (Python's, here), not typed in.
        widget = page.locator('section[data-puzzle-id="higher-card"]')
        spec = json.loads(widget.get_attribute("data-spec"))
        answer = api.call("puzzle", spec=spec, answer=True)["answer"]
        verdict = api.call("check", spec=spec, answer=answer)
        assert verdict["correct"]
        widget.locator(f'button[data-card="{answer}"]').click()
        widget.locator("[data-pz-check]").click()
        # The live engine in the browser confirms the verdict the build stored.
        page.wait_for_function("document.querySelector('section[data-puzzle-id=\"higher-card\"]')"
                               ".dataset.verdictFrom === 'build+engine'")
        assert widget.get_attribute("data-state") == "right"
        assert widget.locator("[data-pz-explanation]").inner_text() == verdict["explanation"]

        # A practice puzzle far in the numbered set is drawn by the reader's own Python, with
        # the game's situation template as the build shipped it; it has no stored verdicts, so
        # the engine in the page answers it, and "Show solution" gives the engine's steps.
        page.goto(f"{origin}{path}puzzles/?seed=150")
        box = page.locator('[data-puzzle-practice="legal"]')
        page.wait_for_function("document.querySelector('[data-puzzle-practice=\"legal\"]')"
                               ".dataset.state === 'shown'")
        practice = box.locator("[data-pz-slot] section")
        assert practice.get_attribute("data-puzzle-id") == "seed-150"
        spec = json.loads(practice.get_attribute("data-spec"))
        full = api.call("puzzle", spec=spec, answer=True)
        assert practice.locator("button[data-card]").evaluate_all(
            "bs => bs.map(b => b.dataset.card)") == full["offer"]
        for token in full["answer"]:
            practice.locator(f'button[data-card="{token}"]').click()
        practice.locator("[data-pz-check]").click()
        page.wait_for_function("el => el.dataset.verdictFrom === 'engine'",
                               arg=practice.element_handle())
        assert practice.get_attribute("data-state") == "right"
        verdict = api.call("check", spec=spec, answer=full["answer"])
        assert practice.locator("[data-pz-explanation]").inner_text() == verdict["explanation"]
        practice.locator("[data-pz-solution]").click()
        steps = practice.locator("[data-pz-steps] li")
        steps.first.wait_for()
        assert steps.all_inner_texts() == full["steps"]

        # The glossary: its words, from the site's menu.
        page.goto(f"{origin}{path}glossary/words/")
        for e in yaml.safe_load(GLOSSARY.read_text(encoding="utf-8")):
            entry = page.locator(f"article.gl-entry#{e['id']}")
            assert entry.locator("h3").inner_text().startswith(e["en"][0]["text"])
        page.locator("#gl-q").fill("moons")
        page.wait_for_function("document.querySelectorAll('article.gl-entry:not([hidden])')"
                               ".length === 1")
        assert page.locator("article.gl-entry:not([hidden])").get_attribute("id") == "moons"

        # The projector: a slide, and on the space bar the engine's answer and its steps.
        seed = 4
        page.goto(f"{origin}{path}teach/projector/?kind=legal&seed={seed}")
        slide = page.locator("[data-proj-stage] .cs-proj__slide")
        slide.wait_for()
        assert slide.get_attribute("data-kind") == "legal"
        assert slide.get_attribute("data-seed") == str(seed)
        p = api.call("puzzle", kind="legal", seed=seed, answer=True)
        assert slide.locator("img.cs-proj__img").evaluate_all(
            "is => is.map(i => i.dataset.token)") == [p["situation"]["led"], *p["offer"]]
        answer = slide.locator("[data-proj-answer]")
        assert answer.is_hidden()
        page.keyboard.press("Space")
        assert answer.is_visible()
        assert slide.locator("[data-proj-answer-text]").inner_text() == " ".join(p["answer"])
        assert answer.locator("li").all_inner_texts() == p["steps"]
        assert slide.locator("li[data-answer] img").evaluate_all(
            "is => is.map(i => i.dataset.token)") == p["answer"]

        # The handouts page's PDFs, fetched as the reader's browser fetches them, read back.
        page.goto(f"{origin}{path}handouts/")
        links = page.locator("article a[href$='.pdf']")
        hrefs = list(dict.fromkeys(links.evaluate_all("as => as.map(a => a.href)")))
        assert len(hrefs) == 2, hrefs
        texts = {}
        for href in hrefs:
            got = page.request.get(href)
            assert got.ok and got.headers["content-type"] == "application/pdf", href
            pdf = tmp_path / href.rsplit("/", 1)[1]
            pdf.write_bytes(got.body())
            texts[pdf.name] = " ".join(subprocess.run(
                [pdftotext, str(pdf), "-"], capture_output=True, text=True, check=True
            ).stdout.split())
        rules = texts.pop("dozen-rules.pdf")
        facts = api.call("facts")
        assert f"{facts['cards']} cards" in rules and f"gets {facts['hand_cards']} cards" in rules
        assert f"{facts['tricks']} tricks a hand" in rules
        for card in api.call("pack")["cards"]:
            assert card["name"] in rules
        from dozen_site.handouts import EXAMPLE_TRICK
        reason = api.call("winner", cards=EXAMPLE_TRICK)["reason"]
        assert f"{reason[:1].upper()}{reason[1:]}." in rules
        ((name, sheet),) = texts.items()
        every = _check_sheets(sheet, _kind_titles(dozen_site))
        assert {k for k, _ in every} == {"winner", "legal"} and min(s for _, s in every) == 100

        # The worksheet maker: a sheet of both kinds drawn by the reader's own Python.
        page.goto(f"{origin}{path}handouts/worksheets/")
        assert wait_engine(page) == "ready"
        maker = page.locator("[data-worksheet-maker]")
        for box in maker.locator("input[name=kind]").all():
            box.check()
        maker.locator("input[name=count]").fill("4")
        maker.locator("input[name=seed]").fill("40")
        maker.locator("[data-maker-make]").click()
        page.wait_for_selector("[data-worksheet-maker][data-state=made]")
        assert maker.get_attribute("data-made") == "1"
        # The sheets are in the output's shadow root (open: the locator reaches into it).
        made = " ".join(maker.locator("[data-maker-out] .ho-sheets").inner_text().split())
        every = _check_sheets(made, _kind_titles(dozen_site))
        assert every == [("winner", 40), ("winner", 41), ("legal", 40), ("legal", 41)]

        outside = [u for u in page.requested_urls
                   if urlsplit(u).scheme in ("http", "https") and not u.startswith(origin)]
        assert outside == []
        assert page.console_errors == []
