"""Bad input, fuzzed: every record, card token, action text and facade call the engine can be
handed either works or is refused with one line that names what is wrong — a typed
``TroccasError`` in Python, ``{"ok": false, "error": …}`` from ``call_json``, exit status 2 and
one line on stderr from the command line, and no file left behind.

The strategies build values the way a user or a page could get them wrong: JSON of any shape in
any field, mutated real records, text tokens, non-UTF-8 bytes, deep nesting.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from troccas import api, cli
from troccas.actions import Action
from troccas.cards import parse_ids
from troccas.errors import TroccasError
from troccas.hand import Hand
from troccas.record import HandRecord

FUZZ = settings(max_examples=250, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

# JSON of any shape, with the values that tripped the engine before (4.0 for 4, True for 1,
# superscript digits) among the leaves.
LEAF = st.one_of(st.none(), st.booleans(), st.integers(-10, 100), st.integers(),
                 st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
                 st.sampled_from(["Kc", "XXI", "Fool", "11c", "¹", "٣", "4", "4.0", "Kc 3s",
                                  "0 play Kc", "0 scart 11c", "x", "", " ", "\n", "buob"]))
JSON = st.recursive(LEAF, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


def one_line_error(message: str) -> None:
    assert message and "\n" not in message and "\r" not in message, repr(message)
    assert "Traceback" not in message


def assert_refused_cleanly(exc: BaseException) -> None:
    assert isinstance(exc, TroccasError), f"{type(exc).__name__}: {exc}"
    one_line_error(exc.message)
    assert exc.rule
    # Messages are data: the sentence comes from the catalogue, so a page can say it in its
    # own language from the id and parameters.
    assert exc.msg is not None, f"not from the catalogue: {exc.message}"
    assert exc.to_json()["id"] and json.dumps(exc.to_json())


def _base_record() -> dict:
    return api.call("random_hand", players=4, seed=5)


BASE = _base_record()
FIELDS = ("format", "version", "players", "dealer", "rules", "totals", "deck", "actions", "seed",
          "title", "note", "x")


@st.composite
def records(draw):
    """A real record with some fields replaced or dropped and some actions mutated."""
    rec = json.loads(json.dumps(BASE))
    for field in draw(st.lists(st.sampled_from(FIELDS), max_size=3, unique=True)):
        if draw(st.booleans()):
            rec.pop(field, None)
        else:
            rec[field] = draw(JSON)
    actions = rec.get("actions")
    if isinstance(actions, list) and actions and draw(st.booleans()):
        i = draw(st.integers(0, len(actions) - 1))
        actions[i] = draw(st.one_of(JSON, st.builds(
            lambda seat, kind, arg: f"{seat} {kind} {arg}",
            st.sampled_from(["0", "1", "2", "3", "9", "¹", "-1", "01"]),
            st.sampled_from(["play", "scart", "talk", "call", "kingjack", "takeback", "deal",
                             "x"]),
            st.sampled_from(["Kc", "11c", "continue", "liber", "buob", "buob_sche", "c", "x",
                             "two_rounds", "XXI", "Fool"]))))
        if draw(st.booleans()):
            del actions[draw(st.integers(0, len(actions) - 1)):]
    return rec


def run_cli(argv, capsys) -> tuple[int, str, str]:
    rc = cli.main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def assert_cli_refusal(rc: int, err: str) -> None:
    assert rc == 2, err
    one_line_error(err.rstrip("\n"))
    assert err.startswith("troccas: error: ") and err.count("\n") == 1, err


# ---- records -------------------------------------------------------------------------------
@FUZZ
@given(rec=records())
def test_records_replay_or_are_refused_in_one_line(rec, tmp_path_factory, capsys):
    try:
        HandRecord.from_json(rec, where="hand.json").replay(where="hand.json")
    except Exception as exc:  # noqa: BLE001 - what is raised is the point
        assert_refused_cleanly(exc)
        assert str(exc).startswith("hand.json: ")
        path = tmp_path_factory.mktemp("rec") / "hand.json"
        path.write_text(json.dumps(rec), encoding="utf-8")
        rc, out, err = run_cli(["replay", str(path)], capsys)
        assert_cli_refusal(rc, err)
        assert str(path) in err and out == ""


@FUZZ
@given(data=st.binary(max_size=200))
def test_record_files_of_any_bytes_are_refused_in_one_line(data, tmp_path_factory, capsys):
    path = tmp_path_factory.mktemp("bytes") / "hand.json"
    path.write_bytes(data)
    rc, out, err = run_cli(["replay", str(path)], capsys)
    assert_cli_refusal(rc, err)
    assert str(path) in err


@pytest.mark.parametrize("depth", [50, 5000, 200000])
def test_deeply_nested_json_is_refused(depth, tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text("[" * depth + "]" * depth)
    rc, _, err = run_cli(["replay", str(path)], capsys)
    assert_cli_refusal(rc, err)
    r = json.loads(api.call_json("replay", json.dumps({"record": "[" * depth + "]" * depth})))
    assert r["ok"] is False and r["error"]["type"] != "InternalError"
    r = json.loads(api.call_json("count", "[" * depth + "]" * depth))
    assert r["ok"] is False and r["error"]["type"] != "InternalError"


# ---- cards and actions ---------------------------------------------------------------------
@FUZZ
@given(text=st.one_of(st.text(max_size=30), JSON))
def test_card_tokens_parse_or_name_the_token(text):
    try:
        parse_ids(text)
    except Exception as exc:  # noqa: BLE001
        assert_refused_cleanly(exc)


@FUZZ
@given(text=st.one_of(st.text(max_size=30), JSON, st.builds(
    lambda a, b, c: f"{a} {b} {c}", st.text(max_size=3), st.text(max_size=9),
    st.text(max_size=5))))
def test_action_texts_parse_or_are_refused_and_can_answers_no(text):
    hand = Hand(4, 0, seed=3)
    try:
        Action.parse(text)
    except Exception as exc:  # noqa: BLE001
        assert_refused_cleanly(exc)
    assert hand.can(text) in (True, False)


@FUZZ
@given(aid=st.one_of(LEAF, st.integers(-500, 500)), moves=st.integers(0, 40))
def test_apply_action_refuses_what_is_not_a_legal_id(aid, moves):
    hand = Hand(4, 1, seed=11)
    for _ in range(moves):
        if hand.is_terminal():
            break
        hand.apply_action(hand.legal_action_ids()[0])
    legal = list(hand.legal_action_ids()) if not hand.is_terminal() else []
    try:
        hand.apply_action(aid)
    except Exception as exc:  # noqa: BLE001
        assert_refused_cleanly(exc)
    else:
        assert type(aid) is int and aid in legal


# ---- the facade ----------------------------------------------------------------------------
ARG_NAMES = ("cards", "method", "scart", "hand", "trick", "card", "players", "seed", "dealer",
             "kind", "spec", "answer", "record", "rules", "x")
SPEC_KEYS = ("kind", "seed", "pile", "method", "scart", "hand", "trick", "players", "hands",
             "dealer", "plays", "call", "void", "rules", "expect", "question", "x")


@st.composite
def facade_calls(draw):
    name = draw(st.sampled_from(api.names() + ["nope"]))
    args = {k: draw(JSON) for k in draw(st.lists(st.sampled_from(ARG_NAMES), max_size=3,
                                                  unique=True))}
    if name in ("puzzle", "check") and draw(st.booleans()):
        spec = {k: draw(JSON) for k in draw(st.lists(st.sampled_from(SPEC_KEYS), max_size=4,
                                                      unique=True))}
        spec["kind"] = draw(st.sampled_from(["count", "legal", "winner", "scart", "buob",
                                             "fool"]))
        args["spec"] = spec
    return name, args


@FUZZ
@given(call=facade_calls())
def test_facade_calls_answer_or_refuse_with_a_typed_error(call):
    name, args = call
    try:
        text = json.dumps(args)
    except ValueError:
        return
    answer = json.loads(api.call_json(name, text))
    if answer["ok"]:  # an answer has its declared shape whatever the input was
        schema = api.schema()
        Draft202012Validator({"$defs": schema["$defs"], **schema["calls"][name]["result"]}) \
            .validate(answer["result"])
    if not answer["ok"]:
        err = answer["error"]
        assert err["type"] != "InternalError", (name, args, err)
        one_line_error(err["message"])
        assert err["id"], err
    try:
        api.call(name, **args)
    except Exception as exc:  # noqa: BLE001
        assert_refused_cleanly(exc)


@FUZZ
@given(args=st.text(max_size=40))
def test_call_json_takes_any_argument_text(args):
    answer = json.loads(api.call_json("count", args))
    assert answer["ok"] in (True, False)
    if not answer["ok"]:
        assert answer["error"]["type"] != "InternalError"


# ---- the command line ----------------------------------------------------------------------
@FUZZ
@given(pile=st.lists(st.sampled_from(["Kc", "3c", "4c", "7s", "XXI", "II", "Fool", "Qr"]),
                     min_size=1, max_size=5, unique=True),
       scart=st.lists(st.sampled_from(["Kc", "3c", "4c", "7s", "XXI", "II", "Fool", "Qr", "9b"]),
                      max_size=5, unique=True),
       method=st.sampled_from(["--singly", "--threes", None]))
def test_count_scart_lies_in_the_pile(pile, scart, method, capsys):
    argv = ["count", *([method] if method else []), "--scart", " ".join(scart), *pile]
    rc, out, err = run_cli(argv, capsys)
    ok = (not scart or method == "--singly" and len(scart) <= 3
          and all(c in pile for c in scart) and not {"Kc", "XXI", "Fool"} & set(scart))
    if ok:
        assert rc == 0 and err == ""
    else:
        assert_cli_refusal(rc, err)


@pytest.mark.parametrize("target", ["no/such/dir/x.json", "."])
def test_random_output_that_cannot_be_written_leaves_nothing(target, tmp_path, capsys):
    before = sorted(os.listdir(tmp_path))
    rc, _, err = run_cli(["random", "-o", str(tmp_path / target)], capsys)
    assert_cli_refusal(rc, err)
    assert sorted(os.listdir(tmp_path)) == before


def test_hand_records_refuse_look_alike_values():
    """The cases the outside review found, each named in its message."""
    for field, value, word in (("players", 4.0, "players"), ("seed", [1], "seed"),
                               ("seed", {"a": 1}, "seed"), ("dealer", True, "dealer")):
        rec = {**BASE, field: value}
        if field == "seed":
            rec.pop("deck")
        with pytest.raises(TroccasError, match=word):
            HandRecord.from_json(rec)
    rec = {**BASE, "actions": ["¹ play Kc"]}
    with pytest.raises(TroccasError, match="¹ play Kc"):
        HandRecord.from_json(rec)
    with pytest.raises(TroccasError, match="'11' is not a rank"):
        Action.parse("0 scart 11c")
    with pytest.raises(TroccasError, match="not an action id"):
        Hand(4, 0, seed=1).apply_action(None)
    assert Hand(4, 0, seed=1).can("garbage") is False
    r = json.loads(api.call_json("puzzle", json.dumps({"spec": {"kind": "buob",
                                                                "hands": {"x": "Kc"}}})))
    assert r["error"]["type"] == "PuzzleError" and "'x' is not a seat" in r["error"]["message"]
