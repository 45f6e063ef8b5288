"""The teacher's kit (docs/teach/): the course plan, the teacher notes and the projector view.

The pages are checked in the built site (every lesson has its notes, linked to the lesson and
its rules page; every figure is the engine's), and the projector view in Chromium: no header,
menus or footer, large cards, the keys, and the engine's answer revealed.
"""

from __future__ import annotations

import re
from html import unescape


from troccas import api
from troccas.puzzles import KINDS

from build_tools.parts.teach import SEEDS

LESSONS = ["cards", "deal", "tschintschar", "scart", "play", "fool", "buob", "counting", "scoring"]
RULES = {"cards": "cards", "deal": "deal", "tschintschar": "talk", "scart": "scart",
         "play": "play", "fool": "fool", "buob": "buob", "counting": "counting",
         "scoring": "scoring"}


def page_text(site_dir, path: str) -> str:
    html = (site_dir / path / "index.html").read_text(encoding="utf-8")
    article = html.split("<article", 1)[1].split("</article>", 1)[0]
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", article)).split())


def test_teach_pages_are_in_the_nav_with_no_figure_left_unworked(site_dir):
    home = (site_dir / "index.html").read_text(encoding="utf-8")
    for path in ("teach/", "teach/course/", "teach/notes/", "teach/projector/"):
        assert f'href="{path}"' in home, path
        text = page_text(site_dir, path.rstrip("/"))
        assert "{{" not in text and "}}" not in text, path


def test_notes_cover_every_lesson_with_its_lesson_and_rules_links(site_dir):
    html = (site_dir / "teach" / "notes" / "index.html").read_text(encoding="utf-8")
    sections = [s for s in re.split(r'<h2 id="', html)[1:] if not s.startswith("sources")]
    assert len(sections) == len(LESSONS)
    for lesson, section in zip(LESSONS, sections):
        assert f'href="../../learn/{lesson}/"' in section, lesson
        assert f'href="../../rules/{RULES[lesson]}/"' in section, lesson
        assert "Show with real cards." in section and "Mistakes to watch for." in section, lesson


def test_course_plan_has_three_evenings_and_the_engines_figures(site_dir):
    text = page_text(site_dir, "teach/course")
    f = api.call("facts", players=4)
    rounds = f["batches"][f["default_method"]]
    other = [str(r[0]) for r in rounds]
    dealer = [str(r[-1]) for r in rounds]
    assert f"{', '.join(other[:-1])} and {other[-1]} to each player" in text
    assert f"{', '.join(dealer[:-1])} and {dealer[-1]} to himself" in text
    assert f"everyone counts: {f['cards_each']} and {f['dealer_cards']}" in text
    assert f"A whole game of {f['hands_in_game']} hands" in text
    assert f"Par is {f['par']['fours']['other']}" in text
    for n in (1, 2, 3):
        assert f"Evening {n}:" in text
    html = (site_dir / "teach" / "course" / "index.html").read_text(encoding="utf-8")
    for kind in re.findall(r'href="\.\./projector/\?kind=(\w+)&amp;seed=\d+"', html):
        assert kind in KINDS


def test_projector_page_holds_every_kind_with_the_engines_answers(site_dir):
    html = (site_dir / "teach" / "projector" / "index.html").read_text(encoding="utf-8")
    slides = re.findall(r'<template data-slide data-kind="(\w+)" data-seed="(\d+)">(.*?)</template>',
                        html, re.S)
    assert {(k, int(s)) for k, s, _ in slides} == {(k, s) for k in KINDS for s in SEEDS}
    for kind, seed, body in slides[::7]:  # a sample across the kinds: each costs an engine call
        p = api.call("puzzle", kind=kind, seed=int(seed), answer=True)
        shown = unescape(re.sub(r"<[^>]+>", "", body.split("data-proj-answer-text>", 1)[1]
                                .split("</span>", 1)[0]))
        a = p["answer"]
        assert (" ".join(a) if isinstance(a, list) else str(a)) in shown, (kind, seed)
        for step in p["steps"]:
            assert unescape(re.sub(r"<[^>]+>", "", step)) in unescape(re.sub(r"<[^>]+>", "", body))


def test_projector_view_large_cards_no_chrome_keys_and_the_engines_answer(site_server, page):
    """Reached from the Teach page by its link (Material's instant navigation keeps the old
    header in the page: the view hides it), read from the back of a hall, stepped with keys."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_server.url_of("teach/"))
    # The reader has moved about the page (Material started: its instant navigation takes the
    # click; a click that is the very first input is held and handed on: test_site_browser.py,
    # test_the_first_click_or_tap_on_a_link_is_an_instant_navigation).
    page.mouse.move(40, 300)
    page.wait_for_function("!!window.document$")
    page.locator("article").get_by_role("link", name="Projector view").click()
    # The view writes the puzzle it shows into the address (?kind=…&seed=…) as soon as it runs,
    # which may be before this wait starts: the address is matched with or without it.
    page.wait_for_url(re.compile(r"/teach/projector/(\?.*)?$"))
    page.wait_for_selector("[data-proj-stage] .cs-proj__slide")
    for chrome in (".md-header", ".md-tabs", ".md-sidebar--primary", ".md-footer"):
        assert page.locator(chrome).first.is_hidden(), chrome
    first = KINDS[0]
    assert page.locator("[data-proj-stage] .cs-proj__slide").get_attribute("data-kind") == first

    # Puzzle 3 of "who takes the trick", by its address, as the course plan links it.
    seed = 3
    page.goto(site_server.url_of(f"teach/projector/?kind=winner&seed={seed}"))
    slide = page.locator("[data-proj-stage] .cs-proj__slide")
    assert slide.get_attribute("data-seed") == str(seed)
    cards = slide.locator("img.cs-proj__img")
    assert cards.count() == 4
    box = cards.first.bounding_box()
    assert box["height"] >= 0.3 * 800 and box["width"] >= 0.1 * 1280, box  # large
    answer = slide.locator("[data-proj-answer]")
    assert answer.is_hidden()

    p = api.call("puzzle", kind="winner", seed=seed, answer=True)
    page.keyboard.press("Space")
    assert answer.is_visible()
    assert slide.locator("[data-proj-answer-text]").inner_text() == p["answer"]
    for step in p["steps"]:
        assert step in answer.inner_text()
    marked = slide.locator("li[data-answer] img")
    assert marked.count() == 1 and marked.get_attribute("data-token") == p["answer"]
    assert page.get_by_role("button", name="Hide the answer").get_attribute("aria-pressed") == "true"

    page.keyboard.press("ArrowRight")  # the next puzzle, its answer hidden again
    assert slide.get_attribute("data-seed") == str(seed + 1)
    assert slide.locator("[data-proj-answer]").is_hidden()
    assert page.url.endswith(f"kind=winner&seed={seed + 1}")
    page.keyboard.press("k")  # the next kind of puzzle, from its first
    after = KINDS[(KINDS.index("winner") + 1) % len(KINDS)]
    assert slide.get_attribute("data-kind") == after
    assert slide.get_attribute("data-seed") == str(SEEDS[0])
    assert page.console_errors == []

    # Leaving by the view's own link brings the site's header back.
    page.get_by_role("link", name="Leave the projector view").click()
    page.wait_for_url("**/teach/")
    # The address changes before instant navigation swaps the page in: wait, don't sample.
    page.locator(".md-header").wait_for(state="visible", timeout=10_000)
