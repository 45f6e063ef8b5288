"""Buob and the Fool (pagat: The Play; arcane; wiki-de; wiki-en)."""

from troccas.cards import TOKEN, parse_ids
from troccas.rules import Rules

from engine_helpers import make_hand, play

# Seats: dealer 0; seat 1 (the dealer's right) leads; sides are {0, 2} and {1, 3}.
FILL_SCART = "8b 9b"


def hand_of(h, seat):
    return {TOKEN[c] for c in h.cards_of(seat)}


def buob_hand(rules=None, seat3="Jc 5c", scart=FILL_SCART, **extra):
    cards = {1: "Kc", 2: "3c", 3: seat3, 0: "7c"}
    cards.update(extra)
    return make_hand(cards, scart=scart, rules=rules)


# --- pagat: buob ----------------------------------------------------------------------------------
def test_buob_jack_holder_adds_the_jack_and_takes_back_his_card():
    h = buob_hand()
    play(h, "Kc", "3c", "5c", "7c")
    assert h.phase == "call" and h.current_player == 1  # the trick's winner may call
    h.apply("1 call buob")
    trick = h.tricks[-1]
    assert [c for _, c in trick["plays"]] == ["Kc", "3c", "Jc", "7c"]
    assert "5c" in hand_of(h, 3) and "Jc" not in hand_of(h, 3)
    assert trick["buob"]["returned"] == "5c" and trick["buob"]["rule"] == "buob"


def test_buob_only_on_the_first_lead_of_the_suit():
    h = make_hand({1: "1c Kc", 2: "3c 2c", 3: "Jc 5c 6c", 0: "7c 8c XX"}, scart=FILL_SCART)
    play(h, "1c", "3c", "5c", "7c")  # cups led for the first time, no king: nothing to call
    assert h.phase == "play"
    assert h.current_player == 1  # the ace is the highest numeral of cups (a round suit)
    play(h, "Kc", "2c", "6c", "8c")
    assert h.phase == "play"  # the second lead of cups gives no call


def test_buob_not_when_the_jack_is_in_the_trick():
    h = buob_hand(seat3="Jc")
    play(h, "Kc", "3c", "Jc", "7c")
    assert h.phase == "play"


def test_buob_jack_in_the_scart_has_no_effect():
    h = make_hand({1: "Kc", 2: "3c", 3: "5c", 0: "7c"}, scart="Jc 9b")
    play(h, "Kc", "3c", "5c", "7c")
    assert h.phase == "call"
    h.apply("1 call buob")
    assert h.tricks[-1]["buob"]["rule"] == "buob.scart"
    assert h.tricks[-1]["buob"]["effect"] == "none"


def test_buob_jack_holder_who_played_the_fool_keeps_the_jack():
    h = buob_hand(seat3="Jc Fool")
    play(h, "Kc", "3c", "Fool", "7c")
    h.apply("1 call buob")
    assert h.tricks[-1]["buob"]["rule"] == "buob.fool"
    assert "Jc" in hand_of(h, 3)


def test_buob_takes_back_a_queen_but_buob_sche_leaves_it():
    h = buob_hand(seat3="Jc Qc")
    play(h, "Kc", "3c", "Qc", "7c")
    h.apply("1 call buob")
    assert h.tricks[-1]["buob"]["returned"] == "Qc" and "Qc" in hand_of(h, 3)

    h = buob_hand(seat3="Jc Cc")
    play(h, "Kc", "3c", "Cc", "7c")
    h.apply("1 call buob_sche")
    ev = h.tricks[-1]["buob"]
    assert ev["rule"] == "buob.sche" and ev["effect"] == "none"
    assert "Jc" in hand_of(h, 3) and "Cc" not in hand_of(h, 3)


def test_buob_caller_is_the_winner_even_when_the_king_is_trumped():
    h2 = make_hand({1: "Kc", 2: "3c", 3: "Jc 5c", 0: "XX 8b 9b"},
                   scart="8b 9b", fill=[c for c in range(78) if not (22 <= c < 36)])
    play(h2, "Kc", "3c", "5c", "XX")
    assert h2.phase == "call" and h2.current_player == 0


def test_buob_own_king_the_caller_who_played_the_king_and_holds_the_jack_is_not_asked():
    """buob.own_king: buob calls the jack out of another hand. A caller who played the king
    alone and holds the jack himself would call for his own card and change nothing, so the
    engine offers no call and says why — under each rule of who calls."""
    for caller_rule in ("trick_winner", "king_player", "king_leader"):
        h = make_hand({1: "Kc Jc", 2: "3c", 3: "5c", 0: "7c"}, scart=FILL_SCART,
                      rules=Rules(buob_caller=caller_rule))
        play(h, "Kc", "3c", "5c", "7c")
        assert h.phase == "play" and h.current_player == 1, caller_rule
        assert "Jc" in hand_of(h, 1) and h.tricks[-1]["buob"] is None
        said = [e for e in h.events if e["type"] == "buob_none"]
        assert [e["rule"] for e in said] == ["buob.own_king"] and said[0]["player"] == 1
    # Another caller cannot know who holds the jack: the trick's winner is still asked, and
    # the call's effect says plainly that nothing moves.
    h = make_hand({1: "Kc Jc", 2: "3c", 3: "5c", 0: "XX 8b 9b"}, scart="8b 9b",
                  fill=[c for c in range(78) if not (22 <= c < 36)])
    play(h, "Kc", "3c", "5c", "XX")
    assert h.phase == "call" and h.current_player == 0
    h.apply("0 call buob")
    assert h.tricks[-1]["buob"]["rule"] == "buob.own_king"
    assert h.tricks[-1]["buob"]["effect"] == "none"


def test_buob_king_and_jack_together():
    """pagat: the holder of king and jack may play both to the first trick of the suit, then
    takes a numeral card of the suit played by another player."""
    h = make_hand({1: "Kc Jc", 2: "3c", 3: "5c", 0: "7c"}, scart=FILL_SCART)
    assert "1 kingjack c" in {str(a) for a in h.legal_actions()}
    play(h, "kingjack c", "3c", "5c", "7c")
    assert h.phase == "take_back" and h.current_player == 1
    assert {a.arg for a in h.legal_actions()} == {"3c", "5c", "7c"}
    h.apply("1 takeback 7c")
    assert "7c" in hand_of(h, 1)
    assert sorted(c for _, c in h.tricks[-1]["plays"]) == sorted(["Kc", "Jc", "3c", "5c"])
    assert h.phase == "play" and len(hand_of(h, 1)) == len(hand_of(h, 2))


def test_buob_no_calling_with_three_players_but_king_and_jack_together_allowed():
    h = make_hand({1: "Kc Jc", 2: "3c 4c", 0: "7c"}, players=3, scart="8b 9b 10b")
    assert h.can("1 kingjack c")
    h = make_hand({1: "Kc", 2: "3c", 0: "Jc 7c"}, players=3, scart="8b 9b 10b")
    play(h, "Kc", "3c", "7c")
    assert h.phase == "play"  # no call


def test_buob_caller_variants_arcane_and_wiki_de():
    # arcane: the player of the king calls, even if the trick was trumped by another.
    rules = Rules(buob_caller="king_player", buob_return="next_highest_numeral")
    h = make_hand({1: "3c", 2: "Kc", 3: "Jc 5c", 0: "2c"}, scart=FILL_SCART, rules=rules)
    play(h, "3c", "Kc", "5c", "2c")
    assert h.phase == "call" and h.current_player == 2
    assert not h.can("2 call buob_sche")  # arcane knows no 'buob, sche'
    h.apply("2 call buob")
    assert h.tricks[-1]["buob"]["returned"] == "2c"  # the highest numeral in the trick
    # wiki-de: only when the king was led.
    rules = Rules(buob_caller="king_leader")
    h = make_hand({1: "3c", 2: "Kc", 3: "Jc 5c", 0: "2c"}, scart=FILL_SCART, rules=rules)
    play(h, "3c", "Kc", "5c", "2c")
    assert h.phase == "play"


# --- pagat: the Fool --------------------------------------------------------------------------------
def test_fool_stays_with_its_side_for_a_low_card():
    # The jack of coins is seat 0's, so the coins trick still gives a call to pass on (a king's
    # player holding its jack is not asked: buob.own_king).
    h = make_hand({1: "Kc 3r", 2: "Fool 3c 4r", 3: "5c Kr", 0: "7c 5r Jr"},
                  scart=FILL_SCART, fill=[c for c in range(78) if not 22 <= c < 50])
    play(h, "Kc", "3c", "5c", "7c", "call pass")  # side 1 wins the first trick
    # Seat 2 plays the Fool to a trick side 1 wins: side 0 has no low card to give yet.
    play(h, "3r", "Fool", "Kr", "5r", "call pass")
    ev = h.tricks[-1]["fool"]
    assert ev["type"] == "fool_owed" and ev["side"] == 0
    assert h.fool_aside == 0


def test_fool_exchange_gives_a_one_point_card_from_the_won_tricks():
    h = make_hand({1: "Kc 3r", 2: "3c Fool", 3: "5c 4r", 0: "7c Kr"},
                  scart=FILL_SCART, fill=[c for c in range(78) if not 22 <= c < 50])
    play(h, "Kc", "3c", "5c", "7c", "call pass")
    play(h, "3r", "Fool", "4r", "Kr", "call pass")  # seat 0's Kr wins: the Fool is his side's
    assert h.tricks[-1]["fool"] is None
    assert 0 in [c for g in h.piles[0] for c in g]  # the Fool lies in side 0's tricks


def test_fool_owed_then_paid_when_a_low_card_is_won():
    h = make_hand({1: "Kc 3r 8r", 2: "3c Fool 1r", 3: "5c Kr 9r", 0: "7c 5r 10r Jr"},
                  scart=FILL_SCART, fill=[c for c in range(78) if not 22 <= c < 50])
    play(h, "Kc", "3c", "5c", "7c", "call pass")
    play(h, "3r", "Fool", "Kr", "5r", "call pass")
    assert h.fool_owed is not None
    play(h, "9r", "10r", "8r", "1r")  # seat 3 leads; seat 2's 1r wins for side 0: it pays
    ev = h.tricks[-1]["fool"]
    assert ev["type"] == "fool_exchange" and ev["rule"] == "fool.owed"
    assert h.fool_owed is None
    assert parse_ids(ev["card"])[0] in [c for g in h.piles[1] for c in g]


def test_side_taking_every_trick_takes_the_fool_and_the_scart():
    import random
    from troccas.hand import Hand
    # Search real random hands for one side sweeping every trick: rare, so give side 1 all
    # the power: every trump and every king.
    strong = parse_ids("XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI X IX VIII VII VI V IV III"
                       " II I Kc Kr Ks Kb Qc Qr Qs Qb Cc Cr Cs Cb Jc Jr Js Jb")
    h = make_hand({1: " ".join(TOKEN[c] for c in strong[:19]),
                   3: " ".join(TOKEN[c] for c in strong[19:38])}, scart="3c 4c")
    rng = random.Random(1)
    while not h.is_terminal():
        acts = h.legal_action_ids()
        h.apply_action(acts[0] if h.current_player in (1, 3) else rng.choice(acts))
    if {t["side"] for t in h.tricks} == {1}:
        assert any(e["type"] == "all_tricks" for e in h.events)
        assert len(h.pile_cards(1)) == 78 and h.result["points"][1] == 72
    assert isinstance(h, Hand)


# --- pagat: Variations (knocking) ---------------------------------------------------------------------
def test_knocking_holder_of_the_highest_trump_knocks_when_trumps_are_led():
    h = make_hand({1: "II", 2: "XXI III", 3: "IV", 0: "V"}, scart=FILL_SCART,
                  rules=Rules(knocking=True))
    play(h, "II")
    knocks = [e for e in h.events if e["type"] == "knock"]
    assert knocks and knocks[0]["player"] == 2 and knocks[0]["card"] == "XXI"
    plain = make_hand({1: "II", 2: "XXI III", 3: "IV", 0: "V"}, scart=FILL_SCART)
    play(plain, "II")
    assert not [e for e in plain.events if e["type"] == "knock"]
