"""A game: several hands with running totals.

pagat: four hands with four players, six with six, thrown-in deals not counted; the running
totals decide whether the trailing side may demand a deal in fewer rounds. The sources give no
length for three or five players; the engine plays one hand per seat, as arcane does for four
("when each player has dealt").
"""

from __future__ import annotations

from typing import Any, Sequence
import random

from .deal import check_players, shuffled_deck
from .hand import Hand
from .record import HandRecord
from .rules import Rules
from .tables import N_SIDES

HANDS_IN_GAME = {3: 3, 4: 4, 5: 5, 6: 6}


class Game:
    def __init__(self, players: int = 4, first_dealer: int = 0, *, seed: int | str | None = None,
                 rules: Rules | None = None) -> None:
        self.n = check_players(players)
        self.rules = rules or Rules()
        self.rng = random.Random(seed)
        self.dealer = first_dealer
        self.n_sides = N_SIDES[self.n]
        self.totals = [0] * self.n_sides
        self.records: list[HandRecord] = []  # finished hands, thrown-in deals included
        self.hands_played = 0
        self.hand = self._new_hand()

    def _new_hand(self) -> Hand:
        deck = shuffled_deck(self.rng.getrandbits(64))
        return Hand(self.n, self.dealer, deck=deck, rules=self.rules, totals=self.totals)

    # OpenSpiel-style shape, delegating to the hand in progress.
    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.hand.current_player

    def is_terminal(self) -> bool:
        return self.hands_played >= HANDS_IN_GAME[self.n]

    def legal_action_ids(self) -> Sequence[int]:
        return [] if self.is_terminal() else self.hand.legal_action_ids()

    def apply_action(self, aid: int) -> tuple[dict[str, Any], ...]:
        events = self.hand.apply_action(aid)
        if self.hand.is_terminal():
            self._next_hand()
        return events

    def _next_hand(self) -> None:
        h = self.hand
        self.records.append(HandRecord.from_hand(h))
        if h.phase == "done":
            assert h.result is not None
            for s, score in enumerate(h.result["scores"]):
                self.totals[s] += score
            self.hands_played += 1
            self.dealer = (self.dealer + 1) % self.n  # the deal passes to the right
        if not self.is_terminal():
            self.hand = self._new_hand()  # a thrown-in deal is redealt by the same dealer

    def returns(self) -> list[Any]:
        side_of = self.hand.side_of
        return [self.totals[side_of[p]] for p in range(self.n)]
