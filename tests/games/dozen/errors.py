"""The test game's errors: each a cardgame GameError carrying a message of dozen/messages/."""

from __future__ import annotations

from cardgame.errors import GameError
from cardgame.messages import Message
from cardgame.messages import quote as quote  # noqa: F401 - re-exported

DOMAIN = "dozen"


def msg(id: str, **params: object) -> Message:
    return Message(DOMAIN, id, params)


class DozenError(GameError):
    rule = "dozen"


class InvalidCardError(DozenError):
    rule = "notation"


class DuplicateCardError(DozenError):
    rule = "notation.duplicate"


class IllegalActionError(DozenError):
    rule = "play"


class OptionError(DozenError):
    rule = "options"
