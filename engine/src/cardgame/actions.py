"""The text form of an action, for any game: ``"<seat> <kind> <argument>"`` (``"1 play Kc"``),
the same text a hand record stores. A game says which kinds exist and what an argument means;
this reads the three parts and refuses anything else with the game's message."""

from __future__ import annotations

import re
from typing import Callable

from .messages import Message, quote

# ASCII digits only: str.isdigit() also takes '¹' and other digits int() refuses or reads as
# another number.
_SEAT = re.compile(r"[0-9]{1,3}")


def split_action(text: object, *, msg: Callable[..., Message],
                 error: type[Exception]) -> tuple[int, str, str]:
    """(seat, kind in lower case, argument) of an action's text. ``msg`` builds the game's
    messages ``record.action#not_text`` and ``record.action#syntax``."""
    if not isinstance(text, str):
        raise error(msg("record.action#not_text", value=quote(text)))
    parts = text.split()
    if len(parts) != 3 or not _SEAT.fullmatch(parts[0]):
        raise error(msg("record.action#syntax", text=text))
    return int(parts[0]), parts[1].lower(), parts[2]
