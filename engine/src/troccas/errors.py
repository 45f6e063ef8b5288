"""Every error the engine raises on bad input.

Each is a ``ValueError`` subclass carrying a rule id and one readable sentence, so the CLI can
print one line and the site can show the sentence as feedback without a traceback.
"""

from __future__ import annotations


class TroccasError(ValueError):
    """Base class: ``rule`` names the rule broken, ``str(err)`` is one sentence for a reader."""

    rule = "troccas"

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(message)
        if rule is not None:
            self.rule = rule

    @property
    def message(self) -> str:
        return str(self.args[0])

    def to_json(self) -> dict:
        return {"type": type(self).__name__, "rule": self.rule, "message": self.message}


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
