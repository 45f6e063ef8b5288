"""Teach on the generator's second game (issue 28): Truc's course plan, teacher notes and
projector view, made by the generic teach part with Truc's own drawing of a slide
(build_tools/games/truc/templates/teach/slide.html). The pages are checked in the built site
(every puzzle kind of the engine on the projector, each answer and step the engine's; every
rule sourced), and the projector view in Chromium: a slide, the engine's answer revealed, the
next puzzle and the next kind."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from a11y_helpers import assert_no_violations
from build_tools.parts.teach import SEEDS
from conftest import serving, built_site_or_fail
from truc import api
from truc.puzzles import KINDS

TEACH = ("teach/", "teach/course/", "teach/notes/", "teach/projector/")


@pytest.fixture(scope="module")
def truc_site() -> Path:
    return built_site_or_fail("truc")


def _text(html: str) -> str:
    """The words a reader sees: a glossary word's tooltip (shown on hover) left out."""
    html = re.sub(r'<span class="gl-term__tip"[^>]*>[^<]*</span>', "", html)
    html = re.sub(r"</?(?:span|a|strong|em)\b[^>]*>", "", html)  # inline: no space of their own
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _article(site: Path, path: str) -> str:
    html = (site / path / "index.html").read_text(encoding="utf-8")
    return html.split("<article", 1)[1].split("</article>", 1)[0]


def test_truc_teach_pages_are_in_the_nav_with_every_rule_sourced(truc_site):
    home = (truc_site / "index.html").read_text(encoding="utf-8")
    for path in TEACH:
        assert f'href="{path}"' in home, path
        text = _text(_article(truc_site, path))
        assert "{{" not in text and "<!--" not in _article(truc_site, path), path
    for path in ("teach/course/", "teach/notes/"):
        article = _article(truc_site, path)
        # Every rule the page states points to the source, and the source is named.
        assert article.count('class="footnote-ref"') >= 5, path
        assert "Source: truc" in _text(article), path
    facts = api.call("facts")
    course = _text(_article(truc_site, "teach/course/"))
    assert f"A whole game to {facts['target']} points" in course
    assert f"Spanish pack of {facts['pack_sizes']['catalan40']} cards" in course
    for n in (1, 2, 3):
        assert f"Session {n}:" in course


def test_truc_course_plan_puts_every_puzzle_kind_on_the_projector(truc_site):
    html = (truc_site / "teach" / "course" / "index.html").read_text(encoding="utf-8")
    linked = re.findall(r'href="\.\./projector/\?kind=(\w+)&amp;seed=(\d+)"', html)
    assert {k for k, _ in linked} == set(KINDS)
    assert all(int(s) in SEEDS for _, s in linked)


def test_truc_projector_holds_every_kind_with_the_engines_answers(truc_site):
    html = (truc_site / "teach" / "projector" / "index.html").read_text(encoding="utf-8")
    slides = re.findall(r'<template data-slide data-kind="(\w+)" data-seed="(\d+)">(.*?)</template>',
                        html, re.S)
    assert {(k, int(s)) for k, s, _ in slides} == {(k, s) for k in KINDS for s in SEEDS}
    for kind, seed, body in slides[::9]:  # a sample across the kinds
        p = api.call("puzzle", kind=kind, seed=int(seed), answer=True)
        # Up to the end of the answer's line: a card's name holds spans of its own.
        shown = _text(body.split("data-proj-answer-text>", 1)[1].split("</strong>", 1)[0])
        assert shown == p["labels"][p["answer"]], (kind, seed)
        for step in p["steps"]:
            assert step in _text(body), (kind, seed)
        assert p["question"] in _text(body)


def test_truc_projector_shows_a_slide_reveals_the_engines_answer_and_moves_on(truc_site, page):
    with serving(truc_site) as (port, path, _):
        page.set_viewport_size({"width": 1280, "height": 800})
        seed = 3
        page.goto(f"http://127.0.0.1:{port}{path}teach/projector/?kind=hand&seed={seed}")
        slide = page.locator("[data-proj-stage] .cs-proj__slide")
        slide.wait_for()
        for chrome in (".md-header", ".md-tabs", ".md-sidebar--primary", ".md-footer"):
            assert page.locator(chrome).first.is_hidden(), chrome
        assert slide.get_attribute("data-kind") == "hand"
        assert slide.get_attribute("data-seed") == str(seed)
        p = api.call("puzzle", kind="hand", seed=seed, answer=True)
        # The hand's tricks as the engine played them, every card's picture loaded and named.
        plays = [tok for tr in p["situation"]["tricks"] for _seat, tok in tr["plays"]]
        cards = slide.locator("img.cs-proj__img")
        assert [cards.nth(i).get_attribute("data-token") for i in range(cards.count())] == plays
        names = {c["token"]: c["name"] for c in api.call("pack")["cards"]}
        assert cards.first.get_attribute("alt") == names[plays[0]]
        assert page.evaluate("[...document.querySelectorAll('[data-proj-stage] img')]"
                             ".every(i => i.complete && i.naturalWidth > 0)")
        assert cards.first.bounding_box()["height"] >= 0.15 * 800  # large, for a hall
        answer = slide.locator("[data-proj-answer]")
        assert answer.is_hidden()
        assert p["steps"][0] not in slide.inner_text()

        page.keyboard.press("Space")
        assert answer.is_visible()
        assert slide.locator("[data-proj-answer-text]").inner_text() == p["labels"][p["answer"]]
        for step in p["steps"]:
            assert step in answer.inner_text()
        assert page.get_by_role("button", name="Hide the answer").get_attribute(
            "aria-pressed") == "true"

        page.keyboard.press("ArrowRight")  # the next puzzle, its answer hidden again
        assert slide.get_attribute("data-seed") == str(seed + 1)
        assert slide.locator("[data-proj-answer]").is_hidden()
        assert page.url.endswith(f"kind=hand&seed={seed + 1}")
        nxt = api.call("puzzle", kind="hand", seed=seed + 1, answer=True)
        assert nxt["question"] in slide.inner_text()

        page.keyboard.press("k")  # the next kind of puzzle, from its first
        after = KINDS[(KINDS.index("hand") + 1) % len(KINDS)]
        assert slide.get_attribute("data-kind") == after
        assert slide.get_attribute("data-seed") == str(SEEDS[0])
        first = api.call("puzzle", kind=after, seed=SEEDS[0], answer=True)
        assert first["question"] in slide.inner_text()
        assert page.console_errors == []
        assert_no_violations(page, "the Truc projector view")
        for other in TEACH[:3]:
            page.goto(f"http://127.0.0.1:{port}{path}{other}")
            assert_no_violations(page, f"the Truc page /{other}")
