"""A game's own site words (build_tools/games/<game>/messages/<lang>/<area>.yaml) join the
generator's words of the same area in a build of that game, and never reword them."""

from __future__ import annotations

import pytest

from build_tools import site_code
from build_tools import words as w


@pytest.fixture
def games(tmp_path, monkeypatch):
    # A game without site code of its own is looked for in the games' folder.
    monkeypatch.setattr(site_code, "GAMES", tmp_path)
    w._words.cache_clear()
    yield tmp_path
    w._words.cache_clear()


def write(games, game, lang, area, text):
    folder = games / game / "messages" / lang
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{area}.yaml").write_text(text, encoding="utf-8")


def test_a_games_words_join_the_area_only_in_a_build_of_that_game(games):
    write(games, "alpha", "en", "puzzles", "alpha_only: The {n} cards of alpha\n")
    assert w.words("en", "alpha").t("puzzles.alpha_only", n=3) == "The 3 cards of alpha"
    assert "puzzles.alpha_only" not in w.words("en", "beta").entries
    # the generator's own words of the area (a game without words of its own has just them)
    # are still there
    assert set(w.words("en", "beta").area("puzzles")) < set(w.words("en", "alpha").area("puzzles"))


def test_the_build_under_way_names_the_game(games):
    write(games, "alpha", "en", "notes", "alpha_note: of alpha\n")
    try:
        w.use("en", "alpha")
        assert w.current().t("notes.alpha_note") == "of alpha"
    finally:
        w.use("en")
    assert "notes.alpha_note" not in w.current().entries


def test_a_game_may_not_reword_the_generators_word(games):
    key = next(iter(w.words("en", "beta").area("puzzles")))
    write(games, "alpha", "en", "puzzles", f"{key}: something else\n")
    with pytest.raises(w.WordsError, match=rf"alpha/messages/en/puzzles.yaml: '{key}' is already"):
        w.words("en", "alpha")


def test_a_bad_games_words_file_names_its_file_and_line(games):
    write(games, "alpha", "en", "puzzles", "good: yes\nbad: [unclosed\n")
    with pytest.raises(w.WordsError, match=r"alpha/messages/en/puzzles.yaml:\d+: not valid YAML"):
        w.words("en", "alpha")


def test_a_language_kept_outside_the_generator_has_the_games_words_beside_its_own(games, tmp_path):
    # folder/<language>/<game>/<area>.yaml, as folder/<language>/<game>.json is the engine's
    outside = tmp_path / "outside"
    (outside / "xx" / "alpha").mkdir(parents=True)
    for path in (w.FOLDER / "en").glob("*.yaml"):
        (outside / "xx" / path.name).write_text(path.read_text(encoding="utf-8"), "utf-8")
    (outside / "xx" / "alpha" / "puzzles.yaml").write_text("alpha_only: xx words\n", "utf-8")
    write(games, "alpha", "en", "puzzles", "alpha_only: en words\n")
    before = list(w._FOLDERS)
    try:
        w.add_folder(outside)
        assert w.words("xx", "alpha").t("puzzles.alpha_only") == "xx words"
        assert w.words("en", "alpha").t("puzzles.alpha_only") == "en words"
    finally:
        w._FOLDERS[:] = before
        w._words.cache_clear()
