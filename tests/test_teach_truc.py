"""Teach on the generator's second game (issue 28): Truc's course plan, teacher notes and
projector view, made by the generic teach part with Truc's own drawing of a slide
(build_tools/games/truc/templates/teach/slide.html). The pages are checked in the built site
(every puzzle kind of the engine on the projector, each answer and step the engine's; every
rule sourced), and the projector view in Chromium: a slide, the engine's answer revealed, the
next puzzle and the next kind."""

from __future__ import annotations

import re
import shutil
import subprocess
from html import unescape
from pathlib import Path

import pytest

from a11y_helpers import assert_no_violations
from build_tools.parts.teach import SEEDS
from conftest import serving, built_site_or_fail
from truc import api
from truc.puzzles import KINDS

TEACH = ("teach/", "teach/course/", "teach/notes/", "teach/projector/")


@pytest.fixture(scope="module")
def truc_site() -> Path:
    return built_site_or_fail("truc")


def _text(html: str) -> str:
    """The words a reader sees: a glossary word's tooltip (shown on hover) left out."""
    html = re.sub(r'<span class="gl-term__tip"[^>]*>[^<]*</span>', "", html)
    html = re.sub(r"</?(?:span|a|strong|em)\b[^>]*>", "", html)  # inline: no space of their own
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _article(site: Path, path: str) -> str:
    html = (site / path / "index.html").read_text(encoding="utf-8")
    return html.split("<article", 1)[1].split("</article>", 1)[0]


def test_truc_teach_pages_are_in_the_nav_with_every_rule_sourced(truc_site):
    home = (truc_site / "index.html").read_text(encoding="utf-8")
    for path in TEACH:
        assert f'href="{path}"' in home, path
        text = _text(_article(truc_site, path))
        assert "{{" not in text and "<!--" not in _article(truc_site, path), path
    for path in ("teach/course/", "teach/notes/"):
        article = _article(truc_site, path)
        # Every rule the page states points to the source, and the source is named.
        assert article.count('class="footnote-ref"') >= 5, path
        assert "Source: truc" in _text(article), path
    facts = api.call("facts")
    course = _text(_article(truc_site, "teach/course/"))
    assert f"A whole game to {facts['target']} points" in course
    assert f"Spanish pack of {facts['pack_sizes']['catalan40']} cards" in course
    # One evening: its steps' times run on from 0:00, each starting where the last ended, to
    # about two hours; the tables play before the first hour is out and end with a game.
    html = (truc_site / "teach" / "course" / "index.html").read_text(encoding="utf-8")
    steps = re.findall(r"<tr>\s*<td>(\d):(\d\d) – (\d):(\d\d)</td>", html)  # the plan's rows
    spans = [(int(a) * 60 + int(b), int(c) * 60 + int(d)) for a, b, c, d in steps]
    assert spans[0][0] == 0 and all(e == s for (_, e), (s, _) in zip(spans, spans[1:])), spans
    assert 110 <= spans[-1][1] <= 135, spans[-1]
    assert f"Hands for {facts['base_stake']} point" in course
    # The handouts to print, each named and sent to the page that has it.
    assert 'href="../../handouts/"' in html and "the score pad" in course
    maker = re.search(r'href="\.\./\.\./handouts/worksheets/\?kinds=([\w,]+)&amp;', html)
    assert maker and set(maker[1].split(",")) == set(KINDS)  # a worksheet of every kind


def test_truc_course_plan_puts_every_puzzle_kind_on_the_projector(truc_site):
    html = (truc_site / "teach" / "course" / "index.html").read_text(encoding="utf-8")
    linked = re.findall(r'href="\.\./projector/\?kind=(\w+)&amp;seed=(\d+)"', html)
    assert {k for k, _ in linked} == set(KINDS)
    assert all(int(s) in SEEDS for _, s in linked)


def test_truc_projector_holds_every_kind_with_the_engines_answers(truc_site):
    html = (truc_site / "teach" / "projector" / "index.html").read_text(encoding="utf-8")
    slides = re.findall(r'<template data-slide data-kind="(\w+)" data-seed="(\d+)">(.*?)</template>',
                        html, re.S)
    assert {(k, int(s)) for k, s, _ in slides} == {(k, s) for k in KINDS for s in SEEDS}
    for kind, seed, body in slides[::9]:  # a sample across the kinds
        p = api.call("puzzle", kind=kind, seed=int(seed), answer=True)
        # Up to the end of the answer's line: a card's name holds spans of its own.
        shown = _text(body.split("data-proj-answer-text>", 1)[1].split("</strong>", 1)[0])
        assert shown == p["labels"][p["answer"]], (kind, seed)
        for step in p["steps"]:
            assert step in _text(body), (kind, seed)
        assert p["question"] in _text(body)


def test_truc_projector_shows_a_slide_reveals_the_engines_answer_and_moves_on(truc_site, page):
    with serving(truc_site) as (port, path, _):
        page.set_viewport_size({"width": 1280, "height": 800})
        seed = 3
        page.goto(f"http://127.0.0.1:{port}{path}teach/projector/?kind=hand&seed={seed}")
        slide = page.locator("[data-proj-stage] .cs-proj__slide")
        slide.wait_for()
        for chrome in (".md-header", ".md-tabs", ".md-sidebar--primary", ".md-footer"):
            assert page.locator(chrome).first.is_hidden(), chrome
        assert slide.get_attribute("data-kind") == "hand"
        assert slide.get_attribute("data-seed") == str(seed)
        p = api.call("puzzle", kind="hand", seed=seed, answer=True)
        # The hand's tricks as the engine played them, every card's picture loaded and named.
        plays = [tok for tr in p["situation"]["tricks"] for _seat, tok in tr["plays"]]
        cards = slide.locator("img.cs-proj__img")
        assert [cards.nth(i).get_attribute("data-token") for i in range(cards.count())] == plays
        names = {c["token"]: c["name"] for c in api.call("pack")["cards"]}
        assert cards.first.get_attribute("alt") == names[plays[0]]
        assert page.evaluate("[...document.querySelectorAll('[data-proj-stage] img')]"
                             ".every(i => i.complete && i.naturalWidth > 0)")
        assert cards.first.bounding_box()["height"] >= 0.15 * 800  # large, for a hall
        answer = slide.locator("[data-proj-answer]")
        assert answer.is_hidden()
        assert p["steps"][0] not in slide.inner_text()

        page.keyboard.press("Space")
        assert answer.is_visible()
        assert slide.locator("[data-proj-answer-text]").inner_text() == p["labels"][p["answer"]]
        for step in p["steps"]:
            assert step in answer.inner_text()
        assert page.get_by_role("button", name="Hide the answer").get_attribute(
            "aria-pressed") == "true"

        page.keyboard.press("ArrowRight")  # the next puzzle, its answer hidden again
        assert slide.get_attribute("data-seed") == str(seed + 1)
        assert slide.locator("[data-proj-answer]").is_hidden()
        assert page.url.endswith(f"kind=hand&seed={seed + 1}")
        nxt = api.call("puzzle", kind="hand", seed=seed + 1, answer=True)
        assert nxt["question"] in slide.inner_text()

        page.keyboard.press("k")  # the next kind of puzzle, from its first
        after = KINDS[(KINDS.index("hand") + 1) % len(KINDS)]
        assert slide.get_attribute("data-kind") == after
        assert slide.get_attribute("data-seed") == str(SEEDS[0])
        first = api.call("puzzle", kind=after, seed=SEEDS[0], answer=True)
        assert first["question"] in slide.inner_text()
        assert page.console_errors == []
        assert_no_violations(page, "the Truc projector view")
        for other in TEACH[:3]:
            page.goto(f"http://127.0.0.1:{port}{path}{other}")
            assert_no_violations(page, f"the Truc page /{other}")


# --- the handouts of the kit: the rules on one page and the score pad -------------------------
A4_MM = (210, 297)


def _poppler(name: str) -> str:
    exe = shutil.which(name)
    if not exe:
        pytest.fail(f"{name} is missing: apt-get install -y poppler-utils", pytrace=False)
    return exe


def _pdf_words(pdf: Path) -> str:
    out = subprocess.run([_poppler("pdftotext"), str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    return " ".join(out.split())


def _pdf_as_images(pdf: Path, tmp_path: Path, dpi: int = 20) -> list[tuple[int, int, bytes]]:
    """Each page drawn by pdftoppm as a grey image: (width, height, pixels)."""
    subprocess.run([_poppler("pdftoppm"), "-gray", "-r", str(dpi), str(pdf),
                    str(tmp_path / pdf.stem)], check=True)
    pages = []
    for f in sorted(tmp_path.glob(f"{pdf.stem}*.pgm")):
        data = f.read_bytes()
        magic, w, h, maxval, pixels = data.split(maxsplit=4)
        assert magic == b"P5" and maxval == b"255", f
        pages.append((int(w), int(h), pixels[: int(w) * int(h)]))
    return pages


def _one_a4_page_with_ink(pdf: Path, tmp_path: Path) -> None:
    pages = _pdf_as_images(pdf, tmp_path)
    assert len(pages) == 1, f"{pdf.name}: {len(pages)} pages"
    w, h, pixels = pages[0]
    # A4 at 20 dpi, to 2 pixels (2.5 mm) of rounding: US Letter would be 4 px wider, 14 shorter.
    assert abs(w - A4_MM[0] / 25.4 * 20) <= 2 and abs(h - A4_MM[1] / 25.4 * 20) <= 2, (w, h)
    ink = sum(1 for p in pixels if p < 160) / len(pixels)
    assert ink > 0.02, f"{pdf.name}: the page is blank ({ink:.3%} ink)"
    # Ink in the top, the middle and the bottom third of the printed area: the page is filled,
    # not one heading with the rest lost to a second page.
    thirds = [pixels[i * len(pixels) // 3:(i + 1) * len(pixels) // 3] for i in range(3)]
    assert all(any(p < 160 for p in part) for part in thirds), pdf.name


def _engine_pays(wants: list[str], totals: list[int] | None = None) -> int:
    """What the engine scores for a hand played with ``wants`` ("bet truc", "answer fold")
    taken as soon as each is legal, every other turn cutting, accepting, playing at eleven or
    playing the first card of the hand."""
    record = api.call("new", seed=5, totals=totals or [0, 0])
    wants = list(wants)
    while not (view := api.call("view", record=record, seat=0))["result"]:
        seat = view["current_player"]
        legal = [a.split(" ", 1)[1] for a in api.call("view", record=record, seat=seat)["legal"]]
        if wants and wants[0] in legal:
            action = wants.pop(0)
        else:
            action = next(a for a in legal if a in ("cut cut", "answer accept", "eleven play")
                          or a.startswith("play "))
        record = api.call("apply", record=record, action=f"{seat} {action}")
    assert not wants, wants
    return view["result"]["points"]


def test_truc_score_pad_is_one_a4_page_with_a_row_per_hand_and_the_engines_stakes(truc_site,
                                                                                tmp_path):
    pdf = truc_site / "handouts" / "truc-score-pad.pdf"
    _one_a4_page_with_ink(pdf, tmp_path)
    text = _pdf_words(pdf)
    f = api.call("facts")
    eleven = f["eleven"]
    # Enough rows for the longest game: both teams one hand short of the target, a point a
    # hand (the least a hand scores), then the deciding hand.
    rows = 2 * (f["target"] - 1) // f["base_stake"] + 1
    assert f"a game to {f['target']}" in text and f"{rows} rows" in text
    stakes = f"{f['base_stake']} {f['truc']} {f['retruc']}"
    assert " ".join(f"{n} {stakes}" for n in range(1, rows + 1)) in text  # each row, its stakes
    assert f"{rows + 1} {stakes}" not in text
    assert "Turned down" in text and f"At {eleven}" in text
    pays = {
        "Played out, no bet": (_engine_pays([]), "the winners of the hand"),
        "Played out after truc accepted": (_engine_pays(["bet truc", "answer accept"]),
                                           "the winners of the hand"),
        "Played out after retruc accepted": (
            _engine_pays(["bet truc", "answer accept", "bet retruc", "answer accept"]),
            "the winners of the hand"),
        "Truc turned down": (_engine_pays(["bet truc", "answer fold"]), "the team that bet"),
        "Retruc turned down": (_engine_pays(["bet truc", "bet retruc", "answer fold"]),
                               "the team that bet"),
        f"A team at {eleven} will not play": (
            _engine_pays(["eleven pass"], [eleven, 0]), "the other team"),
        f"A team at {eleven} plays (no bets)": (
            _engine_pays(["eleven play"], [eleven, 0]), "the winners of the hand"),
        f"Both teams at {eleven} (no bets)": (_engine_pays([], [eleven, eleven]),
                                               "the winners of the hand: they take the game"),
    }
    for case, (points, who) in pays.items():
        assert f"{case} {points} {who}" in text, case
    assert (pays["Truc turned down"][0], pays["Retruc turned down"][0]) == (
        f["base_stake"], f["truc"])  # the source: a bet turned down pays the stake before it


def test_truc_rules_summary_is_one_a4_page_with_every_number_the_engines(truc_site, tmp_path):
    pdf = truc_site / "handouts" / "truc-rules.pdf"
    _one_a4_page_with_ink(pdf, tmp_path)
    text = _pdf_words(pdf)
    f = api.call("facts")
    for said in (f"the dealer gives {f['hand_cards']} cards each",
                 f"the dealer may give {f['tap_cards']} card each",
                 f"not when a team has {f['eleven']}",
                 f"A hand is worth {f['base_stake']}. Truc raises it to {f['truc']}",
                 f"retruc to {f['retruc']}",
                 f"{_engine_pays(['bet truc', 'answer fold'])} for a truc turned down",
                 f"{_engine_pays(['bet truc', 'bet retruc', 'answer fold'])} for a retruc",
                 "three if you play",
                 f"A team with {f['eleven']} decides before the play: play for "
                 f"{f['eleven_stake']} with no bets, or let the others score {f['base_stake']}",
                 f"Both teams at {f['eleven']}: no bets",
                 f"The game to {f['target']}",
                 f"The first team to reach {f['target']} wins the game"):
        assert said in text, said
