"""The Play page: a whole hand against three bots, played with the keyboard alone, in real
Chromium with the real engine in Pyodide. The set-up and what follows the hand are used at a
desk's size; the hand itself on a phone's (issue 29), where at each move the focus shows in
front of the hand's overlapping rows, and with a hint the trick, the words, the coach's line,
the hand and the coach's buttons are on one screen."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from a11y_helpers import assert_no_violations
from play_screen import DESKTOP, PARTS, PHONE, assert_focus_shown, assert_on_one_screen
from troccas import api

PLAY = "play/"
DEAL = 12  # a deal that is played out (not thrown in), with a card to refuse in the play
IDLE = "document.querySelector('[data-play-table]').dataset.busy === 'false'"


def test_a_whole_hand_by_keyboard_then_its_record_review_link_and_tally(site_server, page,
                                                                       tmp_path):
    """One test, one page: the hand is played once (a browser hand is the slow part), then its
    download, review, short link and this device's tally are checked on that same hand. (One
    test rather than four sharing a fixture: the suite's workers steal tests, and each would
    play the hand again.)"""
    page.set_viewport_size(DESKTOP)
    page.goto(site_server.url_of(PLAY))
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    seen = play_a_hand(page)
    page.set_viewport_size(DESKTOP)
    check_the_hand(page, seen)
    record = check_the_download(page, seen, tmp_path)
    check_the_review(page, record)
    check_the_short_link(page, seen)
    check_play_again(page, record)
    check_the_tally(page)


def focused(page) -> dict:
    return page.evaluate("""() => { const e = document.activeElement;
        return {tag: e.tagName, name: e.getAttribute('name'), text: e.textContent.trim(),
                label: e.getAttribute('aria-label'), legal: e.dataset.legal || null,
                data: Object.keys(e.dataset)}; }""")


def tab_to(page, test, back=False, limit=80):
    """Press Tab (or Shift+Tab) until the focused element passes ``test``."""
    for _ in range(limit):
        if test(focused(page)):
            return focused(page)
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached the element; last focus {focused(page)}")


def play_a_hand(page) -> dict:
    seen = {"refused": None, "hint": None, "phrase": None, "undo": False, "labels": set(),
            "card_focus": 0}
    # Set-up: bots at once, then deal — Tab and arrow keys only.
    page.evaluate("document.activeElement && document.activeElement.blur()")
    # The reader does not deal the first hand: the seat before the reader's does, and keeps
    # doing so as the reader changes seat.
    dealer = "select[name=dealer]"
    assert page.eval_on_selector(dealer, "s => s.value") == "3"
    tab_to(page, lambda f: f["name"] == "seat")
    page.keyboard.press("ArrowDown")
    assert page.eval_on_selector(dealer, "s => s.value") == "0"
    page.keyboard.press("Home")
    assert page.eval_on_selector(dealer, "s => s.value") == "3"
    tab_to(page, lambda f: f["name"] == "deal")
    page.keyboard.type(str(DEAL))
    tab_to(page, lambda f: f["name"] == "dealer")
    page.keyboard.press("End")  # seat 3 deals, so you (seat 0) speak first after each round
    tab_to(page, lambda f: f["name"] == "pace")
    page.keyboard.press("ArrowDown")
    assert page.eval_on_selector("select[name=pace]", "s => s.value") == "fast"
    assert page.eval_on_selector("select[name=dealer]", "s => s.value") == "3"
    tab_to(page, lambda f: "playStart" in f["data"])
    page.set_viewport_size(PHONE)  # the hand on a phone, by keyboard
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-play-game]:not([hidden])")
    for _ in range(400):
        page.wait_for_function(IDLE)
        if page.is_visible("[data-play-end]"):
            break
        f = focused(page)
        if "playChoice" in f["data"] and seen["phrase"] is None \
                and page.locator("[data-play-phrase]").count():
            # The talk: a tschintschar phrase said with the word, chosen by keyboard, from
            # those the engine offers at this moment, one <optgroup> for what they tell.
            seen["offer"] = page.eval_on_selector("[data-play-phrase]", """s => ({
                moment: s.dataset.moment, loose: s.querySelectorAll(':scope > option').length,
                groups: [...s.querySelectorAll('optgroup')].map(g =>
                    [g.label, [...g.querySelectorAll('option')].map(o => o.value)])})""")
            # The coach at the talk: its question, then the word with a phrase, which is
            # chosen in the picker and marked there.
            tab_to(page, lambda f: "playHint" in f["data"])
            page.keyboard.press("Enter")
            page.wait_for_function("(t => t && !t.endsWith('…'))(document.querySelector("
                                   "'[data-play-advice]').textContent)")
            page.keyboard.press("Enter")
            page.wait_for_function("document.querySelector('[data-play-advice]').dataset"
                                   ".playHinted")
            seen["talk_screen"] = assert_on_one_screen(page, *PARTS)["boxes"]
            assert_focus_shown(page)
            seen["talk_hint"] = page.eval_on_selector("[data-play-phrase]", """s => [s.value,
                s.dataset.playHinted, getComputedStyle(s).outlineStyle]""")
            tab_to(page, lambda f: f["name"] == "phrase", back=True)
            page.keyboard.press("ArrowDown")
            seen["phrase"] = page.eval_on_selector("[data-play-phrase]", "s => s.value")
            tab_to(page, lambda f: "playChoice" in f["data"])
        elif f["legal"] == "true" and page.locator("[data-play-hand] [data-legal=false]").count() \
                and seen["refused"] is None and "play" in page.inner_text("[data-play-turn]"):
            # A card the rules forbid: the engine's reason and its rule's link.
            tab_to(page, lambda f: f["legal"] == "false")
            page.keyboard.press("Enter")
            page.wait_for_selector("[data-play-error]:not([hidden])")
            seen["refused"] = (page.inner_text("[data-play-error]"),
                               page.get_attribute("[data-play-error] a", "data-play-rule"))
            # The table in the middle of the play: cards, trick, refusal, all accessible.
            assert_no_violations(page, "play/ during the play", "[data-play-table]")
            tab_to(page, lambda f: f["legal"] == "true", back=True)
        elif f["legal"] == "true" and seen["hint"] is None and "play" in page.inner_text(
                "[data-play-turn]") \
                and page.locator("[data-play-hand] [data-legal=true]").count() > 1:
            tab_to(page, lambda f: "playHint" in f["data"])
            # The reader has not tried a card here: the first press asks the coach's question,
            # the second gives the card, marked in the hand, the principle and its rule, and the
            # playouts' figures behind a <details>.
            page.keyboard.press("Enter")
            page.wait_for_function("(t => t && !t.endsWith('…'))(document.querySelector("
                                   "'[data-play-advice]').textContent)")
            seen["question"] = page.inner_text("[data-play-advice]")
            page.keyboard.press("Enter")
            page.wait_for_function("document.querySelector('[data-play-advice]').dataset"
                                   ".playHinted")
            seen["hint"] = page.inner_text("[data-play-advice]")
            seen["hint_screen"] = assert_on_one_screen(page, *PARTS)["boxes"]
            assert_focus_shown(page)
            seen["marked"] = page.eval_on_selector_all(
                "[data-play-hand] .cs-play__card--hint",
                "bs => bs.map(b => [b.dataset.card, b.dataset.legal, getComputedStyle(b)"
                ".outlineStyle])")
            seen["hint_rule"] = page.get_attribute("[data-play-hintrule]", "data-play-hintrule")
            seen["details"] = page.locator("[data-play-hintdetails]").count()
            tab_to(page, lambda f: f["legal"] == "true", back=True)
        if f["legal"] == "true" or f["legal"] == "false":
            seen["labels"].add(focused(page)["label"])
            assert_focus_shown(page)  # in front of the overlapping rows, on the screen
            assert_on_one_screen(page, "trick", "actions", "hand")
            seen["card_focus"] += 1
        held = page.locator("[data-play-hand] [data-card]").count()
        playing = "play" in page.inner_text("[data-play-turn]") and focused(page)["legal"]
        page.keyboard.press("Enter")
        if not seen["undo"] and playing:
            # Take the first card back: the same number of cards again, and a practice hand.
            page.wait_for_function(IDLE)
            tab_to(page, lambda f: "playUndo" in f["data"])
            page.keyboard.press("Enter")
            page.wait_for_function(IDLE)
            page.wait_for_function(f"document.querySelectorAll('[data-play-hand] [data-card]')"
                                   f".length === {held}")
            seen["undo"] = "practice" in page.inner_text("[data-play-score]")
    else:
        raise AssertionError("the hand did not end")
    page.wait_for_function(IDLE)
    seen["result"] = page.inner_text("[data-play-result]")
    seen["points"] = [page.inner_text(f"[data-play-points='{s}']") for s in range(2)]
    seen["live"] = page.inner_text("[data-play-live]")
    seen["log"] = page.eval_on_selector_all("[data-play-log] li", "ls => ls.map(l => l.textContent)")
    return seen


def numbers(text):
    return [int(n) for n in re.findall(r"[+-]?\d+", text)]


def check_the_hand(page, seen):
    # Along the way: the talk with a phrase, a refused card with its rule, the coach, undo.
    assert seen["phrase"], "no tschintschar phrase was offered"
    # the reader speaks first after the deal's first round (the seat before deals), and is
    # offered the phrases the engine places at that moment, grouped as it groups them
    offer = seen["offer"]
    assert offer["moment"] == "after-6-or-12" and offer["loose"] == 1  # "say nothing" alone
    groups = api.call("phrases", moment=offer["moment"])["groups"]
    assert offer["groups"] == [[g["title"], [p["text"] for p in g["phrases"]]] for g in groups]
    # the coach's phrase there (the engine's, for the same deal) is chosen and outlined
    first = api.call("table_new", seed=DEAL, dealer=3)
    coach = api.call("bot_action", record=first, seat=0, bot=api.COACH_BOT, seed=0, viewer=0)
    assert seen["talk_hint"] == [coach["say"]["text"]] * 2 + ["double"], seen["talk_hint"]
    assert any(coach["say"]["text"] in p for _, ps in offer["groups"] for p in ps)
    assert any(seen["phrase"] in line for line in seen["log"])
    text, rule = seen["refused"]
    assert rule in ("play.follow_suit", "play.must_trump", "play.trump_led") and "must" in text
    assert seen["question"].startswith("Think first: ") and "?" in seen["question"]
    assert seen["hint"].startswith("A strong player would ") and len(seen["hint"]) > 40
    # the card the coach names is marked in the hand: one legal card, outlined (not colour alone)
    assert len(seen["marked"]) == 1 and seen["marked"][0][1] == "true", seen["marked"]
    assert seen["marked"][0][2] == "double"
    assert seen["hint_rule"] and not re.search(r"[+-]\d|\d\.\d|deals of", seen["hint"])
    assert seen["details"] == 1
    # On the phone: each hint with the parts of the table it speaks of on one screen (checked
    # as it was shown), the coach's line among them; and the focus shown at each card move.
    assert {"trick", "advice", "details", "hand", "coach"} <= set(seen["hint_screen"])
    assert {"actions", "advice", "hand", "coach"} <= set(seen["talk_screen"])
    assert seen["card_focus"] >= 10
    assert seen["undo"]
    # Cards are named in words for a screen reader, and each event is said.
    assert any(re.fullmatch(r"(King|Queen|Cavalier|Jack|Ace|Two|Three|Four|Five|Six|Seven|Eight"
                            r"|Nine|Ten) of (cups|coins|swords|batons)", lb or "")
               for lb in seen["labels"]), seen["labels"]
    assert re.search(r"takes trick \d+|You take trick \d+", seen["live"])
    assert page.console_errors == []


def check_the_download(page, seen, tmp_path):
    # The download is the record that `troccas replay` reads: the same score as the page.
    tab_to(page, lambda f: "playDownload" in f["data"])
    with page.expect_download() as dl:
        page.keyboard.press("Enter")
    path = tmp_path / "hand.json"
    dl.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["format"] == "troccas-hand" and "practice" in record["note"]
    out = subprocess.run([str(Path(sys.executable).parent / "troccas"), "replay", "--json",
                          str(path)], capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)["result"]
    # "Your side: 15 card points, par 36, so -21." — you sit at seat 0, on side 0.
    for side, shown in enumerate(seen["points"]):
        points, par, score = numbers(shown)[:3]
        assert (points, par, score) == (result["points"][side], result["par"][side],
                                        result["scores"][side])
    assert f"{result['scores'][0]:+d}".replace("+0", "0") in seen["result"]
    return record


def check_the_review(page, record):
    page.wait_for_function(IDLE)
    # Every trick judged, one engine call a trick: as many marks as CPython's engine finds for
    # this record (the sampled deals are seeded from it), each a button that opens its trick
    # with the engine's sentence: the better card, why, and how it was measured.
    review = api.call("review_marks", record=record, seat=0)
    marks = review["marks"]
    page.wait_for_function("/^\\d+$/.test(document.querySelector('[data-play-marks]')"
                           ".dataset.playMarks)", timeout=180_000)
    assert int(page.get_attribute("[data-play-marks]", "data-play-marks")) == len(marks)
    # The summary's sentence, its buttons and its note each a paragraph of their own (once
    # run together: "…trick 17. Trick 17 In the last 5 it looks…").
    sentence, buttons, note = page.locator("[data-play-marks] > p").all_inner_texts()
    assert sentence.endswith((":", ".")) and note.startswith("In the last ")
    assert buttons.split() == " ".join(f"Trick {m['trick']}" for m in marks).split()
    for m in marks:
        page.locator("[data-play-marks] button", has_text=f"Trick {m['trick']}").click()
        shown = page.locator(f"[data-play-mark='{m['trick']}']").inner_text()
        assert m["text"] in shown, shown
        # one sentence in the coach's words: the principle for the better card, in the words
        # a hint would have used, inside it; the figures only behind the details toggle
        assert m["principle"]["text"] in shown and m["details"] not in shown, shown
        assert page.get_attribute(f"[data-play-mark='{m['trick']}']",
                                  "data-play-markcoach") == m["principle"]["id"]
        details = page.locator(f"[data-play-markdetails='{m['trick']}']")
        assert details.get_attribute("open") is None
        assert m["details"] in details.text_content()
    first = review["verdicts"][0]
    for _ in range(30):  # back to the first trick
        if page.locator("[data-play-prev]").is_disabled():
            break
        page.locator("[data-play-prev]").click()
    heading = page.locator("[data-play-reviewbody] h4")
    assert heading.inner_text().startswith("Trick 1 of ")
    if first["verdict"] != "better":
        assert page.get_attribute("[data-play-verdict]", "data-play-verdict") == first["verdict"]
    total = int(re.search(r"of (\d+)", heading.inner_text())[1])
    assert page.locator("[data-play-reviewbody] .cs-play__rhand").count() == 4
    assert_no_violations(page, "play/ at the end of a hand", "[data-play-table]")
    first = page.locator("[data-play-reviewbody] .cs-play__rhand").first
    assert first.locator("[role=img]").count() == total
    tab_to(page, lambda f: "playNextrick" in f["data"])
    page.keyboard.press("Enter")
    assert heading.inner_text().startswith("Trick 2 of ")
    assert first.locator("[role=img]").count() == total - 1
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    assert heading.inner_text().startswith("Trick 1 of ")


def check_the_short_link(page, seen):
    tab_to(page, lambda f: "playShare" in f["data"])
    page.keyboard.press("Enter")
    link = page.get_attribute("[data-play-link]", "href")
    assert len(link) < 1200 and "seed=" in link
    page.goto(link)
    page.wait_for_selector("[data-play-end]:not([hidden])")
    page.wait_for_function(IDLE)
    assert [page.inner_text(f"[data-play-points='{s}']") for s in range(2)] == seen["points"]


def check_play_again(page, record):
    # Play again from trick 2: the engine's cut record, so the reader holds the cards held
    # before that trick, and the hand is practice.
    before = api.call("table_view", record=record, seat=0)["review"][1]["hands"][0]
    page.locator("[data-play-nextrick]").click()
    page.locator("[data-play-again='2']").click()
    page.wait_for_selector("[data-play-end]", state="hidden")
    # The bots play up to the reader's turn: then the reader's cards are buttons again.
    page.wait_for_function("document.querySelectorAll('[data-play-hand] [data-card]').length")
    page.wait_for_function(IDLE)
    held = page.eval_on_selector_all("[data-play-hand] [data-card]", "bs => bs.map(b => b.dataset.card)")
    assert sorted(held) == sorted(before)
    assert "practice" in page.inner_text("[data-play-score]")


def check_the_tally(page):
    # The keyboard hand was a practice hand (a card was taken back): not counted.
    assert page.inner_text("[data-play-stats]") == "No hands played yet."
    page.evaluate("localStorage.setItem('troccas.play.stats', JSON.stringify({played: 3, won: 2}))")
    page.reload()
    assert page.inner_text("[data-play-stats]") == "Hands played: 3. Won by your side: 2."
    page.get_by_role("button", name="Reset my record").click()
    assert page.inner_text("[data-play-stats]") == "No hands played yet."
