"""The guided first hand (issue 29) on a phone: played by tapping only the marked cards, with
the trick and the reader's hand inside a 390x844 screen at every step, and the count at the end
the engine's own (asked here of the engine's Python API, from the hand's record). Truc's site
runs the same page with Truc's hand: its steps mark cards, a bet and an answer, and it ends with
the engine's sentences of who won and the stake, the score as the record replays."""

from __future__ import annotations

from a11y_helpers import assert_no_violations
from conftest import built_site_or_fail, serving
from troccas import api
from truc import api as truc_api

FIRST_HAND = "play/first-hand/"
PHONE = {"width": 390, "height": 844}


def inside(box, viewport) -> bool:
    return box is not None and box["y"] >= 0 and box["x"] >= 0 \
        and box["y"] + box["height"] <= viewport["height"] \
        and box["x"] + box["width"] <= viewport["width"]


def test_guided_hand_by_taps_on_the_marked_cards_fits_a_phone_and_counts_as_the_engine(
        site_server, browser):
    guided = api.call("guided")
    replayed = api.call("replay", record=guided["record"])  # the count, by another engine call
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(site_server.url_of(FIRST_HAND))
        box = page.locator("[data-guided]")
        play_marked(page, box, guided)
        end = box.locator("[data-guided-end]")
        end.wait_for()
        shown = [int(end.locator(f"[data-guided-points='{s}']").get_attribute("data-points"))
                 for s in range(len(guided["sides"]))]
        assert shown == replayed["result"]["points"] == [c["points"] for c in replayed["counts"]]
        for s, points in enumerate(replayed["result"]["points"]):
            assert f" {points} " in end.locator(f"[data-guided-points='{s}']").text_content()
        assert_no_violations(page, "the guided hand's count", "[data-guided]")
        free = end.locator("[data-guided-free]")
        assert free.evaluate("a => new URL(a.href).pathname").endswith("/play/")
        assert not errors
    finally:
        ctx.close()


def play_marked(page, box, guided):
    """Every step by a tap on what is marked, checking the step is the engine's and fits."""
    for i, step in enumerate(guided["steps"]):
        marked = box.locator("[data-guided-mark='true']")
        marked.wait_for()
        why = box.locator("[data-guided-why]")
        assert why.get_attribute("data-guided-idea") == step["idea"]
        # the engine's sentence, and at a lead the coach's principle that says why this card
        assert step["text"] in why.text_content(), i
        assert why.get_attribute("data-guided-principle") == step.get("principle"), i
        if step["card"]:
            assert marked.get_attribute("data-card") == step["card"], i
        for part in ("[data-guided-trick]", "[data-guided-hand]", "[data-guided-why]"):
            assert inside(box.locator(part).bounding_box(), PHONE), (i, part)
        if i == 0:  # a dim card is refused with a word, and nothing is played
            assert_no_violations(page, "the guided hand, step 1", "[data-guided]")
            dim = box.locator("[data-guided-hand] [data-guided-mark='false']").first
            dim.tap()
            assert box.locator("[data-guided-note]").text_content().strip()
            assert box.locator("[data-guided-mark='true']").get_attribute("data-card") == step["card"]
        marked.tap()


def test_truc_guided_hand_by_taps_on_the_marked_cards_and_words_fits_a_phone_and_scores_as_the_engine(
        browser):
    """Truc's first guided hand, then, from its end, the second (any card may be played; who
    wins the hand), each by taps on what is marked, each ending with the engine's sentences."""
    guided = truc_api.call("guided")
    replayed = truc_api.call("view", record=guided["record"], seat=guided["seat"])
    second = truc_api.call("guided", hand=2)
    with serving(built_site_or_fail("truc")) as (port, path, _):
        ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        try:
            page = ctx.new_page()
            errors = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"http://127.0.0.1:{port}{path}{FIRST_HAND}")
            box = page.locator("[data-guided]")
            play_marked(page, box, guided)
            end = box.locator("[data-guided-end]")
            end.wait_for()
            said = [p.text_content() for p in end.locator(".cs-guided__summary").all()]
            assert said == guided["summary"]
            assert f"scores {replayed['result']['points']}" in said[-1]
            assert_no_violations(page, "Truc's guided hand at its end", "[data-guided]")
            # The end offers the second guided hand first, then free play.
            end.locator("[data-guided-next]").tap()
            page.wait_for_url("**/play/second-hand/")
            play_marked(page, box, second)
            end.wait_for()
            said = [p.text_content() for p in end.locator(".cs-guided__summary").all()]
            assert said == second["summary"] and "two tricks" in said[0]
            free = end.locator("[data-guided-free]")
            assert free.evaluate("a => new URL(a.href).pathname").endswith("/play/")
            assert not end.locator("[data-guided-next]").count()
            assert not errors
        finally:
            ctx.close()
