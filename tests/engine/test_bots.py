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


def test_bot_action_says_a_glossary_phrase_with_its_meaning_at_the_talk():
    from troccas.bots.signals import holds
    from troccas.cards import parse_ids
    from troccas.record import HandRecord
    rec = _record(seed=3, upto=0)
    r = api.call("bot_action", record=rec, bot="baseline")
    validate("bot_action", r)
    assert r["action"].split()[1] == "talk"
    say = r["say"]
    assert say and say["id"] and say["text"] and say["meaning"] and say["claim"]
    hand = HandRecord.from_json(rec).replay()
    assert holds(say["claim"], hand.cards_of(hand.current_player))
    # applied with the phrase, the record keeps it and the partner's view hears it
    hand.apply(r["action"], say=say["text"])
    rec2 = HandRecord.from_hand(hand).to_json()
    assert rec2["actions"][0] == {"action": r["action"], "say": say["text"]}


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


# ---- tschintschar ----------------------------------------------------------------------------

def test_tschintschar_json_in_the_engine_is_up_to_date_with_the_glossary():
    from build_tools.glossary import tschintschar_data
    assert tschintschar_data.TARGET.read_text(encoding="utf-8") == tschintschar_data.render(), \
        "run: python -m build_tools.glossary.tschintschar_data"


def test_tschintschar_data_goes_stale_when_a_claim_changes_in_the_glossary(tmp_path):
    """The check above can fail: a glossary with one claim changed renders other data."""
    import shutil
    from build_tools.glossary import tschintschar_data
    from build_tools.glossary.load import DATA_DIR
    for f in DATA_DIR.glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    y = tmp_path / "tschintschar.yaml"
    y.write_text(y.read_text().replace("claim: {trumps: [2, 2]}", "claim: {trumps: [3, 3]}"))
    assert tschintschar_data.render(tmp_path) != tschintschar_data.TARGET.read_text()


def test_claim_vocabulary_of_the_glossary_schema_is_the_engines():
    from build_tools.glossary.load import SCHEMA_DIR
    from troccas.bots import signals
    schema = json.loads((SCHEMA_DIR / "tschintschar.schema.json").read_text())
    assert set(schema["$defs"]["claim"]["properties"]) == set(signals.KEYS)
    claimed = [p for p in signals.data()["phrases"] if p["claim"]]
    assert len(claimed) >= 30


@pytest.mark.parametrize("claim,cards,truth", [
    ({"trumps": [2, 2]}, "XXI V Kc 3s", True), ({"trumps": [2, 2]}, "XXI V IV Kc", False),
    ({"high_trumps": [1, 1], "trumps": [2, 3]}, "XI X Kc", True),
    ({"honours": [2, 2]}, "Kc Fool 3s", True), ({"honours": [2, 2]}, "Kc Fool I", False),
    ({"bare_kings": [1, 4]}, "Kc 3c Qs Ks", True), ({"bare_kings": [1, 4]}, "Kc Jc", False),
    ({"suit_with": ["K", "Q"]}, "Kc Qs Qc", True), ({"suit_with": ["K", "Q"]}, "Kc Qs", False),
    ({"holds": ["Fool"], "trumps": [0, 0]}, "Fool Kc", True),
    ({"holds": ["Fool"], "trumps": [0, 0]}, "Fool I", False),
    ({"courts": [2, 4], "kings": [0, 0]}, "Qc Jr 3s", True),
])
def test_a_claim_is_true_exactly_of_the_hands_its_meaning_describes(claim, cards, truth):
    from troccas.bots.signals import holds
    from troccas.cards import parse_ids
    assert holds(claim, parse_ids(cards)) is truth


def test_bots_say_only_phrases_whose_claim_is_true_of_the_cards_they_held_then():
    from troccas.bots.arena import play_hand
    from troccas.bots.base import get_bot
    from troccas.bots.signals import holds, phrase_of_text
    said = 0
    for seed in range(12):
        hand = play_hand([get_bot("baseline")] * 4, seed)
        for i, (seat, aid, _) in enumerate(hand.history):
            if i in hand.says:
                p = phrase_of_text(hand.says[i])
                # the cards it held when it spoke: those of the rounds dealt so far
                cards = _dealt_by_round(hand, seat, _round_at(hand, i))
                assert p and p["claim"] and holds(p["claim"], cards), (seed, i, p)
                said += 1
    assert said >= 12


def _round_at(hand, index):
    """The round of the deal being talked about at action ``index``."""
    talk = [e for e in hand.events if e["type"] in ("talk", "dealer_choice")]
    k = sum(1 for i, (_, aid, sc) in enumerate(hand.history[:index]) if 100 <= aid <= 103)
    return talk[k].get("round", len(hand.rounds))


def _dealt_by_round(hand, seat, rounds):
    out, pos = [], 0
    for batches in hand.rounds[:rounds]:
        for p, count in zip(hand.talk_order, batches):
            if p == seat:
                out += hand.deck[pos:pos + count]
            pos += count
    return out
