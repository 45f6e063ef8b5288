"""The game-neutral layer (cardgame) read by a second, toy game: a three-card pack, two seats.
Nothing here is Troccas's: what a new game would reuse works without it."""

from __future__ import annotations

import pytest

from cardgame.actions import split_action
from cardgame.cards import Notation, ids_of_mask, mask_of
from cardgame.errors import GameError
from cardgame.messages import Message, register_catalogue
from cardgame.record import check_common, read_actions, read_json
from cardgame.seats import is_seat, next_seat, partnerships


register_catalogue("toy", "en", {
    "notation#unknown": "{token:quoted} is no card of the toy pack",
    "notation#not_list": "cards are a text or a list, not {value}",
    "notation#not_text": "a card is a text, not {value}",
    "notation.duplicate": "{token} is named twice",
    "notation.duplicate#as": "{token} is {first} again",
    "record.action#syntax": "{text:quoted}: an action is '<seat> <kind> <card>'",
    "record.action#not_text": "an action is a text, not {value}",
    "record#utf8": "line {line}: byte {byte} is not UTF-8",
    "record#json": "line {line}: {why}",
    "record#deep": "nested too deep",
    "record#object": "a record is an object",
    "record#format": "the format is {format}, not {value}",
    "record#version": "version {value}: only {version}",
    "record#unknown_field": "no field {field}",
    "record#seed": "a seed is a number or a text, not {value}",
    "record#text": "{field} is a text",
    "record#actions": "actions are a list",
    "record#action_field": "action {index}: no field {field}",
    "record#say": "action {index}: what is said is a text",
    "record#action": "action {index}: {why}",
    "seat#plain": "seat {n}",
    "seat#you": "you",
    "seat#other": "bot {n}",
    "take": "{seat:seat} takes {card} from {owner:seat}",
    "take@you:seat": "you take {card} from {owner:seat}",
    "turn": "{seat:seat_cap} is to play: {why}",
    "turn@you:seat": "Your turn: {why}",
})


def toy_msg(id, **params):
    return Message("toy", id, params)


class ToyError(GameError):
    pass


class ToyDuplicate(ToyError):
    pass


NOTATION = Notation(("A", "B", "C"), {"a": 0, "b": 1, "c": 2, "ace": 0}, msg=toy_msg,
                    explain=lambda t: toy_msg("notation#unknown", token=t),
                    invalid=ToyError, duplicate=ToyDuplicate)


def refusal(fn, *args, **kwargs) -> tuple[str, dict]:
    with pytest.raises(GameError) as err:
        fn(*args, **kwargs)
    return err.value.msg.id, dict(err.value.msg.params)


def test_a_pack_is_small_ints_and_bitmasks():
    assert NOTATION.parse_ids("a, C b") == [0, 2, 1]
    assert NOTATION.parse_ids(["ace", "c"]) == [0, 2]
    assert ids_of_mask(mask_of([2, 0]), 3) == (0, 2)
    assert ids_of_mask(mask_of(range(70, 78)), 78) == tuple(range(70, 78))


def test_the_notation_refuses_with_the_games_own_messages():
    assert refusal(NOTATION.parse_ids, "a z") == ("notation#unknown", {"token": "z"})
    assert refusal(NOTATION.parse_ids, "a ace")[0] == "notation.duplicate#as"
    assert refusal(NOTATION.parse_ids, "b b") == ("notation.duplicate", {"token": "b",
                                                                        "card": "B"})
    assert refusal(NOTATION.parse_ids, 3)[0] == "notation#not_list"
    assert refusal(NOTATION.parse_ids, ["a", None])[0] == "notation#not_text"
    with pytest.raises(ToyDuplicate):
        NOTATION.parse_ids("c c")


def test_seats_and_sides():
    assert partnerships(4, 2) == (0, 1, 0, 1)
    assert partnerships(6, 2) == (0, 1, 0, 1, 0, 1)
    assert partnerships(3, 3) == (0, 1, 2)
    assert partnerships(2, 2) == (0, 1)  # two players, each a side
    assert next_seat(3, 4) == 0
    assert is_seat(1, 2) and not is_seat(2, 2) and not is_seat(True, 2) and not is_seat(1.0, 2)


def test_the_text_form_of_an_action():
    assert split_action("1 PLAY a", msg=toy_msg, error=ToyError) == (1, "play", "a")
    for text in ("1 play", "x play a", "¹ play a", "1 play a b", ""):
        assert refusal(split_action, text, msg=toy_msg, error=ToyError)[0] == \
            "record.action#syntax"
    assert refusal(split_action, 4, msg=toy_msg, error=ToyError)[0] == "record.action#not_text"


def bad(id, **params):
    return ToyError(toy_msg(id, **params))


def test_record_text_and_common_fields():
    assert read_json('{"format": "toy"}', bad) == {"format": "toy"}
    assert refusal(read_json, b'{"a": "\xff"}', bad) == (
        "record#utf8", {"line": 1, "byte": "0xff", "offset": 7})
    assert refusal(read_json, "{", bad)[0] == "record#json"
    assert refusal(read_json, "[" * 100_000, bad)[0] == "record#deep"
    assert str(bad("record#json", line=3, why="Expecting value")) == "line 3: Expecting value"
    common = dict(format="toy", version=1, fields={"format", "version", "seed", "actions"})
    check_common({"format": "toy", "seed": "x"}, bad, **common)
    for data, rule in (([], "record#object"), ({"format": "other"}, "record#format"),
                       ({"version": True}, "record#version"), ({"deck": 1}, "record#unknown_field"),
                       ({"seed": [1]}, "record#seed")):
        assert refusal(check_common, data, bad, **common)[0] == rule


def test_record_actions_keep_what_was_said():
    def parse(text):
        return split_action(text, msg=toy_msg, error=ToyError)
    actions, says = read_actions(["0 play a", {"action": "1 play b", "say": "hm"}], bad, parse)
    assert actions == [(0, "play", "a"), (1, "play", "b")] and says == [(1, "hm")]
    assert refusal(read_actions, "0 play a", bad, parse)[0] == "record#actions"
    assert refusal(read_actions, [{"action": "0 play a", "x": 1}], bad, parse)[0] == \
        "record#action_field"
    assert refusal(read_actions, [{"action": "0 play a", "say": 3}], bad, parse)[0] == "record#say"
    assert refusal(read_actions, ["nonsense"], bad, parse) == (
        "record#action", {"index": 0, "why": toy_msg("record.action#syntax", text="nonsense")})



# --- a message said to a viewer (a player at a table of bots) ----------------------------------
def test_a_message_said_to_nobody_names_seats_by_number():
    m = toy_msg("take", seat=1, owner=0, card="A")
    assert m.render() == "seat 1 takes A from seat 0"


def test_a_message_said_to_a_viewer_uses_its_second_person_form():
    m = toy_msg("take", seat=1, owner=0, card="A")
    assert m.render(viewer=1) == "you take A from bot 0"
    assert m.render(viewer=0) == "bot 1 takes A from you"
    assert m.render(viewer=2) == "bot 1 takes A from bot 0"
    # Texts kept for speed do not mix the viewers: the plain form again after the others.
    assert m.render() == "seat 1 takes A from seat 0"


def test_a_message_inside_a_message_is_said_to_the_same_viewer():
    m = toy_msg("turn", seat=0, why=toy_msg("take", seat=0, owner=1, card="B"))
    assert m.render() == "Seat 0 is to play: seat 0 takes B from seat 1"
    assert m.render(viewer=0) == "Your turn: you take B from bot 1"
    assert m.render(viewer=1) == "Bot 0 is to play: bot 0 takes B from you"


def test_a_number_that_is_not_a_seat_does_not_pick_the_second_person():
    # Only an int parameter equal to the viewer picks a form: True == 1 must not.
    assert toy_msg("take", seat=True, owner=0, card="A").render(viewer=1) == \
        "bot True takes A from bot 0"
