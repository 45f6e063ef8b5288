"""Messages as data: a message is an id and parameters; its words come from a catalogue.

Every refusal and explanation an engine gives is a :class:`Message` — for example
``Message("<game>", "play.follow_suit", {"suit": "c", "card": "3s"})`` — and only turns into a
sentence when a :class:`Catalogue` renders it. A catalogue is one JSON file per language in the
game's package (``<game>/messages/<lang>.json``), so a second language is a second file.

Templates use ``str.format`` fields. A field may name a *kind* after a colon, which the
catalogue translates rather than printing the raw value:

* ``{suit:suit}`` — the value (``"c"``) looked up as ``suit.c`` in the catalogue;
* ``{x:term}`` — the value looked up as ``term.<value>``;
* ``{cards:list}`` — a list joined with spaces; ``{ways:or}`` — ``a, b or c``; ``{ways:and}``;
  ``{steps:join:; }`` — joined with what follows the second colon; ``{parts:seq}`` — run on;
* ``{card:name}`` — handed to a formatter the game registers (a card's name in words);
* ``{n:plural:trick}`` — the catalogue's ``plural.trick`` entry, ``{"one": …, "other": …}``;
* ``{token:quoted}`` — a piece of the reader's input, quoted, on one line and shortened.

Plain fields print the value as it is, except a card: a game whose cards are written
differently in each language registers a formatter ``code`` (``register_formatter``), and
every plain text field and every item of a list kind (``{cards:list}``, ``{cards:or}`` …) goes
through it, so a card token (``Kc``, the engine's canonical notation) is printed in the
catalogue's own notation ("Kk" in German) and anything else as it is. ``{card:code}`` says the
same explicitly.

Seats and the viewer: ``{seat:seat}`` names a seat — ``seat#plain`` ("seat 2") when a message is
rendered for nobody in particular. Rendered *for a viewer* (``render(viewer=0)``, a player at a
table of bots), the viewer's own seat is ``seat#you`` ("you") and the others ``seat#other``
("bot 2"); and where a seat parameter is the viewer, the catalogue's second-person form of the
message is used if it has one, ``<id>@you:<parameter>`` ("you play …" for "seat 0 plays …"),
since a language's verbs and pronouns change with the person and no rewriting of the third-person
sentence could get that right.
"""

from __future__ import annotations

import json
import re
import string
from typing import Any, Callable, Mapping

from .value import Value

DEFAULT_LANGUAGE = "en"
# The language a message is said in when the caller names none: str(message), the facade's
# results, the CLI. One process speaks one language at a time — a site's build, the browser's
# worker, a command — so it is set once, where that process starts (set_language).
_language = [DEFAULT_LANGUAGE]


def set_language(language: str) -> str:
    """Say messages in ``language`` from now on; returns the language it replaces. The
    catalogue must exist for every game that renders (checked when one first renders)."""
    before = _language[0]
    _language[0] = language
    return before


def current_language() -> str:
    return _language[0]
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")


def one_line(text: str) -> str:
    """Control characters written as escapes, so a message stays on one line."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def quote(value: object, limit: int = 40) -> str:
    """A piece of input as it may appear in a message: on one line, not too long, a text in
    quotes ('Kc'), anything else as Python writes it (4.0, True, [1])."""
    text = one_line(value if isinstance(value, str) else _repr(value))
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    return f"'{text}'" if isinstance(value, str) else text


def _repr(value: object) -> str:
    if type(value) is int and value.bit_length() > 128:
        # Python refuses to write an int of more than 4,300 digits, and a shorter one would
        # be cut off anyway: say how long it is.
        import math
        digits = int(math.log10(abs(value))) + 1
        return f"{'-' if value < 0 else ''}<a number of {digits} digits>"
    try:
        return repr(value)
    except (ValueError, RecursionError):  # a huge int inside, or nested too deep
        return f"<a {type(value).__name__} too long to show>"


class CatalogueError(LookupError):
    """A message id or a term missing from a catalogue: a bug in the engine or the catalogue."""


class Message(Value):
    """One message: which game's catalogue, the message id, the parameters (plain values)."""

    __slots__ = ("domain", "id", "params")
    domain: str
    id: str
    params: Mapping[str, Any]

    def __init__(self, domain: str, id: str, params: Mapping[str, Any] | None = None) -> None:
        # Written out (not Value's general __init__): events create messages in the hot path.
        setter = object.__setattr__
        setter(self, "domain", domain)
        setter(self, "id", id)
        setter(self, "params", {} if params is None else params)

    @property
    def rule(self) -> str:
        """The rule the message is about: the id up to a '#' (``talk.liber#third_only``)."""
        return self.id.partition("#")[0]

    def render(self, language: str | None = None, viewer: int | None = None) -> str:
        """The message's words in ``language`` (by default the current one, set_language);
        ``viewer`` is the seat it is said to, if any (see the module's docstring)."""
        return catalogue(self.domain, language or _language[0]).render(self, viewer)

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "params": {k: _plain(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, domain: str, data: Mapping[str, Any]) -> "Message":
        """The message back from its JSON form (nested messages included)."""
        return cls(domain, data["id"], {k: _unplain(domain, v)
                                        for k, v in data.get("params", {}).items()})


def _unplain(domain: str, value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"id", "params"}:
        return Message.from_json(domain, value)
    if isinstance(value, list):
        return [_unplain(domain, v) for v in value]
    return value


def _plain(value: Any) -> Any:
    """A parameter as JSON: nested messages as their id and parameters."""
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


class _Formatter(string.Formatter):
    def __init__(self, cat: "Catalogue", viewer: int | None = None) -> None:
        self.cat = cat
        self.viewer = viewer

    def format_field(self, value: Any, spec: str) -> str:
        if isinstance(value, Message):  # a message inside a message: same language and viewer
            text = self.cat.render(value, self.viewer)
            return text[:1].upper() + text[1:] if spec == "cap" else text
        if not spec:
            if isinstance(value, str):  # a card token in the language's notation (see above)
                code = self.cat.formatters.get("code")
                if code is not None:
                    return str(code(value, self.cat))
            return str(super().format_field(value, spec))
        kind, _, arg = spec.partition(":")
        cat = self.cat
        if kind == "seat":
            if self.viewer is None:
                return cat.term("seat#plain").format(n=value)
            if value == self.viewer and type(value) is int:  # True is no seat
                return cat.term("seat#you")
            return cat.term("seat#other").format(n=value)
        if kind == "cap":  # a message (or text) opening a sentence
            word = self.format_field(value, "")
            return word[:1].upper() + word[1:]
        if kind in ("suit", "suit_one", "term", "rank", "phase", "option"):
            return cat.term(f"{kind}.{value}")
        if kind.startswith("term_"):  # {call:term_call} — the term call.<value>
            return cat.term(f"term.{kind[5:]}.{value}")
        if kind.endswith("_cap"):  # the same word, capitalised to open a sentence
            word = self.format_field(value, kind.removesuffix("_cap"))
            return word[:1].upper() + word[1:]
        if kind == "quoted":  # a piece of input: on one line, shortened, in quotes
            return quote(value)
        if kind == "list":
            return " ".join(self.format_field(v, "") for v in value)
        if kind == "seq":  # parts of one sentence, each a message or a text
            return "".join(self.format_field(v, "") for v in value)
        if kind in ("join", "capjoin"):  # {steps:join:; } — joined by what follows the colon
            text = arg.join(self.format_field(v, "") for v in value)
            return text[:1].upper() + text[1:] if kind == "capjoin" else text
        if kind in ("or", "and"):
            items = [self.format_field(v, "") for v in value]
            if len(items) < 2:
                return "".join(items)
            return f"{', '.join(items[:-1])} {cat.term('word.' + kind)} {items[-1]}"
        if kind == "plural":
            forms = cat.entry(f"plural.{arg}")
            return str(forms["one" if value == 1 else "other"])
        fn = cat.formatters.get(kind)
        if fn is not None:
            return fn(value, cat)
        return str(super().format_field(value, spec))


class Catalogue:
    """The words of one game in one language."""

    def __init__(self, domain: str, language: str, entries: Mapping[str, Any],
                 formatters: Mapping[str, Callable[[Any, "Catalogue"], str]] | None = None):
        self.domain = domain
        self.language = language
        self.entries = dict(entries)
        self.formatters = dict(formatters or {})
        self._fmt = _Formatter(self)
        self._fmt_for: dict[int, _Formatter] = {}
        self._rendered: dict[tuple[object, ...], str] = {}

    def entry(self, key: str) -> Any:
        try:
            return self.entries[key]
        except KeyError:
            raise CatalogueError(f"{self.domain}/{self.language}: no entry '{key}'") from None

    def term(self, key: str) -> str:
        value = self.entry(key)
        if not isinstance(value, str):
            raise CatalogueError(f"{self.domain}/{self.language}: '{key}' is not a term")
        return value

    def render(self, msg: Message, viewer: int | None = None) -> str:
        # Hands repeat the same few events (a buob of clubs, the Fool paid for): the text of
        # a message with plain parameters is kept, as string.Formatter is slow in the hot path.
        try:
            params = msg.params
            k: tuple[object, ...] = (msg.id, *params.items(), *map(type, params.values()))  # 1 is not True
            if viewer is not None:
                k += ("@", viewer)
            key: tuple[object, ...] | None = k
            text = self._rendered.get(k)
        except TypeError:  # a list or a message among the parameters: not kept
            key = text = None
        if text is None:
            if viewer is None:
                template, fmt = self.term(msg.id), self._fmt
            else:
                template = self._for_viewer(msg, viewer)
                fmt = self._fmt_for.get(viewer) or _Formatter(self, viewer)
                self._fmt_for[viewer] = fmt
            try:
                text = fmt.vformat(template, (), dict(msg.params))
            except KeyError as exc:
                raise CatalogueError(f"{self.domain}/{self.language}: '{msg.id}' needs the"
                                     f" parameter {exc}") from None
            if key is not None:
                if len(self._rendered) >= 4096:
                    self._rendered.clear()
                self._rendered[key] = text
        return text

    def _for_viewer(self, msg: Message, viewer: int) -> str:
        """The template of ``msg`` said to ``viewer``: its second-person form when a seat
        parameter is the viewer and the catalogue has that form."""
        for name, value in msg.params.items():
            if value == viewer and type(value) is int:
                form = self.entries.get(f"{msg.id}@you:{name}")
                if isinstance(form, str):
                    return form
        return self.term(msg.id)

    def fields(self, key: str) -> set[str]:
        """The parameter names a template uses (the tests check every id against them)."""
        return {name.split(".")[0].split("[")[0]
                for _, name, _, _ in string.Formatter().parse(self.term(key)) if name}


_CATALOGUES: dict[tuple[str, str], Catalogue] = {}
_FORMATTERS: dict[str, dict[str, Callable[[Any, Catalogue], str]]] = {}


def register_formatter(domain: str, kind: str, fn: Callable[[Any, Catalogue], str]) -> None:
    """Let a game render a kind of parameter its own way (``{card:name}``)."""
    _FORMATTERS.setdefault(domain, {})[kind] = fn
    for (d, _), cat in _CATALOGUES.items():
        if d == domain:
            cat.formatters[kind] = fn
            cat._rendered.clear()


def register_catalogue(domain: str, language: str, entries: Mapping[str, Any]) -> Catalogue:
    """Give a game's words in one language directly (a game not installed as a package with
    ``messages/<language>.json``, or a test's toy game)."""
    cat = Catalogue(domain, language, entries, _FORMATTERS.get(domain))
    _CATALOGUES[(domain, language)] = cat
    return cat


def catalogue(domain: str, language: str | None = None) -> Catalogue:
    """The catalogue of a game package (its ``messages/<language>.json``), loaded once; by
    default in the current language."""
    key = (domain, language or _language[0])
    language = key[1]
    cat = _CATALOGUES.get(key)
    if cat is None:
        from importlib import resources  # on first use: importing it slows the browser's start
        try:
            text = resources.files(domain).joinpath("messages", f"{language}.json").read_text(
                encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError):
            raise CatalogueError(f"no '{language}' catalogue for {domain}") from None
        cat = Catalogue(domain, language, json.loads(text), _FORMATTERS.get(domain))
        _CATALOGUES[key] = cat
    return cat


def languages(domain: str) -> list[str]:
    """The languages a game has a catalogue for."""
    from importlib import resources
    folder = resources.files(domain).joinpath("messages")
    return sorted(p.name.removesuffix(".json") for p in folder.iterdir()
                  if p.name.endswith(".json"))
