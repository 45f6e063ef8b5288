"""Puzzles in Chromium: each kind solved wrong then right through the page, the explanation shown
is the engine's for that answer, progress survives a reload, practice seeds match the engine,
and a troccas-puzzle block in a page is a working widget."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from build_tools.cards_svg import card_label  # noqa: E402
from build_tools.puzzles.load import load_puzzles  # noqa: E402
from troccas import api  # noqa: E402

PUZZLES = load_puzzles()
KINDS = ["count", "buob", "fool", "legal", "winner", "scart"]


def spec_json(spec: dict) -> dict:
    return json.loads(json.dumps(spec))


def right_and_wrong(spec: dict):
    """(a right answer, a wrong one) as the page sends them."""
    full = api.call("puzzle", spec=spec, answer=True)
    kind, answer, sit = full["kind"], full["answer"], full["situation"]
    if kind == "count":
        return str(answer), str(answer + 1)
    if kind == "legal":
        wrong = [t for t in sit["hand"] if t not in answer][:1] + answer[:1]
        return answer, wrong
    if kind == "scart":
        honour = next(t for t in sit["hand"] if t not in answer)  # a 5-point card
        return list(spec["expect"]), [honour, spec["expect"][0]]
    if kind == "winner":
        return answer, next(t for _, t in sit["trick"] if t != answer)
    if kind == "buob":
        return answer, (next(t for _, t in sit["trick"] if t != answer) if answer == "none"
                        else "none")
    if kind == "fool":
        return answer, ("owed" if answer != "owed" else "keep")
    raise AssertionError(kind)


def give(widget, answer) -> None:
    """Answer the way a reader does: type the number, or press the cards / the choice."""
    if widget.get_attribute("data-answer-type") == "number":
        widget.locator("[data-pz-number]").fill(answer)
    else:
        pressed = widget.locator("button[aria-pressed='true']")
        while pressed.count():
            pressed.first.click()
        for item in answer if isinstance(answer, list) else [answer]:
            if item in ("none", "keep", "owed", "lost"):
                widget.locator(f"button[data-choice='{item}']").click()
            else:
                widget.get_by_role("button", name=card_label(item), exact=True).click()
    widget.get_by_role("button", name="Check my answer").click()


def verdict(page, widget, state: str) -> str:
    pid = widget.get_attribute("data-puzzle-id")
    page.wait_for_function(
        "([pid, state]) => document.querySelector(`section[data-puzzle-id='${pid}']`)"
        "?.dataset.state === state", arg=[pid, state])
    return widget.locator("[data-pz-explanation]").inner_text()


@pytest.mark.parametrize("kind", KINDS)
def test_solve_one_puzzle_of_each_kind_wrong_then_right(site_server, page, wait_engine, kind):
    authored = PUZZLES[kind][-1]  # the hardest of the kind
    spec = spec_json(authored.spec)
    page.goto(site_server.url_of(f"puzzles/{kind}/"))
    widget = page.locator(f"section[data-puzzle-id='{spec['id']}']")
    # Drawn at build time: the cards are on the page, answering waits for the engine.
    assert widget.locator("img.tr-pz__img").count() > 0
    assert wait_engine(page) == "ready"
    page.wait_for_function(
        "!document.querySelector(\"section[data-puzzle-id] [data-pz-check]\").disabled")
    right, wrong = right_and_wrong(spec)

    give(widget, wrong)
    shown = verdict(page, widget, "wrong")
    expected = api.call("check", spec=spec, answer=wrong)
    assert not expected["correct"]
    assert shown == expected["explanation"]
    link = widget.locator("[data-pz-rule]")
    assert link.get_attribute("href") == site_server.url_of(expected["rule_url"])
    assert "✗" in widget.locator("[data-verdict='wrong']").inner_text()  # not colour alone

    give(widget, right)
    shown = verdict(page, widget, "right")
    expected = api.call("check", spec=spec, answer=right)
    assert expected["correct"] and shown == expected["explanation"]

    widget.get_by_role("button", name="Show solution").click()
    steps = widget.locator("[data-pz-steps] li")
    steps.first.wait_for()
    assert steps.all_inner_texts() == api.call("puzzle", spec=spec, answer=True)["steps"]
    assert not page.console_errors


def test_progress_survives_a_reload_and_resets(site_server, page, wait_engine):
    spec = spec_json(PUZZLES["winner"][0].spec)
    page.goto(site_server.url_of("puzzles/winner/"))
    assert wait_engine(page) == "ready"
    widget = page.locator(f"section[data-puzzle-id='{spec['id']}']")
    right, wrong = right_and_wrong(spec)
    give(widget, right)
    verdict(page, widget, "right")
    row = page.locator("[data-pz-progress-kind='winner']")
    assert row.locator("[data-pz-solved]").inner_text() == "1"
    assert row.locator("[data-pz-streak]").inner_text() == "1"
    page.reload()
    row = page.locator("[data-pz-progress-kind='winner']")
    page.wait_for_function("document.querySelector(\"[data-pz-progress-kind='winner'] "
                           "[data-pz-solved]\").textContent === '1'")
    assert page.locator(f"section[data-puzzle-id='{spec['id']}']").get_attribute(
        "data-solved") == "true"
    # The overview page reads the same store; its reset clears it.
    page.goto(site_server.url_of("puzzles/"))
    row = page.locator("[data-pz-progress-kind='winner']")
    page.wait_for_function("document.querySelector(\"[data-pz-progress-kind='winner'] "
                           "[data-pz-solved]\").textContent === '1'")
    page.get_by_role("button", name="Reset my progress").click()
    assert row.locator("[data-pz-solved]").inner_text() == "0"
    page.reload()
    page.locator("[data-pz-progress-kind='winner'] [data-pz-solved]").wait_for()
    assert page.locator("[data-pz-progress-kind='winner'] [data-pz-solved]").inner_text() == "0"


def test_practice_seed_in_the_url_is_the_engines_puzzle(site_server, page, wait_engine):
    page.goto(site_server.url_of("puzzles/legal/?seed=7"))
    box = page.locator("[data-puzzle-practice='legal']")
    page.wait_for_function(
        "document.querySelector('[data-puzzle-practice]')?.dataset.state === 'shown'")
    # Seeds 0-199 are drawn from the build's situations, before Python answers anything.
    widget = box.locator("section[data-troccas-widget='puzzle']")
    assert json.loads(widget.get_attribute("data-spec")) == {"kind": "legal", "seed": 7}
    engine = api.call("puzzle", kind="legal", seed=7)
    cards = widget.locator(".tr-pz__choose button[data-card]")
    assert [b.get_attribute("data-card") for b in cards.all()] == engine["situation"]["hand"]
    assert [b.get_attribute("aria-label") for b in cards.all()] == \
        [card_label(t) for t in engine["situation"]["hand"]]
    assert box.locator("[data-pz-cli]").inner_text() == "troccas puzzle legal --seed 7 --answer"
    assert wait_engine(page) == "ready"
    give(widget, engine_answer := api.call("puzzle", kind="legal", seed=7, answer=True)["answer"])
    assert widget.get_attribute("data-puzzle-id") == "seed-7"
    page.wait_for_function(
        "document.querySelector('[data-puzzle-practice] section')?.dataset.state === 'right'")
    assert engine_answer
    # A new puzzle changes the seed in the address; a seed past the pre-drawn ones comes from
    # the engine.
    box.get_by_role("button", name="New puzzle").click()
    page.wait_for_function("new URLSearchParams(location.search).get('seed') !== '7'")
    page.goto(site_server.url_of("puzzles/winner/?seed=4321"))
    page.wait_for_function(
        "document.querySelector('[data-puzzle-practice]')?.dataset.state === 'shown'")
    trick = [b.get_attribute("data-card") for b in page.locator(
        "[data-puzzle-practice] button[data-card]").all()]
    assert trick == [t for _, t in api.call("puzzle", kind="winner", seed=4321)
                     ["situation"]["trick"]]


def test_a_troccas_puzzle_block_is_a_working_widget(site_server, page, wait_engine):
    page.goto(site_server.url_of("puzzles/"))
    widget = page.locator("section[data-puzzle-id='try-first-trick']")
    assert widget.locator("button[data-card]").count() == 4
    assert wait_engine(page) == "ready"
    give(widget, "Kc")
    spec = json.loads(widget.get_attribute("data-spec"))
    assert verdict(page, widget, "wrong") == api.call("check", spec=spec,
                                                      answer="Kc")["explanation"]
    give(widget, "XI")
    verdict(page, widget, "right")


def test_keyboard_alone_answers_a_puzzle(site_server, page, wait_engine):
    spec = spec_json(PUZZLES["legal"][0].spec)
    page.goto(site_server.url_of("puzzles/legal/"))
    assert wait_engine(page) == "ready"
    widget = page.locator(f"section[data-puzzle-id='{spec['id']}']")
    answer = api.call("puzzle", spec=spec, answer=True)["answer"]
    for token in answer:
        button = widget.get_by_role("button", name=card_label(token), exact=True)
        button.focus()
        page.keyboard.press("Enter")
        assert button.get_attribute("aria-pressed") == "true"
    widget.get_by_role("button", name="Check my answer").focus()
    page.keyboard.press("Enter")
    verdict(page, widget, "right")
