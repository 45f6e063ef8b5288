"""The Truc engine (issue 18), each rule test named after the source's sentence it checks
(truc: the Catalan game, then "Truc in France"), and property tests over random hands of two
and four players."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from truc.cards import pack
from truc.errors import IllegalActionError, InvalidCardError, OptionError, TrucError
from truc.game import Game
from truc.hand import Hand, play_random
from truc.rules import Rules

P = pack()


def dealt(cards: dict[int, str], dealer: int = 0, players: int = 4, **kw) -> Hand:
    """A hand whose seats are dealt ``cards`` (seat -> "3o 2c 4e"), the deck built to match
    the deal: one card at a time, from the dealer's right."""
    rules = kw.pop("rules", None) or Rules(players=players)
    want = {seat: P.parse(text) for seat, text in cards.items()}
    k = len(next(iter(want.values())))
    rest = [c for c in range(P.size) if all(c not in w for w in want.values())]
    deck = []
    for r in range(k):
        for i in range(1, players + 1):
            seat = (dealer + i) % players
            deck.append(want[seat][r] if seat in want else rest.pop())
    deck += rest
    h = Hand(rules, dealer, deck=deck, **kw)
    h.apply(f"{(dealer - 1) % players} cut {'tap' if k == 1 else 'cut'}")
    if k == 1:
        h.apply(f"{dealer} deal one")
    return h


def plays(h: Hand, *actions: str) -> Hand:
    for a in actions:
        h.apply(a)
    return h


def test_the_card_order_from_highest_to_lowest_is_3_2_1_12_11_10_7_6_5_4():
    ranks = ["3", "2", "1", "R", "C", "S", "7", "6", "5", "4"]
    powers = [P.power[P.parse(r + "o")[0]] for r in ranks]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == 10
    assert P.parse("12b 11b 10b") == P.parse("Rb Cb Sb")  # the rei, cavall and sota


def test_only_the_rank_of_the_cards_counts_the_suits_are_not_important():
    h = dealt({1: "3o 4o 5o", 2: "3e 4c 5c", 3: "4e 5e 6e", 0: "4b 5b 6b"})
    plays(h, "1 play 3o", "2 play 3e", "3 play 4e", "0 play 4b")
    assert h.tricks[0][1] is None  # drawn: a 3 is a 3


def test_the_dealer_deals_three_cards_one_at_a_time_beginning_with_the_player_to_his_right():
    h = Hand(Rules(), dealer=2, seed=5)
    h.apply("1 cut cut")
    deck = h.deck
    # Seat 3 is on the dealer's right: it gets the first card of each round of four.
    assert sorted(h.held[3]) == sorted([deck[0], deck[4], deck[8]])
    assert sorted(h.held[2]) == sorted([deck[3], deck[7], deck[11]])
    assert h.current_player == 3  # "The player to dealer's right leads to the first trick"


def test_the_player_to_the_left_of_the_dealer_may_tap_and_the_dealer_may_deal_one_card_each():
    h = Hand(Rules(), dealer=0, seed=1)
    assert h.current_player == 3  # left of the dealer: the last seat in the order of play
    h.apply("3 cut tap")
    assert h.current_player == 0 and {str(a) for a in h.legal_actions()} == {
        "0 deal three", "0 deal one"}
    h.apply("0 deal one")
    assert all(len(cards) == 1 for cards in h.held)


def test_with_a_team_at_eleven_three_cards_each_must_be_dealt():
    h = Hand(Rules(), dealer=0, seed=1, totals=[11, 4])
    h.apply("3 cut tap")
    assert h.phase == "eleven" and all(len(cards) == 3 for cards in h.held)


def test_any_card_can_be_played_the_highest_card_wins_and_the_winner_leads_the_next_trick():
    h = dealt({1: "4o 5o 6o", 2: "Ro 4c 5c", 3: "3o 4e 5e", 0: "7b 4b 5b"})
    assert {str(a) for a in h.legal_actions() if a.kind == "play"} == {
        "1 play 4o", "1 play 5o", "1 play 6o"}
    plays(h, "1 play 4o", "2 play Ro", "3 play 3o", "0 play 7b")
    assert h.tricks[0][1] == 1 and h.current_player == 3


def test_equal_highest_cards_from_different_teams_draw_and_the_same_player_leads_again():
    h = dealt({1: "2o 4o 5o", 2: "2c 4c 5c", 3: "6e 4e 5e", 0: "6b 4b 5b"})
    plays(h, "1 play 2o", "2 play 2c", "3 play 6e", "0 play 6b")
    assert h.tricks[0][1] is None and h.current_player == 1


def test_both_members_of_one_team_playing_threes_do_not_beat_a_single_three_of_the_other():
    h = dealt({1: "3o 4o 5o", 2: "3c 4c 5c", 3: "3e 4e 5e", 0: "6b 4b 5b"})
    plays(h, "1 play 3o", "2 play 3c", "3 play 3e", "0 play 6b")
    assert h.tricks[0][1] is None


def test_a_trick_won_by_two_partners_playing_equally_high_cards_is_led_next_by_the_earlier():
    h = dealt({1: "3o 4o 5o", 2: "6c 4c 5c", 3: "3e 4e 5e", 0: "6b 4b 5b"})
    plays(h, "1 play 3o", "2 play 6c", "3 play 3e", "0 play 6b")
    assert h.tricks[0][1] == 1 and h.current_player == 1


def test_the_team_that_wins_two_tricks_wins_and_play_stops_once_the_hand_is_decided():
    h = dealt({1: "3o 3c 4o", 2: "4c 5c 6c", 3: "4e 5e 6e", 0: "4b 5b 6b"})
    plays(h, "1 play 3o", "2 play 4c", "3 play 4e", "0 play 4b",
          "1 play 3c", "2 play 5c", "3 play 5e", "0 play 5b")
    assert h.is_terminal() and h.result == {"team": 1, "points": 1, "how": "tricks"}
    assert len(h.tricks) == 2  # the third trick is not played


# Dealer seat 0: team A is seat 1's (the non-dealers, who lead), team B the dealer's.
@pytest.mark.parametrize("case, hands, tricks, team", [
    ("won, then drawn: the first trick decides",
     {1: "3o 2o 6o", 2: "4c 2c 6c", 3: "4e 5e 6e", 0: "4b 5b 6b"},
     ["1 3o, 2 4c, 3 4e, 0 4b", "1 2o, 2 2c, 3 5e, 0 5b"], 1),
    ("drawn, then won: the second trick decides",
     {1: "2o 4o 6o", 2: "2c 3c 6c", 3: "4e 5e 6e", 0: "4b 5b 6b"},
     ["1 2o, 2 2c, 3 4e, 0 4b", "1 4o, 2 3c, 3 5e, 0 5b"], 0),
    ("won by each, then drawn: the first of the other two decides",
     {1: "3o 4o 2o", 2: "4c 3c 2c", 3: "4e 6e 5e", 0: "4b 6b 5b"},
     ["1 3o, 2 4c, 3 4e, 0 4b", "1 4o, 2 3c, 3 6e, 0 6b", "2 2c, 3 5e, 0 5b, 1 2o"], 1),
    ("two drawn: the third trick's winners",
     {1: "2o 1o 4o", 2: "2c 1c 3c", 3: "4e 5e 6e", 0: "4b 5b 6b"},
     ["1 2o, 2 2c, 3 4e, 0 4b", "1 1o, 2 1c, 3 5e, 0 5b", "1 4o, 2 3c, 3 6e, 0 6b"], 0),
    ("all three drawn: the non-dealing team",
     {1: "2o 1o 3o", 2: "2c 1c 3c", 3: "4e 5e 6e", 0: "4b 5b 6b"},
     ["1 2o, 2 2c, 3 4e, 0 4b", "1 1o, 2 1c, 3 5e, 0 5b", "1 3o, 2 3c, 3 6e, 0 6b"], 1),
])
def test_if_one_trick_is_a_draw_the_team_that_wins_the_first_of_the_remaining_two_wins(
        case, hands, tricks, team):
    h = dealt(hands)
    for trick in tricks:
        for play in trick.split(", "):
            seat, card = play.split()
            h.apply(f"{seat} play {card}")
    assert h.is_terminal() and h.result["team"] == team, case
    assert len(h.tricks) == len(tricks)  # and no trick more than needed


def test_in_a_hand_of_one_card_a_drawn_trick_goes_to_the_non_dealers():
    h = dealt({1: "3o", 2: "3c", 3: "4e", 0: "4b"}, dealer=0)
    plays(h, "1 play 3o", "2 play 3c", "3 play 4e", "0 play 4b")
    assert h.result["team"] == 1  # seat 1's team: the dealer (seat 0) is on the other


def test_truc_may_be_bet_by_either_team_retruc_only_by_the_team_that_accepted():
    h = dealt({1: "3o 4o 5o", 2: "4c 5c 6c", 3: "4e 5e 6e", 0: "4b 5b 6b"})
    plays(h, "1 bet truc")
    assert h.current_player == 2  # the next player, of the other team, answers
    plays(h, "2 answer accept")
    assert h.stake == 2 and h.current_player == 1
    assert not h.can("1 bet retruc")  # seat 1's team proposed; seat 2's accepted
    assert "only the team that accepted truc" in str(h.explain("1 bet retruc"))
    plays(h, "1 play 4o", "2 bet retruc")
    assert h.current_player == 3 and h.pending == (2, 3)


def test_a_rejected_bet_scores_the_proposing_team_the_stake_before_the_bet():
    h = dealt({1: "3o 4o 5o", 2: "4c 5c 6c", 3: "4e 5e 6e", 0: "4b 5b 6b"})
    plays(h, "1 bet truc", "2 answer accept", "1 play 3o", "2 bet retruc", "3 answer fold")
    assert h.result == {"team": 0, "points": 2, "how": "fold"}


def test_if_you_play_without_saying_anything_the_bet_is_considered_accepted():
    h = dealt({1: "3o 4o 5o", 2: "4c 5c 6c", 3: "4e 5e 6e", 0: "4b 5b 6b"})
    plays(h, "1 playbet 3o")  # a bet after playing: seat 2 must consider it
    assert h.pending == (1, 2) and h.current_player == 2
    plays(h, "2 play 4c")
    assert h.stake == 2 and h.pending is None


def test_three_if_you_play_accepts_the_two_bet_and_bets_three_in_return():
    h = dealt({1: "3o 4o 5o", 2: "4c 5c 6c", 3: "4e 5e 6e", 0: "4b 5b 6b"})
    plays(h, "1 bet truc", "2 bet retruc")
    assert h.stake == 2 and h.pending == (2, 3) and h.current_player == 3
    plays(h, "3 answer accept")
    assert h.stake == 3


def test_a_bet_made_outside_a_players_turn_does_not_count():
    h = dealt({1: "3o 4o 5o", 2: "4c 5c 6c", 3: "4e 5e 6e", 0: "4b 5b 6b"})
    plays(h, "1 play 3o")
    with pytest.raises(IllegalActionError) as err:
        h.apply("1 bet truc")  # the following player is to play now
    assert err.value.rule == "play.turn"
    assert h.can("2 bet truc")  # the partner whose turn it is may repeat it


def test_a_team_at_eleven_decides_whether_to_play_for_three_without_betting_or_gives_one():
    h = Hand(Rules(), dealer=0, seed=4, totals=[3, 11])
    h.apply("3 cut cut")
    assert h.phase == "eleven" and h.team_of[h.current_player] == 1
    h.clone().apply("1 eleven pass")
    passed = h.clone()
    passed.apply("1 eleven pass")
    assert passed.result == {"team": 0, "points": 1, "how": "eleven_pass"}
    h.apply("1 eleven play")
    assert h.stake == 3 and not any(a.kind in ("bet", "playbet") for a in h.legal_actions())


def test_if_both_teams_have_eleven_the_hand_is_played_without_betting():
    h = Hand(Rules(), dealer=0, seed=4, totals=[11, 11])
    h.apply("3 cut cut")
    assert h.phase == "play" and h.stake == 1
    assert not any(a.kind in ("bet", "playbet") for a in h.legal_actions())
    play_random(h, random.Random(1))
    g_total = 11 + h.result["points"]
    assert g_total == 12


def test_the_game_is_to_twelve_and_the_turn_to_deal_passes_to_the_right():
    g = Game(Rules(), dealer=0, seed=3)
    rng = random.Random(3)
    dealers = []
    while not g.is_terminal():
        dealers.append(g.hand.dealer)
        play_random(g.hand, rng)
        g.next_hand()
    assert dealers[:5] == [0, 1, 2, 3, 0][:len(dealers[:5])]  # the next seat, on the right
    assert max(g.totals) >= 12 and g.winner == g.totals.index(max(g.totals))


def test_french_betting_never_lets_one_team_bet_twice_in_succession():
    h = dealt({1: "3o 4o 5o", 2: "4c 5c 6c", 3: "4e 5e 6e", 0: "4b 5b 6b"},
              rules=Rules(betting="french"))
    plays(h, "1 bet 4", "2 answer accept")
    assert h.stake == 4
    assert not h.can("1 bet 5") and "twice in a row" in str(h.explain("1 bet 5"))
    plays(h, "1 play 3o")
    assert h.can("2 bet 6") and not h.can("2 answer accept")


def test_french_remainder_accepted_gives_the_winners_of_the_hand_the_whole_game():
    h = dealt({1: "3o 3c 5o", 2: "4c 5c 6c", 3: "4e 5e 6e", 0: "4b 5b 6b"},
              rules=Rules(betting="french"), totals=[2, 5])
    plays(h, "1 bet remainder", "2 answer accept", "1 play 3o", "2 play 4c", "3 play 4e",
          "0 play 4b", "1 play 3c", "2 play 5c", "3 play 5e", "0 play 5b")
    assert h.result["team"] == 1 and 5 + h.result["points"] >= 12


def test_bad_input_is_one_clear_refusal():
    with pytest.raises(InvalidCardError, match="'9o' is not a card of the catalan40 pack"):
        P.parse("9o")
    with pytest.raises(OptionError, match="not a value of the option 'players'"):
        Rules(players=3)
    h = Hand(seed=1)
    with pytest.raises(IllegalActionError, match="no Truc action"):
        h.apply("3 dance now")
    for bad in (None, 2.0, "x", -1, 10 ** 9):
        with pytest.raises(TrucError):
            h.apply_action(bad)


# ---- properties over random hands -------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([2, 4]), betting=st.sampled_from(["catalan", "french"]),
       seed=st.integers(0, 10 ** 6), t0=st.integers(0, 11), t1=st.integers(0, 11),
       redeal=st.booleans(), pack=st.sampled_from(["catalan40", "french36", "french32"]))
def test_random_hands_end_score_what_the_bets_allow_and_offer_only_legal_actions(
        players, betting, seed, t0, t1, redeal, pack):
    rng = random.Random(seed)
    h = Hand(Rules(players=players, betting=betting, redeal=redeal, pack=pack), seed % players,
             seed=seed, totals=[t0, t1])
    steps = 0
    while not h.is_terminal():
        ids = h.legal_action_ids()
        assert ids, "a hand not over always offers an action"
        # One rule, one place: the legal ids are exactly the actions the verdict allows.
        p = h.current_player
        for aid in ids:
            assert h.verdict(p, aid).ok
        for other in (0, 1, 150, 201, 301, 302, 303):
            if other not in ids:
                assert not h.verdict(p, other).ok
        h.apply_action(ids[int(rng.random() * len(ids))])
        steps += 1
        assert steps < 120
    r = h.result
    assert r["team"] in (0, 1) and r["points"] >= 1
    if betting == "catalan":
        assert r["points"] in (1, 2, 3)
    if 11 in (t0, t1):
        assert not any(e["type"] == "bet" for e in h.events)
    assert sum(h.returns()) == r["points"] * (players // 2)
    # Each seat sees its own cards and the table, never another seat's cards still held.
    for seat in range(players):
        obs = h.observation(seat)
        assert set(obs.hand) == {h.pack.tokens[c] for c in h.held[seat]}


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10 ** 6), cut=st.integers(0, 5))
def test_a_clone_goes_its_own_way(seed, cut):
    rng = random.Random(seed)
    h = Hand(seed=seed)
    for _ in range(cut):
        if h.is_terminal():
            return
        ids = h.legal_action_ids()
        h.apply_action(ids[int(rng.random() * len(ids))])
    before = (list(map(list, h.held)), list(h.events), h.phase)
    c = h.clone()
    play_random(c, rng)
    assert (list(map(list, h.held)), list(h.events), h.phase) == before


# ---- records, the facade and the command line ------------------------------------------------
import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

from truc import api  # noqa: E402
from truc.record import HandRecord  # noqa: E402


def test_a_record_replays_to_the_same_hand_and_names_an_illegal_action_by_its_index():
    rec = api.call("new", seed=9, dealer=1)
    for action in ("0 cut cut", "2 bet truc", "3 answer fold"):
        rec = api.call("apply", record=rec, action=action)
    hand = HandRecord.from_json(rec).replay()
    assert hand.result == {"team": 0, "points": 1, "how": "fold"}
    rec["actions"].append("2 play 3o")
    with pytest.raises(TrucError, match=r"actions\[3\] '2 play 3o' is illegal: the hand is over"):
        HandRecord.from_json(rec).replay()


def test_who_takes_a_trick_is_said_with_its_reason():
    out = api.call("trick", plays=[[1, "3o"], [2, "2c"], [3, "3e"], [0, "4b"]])
    assert (out["team"], out["leads"]) == (1, 1) and out["reason"]["id"] == "trick.partners"
    out = api.call("trick", plays=[[2, "Ro"], [3, "Rc"], [0, "4e"], [1, "4b"]])
    assert out["team"] is None and out["leads"] == 2 and "drawn" in out["text"]


@settings(max_examples=150, deadline=None)
@given(data=st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["format", "version", "rules", "dealer", "seed", "totals", "actions",
                         "x", "players"]), inner, max_size=5), max_leaves=12))
def test_any_bad_record_is_refused_in_one_sentence(data):
    """Fuzzing: whatever JSON comes in, the facade answers — a result or the game's error in
    one line — and never an internal error."""
    out = json.loads(api.call_json("view", json.dumps({"record": data, "seat": 0})))
    if not out["ok"]:
        assert out["error"]["type"] != "InternalError", out
        assert "\n" not in out["error"]["message"]


def test_the_command_line_plays_replays_and_refuses_bad_input_in_one_line(tmp_path):
    def truc(*args):
        return subprocess.run([sys.executable, "-m", "truc", *args], capture_output=True,
                              text=True)
    played = truc("play", "--seed", "4", "--players", "2")
    assert played.returncode == 0
    path = tmp_path / "hand.json"
    path.write_text(played.stdout)
    replayed = json.loads(truc("replay", str(path), "--json").stdout)
    assert replayed["result"] == HandRecord.loads(played.stdout).replay().result
    path.write_text('{"format": "truc-hand", "dealer": 9}')
    for bad in (truc("replay", str(path)), truc("trick", "1 9o", "2 2c", "3 1e", "0 Rb"),
                truc("replay", str(tmp_path / "missing.json")), truc("dance")):
        assert bad.returncode == 2 and bad.stderr.count("\n") == 1, bad.stderr
        assert "Traceback" not in bad.stderr


def test_the_command_line_prints_the_facts_the_pages_take_and_every_options_two_readings():
    def truc(*args):
        return subprocess.run([sys.executable, "-m", "truc", *args], capture_output=True,
                              text=True, check=True).stdout
    # The source's numbers (truc): a game to twelve, three cards (one after a tap), two tricks
    # of three, a hand worth one, truc two, retruc three, three for a hand played at eleven; in
    # France a raise of one point or more, and rubbers of two games won.
    lines = truc("facts").splitlines()
    for line in ("target: 12", "eleven: 11", "hand_cards: 3", "tap_cards: 1",
                 "tricks_to_win: 2", "base_stake: 1", "truc: 2", "retruc: 3",
                 "eleven_stake: 3", "least_raise: 1", "rubber_games: 2",
                 "pack_sizes.catalan40: 40", "pack_sizes.french36: 36"):
        assert line in lines, line
    assert json.loads(truc("facts", "--json")) == api.call("facts")
    said = truc("options")
    for o in api.call("options")["options"]:
        assert f"{o['name']}: {o['point']}" in said
        for v in o["values"]:
            star = "*" if v["value"] == o["default"] else " "
            assert f"{star} {json.dumps(v['value'])}: {v['means']}" in said


# ---- puzzles ------------------------------------------------------------------------------------
from truc import puzzles  # noqa: E402

# The source's ranking, written out here as the oracle the puzzles are held to.
ORDER = ["3", "2", "1", "R", "C", "S", "7", "6", "5", "4"]


def _trick_by_the_source(plays, players=4):
    """'The highest card wins the trick. If there are two or more equal highest cards from
    different teams, the trick is a draw' — read straight from the cards' ranks."""
    rank = {p: ORDER.index(c[:-1]) for p, c in plays}
    best = min(rank.values())
    teams = {p % 2 for p, r in rank.items() if r == best}
    return "draw" if len(teams) == 2 else f"team{teams.pop()}"


def _hand_by_the_source(results, dealer, one_card):
    """The hand's winner by the source's sentences, trick results as 0, 1 or None."""
    non_dealers = (dealer + 1) % 2
    if one_card:
        return results[0] if results[0] is not None else non_dealers
    won = [r for r in results if r is not None]
    for team in (0, 1):
        if won.count(team) == 2:
            return team
    if len(won) == 0:
        return non_dealers  # all three drawn
    return won[0]  # one or two drawn: the first trick won among the others decides


@pytest.mark.parametrize("kind", puzzles.KINDS)
def test_every_puzzle_offers_its_answer_and_checks_right_and_wrong_with_a_reason(kind):
    # A strategy puzzle samples 2,000 deals per figure: twelve seeds ask each scene four times.
    for seed in range(12 if kind == "strategy" else 40):
        p = api.call("puzzle", kind=kind, seed=seed, answer=True)
        answers = p["choices"]
        assert p["answer"] in answers and len(set(answers)) == len(answers)
        assert set(p["labels"]) == set(answers) and p["answer_type"] == "choice"
        assert p["answer_text"] == p["labels"][p["answer"]]
        ok = api.call("check", kind=kind, seed=seed, answer=p["answer"])
        assert ok["correct"] and p["steps"][0] in ok["explanation"] and "hints" not in ok
        for wrong in (a for a in answers if a != p["answer"]):
            no = api.call("check", spec={"kind": kind, "seed": seed}, answer=wrong)
            assert not no["correct"] and p["steps"][0] in no["explanation"]
            # The graded hints: the kind's rule, then a clue about this answer; neither names
            # the answer (its words, as the choice button says them).
            assert len(no["hints"]) == 2 and no["hints"][0].startswith("The rule: ")
            assert not any(p["labels"][p["answer"]] in h for h in no["hints"]), no["hints"]
        assert "answer" not in api.call("puzzle", kind=kind, seed=seed)  # asked, not told


def test_truc_and_troccas_puzzles_are_the_same_record():
    # One record for every game's puzzle pages (cardgame.puzzles): the same keys, asked and
    # answered, so the generic puzzles part draws either.
    from troccas import api as troccas_api
    for answer in (False, True):
        truc_p = api.call("puzzle", kind="trick", seed=1, answer=answer)
        troccas_p = troccas_api.call("puzzle", kind="winner", seed=1, answer=answer)
        assert set(truc_p) - {"labels", "answer_text"} == set(troccas_p) - {"answer_text"}
    assert set(api.call("check", kind="trick", seed=1, answer="draw")) - {"reason"} <= \
        set(troccas_api.call("check", spec={"kind": "winner", "seed": 1}, answer="Fool"))


def test_an_authored_truc_puzzle_is_its_seed_with_a_page_s_fields_and_an_expect_checked():
    spec = {"kind": "trick", "seed": 15, "id": "draw", "level": 1, "title": "A draw",
            "note": "Equal highest cards of two teams draw.", "expect": "draw"}
    p = api.call("puzzle", spec=spec, answer=True)
    assert p["answer"] == "draw" and p["title"] == "A draw" and p["note"] == spec["note"]
    out = json.loads(api.call_json("puzzle", json.dumps({"spec": {**spec, "expect": "team1"}})))
    assert not out["ok"] and "expect is 'team1' but the engine answers 'draw'" in \
        out["error"]["message"]
    out = json.loads(api.call_json("puzzle", json.dumps({"spec": {**spec, "hand": "3o"}})))
    assert not out["ok"] and "field 'hand' is not used by trick puzzles" in out["error"]["message"]


def test_trick_and_hand_puzzles_agree_with_the_sources_sentences():
    draws = 0
    for seed in range(150):
        p = api.call("puzzle", kind="trick", seed=seed, answer=True)
        assert p["answer"] == _trick_by_the_source(p["situation"]["plays"])
        draws += p["answer"] == "draw"
        h = api.call("puzzle", kind="hand", seed=seed, answer=True)
        results = [_trick_by_the_source(t["plays"]) for t in h["situation"]["tricks"]]
        results = [None if r == "draw" else int(r[-1]) for r in results]
        want = _hand_by_the_source(results, h["situation"]["dealer"],
                                   h["situation"]["cards_each"] == 1)
        assert h["answer"] == f"team{want}", (seed, h)
    assert draws >= 5  # drawn tricks are asked about too


def test_a_bad_puzzle_request_is_one_clear_refusal():
    for args, needle in (({"kind": "poker", "seed": 1}, "not a kind of Truc puzzle"),
                         ({"kind": "trick", "seed": -1}, "whole number from 0"),
                         ({"kind": "trick", "seed": 1, "answer": "maybe"},
                          "not one of this puzzle's answers")):
        call = "check" if "answer" in args else "puzzle"
        out = json.loads(api.call_json(call, json.dumps(args)))
        assert not out["ok"] and needle in out["error"]["message"], out


def test_every_truc_answer_has_the_shape_its_facade_declares():
    from jsonschema import Draft202012Validator
    schema = api.schema()

    def valid(name, result):
        Draft202012Validator({"$defs": schema["$defs"], **schema["calls"][name]["result"]}) \
            .validate(result)

    valid("pack", api.call("pack", pack="french32"))
    valid("options", api.call("options"))
    valid("trick", api.call("trick", plays=[[1, "3o"], [2, "3c"], [3, "4e"], [0, "4b"]]))
    rec = api.call("new", seed=2)
    for action in ("3 cut cut", "1 bet truc", "2 answer fold"):
        valid("view", api.call("view", record=rec, seat=1))
        rec = api.call("apply", record=rec, action=action)
        valid("apply", rec)
    for kind in puzzles.KINDS:
        p = api.call("puzzle", kind=kind, seed=3, answer=True)
        valid("puzzle", p)
        valid("check", api.call("check", kind=kind, seed=3, answer=p["choices"][0]))


# ---- the French redeal and rubbers -------------------------------------------------------------
def test_french_the_player_after_the_dealer_may_propose_a_redeal_made_if_all_agree():
    rules = Rules(betting="french", redeal=True, tap=False)
    h = Hand(rules, 0, seed=3)
    h.apply("3 cut cut")
    assert h.phase == "redeal" and h.current_player == 1  # instead of leading
    first = [list(x) for x in h.held]
    for a in ("1 redeal propose", "2 redeal agree", "3 redeal agree", "0 redeal agree"):
        h.apply(a)
    # New hands from the remainder of the pack: none of the first cards again.
    again = [c for x in h.held for c in x]
    assert not set(again) & {c for x in first for c in x} and h.dealt == 24
    assert h.phase == "redeal"  # a 40-card pack still holds a third deal
    h.apply("1 redeal play")
    assert h.phase == "play" and h.current_player == 1


def test_french_if_anyone_insists_on_playing_there_is_no_redeal():
    h = Hand(Rules(betting="french", redeal=True, tap=False), 0, seed=3)
    h.apply("3 cut cut")
    held = [list(x) for x in h.held]
    plays(h, "1 redeal propose", "2 redeal agree", "3 redeal insist")
    assert h.phase == "play" and [list(x) for x in h.held] == held
    assert not h.can("0 redeal agree")


def test_french_a_32_card_pack_runs_out_of_redeals():
    h = Hand(Rules(betting="french", pack="french32", redeal=True, tap=False), 0, seed=3)
    h.apply("3 cut cut")
    plays(h, "1 redeal propose", "2 redeal agree", "3 redeal agree", "0 redeal agree")
    assert h.dealt == 24 and h.phase == "play"  # 8 cards left: no third deal


def test_french_rubbers_the_first_team_to_win_two_games_wins():
    from truc.game import Rubber
    r = Rubber(Rules(betting="french"), seed=5)
    rng = random.Random(5)
    while not r.is_terminal():
        g = r.game
        while not g.is_terminal():
            play_random(g.hand, rng)
            g.next_hand()
        r.next_game()
    assert max(r.wins) == 2 and len(r.games) in (2, 3) and r.winner == r.wins.index(2)


# Message ids about input, words or advice, not about a rule of play: no clause on the rules page
# (each id alone, and the families below whose every id is such).
NOT_RULES = {"action", "engine", "hand", "ok", "options", "output", "phase", "review", "seat",
             "side",  # how a message names a side
             "seed", "trick", "turn", "type",
             "signal.known"}  # a signal's id the reader typed
NOT_RULE_FAMILIES = {"api", "bot", "notation", "puzzle", "record", "table", "term", "waiting",
                     "word", "card", "option", "source",  # words: cards, options, sources
                     "clause"}  # the clauses' own titles


def test_every_rule_the_truc_engine_cites_is_a_clause_it_gives():
    """Every rule an engine message names (its id up to '#'), every principle's rule and every
    guided step's rule is a clause of the ``clauses`` call — which the site's tests find a
    section of the rules page for — and every message id the source asks for is catalogued."""
    import json
    import re
    from pathlib import Path

    import truc
    from truc import api, principles, signals
    from truc.errors import msg
    folder = Path(truc.__file__).parent
    cat = json.loads((folder / "messages" / "en.json").read_text())
    words = {f"signal.{s}" for s in signals.SIGNALS}  # the gestures' names
    cited = {msg(k).rule for k in cat if not k.startswith(("_", "@")) and "@" not in k}
    rules = {r for r in cited - words
             if r not in NOT_RULES and r.split(".")[0] not in NOT_RULE_FAMILIES}
    clauses = {c["id"] for c in api.call("clauses")["clauses"]}
    assert len(rules) >= 25 and rules <= clauses, rules - clauses
    assert {p.clause for p in principles.PRINCIPLES} <= clauses != set()
    assert {s["rule"] for s in api.call("guided")["steps"]} <= clauses
    src = "".join(p.read_text() for p in folder.glob("*.py"))
    used = set(re.findall(r'msg\(\s*"([^"]+)"\s*[,)]', src))  # whole ids, not stems
    assert used and used <= set(cat), used - set(cat)
