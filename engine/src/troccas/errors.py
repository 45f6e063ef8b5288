"""Every error the engine raises on bad input.

Each is a :class:`cardgame.errors.GameError` (a ``ValueError``) carrying a message — a rule id
and its parameters, rendered through the catalogue — so the CLI can print one line and a page
can show the sentence as feedback without a traceback.
"""

from __future__ import annotations

from cardgame.errors import GameError
from cardgame.messages import Message as Message, quote as quote  # re-exported for callers

DOMAIN = "troccas"


def msg(id: str, **params: object) -> Message:
    """A Troccas message: its words are in ``troccas/messages/<language>.json``."""
    return Message(DOMAIN, id, params)


class TroccasError(GameError):
    """Base class: ``rule`` names the rule broken, ``str(err)`` is one sentence for a reader."""

    rule = "troccas"


class InvalidCardError(TroccasError):
    """A token that is not a card in the notation (``Zz``, ``11c``, ``XXII``)."""

    rule = "notation"


class DuplicateCardError(TroccasError):
    """The same card named twice where each card can appear only once."""

    rule = "notation.duplicate"


class IllegalActionError(TroccasError):
    """An action the rules do not allow now; ``rule`` is the clause id (see ``troccas.rules``)."""

    rule = "play.turn"


class RecordError(TroccasError):
    """A hand record that is malformed or does not replay."""

    rule = "record"


class OptionError(TroccasError):
    """An unknown rule option or value."""

    rule = "options"
