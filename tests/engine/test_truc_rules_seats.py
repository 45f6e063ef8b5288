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
