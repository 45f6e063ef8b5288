"""The Fool's exchange: a low card for the Fool from its side's won tricks, owed until it can
be paid (pagat: The Play)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import FOOL, POINTS, SUIT_OF, TOKEN
from .errors import msg
from .tables import _said


def low_cards(group: list[int]) -> list[int]:
    """The cards of a won trick that may be given for the Fool: those worth one point (any of
    them scores the same), in the trick's order (clause fool.exchange)."""
    return [c for c in group if POINTS[c] == 1]


if TYPE_CHECKING:  # what the hand's parts share, for mypy; at run time the base is object
    from .hand_state import HandState
else:
    HandState = object


class FoolExchange(HandState):
    """A part of :class:`troccas.hand.Hand`: a mixin whose methods use the hand's state."""

    __slots__ = ()

    def _own_group(self, side: int, i: int) -> list[int]:
        """A won trick in a side's pile, as a list the hand may rewrite (Fool exchanges): the
        common trick end shares one list between the pile and the trick record, so the pile
        gets its own copy before any change."""
        g = self.piles[side][i] = list(self.piles[side][i])
        return g

    @staticmethod
    def _low_card(group: list[int]) -> int | None:
        lows = low_cards(group)
        if not lows:
            return None
        numerals = [c for c in lows if SUIT_OF[c] < 4]  # a plain numeral first: any 1-point
        return (numerals or lows)[0]                     # card scores the same

    def _fool_exchange(self, fside: int, wside: int, gi: int, number: int) -> dict[str, Any]:
        for i, g in enumerate(self.piles[fside]):
            low = self._low_card(g)
            if low is not None:
                g = self._own_group(fside, i)
                g[g.index(low)] = FOOL
                self._own_group(wside, gi).append(low)
                return _said({"type": "fool_exchange", "trick": number, "side": fside,
                              "to_side": wside, "card": TOKEN[low]},
                             msg("fool.exchange", card=TOKEN[low]))
        self.fool_owed = (fside, wside, gi)
        self.fool_aside = fside
        return _said({"type": "fool_owed", "trick": number, "side": fside, "to_side": wside},
                     msg("fool.owed"))

    def _pay_fool_debt(self, gi: int, number: int) -> dict[str, Any] | None:
        assert self.fool_owed is not None
        fside, wside, cgi = self.fool_owed
        low = self._low_card(self.piles[fside][gi])
        if low is None:
            return None
        g = self._own_group(fside, gi)
        g[g.index(low)] = FOOL
        self._own_group(wside, cgi).append(low)
        self.fool_owed = None
        self.fool_aside = None
        return _said({"type": "fool_exchange", "trick": number, "side": fside, "to_side": wside,
                      "card": TOKEN[low]}, msg("fool.owed#paid", card=TOKEN[low]))
