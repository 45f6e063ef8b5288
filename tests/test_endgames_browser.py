"""Endgame puzzles in Chromium (issue 17): the reader's Python checks the first card and plays
on. One endgame answered wrong (the refuting line is shown, then "Try again"), then right and
played to the end with the solver's best cards; the cards and values come from the engine
(troccas.api), never typed here."""

from __future__ import annotations

import json

from troccas import api


def test_an_endgame_answered_wrong_then_solved_to_the_end(site_server, page, wait_engine):
    page.goto(site_server.url_of("puzzles/endgames/"))
    assert wait_engine(page) == "ready"
    box = page.locator("[data-endgame]").first
    spec = json.loads(box.get_attribute("data-spec"))
    full = api.call("endgame", spec=spec, answer=True)
    wrong = min(full["values"], key=full["values"].get)
    seat = full["situation"]["seat"]

    box.locator(f"[data-eg-mine] [data-card='{wrong}']").click()
    page.wait_for_function("(b) => b.dataset.state === 'wrong'", arg=box.element_handle())
    said = box.locator("[data-eg-feedback]").inner_text()
    lost = full["value"] - full["values"][wrong]
    assert f"{full['values'][wrong]} card points" in said and f"{lost} fewer" in said, said
    # The refuting line starts with the reader's card, and the best card is named nowhere.
    line = box.locator("[data-eg-line]")
    assert line.is_visible()
    assert line.locator("li").count() == full["situation"]["tricks"]
    assert line.locator("li").first.locator(f"img[data-token='{wrong}']").count() == 1
    assert box.locator(f"[data-eg-mine] [data-card='{full['answer'][0]}']").is_disabled()

    box.get_by_role("button", name="Try again").click()
    mine = [c for t in full["line"] for p, c in t["plays"] if p == seat]
    for k, card in enumerate(mine):
        button = box.locator(f"[data-eg-mine] [data-card='{card}']")
        page.wait_for_function("(e) => !e.disabled", arg=button.element_handle())
        button.click()
        if k == 0:
            page.wait_for_function("(b) => b.dataset.state === 'right'", arg=box.element_handle())
    page.wait_for_function("(b) => b.dataset.state === 'solved'", arg=box.element_handle())
    assert f"took {full['value']} card points, the most it could" in \
        box.locator("[data-eg-feedback]").inner_text()
    assert not page.console_errors, page.console_errors
