"""Endgame puzzles in Chromium (issue 17): the reader's Python checks the first card and plays
on. One endgame answered wrong (the refuting line is shown, then "Try again"), then right and
played to the end with the solver's best cards; the cards and values come from the engine
(troccas.api), never typed here. The reader's progress on the endgames lives in the puzzles' one
store (assets/puzzles/review.js): solved at the first try or not, the streak, a line on the page
and a mark in each heading, kept over a reload, cleared by the page's reset and by the puzzle
pages' "Reset my progress"."""

from __future__ import annotations

import json
from pathlib import Path

from build_tools.games.troccas.endgames import load_endgames
from troccas import api

ROOT = Path(__file__).resolve().parent.parent
STORE = "troccas.puzzles.v1"


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
        # Each card played redraws the reader's hand: ask for the button as it is now.
        page.wait_for_function("([b, c]) => b.querySelector(`[data-eg-mine] [data-card='${c}']`)"
                               "?.disabled === false", arg=[box.element_handle(), card])
        box.locator(f"[data-eg-mine] [data-card='{card}']").click()
        if k == 0:
            page.wait_for_function("(b) => b.dataset.state === 'right'", arg=box.element_handle())
    page.wait_for_function("(b) => b.dataset.state === 'solved'", arg=box.element_handle())
    assert f"took {full['value']} card points, the most it could" in \
        box.locator("[data-eg-feedback]").inner_text()
    assert not page.console_errors, page.console_errors


def _solve_first_card(page, box, wrong=None):
    """Play ``wrong`` first (then "Try again") if given, then the solver's best first card."""
    full = api.call("endgame", spec=json.loads(box.get_attribute("data-spec")), answer=True)
    if wrong is not None:
        card = next(c for c, v in sorted(full["values"].items()) if v < full["value"])
        box.locator(f"[data-eg-mine] [data-card='{card}']").click()
        page.wait_for_function("(b) => b.dataset.state === 'wrong'", arg=box.element_handle())
        box.get_by_role("button", name="Try again").click()
    box.locator(f"[data-eg-mine] [data-card='{full['answer'][0]}']").click()
    page.wait_for_function("(b) => b.dataset.state === 'right'", arg=box.element_handle())


def _line(page) -> str:
    return " ".join(page.locator("[data-eg-progress-line]").inner_text().split())


def test_endgame_progress_is_kept_shown_and_reset(site_server, page, wait_engine):
    authored = load_endgames(ROOT / "puzzles")
    n = len(authored)
    page.goto(site_server.url_of("puzzles/endgames/"))
    assert wait_engine(page) == "ready"
    assert _line(page).startswith(f"Solved 0 of {n} endgames. Streak: 0")
    first, second = (page.locator(f"[data-endgame][data-eg-id='{a['id']}']") for a in authored[:2])
    assert first.locator(".cs-eg__done").count() == 0

    # Right at the first try, then right after a wrong first card.
    _solve_first_card(page, first)
    assert _line(page).startswith(f"Solved 1 of {n} endgames (1 at the first try). "
                                  "Streak: 1 solved at the first try in a row (best: 1)."), _line(page)
    assert first.locator(".cs-eg__title .cs-eg__done").inner_text() == "✓ solved at the first try"
    _solve_first_card(page, second, wrong=True)
    assert _line(page).startswith(f"Solved 2 of {n} endgames (1 at the first try). "
                                  "Streak: 0 solved at the first try in a row (best: 1)."), _line(page)
    assert second.locator(".cs-eg__title .cs-eg__done").inner_text() == "✓ solved"
    assert second.get_attribute("data-solved") == "solved"
    assert page.locator(f"[data-endgame][data-eg-id='{authored[2]['id']}']").get_attribute(
        "data-solved") == "false"
    # In the puzzles' one store, under the kind "endgame".
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('{STORE}'))")["kinds"]["endgame"]
    assert kept["solved"] == {authored[0]["id"]: True, authored[1]["id"]: True}
    assert kept["first"] == {authored[0]["id"]: True}
    assert (kept["streak"], kept["best"]) == (0, 1)

    # Kept over a reload.
    page.reload()
    assert wait_engine(page) == "ready"
    page.wait_for_function("document.querySelector('[data-eg-progress]').dataset.solved === '2'")
    assert _line(page).startswith(f"Solved 2 of {n} endgames (1 at the first try)."), _line(page)
    assert first.locator(".cs-eg__done").inner_text() == "✓ solved at the first try"
    assert second.locator(".cs-eg__done").inner_text() == "✓ solved"

    # The page's reset clears the endgames' progress, and it stays cleared.
    page.get_by_role("button", name="Reset my endgame progress").click()
    assert _line(page).startswith(f"Solved 0 of {n} endgames. Streak: 0"), _line(page)
    assert page.locator(".cs-eg__done").count() == 0
    page.reload()
    page.wait_for_function("document.querySelector('[data-eg-progress]').dataset.solved === '0'")
    assert page.locator(".cs-eg__done").count() == 0

    # The puzzle pages' "Reset my progress" clears it too.
    assert wait_engine(page) == "ready"
    _solve_first_card(page, first)
    page.goto(site_server.url_of("puzzles/"))
    row = page.locator("[data-pz-progress-kind='endgame']")
    page.wait_for_function("document.querySelector(\"[data-pz-progress-kind='endgame'] "
                           "[data-pz-solved]\").textContent === '1'")
    assert row.locator("th a").get_attribute("href").rstrip("/").endswith("puzzles/endgames")
    assert row.locator("[data-pz-streak]").inner_text() == "1"
    page.get_by_role("button", name="Reset my progress").click()
    assert row.locator("[data-pz-solved]").inner_text() == "0"
    page.goto(site_server.url_of("puzzles/endgames/"))
    page.wait_for_function("document.querySelector('[data-eg-progress]').dataset.solved === '0'")
    assert page.locator(".cs-eg__done").count() == 0
    assert not page.console_errors, page.console_errors
