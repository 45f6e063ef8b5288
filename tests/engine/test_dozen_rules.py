"""The test game's two rules, by their clauses (tests/games/dozen/__init__.py has the rules)."""

from __future__ import annotations

import pytest

from dozen import api
from dozen.cards import NOTATION
from dozen.hand import may_play, trick_winner
from dozen.rules import Rules


def ids(text: str) -> list[int]:
    return NOTATION.parse_ids(text)


def test_follow_the_second_card_follows_the_suit_led_when_the_hand_holds_one():
    held = ids("1s 3m 4t")
    (led,) = ids("2s")
    assert may_play(ids("1s")[0], held, led, Rules())
    refused = may_play(ids("3m")[0], held, led, Rules())
    assert not refused and refused.rule == "follow.must"
    assert may_play(ids("3m")[0], held, led, Rules(follow="free"))  # the option lifts it


def test_follow_any_card_when_the_hand_holds_none_of_the_suit_led():
    verdict = may_play(ids("3m")[0], ids("3m 4t"), ids("2s")[0], Rules())
    assert verdict and verdict.rule == "follow.cannot"


def test_trick_the_higher_card_of_the_suit_led_takes_it():
    assert trick_winner(list(enumerate(ids("2s 4s"))))[0] == 1
    seat, why = trick_winner(list(enumerate(ids("2s 4m"))))
    assert seat == 0 and why.rule == "trick.off_suit"  # a higher card of another suit loses
    assert api.call("winner", cards=["3t", "1t"])["seat"] == 0


def test_bad_input_is_one_line_naming_the_token():
    with pytest.raises(Exception, match="'9x' is no card"):
        api.invoke("winner", cards=["9x", "1s"])
