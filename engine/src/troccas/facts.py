"""The figures of the game for a number of players: what the pages and handouts print.

Each comes from the rules' own tables (the deal schedules, the scart, the counting methods),
not from playing a hand: cards each, the dealer's cards, the batches of every deal method, the
scart, the pack's total and the par of each seat under each counting method, the catch-up
thresholds and the length of a game.
"""

from __future__ import annotations

from typing import Any
from dataclasses import asdict, dataclass
from . import counting
from .counting import _PAR
from .cards import N_CARDS, POINTS
from .deal import CATCH_UP, DEFAULT_METHOD, METHODS, SCART_SIZE, check_players
from .game import HANDS_IN_GAME
from .rules import Rules

def counting_methods(players: int) -> tuple[str, ...]:
    """The counting methods the rule options allow for a number of players."""
    return {3: ("threes", "singly"), 4: ("fours",), 5: ("singly", "threes"), 6: ("fours",)}[
        players]


@dataclass(frozen=True)
class Facts:
    players: int
    cards_each: int  # a player other than the dealer
    dealer_cards: int  # before the scart
    scart: int
    default_method: str
    batches: dict[str, Any]  # deal method -> [[each seat's batch in dealing order, dealer last], ...]
    pack_total: dict[str, Any]  # counting method -> points of the whole pack
    par: dict[str, Any]  # counting method -> {"dealer": par, "other": par} (None: the hand's average)
    catch_up: dict[str, Any]  # deal method -> how far behind (4 players)
    hands_in_game: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def facts(players: int = 4) -> Facts:
    check_players(players)
    default = DEFAULT_METHOD[players]
    rounds = METHODS[players][default]
    dealer_cards = sum(r[-1] for r in rounds)
    cards_each = sum(r[0] for r in rounds)
    scart = SCART_SIZE[players]
    pack = list(range(N_CARDS))
    totals, pars = {}, {}
    for method in counting_methods(players):
        scart_cards = [c for c in pack if POINTS[c] < 5][:scart] if method == "singly" else []
        totals[method] = counting.points(pack, method, scart_cards)
        fixed = _PAR.get((method, players))
        pars[method] = ({"dealer": fixed[0], "other": fixed[1]} if fixed else
                        {"dealer": None, "other": None})
    return Facts(players, cards_each, dealer_cards, scart, default,
                 {m: [list(r) for r in rs] for m, rs in METHODS[players].items()}, totals, pars,
                 dict(CATCH_UP) if players == 4 and Rules().catch_up_deals else {},
                 HANDS_IN_GAME[players])
