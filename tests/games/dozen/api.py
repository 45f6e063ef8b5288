"""The test game's facade (``cardgame.facade``): the calls a page build and the browser make."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgame.facade import Facade
from cardgame.puzzles import PuzzleCheck, PuzzleRecord

from .cards import NOTATION, TOKENS, rank_of, suit_of
from .errors import DOMAIN, DozenError, msg
from .hand import HAND_CARDS, trick_winner
from .rules import OPTIONS, PLAYER_COUNTS, SOURCES

FACADE = Facade(DOMAIN, DozenError)
_call = FACADE.call_fn
names, invoke, call, call_json, schema = FACADE.module_calls()


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
class OptionsResult:
    options: list[dict[str, Any]]
    sources: dict[str, str]


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
def call_options() -> OptionsResult:
    """The rule options with their values, and the rules' sources (a glossary entry names
    them)."""
    return OptionsResult([{"name": o.name, "default": o.default, "values": list(o.values)}
                          for o in OPTIONS.values()], dict(SOURCES))


@_call
def call_winner(cards: list[str]) -> Winner:
    """Who takes a trick of two cards, the lead first (seat 0 leads)."""
    ids = NOTATION.parse_ids(cards)
    if len(ids) != 2:
        raise DozenError(msg("trick#cards", count=len(ids)))
    seat, why = trick_winner(list(enumerate(ids)))
    return Winner(seat, TOKENS[ids[seat]], why.rule, str(why.reason))



@_call
def call_puzzle(kind: str | None = None, seed: int | None = None,
                spec: dict[str, Any] | None = None, answer: bool = False) -> PuzzleRecord:
    """A puzzle of ``kind`` (winner, legal) drawn from ``seed``, or from a ``spec`` (kind and
    seed with a page's fields, or an authored situation); with ``answer`` the engine's answer
    and the worked steps."""
    from . import puzzles
    return puzzles.REGISTRY.puzzle_call(kind, seed, spec, answer)


@_call
def call_check(answer: object, spec: dict[str, Any] | None = None, kind: str | None = None,
               seed: int | None = None) -> PuzzleCheck:
    """The reader's ``answer`` to a puzzle (its ``spec``, or ``kind`` and ``seed``): right or
    wrong and why; for a wrong one, hints that never name the answer (the rule, then a clue)."""
    from . import puzzles
    # an answer that is none the puzzle offers is refused, not a wrong answer
    return puzzles.REGISTRY.check_call(answer, spec, kind, seed, given=puzzles.given_cards)
