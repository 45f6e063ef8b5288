"""The built site in Chromium: offline pages, the in-browser engine, the counting widget."""

from __future__ import annotations

import json
import time
from urllib.parse import urljoin, urlsplit

import pytest

from troccas import api

COUNTING = "rules/counting/"
STATE = "document.documentElement.dataset.engine"


def off_site(urls: list[str]) -> list[str]:
    return [u for u in urls if urlsplit(u).scheme not in ("data", "blob")
            and urlsplit(u).hostname != "127.0.0.1"]


def card_names(tokens: list[str]) -> list[str]:
    names = {c["token"]: c["name"] for c in api.call("pack")["cards"]}
    return [names[t] for t in tokens]


def pick(page, tokens: list[str]) -> None:
    for name in card_names(tokens):
        page.get_by_role("button", name=name, exact=True).click()


def wait_count(page, tokens: list[str], method: str) -> dict:
    """Waits until the widget shows the count of exactly this pile; returns what it shows."""
    page.wait_for_function(
        """([cards, method]) => {
             const out = document.querySelector('[data-count-output]');
             return out.dataset.state === 'done' && out.dataset.cards === cards
                    && out.dataset.method === method;
           }""", arg=[" ".join(tokens), method])
    out = page.locator("[data-count-output]")
    rows = out.locator("tbody tr")
    return {
        "points": int(out.get_attribute("data-points")),
        "total": int(out.locator("[data-count-total]").inner_text()),
        "groups": [[cell.strip() for cell in rows.nth(i).locator("td").all_inner_texts()]
                   for i in range(rows.count())],
    }


def expected_rows(result: dict) -> list[list[str]]:
    rows = []
    for i, g in enumerate(result["groups"], 1):
        sums = " + ".join(map(str, g["values"])) + (f" = {g['sum']}" if len(g["values"]) > 1 else "")
        rows.append([str(i), " ".join(g["cards"]), sums, f"− {g['less']}" if g["less"] else "—",
                     str(g["points"])])
    return rows


# That every page loads from the site alone, without an error and with its Python started from
# the site's files, is checked on the axe walk's visit of each page (test_a11y_axe.py).


def test_counting_widget_gives_the_engines_answer(site_server, page, wait_engine):
    page.goto(site_server.url_of(COUNTING))
    # The picker is in the page before Python is ready: it was rendered at build time.
    assert page.locator("button[data-card]").count() == 78
    pile = ["Kc", "Qr", "XXI", "Fool", "2s", "Jb", "10c"]
    pick(page, pile)
    assert wait_engine(page) == "ready"

    for method in ("fours", "threes", "singly"):
        page.select_option("[data-count-method]", method)
        shown = wait_count(page, pile, method)
        expected = api.call("count", cards=pile, method=method)
        assert shown["points"] == shown["total"] == expected["points"]
        assert shown["groups"] == expected_rows(expected)

    page.select_option("[data-count-method]", "fours")
    page.get_by_role("button", name="Take the whole pack").click()
    everything = [c["token"] for c in api.call("pack")["cards"]]
    shown = wait_count(page, everything, "fours")
    assert shown["points"] == api.call("count", cards=everything)["points"]

    page.get_by_role("button", name="Clear the pile").click()
    page.wait_for_function("document.querySelector('[data-count-output]').dataset.state === 'empty'")
    assert page.locator("button[data-card][aria-pressed=true]").count() == 0
    assert page.console_errors == []


def test_engine_errors_reject_with_rule_and_type(site_server, page, wait_engine):
    page.goto(site_server.url_of(COUNTING))
    assert wait_engine(page) == "ready"
    args = {"cards": ["Kc", "Zz"]}
    got = page.evaluate("""(args) => cardsite.call('count', args).then(
                             r => ({ok: r}),
                             e => ({message: e.message, rule: e.rule, type: e.type,
                                    id: e.id, params: e.params}))""", args)
    expected = json.loads(api.call_json("count", json.dumps(args)))
    assert expected["ok"] is False
    assert got == expected["error"]
    # A good call after a bad one still works: the worker survives errors.
    assert page.evaluate("cardsite.call('count', {cards: ['Kc']})") == api.call("count", cards=["Kc"])


def test_the_page_reads_the_engines_schema_and_finds_an_answer_off_it(site_server, page,
                                                                      wait_engine):
    """cardsite.js checks answers against the JSON Schema the build wrote from the engine's
    result types (api.schema()): a real answer fits, a bent one is caught field by field."""
    page.goto(site_server.url_of(COUNTING))
    assert wait_engine(page) == "ready"
    problems = page.evaluate("""async () => {
        const real = await cardsite.call('count', {cards: ['Kc', 'Qc', '1c']});
        const bent = {...real, points: String(real.points), groups: [{}]};
        delete bent.cards;
        return [await cardsite.schemaProblems('count', real),
                await cardsite.schemaProblems('count', bent),
                await cardsite.schemaProblems('no_such_call', real)];
    }""")
    assert problems[0] == []
    assert {p.split(":")[0] for p in problems[1]} >= {"count.points", "count.cards",
                                                      "count.groups[0].cards"}
    assert problems[2] == ["no_such_call: not a call in the engine's schema"]
    schema = json.loads((site_server.dir / "assets" / "engine" / "schema.json").read_text())
    assert schema == json.loads(json.dumps(api.schema()))
    assert page.console_errors == []


def test_second_page_reuses_the_running_python(site_server, page, wait_engine):
    responses = []
    page.on("response", lambda r: responses.append(r))  # the engine worker's too
    page.goto(site_server.url_of(COUNTING))
    assert wait_engine(page) == "ready"
    page.evaluate("window.__sameVisit = true")
    wasm_before = sum(u.endswith("pyodide.asm.wasm") for u in page.requested_urls)
    assert wasm_before == 1
    # The reader moves about the page before following a link; that starts Material, whose
    # instant navigation keeps the page (and its Python) from one page to the next.
    page.mouse.move(40, 300)
    page.wait_for_function("!!window.document$")

    # Away by the top tabs, and back by a link in the page.
    page.get_by_role("link", name="Rules", exact=True).first.click()
    page.wait_for_url("**/rules/")
    page.get_by_role("article").get_by_role("link", name="Counting the cards").click()
    page.wait_for_url(f"**/{COUNTING}")
    start = time.perf_counter()
    assert wait_engine(page, timeout=5_000) == "ready"
    assert time.perf_counter() - start < 1.0
    assert page.evaluate("window.__sameVisit") is True, "navigation.instant did not keep the page"
    assert sum(u.endswith("pyodide.asm.wasm") for u in page.requested_urls) == 1

    # The widget of the new page is wired to the same worker.
    pile = ["XXI", "I", "Fool"]
    pick(page, pile)
    assert wait_count(page, pile, "fours")["points"] == api.call("count", cards=pile)["points"]
    assert page.console_errors == []

    # A site published under a sub-path asks for nothing outside it (make test builds it for
    # /sub/path/): no root-absolute address in a page, a script, the worker or the manifest.
    outside = [u for u in page.requested_urls
               if urlsplit(u).scheme in ("http", "https") and not u.startswith(site_server.url)]
    assert outside == [], f"requested outside {site_server.url}"
    if site_server.server == "nginx":
        # The host compresses what compresses (build_tools/hosting/nginx.conf), the engine
        # included, and gives WebAssembly the type its streaming compile needs. The runtime's
        # files go from their pre-compressed twins, in the encoding the server chose from what
        # the browser accepts (brotli here, gzip where brotli_static is missing).
        def headers(suffix: str) -> dict:
            found = [r for r in responses if urlsplit(r.url).path.endswith(suffix)]
            assert found, f"no response for …{suffix}"
            return found[0].headers
        wasm = headers("/pyodide.asm.wasm")
        assert wasm.get("content-type") == "application/wasm"
        for suffix in (f"/{COUNTING}", "/cardsite.js", "/pyodide.asm.wasm", "/pyodide.asm.mjs",
                       "/python_stdlib.zip"):
            assert headers(suffix).get("content-encoding") in ("br", "gzip"), suffix


def test_material_starts_on_the_first_interaction_not_while_loading(site_server, page):
    """Material's bundle (search, instant navigation, the palette toggle) stays out of the page
    load, so that a phone's first paint and first taps are not held up by its start-up; the
    reader's first interaction starts it. Until then the page is whole: the palette follows
    prefers-color-scheme and the site's own scripts run."""
    page.emulate_media(color_scheme="dark")
    page.goto(site_server.url_of(COUNTING))
    page.wait_for_load_state("load")
    page.wait_for_timeout(500)
    assert page.evaluate("typeof window.document$") == "undefined"
    assert page.get_attribute("body", "data-md-color-scheme") == "slate"
    assert page.locator("[data-cardsite-widget] button[data-card]").count() > 0
    page.keyboard.press("Tab")
    page.wait_for_function("!!window.document$ && document.documentElement.classList.contains('js')")
    assert page.get_attribute("body", "data-md-color-scheme") == "slate"
    assert page.locator(".md-search__input").is_visible() or page.locator("label[for=__search]").first.is_visible()
    assert page.console_errors == []


def test_a_page_opened_as_a_file_says_how_to_serve_it(site_dir, page):
    page.goto((site_dir / COUNTING / "index.html").as_uri())
    page.wait_for_function(f"{STATE} === 'failed'")
    status = page.locator("[data-engine-status]")
    status.wait_for()
    text = status.inner_text()
    assert "opened as a file" in text
    assert "make serve" in text and "python3 -m http.server -d site" in text
    # The rules text and the cards are still there.
    assert page.locator("button[data-card]").count() == 78


def test_pages_print_without_menus(site_server, page, pdftotext, tmp_path):
    import subprocess

    page.goto(site_server.url_of(COUNTING))
    page.emulate_media(media="print")
    assert not page.locator(".md-header").is_visible()
    assert not page.locator(".md-sidebar--primary").is_visible()
    pdf = tmp_path / "counting.pdf"
    page.pdf(path=str(pdf))
    text = subprocess.run([pdftotext, str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "Counting the cards" in text
    assert "Search" not in text.split("Counting the cards", 1)[0]


def test_pages_without_widgets_leave_python_alone_until_needed(site_server, page, wait_engine):
    page.goto(site_server.url)
    page.wait_for_load_state("networkidle")
    assert page.evaluate(STATE) == "idle"
    assert not any("/pyodide/" in u for u in page.requested_urls)
    # Reaching an engine page by a link starts Python there.
    page.get_by_role("article").get_by_role("link", name="how the cards are counted").click()
    page.wait_for_url(f"**/{COUNTING}")
    assert wait_engine(page) == "ready"
    pile = ["Kb", "Qb"]
    pick(page, pile)
    assert wait_count(page, pile, "fours")["points"] == api.call("count", cards=pile)["points"]
    assert page.console_errors == []


def test_a_runtime_that_cannot_start_is_reported_in_plain_words(site_server, page, wait_engine):
    # Python's standard library (which holds the engine, in the site's own build) is gone.
    page.route("**/python_stdlib.zip", lambda route: route.fulfill(status=404, body="gone"))
    page.route("**/engine/*.whl", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site_server.url_of(COUNTING))
    assert wait_engine(page) == "failed"
    status = page.locator("[data-engine-status]").inner_text()
    assert "could not start" in status
    # Calls fail with a readable error instead of hanging.
    err = page.evaluate("cardsite.call('pack').then(() => null, e => e.message)")
    assert err and "could not start" in err
    # The rest of the page is still usable.
    page.get_by_role("button", name=card_names(["Kc"])[0], exact=True).click()
    assert page.get_by_role("button", name=card_names(["Kc"])[0], exact=True).get_attribute("aria-pressed") == "true"


# --- the reader's first input (Material's bundle starts on it) ----------------------------------
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}
VISIBLE_PAGE_LINK = """(sel) => [...document.querySelectorAll(sel)].findIndex((a) => {
  const r = a.getBoundingClientRect(), u = new URL(a.href, location.href);
  return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && u.origin === location.origin
    && u.pathname !== location.pathname && u.pathname.endsWith('/');
})"""


def first_input_page(browser, site_server, phone: bool):
    ctx = browser.new_context(**(PHONE if phone else {}))
    ctx.set_default_timeout(60_000)
    page = ctx.new_page()
    page.console_errors, page.requested_urls = [], []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda exc: page.console_errors.append(f"uncaught: {exc}"))
    page.on("request", lambda r: page.requested_urls.append(r.url))
    page.goto(site_server.url_of(COUNTING))
    return ctx, page


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box, "the element is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize("how", ["mouse click", "touch tap"])
def test_the_first_click_or_tap_on_a_link_is_an_instant_navigation(browser, site_server,
                                                                   wait_engine, how):
    """Issue 13 item 3: with Material's bundle not yet started, the reader's very first input is
    a click (or a tap) on a link to another page. The page must change without a new document:
    Python keeps running and is not downloaded again."""
    phone = how == "touch tap"
    ctx, page = first_input_page(browser, site_server, phone)
    try:
        assert wait_engine(page) == "ready"
        page.evaluate("window.__sameDocument = true")
        assert page.evaluate("typeof window.document$") == "undefined", "Material started early"
        selector = "article a[href]" if phone else ".md-tabs a[href]"
        index = page.evaluate(VISIBLE_PAGE_LINK, selector)
        assert index >= 0, f"no link to another page on screen ({selector})"
        link = page.locator(selector).nth(index)
        target = urlsplit(urljoin(page.url, link.get_attribute("href"))).path
        old_heading = page.locator("article h1").first.text_content()
        x, y = centre(link)
        if phone:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)
        page.wait_for_function("(path) => location.pathname === path", arg=target)
        page.wait_for_load_state("load")
        assert page.evaluate("window.__sameDocument") is True, "the first input loaded a new document"
        page.wait_for_function("!!window.document$")
        assert page.evaluate(STATE) == "ready"
        assert sum(u.endswith("pyodide.asm.wasm") for u in page.requested_urls) == 1
        assert sum(u.endswith("/pyodide.mjs") for u in page.requested_urls) == 1
        # The new page's content is in (the address changes first, then the content).
        page.wait_for_function("(old) => document.querySelector('article h1')?.textContent !== old",
                               arg=old_heading)
        heading = page.locator("article h1").first.text_content().rstrip("¶").strip()
        page.wait_for_function("(h) => document.title.startsWith(h)", arg=heading)
        assert page.console_errors == []
    finally:
        ctx.close()


def test_search_and_palette_show_from_the_first_paint_and_work_as_first_input(
        browser, site_server):
    """Issue 13 item 3: the header's search box and palette toggle are on screen before any
    input, and each works when it is the reader's very first input (the bundle starts then)."""
    ctx, page = first_input_page(browser, site_server, phone=False)
    try:
        page.wait_for_load_state("load")
        assert page.evaluate("typeof window.document$") == "undefined"
        assert page.locator(".md-search__input").is_visible()
        toggle = page.locator(".md-header label[for^='__palette']:not([hidden])")
        assert toggle.count() == 1 and toggle.is_visible()
        before = page.get_attribute("body", "data-md-color-scheme")
        page.mouse.click(*centre(toggle))
        page.wait_for_function("!!window.document$")
        page.wait_for_function("(s) => document.body.dataset.mdColorScheme !== s", arg=before)
        assert page.locator(".md-header label[for^='__palette']:not([hidden])").count() == 1
        assert page.console_errors == []
    finally:
        ctx.close()

    ctx, page = first_input_page(browser, site_server, phone=True)
    try:
        page.wait_for_load_state("load")
        button = page.locator(".md-header label.md-header__button[for='__search']")
        assert button.is_visible(), "the phone's search button is hidden before the first input"
        assert page.locator(".md-header label[for^='__palette']:not([hidden])").is_visible()
        page.touchscreen.tap(*centre(button))
        page.wait_for_function("!!window.document$")
        page.wait_for_function("document.getElementById('__search').checked")
        # Typed key by key, as a reader does: Material searches on key events, and a value set
        # in one go (fill) was searched only when it came before the index was ready, which
        # on a busy machine it sometimes did not.
        page.locator(".md-search__input").press_sequentially("scart")
        page.locator(".md-search-result__item").first.wait_for()
        assert page.console_errors == []
    finally:
        ctx.close()
