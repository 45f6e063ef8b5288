"""The test game's whole site (issue 28): the generator builds a site for a game that lives in
the tests — its engine tests/games/dozen/, its content tests/games/dozen/site/, its site code
tests/games/dozen_site/ — and a reader walks it in Chromium, the real engine answering in
Pyodide. ``make test`` builds it into build/test-sites/dozen/ (never ``make build``)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import ROOT, _serve, _site_address, built_site, games, games_in_tests
from dozen import api

SITE_CONFIG = ROOT / "tests" / "games" / "dozen" / "site" / "mkdocs.yml"
PAGES = ("", "rules/", "puzzles/")


@pytest.fixture(scope="module")
def dozen_site() -> Path:
    path = built_site("dozen")
    if not (path / "sitemap.xml").is_file():
        pytest.fail(f"no built test-game site in {path}: run `make test`", pytrace=False)
    return path


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


def test_every_number_on_the_rules_page_is_the_engines(dozen_site):
    text = re.sub(r"<[^>]+>", "", (dozen_site / "rules" / "index.html").read_text("utf-8"))
    facts = api.call("facts")
    assert f"{facts['cards']} cards in three suits" in text
    assert f"gets {facts['hand_cards']}\ncards" in text or f"gets {facts['hand_cards']} cards" in text
    assert f"{facts['tricks']} tricks a hand" in text


def test_the_build_says_once_each_part_the_site_leaves_out_and_why(tmp_path):
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL="http://127.0.0.1:9/")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f",
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


def test_a_reader_walks_the_site_and_solves_a_puzzle_the_engine_explains(dozen_site, page,
                                                                          wait_engine):
    port, path, pages = _site_address(dozen_site)
    origin = f"http://127.0.0.1:{port}"
    server = _serve(dozen_site, port)
    try:
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

        outside = [u for u in page.requested_urls
                   if urlsplit(u).scheme in ("http", "https") and not u.startswith(origin)]
        assert outside == []
        assert page.console_errors == []
    finally:
        server.shutdown()
        server.server_close()
