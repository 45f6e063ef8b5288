"""Truc's lessons (issue 31) read from the built site, without a browser: each has an exercise
the engine checks, a source note, a link to play and a Next link, the last leading to the
guided first hand; the Learn section lists them in order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import built_site_or_fail

LESSONS = ["cards", "deal", "tricks", "hand", "bets", "eleven", "signals", "game", "france"]


@pytest.fixture(scope="module")
def truc_site() -> Path:
    return built_site_or_fail("truc")


def _article(site: Path, path: str) -> str:
    html = (site / path / "index.html").read_text(encoding="utf-8")
    return html.split("<article", 1)[1].split("</article>", 1)[0]


def test_learn_index_lists_every_lesson_in_order_and_the_nav_holds_them(truc_site):
    index = _article(truc_site, "learn")
    linked = re.findall(r'href="(\w+)/"', index)
    assert [x for x in linked if x in LESSONS] == LESSONS
    home = (truc_site / "index.html").read_text(encoding="utf-8")
    for lesson in LESSONS:
        assert f'href="learn/{lesson}/"' in home, lesson  # the nav's Learn section
    assert not (truc_site / "learn.html").exists() and "learn.md" not in home


@pytest.mark.parametrize("lesson", LESSONS)
def test_each_lesson_has_an_exercise_a_source_note_a_link_to_play_and_next(truc_site, lesson):
    article = _article(truc_site, f"learn/{lesson}")
    assert article.count("data-cardsite-widget=\"puzzle\"") >= 2, lesson
    assert 'class="footnote-ref"' in article and "Source: truc" in article, lesson
    assert "<!--" not in article and "{{" not in article, lesson  # every marker drawn
    assert re.search(r'href="\.\./\.\./play/(first-hand/)?"', article), lesson
    nxt = re.search(r"Next: <a href=\"([^\"]+)\"", article)
    assert nxt, lesson
    i = LESSONS.index(lesson)
    expected = "../../play/first-hand/" if i == len(LESSONS) - 1 else f"../{LESSONS[i + 1]}/"
    assert nxt.group(1) == expected, (lesson, nxt.group(1))
