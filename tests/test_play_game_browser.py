"""The Play page beyond one four-player hand: a whole game with its running score, a deal
thrown in and dealt again, and tables of three, five and six — in real Chromium with the real
engine in Pyodide. Each hand the page plays is downloaded and read back by ``troccas replay``,
so what the page showed is checked against the command line, not against the page's own sums.
(The keyboard, the coach, undo, review and the short link: test_play_browser.py.)"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from troccas import api

PLAY = "play/"
IDLE = "document.querySelector('[data-play-table]').dataset.busy === 'false'"
# The reader's move is on screen (or the hand is over): the bots are done and the table was
# drawn for the reader's turn — a new hand's first view can come after "busy" says false.
READY = ("document.querySelector('[data-play-table]').dataset.busy === 'false' && "
         "(!document.querySelector('[data-play-end]').hidden || "
         "document.querySelector('[data-play-turn]').dataset.mine === 'true')")
TROCCAS = str(Path(sys.executable).parent / "troccas")
# The screens the table is laid out for (issue 29): a phone first, and a desktop.
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
# The trick (while one is on the table) and the reader's hand, each as the screen shows it:
# its box, and the bottom of the theme's sticky header above the page (nothing shows under it).
ON_SCREEN = """() => {
  const box = (sel) => { const e = document.querySelector(sel);
    if (!e || e.hidden || !e.offsetParent) return null;
    const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const header = document.querySelector('.md-header');
  return {trick: box('[data-play-trick]'), hand: box('[data-play-hand]'),
          top: header ? header.getBoundingClientRect().bottom : 0,
          width: innerWidth, height: innerHeight}; }"""


def start(page, site_server, players: int, deal: int, dealer: int = 0, screen=DESKTOP) -> None:
    page.set_viewport_size(screen)
    page.goto(site_server.url_of(PLAY))
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    page.select_option("select[name=players]", str(players))
    page.select_option("select[name=dealer]", str(dealer))
    page.select_option("select[name=pace]", "fast")
    page.fill("input[name=deal]", str(deal))
    page.click("[data-play-start]")
    page.wait_for_selector("[data-play-game]:not([hidden])")


def assert_trick_and_hand_on_one_screen(page) -> None:
    """Phone first (issue 29): at the reader's every move the trick and the whole hand are on
    the screen together, without scrolling."""
    seen = page.evaluate(ON_SCREEN)
    for name in ("trick", "hand"):
        b = seen[name]
        if b is None:  # no trick between the deal's rounds, during the talk or the scart
            continue
        assert b["top"] >= seen["top"] - 0.5 and b["bottom"] <= seen["height"] + 0.5 \
            and b["left"] >= -0.5 and b["right"] <= seen["width"] + 0.5, (name, seen)


def play_to_the_end(page, choose=None) -> None:
    """The reader takes the first choice the page offers (a word or a bright card) until the
    hand is over; ``choose(labels)`` may name another word to say. At each of the reader's
    moves the trick and the hand are on the screen."""
    for _ in range(800):
        page.wait_for_function(READY)
        if page.is_visible("[data-play-end]"):
            return
        assert_trick_and_hand_on_one_screen(page)
        words = page.locator("[data-play-act] button")
        if words.count():
            labels = words.all_inner_texts()
            pick = choose(labels) if choose else None
            words.nth(labels.index(pick) if pick in labels else 0).click()
        else:
            page.locator("[data-play-hand] [data-legal=true]").first.click()
    raise AssertionError("the hand did not end")


def download(page, tmp_path, name: str) -> dict:
    with page.expect_download() as dl:
        page.click("[data-play-download]")
    path = tmp_path / name
    dl.value.save_as(path)
    return json.loads(path.read_text())


def replay(record: dict, tmp_path) -> dict:
    path = tmp_path / "replayed.json"
    path.write_text(json.dumps(record))
    out = subprocess.run([TROCCAS, "replay", "--json", str(path)], capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)["result"]


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


@pytest.mark.parametrize("players, deal, names", [
    (3, 40, ("you", "bot 1", "bot 2")),
    (4, 41, ("your side", "the other side")),
])
def test_a_whole_game_keeps_the_running_score_hand_by_hand(site_server, page, tmp_path,
                                                           players, deal, names):
    """A game is as many hands as players, each dealing once (pagat); the page's running
    score after each hand is the sum of the hands' scores as ``troccas replay`` counts them.
    Three play alone; four play in pairs, and a side behind may ask for a shorter deal."""
    hands = api.call("facts", players=players)["hands_in_game"]
    assert hands == players
    # The usual table on a phone: each hand, the reader's deal too.
    start(page, site_server, players=players, deal=deal, screen=PHONE if players == 4 else DESKTOP)
    totals = [0] * len(names)

    def running(totals):
        return ", ".join(f"{who} {signed(t)}" for who, t in zip(names, totals))

    for k in range(hands):
        assert page.inner_text("[data-play-heading]") == f"Hand {k + 1} of {hands}"
        if k:  # once the new hand's first view is drawn (the heading comes before it)
            page.wait_for_function("(t) => document.querySelector('[data-play-score]')"
                                   ".textContent === t",
                                   arg=f"Running score before this hand: {running(totals)}.")
        play_to_the_end(page)
        record = download(page, tmp_path, f"hand{k}.json")
        assert record["players"] == players and record["dealer"] == k % players  # in turn
        if k:
            assert record["totals"] == totals  # the deal knows who is behind
        result = replay(record, tmp_path)
        totals = [t + s for t, s in zip(totals, result["scores"])]
        shown = page.inner_text("[data-play-result]")
        assert f"Running score after hand {k + 1}: {running(totals)}." in shown, shown
        for s in range(len(names)):
            assert [int(n) for n in re.findall(r"-?\d+", page.inner_text(
                f"[data-play-points='{s}']"))[-3:]] == [result["points"][s], result["par"][s],
                                                         result["scores"][s]]
        nxt = page.locator("[data-play-end] [data-play-next]")
        if k + 1 < hands:
            assert nxt.inner_text() == f"Deal hand {k + 2}"
            nxt.click()
            page.wait_for_function(f"document.querySelector('[data-play-heading]').textContent"
                                   f" === 'Hand {k + 2} of {hands}'")
    assert sum(totals) == 0  # scores against par: what one side wins the others lose
    verdict = "you won it" if totals[0] > 0 else "you lost it"
    assert page.inner_text("[data-play-end] [data-play-next]") == \
        f"The game is over: {verdict}. Start a new game"
    page.click("[data-play-end] [data-play-next]")
    assert page.is_visible("[data-play-setup]") and page.is_hidden("[data-play-game]")
    assert page.console_errors == []


# Deal 376 with the reader dealing: the reader is dealt no trump at all, and a dealer without
# trumps may throw the deal in alone once the others have spoken (pagat).
THROWN_IN_DEAL = 376


def test_a_deal_thrown_in_scores_nothing_and_the_same_dealer_deals_again(site_server, page,
                                                                        tmp_path):
    start(page, site_server, players=4, deal=THROWN_IN_DEAL, dealer=0)
    said = []

    def abandon(labels):
        said.append(labels)
        return next((w for w in labels if "throw" in w.lower()), None)

    play_to_the_end(page, choose=abandon)
    assert said and any("throw" in w.lower() for w in said[-1]), said
    assert page.inner_text("[data-play-end] h3") == "The deal was thrown in"
    record = download(page, tmp_path, "thrown.json")
    hand = api.call("table_view", record={**record, "actions": record["actions"][:-1]}, seat=0)
    kind = {c["token"]: c["kind"] for c in api.call("pack")["cards"]}
    assert hand["phase"] == "dealer_choice" and hand["dealer"] == 0
    assert {kind[t] for t in hand["hand"]} == {"suit"}, hand["hand"]
    out = subprocess.run([TROCCAS, "replay", "--json", str(tmp_path / "thrown.json")],
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["phase"] == "thrown_in"
    assert record["dealer"] == 0
    # Dealt again: still the first hand of the game, the same dealer, another deck, and no
    # score anywhere (a thrown-in hand is not played, so not a hand of the game).
    page.click("[data-play-end] [data-play-next]")
    # The new deal is on the table once the end-of-hand box has gone and the bots are done.
    page.wait_for_function("document.querySelector('[data-play-end]').hidden")
    page.wait_for_function(IDLE)
    assert page.inner_text("[data-play-heading]") == "Hand 1 of 4"
    again = download(page, tmp_path, "again.json")
    assert again["dealer"] == 0 and again["seed"] != record["seed"]
    first = again["actions"][0]
    assert (first if isinstance(first, str) else first["action"]).startswith("1 talk ")
    assert page.inner_text("[data-play-stats]") == "No hands played yet."
    # "New game" asks before it drops the game under way: Escape or "Keep playing" keeps it
    # (the focus back on the button), "Leave" goes to the set-up.
    dialog = page.locator("[data-play-confirm]")
    page.click("[data-play-newgame]")
    assert dialog.is_visible() and dialog.get_attribute("aria-labelledby")
    page.keyboard.press("Escape")
    assert dialog.is_hidden() and page.is_visible("[data-play-game]")
    assert page.evaluate("document.activeElement.hasAttribute('data-play-newgame')")
    page.click("[data-play-newgame]")
    page.click("[data-play-stay]")
    assert dialog.is_hidden() and page.is_visible("[data-play-game]")
    page.click("[data-play-newgame]")
    page.click("[data-play-leave]")
    assert page.is_visible("[data-play-setup]") and page.is_hidden("[data-play-game]")
    assert page.console_errors == []


@pytest.mark.parametrize("players, deal, sides", [
    (5, 7, [[0], [1], [2], [3], [4]]),
    (6, 8, [[0, 2, 4], [1, 3, 5]]),
])
def test_a_hand_at_five_and_six_players_is_counted_as_the_engine_counts_it(
        site_server, page, tmp_path, players, deal, sides):
    """Five play alone; six play three against three, every other seat a partner
    (pagat). The page's count of each side is the engine's for the downloaded record. Six,
    the fullest table, is played on a phone."""
    start(page, site_server, players=players, deal=deal, dealer=players - 1,
          screen=PHONE if players == 6 else DESKTOP)
    # Every other seat drawn at the table (the first view may still be on its way).
    page.wait_for_function(f"document.querySelectorAll('[data-play-seats] [data-seat]').length"
                           f" === {players - 1}")
    # The theme's "Back to top" pill would sit on the table: this page leaves it out.
    assert page.evaluate("[...document.querySelectorAll('.md-top')]"
                         ".every(e => getComputedStyle(e).display === 'none')")
    play_to_the_end(page)
    record = download(page, tmp_path, "hand.json")
    assert record["players"] == players
    result = replay(record, tmp_path)
    assert len(result["scores"]) == len(sides)
    for s in range(len(sides)):
        shown = page.inner_text(f"[data-play-points='{s}']")
        assert [int(n) for n in re.findall(r"-?\d+", shown)[-3:]] == \
            [result["points"][s], result["par"][s], result["scores"][s]], shown
    if players == 6:
        assert "Your side (you and bot 2 and bot 4)" in page.inner_text("[data-play-end]")
    assert f"Hand 1 of {api.call('facts', players=players)['hands_in_game']}" == \
        page.inner_text("[data-play-heading]")
    assert page.console_errors == []
