"""Every error the Truc engine raises on bad input: a ``cardgame`` GameError carrying a message
(a rule id and its parameters) rendered through ``truc/messages/<language>.json``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgame.errors import GameError
from cardgame.messages import Message, register_formatter
from cardgame.messages import quote as quote  # noqa: F401 - re-exported for the modules here

if TYPE_CHECKING:
    from cardgame.messages import Catalogue

DOMAIN = "truc"


def msg(id: str, **params: object) -> Message:
    return Message(DOMAIN, id, params)


def _card_name(token: object, cat: Catalogue) -> str:
    """{card:cardname}: a card token said in words ("the cavall of oros"), from the pack that
    has it (the Catalan one first); tokens stay the parameters, so another language names the
    card in its own words."""
    from .cards import PACKS, pack
    for name in PACKS:
        p = pack(name)
        if token in p.tokens:
            return p.name_of(p.tokens.index(token))
    return str(token)


register_formatter(DOMAIN, "cardname", _card_name)


class TrucError(GameError):
    rule = "truc"


class InvalidCardError(TrucError):
    rule = "notation"


class DuplicateCardError(TrucError):
    rule = "notation.duplicate"


class IllegalActionError(TrucError):
    rule = "play.turn"


class OptionError(TrucError):
    rule = "options"
