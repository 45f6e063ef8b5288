"""The facade's answers have the declared shapes: every result validates against the JSON
Schema generated from the result types (troccas.results), the one the browser side reads."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from troccas import api

SCHEMA = api.schema()


def validate(name: str, result) -> None:
    schema = {"$defs": SCHEMA["$defs"], **SCHEMA["calls"][name]["result"]}
    Draft202012Validator(schema).validate(result)


def test_the_schema_describes_every_call():
    assert set(SCHEMA["calls"]) == set(api.names())
    Draft202012Validator.check_schema({"$defs": SCHEMA["$defs"]})
    for name, c in SCHEMA["calls"].items():
        assert c["description"], name
        assert "$ref" in c["result"], name  # every call answers a declared result type


RECORD = api.call("random_hand", seed=4)
CALLS = [
    ("parse", {"cards": "Kc XXI Fool 10s"}), ("pack", {}),
    ("count", {"cards": "Kc Cc XXI XV Qc 3c"}), ("count", {"cards": "Kc 3c", "method": "singly",
                                                           "scart": "3c"}),
    ("winner", {"cards": "3c Kc XV 1c"}), ("legal", {"hand": "Kc 3c XXI 5s", "trick": "7c"}),
    ("check_play", {"hand": "Kc 3c", "card": "3c", "trick": "7s"}),
    ("deal", {"players": 5, "seed": 3}), ("partners", {"seed": 2}),
    ("replay", {"record": RECORD}), ("random_hand", {"players": 6, "seed": 1}),
    ("facts", {"players": 3}), ("options", {}), ("clauses", {}), ("phrases", {}),
    ("puzzle", {"kind": "fool", "seed": 3, "answer": True}),
    ("check", {"spec": {"kind": "legal", "seed": 2}, "answer": ["Kc"]}),
    ("exercise", {"spec": {"kind": "partners", "seed": 7}, "answer": True}),
    ("exercise", {"spec": {"kind": "score", "pile": "Kc 4c 9c 10c XXI XIV"}}),
    ("check_exercise", {"spec": {"kind": "rank", "cards": "7c 1c 10c 3c"}, "answer": "10c"}),
    ("check_exercise", {"spec": {"kind": "talk", "record": {"seed": 5, "actions": ["1 talk allow"]}},
                        "answer": "2"}),
]


@pytest.mark.parametrize("name,args", CALLS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CALLS)])
def test_each_answer_matches_its_schema(name, args):
    validate(name, api.call(name, **args))
    answer = json.loads(api.call_json(name, json.dumps(args)))
    assert answer["ok"] and answer["result"] == api.call(name, **args)


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(["count", "buob", "fool", "legal", "winner", "scart"]),
       seed=st.integers(0, 5000), answer=st.sampled_from(["Kc", "none", "owed", "12", ["3c"]]))
def test_puzzles_and_checks_match_their_schema(kind, seed, answer):
    validate("puzzle", api.call("puzzle", kind=kind, seed=seed, answer=True))
    validate("check", api.call("check", spec={"kind": kind, "seed": seed}, answer=answer))


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([3, 4, 5, 6]), seed=st.integers(0, 10**6))
def test_records_and_replays_match_their_schema(players, seed):
    rec = api.call("random_hand", players=players, seed=seed)
    validate("random_hand", rec)
    validate("replay", api.call("replay", record=rec))
