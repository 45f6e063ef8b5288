"""The facade: one registry of named calls that the command line, the browser worker, a page
build and the tests all use, so that an answer cannot differ between them.

A call is a function registered with :meth:`Facade.call`; it takes keyword arguments (cards as
notation text, numbers, plain objects) and returns a *result*: a frozen dataclass, so the shape
of every answer is declared once. :meth:`Facade.schema` turns those declarations into JSON
Schema, which the tests validate every answer against and the browser side can read.

* ``invoke(name, **args)`` — the result object (or the game's error);
* ``call(name, **args)`` — the result as JSON data;
* ``call_json(name, args_json)`` — for the worker: never raises; answers
  ``{"ok": true, "result": …}`` or ``{"ok": false, "error": {type, rule, message, id, params}}``.

A field declared with ``field(metadata={"omit_none": True})`` is left out of the JSON when it
is None (optional keys); a result may also define ``to_json`` itself.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import types
import typing
from typing import Any, Callable

from .errors import GameError
from .messages import Message, quote

OPTIONAL = {"omit_none": True}
F = typing.TypeVar("F", bound=Callable[..., Any])


def to_json(value: Any) -> Any:
    """A result as JSON data: dataclasses by their fields, messages by their id and params."""
    if hasattr(value, "to_json") and not isinstance(value, type):
        return value.to_json()
    if dataclasses.is_dataclass(value):
        out = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if v is None and f.metadata.get("omit_none"):
                continue
            out[f.name] = to_json(v)
        return out
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    return value


def _schema_of(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any or tp is object:
        return {}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_schema_of(a, defs) for a in args]}
    if tp is type(None):
        return {"type": "null"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is float:
        return {"type": "number"}
    if tp is str:
        return {"type": "string"}
    if tp is Message:
        return {"type": "object", "required": ["id", "params"]}
    if origin in (list, tuple) or tp in (list, tuple):
        item = args[0] if args and (origin is list or len(args) == 2 and args[1] is ...) else None
        if origin is tuple and args and not (len(args) == 2 and args[1] is ...):
            return {"type": "array", "prefixItems": [_schema_of(a, defs) for a in args]}
        return {"type": "array", **({"items": _schema_of(item, defs)}
                                    if item not in (None, Any) else {})}
    if origin is dict or tp is dict:
        return {"type": "object"}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # placeholder: a recursive type refers to itself
            hints = typing.get_type_hints(tp)
            fields = dataclasses.fields(tp)
            defs[name] = {
                "type": "object",
                "properties": {f.name: _schema_of(hints[f.name], defs) for f in fields},
                "required": [f.name for f in fields if not f.metadata.get("omit_none")],
            }
            if tp.__doc__ and not tp.__doc__.startswith(f"{name}("):
                defs[name]["description"] = " ".join(tp.__doc__.split())
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"no JSON Schema for {tp!r}")


# What an argument's annotation allows, checked before the call runs, so that a value of the
# wrong type from a page or a script is refused with the argument's name instead of failing
# somewhere inside (a list as a seat). Annotations are read as written (``from __future__
# import annotations``); a parameter without one, or with another type, is the call's to check.
_TYPES = {"int": "int", "str": "str", "bool": "bool", "dict": "dict", "list": "list",
          "None": "null"}


def _kinds(annotation: object) -> list[str]:
    if not isinstance(annotation, str):
        return []
    # What a generic's arguments say (``dict[str, Any]``, ``list[int]``) is the call's to check:
    # only the outer type is read.
    outer, depth = [], 0
    for ch in annotation:
        depth += (ch == "[") - (ch == "]")
        if depth == 0 and ch != "]":
            outer.append(ch)
    names = [part.strip() for part in "".join(outer).split("|")]
    if not all(n in _TYPES for n in names):
        return []
    return [_TYPES[n] for n in names]


def _is(value: object, kind: str) -> bool:
    if kind == "int":
        return type(value) is int  # not True, not 4.0
    if kind == "null":
        return value is None
    return isinstance(value, {"str": str, "bool": bool, "dict": dict, "list": list}[kind])


class Facade:
    """The calls of one game."""

    def __init__(self, domain: str, error: type[GameError], types: str | None = None) -> None:
        self.domain = domain
        self.error = error
        self.types = types  # the module of the result types, if the calls import it lazily
        self._calls: dict[str, Callable[..., Any]] = {}

    def call_fn(self, fn: F) -> F:
        """Register ``fn`` (named ``call_<name>``) as the call ``<name>``."""
        self._calls[fn.__name__.removeprefix("call_")] = fn
        return fn

    def names(self) -> list[str]:
        return sorted(self._calls)

    def module_calls(self) -> tuple[Callable[[], list[str]], Callable[..., Any],
                                    Callable[..., Any], Callable[[str, str], str],
                                    Callable[[], dict[str, Any]]]:
        """What a game's facade module offers its callers (the command line, a page build, the
        browser's worker, the tests), in one line of that module: ``names, invoke, call,
        call_json, schema = FACADE.module_calls()``."""
        return self.names, self.invoke, self.call, self.call_json, self.schema

    def function(self, name: str) -> Callable[..., Any]:
        fn = self._calls.get(name)
        if fn is None:
            raise self.error(Message(self.domain, "api#unknown",
                                     {"name": name, "calls": self.names()}))
        return fn

    def invoke(self, name: str, **args: Any) -> Any:
        fn = self.function(name)
        sig = inspect.signature(fn)
        try:
            sig.bind(**args)
        except TypeError as exc:  # wrong argument names from a page or script
            raise self.error(Message(self.domain, "api#arguments", {
                "name": name, "why": str(exc),
                "takes": list(sig.parameters) or ["none"]})) from None
        for arg, value in args.items():
            kinds = _kinds(sig.parameters[arg].annotation)
            if kinds and not any(_is(value, k) for k in kinds):
                raise self.error(Message(self.domain, "api#type", {
                    "name": name, "arg": arg, "value": quote(value),
                    "kinds": [Message(self.domain, f"type#{k}") for k in kinds]}))
        return fn(**args)

    def call(self, name: str, **args: Any) -> Any:
        return to_json(self.invoke(name, **args))

    def call_json(self, name: str, args_json: str = "{}") -> str:
        try:
            try:
                args = json.loads(args_json) if args_json else {}
            except json.JSONDecodeError as exc:
                raise self.error(Message(self.domain, "api#json", {
                    "why": exc.msg, "line": exc.lineno, "column": exc.colno})) from None
            except RecursionError:
                raise self.error(Message(self.domain, "api#deep")) from None
            except ValueError:  # a number of more digits than Python converts
                from .record import _max_digits
                raise self.error(Message(self.domain, "api#long_number",
                                         {"digits": _max_digits()})) from None
            if not isinstance(args, dict):
                raise self.error(Message(self.domain, "api#object"))
            result = self.call(str(name), **args)
            return json.dumps({"ok": True, "result": result}, ensure_ascii=False)
        except GameError as exc:
            return json.dumps({"ok": False, "error": exc.to_json()}, ensure_ascii=False)
        except Exception as exc:  # noqa: BLE001 - the worker must always get an answer
            text = str(Message(self.domain, "engine#internal", {"kind": type(exc).__name__}))
            return json.dumps({"ok": False, "error": {
                "type": "InternalError", "rule": "engine", "message": text}},
                ensure_ascii=False)

    def schema(self) -> dict[str, Any]:
        """JSON Schema of every call's result (``$defs`` holds each result type)."""
        defs: dict[str, Any] = {}
        calls = {}
        extra = vars(importlib.import_module(self.types)) if self.types else {}
        for name in self.names():
            fn = self._calls[name]
            hints = typing.get_type_hints(fn, globalns={**extra, **fn.__globals__})
            calls[name] = {"description": " ".join((fn.__doc__ or "").split()),
                           "arguments": list(inspect.signature(fn).parameters),
                           "result": _schema_of(hints.get("return", Any), defs)}
        return {"$schema": "https://json-schema.org/draft/2020-12/schema",
                "title": f"{self.domain} engine calls", "calls": calls, "$defs": defs}
