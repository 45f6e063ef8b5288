"""Rule variants where the sources disagree or are silent, each test named after the clause.

Seats: dealer 0; seat 1 (the dealer's right) leads; sides are {0, 2} and {1, 3}. Cards not
named are dealt in id order, so the dealer holds the Fool, I and the low trumps.
"""

import pytest

from troccas.cards import SUIT_OF, TOKEN, TRUMP, parse_id
from troccas.errors import OptionError
from troccas.hand import Hand
from troccas.rules import Rules
from troccas.situation import setup_hand

from engine_helpers import make_hand, play

SCART = "8b 9b"


def held(h, seat):
    return {TOKEN[c] for c in h.cards_of(seat)}


def trick_cards(h):
    return [c for _, c in h.tricks[-1]["plays"]]


# --- buob: what goes back for the jack ------------------------------------------------------
def test_buob_court_wiki_en_queen_stays_and_the_holder_keeps_the_jack():
    """wiki-en: the jack's holder takes back his card 'unless they had played the queen,
    cavalier, or the Fool'."""
    rules = Rules(buob_return="own_card_unless_court")
    h = make_hand({1: "Kc", 2: "3c", 3: "Jc Qc", 0: "7c"}, scart=SCART, rules=rules)
    play(h, "Kc", "3c", "Qc", "7c")
    assert h.phase == "call"
    assert {a.arg for a in h.legal_actions()} == {"buob", "pass"}  # no 'buob, sche' here
    h.apply("1 call buob")
    ev = h.tricks[-1]["buob"]
    assert (ev["rule"], ev["effect"]) == ("buob.court", "none")
    assert "Jc" in held(h, 3) and "Qc" in trick_cards(h)


def test_buob_court_wiki_en_a_numeral_still_goes_back():
    rules = Rules(buob_return="own_card_unless_court")
    h = make_hand({1: "Kc", 2: "3c", 3: "Jc 5c", 0: "7c"}, scart=SCART, rules=rules)
    play(h, "Kc", "3c", "5c", "7c", "call buob")
    assert h.tricks[-1]["buob"]["returned"] == "5c" and "Jc" in trick_cards(h)


def test_buob_return_arcane_never_takes_a_face_card():
    """arcane: the jack's holder takes 'the next highest card of that suit ... not a face card
    or Troccas'."""
    rules = Rules(buob_return="next_highest_numeral")
    h = make_hand({1: "Kc", 2: "3c", 3: "Jc Qc", 0: "7c"}, scart=SCART, rules=rules)
    play(h, "Kc", "3c", "Qc", "7c")
    assert not h.can("1 call buob_sche")
    h.apply("1 call buob")
    ev = h.tricks[-1]["buob"]
    assert ev["returned"] == "3c"  # the highest numeral of cups (a round suit: 1 high)
    assert "Qc" in trick_cards(h) and "Jc" in trick_cards(h) and "3c" in held(h, 3)


def test_buob_return_wiki_de_queen_goes_back_on_buob_and_stays_on_sche():
    rules = Rules(buob_return="numeral_from_table")
    h = make_hand({1: "Kc", 2: "3c", 3: "Jc Qc", 0: "7c"}, scart=SCART, rules=rules)
    play(h, "Kc", "3c", "Qc", "7c", "call buob")
    assert h.tricks[-1]["buob"]["returned"] == "Qc"
    h = make_hand({1: "Kc", 2: "3c", 3: "Jc Qc", 0: "7c"}, scart=SCART, rules=rules)
    play(h, "Kc", "3c", "Qc", "7c", "call buob_sche")
    assert h.tricks[-1]["buob"]["rule"] == "buob.sche"


def test_buob_own_king_the_holder_who_played_the_king_keeps_the_jack():
    """The engine's own reading (the sources are silent): taking the king back would undo the
    condition of the call itself. (The king's player himself is not asked to call for his own
    jack; here the trick's winner, who trumped the king, calls.)"""
    h = setup_hand({1: "Kc Jc", 2: "3c", 3: "5c", 0: "XX"}, scart=SCART, void={0: "c"})
    play(h, "Kc", "3c", "5c", "XX", "call buob")
    ev = h.tricks[-1]["buob"]
    assert (ev["rule"], ev["effect"]) == ("buob.own_king", "none") and "Jc" in held(h, 1)


def test_buob_king_jack_with_no_numeral_to_take_offers_no_call():
    h = setup_hand({1: "Kc Jc", 2: "XX", 3: "XIX", 0: "XVIII"}, scart=SCART, fill=[],
                   void={2: "c", 3: "c", 0: "c"})
    play(h, "kingjack c", "XX", "XIX", "XVIII")
    assert "king_jack_back" in [e["type"] for e in h.events]
    assert h.phase == "play" and "Jc" in held(h, 1)


# --- buob: who may call ---------------------------------------------------------------------
def test_buob_caller_wiki_de_king_led_again_may_call():
    """wiki-de: 'Spielt jemand als farbbestimmende Karte einen König aus' — no first-lead
    condition, so a king leading cups the second time still calls."""
    hands = {1: "Kc 3c", 2: "4c 5c", 3: "Jc 6c 7c", 0: "8c 9c"}
    h = make_hand(hands, scart=SCART, rules=Rules(buob_caller="king_leader"))
    play(h, "3c", "4c", "6c", "8c")
    assert h.phase == "play" and h.current_player == 1
    play(h, "Kc", "5c", "7c", "9c")
    assert h.phase == "call" and h.current_player == 1
    h.apply("1 call buob")
    assert h.tricks[-1]["buob"]["returned"] == "7c"
    pagat = make_hand(hands, scart=SCART)
    play(pagat, "3c", "4c", "6c", "8c", "Kc", "5c", "7c", "9c")
    assert pagat.phase == "play"  # pagat: only the first lead of a suit


# --- per-trick counting ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 5, 6])
def test_count_per_trick_is_for_four_card_tricks_only(players):
    with pytest.raises(OptionError, match="four-card tricks"):
        Hand(players, 0, seed=1, rules=Rules(reckoning="per_trick"))


# --- catch-up deals -------------------------------------------------------------------------
@pytest.mark.parametrize("measure,totals,offered", [
    ("own_score", [-8, 8], None), ("own_score", [-9, 9], ["three_rounds", "two_rounds"]),
    ("own_score", [-18, 18], ["three_rounds", "one_round", "two_rounds"]),
    ("gap", [-4, 4], None), ("gap", [-5, 5], ["three_rounds", "two_rounds"]),
    ("gap", [9, -9], ["three_rounds", "one_round", "two_rounds"]),
])
def test_deal_method_losing_by_9_either_reading(measure, totals, offered):
    h = Hand(4, 0, seed=3, totals=totals, rules=Rules(catch_up_measure=measure))
    if offered is None:
        assert h.phase == "talk"
        return
    assert h.phase == "deal_method"
    losing = 0 if totals[0] < 0 else 1
    assert h.side_of[h.current_player] == losing
    assert sorted(a.arg for a in h.legal_actions()) == sorted(offered)


# --- knocking -------------------------------------------------------------------------------
def test_knocking_xx_knocks_on_the_next_trump_lead_after_xxi_is_played():
    """pagat: the holder of the highest outstanding trump knocks 'on the next lead of a trump
    after it becomes highest' — not on the lead that plays the XXI."""
    h = make_hand({1: "XXI II", 2: "XX III", 3: "IV", 0: "V"}, scart=SCART,
                  rules=Rules(knocking=True))
    play(h, "XXI")
    assert not [e for e in h.events if e["type"] == "knock"]
    play(h, "III", "IV", "V")
    assert h.current_player == 1
    play(h, "II")
    knocks = [e for e in h.events if e["type"] == "knock"]
    assert [(k["player"], k["card"]) for k in knocks] == [(2, "XX")]


def test_knocking_ends_when_a_trump_lies_in_the_scart():
    """pagat: a trump becomes the highest "all higher trumps having been played"; XX laid in the
    scart is never played, so after the XXI nobody knocks again in the whole hand, though
    XIX and lower trumps are still in play (rules/customs says so)."""
    h = make_hand({1: "XXI II", 2: "XIX III", 3: "IV", 0: "V"}, scart="XX 9b",
                  rules=Rules(knocking=True))
    play(h, "XXI", "III", "IV", "V")
    xix, trumps_led = parse_id("XIX"), 0
    while h.result is None:
        action = next(iter(h.legal_actions()))
        card = action.card
        if h.plays_in_trick == 0 and card is not None and SUIT_OF[card] == TRUMP \
                and not h.played >> xix & 1:
            trumps_led += 1  # a trump lead on which XIX's holder would knock, were XX played
        h.apply(action)
    assert trumps_led > 0
    assert [e for e in h.events if e["type"] == "knock"] == []
    # The same hand with XX in play: its holder knocks on the next trump lead.
    h = make_hand({1: "XXI II", 2: "XX III", 3: "IV", 0: "V"}, scart=SCART,
                  rules=Rules(knocking=True))
    play(h, "XXI", "III", "IV", "V", "II")
    assert [(e["player"], e["card"]) for e in h.events if e["type"] == "knock"] == [(2, "XX")]


@pytest.mark.parametrize("players,scart", [(3, "8b 9b 10b"), (5, "8b 9b 10b")])
def test_knocking_not_with_three_or_five_players(players, scart):
    h = make_hand({1: "II", 2: "XXI III", 0: "V"}, players=players, scart=scart,
                  rules=Rules(knocking=True))
    play(h, "II")
    assert not [e for e in h.events if e["type"] == "knock"]


# --- five players counted in threes ---------------------------------------------------------
def test_count_threes_five_players_totals_78_to_81():
    """wiki-de counts five players in threes: 130 card values less 2 per full group of three,
    and a pile ending in a single card or a pair loses less, so a hand makes 78 to 81."""
    import random
    from troccas.hand import play_random
    totals = set()
    for seed in range(300):
        h = Hand(5, seed % 5, seed=seed, rules=Rules(five_player_counting="threes"))
        play_random(h, random.Random(seed))
        totals.add(sum(h.result["points"]))
        assert sum(h.result["par"]) == pytest.approx(sum(h.result["points"]))
    assert totals <= {78, 79, 80, 81} and {78, 81} & totals


# --- the figures of the game (troccas.facts), against the sources --------------------------
@pytest.mark.parametrize("players,each,dealer,scart,totals,pars", [
    (3, 25, 28, 3, {"threes": 78, "singly": 127},
     {"threes": (26, 26), "singly": (43, 42)}),
    (4, 19, 21, 2, {"fours": 72}, {"fours": (36, 36)}),
    (5, 15, 18, 3, {"singly": 127, "threes": 78}, {"singly": (27, 25), "threes": (None, None)}),
    (6, 13, 13, 0, {"fours": 72}, {"fours": (36, 36)}),
])
def test_facts_match_the_sources(players, each, dealer, scart, totals, pars):
    from troccas import api
    f = api.call("facts", players=players)
    assert (f["cards_each"], f["dealer_cards"], f["scart"]) == (each, dealer, scart)
    assert f["pack_total"] == totals
    assert {m: (p["dealer"], p["other"]) for m, p in f["par"].items()} == pars
    if players == 4:
        assert f["batches"]["three_rounds"] == [[6, 6, 6, 6], [6, 6, 6, 6], [7, 7, 7, 9]]
        assert f["catch_up"] == {"two_rounds": 9, "one_round": 18}
