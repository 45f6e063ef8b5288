"""Truc's strategy puzzles (issue 31, truc.strategy): their figures checked by another route.

The sampled chance of winning (truc.odds.win_chance, which the puzzles use) is compared with an
exact count over every deal of the unseen cards, written here from the source's rules alone
(the ranking, the draw, "if one trick is a draw, the team that wins the first of the remaining
two tricks wins"), in last-trick positions with few enough unseen deals to list them all. The
answer is checked to flip where the figures cross: accepting truc against folding at a chance
of one in four (accepting wins or loses 2, folding gives 1: truc, "The betting"), saying truc
against playing on at one in two. The model of the game's score is checked against values
worked out by hand from the 11-point rules.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest

from truc import puzzles, strategy
from truc.cards import pack
from truc.hand import Hand
from truc.rules import Rules
from truc.strategy import (SCENES, answer_figures, bet_value, fold_value, game_chance,
                           played_value)

P = pack()
# The source's order, highest first; suits do not matter (truc, "The players, cards …").
ORDER = "3 2 1 R C S 7 6 5 4".split()
# 4 standard errors of a share estimated from this many deals (the error is at most
# 0.5/sqrt(n) = 0.005): the sampled chance must fall this close to the exact one.
SAMPLES = 10000
TOLERANCE = 4 * 0.5 / SAMPLES ** 0.5


def strength(token: str) -> int:
    return len(ORDER) - ORDER.index(token[:-1])


def dealt(cards: dict[int, str], dealer: int = 0) -> Hand:
    """A four-player hand whose seats are dealt ``cards``, the deck built to match the deal
    (one card at a time from the dealer's right), cut."""
    want = {seat: P.parse(text) for seat, text in cards.items()}
    rest = [c for c in range(P.size) if all(c not in w for w in want.values())]
    deck = [want[(dealer + i) % 4][r] for r in range(3) for i in range(1, 5)] + rest
    h = Hand(Rules(), dealer, deck=deck)
    h.apply(f"{(dealer - 1) % 4} cut cut")
    return h


def two_tricks_split(mine: str, partner_last: str = "3c", third_last: str = "7c") -> Hand:
    """Seat 0 deals. Trick 1 goes to seats 0 and 2 (seat 2's 3), trick 2 to seats 1 and 3
    (seat 3's 2); seat 3 leads the third trick. The last cards: seat 0 ``mine``, seat 2
    ``partner_last``, seat 3 ``third_last``, seat 1 the 7 of oros."""
    h = dealt({1: "4o 6c 7o", 2: f"3o 4c {partner_last}", 3: f"5o 2o {third_last}",
               0: f"6o 5c {mine}"})
    for action in ("1 play 4o", "2 play 3o", "3 play 5o", "0 play 6o",
                   "2 play 4c", "3 play 2o", "0 play 5c", "1 play 6c"):
        h.apply(action)
    assert [t for _, t, _ in h.tricks] == [0, 1] and h.to_play == 3
    return h


def exact_chance(h: Hand, seat: int, partner_rank: str | None = None) -> Fraction:
    """Seat ``seat``'s team's chance of winning the last trick's hand, over every way the cards
    it has not seen could lie (each seat still holding one card), counted here: the highest
    rank takes the trick; the top rank played by both teams draws it, and then the team that
    took the first trick wins the hand. ``partner_rank``: the rank the partner signalled."""
    played = [P.tokens[c] for plays, _, _ in h.tricks for _, c in plays]
    played += [P.tokens[c] for _, c in h.trick]
    mine = [P.tokens[c] for c in h.held[seat]]
    unseen = [t for t in P.tokens if t not in played and t not in mine]
    others = [q for q in range(4) if q != seat and h.held[q]]
    first_trick_team = h.tricks[0][1]
    wins = total = 0
    for cards in permutations(unseen, len(others)):
        world = dict(zip(others, cards))
        partner = (seat + 2) % 4
        if partner_rank is not None and world[partner][:-1] != partner_rank:
            continue
        table = [(p, P.tokens[c]) for p, c in h.trick] + [(seat, mine[0])] + list(world.items())
        top = max(strength(t) for _, t in table)
        teams = {p % 2 for p, t in table if strength(t) == top}
        winner = first_trick_team if len(teams) == 2 else teams.pop()
        total += 1
        wins += winner == seat % 2
    return Fraction(wins, total)


def test_win_chance_matches_every_deal_counted_when_truc_is_said_before_the_last_trick():
    h = two_tricks_split("1o")
    h.apply("3 bet truc")
    exact = exact_chance(h, 0)
    fig = answer_figures(h, 0, random.Random("exact"), SAMPLES)
    assert abs(fig["p"] - float(exact)) < TOLERANCE, (fig["p"], float(exact))
    # well above one in four: accepting (2 × (2p − 1)) beats folding (−1)
    assert exact > Fraction(1, 4) and fig["answer"] == "accept"


def test_win_chance_keeps_the_partners_signal_true_as_every_deal_counted_with_it():
    # Seat 2 pouted its lips (a two) as it played to the second trick, keeping the 2 of
    # espases: seat 0 counts only the deals where its partner's last card is a two.
    h = dealt({1: "4o 6c 7o", 2: "3o 4c 2e", 3: "5o 2o 7c", 0: "6o 5c 4e"})
    for action in ("1 play 4o", "2 play 3o", "3 play 5o", "0 play 6o"):
        h.apply(action)
    h.apply("2 play 4c", say="pout-your-lips")
    for action in ("3 play 2o", "0 play 5c", "1 play 6c"):
        h.apply(action)
    h.apply("3 bet truc")
    exact = exact_chance(h, 0, partner_rank="2")
    p = answer_figures(h, 0, random.Random("signal"), SAMPLES)["p"]
    assert abs(p - float(exact)) < TOLERANCE, (p, float(exact))
    assert abs(float(exact_chance(h, 0)) - float(exact)) > 3 * TOLERANCE  # the signal counts


def test_the_answer_flips_to_fold_when_the_counted_chance_falls_below_one_in_four():
    # Seat 3 plays the 2 of copes to the last trick and says truc after it (the Catalan bet
    # after one's card); seat 0 holds the 4 of espases: only its partner can still save the hand.
    h = two_tricks_split("4e", partner_last="Cb", third_last="2c")
    h.apply("3 playbet 2c")
    exact = exact_chance(h, 0)
    fig = answer_figures(h, 0, random.Random("fold"), SAMPLES)
    assert abs(fig["p"] - float(exact)) < TOLERANCE, (fig["p"], float(exact))
    assert exact < Fraction(1, 4) and fig["answer"] == "fold"
    assert fig["accept"] < fig["fold"] == -1


@pytest.mark.parametrize("p, accept", [(0.2, False), (0.24, False), (0.26, True), (0.6, True)])
def test_accepting_truc_pays_from_a_chance_of_one_in_four(p, accept):
    # Accepting plays the hand for 2 (won or lost); folding gives the bettors 1 (truc).
    assert played_value(p, 2) == pytest.approx(2 * p - 2 * (1 - p))
    assert fold_value(1) == -1
    assert (played_value(p, 2) >= fold_value(1)) is accept


@pytest.mark.parametrize("p, bet", [(0.3, False), (0.49, False), (0.51, True), (0.9, True)])
def test_saying_truc_beats_playing_on_from_a_chance_of_one_in_two(p, bet):
    # Played on, the hand is worth 1; after truc the opponents fold (1 for you) or accept (2),
    # whichever costs them less.
    assert bet_value(p, 1, 2) == pytest.approx(min(1, 2 * (2 * p - 1)))
    assert (bet_value(p, 1, 2) > played_value(p, 1)) is bet


def test_game_chance_follows_the_eleven_point_rules_worked_by_hand():
    g = game_chance
    assert g(0, 0) == g(11, 11) == g(10, 10) == Fraction(1, 2)
    # At 11 to 8, playing the hand for 3 wins the game half the time and otherwise leaves
    # 11 all (a half): 3/4; giving 1 leaves 11 to 9, where both choices give a half.
    assert g(11, 9) == Fraction(1, 2) and g(11, 8) == Fraction(3, 4)
    assert g(12, 0) == 1 and g(0, 12) == 0
    for a in range(12):
        for b in range(12):
            assert g(a, b) + g(b, a) == 1, (a, b)  # the model favours neither team
            if a < 11:
                assert g(a + 1, b) >= g(a, b), (a, b)  # a point never hurts


def test_every_scene_is_drawn_from_its_seed_and_answered_by_its_higher_figure():
    seen = set()
    for seed in range(6):
        pz = puzzles.generate("strategy", seed)
        if seed == 0:  # the same deal and figures when made afresh (the kind keeps a seed's)
            fresh = puzzles._generator("strategy", strategy._strategy)(0, random.Random(1))
            assert fresh.steps == pz.steps and fresh.situation == pz.situation
        scene = pz.extra["scene"]
        assert scene == SCENES[seed % 3] == pz.situation["scene"]
        seen.add(scene)
        a, b = ("accept", "fold") if scene == "answer" else ("bet", "play")
        higher = a if pz.extra[a] > pz.extra[b] else b
        assert pz.answer == higher, (seed, pz.extra)
    assert seen == set(SCENES)


@pytest.mark.parametrize("first", ["truc.strategy", "truc.puzzles", "truc.api"])
def test_the_strategy_kind_is_registered_whichever_module_is_imported_first(first):
    import subprocess
    import sys

    code = f"import {first}; from truc.puzzles import KINDS, REGISTRY; " \
           "assert 'strategy' in KINDS and 'strategy' in REGISTRY.names, KINDS"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-400:]
