"""Every error the Truc engine raises on bad input: a ``cardgame`` GameError carrying a message
(a rule id and its parameters) rendered through ``truc/messages/<language>.json``."""

from __future__ import annotations

from cardgame.errors import GameError
from cardgame.messages import Message
from cardgame.messages import quote as quote  # noqa: F401 - re-exported for the modules here

DOMAIN = "truc"


def msg(id: str, **params: object) -> Message:
    return Message(DOMAIN, id, params)


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
