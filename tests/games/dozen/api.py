"""The test game's facade (``cardgame.facade``): the calls a page build and the browser make."""

from __future__ import annotations

from dataclasses import dataclass

from cardgame.facade import Facade

from .cards import NOTATION, TOKENS, rank_of, suit_of
from .errors import DOMAIN, DozenError, msg
from .hand import HAND_CARDS, trick_winner
from .rules import PLAYER_COUNTS

FACADE = Facade(DOMAIN, DozenError)
_call = FACADE.call_fn
names = FACADE.names
invoke = FACADE.invoke
call = FACADE.call
call_json = FACADE.call_json
schema = FACADE.schema


@dataclass(frozen=True)
class Card:
    token: str
    name: str
    suit: str
    rank: int


@dataclass(frozen=True)
class PackResult:
    cards: list[Card]


@dataclass(frozen=True)
class Facts:
    players: list[int]
    cards: int
    hand_cards: int
    tricks: int


@dataclass(frozen=True)
class Winner:
    seat: int
    card: str
    rule: str
    reason: str


@_call
def call_pack() -> PackResult:
    return PackResult([Card(t, msg("card.name", rank=rank_of(i), suit=suit_of(i)).render(),
                            suit_of(i), rank_of(i)) for i, t in enumerate(TOKENS)])


@_call
def call_facts() -> Facts:
    return Facts(list(PLAYER_COUNTS), len(TOKENS), HAND_CARDS, HAND_CARDS)


@_call
def call_winner(cards: list[str]) -> Winner:
    """Who takes a trick of two cards, the lead first (seat 0 leads)."""
    ids = NOTATION.parse_ids(cards)
    if len(ids) != 2:
        raise DozenError(msg("trick#cards", count=len(ids)))
    seat, why = trick_winner(list(enumerate(ids)))
    return Winner(seat, TOKENS[ids[seat]], why.rule, str(why.reason))

