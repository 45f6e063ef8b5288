"""Truc's rules at every dealer seat and both player counts (issue 27): the French redeal broke
when the player after the dealer was seat 0, because a seat number was read as a truth value;
the tests before it only ever dealt from seat 0. Here each rule is tried from every seat."""

from __future__ import annotations

import pytest

from truc.hand import Hand
from truc.rules import Rules

SEATINGS = [(n, dealer) for n in (2, 4) for dealer in range(n)]


def _cut(h: Hand) -> Hand:
    h.apply(f"{(h.dealer - 1) % h.n} cut cut")
    return h


@pytest.mark.parametrize("players, dealer", SEATINGS)
def test_french_redeal_the_player_after_the_dealer_proposes_and_every_other_player_answers(
        players, dealer):
    h = _cut(Hand(Rules(players=players, betting="french", redeal=True, tap=False), dealer,
                  seed=3))
    leader = (dealer + 1) % players
    assert h.phase == "redeal" and h.current_player == leader
    first = {c for cards in h.held for c in cards}
    h.apply(f"{leader} redeal propose")
    # Each other player in turn agrees or insists; none is asked to propose again.
    for i in range(1, players):
        seat = (leader + i) % players
        assert h.current_player == seat
        assert {str(a) for a in h.legal_actions()} == {f"{seat} redeal agree",
                                                       f"{seat} redeal insist"}
        h.apply(f"{seat} redeal agree")
    again = {c for cards in h.held for c in cards}
    assert not again & first and h.dealt == 2 * 3 * players


@pytest.mark.parametrize("players, dealer", SEATINGS)
def test_french_redeal_anyone_insisting_means_the_cards_are_played(players, dealer):
    h = _cut(Hand(Rules(players=players, betting="french", redeal=True, tap=False), dealer,
                  seed=3))
    leader = (dealer + 1) % players
    held = [list(cards) for cards in h.held]
    h.apply(f"{leader} redeal propose")
    h.apply(f"{(leader + 1) % players} redeal insist")
    assert h.phase == "play" and h.current_player == leader
    assert [list(cards) for cards in h.held] == held


# ---- French bets: "there is no limit on the size or number of bets" (truc, France) ----------
def _french(dealer: int = 0, players: int = 4, totals=(0, 0), **options) -> Hand:
    return _cut(Hand(Rules(players=players, betting="french", tap=False, **options), dealer,
                     seed=5, totals=list(totals)))


@pytest.mark.parametrize("players, dealer", SEATINGS)
def test_french_there_is_no_limit_on_the_size_of_bets(players, dealer):
    h = _french(dealer, players)
    leader = (dealer + 1) % players
    answerer = (leader + 1) % players
    assert h.can(f"{leader} bet 13"), h.explain(f"{leader} bet 13")
    h.apply(f"{leader} bet 13")
    h.apply(f"{answerer} answer accept")
    assert h.stake == 13
    card = h.pack.tokens[h.held[leader][0]]
    h.apply(f"{leader} play {card}")
    # The other team may raise again, by any amount ("can propose to raise the stake for the
    # hand by any amount").
    assert h.can(f"{answerer} bet 40") and h.can(f"{answerer} bet 99")


def test_french_a_bet_must_raise_the_stake_and_the_refusal_says_so():
    h = _french(0)
    h.apply("1 bet 4")
    h.apply("2 answer accept")
    h.apply(f"1 play {h.pack.tokens[h.held[1][0]]}")
    why = str(h.explain("2 bet 4"))
    assert "worth 4" in why and "5 or more" in why, why
    assert "raises the stake above" not in why


def test_french_bet_limit_remainder_reads_the_limit_as_what_the_team_behind_needs():
    h = _french(0, totals=(2, 5), bet_limit="remainder")
    assert h.can("1 bet 10") and not h.can("1 bet 11")  # 12 - 2: the team behind needs 10
    why = str(h.explain("1 bet 11"))
    assert "at most 10" in why and "remainder" in why, why
    assert h.can("1 bet remainder")


def test_french_a_bet_comes_before_playing_ones_card_and_nothing_raises_an_accepted_remainder():
    h = _french(0)
    card = h.pack.tokens[h.held[1][0]]
    why = str(h.explain(f"1 playbet {card}"))
    assert "before" in why, why
    h.apply("1 bet remainder")
    h.apply("2 answer accept")
    h.apply(f"1 play {card}")
    why = str(h.explain("2 bet 5"))
    assert "remainder" in why and "game" in why, why
