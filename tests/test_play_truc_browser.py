"""The Play page of the second game (issue 29): a whole hand with a truc and a retruc played
through the page in real Chromium with the real engine in Pyodide — the bet offered as the view
groups it, the bet waiting for the reader's answer shown with who made it and the stake, a
signal made with a card — then the page's record read back by ``truc replay``, so what the
page showed is checked against the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import built_site_or_fail, serving
from play_screen import PARTS, PHONE, assert_on_one_screen
from truc import api

TRUC = str(Path(sys.executable).parent / "truc")
# A deal (seed 1, seat 3 deals) where the reader, at seat 0, may say truc at its first turn and
# the other team raises to retruc after accepting (the engine's bots decide; found by playing
# the reader's policy below against the engine).
DEAL, DEALER = 1, 3
READY = ("document.querySelector('[data-play-table]').dataset.busy === 'false' && "
         "(!document.querySelector('[data-play-end]').hidden || "
         "document.querySelector('[data-play-turn]').dataset.mine === 'true')")


@pytest.fixture(scope="module")
def truc_site() -> Path:
    return built_site_or_fail("truc")


def test_a_hand_with_truc_and_retruc_through_the_page_replays_the_same(truc_site, page,
                                                                      tmp_path):
    with serving(truc_site) as (port, path, _):
        page.set_viewport_size(PHONE)  # the table on a phone first (issue 29)
        page.goto(f"http://127.0.0.1:{port}{path}play/")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
        page.select_option("select[name=dealer]", str(DEALER))
        page.select_option("select[name=pace]", "fast")
        page.fill("input[name=deal]", str(DEAL))
        page.click("[data-play-start]")
        page.wait_for_selector("[data-play-game]:not([hidden])")
        assert page.inner_text("[data-play-heading]").startswith("Hand 1 (the game is to 12")
        seen = {"bet": None, "pending": None, "signal": None, "hint_screen": None, "odds": None}
        for _ in range(40):
            page.wait_for_function(READY)
            if page.is_visible("[data-play-end]"):
                break
            accept = page.locator("[data-play-act] [data-group=accept]")
            bet = page.locator("[data-play-act] [data-group=bet]")
            if accept.count():
                # rule bet.answer: the bet waiting for the reader, who made it and its stake
                seen["pending"] = page.inner_text("[data-play-pending]")
                accept.first.click()
            elif bet.count() and seen["bet"] is None:
                # The coach at a bet (a question first, then the answer): its line, the odds
                # folded under it, the words to say and the hand on the phone's one screen.
                for _ in range(2):
                    # pressed where it is: a click by the mouse would first scroll it to the
                    # middle of the screen, which no finger does to a button it can see
                    page.locator("[data-play-hint]").dispatch_event("click")
                    page.wait_for_function("(t => t && !t.endsWith('…'))(document"
                                           ".querySelector('[data-play-advice]').textContent)")
                    if page.get_attribute("[data-play-advice]", "data-play-hinted"):
                        break
                seen["hint_screen"] = assert_on_one_screen(page, *PARTS)["boxes"]
                seen["odds"] = page.text_content("[data-play-hintdetails] p")  # folded
                seen["bet"] = bet.first.inner_text()
                bet.first.click()
            elif page.locator("[data-play-act] [data-group=choice]").count():
                page.locator("[data-play-act] [data-group=choice]").first.click()
            else:
                if seen["signal"] is None and page.locator("[data-play-phrase]").count():
                    options = page.locator("[data-play-phrase] option").all_inner_texts()
                    seen["signal"] = options[1]  # the first signal, after "no signal"
                    page.select_option("[data-play-phrase]", index=1)
                page.locator("[data-play-hand] [data-legal=true]").first.click()
        else:
            raise AssertionError("the hand did not end")
        assert seen["bet"] == "Say truc (the hand for 2)", seen
        assert {"actions", "advice", "details", "hand", "coach"} <= set(seen["hint_screen"]), seen
        assert "%" in seen["odds"], seen
        assert seen["pending"].startswith("Bot 3 (opponent) said retruc: the hand for 3"), seen
        assert seen["signal"].startswith("close one eye — I hold a three"), seen
        log = page.locator("[data-play-log] li").all_text_contents()
        # Each log line but a card's links to the rule it rests on (the engine's clause).
        signal = page.locator("[data-play-log] li", has_text="You signal: close one eye (I hold a three).")
        assert signal.count() == 1, log
        assert signal.locator("a").evaluate("a => new URL(a.href).pathname + new URL(a.href).hash") \
            .endswith("/rules/#signal"), log
        with page.expect_download() as dl:
            page.click("[data-play-download]")
        saved = tmp_path / "hand.json"
        dl.value.save_as(saved)
        record = json.loads(saved.read_text())
        acts = [a if isinstance(a, str) else a["action"] for a in record["actions"]]
        assert "0 bet truc" in acts and any(a.endswith(" bet retruc") for a in acts), acts
        # the signal recorded with the reader's card, by its id; the bots' signals too
        signed = [a for a in record["actions"] if isinstance(a, dict) and a["action"][0] == "0"]
        assert [(a["action"].split()[1], a["say"]) for a in signed] == [("play", "close-one-eye")]
        # The short link carries the table's size, the seed and every action with its signal.
        page.click("[data-play-share]")
        link = page.get_attribute("[data-play-link]", "href")
        assert "n=4&seed=1&d=3&you=0&" in link and "0etruc" in link and "*0" in link, link
        out = subprocess.run([TRUC, "replay", "--json", str(saved)], capture_output=True,
                             text=True, check=True)
        result = json.loads(out.stdout)["result"]
        assert result["points"] == 3  # a retruc accepted: the hand for 3 (truc)
        # The review asks the engine trick by trick, as for any game: its marks are the
        # engine's for this record.
        page.wait_for_function("document.querySelector('[data-play-marks]')"
                               "?.dataset.playMarks !== ''", timeout=20000)
        marks = api.call("review_marks", record=record, seat=0)["marks"]
        assert page.get_attribute("[data-play-marks]", "data-play-marks") == str(len(marks))
        shown = page.inner_text("[data-play-result]")
        expect = (f"Your side takes this hand: {result['points']} for you." if result["team"] == 0
                  else f"The other side takes this hand: {result['points']} for them.")
        assert shown.startswith(expect), (shown, result)
