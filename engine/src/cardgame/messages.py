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
* ``{n:plural:trick}`` — the catalogue's ``plural.trick`` entry, a form for each of the
  language's plural categories (CLDR's ``zero``, ``one``, ``two``, ``few``, ``many``, ``other``;
  ``other`` always), chosen by the catalogue's plural rule (``"@plural"``, see
  :mod:`cardgame.plural`); a whole message may be such a mapping too, chosen by its ``n``;
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
sentence could get that right. ``{team:side}`` names a side, the list of its seats, the same
way: ``side#plain`` ("the team of seats 0 and 2") for nobody in particular; for a viewer,
``side#you`` ("your side") if the viewer sits on it, else ``side#other`` ("the other side");
each a text or a plural entry chosen by the number of seats (``n``; ``seats`` the seats).
"""

from __future__ import annotations

import json
import re
import string
from typing import Any, Callable, Mapping

from .plural import PluralRuleError, choose, plural_rule
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
# Every character str.splitlines() breaks at: C0 and C1 controls (NEL, U+0085, among them),
# and the line and paragraph separators.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


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
        if kind == "side":  # a side: the list of its seats, named as the seat kind names one
            seats = list(value)
            key = "side#plain" if self.viewer is None else \
                "side#you" if self.viewer in seats else "side#other"
            return self.vformat(cat.template(key, {"n": len(seats)}), (),
                                {"seats": seats, "n": len(seats)})
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
            return cat.plural_form(cat.entry(f"plural.{arg}"), value, f"plural.{arg}")
        fn = cat.formatters.get(kind)
        if fn is not None:
            return fn(value, cat)
        return str(super().format_field(value, spec))


PLURAL_KEY = "@plural"


class Catalogue:
    """The words of one game (or of a site) in one language. Its plural rule is its entry
    ``"@plural"`` (CLDR's conditions by category), unless one is given."""

    def __init__(self, domain: str, language: str, entries: Mapping[str, Any],
                 formatters: Mapping[str, Callable[[Any, "Catalogue"], str]] | None = None,
                 plural: Mapping[str, str] | None = None):
        self.domain = domain
        self.language = language
        self.entries = dict(entries)
        self.formatters = dict(formatters or {})
        rules = plural if plural is not None else self.entries.get(PLURAL_KEY)
        try:
            self.plural = None if rules is None else plural_rule(rules)
        except PluralRuleError as exc:
            raise CatalogueError(f"{domain}/{language}: {PLURAL_KEY}: {exc}") from None
        self._fmt = _Formatter(self)
        self._fmt_for: dict[int, _Formatter] = {}
        self._rendered: dict[tuple[object, ...], str] = {}

    def entry(self, key: str) -> Any:
        try:
            return self.entries[key]
        except KeyError:
            raise CatalogueError(f"{self.domain}/{self.language}: no entry '{key}'") from None

    def plural_form(self, forms: Any, n: Any, key: str) -> str:
        """The form of the plural entry ``forms`` (``key``) for the number ``n``."""
        if not isinstance(forms, Mapping) or not isinstance(forms.get("other"), str):
            raise CatalogueError(f"{self.domain}/{self.language}: '{key}' is no plural entry"
                                 " (a form for each plural category, 'other' among them)")
        if self.plural is None:
            raise CatalogueError(f"{self.domain}/{self.language}: '{key}' is a plural but the"
                                 f" catalogue has no plural rule ({PLURAL_KEY})")
        try:
            return str(choose(forms, self.plural(n)))
        except (TypeError, ArithmeticError, ValueError):
            raise CatalogueError(f"{self.domain}/{self.language}: '{key}' is chosen by a"
                                 f" number, not {quote(n)}") from None

    def template(self, key: str, params: Mapping[str, Any]) -> str:
        """The template of the message ``key``: a text, or a plural entry's form for the
        parameter ``n``."""
        value = self.entry(key)
        if isinstance(value, Mapping):
            if "n" not in params:
                raise CatalogueError(f"{self.domain}/{self.language}: '{key}' needs the"
                                     " parameter 'n' (it is a plural)")
            return self.plural_form(value, params["n"], key)
        return self.term(key)

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
                template, fmt = self.template(msg.id, msg.params), self._fmt
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
        return self.template(msg.id, msg.params)

    def fields(self, key: str) -> set[str]:
        """The parameter names a template uses (the tests check every id against them)."""
        value = self.entry(key)
        texts = value.values() if isinstance(value, Mapping) else [self.term(key)]
        return {name.split(".")[0].split("[")[0]
                for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


_CATALOGUES: dict[tuple[str, str], Catalogue] = {}
# Folders of languages kept outside the game packages, each holding <language>/<domain>.json
# (a language being written, or a test's pseudo-language): add_folder.
_FOLDERS: list[str] = []


def add_folder(folder: str) -> None:
    """Read catalogues from ``folder``/<language>/<domain>.json too (before the packages')."""
    folder = str(folder)
    if folder not in _FOLDERS:
        _FOLDERS.insert(0, folder)
        for key in [k for k in _CATALOGUES if _from_folder(*k) is not None]:
            del _CATALOGUES[key]


def _from_folder(domain: str, language: str) -> str | None:
    import os
    for folder in _FOLDERS:
        path = os.path.join(folder, language, f"{domain}.json")
        if os.path.isfile(path):
            return path
    return None
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
        path = _from_folder(domain, language)
        try:
            text = (open(path, encoding="utf-8").read() if path else
                    resources.files(domain).joinpath("messages", f"{language}.json").read_text(
                        encoding="utf-8"))
        except (FileNotFoundError, ModuleNotFoundError):
            raise CatalogueError(f"no '{language}' catalogue for {domain}") from None
        cat = Catalogue(domain, language, json.loads(text), _FORMATTERS.get(domain))
        _CATALOGUES[key] = cat
    return cat


def languages(domain: str) -> list[str]:
    """The languages a game has a catalogue for."""
    import os
    from importlib import resources
    folder = resources.files(domain).joinpath("messages")
    found = {p.name.removesuffix(".json") for p in folder.iterdir() if p.name.endswith(".json")}
    found |= {lang for extra in _FOLDERS if os.path.isdir(extra) for lang in os.listdir(extra)
              if os.path.isfile(os.path.join(extra, lang, f"{domain}.json"))}
    return sorted(found)
