"""Typed errors: every refusal is one class of error carrying a :class:`Message`.

The message's id names the rule broken (``play.follow_suit``), its parameters say what was
wrong (the token, the seat, the field); ``str(error)`` is the sentence in English, one line,
and ``to_json()`` is what the browser receives — the id and parameters as well, so a page can
render it in its own language.
"""

from __future__ import annotations

from typing import Any

from .messages import Message, one_line


class GameError(ValueError):
    """Base class: bad input or an action the rules refuse. ``rule`` names the rule broken."""

    rule = "error"

    def __init__(self, message: Message | str, *, rule: str | None = None) -> None:
        self.msg = message if isinstance(message, Message) else None
        text = str(message)
        super().__init__(one_line(text))
        if rule is not None:
            self.rule = rule
        elif self.msg is not None:
            self.rule = self.msg.rule

    @property
    def message(self) -> str:
        return str(self.args[0])

    def render(self, language: str, viewer: int | None = None) -> str:
        return (one_line(self.msg.render(language, viewer)) if self.msg is not None
                else self.message)

    def said_to(self, viewer: int | None) -> "GameError":
        """The same error, its message said to the seat ``viewer`` ("it is bot 2's turn, not
        yours"); unchanged when there is no viewer or no message."""
        if viewer is not None and self.msg is not None:
            self.args = (one_line(self.msg.render(viewer=viewer)), *self.args[1:])
        return self

    def to_json(self) -> dict[str, Any]:
        out = {"type": type(self).__name__, "rule": self.rule, "message": self.message}
        if self.msg is not None:
            out.update(self.msg.to_json())
        return out
