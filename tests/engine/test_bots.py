"""The bots (troccas.bots): the facade call bot_action, legal play over many hands, no
peeking, the tschintschar claims, the command line's play and arena."""

import json

import pytest
from jsonschema import Draft202012Validator

from troccas import api
from troccas.errors import TroccasError

SCHEMA = api.schema()


def validate(name, result):
    Draft202012Validator({"$defs": SCHEMA["$defs"], **SCHEMA["calls"][name]["result"]}) \
        .validate(result)


def _record(seed=5, upto=None):
    rec = api.call("random_hand", seed=seed)
    if upto is not None:
        rec["actions"] = rec["actions"][:upto]
    return rec


@pytest.mark.parametrize("bot", ["random", "baseline", "search"])
def test_bot_action_answers_a_legal_action_with_a_reason_in_words(bot):
    from troccas.record import HandRecord
    for upto in (0, 12, 30, 60):
        rec = _record(upto=upto)
        r = api.call("bot_action", record=rec, bot=bot, seed=3)
        validate("bot_action", r)
        hand = HandRecord.from_json(rec).replay()
        assert hand.can(r["action"]), (upto, r)
        assert r["seat"] == hand.current_player and r["bot"] == bot
        assert r["reason"]["id"].startswith("bot") and r["text"] and "{" not in r["text"]
        # the same seed, the same choice (the worker and the CLI must agree)
        assert api.call("bot_action", record=rec, bot=bot, seed=3) == r


def test_bot_action_through_the_worker_entry_point_refuses_bad_input_in_one_sentence():
    rec = _record(upto=30)
    for args, rule in (({"record": rec, "bot": "alphazero"}, "bot"),
                       ({"record": rec, "seat": 3}, "bot"),
                       ({"record": _record()}, "bot"),  # a finished hand
                       ({"record": rec, "seed": [1]}, "bot")):
        answer = json.loads(api.call_json("bot_action", json.dumps(args)))
        assert not answer["ok"] and answer["error"]["rule"] == rule, answer
        assert "\n" not in answer["error"]["message"]
    with pytest.raises(TroccasError):
        api.call("bot_action", record={"format": "troccas-hand"})
