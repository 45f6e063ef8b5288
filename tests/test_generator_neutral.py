"""No generic file names a game (issue 28): the generator's code and theme (build_tools/ outside
build_tools/games/<game>/, overrides/), the engine's game-neutral package (engine/src/cardgame/)
and the Makefile's rules, searched for the name of every registered game.

A game is registered where the generator and the engine find it: a folder
build_tools/games/<game>/ (its site code) or a package engine/src/<game>/ with a facade
(api.py), or a test game's package tests/games/<game>/ (api.py). A name counts when no letter comes before it, case aside: "TroccasError" and
"truc.js" count, "struct" and "instruction" do not.

ALLOWED is the list of generic files that still name a game, each with the slice of issue 28
that moves it, so the list can only shrink: a file that names a game and is not listed fails
the first test, and a listed file that no longer names one fails the second, so that its entry
is taken out when its slice lands. An entry is never added to make a new file pass.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from conftest import lines_matching

ROOT = Path(__file__).resolve().parent.parent

# The generic places: every file git tracks under these, but the games' own folders.
GENERIC = ("build_tools", "overrides", "engine/src/cardgame", "Makefile")
GAMES_OWN = ("build_tools/games/",)

ALLOWED: dict[str, str] = {
    # Empty since every part became generic (issue 28): a game's templates, words and site code
    # live in its own folder. Keep it empty.
}


def registered_games() -> list[str]:
    sites = {p.name for p in (ROOT / "build_tools" / "games").iterdir()
             if p.is_dir() and not p.name.startswith(("_", "."))}
    engines = {p.parent.name for p in (ROOT / "engine" / "src").glob("*/api.py")}
    # The test games (tests/games/<game>/, with their sites and site code beside them).
    tests = {p.parent.name for p in (ROOT / "tests" / "games").glob("*/api.py")}
    return sorted(sites | engines | tests)


def generic_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "--", *GENERIC], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.split()
    return [f for f in listed if not f.startswith(GAMES_OWN) and (ROOT / f).is_file()]


def naming_a_game() -> dict[str, list[str]]:
    """Each generic file that names a game -> its first lines that do (``line: text``)."""
    games = registered_games()
    pattern = re.compile(rf"(?<![a-z])(?:{'|'.join(map(re.escape, games))})", re.IGNORECASE)
    return lines_matching(generic_files(), pattern)


def test_the_search_knows_both_games_and_finds_a_name_where_one_is():
    # The search itself can fail: the games are found, and a planted name is seen.
    games = registered_games()
    assert {"troccas", "truc", "dozen"} <= set(games), games
    pattern = re.compile(rf"(?<![a-z])(?:{'|'.join(games)})", re.IGNORECASE)
    assert pattern.search("from troccas import api") and pattern.search("TroccasError")
    assert pattern.search("assets/truc/truc.js")
    assert not pattern.search("struct.pack(instruction)")
    assert "Makefile" in generic_files()
    assert not [f for f in generic_files() if f.startswith(GAMES_OWN)]


def test_no_generic_file_names_a_game_except_those_still_to_move():
    unlisted = {f: lines for f, lines in naming_a_game().items() if f not in ALLOWED}
    assert unlisted == {}, ("generic files name a game; move the game's part to its own folder "
                            "(build_tools/games/<game>/, engine/src/<game>/)")


def test_the_allow_list_holds_only_files_that_still_name_a_game():
    still = naming_a_game()
    moved = sorted(f for f in ALLOWED if f not in still)
    assert moved == [], "these no longer name a game: take them out of ALLOWED"
