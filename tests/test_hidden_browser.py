"""The hidden attribute hides (build_tools/static/css/cardsite.css, one rule for every widget):
Material's .md-button, its tables and lists, and our own flex boxes set a display that beats
the browser's own [hidden] rule, so "Try again" stood on every endgame before any answer."""

from __future__ import annotations

import pytest

# Material marks these hidden to slide or fade them out; they stay displayed on purpose.
MATERIAL_ANIMATED = ".md-header, .md-tabs, .md-top, .tabbed-control"
SHOWN_THOUGH_HIDDEN = f"""() => [...document.querySelectorAll('[hidden]')]
  .filter((e) => !e.matches({MATERIAL_ANIMATED!r}) && getComputedStyle(e).display !== 'none')
  .map((e) => e.outerHTML.slice(0, 120))"""


def test_try_again_is_not_shown_before_an_endgame_is_answered(site_server, page, wait_engine):
    page.goto(site_server.url_of("puzzles/endgames/"))
    assert wait_engine(page) == "ready"
    again = page.locator("[data-eg-again]")
    assert again.count() > 0
    for i in range(again.count()):
        assert again.nth(i).is_hidden(), f"endgame {i + 1}: 'Try again' shows before an answer"
    assert page.evaluate(SHOWN_THOUGH_HIDDEN) == []


@pytest.mark.parametrize("path", ["", "play/", "puzzles/mistakes/", "glossary/", "teach/",
                                  "teach/projector/", "handouts/worksheets/", "de/puzzles/endgames/",
                                  "de/play/"])
def test_nothing_marked_hidden_is_drawn(site_server, page, path):
    page.goto(site_server.url_of(path))
    page.wait_for_load_state("load")
    assert page.evaluate(SHOWN_THOUGH_HIDDEN) == []
