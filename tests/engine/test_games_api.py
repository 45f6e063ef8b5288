"""The contract every registered game keeps (cardgame.state, cardgame.games), run over each of
them the same way, as OpenSpiel's api tests run over every registered game: random hands from
the start to the end under random rule options, checking at each step what a bot, a search or
the site may rely on."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardgame import games
from cardgame.errors import GameError
from cardgame.facade import to_json
from cardgame.state import GameState

GAMES = games.registered()
FEW = settings(max_examples=25, deadline=None, derandomize=True,
               suppress_health_check=[HealthCheck.too_slow])
MAX_STEPS = 5000


def test_the_registry_holds_the_installed_games_and_the_test_game():
    assert {"troccas", "truc", "dozen"} <= set(GAMES)
    with pytest.raises(LookupError, match="no game 'nonesuch'"):
        games.game("nonesuch")


def seen(state: GameState, players: int) -> str:
    """Everything every seat may know, as text: equal texts, equal states for the players."""
    return json.dumps([to_json(state.observation(s)) for s in range(players)], sort_keys=True,
                      default=str)


def start(game: games.GameInfo, data) -> tuple[GameState, int, random.Random]:
    players = data.draw(st.sampled_from(game.player_counts()), label="players")
    options = {name: data.draw(st.sampled_from(values), label=name)
               for name, values in game.option_values().items() if name != "players"}
    seed = data.draw(st.integers(0, 2**32), label="seed")
    try:
        state = game.state(players, seed, options)
    except GameError:  # a set of options the game refuses for this many players
        assume(False)
    return state, players, random.Random(seed)


def play_on(state: GameState, rng: random.Random, steps: int) -> list[int]:
    """Up to ``steps`` random legal actions (fewer if the hand ends); the ids played."""
    taken: list[int] = []
    while len(taken) < steps and not state.is_terminal():
        ids = list(state.legal_action_ids())
        taken.append(ids[int(rng.random() * len(ids))])
        state.apply_action(taken[-1])
    return taken


@pytest.mark.parametrize("name", sorted(GAMES))
@FEW
@given(data=st.data())
def test_a_hand_runs_from_the_start_to_the_end_keeping_the_contract(name, data):
    game = GAMES[name]
    state, players, rng = start(game, data)
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            break
        assert 0 <= state.current_player < players
        assert state.returns() == [0] * players  # zeros until the end
        ids = list(state.legal_action_ids())
        assert ids and len(set(ids)) == len(ids)
        assert len(list(state.legal_actions())) == len(ids)
        aid = ids[int(rng.random() * len(ids))]
        state.apply_action(aid)
    assert state.is_terminal(), f"{name}: no end after {MAX_STEPS} random actions"
    assert state.current_player == -1
    assert list(state.legal_action_ids()) == []
    assert len(state.returns()) == players


@pytest.mark.parametrize("name", sorted(GAMES))
@FEW
@given(data=st.data(), steps=st.integers(0, 60))
def test_an_illegal_action_is_refused_with_the_games_error_and_changes_nothing(name, data,
                                                                                steps):
    game = GAMES[name]
    state, players, rng = start(game, data)
    play_on(state, rng, steps)
    before = seen(state, players)
    legal = set(state.legal_action_ids())
    # An id out of range, and ids in range that are not legal now (a card not held, a card
    # that does not follow, a bet out of turn …).
    unlawful = [i for i in range(0, 300) if i not in legal]
    for illegal in [-1] + rng.sample(unlawful, 6):
        with pytest.raises(GameError) as refused:
            state.apply_action(illegal)
        assert str(refused.value) and "\n" not in str(refused.value)
        assert seen(state, players) == before, illegal


@pytest.mark.parametrize("name", sorted(GAMES))
@FEW
@given(data=st.data(), steps=st.integers(0, 60))
def test_a_clone_plays_on_alone_and_the_same_actions_reach_the_same_end(name, data, steps):
    game = GAMES[name]
    state, players, rng = start(game, data)
    play_on(state, rng, steps)
    before = seen(state, players)
    clone = state.clone()
    assert seen(clone, players) == before
    taken = play_on(clone, rng, MAX_STEPS)
    assert seen(state, players) == before  # the clone's play left the original as it was
    for aid in taken:
        state.apply_action(aid)
    assert seen(state, players) == seen(clone, players)
    assert state.returns() == clone.returns()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_facade_answers_every_call_in_json_and_refuses_in_one_line(name):
    api = GAMES[name].api()
    assert "pack" in api.names()
    answer = json.loads(api.call_json("pack", "{}"))
    assert answer["ok"] and answer["result"]["cards"]
    refused = json.loads(api.call_json("no such call", "{}"))
    assert not refused["ok"] and "\n" not in refused["error"]["message"]
    assert refused["error"]["message"]
    assert isinstance(api.schema(), dict)
