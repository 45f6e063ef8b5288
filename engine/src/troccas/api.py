"""The one facade every caller uses: the CLI, the browser worker, the build and the tests.

``call(name, **args)`` returns plain JSON-able data or raises a :class:`TroccasError`;
``call_json(name, args_json)`` wraps it for the worker: it never raises, it answers
``{"ok": true, "result": …}`` or ``{"ok": false, "error": {"type", "rule", "message"}}``.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from . import counting
from .cards import Card, parse_ids, ranking_order
from .errors import TroccasError

_CALLS: dict[str, Callable[..., Any]] = {}


def _call(fn):
    _CALLS[fn.__name__.removeprefix("call_")] = fn
    return fn


@_call
def call_count(cards, method: str = "fours", scart=()) -> dict:
    ids = parse_ids(cards)
    return counting.count(ids, method, scart=parse_ids(scart)).to_json()


@_call
def call_pack() -> dict:
    return {"cards": [card_json(c) for c in ranking_order()]}


def card_json(card: Card) -> dict:
    return {"token": card.token, "name": card.name, "points": card.points, "kind": card.kind,
            "suit": card.suit, "rank": card.rank, "number": card.number}


def names() -> list[str]:
    return sorted(_CALLS)


def call(name: str, **args) -> Any:
    fn = _CALLS.get(name)
    if fn is None:
        raise TroccasError(f"'{name}' is not an engine call; the calls are {', '.join(names())}",
                           rule="api")
    try:
        return fn(**args)
    except TypeError as exc:  # wrong argument names from a page or script
        raise TroccasError(f"bad arguments for '{name}': {exc}", rule="api") from None


def call_json(name: str, args_json: str = "{}") -> str:
    try:
        args = json.loads(args_json) if args_json else {}
        if not isinstance(args, dict):
            raise TroccasError("the arguments must be a JSON object", rule="api")
        result = call(name, **args)
        return json.dumps({"ok": True, "result": result}, ensure_ascii=False)
    except TroccasError as exc:
        return json.dumps({"ok": False, "error": exc.to_json()}, ensure_ascii=False)
    except json.JSONDecodeError as exc:
        return json.dumps({"ok": False, "error": {"type": "TroccasError", "rule": "api",
                                                  "message": f"arguments are not JSON: {exc}"}})
