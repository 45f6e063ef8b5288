"""Lesson exercises (troccas.exercises, issue 15): the engine decides each answer with the rule's
own function, a wrong answer gets the rule first and then a clue, neither naming the answer, and
"Show solution" (answer=True) gives the answer with the worked steps. Answers are checked
against golden values from the sources, not recomputed."""

from __future__ import annotations

import re

import pytest

from troccas import api
from troccas.errors import TroccasError

LIBER = {"seed": 5, "actions": ["1 talk allow", "2 talk allow", "3 talk liber"]}
SCORE_PILE = "Kc 4c 9c 10c XXI XIV 3s Cs Qr 6r 2b 7b IX 5s"

# Golden answers: the ranking (pagat: court cards first; in cups and coins the ace is the
# highest numeral, in swords and batons the 10; any trump beats any suit card; the Fool never
# ranks), the talk (pagat: liber leaves the choice to the dealer) and the score (groups of four
# less 3, the odd pair less 1: 5 + 7 + 4 + 1 = 17 card points; par 36).
GOLDEN = [
    ({"kind": "rank", "cards": "7c 1c 10c 3c"}, "1c"),
    ({"kind": "rank", "cards": "3r 9r 10r 2r"}, "2r"),
    ({"kind": "rank", "cards": "3s 10s 1s 9s"}, "10s"),
    ({"kind": "rank", "cards": "10b Jb 1b"}, "Jb"),
    ({"kind": "rank", "cards": "Kc XV II 1c"}, "XV"),
    ({"kind": "rank", "cards": "Fool 2b 3b"}, "3b"),
    ({"kind": "talk", "record": LIBER}, "0"),
    ({"kind": "talk", "record": {"seed": 5, "actions": ["1 talk allow"]}}, "2"),
    ({"kind": "score", "pile": SCORE_PILE}, -19),
    ({"kind": "score", "pile": "Kc Kr Ks Kb XXI I Fool Qc Qr Qs Qb Cc Cr Cs Cb Jc Jr Js Jb 1c"},
     # five groups of four, counted by hand: 20-3, 19-3, 15-3, 11-3, 7-3 = 17+16+12+8+4 = 57
     57 - 36),
]


def _ids(spec):
    return spec["kind"] + ":" + str(spec.get("cards") or spec.get("seed") or spec.get("pile")
                                    or len(spec["record"]["actions"]))


@pytest.mark.parametrize("spec,answer", GOLDEN, ids=[_ids(s) for s, _ in GOLDEN])
def test_the_engines_answer_is_the_sources(spec, answer):
    ex = api.call("exercise", spec=spec, answer=True)
    assert ex["answer"] == answer
    assert api.call("check_exercise", spec=spec, answer=answer)["correct"]
    assert ex["steps"] and ex["answer_text"]


def test_partners_deals_to_the_lowest_trump_drawn():
    """Read off the situation the page shows: each player's last card is his trump, and the
    lowest by number deals (pagat)."""
    roman = {"I": 1, "V": 5, "X": 10}

    def number(t):
        n = [roman[c] for c in t]
        return sum(-a if a < b else a for a, b in zip(n, n[1:] + [0]))

    for seed in range(1, 30):
        ex = api.call("exercise", spec={"kind": "partners", "seed": seed}, answer=True)
        trumps = [number(p["cards"][-1]) for p in ex["situation"]["players"]]
        assert ex["answer"] == str(trumps.index(min(trumps))), seed
        # The steps say whether the partners must change places to face each other.
        low = sorted(range(4), key=trumps.__getitem__)[:2]
        facing = abs(low[0] - low[1]) == 2
        assert ("nobody moves" in " ".join(ex["steps"])) == facing, seed


def _wrong_answers(ex):
    if ex["answer_type"] == "number":
        a = ex["answer"]
        return [str(a + 1), str(a - 2), str(-a), "36", "x"]
    return [o["value"] for o in ex["options"] if o["value"] != ex["answer"]]


def _names(text: str, ex) -> bool:
    """Whether a hint gives the answer: the answer's words, its value, or its card's name."""
    a = ex["answer"]
    if ex["answer_type"] == "number":
        return re.search(rf"(?<![\d+-]){re.escape(f'{a:+d}')}(?!\d)", text) is not None or \
            re.search(rf"(?<![\d+-]){abs(a)}(?!\d)", text) is not None
    option = next(o for o in ex["options"] if o["value"] == a)
    words = [option["text"]] + ([option["card"]] if option["card"] else [])
    return any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text, re.I) for w in words)


SPECS = [s for s, _ in GOLDEN] + [{"kind": "partners", "seed": s} for s in range(1, 20)]


@pytest.mark.parametrize("spec", SPECS, ids=[_ids(s) for s in SPECS])
def test_a_wrong_answer_gets_the_rule_then_a_clue_never_the_answer(spec):
    ex = api.call("exercise", spec=spec, answer=True)
    first = None
    for given in _wrong_answers(ex):
        v = api.call("check_exercise", spec=spec, answer=given)
        assert not v["correct"], given
        rule, clue = v["hints"]
        assert rule.startswith("The rule: ")
        first = first or rule
        assert rule == first  # one rule for every wrong answer of an exercise
        assert clue != rule
        for text in (rule, clue):
            assert not _names(text, ex), (given, text)
        assert v["clause"] == ex["rule"]
    assert first


def test_clues_are_about_the_answer_given():
    spec = {"kind": "rank", "cards": "7c 1c 10c 3c"}
    clue = api.call("check_exercise", spec=spec, answer="10c")["hints"][1]
    assert clue.startswith("10c is not the highest") and "smaller its number" in clue
    clue = api.call("check_exercise", spec={"kind": "rank", "cards": "Kc XV II 1c"},
                    answer="Kc")["hints"][1]
    assert clue == "Kc is not a trump, and any trump beats any suit card."
    clue = api.call("check_exercise", spec={"kind": "score", "pile": SCORE_PILE},
                    answer="+19")["hints"][1]
    assert clue.startswith("Check the sign") and "minus" in clue
    clue = api.call("check_exercise", spec={"kind": "score", "pile": SCORE_PILE},
                    answer="17")["hints"][1]
    assert clue.startswith("17 is your side's card points")
    clue = api.call("check_exercise", spec={"kind": "talk", "record": LIBER}, answer="1")["hints"][1]
    assert clue.startswith("Seat 1 has already spoken")
    # A typed minus sign is a minus.
    assert api.call("check_exercise", spec={"kind": "score", "pile": SCORE_PILE},
                    answer="\u221219")["correct"]


def test_the_partner_draw_says_that_partners_change_places():
    ex = api.call("exercise", spec={"kind": "partners", "seed": 7}, answer=True)
    text = " ".join(ex["steps"])
    assert "change places" in text and "seat 0" in text and "seat 2" in text


@pytest.mark.parametrize("spec,words", [
    ({"kind": "rank", "cards": "Kc Ks"}, "different suits"),
    ({"kind": "rank", "cards": "Kc"}, "at least two cards"),
    ({"kind": "rank", "cards": "Kc Zz"}, "'Zz'"),
    ({"kind": "ranks", "cards": "Kc"}, "not a lesson exercise"),
    ({"kind": "rank", "cards": "Kc Qc", "seed": 3}, "'seed' is not a field"),
    ({"kind": "partners", "seed": "x"}, "whole number"),
    ({"kind": "talk", "record": {"seed": 5, "actions": ["1 talk continue"] * 3}},
     "during the talk"),
    ({"kind": "score", "pile": ""}, "'pile'"),
])
def test_a_bad_exercise_is_refused_in_one_line(spec, words):
    with pytest.raises(TroccasError) as err:
        api.call("exercise", spec=spec)
    text = str(err.value)
    assert words in text and "\n" not in text
