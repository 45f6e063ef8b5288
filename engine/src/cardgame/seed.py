"""The seed rule every game shares: what may name a shuffle.

A seed is a whole number from 0 to ``SEED_MAX`` (2**64 - 1) or a text of at most ``TEXT_MAX``
characters; on a command line, where every argument is text, only the whole number, written
in the digits 0-9. The bound keeps a seed short enough to quote in a message and to type, and
one rule means a seed that works in one place (a record, a page, the CLI) works in the others.
A game's messages ``seed#rule`` (the facade's and a record's) and ``seed#digits`` (the command
line's) say it with the parameters ``value``, ``most`` and ``chars``.
"""

from __future__ import annotations

import re
from typing import Callable

from .messages import Message, quote

SEED_MAX = 2 ** 64 - 1
TEXT_MAX = 64
_DIGITS = re.compile(r"[0-9]{1,20}")  # ASCII only: '²'.isdigit() is True, int('²') fails


def _params(value: object) -> dict[str, object]:
    return {"value": quote(value), "most": SEED_MAX, "chars": TEXT_MAX}


def is_seed(seed: object) -> bool:
    if isinstance(seed, str):
        return len(seed) <= TEXT_MAX
    return type(seed) is int and 0 <= seed <= SEED_MAX


def check_seed(seed: object, *, msg: Callable[..., Message], error: type[Exception],
               none: bool = True) -> int | str | None:
    """``seed`` if it follows the rule (None too when ``none``: a fresh shuffle), else the
    game's ``error`` with its message ``seed#rule``."""
    if seed is None and none or is_seed(seed):
        assert seed is None or isinstance(seed, (int, str))
        return seed
    raise error(msg("seed#rule", **_params(seed)))


def parse_seed(text: str, *, msg: Callable[..., Message], error: type[Exception]) -> int:
    """A command line's seed: a whole number in the digits 0-9, at most ``SEED_MAX``."""
    if isinstance(text, str) and _DIGITS.fullmatch(text) and int(text) <= SEED_MAX:
        return int(text)
    raise error(msg("seed#digits", **_params(text)))
