"""axe-core's WCAG 2.1 A and AA rules on every page of the built site, and on the interactive
parts in their interactive states: zero violations.

A failure names the page (and state), each rule, and each element: its selector, its HTML and
axe's reason. axe-core is pinned in package.json and injected from node_modules/.
"""

from __future__ import annotations

import re

import pytest

from troccas import api

from a11y_helpers import assert_no_violations, sitemap_paths
from test_site_browser import off_site

PAGES = sitemap_paths()
COUNTING = "rules/counting/"
WORDS = "glossary/words/"
ENGINE_READY = "document.documentElement.dataset.engine === 'ready'"


def open_page(page, url, wait_engine=None):
    page.goto(url)
    page.wait_for_load_state("load")
    state = page.evaluate("document.documentElement.dataset.engine")
    if wait_engine and state == "loading":
        state = wait_engine(page)
    return state


def page_id(path: str) -> str:
    return "/" + path


# The German edition (mkdocs.de.yml, built into de/): every page too.
DE_PAGES = sitemap_paths("de")


@pytest.mark.parametrize("path", PAGES + DE_PAGES or ["(no built site: run make build)"],
                         ids=page_id)
def test_page_has_no_wcag_violations(path, site_server, page, wait_engine):
    """Each page as the reader sees it once it is usable (engine pages: engine ready)."""
    assert PAGES, "no sitemap.xml in the built site: run `make build`"
    assert DE_PAGES, "no German edition in the built site (de/sitemap.xml): run `make build`"
    state = open_page(page, site_server.url_of(path), wait_engine)
    assert_no_violations(page, f"/{path} (light palette)")
    # The same walk shows that every page loads from the site alone without an error, its
    # Python (where it has some) started from the site's own files: one visit a page serves
    # both checks (a walk of its own cost a minute and a half of the suite).
    assert state in ("idle", "ready"), (path, state)
    if state == "ready":
        assert any(re.search(r"/pyodide/[^/]+/pyodide\.asm\.wasm$", u) for u in page.requested_urls), path
    assert page.console_errors == [], path
    assert off_site(page.requested_urls) == [], path


DARK_PAGES = ["", COUNTING, WORDS, "glossary/trumps/", "glossary/tschintschar/", "glossary/cards/",
              "learn/", "puzzles/", "de/", "de/" + WORDS, "de/glossary/romontsch/"]


@pytest.mark.parametrize("path", DARK_PAGES, ids=page_id)
def test_dark_palette_has_no_wcag_violations(path, site_server, browser, wait_engine):
    """The dark palette, chosen by the reader's prefers-color-scheme: the contrast holds there too."""
    if path not in PAGES + DE_PAGES:
        pytest.skip(f"/{path} is not in this build's sitemap")
    ctx = browser.new_context(color_scheme="dark")
    try:
        page = ctx.new_page()
        open_page(page, site_server.url_of(path), wait_engine)
        assert page.get_attribute("body", "data-md-color-scheme") == "slate"
        assert_no_violations(page, f"/{path} (dark palette)")
    finally:
        ctx.close()


@pytest.mark.parametrize("path", ["glossary/tschintschar/", "glossary/trumps/"], ids=page_id)
def test_stacked_tables_on_a_phone_have_no_wcag_violations(path, site_server, browser):
    """On a phone these tables show one block per row, each value after its column's name."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        open_page(page, site_server.url_of(path))
        assert page.evaluate("getComputedStyle(document.querySelector('.gl-stack tr')).display") == "block"
        assert_no_violations(page, f"/{path} (phone)")
    finally:
        ctx.close()


# --- interactive states ------------------------------------------------------------------------
def test_counting_widget_after_picking_and_counting(site_server, page, wait_engine):
    open_page(page, site_server.url_of(COUNTING))
    assert wait_engine(page) == "ready"
    widget = page.locator('[data-cardsite-widget="count-pile"]').first
    names = {c["token"]: c["name"] for c in api.call("pack")["cards"]}
    for token in ("Kc", "Qs", "XXI", "Fool", "5r", "I"):  # by their accessible names
        widget.get_by_role("button", name=names[token], exact=True).click()
    widget.locator("[data-count-method]").select_option("threes")
    page.wait_for_function("document.querySelector('[data-count-output]').dataset.state === 'done'")
    assert_no_violations(page, f"/{COUNTING} counting widget, six cards picked and counted")
    widget.locator('[data-count-action="all"]').click()
    page.wait_for_function("document.querySelector('[data-count-output]').dataset.cards.split(' ').length === 78"
                           " && document.querySelector('[data-count-output]').dataset.state === 'done'")
    assert_no_violations(page, f"/{COUNTING} counting widget, the whole pack counted")


@pytest.mark.parametrize("query", ["medel", "no such word anywhere"])
def test_glossary_filter_with_a_query(query, site_server, page):
    page.goto(site_server.url_of(WORDS))
    page.wait_for_selector("#glossary-app[data-ready='yes']")
    page.fill("#gl-q", query)
    page.wait_for_timeout(300)  # the count line is debounced
    assert_no_violations(page, f"/{WORDS} with {query!r} typed in the filter")


def test_term_tooltip_open(site_server, page):
    for path in (COUNTING, "rules/", "learn/", ""):
        if path not in PAGES:
            continue
        page.goto(site_server.url_of(path))
        if page.query_selector(".gl-term__link"):
            break
    else:
        pytest.fail("no page among the rules and lessons has a marked Romansh term with a tooltip")
    page.locator(".gl-term__link").first.focus()
    assert page.locator(".gl-term__tip").first.is_visible()
    assert_no_violations(page, f"/{path} with a term tooltip open (focus)")
    page.keyboard.press("Escape")
    page.locator(".gl-term__link").nth(1 if page.locator(".gl-term__link").count() > 1 else 0).hover()
    page.wait_for_timeout(800)  # hovering scrolled the page: let Material's header finish its fade
    assert_no_violations(page, f"/{path} with a term tooltip open (hover)")


def _answer_until_both(page, root, options_sel: str, check_sel: str, state_of, limit: int = 12):
    """Click each option in turn and check it, until both a right and a wrong verdict were shown;
    audits the page in each. Returns the verdicts seen."""
    seen = {}
    options = root.locator(options_sel)
    for i in range(min(options.count(), limit)):
        options.nth(i).click()
        root.locator(check_sel).click()
        page.wait_for_function("([el, f]) => ['right', 'wrong', 'error'].includes(eval(f)(el))",
                               arg=[root.element_handle(), state_of])
        verdict = page.evaluate("([el, f]) => eval(f)(el)", [root.element_handle(), state_of])
        assert verdict != "error", root.inner_text()
        if verdict not in seen:
            seen[verdict] = i
            yield verdict
        if len(seen) == 2:
            return
        if options.nth(i).get_attribute("aria-pressed") == "true":
            options.nth(i).click()  # unpick it before trying the next


def test_puzzle_answers_right_and_wrong(site_server, page, wait_engine):
    candidates = [p for p in PAGES if p.startswith("puzzles/") and p != "puzzles/"]
    if not candidates:
        pytest.skip("no puzzle page in this build's sitemap yet")
    for path in candidates:
        page.goto(site_server.url_of(path))
        root = page.locator('[data-cardsite-widget="puzzle"]:has(button[data-card])').first
        if root.count() and root.get_attribute("data-answer-type") in ("card", "card_or_choice"):
            break
    else:
        pytest.skip("no puzzle page with a one-card answer")
    assert wait_engine(page) == "ready"
    page.wait_for_function("el => !el.querySelector('[data-pz-check]').disabled", arg=root.element_handle())
    verdicts = []
    for verdict in _answer_until_both(page, root, "button[data-card]", "[data-pz-check]",
                                      "el => el.dataset.state"):
        verdicts.append(verdict)
        assert_no_violations(page, f"/{path} puzzle answered, {verdict} feedback shown")
    assert sorted(verdicts) == ["right", "wrong"], f"/{path}: could not show both verdicts"


def test_exercise_answers_right_and_wrong(site_server, page, wait_engine):
    """The lessons' exercises (checked by the engine) with right and wrong feedback shown."""
    found = None
    for path in [p for p in PAGES if p.startswith(("learn/", "rules/"))]:
        page.goto(site_server.url_of(path))
        root = page.locator('[data-cardsite-widget="exercise"][data-pick="one"]').first
        if root.count():
            found = path
            break
    if not found:
        pytest.skip("no lesson page with a one-answer exercise yet")
    assert wait_engine(page) == "ready"
    verdicts = []
    for verdict in _answer_until_both(page, root, ".cs-exercise__opt", "[data-exercise-check]",
                                      "el => el.querySelector('[data-exercise-feedback]').dataset.state"):
        verdicts.append(verdict)
        assert_no_violations(page, f"/{found} exercise answered, {verdict} feedback shown")
    assert sorted(verdicts) == ["right", "wrong"], f"/{found}: could not show both verdicts"
