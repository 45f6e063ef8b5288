"""The guided first hand (troccas.guided, data/guided.json): its script replays legally, each
step's idea holds on the engine's state (checked here through other engine calls than the
classifier's own where there is one), the reader never deals, every idea of issue 29 is shown,
and bad data is refused in one line naming the file and the entry."""

import copy
import json
from importlib import resources

import pytest
from jsonschema import Draft202012Validator

from cardgame.messages import set_language
from troccas import api
from troccas.cards import FOOL, KING, RANK_OF, ROUND_SUITS, SUIT_OF, TOKEN, TRUMP, parse_id
from troccas.errors import RecordError
from troccas.guided import REQUIRED, read
from troccas.record import HandRecord
from troccas.tables import _JACK, CALL

DATA = json.loads(resources.files("troccas").joinpath("data", "guided.json").read_text("utf-8"))


def walk():
    """(hand before, action, idea) for each of the reader's steps, read off the data itself."""
    rec = HandRecord.from_json({k: DATA[k] for k in ("players", "dealer", "deck", "actions")})
    hand = rec.new_hand()
    ideas = iter(DATA["steps"])
    for action in rec.actions:
        if action.player == DATA["seat"] and hand.phase in ("play", CALL):
            yield hand.clone(), action, next(ideas)
        hand.apply(action)


def test_guided_reader_never_deals_and_the_script_is_a_whole_legal_hand():
    assert DATA["seat"] != DATA["dealer"]
    hand = HandRecord.from_json({k: DATA[k] for k in ("players", "dealer", "deck", "actions")}).replay()
    assert hand.phase == "done"
    assert len([s for s in walk()]) == len(DATA["steps"])


def test_guided_each_step_is_legal_and_its_idea_holds_on_the_engine_state():
    for hand, action, idea in walk():
        assert hand.can(action), action
        trick = [c for _, c in hand.trick]
        held = hand.cards_of(DATA["seat"])
        if idea == "buob_call":
            # clause buob: the reader is the one to call, for a suit led for the first time
            # with its king in the trick, and the jack is still in someone's hand
            s, caller = hand.pending_call
            assert hand.phase == CALL and caller == DATA["seat"] and action.arg == "buob"
            assert any(SUIT_OF[c] == s and RANK_OF[c] == KING for c in trick)
            assert hand._holder_of(_JACK[s]) is not None
            continue
        card = parse_id(action.arg)
        legal = api.call("legal", hand=_tokens(held), trick=_tokens(trick))["legal"]
        assert action.arg in legal
        if idea == "buob_lead":  # clause buob.first_lead: a king leads a suit not led yet
            assert not trick and RANK_OF[card] == KING and not hand.suits_led >> SUIT_OF[card] & 1
            assert _JACK[SUIT_OF[card]] not in held
        elif idea == "fool":
            assert card == FOOL
        elif idea == "round_order":  # trick.winner: the lower numeral beats the higher one
            assert SUIT_OF[trick[0]] in ROUND_SUITS and SUIT_OF[card] == SUIT_OF[trick[0]]
            beaten = [c for c in trick if SUIT_OF[c] == SUIT_OF[card] and RANK_OF[card] < RANK_OF[c] < 10]
            assert beaten
            for b in _tokens(beaten):
                assert api.call("winner", cards=[b, action.arg])["winner"] == action.arg
        elif idea == "trump":  # play.must_trump: none of the suit led, so a trump
            led = SUIT_OF[trick[0]]
            assert led < TRUMP and not any(SUIT_OF[c] == led for c in held)
            assert SUIT_OF[card] == TRUMP
        elif idea == "trump_led":
            assert SUIT_OF[trick[0]] == TRUMP and SUIT_OF[card] == TRUMP
        elif idea == "follow":  # play.follow_suit
            assert trick and SUIT_OF[card] == SUIT_OF[trick[0]] < TRUMP
        elif idea == "lead":
            assert not trick
        else:
            pytest.fail(f"an idea the test does not know: {idea}")


def _tokens(ids):
    return [TOKEN[c] for c in ids]


def test_guided_hand_shows_every_idea_of_a_first_hand():
    assert set(REQUIRED) <= set(DATA["steps"])
    assert {"follow", "trump", "round_order", "fool", "buob_lead", "buob_call"} <= set(REQUIRED)


def test_guided_call_gives_each_step_a_sentence_with_its_rule_and_the_count_of_the_replay():
    g = api.call("guided")
    schema = api.schema()
    Draft202012Validator({"$defs": schema["$defs"], **schema["calls"]["guided"]["result"]}).validate(g)
    assert [s["idea"] for s in g["steps"]] == DATA["steps"]
    clauses = {c["id"] for c in api.call("clauses")["clauses"]}
    for s in g["steps"]:
        assert s["rule"] in clauses and s["text"].endswith(".")
        if s["card"]:
            assert s["card"] in s["legal"] and s["card"] in s["hand"]
    replayed = api.call("replay", record=g["record"])
    assert g["result"] == replayed["result"]
    assert g["counts"] == replayed["counts"]


def test_guided_sentences_are_said_in_german_too():
    before = set_language("de")
    try:
        de = api.call("guided")
    finally:
        set_language(before)
    en = api.call("guided")
    assert all(a["text"] != b["text"] for a, b in zip(de["steps"], en["steps"]))
    assert "Farbe bedienen" in de["steps"][0]["text"]


@pytest.mark.parametrize("change, entry", [
    (lambda d: d["steps"].__setitem__(0, "trump"), "steps[0]"),
    (lambda d: d["actions"].__setitem__(d["actions"].index("1 play 10c"), "1 play Kc"), "actions[6] (1 play Kc)"),
    (lambda d: d.__setitem__("seat", d["dealer"]), "seat"),
    (lambda d: d["steps"].append("follow"), "steps["),
    (lambda d: d.__setitem__("actions", d["actions"][:-1]), "actions"),
    (lambda d: d.__setitem__("deck", "Kc Kc"), "record"),
])
def test_guided_bad_data_is_one_line_naming_the_file_and_entry(change, entry):
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(RecordError) as err:
        read(data)
    text = str(err.value)
    assert "\n" not in text and text.startswith("troccas/data/guided.json: ") and entry in text


def test_guided_each_lead_says_why_this_card_by_a_principle_true_of_the_position():
    """At a lead any card may be played: the step names the coach's principle for the card
    (troccas.bots.principles), whose own state test holds of it there and that is more than
    "any card may lead", and its sentence names the card; each principle is also checked on
    the position by other engine calls than its own test (the winner and legal calls)."""
    from troccas.bots.principles import holds, position
    steps = iter(api.call("guided")["steps"])
    leads = 0
    for hand, action, _idea in walk():
        step = next(steps)
        if hand.trick_cards or action.kind != "play":
            assert "principle" not in step
            continue
        leads += 1
        card, pid = parse_id(action.arg), step["principle"]
        held = hand.cards_of(DATA["seat"])
        assert holds(pid, position(hand, DATA["seat"]), card), step
        assert pid not in ("lead_any", "choice"), step
        if pid == "lead_low":  # every other card of the suit in the hand beats it
            same = [c for c in held if SUIT_OF[c] == SUIT_OF[card] and c != card]
            for t in _tokens(same):
                assert api.call("winner", cards=[t, action.arg])["winner"] == t
        elif pid == "top_trump":  # no trump above it is in another hand
            gone = {c for t in hand.finished_tricks for c in t.cards} | set(held)
            assert SUIT_OF[card] == TRUMP
            assert all(c in gone for c in range(len(TOKEN)) if SUIT_OF[c] == TRUMP
                       and c not in (FOOL, card) and api.call("winner", cards=[action.arg, TOKEN[c]])
                       ["winner"] == TOKEN[c])
        elif pid == "lead_king":
            assert RANK_OF[card] == KING and not hand.suits_led >> SUIT_OF[card] & 1
        else:
            assert pid == "only" and api.call("legal", hand=_tokens(held), trick=[])["legal"] \
                == [action.arg]
        # the sentence names the card it gives the reason for
        name = api.call("parse", cards=action.arg)["cards"][0]["name"]
        assert name.lower() in step["text"].lower(), step
        if pid != "only" and step["idea"] == "lead":
            assert "any card may be played" in step["text"]
    assert leads >= 5

