"""Counting card points.

Three methods, all from the sources:

* ``fours`` (pagat, four and six players): groups of four, each worth its cards' values less 3;
  a short group of *n* cards (the dealer's odd pair) is worth its sum less *n* − 1.
  The whole pack makes 72.
* ``threes`` (pagat and wiki-de, three players): groups of three less 2; the pack makes 78.
* ``singly`` (pagat, three and five players): every card its full value, except that each scart
  card counts one less; the pack makes 127.

wiki-de's per-trick reckoning (plain cards 0, a trick worth its scorers' sum less one per extra
scorer, an empty trick 1) is ``fours`` with the tricks as the groups: the same figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence

from cardgame.value import Value

from .cards import POINTS, TOKEN
from .errors import OptionError, msg, quote
from .tables import N_SIDES

if TYPE_CHECKING:
    from fractions import Fraction

METHODS = ("fours", "threes", "singly")
GROUP_SIZE = {"fours": 4, "threes": 3, "singly": 1}


class Group(Value):
    """One counted group: its cards (ids), the sum of their values, what is taken off."""

    __slots__ = ("cards", "sum", "less")

    cards: tuple[int, ...]
    sum: int
    less: int

    @property
    def points(self) -> int:
        return self.sum - self.less

    def to_json(self) -> dict[str, Any]:
        return {"cards": [TOKEN[c] for c in self.cards], "values": [POINTS[c] for c in self.cards],
                "sum": self.sum, "less": self.less, "points": self.points}


class Count(Value):
    __slots__ = ("method", "groups")
    method: str
    groups: tuple[Group, ...]

    @property
    def points(self) -> int:
        return sum(g.points for g in self.groups)

    @property
    def value_sum(self) -> int:
        return sum(g.sum for g in self.groups)

    def to_json(self) -> dict[str, Any]:
        return {"method": self.method, "points": self.points, "value_sum": self.value_sum,
                "cards": [TOKEN[c] for g in self.groups for c in g.cards],
                "groups": [g.to_json() for g in self.groups]}


def check_method(method: str) -> str:
    if method not in METHODS:
        raise OptionError(msg("counting.method", value=quote(method), methods=list(METHODS)))
    return method


MAX_SCART = 3  # the largest scart: three or five players (pagat)


def check_scart(pile: Sequence[int], scart: Sequence[int], method: str) -> None:
    """Refuse a scart that cannot lie in this pile: the scart counts apart only when cards are
    counted singly, holds at most three cards, never a 5-point card, and lies in the pile."""
    if not scart:
        return
    if method != "singly":
        raise OptionError(msg("count.singly#scart_only", method=method))
    if len(scart) > MAX_SCART:
        raise OptionError(msg("scart#size", most=MAX_SCART, n=len(scart)))
    for c in scart:
        if POINTS[c] == 5:
            raise OptionError(msg("scart.honour#count", card=TOKEN[c]))
        if c not in pile:
            raise OptionError(msg("count.singly#not_in_pile", card=TOKEN[c]))


def count(cards: Sequence[int], method: str = "fours", *, scart: Iterable[int] = (),
          groups: Sequence[Sequence[int]] | None = None) -> Count:
    """Count a pile of card ids.

    ``groups`` lets the caller fix the grouping (tricks, for the per-trick view); otherwise
    the pile is cut into consecutive groups in the order given. ``scart`` lists the ids that
    lie in the scart, which count one less each under ``singly``.
    """
    check_method(method)
    if method == "singly":
        in_scart = set(scart)
        return Count(method, tuple(Group((c,), POINTS[c], 1 if c in in_scart else 0)
                                   for c in cards))
    if groups is None:
        size = GROUP_SIZE[method]
        groups = [cards[i:i + size] for i in range(0, len(cards), size)]
    return Count(method, tuple(Group(tuple(g), sum(POINTS[c] for c in g), len(g) - 1)
                               for g in groups if g))


def points(cards: Iterable[int], method: str = "fours", scart: Iterable[int] = ()) -> int:
    """The points of a pile without building groups (the fast path for whole hands)."""
    cards = list(cards)
    total = sum(map(POINTS.__getitem__, cards))
    n = len(cards)
    if method == "fours":
        return total - (n - (n + 3) // 4)
    if method == "threes":
        return total - (n - (n + 2) // 3)
    if method == "singly":
        s = set(scart)
        return total - sum(1 for c in cards if c in s)
    check_method(method)
    raise AssertionError  # unreachable


# Par per counting method (pagat: Scoring; Three Players; Five Players): fours, a side's half
# of 72; threes with three players, a third of 78; singly, the dealer's and the others' shares
# of 127. wiki-de's five players in threes name no par: see par().
_PAR = {("fours", 4): (36, 36), ("fours", 6): (36, 36), ("threes", 3): (26, 26),
        ("singly", 3): (43, 42), ("singly", 5): (27, 25)}


def par(players: int, method: str, dealer: int, points: Sequence[int] | None = None
        ) -> list[int | Fraction]:
    """Each side's par (each player's with 3 and 5). Without a par in the sources (five
    players in threes) each plays against the hand's average, so ``points`` are needed."""
    n_sides = N_SIDES[players]
    fixed = _PAR.get((method, players))
    if fixed is not None:
        if n_sides == 2:
            return [fixed[0]] * 2
        return [fixed[0] if p == dealer else fixed[1] for p in range(players)]
    from fractions import Fraction  # only here: importing it costs the browser's start-up
    assert points is not None  # the caller's: a method without a par needs the points
    avg = Fraction(sum(points), players)
    return [int(avg) if avg.denominator == 1 else avg for _ in range(players)]
