"""Hand records for any game: JSON text read with one-line errors, the fields every record has
(format, version, seed, title, note) and its list of actions.

A game's record type (``<game>.record.HandRecord``) reads its own fields with these. Errors
are the game's: ``bad(id, **params)`` builds its exception from a message id of its catalogue
(``record#utf8``, ``record#json``, ``record#deep``, ``record#object``, ``record#format``,
``record#long_number``, ``record#version``, ``record#unknown_field``, ``record#seed``,
``record#text``, ``record#actions``, ``record#action_field``, ``record#say``,
``record#action``).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Collection

from .errors import GameError
from .messages import quote
from .seed import SEED_MAX, TEXT_MAX, is_seed

Bad = Callable[..., Exception]


def is_int(value: object) -> bool:
    """A whole number, not a bool (JSON's true is no seat or count)."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_json(text: str | bytes, bad_text: Bad) -> Any:
    """JSON text (bytes must be UTF-8) parsed; ``bad_text(id, **params)`` for text that is not
    UTF-8, not JSON, or nested too deep to read."""
    if isinstance(text, (bytes, bytearray)):
        raw = bytes(text)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise bad_text("record#utf8", line=raw.count(b"\n", 0, exc.start) + 1,
                           byte=f"0x{raw[exc.start]:02x}", offset=exc.start) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise bad_text("record#json", line=exc.lineno, why=exc.msg) from None
    except RecursionError:
        raise bad_text("record#deep") from None
    except ValueError:  # a number of more digits than Python converts (4,300 by default)
        raise bad_text("record#long_number", digits=_max_digits()) from None


def _max_digits() -> int:
    import sys
    return getattr(sys, "get_int_max_str_digits", lambda: 4300)()


def check_common(data: object, bad: Bad, *, format: str, version: int,
                 fields: Collection[str]) -> None:
    """The fields every record shares: an object of known ``fields``, this format and version,
    a seed by the rule of ``cardgame.seed`` (``record#seed`` gets ``value``, ``most`` and
    ``chars``), a title and a note that are texts."""
    if not isinstance(data, dict):
        raise bad("record#object")
    if data.get("format", format) != format:
        raise bad("record#format", format=format, value=quote(data.get("format")))
    got = data.get("version", version)
    if not is_int(got) or got != version:
        raise bad("record#version", value=quote(got), version=version)
    extra = sorted(set(data) - set(fields))
    if extra:
        raise bad("record#unknown_field", field=extra[0], fields=sorted(fields))
    seed = data.get("seed")
    if seed is not None and not is_seed(seed):
        raise bad("record#seed", value=quote(seed), most=SEED_MAX, chars=TEXT_MAX)
    for key in ("title", "note"):
        if key in data and not isinstance(data[key], str):
            raise bad("record#text", field=key, value=quote(data[key]))


def read_actions(raw: object, bad: Bad, parse: Callable[[str], Any]) -> tuple[list[Any], list[tuple[int, str]]]:
    """The actions of a record: each a text, or ``{"action": text, "say": words}`` (what the
    player said with it). Returns (actions, [(index, words)]); ``parse`` reads one text and
    raises a GameError."""
    if not isinstance(raw, list):
        raise bad("record#actions")
    actions: list[Any] = []
    says: list[tuple[int, str]] = []
    for i, item in enumerate(raw):
        text, say = item, None
        if isinstance(item, dict):
            extra = sorted(set(item) - {"action", "say"})
            if extra:
                raise bad("record#action_field", index=i, field=extra[0])
            text, say = item.get("action"), item.get("say")
            if say is not None and not isinstance(say, str):
                raise bad("record#say", index=i, value=quote(say))
        try:
            actions.append(parse(text))
        except GameError as exc:
            raise bad("record#action", index=i, why=exc.msg or exc.message) from None
        if say:
            says.append((i, say))
    return actions, says
