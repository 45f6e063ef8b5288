"""The review of a whole hand (issue 29, troccas.review) and playing a hand again from a trick
(troccas.table.cut): a verdict on every trick, a bad card marked with a better one and why,
and the cut record dealing the same cards."""

from __future__ import annotations

import functools
import re

import pytest

from troccas import api
from troccas.bots import base
from cardgame.messages import set_language
from troccas.cards import POINTS, SUIT_OF, TOKEN, parse_id
from troccas.errors import TroccasError
from troccas.hand import Hand
from troccas.record import HandRecord
from troccas.review import MIN_SAMPLES, OPEN_TRICKS
from troccas.solver import tricks_left

# A figure of the playouts, as the coach's tests read it: none in a mark's sentence.
FIGURE = re.compile(r"[+\u2212-]\d|\d\.\d|\d+ deals\b|\bplayed out\b|solver", re.I)
# A small budget: MIN_SAMPLES deals a trick, the rule being tested and not the default's noise.
CHEAP = 500


def _finish(hand: Hand, seed: int, bad: dict[int, str] | None = None) -> dict:
    """``hand`` played to the end by baseline bots, seat 0 playing ``bad[trick]`` where
    given; its record."""
    bad = bad or {}
    while not hand.is_terminal():
        number = len(hand.finished_tricks) + 1
        if hand.current_player == 0 and hand.phase == "play" and number in bad:
            hand.apply(f"0 play {bad.pop(number)}")
            continue
        choice, _ = base.decide(hand, None, "baseline", seed)
        hand.apply_action(choice.aid)
    assert not bad, "the bad card was never played"
    return HandRecord.from_hand(hand, seed=seed).to_json()


@functools.lru_cache(maxsize=4)  # a hand is a few hundred engine calls: kept for the tests
def _loose(players: int, seed: int) -> dict:
    """A finished hand where seat 0 plays at random and the others as the baseline bot."""
    rec = api.call("table_new", players=players, seed=seed, dealer=players - 1)
    while True:
        view = api.call("table_view", record=rec, seat=0)
        if view["phase"] == "done":
            return rec
        assert view["phase"] != "thrown_in", "choose a seed whose hand is played"
        seat = view["current_player"]
        choice = api.call("bot_action", record=rec, seat=seat,
                          bot="random" if seat == 0 else "baseline", seed=len(rec["actions"]))
        rec = api.call("table_apply", record=rec, action=choice["action"])["record"]


@pytest.mark.parametrize("players,seed", [(4, 2), (3, 1)])
def test_review_gives_every_trick_of_the_hand_a_verdict(players, seed):
    """Every trick gets a verdict on the seat's card: forced (one legal play), best, or better
    (and then a mark); open-card judging only in the last OPEN_TRICKS tricks and with four
    players, sampled deals everywhere else."""
    rec = _loose(players, seed)
    out = api.call("review_marks", record=rec, seat=0, plays=CHEAP)
    hr = HandRecord.from_json(rec)
    hand = hr.new_hand()
    legal_count, left_at = {}, {}
    for action in hr.actions:
        if action.player == 0 and action.kind == "play" and hand.phase == "play":
            n = len(hand.finished_tricks) + 1
            legal_count[n] = sum(1 for a in hand.legal_actions() if a.kind in ("play", "kingjack"))
            left_at[n] = tricks_left(hand)
        hand.apply(action)
    total = len(hand.finished_tricks)
    assert [v["trick"] for v in out["verdicts"]] == list(range(1, total + 1))
    marked = {m["trick"] for m in out["marks"]}
    for v in out["verdicts"]:
        n = v["trick"]
        assert v["verdict"] == ("forced" if legal_count[n] == 1 else
                                "better" if n in marked else "best"), v
        if v["method"] == "open":
            assert players == 4 and left_at[n] <= OPEN_TRICKS
        elif v["method"] == "sampled":
            assert v["samples"] >= MIN_SAMPLES
    assert {v["method"] for v in out["verdicts"]} >= {"sampled"}
    for m in out["marks"]:
        assert m["card"] not in m["better"] and m["lost"] > 0 and m["said"] in m["better"]
        # one sentence, in the coach's words: the principle said of the better card is the
        # mark's reason and rule; the figures stay in the details
        assert m["principle"]["text"] in m["text"] and m["principle"]["rule"] == m["rule"]
        assert not FIGURE.search(m["text"]) and re.search(r"\d", m["details"]), m


def test_a_queen_thrown_under_the_other_sides_king_is_marked_with_a_low_card_and_why():
    """Deal 14, trick 3 (eight and more tricks from the end: judged over sampled deals): bot 1
    leads the king of swords, bots 2 and 3 follow, and seat 0, with the queen and three low
    swords, cannot take the trick. Throwing the queen gives the other side 4 card points a low
    sword would not (and the queen would be the top sword left): marked, a low sword better,
    and the why, measured as the points given to the other side in this trick, is said as the
    coach's "give little": the fewest points on a trick the other side is winning."""
    hand = Hand(4, 3, seed=14)
    while not (len(hand.finished_tricks) == 2 and len(hand.trick_cards) == 3):
        choice, _ = base.decide(hand, None, "baseline", 14)
        hand.apply_action(choice.aid)
    assert list(zip(hand.trick_players, api.tokens(hand.trick_cards))) == [
        (1, "Ks"), (2, "3s"), (3, "9s")]
    assert hand.side_of[1] != hand.side_of[0] and tricks_left(hand) > OPEN_TRICKS
    rec = _finish(hand, 14, {3: "Qs"})
    out = api.call("review_marks", record=rec, seat=0, trick=3)
    assert out["verdicts"] == [{"trick": 3, "card": "Qs", "verdict": "better",
                                "method": "sampled", "samples": out["verdicts"][0]["samples"]}]
    (mark,) = out["marks"]
    assert mark["samples"] >= MIN_SAMPLES and mark["lost"] >= 1
    assert mark["better"] and all(POINTS[parse_id(c)] == 1 for c in mark["better"])
    assert mark["measured"] == {"fact": "lose_cheaply", "n": 3}  # the queen's 4 less a 1
    # Not the duck (a lower sword than the six is in the hand): the coach's "give little",
    # the card points the other side takes, on the rule clause that counts them.
    assert mark["principle"]["id"] == "give_little" and mark["rule"] == "count"
    assert mark["said"] in mark["better"]
    said = api.call("parse", cards=mark["said"])["cards"][0]["name"]
    assert "the queen of swords" in mark["text"] and said in mark["text"]
    assert "Give little:" in mark["text"], mark["text"]
    assert str(mark["samples"]) in mark["details"] and "deals" in mark["details"]
    # The same record, the same deals: the browser's marks are these.
    assert api.call("review_marks", record=rec, seat=0, trick=3) == out


def test_a_record_cut_at_a_trick_replays_to_the_same_cards():
    """Played again from trick N: the record cut there holds the actions before that trick's
    first card, and replayed it deals every seat the cards it held before trick N."""
    rec = _loose(4, 2)
    view = api.call("table_view", record=rec, seat=0)
    actions = rec["actions"]
    for before in view["review"]:
        n = before["number"]
        cut = api.call("table_cut", record=rec, trick=n)
        assert cut["deck"] == rec["deck"] and actions[:len(cut["actions"])] == cut["actions"]
        hand = HandRecord.from_json(cut).replay()
        assert (hand.phase, len(hand.finished_tricks), hand.trick_cards) == ("play", n - 1, [])
        assert [[t for t in api.tokens(hand.cards_of(p))] for p in range(4)] == before["hands"]
        # the next action of the hand is the trick's first card
        assert actions[len(cut["actions"])].split()[1] in ("play", "kingjack")


@pytest.mark.parametrize("trick,words,rule", [
    (0, "whole number from 1, not 0", "record"), ("3", "trick", "api"),
    (40, "never reaches the start of trick 40: 19 tricks were finished", "record")])
def test_a_cut_outside_the_hand_is_refused_in_one_line(trick, words, rule):
    with pytest.raises(TroccasError, match=words) as err:
        api.call("table_cut", record=_loose(4, 2), trick=trick)
    assert err.value.rule == rule and "\n" not in str(err.value)


@pytest.mark.parametrize("args,words", [({"trick": 0}, "from 1 to 19"),
                                        ({"trick": 20}, "from 1 to 19"),
                                        ({"plays": 0}, "budget")])
def test_a_review_outside_the_hand_or_its_budget_is_refused_in_one_line(args, words):
    with pytest.raises(TroccasError, match=words) as err:
        api.call("review_marks", record=_loose(4, 2), seat=0, **args)
    assert err.value.rule == "record"



def test_a_review_mark_is_one_sentence_naming_the_better_card_and_a_true_principle_of_it():
    """A mark says the better card and why in the coach's words (troccas.bots.principles), from
    what the seat saw then: the principle's own state test holds of the card it speaks of in
    that position, the sentence names that card and the card played, the principle is the one
    the measured fact points to wherever one of those holds (review.SAID_BY), and the figures
    (points, deals) are in the details only."""
    from troccas.bots.principles import holds, position
    from troccas.review import SAID_BY
    seen = 0
    for players, seed in [(4, 2), (3, 1)]:
        rec = _loose(players, seed)
        marks = api.call("review_marks", record=rec, seat=0, plays=CHEAP)["marks"]
        hr = HandRecord.from_json(rec)
        for m in marks:
            hand = hr.new_hand()
            for action in hr.actions:
                if action.player == 0 and hand.phase == "play" \
                        and action.kind in ("play", "kingjack") \
                        and len(hand.finished_tricks) + 1 == m["trick"]:
                    break
                hand.apply(action)
            said = parse_id(m["said"]) if m["said"] in TOKEN else None
            if said is None:  # the king and the jack together: an action, not a card
                said = next(a.id for a in hand.legal_actions() if a.kind == "kingjack")
            assert said in hand.legal_action_ids()
            pos = position(hand, 0)
            assert holds(m["principle"]["id"], pos, said), m
            preferred = [p for p in SAID_BY[m["measured"]["fact"]] if holds(p, pos, said)]
            if preferred:
                assert m["principle"]["id"] in preferred, m
            for t in {m["card"], m["said"]} & set(TOKEN):
                name = api.call("parse", cards=t)["cards"][0]["name"]
                assert name.lower() in m["text"].lower(), (name, m["text"])
            assert m["text"].count(m["principle"]["text"]) == 1
            assert not FIGURE.search(m["text"]), m["text"]
            seen += 1
    assert seen


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_review_mark_and_its_details_are_said_in_every_language(lang):
    """The mark's sentence and figures come from the engine's catalogue of the reader's
    language, with real plurals (one card point, two card points)."""
    set_language(lang)
    try:
        marks = api.call("review_marks", record=_loose(4, 2), seat=0, plays=CHEAP)["marks"]
    finally:
        set_language("en")
    assert marks
    for m in marks:
        assert "{" not in m["text"] and "{" not in m["details"]
        word = {"en": "card point", "de": "Kartenpunkt"}[lang]
        n = m["details_msg"]["params"]["n"]
        assert re.search(rf"\b{n} (?:more )?{word}{'' if n == 1 else '(s|e)'}\b", m["details"]), m


def test_a_costly_trump_risked_before_an_opponent_is_marked_with_spend_little():
    """An opponent leads a suit the reader lacks and another opponent plays after the reader:
    trumping with the pagat (5 card points) where a trump counting 1 takes the lead as well is
    marked, and the mark says why the cheap trump (the coach's ``spend_little``: an opponent
    may still take the trick, so risk the card that counts least), never "take the lead"."""
    from troccas.bots.principles import BY_ID, holds, position
    seed, number = 18, 9
    hand = Hand(4, 3, seed=seed)
    while not (len(hand.finished_tricks) == number - 1 and len(hand.trick_cards) == 1):
        choice, _ = base.decide(hand, None, "baseline", seed)
        hand.apply_action(choice.aid)
    pagat, low = parse_id("I"), parse_id("II")
    led, leader = hand.trick_cards[0], hand.trick_players[0]
    held = hand.cards_of(0)
    # the position the engine reached: an opponent led a suit seat 0 is void of, seat 0 holds
    # the pagat and a trump counting 1, and an opponent plays after it
    assert hand.current_player == 0 and tricks_left(hand) > OPEN_TRICKS
    assert hand.side_of[leader] != hand.side_of[0] and hand.side_of[1] != hand.side_of[0]
    assert not any(SUIT_OF[c] == SUIT_OF[led] for c in held)
    assert {pagat, low} <= set(held) and POINTS[pagat] > POINTS[low] == 1
    pos = position(hand, 0)
    assert holds("spend_little", pos, low) and not holds("spend_little", pos, pagat)
    assert BY_ID["spend_little"].test(pos, low) == {"card": "II", "n": POINTS[low],
                                                     "kept": "I", "m": POINTS[pagat]}
    rec = _finish(hand, seed, {number: "I"})
    (mark,) = api.call("review_marks", record=rec, seat=0, trick=number)["marks"]
    assert mark["better"] == ["II"] and mark["measured"]["fact"] == "lose_cheaply", mark
    assert mark["principle"]["id"] == "spend_little" and mark["rule"] == "count", mark
    assert "Spend little:" in mark["text"] and "Take the lead" not in mark["text"]
    assert "trump II" in mark["text"] and "trump I " in mark["text"], mark["text"]


# The principles that say the card takes the trick (or leads to take it), and those that say it
# lets the trick go, as the coach's sentences say them.
TAKES = {"xxi", "win_round", "win_cheaply", "win_sure", "win_now", "top_trump", "lead_king",
         "lead_winner"}
GIVES = {"duck_round", "duck", "hold_back", "give_little", "fool_save"}


def test_a_review_mark_never_states_a_principle_its_measured_fact_contradicts():
    """A better card that lost the trick with fewer points in it, or gained only later in the
    hand, is never praised for taking the trick; one that took the trick where the card played
    lost it is never praised for letting it go. Over the marks of several sampled hands."""
    facts = set()
    for players, seed in [(4, 2), (3, 1), (4, 5), (4, 8)]:
        for m in api.call("review_marks", record=_loose(players, seed), seat=0,
                          plays=CHEAP)["marks"]:
            fact, pid = m["measured"]["fact"], m["principle"]["id"]
            facts.add(fact)
            if fact in ("lose_cheaply", "later_points", "duck"):
                assert pid not in TAKES, m
            if fact in ("win_trick", "win_cheaply"):
                assert pid not in GIVES, m
    assert {"lose_cheaply", "later_points"} & facts, facts
