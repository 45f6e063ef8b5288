"""Worksheets and their answer keys (build_tools/worksheets/sheets.py), without a browser: what a
class set holds, the key's wording (no "5 = 5", no sentence said again for every puzzle, the
player count where a sheet mixes tables), the maker's one-line errors, and the engine's worked
steps that the keys print. The PDFs are read back in test_handouts.py and, printed from the
browser, in test_worksheets_browser.py."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from troccas import api
from troccas.puzzles import KINDS

from build_tools import templating
from build_tools.worksheets import sheets

# "Total: 9 = 9", "9r: 1 = 1": a lone number said equal to itself.
TAUTOLOGY = re.compile(r"(?<![\d+−-] )(?<!\d)(\d+) = (\d+)(?! ?[+\d])")


def tautologies(text: str) -> list[str]:
    return [m.group(0) for m in TAUTOLOGY.finditer(text) if m.group(1) == m.group(2)]


def test_the_tautology_check_finds_what_the_old_keys_said():
    for old in ("Total: 5 = 5", "9r: 1 = 1, its value: 1", "Kc: 5 = 5, a single card: 5"):
        assert tautologies(old), old
    for good in ("Fool 4c 9c 6c: 5 + 1 + 1 + 1 = 8, less 3 → 5", "Total: 5 + 4 = 9",
                 "Fool, at its full value: 5", "II 4b, the odd pair: 1 + 1 = 2, less 1 → 1"):
        assert not tautologies(good), good


@pytest.mark.parametrize("kind", KINDS)
def test_engine_steps_say_no_number_equals_itself_and_no_sentence_twice(kind):
    """The working the keys (and the site's 'Show solution') print, over 60 seeds a kind."""
    for seed in range(60):
        p = api.call("puzzle", kind=kind, seed=seed, answer=True)
        for step in p["steps"]:
            assert not tautologies(step), (kind, seed, step)
        assert len(set(p["steps"])) == len(p["steps"]), (kind, seed, p["steps"])
        if kind == "legal" and len(p["steps"]) > 1:
            # The refusals are the working; "May be played: 5r" under "Solution: 5r" is not.
            assert not p["steps"][-1].startswith("May be played:"), (seed, p["steps"])


def test_a_legal_play_puzzle_refuses_cards_for_one_reason_in_one_sentence():
    for seed in range(60):
        p = api.call("puzzle", kind="legal", seed=seed, answer=True)
        refused = [s for s in p["steps"] if ", not " in s]
        hand = set(p["situation"]["hand"])
        assert len(refused) <= 1, (seed, refused)  # every refusal in a trick has one reason
        if refused:
            named = set(re.findall(r"\b(?:[KQCJ]|10|[1-9])[crsb]\b|\b[IVX]+\b|\bFool\b",
                                   refused[0].split(", not ", 1)[1]))
            assert named == hand - set(p["answer"]), seed


def key_texts(html: str) -> list[dict]:
    """Each key of the rendered sheets: its answers, the lines under them and the lines said
    for a whole kind, as text."""
    def text(fragment: str) -> str:
        return " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment)).split())

    out = []
    for key in re.findall(r'<section class="ho-key".*?</section>', html, re.S):
        out.append({
            "answers": [text(a) for a in re.findall(r'<p class="ho-key__answer">(.*?)</p>', key, re.S)],
            "lines": [text(li) for li in re.findall(r"<li>(.*?)</li>", key, re.S)],
            "common": [text(c) for c in re.findall(r'<p class="ho-key__common">(.*?)</p>', key, re.S)],
            "all": text(key)})
    return out


def render(kinds, seed, count, n_sheets=1, keys="after") -> tuple[list[dict], str]:
    data = sheets.class_set(kinds, seed, count, n_sheets)
    env = sheets.environment(templating.environment())
    return data, sheets.render_sheets(env, data, card=lambda t: f"[{t}]", keys=keys)


@pytest.mark.parametrize("kinds", [*KINDS, "count,fool,legal"])
def test_keys_read_like_a_teacher_wrote_them(kinds):
    data, html = render(kinds, 0, 8, 3)
    keys = key_texts(html)
    assert len(keys) == 3
    for sheet, key in zip(data, keys):
        assert not tautologies(key["all"]), (kinds, tautologies(key["all"]))
        # A sentence that states a rule and names nothing of its puzzle is said once a key.
        rule = {s for p in sheet["puzzles"] for s in p["rule_steps"]}
        for s in rule:
            said = key["lines"].count(s) + sum(c.count(s) for c in key["common"])
            assert said == 1, (kinds, sheet["seed"], s, said)
        # Every other step is its puzzle's own working and stays with it.
        for p in sheet["puzzles"]:
            for s in p["steps"]:
                assert s in key["all"], (kinds, p["n"], s)
        assert len(key["answers"]) == len(sheet["puzzles"])


def test_an_endgame_sheet_shows_every_hand_and_its_key_the_best_line():
    """Endgames on a sheet (issue 17): the four hands, the question, and in the key the engine's
    best first card with its value, the other cards' values and the best line trick by trick."""
    data, html = render("legal,endgame", 3, 4, 1)
    endgames = [p for p in data[0]["puzzles"] if p["kind"] == "endgame"]
    assert len(endgames) == 2
    key = key_texts(html)[0]["all"]
    for p in endgames:
        full = api.call("endgame", seed=p["seed"], answer=True)
        assert p["url"] == f"puzzles/endgames/?seed={p['seed']}"
        assert f"{full['answer'][0]} ({full['value']} card points)" in key
        for step in full["steps"]:
            assert step in key
        for hand in full["situation"]["hands"]:
            assert all(f"[{t}]" in html for t in hand)
    assert html.count("(your partner):") == 2


def test_the_same_reason_twice_points_back_to_the_first():
    # Fool puzzles: seeds 0…7 give the exchange, 'owed' and 'keep' twice each (the engine's
    # answers decide which repeat).
    data, html = render("fool", 0, 8)
    [key] = key_texts(html)
    first: dict[str, int] = {}
    for p, answer in zip(data[0]["puzzles"], key["answers"]):
        reason = p["steps"][0]
        if reason in first:
            assert answer.endswith(f"as in puzzle {first[reason]}."), answer
        else:
            first[reason] = p["n"]
            assert "as in puzzle" not in answer, answer
    assert len(first) < len(data[0]["puzzles"]), "no reason repeated in these seeds"


def test_player_counts_are_marked_only_where_a_sheet_mixes_them():
    marked = unmarked = 0
    data, html = render("count", 0, 6, 6)
    for sheet, key in zip(data, key_texts(html)):
        players = [p["situation"]["players"] for p in sheet["puzzles"]]
        if len(set(players)) > 1:
            marked += 1
            for n, (n_players, answer) in enumerate(zip(players, key["answers"]), 1):
                assert answer.startswith(f"Puzzle {n} · {n_players} players:"), answer
        else:
            unmarked += 1
            assert not any("players:" in a for a in key["answers"])
    assert marked and unmarked, "these seeds should give sheets of both sorts"


def test_a_class_set_gives_every_learner_other_puzzles():
    for kinds, count in (("count", 6), ("count,legal,scart", 7), ("winner,buob", 1 + 1)):
        specs = sheets.plan(kinds, 5, count, 12)
        assert len(specs) == 12 and len({s["seed"] for s in specs}) == 12
        every = [p for s in specs for p in s["puzzles"]]
        assert len(every) == len(set(every)) == 12 * count
        assert all(len(s["puzzles"]) == count for s in specs)
    # A mixed sheet shares its puzzles out: 7 among 3 kinds is 3, 2, 2 (in the engine's order).
    kinds = [k for k, _ in sheets.plan("scart,count,legal", 0, 7)[0]["puzzles"]]
    assert kinds == ["count"] * 3 + ["legal"] * 2 + ["scart"] * 2


@pytest.mark.parametrize("request_, says", [
    ({"kinds": ["count"], "count": "0"}, "the number of puzzles on a sheet must be a whole "
                                          "number from 1 to 50, not 0"),
    ({"kinds": ["count"], "count": "abc"}, "from 1 to 50, not 'abc'"),
    ({"kinds": ["count"], "count": ""}, "from 1 to 50, not nothing"),
    ({"kinds": ["count"], "sheets": "41"}, "the number of sheets must be a whole number from 1 "
                                           "to 40, not 41"),
    ({"kinds": ["count"], "seed": "-2"}, "the first seed must be a whole number from 0 up"),
    ({"kinds": []}, "choose at least one kind of puzzle"),
    ({"kinds": ["trumps"]}, "'trumps' is not a kind of puzzle; the kinds are count, buob, fool,"
                            " legal, winner, scart and endgame"),
    ({"kinds": ["count", "legal", "scart"], "count": "2"},
     "3 kinds of puzzle need at least 3 puzzles on a sheet, not 2"),
    ({"kinds": ["count"], "keys": "middle"}, "keys 'middle'"),
])
def test_the_makers_bad_input_gets_one_line(request_, says):
    """What the browser's maker shows on the page: Python's answer to the teacher's input."""
    env = templating.environment()
    files = sheets.browser_files(env)
    req = {"templates": files["templates"], "labels": {}, "base": "../../", "seed": "1",
           "count": "6", "sheets": "1", **request_}
    out = json.loads(sheets.browser_render(json.dumps(req)))
    assert set(out) == {"error"} and says in out["error"], out
    assert "\n" not in out["error"]


def test_the_browser_draws_what_the_pdf_draws():
    """The maker's fragment and the PDF's body come from one template with the same data: only
    the card pictures differ (a site picture in the browser, inline SVG in the PDF)."""
    from build_tools import handouts

    env = templating.environment()
    files = sheets.browser_files(env)
    req = {"templates": files["templates"], "labels": {"Kc": "king of cups"}, "base": "../../",
           "kinds": ["count", "winner"], "seed": "4", "count": "4", "sheets": "2", "keys": "end"}
    browser = json.loads(sheets.browser_render(json.dumps(req)))
    assert browser["seeds"] == [4, 6]
    pdf_html = handouts.worksheet_html("count,winner", 4, 4, 2, keys="end")

    def words(html: str) -> str:
        html = re.sub(r"<svg.*?</svg>|<img[^>]*>", "[card]", html, flags=re.S)
        body = re.search(r'<div class="ho-sheets">.*</div>', html, re.S).group(0)
        return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())

    assert words(browser["html"]) == words(pdf_html)
