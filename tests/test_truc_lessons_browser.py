"""Truc's lessons in Chromium (issue 31): one visit walks lesson 1 to lesson 9 by the footer's
"Next" links (instant navigation, so Python starts once). Every exercise is answered wrong,
wrong again, then right: the first wrong answer gets the kind's rule, the second a clue about
that answer, neither names the answer, and the answer shows only after "Show solution". Every
answer, right or wrong, and every hint come from the engine (truc.api), never typed here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import built_site_or_fail, serving
from truc import api

LESSONS = ["cards", "deal", "tricks", "hand", "bets", "eleven", "signals", "game", "france"]
WIDGETS = "article section[data-cardsite-widget='puzzle']"


@pytest.fixture(scope="module")
def truc_site() -> Path:
    return built_site_or_fail("truc")


def _wait(page, widget, state: str, level: int | None = None) -> str:
    page.wait_for_function(
        "([w, s, l]) => w.dataset.state === s && (l === null ||"
        " !!w.querySelector(`[data-hint-level='${l}']`))",
        arg=[widget.element_handle(), state, level])
    return widget.locator("[data-pz-explanation]").inner_text()


def _give(widget, answer: str) -> None:
    choice = widget.locator(f"button[data-choice='{answer}']")
    if choice.get_attribute("aria-pressed") != "true":  # a second click would unpress it
        choice.click()
    widget.get_by_role("button", name="Check my answer").click()


def walk(page, widget) -> str:
    spec = json.loads(widget.get_attribute("data-spec"))
    full = api.call("puzzle", spec=spec, answer=True)
    answer, said = full["answer"], full["labels"][full["answer"]]
    wrong = [c for c in full["choices"] if c != answer]
    wrongs = [wrong[0], wrong[1 if len(wrong) > 1 else 0]]  # a yes/no: the same one twice
    where = f"{page.url} {spec.get('id')}"
    steps = widget.locator("[data-pz-steps]")
    for level, given in enumerate(wrongs, start=1):
        _give(widget, given)
        shown = _wait(page, widget, "wrong", level)
        expected = api.call("check", spec=spec, answer=given)
        assert not expected["correct"] and shown == expected["hints"][level - 1], (where, shown)
        if level == 1:
            assert shown.startswith("The rule: "), (where, shown)
        whole = widget.locator("[data-pz-feedback]").inner_text()
        assert said not in whole and said[:1].upper() + said[1:] not in whole, (where, whole)
        assert not steps.is_visible() and steps.get_attribute("data-answer") is None, where
    _give(widget, answer)
    assert _wait(page, widget, "right").startswith("Right."), where
    widget.get_by_role("button", name="Show solution").click()
    page.wait_for_function("(s) => !s.hidden && s.dataset.answer !== undefined",
                           arg=steps.element_handle())
    assert steps.get_attribute("data-answer") == answer, where
    assert full["steps"][0] in steps.inner_text(), (where, steps.inner_text())
    return str(full["kind"])


def test_a_beginner_answers_every_truc_lesson_wrong_then_right(truc_site, page, wait_engine):
    with serving(truc_site) as (port, path, _):
        page.goto(f"http://127.0.0.1:{port}{path}learn/cards/")
        assert wait_engine(page) == "ready"
        page.evaluate("window.__sameVisit = true")
        walked = {}
        for i, lesson in enumerate(LESSONS):
            if i:
                # The old lesson's widgets are marked, so the wait cannot take them for the new.
                page.evaluate("(sel) => document.querySelectorAll(sel)"
                              ".forEach(w => { w.dataset.walked = '1'; })", WIDGETS)
                page.locator("a.md-footer__link--next").click()
            page.wait_for_function("([sel, p]) => location.pathname.endsWith(p)"
                                   " && document.querySelectorAll(sel).length > 0"
                                   " && ![...document.querySelectorAll(sel)]"
                                   ".some(w => w.dataset.walked)",
                                   arg=[WIDGETS, f"/learn/{lesson}/"])
            widgets = page.locator(WIDGETS)
            walked[lesson] = [walk(page, widgets.nth(k)) for k in range(widgets.count())]
        assert page.evaluate("window.__sameVisit") is True
        assert sum(u.endswith("pyodide.asm.wasm") for u in page.requested_urls) == 1
        assert all(len(kinds) >= 2 for kinds in walked.values()), walked
        assert walked["cards"] == ["high"] * 3 and walked["france"][-1] == "french", walked
        assert not page.console_errors, page.console_errors
