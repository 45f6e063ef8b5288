"""Hints in steps (issue 15): a wrong answer gets the rule first, then a clue about the answer
given; neither names the answer, which only "Show solution" gives."""

from __future__ import annotations

import re

import pytest

from troccas import api
from troccas.puzzles import KINDS

from build_tools.puzzles.load import load_puzzles
from build_tools.puzzles.verdicts import answers

SPECS = [{"kind": k, "seed": s} for k in KINDS for s in range(25)] + \
    [a.spec for kind in KINDS for a in load_puzzles()[kind]]


COUNT_CLUES = {
    "# is too many: check each group again, and what comes off it.",
    "# is too few: check each group again, and what comes off it.",
    "# is the sum of the card values; take # from each group of four (# from an odd pair).",
    "# is the sum of the card values; take # from each group of three.",
    "# is the sum of the values; each card in the scart counts one less.",
}


def names_answer(text: str, answer, kind: str) -> bool:
    if kind == "count":
        return re.search(rf"(?<![\d+]){answer}(?![\d])", text) is not None
    if kind in ("legal", "scart"):  # a set of cards: naming all of them gives it away
        return bool(answer) and all(re.search(rf"(?<!\w){re.escape(t)}(?!\w)", text)
                                    for t in answer)
    return re.search(rf"(?<!\w){re.escape(str(answer))}(?!\w)", text) is not None


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.get("id") or f"{s['kind']}-{s['seed']}")
def test_wrong_answers_get_the_rule_then_a_clue_and_never_the_answer(spec):
    pz = api.call("puzzle", spec=spec, answer=True)
    _, given = answers(pz)
    rule_hint = None
    wrong = 0
    for g in given[:120]:
        v = api.call("check", spec=spec, answer=g)
        if v["correct"]:
            assert "hints" not in v or v["hints"] is None
            continue
        wrong += 1
        first, clue = v["hints"]
        assert first.startswith("The rule: ")
        rule_hint = rule_hint or first
        assert first == rule_hint  # the same rule for every wrong answer of a puzzle
        if pz["kind"] in ("legal", "scart", "fool", "buob"):
            assert not names_answer(clue, pz["answer"], pz["kind"]), (g, clue)
        elif pz["kind"] == "winner" and pz["answer"] != g:
            assert not names_answer(clue, pz["answer"], "winner"), (g, clue)
        elif pz["kind"] == "count":
            # Only the number given, and the rule's own figures, appear in a counting clue.
            assert clue.split(" ", 1)[0] == g and re.sub(r"\d+", "#", clue) in COUNT_CLUES, clue
        assert not names_answer(first, pz["answer"], pz["kind"]) or pz["kind"] == "count"
    assert wrong


def test_the_clue_is_narrower_than_the_explanation_it_comes_from():
    v = api.call("check", spec={"kind": "winner", "seed": 3}, answer="10r")
    assert "I" in v["explanation"].split() and v["hints"][1] == \
        "10r is not a trump, and a trump was played."
    # (a count of 12: generated piles come from random hands, which buob.own_king reshuffled)
    v = api.call("check", spec={"kind": "count", "seed": 4}, answer="3")
    assert "12" in v["explanation"] and v["hints"][1].startswith("3 is too few")


# --- a wise scart, judged -------------------------------------------------------------------
VOID_SPEC = {"kind": "scart", "hand": "Kc Qc 2c 3c 4c Kr Cr 5r 6r 7r 8s 9s XXI XX XIX XVIII"
             " XVII XVI XV XIV XIII", "goal": "void"}


def test_a_scart_that_should_empty_a_suit_is_judged_by_whether_it_does():
    """pagat-legal is not enough when the puzzle asks for a void: XX + XIX may go, but leave
    every suit held; 8s + 9s empty swords."""
    assert not api.call("check", spec=VOID_SPEC, answer=["XX", "XIX"])["correct"]
    assert not api.call("check", spec=VOID_SPEC, answer=["2c", "3c"])["correct"]
    right = api.call("check", spec=VOID_SPEC, answer=["8s", "9s"])
    assert right["correct"] and "no swords" in right["explanation"]
    pz = api.call("puzzle", spec=VOID_SPEC, answer=True)
    assert pz["answer_text"] == "9s 8s, for example: then you hold no swords"
    assert "Choose 2" not in pz["question"] and "no card at all of some suit" in pz["question"]


def test_a_void_goal_needs_a_suit_that_can_be_emptied():
    from troccas.errors import TroccasError
    with pytest.raises(TroccasError) as err:  # every suit has its king, or too many cards
        api.call("puzzle", spec={**VOID_SPEC, "hand": "Kc Qc 2c Kr Cr 5r Ks 8s 9s Kb 1b 2b XXI XX"
                                 " XIX XVIII XVII XVI XV XIV XIII"})
    assert "no suit can be emptied" in str(err.value)
    with pytest.raises(TroccasError):
        api.call("puzzle", spec={**VOID_SPEC, "goal": "trumps"})


def test_a_plain_scart_puzzle_says_its_answer_as_any_k_of_the_allowed_cards():
    pz = api.call("puzzle", spec={"kind": "scart", "seed": 4}, answer=True)
    assert pz["answer_text"].startswith("any 2 of the ") and "cards without 5 points" in \
        pz["answer_text"]


# --- trick.winner: the round suits' numeral order, only where it decides --------------------
@pytest.mark.parametrize("trick, wrong, says_order", [
    (["Qc", "5c", "Kc"], "Qc", False),   # the home page's puzzle: courts rank alike in every suit
    (["Qc", "5c", "Kc"], "5c", False),   # a king beats any numeral, whatever their order
    (["5c", "2c", "7c"], "5c", True),    # two numerals of cups: the ace-high order decides
    (["5r", "1r", "Jr"], "1r", False),   # the jack beats the ace
    (["5s", "9s", "2s"], "5s", False),   # a long suit: the order is the usual one
])
def test_a_wrong_winner_is_told_the_numeral_order_only_between_numerals(trick, wrong, says_order):
    """trick.winner: "In cups, a round suit, the numerals rank 1 (high) … 10 (low)" explains a
    numeral beaten by a numeral, and nothing else (a reader's finding: the home puzzle's clue
    for a wrong queen talked about numerals)."""
    full = api.call("puzzle", spec={"kind": "winner", "trick": trick}, answer=True)
    got = api.call("check", spec={"kind": "winner", "trick": trick}, answer=wrong)
    assert not got["correct"] and full["answer"] != wrong
    for text in (got["hints"][1], got["explanation"]):
        assert ("round suit" in text) == says_order, text
