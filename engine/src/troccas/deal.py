"""Shuffling, the deal schedules and the draw for partners.

Seats are numbered in the order of play, which runs anticlockwise: seat ``(d + 1) % n`` is the
dealer ``d``'s right-hand neighbour, who receives the first cards and (by default) leads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence
import random

from cardgame.seed import check_seed as _check_seed
from cardgame.value import Value

from .cards import N_CARDS, SUIT_OF, TOKEN, TRUMP, parse_ids
from .errors import DuplicateCardError, OptionError, RecordError, msg, quote

if TYPE_CHECKING:
    from .errors import Message

PLAYER_COUNTS = (3, 4, 5, 6)

# Batches per round, for seats in dealing order (dealer's right first, dealer last).
# 4 players: pagat, arcane, wiki-de. 6 players: pagat (6 then 7). 3 players: pagat (batches of
# five, the dealer takes the last three). 5 players: pagat gives only the totals (15, dealer 18);
# the engine deals three rounds of five and the dealer's three extra cards in the last round.
METHODS = {
    3: {"five_rounds": [[5, 5, 5]] * 4 + [[5, 5, 8]]},
    4: {"three_rounds": [[6, 6, 6, 6], [6, 6, 6, 6], [7, 7, 7, 9]],
        "two_rounds": [[9, 9, 9, 9], [10, 10, 10, 12]],
        "one_round": [[19, 19, 19, 21]]},
    5: {"three_rounds": [[5] * 5, [5] * 5, [5, 5, 5, 5, 8]]},
    6: {"two_rounds": [[6] * 6, [7] * 6]},
}
DEFAULT_METHOD = {3: "five_rounds", 4: "three_rounds", 5: "three_rounds", 6: "two_rounds"}
SCART_SIZE = {3: 3, 4: 2, 5: 3, 6: 0}
# A side this far behind may demand the method (pagat: The Deal).
CATCH_UP = (("one_round", 18), ("two_rounds", 9))


def check_players(n: object) -> int:
    if type(n) is not int or n not in PLAYER_COUNTS:  # not 4.0, not True
        raise OptionError(msg("players", value=quote(n)))
    return n


def check_seed(seed: object) -> int | str | None:
    """A seed is a whole number from 0 to 2**64 - 1 or a short text (or None: a fresh
    shuffle), the same in every Python the engine runs in (the rule: ``cardgame.seed``)."""
    return _check_seed(seed, msg=msg, error=OptionError)


def shuffled_deck(seed: object) -> list[int]:
    """A deck order (top first) from a seed; the same seed gives the same deck in CPython and
    Pyodide, so a puzzle's seed can be shared between the command line and the browser."""
    rand = random.Random(check_seed(seed)).random
    keys = [rand() for _ in range(N_CARDS)]  # sorting by random keys: a fair shuffle, and
    return sorted(range(N_CARDS), key=keys.__getitem__)  # cheaper than random.shuffle


def parse_deck(text: str | Iterable[str]) -> list[int]:
    try:
        ids = parse_ids(text)
    except DuplicateCardError as exc:
        raise RecordError(msg("record.deck#duplicate", why=exc.msg)) from None
    if len(ids) != N_CARDS:
        raise RecordError(msg("record.deck#count", n=len(ids)))
    return ids


def schedule(n: int, method: str) -> list[list[int]]:
    try:
        return METHODS[n][method]
    except (KeyError, TypeError):  # TypeError: a list or an object is no method's name
        raise OptionError(msg("deal.method#unknown", value=quote(method), players=n,
                              ways=list(METHODS[n]))) from None


def catch_up_methods(totals: Sequence[int], side: int, measure: str = "own_score") -> list[str]:
    """Deal methods a 4-player side may demand, given the running ``totals`` of both sides
    (pagat: The Deal). How far behind it is depends on the reading of "losing by 9" (the rule
    option ``catch_up_measure``): its own score below zero, or the gap to the other side."""
    own, other = totals[side], totals[1 - side]
    behind = -own if measure == "own_score" else other - own
    return [m for m, need in CATCH_UP if behind >= need]


class PartnerDraw(Value):
    """Cards dealt face up, one at a time, until every player holds a trump (pagat)."""

    __slots__ = ("dealt", "centre")

    dealt: tuple[tuple[int, ...], ...]  # per player, in the order received
    centre: int  # the top card laid in the middle of the table

    @property
    def trumps(self) -> tuple[int, ...]:
        return tuple(cards[-1] for cards in self.dealt)

    @property
    def first_dealer(self) -> int:
        return min(range(len(self.dealt)), key=lambda p: self.trumps[p])

    @property
    def teams(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Lower half of the trumps against the upper half (pagat, wiki-de)."""
        order = sorted(range(len(self.dealt)), key=lambda p: self.trumps[p])
        half = len(order) // 2
        return tuple(sorted(order[:half])), tuple(sorted(order[half:]))

    @property
    def explanation(self) -> Message:
        """Who deals first and who plays with whom, and why (clause partners)."""
        low, high = self.teams
        return msg("partners", seat=self.first_dealer, trump=TOKEN[self.trumps[self.first_dealer]],
                   low=list(low), high=list(high))

    def to_json(self) -> dict[str, Any]:
        why = self.explanation
        return {"centre": TOKEN[self.centre],
                "dealt": [[TOKEN[c] for c in cards] for cards in self.dealt],
                "trumps": [TOKEN[c] for c in self.trumps],
                "teams": [list(t) for t in self.teams], "first_dealer": self.first_dealer,
                "explanation": str(why), "reason": why.to_json()}


def partner_draw(deck: list[int], players: int = 4) -> PartnerDraw:
    """Deal face up from ``deck`` (the top card to the centre first), starting with player 0,
    skipping players who already hold a trump (pagat; arcane starts at the shuffler's right)."""
    check_players(players)
    if players % 2:
        raise OptionError(msg("partners#sides"))
    it = iter(deck)
    centre = next(it)
    dealt: list[list[int]] = [[] for _ in range(players)]
    done = [False] * players
    while not all(done):
        for p in range(players):
            if done[p]:
                continue
            c = next(it)
            dealt[p].append(c)
            done[p] = SUIT_OF[c] == TRUMP
    return PartnerDraw(tuple(tuple(d) for d in dealt), centre)


def seat_sizes(players: int, dealer: int, method: str | None = None) -> list[int]:
    """How many cards each seat receives in the deal (the dealer's scart included)."""
    method = method or DEFAULT_METHOD[check_players(players)]
    sizes = [0] * players
    for batches in schedule(players, method):
        for i, count in enumerate(batches):
            sizes[(dealer + 1 + i) % players] += count
    return sizes


def check_named_hands(players: int, dealer: int, hands: dict[int, list[int]],
                      method: str | None = None) -> list[int]:
    """Refuse seats that do not exist, a card given twice, a seat given too many cards;
    return the seat sizes."""
    sizes = seat_sizes(players, dealer, method)
    named = [c for cards in hands.values() for c in cards]
    if len(set(named)) != len(named):
        dup = next(c for c in named if named.count(c) > 1)
        raise DuplicateCardError(msg("notation.duplicate#seats", card=TOKEN[dup]))
    for seat, cards in hands.items():
        if not 0 <= seat < players:
            raise OptionError(msg("deal#no_seat", seat=seat, players=players))
        if len(cards) > sizes[seat]:
            raise OptionError(msg("deal#too_many", seat=seat, size=sizes[seat], n=len(cards)))
    return sizes


def deck_for_hands(players: int, dealer: int, hands: dict[int, list[int]],
                   method: str | None = None, fill: list[int] | None = None) -> list[int]:
    """A deck (top first) whose deal gives each seat in ``hands`` those cards, in that order.

    Seats or hands left short are filled from ``fill`` (default: the remaining cards in id
    order), so a puzzle can fix only the cards that matter and still be a real deal. The last
    card a seat receives is the one shown face up.
    """
    method = method or DEFAULT_METHOD[check_players(players)]
    rounds = schedule(players, method)
    order = [(dealer + 1 + i) % players for i in range(players)]
    sizes = check_named_hands(players, dealer, hands, method)
    named = [c for cards in hands.values() for c in cards]
    used = set(named)
    order_of_rest = list(fill) if fill is not None else []
    order_of_rest += [c for c in range(N_CARDS) if c not in set(order_of_rest)]
    rest = [c for c in order_of_rest if c not in used]
    full = {}
    for seat in range(players):
        mine = list(hands.get(seat, []))
        need = sizes[seat] - len(mine)
        # Filling goes before the named cards so the named last card stays the face-up one.
        full[seat] = rest[:need] + mine
        rest = rest[need:]
    deck: list[int] = []
    taken = [0] * players
    for batches in rounds:
        for i, count in enumerate(batches):
            seat = order[i]
            deck += full[seat][taken[seat]:taken[seat] + count]
            taken[seat] += count
    return deck
