"""Trick play, the deal, the talk and the scart (pagat: The Deal, The Discard, The Play)."""

import json
import re
from pathlib import Path

import pytest

import troccas

from troccas import api
from troccas.cards import TOKEN, mask_of, parse_ids
from troccas.deal import METHODS, SCART_SIZE, deck_for_hands, partner_draw, shuffled_deck
from troccas.errors import IllegalActionError
from troccas.hand import Hand
from troccas.play import led_suit, legal_mask, refusal, winning_index
from troccas.rules import CLAUSES, Rules

from engine_helpers import make_hand, play


def legal(hand, trick=""):
    return [TOKEN[c] for c in sorted(parse_ids(hand))
            if legal_mask(mask_of(parse_ids(hand)), led_suit(parse_ids(trick))) >> c & 1]


def why(hand, trick, card):
    """(clause, sentence) of the refusal, or None."""
    m = refusal(mask_of(parse_ids(hand)), led_suit(parse_ids(trick)), parse_ids(card)[0])
    return None if m is None else (m.rule, str(m))


# --- pagat: The Play ------------------------------------------------------------------------------
def test_play_follow_suit():
    assert set(legal("Kc 3c XXI 5s", "7c")) == {"Kc", "3c"}
    rule, text = why("Kc 3c XXI 5s", "7c", "5s")
    assert rule == "play.follow_suit" and "you hold cups, so you must follow suit" in text


def test_play_void_in_suit_must_trump():
    assert set(legal("XXI II 5s Kb", "7c")) == {"XXI", "II"}
    assert why("XXI II 5s Kb", "7c", "5s")[0] == "play.must_trump"


def test_play_void_in_suit_and_trumps_plays_anything():
    assert set(legal("5s Kb 3r", "7c")) == {"5s", "Kb", "3r"}


def test_play_trump_led_must_play_trump_if_possible():
    assert set(legal("XXI 5s 3c", "X")) == {"XXI"}
    assert why("XXI 5s 3c", "X", "5s")[0] == "play.trump_led"
    assert set(legal("5s 3c", "X")) == {"5s", "3c"}


def test_play_no_duty_to_overtrump():
    """pagat: a player who must trump may play any trump, even one too low to win."""
    assert set(legal("XXI II 5s", "7c XV")) == {"XXI", "II"}
    assert set(legal("XXI II", "X XV")) == {"XXI", "II"}


def test_play_fool_may_always_be_played():
    assert "Fool" in legal("Fool 3c 5s", "7c")
    assert "Fool" in legal("Fool XXI", "7c")
    assert "Fool" in legal("Fool XXI", "X")
    assert why("Fool 3c", "7c", "Fool") is None


def test_play_fool_led_second_card_sets_suit():
    assert set(legal("3c 5s XXI", "Fool")) == {"3c", "5s", "XXI"}
    assert set(legal("3c 5s XXI", "Fool 8s")) == {"5s"}


@pytest.mark.parametrize("trick,winner", [
    ("3c Kc 10c 1c", "Kc"),        # highest of the suit led
    ("3c 5c 10c 1c", "1c"),        # round suits: ace above the 2
    ("3s 5s 10s 1s", "10s"),       # long suits: ten high
    ("Ks 3c XI Qs", "XI"),         # a trump beats the suit
    ("II XXI XX X", "XXI"),        # highest trump
    ("3c Kb 4r 5c", "3c"),         # off-suit cards never win; cups: 3 above 5
    ("Fool 3c Kc 2c", "Kc"),       # Fool led: second card sets the suit
    ("3c Fool 2c 1c", "1c"),       # the Fool never wins
])
def test_trick_winner(trick, winner):
    ids = parse_ids(trick)
    assert TOKEN[ids[winning_index(ids)]] == winner
    assert api.call("winner", cards=trick)["winner"] == winner


# --- pagat: The Deal ------------------------------------------------------------------------------
@pytest.mark.parametrize("players,method,each,dealer_extra", [
    (4, "three_rounds", 19, 2), (4, "two_rounds", 19, 2), (4, "one_round", 19, 2),
    (3, "five_rounds", 25, 3), (5, "three_rounds", 15, 3), (6, "two_rounds", 13, 0),
])
def test_deal_sizes(players, method, each, dealer_extra):
    h = Hand(players, dealer=1, seed=11, method=method)
    h.deal_through()
    sizes = [len(d) for d in h.dealt]
    assert sizes == [each + (dealer_extra if p == 1 else 0) for p in range(players)]
    assert SCART_SIZE[players] == dealer_extra
    assert sum(sum(b) for b in METHODS[players][method]) == 78


def test_deal_four_players_in_batches_6_6_7_dealer_9_from_the_right():
    h = Hand(4, dealer=2, seed=5)
    first = h.events[0]["batches"]
    assert list(first) == [3, 0, 1, 2]  # the dealer's right first, the dealer last
    assert list(first.values()) == [6, 6, 6, 6]
    assert h.deck[:6] == h.dealt[3][:6] and h.deck[18:24] == h.dealt[2][:6]
    h.deal_through()
    last = [e for e in h.events if e["type"] == "deal_round"][-1]["batches"]
    assert list(last.values()) == [7, 7, 7, 9]
    assert h.deck[-9:] == h.dealt[2][-9:]
    assert all(h.face_up[p] == h.dealt[p][-1] for p in range(4))


@pytest.mark.parametrize("behind,methods", [(8, None), (9, ["three_rounds", "two_rounds"]),
                                            (18, ["three_rounds", "one_round", "two_rounds"])])
def test_deal_method_losing_side_may_demand_fewer_rounds(behind, methods):
    """pagat: 9 or more behind, two rounds of 9 and 10; 18 or more, one round."""
    h = Hand(4, dealer=0, seed=1, totals=[-behind, behind])
    if methods is None:
        assert h.phase == "talk"
        return
    assert h.phase == "deal_method" and h.side_of[h.current_player] == 0
    assert sorted(a.arg for a in h.legal_actions()) == sorted(methods)
    h.apply(f"{h.current_player} deal {methods[-1]}")
    assert h.method == methods[-1]


def test_partner_draw_two_lowest_against_two_highest_lowest_deals():
    d = partner_draw(shuffled_deck(3))
    trumps = d.trumps
    low = sorted(range(4), key=lambda p: trumps[p])
    assert d.first_dealer == low[0]
    assert set(d.teams[0]) == set(low[:2]) and set(d.teams[1]) == set(low[2:])
    for cards in d.dealt:
        assert all(c > 21 or c == 0 for c in cards[:-1])  # no trump before the last


# --- pagat: the throw-in talk ---------------------------------------------------------------------
def test_talk_any_player_may_veto():
    h = Hand(4, 0, seed=2)
    h.apply("1 talk continue")
    assert h.round == 2 and h.phase == "talk"


def test_talk_liber_leaves_the_choice_to_the_dealer():
    h = Hand(4, 0, seed=2)
    h.apply("1 talk allow")
    h.apply("2 talk allow", say="pli bugen autras")
    assert not h.can("3 talk allow")
    assert h.explain("3 talk allow").rule == "talk.liber"
    h.apply("3 talk liber")
    assert h.current_player == 0
    h.apply("0 talk abandon")
    assert h.phase == "thrown_in" and h.returns() == [0, 0, 0, 0]


def test_talk_consent_variant_wiki_en():
    h = Hand(4, 0, seed=2, rules=Rules(throw_in="consent"))
    for p in (1, 2, 3):
        h.apply(f"{p} talk allow")
    h.apply("0 talk abandon")
    assert h.phase == "thrown_in"


def test_talk_dealer_without_trumps_may_abandon():
    """pagat: only the dealer, holding no trump after the last round, may abandon alone."""
    dealer_cards = "Kc Qc Cc Jc 1c 2c 3c 4c 5c 6c 7c Kr Qr Cr Jr 1r 2r 3r 4r 5r 6r"
    deck = deck_for_hands(4, 0, {0: parse_ids(dealer_cards)})
    h = Hand(4, 0, deck=deck)
    h.apply("1 talk continue")
    h.apply("1 talk continue")
    h.apply("1 talk continue")
    assert h.phase == "dealer_choice" and h.current_player == 0
    h.apply("0 talk abandon")
    assert h.phase == "thrown_in"


def test_no_talk_with_three_five_or_six_players():
    for n in (3, 5, 6):
        h = Hand(n, 0, seed=4)
        assert h.phase in ("scart", "play")


# --- pagat: The Discard ---------------------------------------------------------------------------
def test_scart_never_a_five_point_card():
    h = make_hand({0: "Kc XXI I Fool 3c 4c"})
    for card in ("Kc", "XXI", "I", "Fool"):
        assert h.explain(f"0 scart {card}").rule == "scart.honour"
    h.apply("0 scart 3c")
    h.apply("0 scart 4c")
    assert h.phase == "play" and len(h.scart) == 2


def test_first_lead_dealer_right_or_dealer():
    assert make_hand({}, scart="3c 4c").current_player == 1
    assert make_hand({}, scart="3c 4c", rules=Rules(first_lead="dealer")).current_player == 0


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    h = make_hand({1: "3c", 2: "5c XXI"}, scart="6r 7r")
    play(h, "3c")
    before = (list(h.hands), list(h.trick_cards))
    with pytest.raises(IllegalActionError) as exc:
        h.apply("2 play XXI")
    assert exc.value.rule == "play.follow_suit"
    with pytest.raises(IllegalActionError) as exc:
        h.apply("3 play 5c")
    assert exc.value.rule == "play.turn"
    assert (list(h.hands), list(h.trick_cards)) == before


# Message ids about input, not about a rule of play: they have no clause on the rules pages.
INPUT_RULES = {"phase", "api", "players", "options", "record", "record.deck", "record.action",
               "counting.method", "notation", "notation.duplicate", "puzzle", "puzzle.expect", "exercise",
               "situation", "seed", "type", "size", "output", "engine", "waiting", "word", "suit", "suit_one",
               "term", "seat",  # how a message names a seat
               "solver",
               "bot",  # the bots' reasons: advice, not rule clauses
               # words the facade's results are given in: names of cards and ranks, the rule
               # options, the sources, the clauses' titles, the tschintschar meanings
               "rank", "card", "option", "not_option", "source", "clause", "phrase",
               # and the phrases' topics and moments, the groups the talk offers them in
               "phrase_topic", "phrase_moment"}


def _catalogued_rules():
    from troccas.errors import msg
    cat = json.loads((Path(troccas.__file__).parent / "messages" / "en.json").read_text())
    # "<id>@you:<parameter>" is a form of the message <id>, not a message of its own.
    return {msg(k).rule for k in cat if not k.startswith("_") and "@" not in k}


def test_every_clause_cited_by_the_engine_is_catalogued():
    """Every rule an engine message names (its id up to '#') is a clause the rules pages
    explain, and every message id the engine's source asks for is in the catalogue."""
    rules = {r for r in _catalogued_rules() if r.split(".")[0] not in INPUT_RULES
             and r not in INPUT_RULES}
    assert len(rules) >= 25
    assert rules <= set(CLAUSES), rules - set(CLAUSES)
    src = "".join(p.read_text() for p in Path(troccas.__file__).parent.glob("*.py"))
    cat = json.loads((Path(troccas.__file__).parent / "messages" / "en.json").read_text())
    used = set(re.findall(r'msg\(\s*"([^"]+)"', src))
    assert used and used <= set(cat), used - set(cat)
