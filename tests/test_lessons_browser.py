"""A beginner's path through the nine lessons in Chromium (issue 15, "Teach, not only check").

One page walks from lesson 1 to lesson 9 by the footer's "Next" links (Material's instant
navigation, so Python starts once). On every lesson each exercise or puzzle is answered wrong
twice, then right: the first wrong answer must get the rule, the second a clue about that answer,
and neither may contain the answer — the answer as the engine computes it (troccas.api), never
typed here. "Show solution" then gives the engine's answer.
"""

from __future__ import annotations

import json
import re

from build_tools.games.troccas.cards_svg import card_label
from troccas import api

LESSONS = ["cards", "deal", "tschintschar", "scart", "play", "fool", "buob", "counting",
           "scoring"]
WIDGETS = "article [data-cardsite-widget='exercise'], article section[data-cardsite-widget='puzzle']"


# --- what "contains the answer" means ---------------------------------------------------------
def _word(text: str, w: str) -> bool:
    return re.search(rf"(?<![\w+\-−]){re.escape(w)}(?![\w])", text, re.I) is not None


def answer_words(kind: str, full: dict) -> list[list[str]]:
    """Ways of saying the answer: the message contains the answer if it says every word of one
    of these groups. ``full`` is the engine's exercise or puzzle with its answer."""
    answer = full["answer"]
    if kind == "exercise":
        if full["answer_type"] == "number":
            return [[f"{answer:+d}"], [f"−{abs(answer)}" if answer < 0 else f"+{answer}"],
                    [str(abs(answer))], [full["answer_text"]]]
        option = next(o for o in full["options"] if o["value"] == answer)
        groups = [[full["answer_text"]], [option["text"]],
                  [re.sub(r"\s*\(.*\)", "", option["text"])]]  # "seat 0 (the dealer)": "seat 0"
        if option["card"]:
            groups += [[option["card"]], [card_label(option["card"])]]
        return groups
    if full["kind"] == "count":
        return [[str(answer)]]
    tokens = answer if isinstance(answer, list) else [answer]
    groups = [tokens]
    if all(t in {c["token"] for c in api.call("pack")["cards"]} for t in tokens):
        groups.append([card_label(t) for t in tokens])
    return groups


def contains_answer(text: str, groups) -> bool:
    return any(all(_word(text, w) for w in g) for g in groups)


# --- two wrong answers and the right one, chosen from the engine's answer ---------------------
def exercise_answers(full: dict):
    answer = full["answer"]
    if full["answer_type"] == "number":
        points = api.call("count", cards=full["situation"]["pile"])["points"]
        second = -answer if answer else 5
        return [str(points), str(second)], str(answer)
    wrong = [o["value"] for o in full["options"] if o["value"] != answer]
    return wrong[:2], answer


def puzzle_answers(full: dict):
    kind, answer, sit = full["kind"], full["answer"], full["situation"]
    if kind == "count":
        return [str(answer + 1), str(answer - 1)], str(answer)
    if kind == "winner":
        others = [t for _, t in sit["trick"] if t != answer]
        return others[:2], answer
    if kind == "legal":
        out = [t for t in sit["hand"] if t not in answer]
        return [out[:1], out[:1] + answer[:1]], answer
    if kind == "scart":
        honours = [t for t in sit["hand"] if t not in answer]  # the 5-point cards
        return [[honours[0], answer[0]], [honours[1], honours[2]]], answer[:sit["count"]]
    if kind in ("buob", "fool"):
        cards = [t for _, t in sit.get("trick", [])] or [t for g in sit["side_tricks"] for t in g]
        choices = full["choices"]
        wrong = [c for c in choices + cards if c != answer]
        return wrong[:2], answer
    raise AssertionError(kind)


# --- answering as a reader does ----------------------------------------------------------------
def give_exercise(widget, answer) -> None:
    if widget.get_attribute("data-pick") == "number":
        widget.locator("[data-exercise-input]").fill(answer)
    else:
        option = widget.locator(f".cs-exercise__opt[data-value='{answer}']")
        if option.get_attribute("aria-pressed") != "true":
            option.click()
    widget.get_by_role("button", name="Check my answer").click()


def give_puzzle(widget, answer) -> None:
    if widget.get_attribute("data-answer-type") == "number":
        widget.locator("[data-pz-number]").fill(answer)
    else:
        pressed = widget.locator("button[aria-pressed='true']")
        while pressed.count():
            pressed.first.click()
        for item in answer if isinstance(answer, list) else [answer]:
            sel = f"button[data-choice='{item}']" if widget.locator(
                f"button[data-choice='{item}']").count() else f"button[data-card='{item}']"
            widget.locator(sel).click()
    widget.get_by_role("button", name="Check my answer").click()


def feedback(page, widget, kind: str, state: str, level: int | None = None) -> str:
    """The feedback shown once the widget says ``state`` (and, when wrong, hint ``level``)."""
    handle = widget.element_handle()
    if kind == "exercise":
        page.wait_for_function(
            "([w, s, l]) => { const f = w.querySelector('[data-exercise-feedback]');"
            " return f.dataset.state === s && (l === null || f.dataset.hintLevel === String(l)); }",
            arg=[handle, state, level])
    else:
        page.wait_for_function(
            "([w, s, l]) => w.dataset.state === s && (l === null ||"
            " !!w.querySelector(`[data-hint-level='${l}']`))", arg=[handle, state, level])
    sel = "[data-exercise-explanation]" if kind == "exercise" else "[data-pz-explanation]"
    return widget.locator(sel).inner_text()


def walk(page, widget) -> str:
    """Wrong twice, then right, then the solution; returns what was checked, for the report."""
    kind = "exercise" if widget.get_attribute("data-cardsite-widget") == "exercise" else "puzzle"
    spec = json.loads(widget.get_attribute("data-spec"))
    if kind == "exercise":
        full = api.call("exercise", spec=spec, answer=True)
        wrongs, right = exercise_answers(full)
        give, check = give_exercise, "check_exercise"
    else:
        full = api.call("puzzle", spec=spec, answer=True)
        wrongs, right = puzzle_answers(full)
        give, check = give_puzzle, "check"
    groups = answer_words(kind, full)
    where = f"{page.url} {spec.get('kind')}"
    for level, wrong in enumerate(wrongs, start=1):
        give(widget, wrong)
        shown = feedback(page, widget, kind, "wrong", level)
        whole = widget.locator("[data-exercise-feedback], [data-pz-feedback]").first.inner_text()
        assert not contains_answer(whole, groups), (where, level, whole, groups)
        # The hint is the engine's: the rule at the first miss, then its clue for this answer.
        expected = api.call(check, spec=spec, answer=wrong)
        assert not expected["correct"], (where, wrong)
        assert shown == expected["hints"][level - 1], (where, level, shown)
        if level == 1:
            assert shown.startswith("The rule: "), (where, shown)
    first, second = (api.call(check, spec=spec, answer=w)["hints"] for w in wrongs)
    assert first[0] != second[1], where  # the second message is a narrower clue, not the rule again
    give(widget, right)
    feedback(page, widget, kind, "right")
    widget.get_by_role("button", name="Show solution").click()
    steps = widget.locator("[data-exercise-steps], [data-pz-steps]").first
    page.wait_for_function("(s) => !s.hidden && s.dataset.answer !== undefined",
                           arg=steps.element_handle())
    shown = steps.inner_text()
    if kind == "exercise":
        assert steps.get_attribute("data-answer") == str(full["answer"]), where
        assert full["answer_text"] in shown, (where, shown)
    else:
        answer = full["answer"]
        assert steps.get_attribute("data-answer") == (" ".join(answer) if isinstance(answer, list)
                                                        else str(answer)), where
    assert contains_answer(shown, groups) or full.get("answer_text", "") in shown, (where, shown)
    return f"{spec.get('kind')}"


def test_a_beginner_answers_every_lesson_wrong_twice_then_right(site_server, page, wait_engine):
    page.goto(site_server.url_of("learn/cards/"))
    assert wait_engine(page) == "ready"
    page.evaluate("window.__sameVisit = true")
    walked = {}
    for i, lesson in enumerate(LESSONS):
        if i:
            # Instant navigation changes the address before it swaps the article in: mark the
            # old lesson's widgets so that the wait below cannot take them for the new ones.
            page.evaluate("(sel) => document.querySelectorAll(sel)"
                          ".forEach(w => { w.dataset.walked = '1'; })", WIDGETS)
            page.locator("a.md-footer__link--next").click()
        page.wait_for_function("([sel, path]) => location.pathname.endsWith(path)"
                               " && document.querySelectorAll(sel).length > 0"
                               " && ![...document.querySelectorAll(sel)]"
                               ".some(w => w.dataset.walked)",
                               arg=[WIDGETS, f"/learn/{lesson}/"])
        widgets = page.locator(WIDGETS)
        walked[lesson] = [walk(page, widgets.nth(k)) for k in range(widgets.count())]
    # Every lesson was walked in one visit: no page load, Python started once.
    assert page.evaluate("window.__sameVisit") is True
    assert sum(u.endswith("pyodide.asm.wasm") for u in page.requested_urls) == 1
    assert walked["scoring"] == ["count", "score"], walked
    assert walked["cards"] == ["rank"] and walked["deal"] == ["partners"], walked
    assert not page.console_errors, page.console_errors


def test_a_source_note_is_reached_by_keyboard(site_server, page):
    """A rule's source note: Tab reaches its mark, whose accessible name holds the note; focus
    shows the note beside the sentence; Enter goes to the note under the page's Sources."""
    page.goto(site_server.url_of("rules/deal/"))
    page.wait_for_load_state("load")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('footnote-ref')"):
            break
    else:
        raise AssertionError("Tab never reached a source note's mark")
    mark = page.locator("a.footnote-ref:focus")
    target = mark.get_attribute("href").split("#", 1)[1]
    note = page.locator(f"li[id='{target}']").inner_text().replace("↩", "").strip()
    assert mark.get_attribute("aria-label") == f"Note {mark.inner_text()}: {note}"
    tip = page.locator(".md-tooltip2")
    tip.wait_for(state="visible")
    assert note in tip.inner_text()
    page.keyboard.press("Enter")
    page.wait_for_function("(id) => decodeURIComponent(location.hash) === '#' + id", arg=target)
    assert page.locator("#sources-notes").is_visible()
