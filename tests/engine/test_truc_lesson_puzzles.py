"""The lessons' puzzle kinds (issue 31), each held to the source's clause it asks about: the
pack's order (trick.winner), who leads next (trick.winner, trick.draw, trick.partners), the
one-card hand (cut), the signals (signal) and the French raise (bet.french_twice). The expected
answers are the source's words, not the engine's functions."""

from __future__ import annotations

import pytest

from truc import api
from truc.errors import TrucError
from truc.puzzles import from_spec

SOURCE_ORDERS = {  # truc: "The card order from highest to lowest …" and "Truc in France"
    "catalan40": "3 2 1 R C S 7 6 5 4",
    "french36": "7 6 A R D V 10 9 8",
}


def _answer(spec):
    return api.call("puzzle", spec=spec, answer=True)


@pytest.mark.parametrize("pack", SOURCE_ORDERS)
def test_trick_winner_the_highest_card_of_a_set_is_the_first_in_the_sources_order(pack):
    order = SOURCE_ORDERS[pack].split()
    suit = "o" if pack == "catalan40" else "h"
    for i in range(len(order) - 1):
        # The card just below and every card beneath it: the higher one wins, whatever the suit.
        low = [r + ("c" if pack == "catalan40" else "s") for r in order[i + 1:]]
        cards = " ".join(low[::-1] + [order[i] + suit])
        assert _answer({"kind": "high", "cards": cards, "pack": pack})["answer"] == order[i] + suit


def test_trick_winner_the_high_hints_give_the_rule_then_the_place_of_the_card_given():
    spec = {"kind": "high", "cards": "4o 3c 7b"}
    no = api.call("check", spec=spec, answer="7b")
    assert not no["correct"] and no["hints"][0].startswith("The rule: ")
    assert "3, 2, 1, 12, 11, 10, 7, 6, 5, 4" in no["hints"][0]
    assert "in place 7" in no["hints"][1] and "3 of copes" not in " ".join(no["hints"])


def test_trick_winner_the_player_who_takes_the_trick_leads_the_next():
    # Seat 1 leads (the dealer's right); seat 3 plays the one 3.
    assert _answer({"kind": "lead", "plays": "Ro 2c 3e 1b"})["answer"] == "seat3"


def test_trick_draw_after_a_drawn_trick_the_same_player_leads_again():
    # truc: "if a trick is drawn, the same player who led before leads again".
    p = _answer({"kind": "lead", "plays": "4o 3c 3e 2b", "leader": 2})
    assert p["answer"] == "seat2"
    no = api.call("check", spec={"kind": "lead", "plays": "4o 3c 3e 2b", "leader": 2},
                  answer="seat3")
    assert "nobody took it" in no["hints"][1]


def test_trick_partners_the_partner_who_played_earlier_leads():
    # Seats 1 and 3 both play a 3: "the partner who played earlier leads".
    assert _answer({"kind": "lead", "plays": "3o Rc 3e 2b", "leader": 1})["answer"] == "seat1"
    assert _answer({"kind": "lead", "plays": "2o 3c Re 3b", "leader": 1})["answer"] == "seat2"


@pytest.mark.parametrize("totals,how,answer", [
    ([0, 0], "tap", "yes"), ([10, 10], "tap", "yes"),  # "as long as neither team has more than 10"
    ([11, 4], "tap", "no"), ([3, 11], "tap", "no"),  # "within one point ... three cards each"
    ([0, 0], "cut", "no"), ([10, 2], "cut", "no")])  # a cut: three cards each
def test_cut_one_card_each_only_after_a_tap_and_never_at_eleven(totals, how, answer):
    assert _answer({"kind": "tap", "totals": totals, "cut": how})["answer"] == answer


@pytest.mark.parametrize("signal,rank", [("close-one-eye", "3"), ("pout-your-lips", "2"),
                                         ("tip-of-the-tongue", "1")])
def test_signal_each_gesture_of_the_sources_set_claims_its_card(signal, rank):
    p = _answer({"kind": "signal", "signal": signal})
    assert p["answer"] == rank and p["rule"] == "signal"


def test_bet_french_twice_the_team_that_bet_last_may_not_raise_again():
    seen = set()
    for seed in range(30):
        p = api.call("puzzle", kind="french", seed=seed, answer=True)
        sit = p["situation"]
        last = [e for e in sit["bets"] if e["type"] == "bet"][-1]["player"]
        expected = "no" if last % 2 == sit["to_play"] % 2 else "yes"
        assert p["answer"] == expected, seed
        seen.add(expected)
    assert seen == {"yes", "no"}


@pytest.mark.parametrize("spec,words", [
    ({"kind": "high", "cards": "3o 3c"}, "cards is '3o 3c'"),
    ({"kind": "high", "cards": "3o 2c", "pack": "tarot"}, "pack is 'tarot'"),
    ({"kind": "lead", "plays": "3o 2c"}, "plays is '3o 2c'"),
    ({"kind": "lead", "plays": "3o 2c 1e 4b", "leader": 4}, "leader is 4"),
    ({"kind": "tap", "totals": [12, 0]}, "totals is [12, 0]"),
    ({"kind": "tap", "cut": "shuffle"}, "cut is 'shuffle'"),
    ({"kind": "signal", "signal": "wink"}, "signal is 'wink'"),
])
def test_an_authored_lesson_puzzle_with_a_bad_field_is_refused_in_one_line(spec, words):
    with pytest.raises(TrucError) as info:
        from_spec(spec)
    text = str(info.value)
    assert words in text and "\n" not in text
