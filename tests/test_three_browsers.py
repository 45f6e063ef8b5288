"""The smoke suite in three browsers: the same scenarios, written once (tests/drivers.py), in
Chromium (Playwright), Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK (Selenium
and WebKitWebDriver under Xvfb) — Safari's engine and Firefox's, which many readers use.

    make test-browsers          # the three tests alone

`make test-browsers` runs all three; `make test` and a hand run of pytest run WebKit's only
with CARDSITE_WEBKIT=1, which `make test-browsers` sets (WebKit compiles Pyodide's WebAssembly
slowly: its test takes 35-60 s alone here, 100-133 s beside the rest of the suite, more than
`make test`'s 20 minutes can spare). One test a browser, one browser session a test (so two
pytest workers never start the same browser twice), one fresh page a scenario. Each scenario runs whatever the others did; the
test then fails naming each scenario that failed, with the browser and the reason, and the
page errors seen (console errors, uncaught errors, unhandled rejections). The scenarios:

* the engine's start: the counting page reaches <html data-engine="ready"> and its engine
  counts a pile as the Python engine does;
* a puzzle answered: the engine in the page gives the puzzle's right answer, typed in, and its
  verdict says right;
* a Play hand started: the table shows the reader's cards;
* the glossary filter: typing narrows the list to the entries that match;
* the German edition: a /de/ page is in German (lang="de", its heading from docs-de/);
* offline after one visit: a page visited once, with its service worker, loads again with the
  site no longer served, and its engine starts.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import drivers
from troccas import api

ROOT = Path(__file__).resolve().parent.parent

# Not the `browser` fixture's Chromium alone: these start their own browsers (the mark lets
# `-m "not browser"` skip them, and `-m three_browsers` pick them).
pytestmark = [pytest.mark.browser, pytest.mark.three_browsers,
              # Selenium's own call, inside webdriver.WebKitGTK: nothing the test can change.
              pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")]

ENGINE_SETTLED = "() => ['ready', 'failed'].includes(document.documentElement.dataset.engine)"
ENGINE_SAID = """() => [document.documentElement.dataset.engine,
  [...document.querySelectorAll('[data-engine-status]')].map(e => e.textContent.trim())
    .filter(Boolean)[0] || '']"""
PILE = ["Kc", "XXI", "Fool", "2s"]
PUZZLE_SEED = 7
GLOSSARY_QUERY = "tschec"
GLOSSARY_MATCHES = ["in-tschec-fluretg", "tschec-da-medel"]
# The site's own word that this page works offline now (build_tools/offline/offline.js).
VISIT_STORED = ("() => document.documentElement.dataset.offline === 'ready'"
                " && ['engine', 'edition'].includes(document.documentElement.dataset.offlineKept)"
                " && !!navigator.serviceWorker.controller")
VISIBLE_ENTRIES = "() => [...document.querySelectorAll('.gl-entry')].filter(e => !e.hidden).map(e => e.id)"


def engine_ready(page: drivers.Page) -> None:
    page.wait(ENGINE_SETTLED, what="the engine is ready or failed (<html data-engine>)")
    state, said = page.eval(ENGINE_SAID)
    assert state == "ready", f"the engine's state is {state!r}; the page said {said!r}"


# --- the scenarios (each: a fresh page, the site) ----------------------------------------------
def engine_start(page: drivers.Page, site) -> None:
    page.goto(site.url_of("rules/counting/"))
    engine_ready(page)
    got = page.eval("(cards) => cardsite.call('count', {cards})", PILE)
    assert got == api.call("count", cards=PILE), f"the engine in the page counted {PILE} as {got}"


def puzzle_answered(page: drivers.Page, site) -> None:
    page.goto(site.url_of(f"puzzles/count/?seed={PUZZLE_SEED}"))
    engine_ready(page)
    # The right answer from the engine in the page, as the reader's own puzzle has it.
    answer = page.eval("(seed) => cardsite.call('puzzle', {kind: 'count', seed, answer: true})"
                       ".then((p) => p.answer)", PUZZLE_SEED)
    box = "[data-puzzle-practice]"
    page.wait(f"() => document.querySelector('{box} [data-pz-number]')",
              what="the practice puzzle shows its number box")
    page.fill(f"{box} [data-pz-number]", str(answer))
    page.wait(f"() => !document.querySelector('{box} [data-pz-check]').disabled",
              what="'Check my answer' is enabled")
    page.click(f"{box} [data-pz-check]")
    page.wait(f"() => ['right', 'wrong', 'error'].includes(document.querySelector("
              f"'{box} section[data-cardsite-widget=puzzle]').dataset.state)",
              what="the puzzle shows a verdict")
    state, said = page.eval(f"""() => {{ const w = document.querySelector('{box} section[data-cardsite-widget=puzzle]');
        const e = w.querySelector('[data-pz-explanation]');
        return [w.dataset.state, e ? e.innerText.trim() : '']; }}""")
    assert state == "right", f"answered {answer} (the engine's answer): the verdict is {state!r}, {said!r}"
    assert str(answer) in said, f"the right verdict does not show the answer {answer}: {said!r}"


def play_hand_started(page: drivers.Page, site) -> None:
    page.goto(site.url_of("play/"))
    engine_ready(page)
    page.click("[data-play-start]")
    page.wait("() => { const g = document.querySelector('[data-play-game]');"
              " return g && !g.hidden && document.querySelectorAll('[data-play-hand] [data-token]').length > 0"
              " && document.querySelector('[data-play-table]').dataset.busy === 'false'; }",
              what="the table shows the reader's hand, the bots done")
    # Each card of the hand, shown (a picture in the talk, a button in the play) by its token.
    hand = page.eval("() => [...document.querySelectorAll('[data-play-hand] [data-token]')]"
                     ".map((b) => b.dataset.token)")
    assert hand and len(set(hand)) == len(hand) and set(hand) <= set(api.TOKEN), \
        f"the reader's hand is not distinct cards of the pack: {hand}"


def glossary_filter(page: drivers.Page, site) -> None:
    page.goto(site.url_of("glossary/words/"))
    page.wait("() => document.querySelector('#glossary-app[data-ready=yes]')",
              what="the glossary's filter is ready")
    before = page.eval(VISIBLE_ENTRIES)
    assert len(before) > len(GLOSSARY_MATCHES), f"only {len(before)} entries shown before typing"
    page.fill("#gl-q", GLOSSARY_QUERY)
    try:
        page.wait("(ids) => { const shown = [...document.querySelectorAll('.gl-entry')]"
                  ".filter(e => !e.hidden).map(e => e.id).sort();"
                  " return JSON.stringify(shown) === JSON.stringify(ids); }", GLOSSARY_MATCHES,
                  what=f"typing {GLOSSARY_QUERY!r} leaves {GLOSSARY_MATCHES} shown", timeout=10)
    except drivers.Timeout as exc:
        raise AssertionError(f"{exc}; shown: {page.eval(VISIBLE_ENTRIES)[:10]}") from None


def german_edition(page: drivers.Page, site) -> None:
    page.goto(site.url_of("de/rules/"))
    source = (ROOT / "docs-de" / "rules" / "index.md").read_text(encoding="utf-8")
    heading = re.search(r"^# (.+?)(?:\s*\{.*\})?$", source, re.M)[1]  # type: ignore[index]
    lang, h1 = page.eval("() => { const h = document.querySelector('article h1');"
                         " const c = h && h.cloneNode(true); if (c) c.querySelectorAll('.headerlink')"
                         ".forEach((a) => a.remove());"
                         " return [document.documentElement.lang, c ? c.textContent : '']; }")
    assert lang == "de", f"the German edition's page says lang={lang!r}"
    assert h1.strip() == heading, f"the German page's heading is {h1!r}, docs-de has {heading!r}"


def offline_after_one_visit(page: drivers.Page, site, copy: drivers.SiteCopy) -> None:
    """``copy``: the site served for this scenario alone, which it stops serving."""
    page.goto(copy.url_of("rules/counting/"))
    engine_ready(page)
    page.wait(VISIT_STORED, what="the service worker has stored the visit and its engine "
                                  "(<html data-offline=ready data-offline-kept=engine>) and controls the page")
    copy.stop()
    page.reload()
    engine_ready(page)
    got = page.eval("(cards) => cardsite.call('count', {cards})", PILE)
    assert got == api.call("count", cards=PILE), f"offline, the engine counted {PILE} as {got}"


SCENARIOS: list[tuple[str, Callable]] = [
    ("the engine's start", engine_start),
    ("a puzzle answered", puzzle_answered),
    ("a Play hand started", play_hand_started),
    ("the glossary filter", glossary_filter),
    ("the German edition", german_edition),
    ("offline after one visit", offline_after_one_visit),
]


def run_scenarios(browser: drivers.Browser, site, record_property) -> None:
    path = urlsplit(site.url).path or "/"
    failed, took = [], []
    start = time.monotonic()
    for name, scenario in SCENARIOS:
        t0 = time.monotonic()
        offline = scenario is offline_after_one_visit
        page = None
        why = ""
        try:
            page = browser.open(worker=offline)
            if offline:
                with drivers.SiteCopy(site.dir, path) as copy:
                    scenario(page, site, copy)
            else:
                scenario(page, site)
        except (AssertionError, RuntimeError) as exc:
            why = str(exc)
        except Exception as exc:  # noqa: BLE001 - a driver's own error names the scenario too
            why = f"{type(exc).__name__}: {exc}"
        if page is not None:
            try:
                errors = page.errors()
                page.close()
            except Exception as exc:  # noqa: BLE001 - the browser itself went wrong
                errors = [f"reading the page's errors and closing it: {exc}"]
            if errors:
                why = f"{why}; page errors: {errors}" if why else f"page errors: {errors}"
        if why:
            failed.append(f"{browser.name} · {name}: {why}")
        took.append(f"{name} {time.monotonic() - t0:.1f} s")
    record_property("scenarios", "; ".join(took))
    record_property("wall_s", round(time.monotonic() - start, 1))
    print(f"{browser.version()}: {'; '.join(took)}")
    if failed:
        pytest.fail("\n".join(failed), pytrace=False)


def test_scenarios_in_chromium(browser, site_server, record_property):
    # The session's Chromium (conftest), the service worker blocked except offline.
    run_scenarios(drivers.Chromium(browser), site_server, record_property)


def test_scenarios_in_firefox(site_server, record_property):
    try:
        with drivers.firefox() as firefox:
            run_scenarios(firefox, site_server, record_property)
    except drivers.BrowserMissing as exc:
        pytest.fail(str(exc), pytrace=False)


@pytest.mark.skipif(not os.environ.get("CARDSITE_WEBKIT"), reason=(
    "WebKit runs with CARDSITE_WEBKIT=1, as make test-browsers sets it: its engine starts "
    "slowly (its test takes 35-60 s alone on the 2-core machine, 100-133 s in make test)"))
def test_scenarios_in_webkit(site_server, record_property):
    # WebKitWebDriver reads no console: the pages come from a copy of the site that writes the
    # error recorder into them (and blocks the worker, as the other browsers' contexts do).
    path = urlsplit(site_server.url).path or "/"
    try:
        with drivers.webkit() as webkit, \
                drivers.SiteCopy(site_server.dir, path, scripts=(drivers.NO_WORKER,)) as copy:
            run_scenarios(webkit, copy, record_property)
    except drivers.BrowserMissing as exc:
        pytest.fail(str(exc), pytrace=False)
