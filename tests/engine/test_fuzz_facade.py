"""Both games' facades, fuzzed: any call name with arguments of any type and shape — JSON of
any shape, Python values no JSON has, huge numbers, mutated real records — answers or raises
the game's own error in one line (never another exception), ``call_json`` never reports an
engine failure, and every call ends within a bound.

``tests/engine/fuzz_count.py`` runs the same strategies for longer and counts the
outcomes (the issue's closing note gives the counts before and after the fixes)."""

from __future__ import annotations

import inspect
import json

from hypothesis import given
from hypothesis import strategies as st

import troccas.api as troccas_api
import truc.api as truc_api
from troccas.errors import TroccasError
from truc.errors import TrucError

from fuzz_helpers import FUZZ, GOOD, JSON, PYTHON, classify_call, classify_json

GAMES = {"troccas": (troccas_api, TroccasError), "truc": (truc_api, TrucError)}


def _records(game: str) -> list[dict]:
    api = GAMES[game][0]
    if game == "troccas":
        whole = api.call("random_hand", players=4, seed=5)
        return [whole, {**whole, "actions": whole["actions"][:30]},
                {**whole, "actions": whole["actions"][:8]}, api.call("table_new", seed=2)]
    rec = api.call("new", seed=3)
    played = rec
    for _ in range(4):
        view = api.call("view", record=played, seat=0)
        if view["result"] is not None or not view["legal"]:
            break
        played = api.call("apply", record=played, action=view["legal"][0])
    return [rec, played]


RECORDS = {game: _records(game) for game in GAMES}
FIELDS = {"troccas": ("format", "version", "players", "dealer", "rules", "totals", "deck",
                      "actions", "seed", "title", "note", "x"),
          "truc": ("format", "version", "rules", "dealer", "seed", "totals", "actions", "x")}


@st.composite
def mutated_record(draw, game: str):
    """A real record with fields replaced or dropped and an action changed."""
    rec = json.loads(json.dumps(draw(st.sampled_from(RECORDS[game]))))
    for field in draw(st.lists(st.sampled_from(FIELDS[game]), max_size=2, unique=True)):
        if draw(st.booleans()):
            rec.pop(field, None)
        else:
            rec[field] = draw(JSON)
    actions = rec.get("actions")
    if isinstance(actions, list) and actions and draw(st.booleans()):
        actions[draw(st.integers(0, len(actions) - 1))] = draw(st.one_of(JSON, st.sampled_from(
            ["0 play Kc", "1 bet truc", "9 play 3o", "0 answer accept", "3 cut tap",
             "0 deal one", "1 talk liber", "0 redeal propose", "209", "0 bet 13"])))
    return rec


def _value(game: str, python: bool):
    base = PYTHON if python else JSON
    return st.one_of(base, mutated_record(game),
                     st.sampled_from(RECORDS[game]).map(lambda r: json.dumps(r)))


@st.composite
def calls(draw, game: str, python: bool):
    api = GAMES[game][0]
    name = draw(st.sampled_from(api.names() + ["nope", "__init__", ""]))
    try:
        params = list(inspect.signature(api.FACADE.function(name)).parameters)
    except Exception:  # noqa: BLE001 - an unknown call: any argument names
        params = []
    names = draw(st.lists(st.sampled_from(params + ["x", "seat", "record", "seed"]),
                          max_size=4, unique=True))
    return name, {k: draw(_value(game, python)) for k in names}


def _check_call(game: str, call) -> None:
    api, error = GAMES[game]
    name, args = call
    outcome = classify_call(lambda: api.call(name, **args), error)
    assert outcome in GOOD, (outcome, name, args)


def _check_call_json(game: str, call) -> None:
    api = GAMES[game][0]
    name, args = call
    try:
        text = json.dumps(args)
    except ValueError:  # NaN and friends: JSON.stringify would not send them either
        return
    answer = api.call_json(name, text)
    assert classify_json(answer) in GOOD, (name, args, answer)


@FUZZ
@given(call=calls("troccas", python=True))
def test_troccas_facade_answers_or_raises_troccas_error(call):
    _check_call("troccas", call)


@FUZZ
@given(call=calls("troccas", python=False))
def test_troccas_call_json_never_reports_an_engine_failure(call):
    _check_call_json("troccas", call)


@FUZZ
@given(call=calls("truc", python=True))
def test_truc_facade_answers_or_raises_truc_error(call):
    _check_call("truc", call)


@FUZZ
@given(call=calls("truc", python=False))
def test_truc_call_json_never_reports_an_engine_failure(call):
    _check_call_json("truc", call)


@FUZZ
@given(game=st.sampled_from(sorted(GAMES)), text=st.one_of(
    st.text(max_size=40), st.sampled_from(['{"seed": ' + "9" * 5000 + "}", "[" * 5000,
                                           '{"x": 1e999}', "\udcff"])))
def test_call_json_takes_any_argument_text(game, text):
    api = GAMES[game][0]
    for name in ("deal" if game == "troccas" else "new", "nope"):
        assert classify_json(api.call_json(name, text)) in GOOD, (name, text)


_RIGHT = {"int": 0, "str": "", "bool": False, "dict": {}, "list": []}


def test_every_call_refuses_a_wrong_typed_argument_by_name():
    """Each annotated argument of each call, given a list, an object and a float where it
    takes something else, is refused with the argument's name (rule api)."""
    from cardgame.facade import _is, _kinds
    for game, (api, error) in GAMES.items():
        for name in api.names():
            sig = inspect.signature(api.FACADE.function(name))
            for arg, p in sig.parameters.items():
                kinds = _kinds(p.annotation)
                if not kinds:
                    continue
                # The other required arguments, of the right type (checked after this one).
                rest = {k: _RIGHT.get(q.annotation.split(" |")[0] if isinstance(
                    q.annotation, str) else "", {}) for k, q in sig.parameters.items()
                    if q.default is inspect.Parameter.empty and k != arg}
                for wrong in ([], {"a": 1}, 1.5):
                    if any(_is(wrong, k) for k in kinds):
                        continue
                    try:
                        api.invoke(name, **{arg: wrong}, **rest)
                    except error as exc:
                        assert exc.rule == "api" and f"'{arg}'" in str(exc), (game, name, exc)
                    else:
                        raise AssertionError((game, name, arg, wrong))
