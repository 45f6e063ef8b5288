"""Truc's guided hands (truc.guided, data/guided.json, then data/guided_2.json): its deal is the seed's, its script
replays legally, each step's idea holds on the engine's state (checked here through the rules,
the hand's verdict and the signals, not through the classifier's own sentence), the reader
never deals, every idea is shown, the end says who won and the stake as the replay scores it,
and bad data is refused in one line naming the file and the entry."""

import copy
import json
from importlib import resources

import pytest
from jsonschema import Draft202012Validator

from truc import api
from truc.guided import HANDS, IDEAS, read
from truc.hand import ACCEPT, BET, PLAY, RETRUC, TRUC
from truc.errors import TrucError
from truc.record import HandRecord, RecordError
from truc.signals import rank_of

def _data(file: str) -> dict:
    return json.loads(resources.files("truc").joinpath("data", file).read_text("utf-8"))


DATA = _data("guided.json")
SECOND = _data("guided_2.json")  # the second hand: the ideas the first has no room for
SEAT = DATA["seat"]
assert SECOND["seat"] == SEAT
ORDER = ("3", "2", "1", "R", "C", "S", "7", "6", "5", "4")  # truc: the card ranking
NUMBER = {"S": 10, "C": 11, "R": 12}


def record(data: dict = DATA) -> HandRecord:
    return HandRecord.from_json({"format": "truc-hand", "version": 1,
                                 **{k: data[k] for k in ("dealer", "seed", "actions")}})


def walk(data: dict = DATA):
    """(hand before, seat, action id, idea) for each of the reader's steps."""
    rec = record(data)
    hand = rec.new_hand()
    ideas = iter(data["steps"])
    for i, text in enumerate(rec.actions):
        seat, aid = hand.parse_action(text)
        if seat == SEAT and hand.phase == PLAY:
            yield hand.clone(), text, aid, next(ideas)
        hand.apply(text, say=rec.says.get(i))


@pytest.mark.parametrize("data", [DATA, SECOND], ids=["first", "second"])
def test_truc_guided_reader_never_deals_and_the_deal_is_the_seeds(data):
    assert SEAT != data["dealer"]
    hand = record(data).new_hand()
    hand.apply(record(data).actions[0])  # the cut: the cards are dealt
    assert hand.phase == PLAY
    assert [sorted(hand.pack.tokens[c] for c in h) for h in hand.held] == \
        [sorted(h) for h in data["deal"]]
    assert record(data).replay().phase == "done"
    assert len(list(walk(data))) == len(data["steps"])


@pytest.mark.parametrize("data", [DATA, SECOND], ids=["first", "second"])
def test_truc_guided_each_step_is_legal_and_its_idea_holds_on_the_engine_state(data):
    for hand, text, aid, idea in walk(data):
        assert hand.can(text), text
        tok, power = hand.pack.tokens, hand.pack.power
        team = hand.team_of[SEAT]
        results = [t for _, t, _ in hand.tricks]
        if idea == "first_trick":  # the cheapest card that takes the first trick
            assert not results and hand.trick
            top = max(power[c] for _, c in hand.trick)
            winners = sorted((c for c in hand.held[SEAT] if power[c] > top), key=power.__getitem__)
            assert aid == winners[0]
            done = record().replay().tricks[0][0]  # the first trick as the script completes it
            taken = api.call("trick", plays=[[p, tok[c]] for p, c in done])
            assert taken["team"] == team and [SEAT, tok[aid]] in [[p, tok[c]] for p, c in done]
        elif idea == "signal":  # a truc said on a signal the reader saw, true of the partner
            assert aid == BET + TRUC and hand.pending is None and results[:1] == [team]
            partner = next(p for p in range(hand.n) if p != SEAT and hand.team_of[p] == team)
            seen = api.call("table_view", record=_record_upto(hand), seat=SEAT)["talk"]
            assert seen and seen[-1]["player"] == partner
            claim = rank_of(seen[-1]["say"], hand.pack)
            assert any(hand.pack.rank_of[c] == claim for c in hand.held[partner])
        elif idea == "order":  # a lead, keeping a card of a lower number that ranks higher
            assert not hand.trick and aid < hand.pack.size
            rank = hand.pack.rank_of[aid]
            kept = [hand.pack.rank_of[c] for c in hand.held[SEAT] if c != aid]
            assert any(ORDER.index(k) < ORDER.index(rank)
                       and int(NUMBER.get(k, k)) < int(NUMBER.get(rank, rank)) for k in kept)
        elif idea == "draw_decides":  # accept: the trick can be drawn at worst, and a draw wins
            assert aid == ACCEPT and hand.pending is not None and hand.pending[1] == RETRUC
            top_p, top_c = max(hand.trick, key=lambda pc: power[pc[1]])
            assert hand.team_of[top_p] == team and hand.pack.rank_of[top_c] == ORDER[0]
            assert hand.hand_verdict(results + [None])[0] == team
        elif idea == "any_card":  # no suit to follow: a card of the suit led is passed over
            led = hand.pack.suit_of[hand.trick[0][1]]
            top = max(power[c] for _, c in hand.trick)
            assert hand.pack.suit_of[aid] != led and power[aid] > top
            assert any(hand.pack.suit_of[c] == led and power[c] <= top for c in hand.held[SEAT])
            assert aid == min((c for c in hand.held[SEAT] if power[c] > top), key=power.__getitem__)
        elif idea == "hand_winner":  # the first trick the side's: won or drawn, this one ends it
            assert results == [team] and ORDER.index(hand.pack.rank_of[aid]) == 0
            after = record(data).replay()
            assert after.result["team"] == team and len(after.tricks) == 2
            assert hand.hand_verdict(results + [None])[0] == team
        else:
            pytest.fail(f"an idea the test does not know: {idea}")


def _record_upto(hand):
    return HandRecord.from_hand(hand, DATA["seed"]).to_json()


def test_truc_guided_hands_show_every_idea_each_in_a_step_of_its_own():
    assert set(DATA["steps"]) == set(HANDS[0][1]) == {"first_trick", "signal", "order",
                                                      "draw_decides"}
    assert SECOND["steps"] == list(HANDS[1][1]) == ["any_card", "hand_winner"]
    assert set(DATA["steps"]) | set(SECOND["steps"]) == set(IDEAS)


@pytest.mark.parametrize("number, data", [(1, DATA), (2, SECOND)], ids=["first", "second"])
def test_truc_guided_call_gives_each_step_a_sentence_and_ends_with_the_replays_score(number,
                                                                                    data):
    g = api.call("guided", hand=number)
    schema = api.schema()
    Draft202012Validator({"$defs": schema["$defs"], **schema["calls"]["guided"]["result"]}).validate(g)
    assert [s["idea"] for s in g["steps"]] == data["steps"]
    for s in g["steps"]:
        assert s["text"].endswith(".") and s["rule"] in ("hand.winner", "signal.partner",
                                                         "trick.winner", "play.turn")
        assert (s["card"] is None) != (s["call"] is None)
        if s["card"]:
            assert s["card"] in s["legal"] and s["card"] in s["hand"]
    replayed = api.call("view", record=g["record"], seat=SEAT)
    assert g["record"] == record(data).to_json()
    assert g["result"] == replayed["result"] and g["counts"] == []
    assert f"scores {replayed['result']['points']}" in g["summary"][-1]


@pytest.mark.parametrize("change, entry", [
    (lambda d: d["steps"].__setitem__(0, "order"), "steps[0]"),
    (lambda d: d["actions"].__setitem__(3, "2 play 2o"), "steps[0] (2 play 2o)"),
    (lambda d: d["actions"].__setitem__(2, "1 play 2o"), "actions[2] (1 play 2o)"),
    (lambda d: d["deal"][0].__setitem__(0, "7o"), "deal[0]"),
    (lambda d: d.__setitem__("seat", d["dealer"]), "seat"),
    (lambda d: d["steps"].append("order"), "steps["),
    (lambda d: d.__setitem__("actions", d["actions"][:-1]), "actions"),
    (lambda d: d.__setitem__("seed", None), "record"),
    (lambda d: d["actions"].__setitem__(1, {"action": "0 play 4e", "say": "wink"}), "actions[1]"),
])
def test_truc_guided_bad_data_is_one_line_naming_the_file_and_entry(change, entry):
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(RecordError) as err:
        read(data)
    text = str(err.value)
    assert "\n" not in text and text.startswith("truc/data/guided.json: ") and entry in text


def test_truc_guided_hand_number_outside_the_hands_is_refused_in_one_line():
    for bad in (0, 3, "2", True):
        with pytest.raises(TrucError) as err:
            api.call("guided", hand=bad)
        assert "\n" not in str(err.value) and "hand" in str(err.value), bad
