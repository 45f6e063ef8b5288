"""The pack: three suits of four ranks; a card is its index, suit-major (``1s`` is 0)."""

from __future__ import annotations

from cardgame.cards import Notation
from cardgame.messages import Catalogue, Message, register_formatter

from .errors import DOMAIN, DuplicateCardError, InvalidCardError, msg

SUITS = ("s", "m", "t")  # suns, moons, stars
RANKS = ("1", "2", "3", "4")
TOKENS = tuple(r + s for s in SUITS for r in RANKS)
N_CARDS = len(TOKENS)


def suit_of(card: int) -> str:
    return SUITS[card // len(RANKS)]


def rank_of(card: int) -> int:
    return card % len(RANKS) + 1


def _explain(token: str) -> Message:
    return msg("notation#unknown", token=token, suits="s m t", ranks="1 2 3 4")


NOTATION = Notation(TOKENS, {t.lower(): i for i, t in enumerate(TOKENS)}, msg=msg,
                    explain=_explain, invalid=InvalidCardError, duplicate=DuplicateCardError)


def _name(token: str, cat: Catalogue) -> str:
    card = NOTATION.parse_id(token)
    return cat.render(msg("card.name", rank=rank_of(card), suit=suit_of(card)))


register_formatter(DOMAIN, "name", _name)
