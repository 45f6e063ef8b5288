"""The test game's rule options, each with the values it may take."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import OptionError, msg, quote


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    values: tuple[Any, ...]


OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("lead", "elder", ("elder", "dealer")),   # who leads the first trick
    Option("follow", "suit", ("suit", "free")),     # must the second card follow suit?
)}
PLAYER_COUNTS = (2,)
# The rules' one source, which the site's glossary entries name (its ``sources``).
SOURCES = {"dozen": "The test game's engine package, tests/games/dozen/, which has the rules"
                    " in full."}


@dataclass(frozen=True)
class Rules:
    lead: str = "elder"
    follow: str = "suit"

    def __post_init__(self) -> None:
        for name, option in OPTIONS.items():
            value = getattr(self, name)
            if value not in option.values:
                raise OptionError(msg("options#value", option=name, value=quote(value),
                                      values=list(option.values)))


def rules_of(options: dict[str, Any]) -> Rules:
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise OptionError(msg("options#unknown", option=unknown[0], options=list(OPTIONS)))
    return Rules(**options)
