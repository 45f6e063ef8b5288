"""The site generator's plugin (build_tools/plugin.py): its typed options and its parts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from build_tools.errors import BuildError

from build_tools.plugin import CardSitePlugin, load_site, part_classes

ROOT = Path(__file__).resolve().parent.parent


def test_the_options_are_checked_by_a_schema():
    plugin = CardSitePlugin()
    errors, warnings = plugin.load_config({"game": "troccas", "language": "en",
                                           "glossary": str(ROOT / "glossary"),
                                           "puzzles": str(ROOT / "puzzles")})
    assert errors == [] and warnings == []
    assert plugin.config.game == "troccas"
    errors, _ = plugin.load_config({"game": 4})
    assert [name for name, _ in errors] == ["game"]
    errors, _ = plugin.load_config({"game": "troccas", "puzzles": "/no/such/folder"})
    assert [name for name, _ in errors] == ["puzzles"]
    errors, warnings = plugin.load_config({"game": "troccas", "gmae": "troccas"})
    assert errors == [] and [name for name, _ in warnings] == ["gmae"]  # an unknown option


def test_the_game_option_is_required_so_no_site_is_a_games_by_default():
    errors, _ = CardSitePlugin().load_config({"language": "en"})
    assert [name for name, _ in errors] == ["game"]


@pytest.mark.parametrize("args, words", [
    ({"game": "poker"}, "game 'poker': no engine package 'poker'"),
    ({"game": "troccas", "language": "xx"}, "language 'xx': the engine speaks de, en"),
])
def test_an_unknown_game_or_language_is_one_line_naming_mkdocs_yml(args, words):
    with pytest.raises(BuildError) as err:
        load_site(**args)
    message = str(err.value)
    assert message.startswith("mkdocs.yml: cardsite: ") and words in message
    assert "\n" not in message


def test_the_parts_run_in_a_fixed_order_with_the_games_own_parts_after_the_glossary():
    names = [cls.__name__ for cls in part_classes(load_site("troccas"))]
    assert names == ["EnginePart", "GlossaryPart", "ExamplesPart", "EndgamesPart", "PuzzlesPart",
                     "NotesPart",
                     "TeachPart", "HandoutsPart", "WorksheetsPart", "PlayPart", "SearchPart",
                     "OfflinePart"]


def test_a_missing_content_folder_stops_the_build_before_anything_is_written(tmp_path):
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", CARDSITE_PUZZLES_DIR=str(tmp_path / "none"))
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                          str(tmp_path / "site")], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode != 0 and "Traceback" not in run.stderr
    errors = [line for line in run.stderr.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 1 and "option 'puzzles'" in errors[0] and "none" in errors[0]
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("without, words", [
    ({"plya": "no bots yet"}, "without: 'plya' is no part of the generator (the parts a game"
                              " may leave out: glossary, puzzles, notes,"),
    ({"play": ""}, "without: play: give the reason the game does not use it, in one line"),
    ({"play": "no bots\nyet"}, "without: play: give the reason"),
    (["play"], "without: a mapping of a part to the reason"),
])
def test_a_part_left_out_is_a_generic_part_with_a_one_line_reason(without, words):
    with pytest.raises(BuildError) as err:
        load_site("troccas", without=without)
    message = str(err.value)
    assert message.startswith("mkdocs.yml: cardsite: ") and words in message
    assert "\n" not in message


def test_a_game_has_every_generic_part_but_those_its_config_leaves_out():
    everything = [cls.__name__ for cls in part_classes(load_site("troccas"))]
    fewer = [cls.__name__ for cls in part_classes(load_site("troccas", without={
        "play": "not here", "glossary": "nor here"}))]
    assert fewer == [n for n in everything if n not in ("PlayPart", "GlossaryPart")]
    # Truc's config leaves out no part since it has its Play page (issue 29;
    # sites/truc/mkdocs.yml): every generic part runs, Play among them.
    from build_tools.site_code import config_file, plugin_options
    truc = plugin_options(config_file("truc"))
    assert "without" not in truc
    names = [cls.__name__ for cls in part_classes(load_site("truc"))]
    assert names == ["EnginePart", "GlossaryPart", "TrucPart", "PuzzlesPart", "NotesPart", "TeachPart",
                     "HandoutsPart", "WorksheetsPart", "PlayPart", "SearchPart", "OfflinePart"]


def test_a_games_site_code_may_live_outside_the_generator():
    # The test game's site code (tests/games/dozen_site), named by its config: its parts run,
    # and its templates are found by the build's environment.
    site = load_site("dozen", site_code="dozen_site")
    assert site.game_site.__name__ == "dozen_site"
    assert [cls.__name__ for cls in part_classes(site)][:3] == ["EnginePart", "GlossaryPart",
                                                                "CardsPart"]
    from build_tools.site_code import folder
    assert (folder("dozen") / "templates" / "puzzles" / "situation.html").is_file()
    with pytest.raises(BuildError) as err:
        load_site("dozen", site_code="no_such_site_code")
    assert "site_code 'no_such_site_code' cannot be imported" in str(err.value)
    assert folder("dozen").name == "dozen_site"  # a refused choice is not kept
