"""Every error the engine raises on bad input.

Each is a ``ValueError`` subclass carrying a rule id and one readable sentence, so the CLI can
print one line and the site can show the sentence as feedback without a traceback.
"""

from __future__ import annotations

import re


class TroccasError(ValueError):
    """Base class: ``rule`` names the rule broken, ``str(err)`` is one sentence for a reader."""

    rule = "troccas"

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        # One line whatever the input quoted in it held: a reader sees one line, a log one row.
        super().__init__(_one_line(str(message)))
        if rule is not None:
            self.rule = rule

    @property
    def message(self) -> str:
        return str(self.args[0])

    def to_json(self) -> dict:
        return {"type": type(self).__name__, "rule": self.rule, "message": self.message}


_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")


def _one_line(text: str) -> str:
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def quote(value, limit: int = 40) -> str:
    """A piece of input as it may appear in a message: on one line, not too long, a text in
    quotes ('Kc'), anything else as Python writes it (4.0, True, [1])."""
    text = _one_line(value if isinstance(value, str) else repr(value))
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    return f"'{text}'" if isinstance(value, str) else text


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
