"""The count at the end of the hand: the scart to its side, a side taking every trick, the
Fool still owed, the points, par and the score (pagat: Scoring)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from itertools import chain

from . import counting
from .cards import FOOL
from .errors import msg
from .tables import _said, DONE


if TYPE_CHECKING:  # what the hand's parts share, for mypy; at run time the base is object
    from fractions import Fraction

    from .hand_state import HandState
else:
    HandState = object


class Scoring(HandState):
    """A part of :class:`troccas.hand.Hand`: a mixin whose methods use the hand's state."""

    __slots__ = ()

    @property
    def counting_method(self) -> str:
        if self.n == 3:
            return self.rules.three_player_counting
        if self.n == 5:
            return self.rules.five_player_counting
        return "fours"

    def _finish(self) -> None:
        self.phase = DONE
        self._to_move = -1
        dealer_side = self.side_of[self.dealer]
        sides = self._trick_sides
        scart_side = dealer_side
        if sides & (sides - 1) == 0:  # a single side won every trick
            taker = sides.bit_length() - 1
            scart_side = taker
            if self.fool_owed is not None or any(
                    FOOL in g for s, pile in enumerate(self.piles) if s != taker for g in pile):
                for s, pile in enumerate(self.piles):
                    for i, g in enumerate(pile):
                        if s != taker and FOOL in g:
                            self._own_group(s, i).remove(FOOL)
                self._own_group(taker, -1).append(FOOL)
                self.fool_owed = self.fool_aside = None
            self.events.append(_said({"type": "all_tricks", "side": taker},
                                     msg("fool.all_tricks")))
        if self.fool_owed is not None:
            # Sources are silent on a debt still open at the end; the engine's reading: the
            # Fool itself goes to the side it was owed to.
            fside, wside, cgi = self.fool_owed
            self._own_group(wside, cgi).append(FOOL)
            self.events.append(_said({"type": "fool_lost", "side": fside, "to_side": wside},
                                     msg("fool.owed#lost")))
            self.fool_owed = self.fool_aside = None
        if self.scart:
            self.piles[scart_side].append(list(self.scart))
        method = self.counting_method
        pts = [counting.points(list(chain.from_iterable(pile)), method, self.scart)
               for pile in self.piles]
        par = self._par(pts)
        scores = [p - q for p, q in zip(pts, par)]
        # A Fraction par only with five players in threes (counting.par): whole ones as ints.
        scores = [int(s) if not isinstance(s, int) and s.denominator == 1 else s
                  for s in scores]
        self.result = {"method": method, "points": pts, "par": par, "scores": scores,
                       "scart_side": scart_side}
        self.events.append({"type": "count", **self.result_json()})

    def _par(self, pts: list[int]) -> list[Any]:
        return counting.par(self.n, self.counting_method, self.dealer, pts)

    def result_json(self) -> dict[str, Any]:
        r = self.result
        assert r is not None
        def num(x: int | Fraction) -> int | float:
            return x if isinstance(x, int) else float(round(x, 2))
        return {"method": r["method"], "points": r["points"], "par": [num(x) for x in r["par"]],
                "scores": [num(x) for x in r["scores"]], "scart_side": r["scart_side"]}

    def pile_cards(self, side: int) -> list[int]:
        return [c for g in self.piles[side] for c in g]

    def count_detail(self, side: int) -> counting.Count:
        """The count of a side's pile, group by group (tricks as groups under per_trick)."""
        method = self.counting_method
        cards = self.pile_cards(side)
        groups = self.piles[side] if (self.rules.reckoning == "per_trick"
                                      and method == "fours") else None
        return counting.count(cards, method, scart=self.scart, groups=groups)
