"""The endgames part of the build (issue 17): a bad endgames file, or an authored endgame whose
answer the solver no longer gives, stops the build with one line naming the file and entry."""

from __future__ import annotations

import types

import pytest
from build_tools.errors import BuildError

from build_tools.games.troccas.endgames import EndgamesPart, load_endgames
from troccas import api

GOOD = """- id: partner-trumps
  level: 1
  title: Lead into your partner's void
  note: An idea.
  deal: 67
  tricks: 3
  expect: {expect}
"""


def write(tmp_path, text):
    (tmp_path / "endgames").mkdir()
    (tmp_path / "endgames" / "endgames.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def test_the_shipped_endgames_load_and_each_is_the_solvers_answer():
    endgames = load_endgames("puzzles")
    assert len(endgames) >= 4
    part = EndgamesPart(types.SimpleNamespace(api=api))
    for i, spec in enumerate(endgames):
        solved = part._solved(dict(spec, kind="endgame"), f"entry {i + 1}")
        assert solved["answer"] == [spec["expect"]], spec["id"]


@pytest.mark.parametrize("text,says", [
    (GOOD.format(expect="Qb").replace("tricks: 3", "tricks: 30"),
     "puzzles/endgames/endgames.yaml entry 1 (partner-trumps): 30 is greater than"),
    (GOOD.format(expect="Qb") + "- {id: x\n", "puzzles/endgames/endgames.yaml line"),
    (GOOD.format(expect="Qb") + GOOD.format(expect="Qb"), "the id 'partner-trumps' is used twice"),
])
def test_a_bad_endgames_file_stops_the_build_in_one_line(tmp_path, text, says):
    with pytest.raises(BuildError) as err:
        load_endgames(write(tmp_path, text))
    assert says in str(err.value) and "\n" not in str(err.value)


def test_an_endgame_whose_answer_changed_stops_the_build(tmp_path):
    spec = load_endgames(write(tmp_path, GOOD.format(expect="XIV")))[0]
    part = EndgamesPart(types.SimpleNamespace(api=api))
    with pytest.raises(BuildError) as err:
        part._solved(dict(spec, kind="endgame"), "puzzles/endgames/endgames.yaml entry 1")
    assert str(err.value).startswith("puzzles/endgames/endgames.yaml entry 1: expect says 'XIV'")
