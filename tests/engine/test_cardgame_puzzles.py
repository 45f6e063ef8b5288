"""The game-neutral puzzle-kind protocol (cardgame.puzzles): each game registers a kind once,
and every game's puzzles come out as the same records. Run over every registered game that has
puzzles (a module ``<game>.puzzles``), the test game included."""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

from cardgame import games
from cardgame.puzzles import ANSWER_TYPES, PuzzleKind, PuzzleRecord


def games_with_puzzles() -> list[ModuleType]:
    found = []
    for name in sorted(games.registered()):
        try:
            found.append(importlib.import_module(f"{name}.puzzles"))
        except ModuleNotFoundError as exc:
            if exc.name != f"{name}.puzzles":  # a puzzles module that is there but broken
                raise
    return found


GAMES = games_with_puzzles()


def test_the_games_with_puzzles_are_found_in_the_registry():
    assert {"troccas.puzzles", "truc.puzzles", "dozen.puzzles"} <= {g.__name__ for g in GAMES}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__)
def test_each_kind_is_registered_once_with_its_answer_type_and_a_title(game):
    registry = game.REGISTRY
    assert registry.names == game.KINDS and len(set(registry.names)) == len(registry.names)
    for name, kind in registry.items():
        assert kind.name == name and kind.answer_type in ANSWER_TYPES
        assert registry.title(name) != f"puzzle.title.{name}"  # said in the catalogue
    with pytest.raises(ValueError, match="registered twice"):
        registry.register(registry[registry.names[0]])


def test_a_kind_with_an_unknown_answer_type_is_refused_where_it_is_declared():
    with pytest.raises(ValueError, match="answer type 'colour'"):
        PuzzleKind("x", "colour", generate=lambda s, r: None, check=lambda p, g: {},  # type: ignore[arg-type, return-value]
                   hint=lambda p: None)  # type: ignore[arg-type, return-value]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__)
def test_every_kind_of_every_game_gives_the_common_record_and_graded_hints(game):
    fields = set(PuzzleRecord.__dataclass_fields__)
    for name in game.KINDS:
        pz = game.generate(name, 2)
        record = pz.to_json(with_answer=True)
        assert set(record) <= fields and record["shape"] == game.REGISTRY[name].shape
        assert record["answer_type"] == game.REGISTRY[name].answer_type
        # A card answer is one of the cards offered, a choice one of the choices.
        if record["answer_type"] == "choice":
            assert record["answer"] in record["choices"] and not record["offer"]
        elif record["answer_type"] in ("card", "card_or_choice"):
            assert record["answer"] in record["offer"] + record["choices"]
        wrong = next((c for c in record["offer"] + record["choices"]
                      if c != record["answer"] and c not in pz.accept), None)
        if wrong is not None:
            verdict = pz.check(wrong)
            assert not verdict["correct"] and len(verdict["hints"]) == 2
            assert verdict["hints"][0] == str(pz.rule_hint())
