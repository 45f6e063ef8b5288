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
    v = api.call("check", spec={"kind": "count", "seed": 3}, answer="3")
    assert "12" in v["explanation"] and v["hints"][1].startswith("3 is too few")
