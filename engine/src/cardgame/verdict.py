"""A rule's answer: yes or no, and the reason — a message naming the rule and what decided it.

Each rule of a game is one function returning a :class:`Verdict`, so the same function answers
"may I?", explains "why not?" and explains "why yes?" (a puzzle's worked answer, a hint). Fast
paths may sit beside such a function; they are property-tested against it.
"""

from __future__ import annotations

from typing import Any

from .messages import Message
from .value import Value


class Verdict(Value):
    __slots__ = ("ok", "reason")
    ok: bool
    reason: Message

    @property
    def rule(self) -> str:
        return self.reason.rule

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return str(self.reason)

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "rule": self.rule, "reason": self.reason.to_json(),
                "text": str(self.reason)}

