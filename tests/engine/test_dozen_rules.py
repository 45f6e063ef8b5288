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


# ---- the puzzles (dozen.puzzles): each kind asks one rule and answers with it ------------------
def test_trick_the_winner_puzzle_answers_the_higher_card_of_the_suit_led():
    off = api.call("puzzle", spec={"kind": "winner", "trick": "2s 4m"}, answer=True)
    assert (off["answer"], off["rule"]) == ("2s", "trick.off_suit")
    higher = api.call("puzzle", spec={"kind": "winner", "trick": ["1t", "3t"]}, answer=True)
    assert (higher["answer"], higher["rule"]) == ("3t", "trick.higher")
    # A wrong answer: the rule, then a clue about the reader's card that names no other.
    wrong = api.call("check", spec={"kind": "winner", "trick": "1t 3t"}, answer="1t")
    assert not wrong["correct"] and "3t" not in wrong["hints"][1]
    assert api.call("check", spec={"kind": "winner", "trick": "2s 4m"}, answer="2s")["correct"]
    # Generated tricks are answered by the rule itself, whatever the seed.
    for seed in range(30):
        pz = api.call("puzzle", kind="winner", seed=seed, answer=True)
        seat, why = trick_winner([(s, ids(c)[0]) for s, c in pz["situation"]["trick"]])
        assert pz["answer"] == pz["situation"]["trick"][seat][1] and pz["rule"] == why.rule
    with pytest.raises(Exception, match="a trick has two cards, not 3"):
        api.invoke("puzzle", spec={"kind": "winner", "trick": "1s 2s 3s"})


def test_follow_the_legal_puzzle_answers_the_cards_that_follow_the_suit_led():
    pz = api.call("puzzle", spec={"kind": "legal", "hand": "1s 3m 4s 2t", "led": "2s"},
                  answer=True)
    assert pz["answer"] == ["1s", "4s"] and pz["rule"] == "follow.must"
    void = api.call("puzzle", spec={"kind": "legal", "hand": "3m 4t", "led": "2s"}, answer=True)
    assert void["answer"] == ["3m", "4t"] and void["rule"] == "follow.cannot"
    spec = {"kind": "legal", "hand": "1s 3m 4s 2t", "led": "2s"}
    assert api.call("check", spec=spec, answer=["4s", "1s"])["correct"]
    refused = api.call("check", spec=spec, answer="1s 3m 4s")
    assert not refused["correct"] and refused["rule"] == "follow.must"
    assert refused["hints"][1].startswith("3m does not follow suns")  # the reader's own card
    missed = api.call("check", spec=spec, answer=["1s"])
    assert missed["hints"][1].endswith("1 more.") and "4s" not in missed["hints"][1]
    with pytest.raises(Exception, match="expect is"):
        api.invoke("puzzle", spec={**spec, "expect": ["1s"]})
    with pytest.raises(Exception, match="2s is led, so it is not in the hand"):
        api.invoke("puzzle", spec={"kind": "legal", "hand": "2s 3m", "led": "2s"})
    # Generated hands are answered by the rule itself, whatever the seed.
    for seed in range(30):
        pz = api.call("puzzle", kind="legal", seed=seed, answer=True)
        held, (led,) = ids(" ".join(pz["situation"]["hand"])), ids(pz["situation"]["led"])
        assert pz["answer"] == [NOTATION.tokens[c] for c in held
                                if may_play(c, held, led, Rules())]
