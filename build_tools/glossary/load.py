"""Load and validate a game's glossary data (a site's glossary/*.yaml, and game data the
game's engine holds).

``load_glossary(directory, game)`` reads the file of each kind the game registers
(``build_tools/games/<game>/glossary.py``, :mod:`.kinds`) with PyYAML's safe loader (a subclass
that records the line of every mapping, key and list item; JSON files read the same way), checks
each against its kind's JSON Schema (the sources it may name are the engine's), then checks what
a schema cannot: ids unique across all files, every nested source also named by its entry,
cross-references that resolve, headwords — then each kind's own checks (card tokens known to the
engine, the whole pack present). The first problem found — the one nearest the top of the first
file that has any — is raised as :class:`GlossaryError`, whose text is one line::

    glossary/terms.yaml:42: entry 'scart': field 'sources': 'pagatt' is not one of pagat, wiki-en, wiki-de, arcane

Nothing here imports mkdocs: the build hook turns the error into the generator's refusal, and
the tests call this module directly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from .kinds import SCHEMA_DIR, Context, Kind, game_module, game_of, kinds_of

ROOT = Path(__file__).resolve().parents[2]
DATA_DIR = ROOT / "glossary"  # the glossary of the site at the root


class GlossaryError(Exception):
    """One problem in the data, told in one line: file:line: entry 'id': field 'f': what."""

    def __init__(self, file: str, line: int | None, message: str, *, entry: str | None = None,
                 field: str | None = None):
        self.file, self.line, self.entry, self.field, self.message = file, line, entry, field, message
        where = f"{file}:{line}" if line else file
        parts = [where]
        if entry is not None:
            parts.append(f"entry {entry}")
        if field is not None:
            parts.append(f"field '{field}'")
        super().__init__(": ".join(parts + [message]))


# --- YAML with line numbers -----------------------------------------------------------------
class LineMap(dict):
    """A mapping that remembers its own line and the line of each key (1-based)."""

    line: int = 0
    key_lines: dict


class LineList(list):
    """A list that remembers its own line and the line of each item (1-based)."""

    line: int = 0
    item_lines: list


class _DuplicateKey(Exception):
    def __init__(self, key, line, first_line, map_line):
        super().__init__(key)
        self.key, self.line, self.first_line, self.map_line = key, line, first_line, map_line


class _LineLoader(yaml.SafeLoader):
    """SafeLoader whose mappings and sequences carry their line numbers."""


def _construct_map(loader: _LineLoader, node: yaml.MappingNode):
    m = LineMap()
    m.line = node.start_mark.line + 1
    m.key_lines = {}
    yield m
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if key in m:
            raise _DuplicateKey(key, line, m.key_lines[key], m.line)
        m[key] = loader.construct_object(value_node, deep=True)
        m.key_lines[key] = line


def _construct_seq(loader: _LineLoader, node: yaml.SequenceNode):
    seq = LineList()
    seq.line = node.start_mark.line + 1
    seq.item_lines = [child.start_mark.line + 1 for child in node.value]
    yield seq
    seq.extend(loader.construct_object(child, deep=True) for child in node.value)


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_map)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_seq)


def _line_of(node: Any) -> int:
    return getattr(node, "line", 0) or 0


# --- the model ------------------------------------------------------------------------------
@dataclass
class Glossary:
    """The validated data: ``kinds[kind]`` is the list of entries (dicts) of one file."""

    kinds: dict[str, list[dict]]  # in the order the game registers its kinds
    where: dict[str, tuple[str, int]] = field(default_factory=dict)  # id -> (file, line)
    registered: tuple[Kind, ...] = ()
    sources: tuple[str, ...] = ()  # the game's sources (its engine's), in their order
    grammar: str = "the language's"  # whose grammar a headword follows (the game's GRAMMAR)
    languages: tuple[str, ...] = ()  # the game's languages (its engine's catalogues)
    # The language of the game's own words, the headwords (the game's TERM_LANGUAGE): each
    # entry gives its forms under that key, and the pages mark them with that lang.
    term_lang: str = ""
    game: Any = None  # the game's glossary module (build_tools/games/<game>/glossary.py)
    game_name: str | None = None  # the game's name (its words join the site's: words(lang, game))

    def forms(self, entry: dict) -> list[dict]:
        """Every headword form of an entry, in the game's term language."""
        return term_forms(entry, self.term_lang)

    @property
    def by_id(self) -> dict[str, dict]:
        return {e["id"]: e for k in self.kinds for e in self.kinds[k]}

    def kind_of(self, entry_id: str) -> str:
        for k in self.kinds:
            if any(e["id"] == entry_id for e in self.kinds[k]):
                return k
        raise KeyError(entry_id)

    def entries(self):
        for k in self.kinds:
            for e in self.kinds[k]:
                yield k, e


def term_forms(entry: dict, lang: str) -> list[dict]:
    """Every form of an entry in the game's term language ``lang`` (an entry with several
    names, such as a card's, flattened), in file order."""
    if "names" in entry:
        return [f for name in entry["names"] for f in name.get(lang, [])]
    return list(entry.get(lang, []))


def form_lists(entry: dict, lang: str) -> list[tuple[str, LineList]]:
    """(field path, list of forms) for each list of forms in the term language ``lang`` in an
    entry: its own, or each of its names' (``names[0].<lang>``). The first form of each is the
    headword."""
    if "names" in entry:
        return [(f"names[{i}].{lang}", name[lang]) for i, name in enumerate(entry["names"])
                if name.get(lang)]
    return [(lang, entry[lang])] if entry.get(lang) else []


def with_variants(forms: list[dict], default: str | None = None) -> str:
    """The headword and, in brackets, each variant with the sources that write it — the short
    name a card picture's accessible name and other one-line places use. A headword that is
    not the ``default`` source's (the game's first: its form goes against the language's
    grammar) names its own sources first::

        with_variants(forms)           -> 'headword (source-b: variant)'
        with_variants(forms, "src-a")  -> 'headword (source-b; src-a: variant)'
    """
    head, *rest = forms
    if not rest:
        return head["text"]
    cite = [", ".join(head["sources"])] if default and default not in head["sources"] else []
    return head["text"] + " (" + "; ".join(
        cite + [f"{', '.join(v['sources'])}: {v['text']}" for v in rest]) + ")"


def renderings(entry: dict, lang: str) -> list[dict]:
    """An entry's renderings in ``lang`` (the sources' words in that language), in file
    order."""
    if "names" in entry:
        return [r for name in entry["names"] for r in name.get(lang, [])]
    return list(entry.get(lang, []))


def _sources_of(item: dict) -> list[str]:
    """The sources of one sourced item, whether it names one (``source``) or several."""
    if "sources" in item:
        return list(item["sources"])
    return [item["source"]] if "source" in item else []


def _same_meaning(text: str) -> str:
    """Two sources that say the same thing in the same words differ only in case, spacing or a
    final full stop."""
    return " ".join(text.split()).rstrip(".").casefold()


def meanings(entry: dict) -> list[dict]:
    """Each distinct thing a phrase signals, once, with every source that gives it, in file
    order: ``[{"text": ..., "texts": {lang: ...}, "sources": [...]}]`` (from ``signals``, each
    naming one ``source`` or several ``sources``); ``text`` is the meaning in the language it
    was written in (the map's first), ``texts`` every language's. A handout lists a meaning two
    sources share once."""
    out: dict[str, dict] = {}
    for s in entry.get("signals", []):
        first = next(iter(s["text"].values()))
        m = out.setdefault(_same_meaning(first), {"text": first, "texts": dict(s["text"]),
                                                  "sources": []})
        m["sources"] += [src for src in _sources_of(s) if src not in m["sources"]]
    return list(out.values())


def name_meanings(entry: dict, lang: str, term: str) -> list[dict]:
    """A trump's names grouped by what they mean in ``lang``, each meaning once, in file order:
    ``[{"text": "the hen", "forms": [headword forms], "sources": [...]}]``; the sources are
    those that write any of the forms. A name no source renders has its own group (text
    None). ``term`` is the game's term language (Glossary.term_lang)."""
    out: dict[str, dict] = {}
    for i, name in enumerate(entry.get("names", [])):
        texts = [r["text"] for r in name.get(lang, [])]
        key = " / ".join(_same_meaning(t) for t in texts) or f"\0{i}"
        m = out.setdefault(key, {"text": " / ".join(texts) or None, "forms": [], "sources": []})
        for form in name[term]:
            if form["text"] not in (f["text"] for f in m["forms"]):
                m["forms"].append(form)
            m["sources"] += [src for src in _sources_of(form) if src not in m["sources"]]
    return list(out.values())


# --- schema checking ------------------------------------------------------------------------
def _registry(sources: tuple[str, ...]) -> Registry:
    """The shared schemas, the source a sourced item names being one of the game's."""
    resources = []
    for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        if "source" in schema.get("$defs", {}):
            schema["$defs"]["source"] = {"enum": list(sources)}
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


_VALIDATORS: dict[tuple[Path, tuple[str, ...]], Draft202012Validator] = {}


def validator(kind: Kind, sources: tuple[str, ...]) -> Draft202012Validator:
    key = (kind.schema, sources)
    if key not in _VALIDATORS:
        schema = json.loads(kind.schema.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
        _VALIDATORS[key] = Draft202012Validator(schema, registry=_registry(sources))
    return _VALIDATORS[key]


_TYPE_WORDS = {"string": "text", "array": "a list", "object": "a mapping (key: value)",
               "integer": "a whole number", "boolean": "true or false", "number": "a number"}


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a yes/no value — quote it if it is text)"
    if isinstance(value, str):
        return f"text '{value}'"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int):
        return f"the number {value}"
    return f"{type(value).__name__} {value!r}"


def _fmt(value: Any) -> str:
    return f"'{value}'" if isinstance(value, str) else _describe(value)


def _field_name(parts: list) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _entry_label(data: Any, index: int | None) -> str | None:
    if index is None:
        return None
    entry = data[index] if isinstance(data, list) and index < len(data) else None
    if isinstance(entry, dict) and isinstance(entry.get("id"), str) and entry["id"]:
        return f"'{entry['id']}'"
    return f"#{index + 1} (no id)"


def _locate(data: Any, path: list) -> tuple[Any, Any, int]:
    """The node at ``path``, its parent, and the best line for it."""
    node, parent, line = data, None, _line_of(data)
    for p in path:
        parent = node
        try:
            node = node[p]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(parent, LineMap):
            line = parent.key_lines.get(p, line)
        elif isinstance(parent, LineList) and isinstance(p, int) and p < len(parent.item_lines):
            line = parent.item_lines[p]
    return node, parent, line


def _schema_problem(err, data: Any) -> tuple[int, str | None, str | None, str]:
    """(line, entry label, field, message) for one jsonschema error."""
    path = list(err.absolute_path)
    index = path[0] if path and isinstance(path[0], int) else None
    inner = path[1:] if index is not None else path
    node, _parent, line = _locate(data, path)
    v, vv, inst = err.validator, err.validator_value, err.instance

    if v == "required":
        missing = next((p for p in vv if p not in inst), vv[0])
        line = _line_of(inst) or line
        return line, _entry_label(data, index), _field_name(inner + [missing]) or None, "missing"
    if v == "additionalProperties":
        allowed = list(err.schema.get("properties", {}))
        extra = sorted((k for k in inst if k not in allowed), key=str)
        key = extra[0] if extra else "?"
        if isinstance(inst, LineMap):
            line = inst.key_lines.get(key, line)
        return (line, _entry_label(data, index), _field_name(inner + [key]),
                f"unknown field (allowed: {', '.join(allowed)})")

    # The value itself is wrong: name the field holding it (a list item shows as the list).
    shown = inner[:-1] if inner and isinstance(inner[-1], int) and v in ("enum", "pattern") else inner
    fld = _field_name(shown) or None
    if not path:
        if v == "type":
            return line or 1, None, None, f"expected a list of entries, got {_describe(inst)}"
        return line or 1, None, None, err.message
    if v == "enum":
        msg = f"{_fmt(inst)} is not one of {', '.join(map(str, vv))}"
    elif v == "const":
        msg = f"{_fmt(inst)} is not allowed here (only {json.dumps(vv)})"
    elif v == "type":
        want = vv if isinstance(vv, str) else vv[0]
        msg = f"expected {_TYPE_WORDS.get(want, want)}, got {_describe(inst)}"
    elif v == "pattern":
        msg = (f"{_fmt(inst)} is not a valid id (lowercase letters, digits and single hyphens,"
               f" e.g. 'strusch-in')")
    elif v == "minItems":
        msg = "must not be empty" if vv == 1 else f"needs at least {vv} items"
    elif v == "minLength":
        msg = "must not be empty"
    elif v == "uniqueItems":
        dup = next((x for i, x in enumerate(inst) if x in inst[:i]), None)
        msg = f"names {_fmt(dup)} twice"
    elif v in ("minimum", "maximum"):
        msg = f"{inst} is out of range ({'at least' if v == 'minimum' else 'at most'} {vv})"
    else:
        msg = err.message
    return line, _entry_label(data, index), fld, msg


# --- loading one file -----------------------------------------------------------------------
def _display(path: Path) -> str:
    """A file as the reader of an error finds it: from the project's root where it is in the
    project (``engine/src/<game>/data/...``), else its folder and name."""
    try:
        shown = path.resolve().relative_to(ROOT)
    except ValueError:
        return f"{path.parent.name}/{path.name}"
    return str(shown) if len(shown.parts) > 2 else f"{path.parent.name}/{path.name}"


def load_file(path: Path, kind: Kind, sources: tuple[str, ...] = (),
              needed: tuple[str, ...] = ()) -> list[dict]:
    """Read and schema-check one file; raises GlossaryError."""
    shown = _display(path)
    if not path.is_file():
        raise GlossaryError(shown, None, f"missing (the glossary needs {', '.join(needed)})")
    text = path.read_text(encoding="utf-8")
    try:
        data = yaml.load(text, Loader=_LineLoader)  # noqa: S506 - a SafeLoader subclass
    except _DuplicateKey as dup:
        raise GlossaryError(shown, dup.line, f"given twice in one entry (first at line {dup.first_line})",
                            field=str(dup.key)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark else None
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        context = getattr(exc, "context", None)
        detail = f"{problem} ({context})" if context and context not in problem else problem
        raise GlossaryError(shown, line, f"bad YAML: {detail}") from None
    if data is None:
        raise GlossaryError(shown, 1, "the file has no entries (expected a list of entries)")
    errors = list(validator(kind, sources).iter_errors(data))
    if errors:
        # The first entry with a problem; within it, an unknown field (often a misspelt one)
        # before a missing one, then the problem nearest the top, the most specific first.
        rank = {"additionalProperties": 0, "required": 2}

        def order(err):
            path = list(err.absolute_path)
            index = path[0] if path and isinstance(path[0], int) else -1
            line, _entry, fld, msg = _schema_problem(err, data)
            return (index, rank.get(err.validator, 1), line or 0, -len(fld or ""), msg)

        best = min(errors, key=order)
        line, entry, fld, msg = _schema_problem(best, data)
        raise GlossaryError(shown, line, msg, entry=entry, field=fld)
    return data


# --- checks across entries and files --------------------------------------------------------
def _item_sources(entry: dict):
    """(field path, sources list, line) for every sourced thing nested in an entry."""

    def walk(node, path, line):
        if isinstance(node, dict):
            for key, value in node.items():
                kline = node.key_lines.get(key, line) if isinstance(node, LineMap) else line
                if key == "sources" and path:
                    yield _field_name(path + [key]), value, kline
                elif key == "source":
                    yield _field_name(path + [key]), [value], kline
                else:
                    yield from walk(value, path + [key], kline)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                iline = node.item_lines[i] if isinstance(node, LineList) else line
                yield from walk(value, path + [i], iline)

    yield from walk(entry, [], _line_of(entry))


def _check(glossary: Glossary, files: dict[str, Path], context: Context) -> None:
    seen: dict[str, tuple[str, int]] = {}
    for kind, entry in glossary.entries():
        shown = _display(files[kind])
        eid = entry["id"]
        line = entry.key_lines.get("id", entry.line)
        if eid in seen:
            f0, l0 = seen[eid]
            raise GlossaryError(shown, line, f"duplicate id '{eid}' (first used at {f0}:{l0})",
                                entry=f"'{eid}'", field="id")
        seen[eid] = (shown, line)
    glossary.where = seen
    kinds = {k.name: k for k in glossary.registered}
    # The game's first source is its default one: the headword is its form.
    first = glossary.sources[0] if glossary.sources else None

    for kind, entry in glossary.entries():
        shown, eid = _display(files[kind]), entry["id"]
        label = f"'{eid}'"

        def fail(fld, line, msg):  # called within this entry's iteration only
            raise GlossaryError(shown, line, msg, entry=label, field=fld)  # noqa: B023

        own = entry["sources"]
        for fld, srcs, line in _item_sources(entry):
            for s in srcs:
                if s not in own:
                    fail(fld, line, f"'{s}' is not among the entry's sources ({', '.join(own)})")
        for i, ref in enumerate(entry.get("see", [])):
            if ref not in seen:
                fail("see", entry["see"].item_lines[i], f"'{ref}' is not the id of any entry")
            if ref == eid:
                fail("see", entry["see"].item_lines[i], "an entry cannot refer to itself")

        # Each list of forms: the headword is the default source's wherever it gives one —
        # unless that form goes against the language's grammar: then it is a variant marked
        # against_grammar, with a note saying which rule it breaks, and the headword is the
        # grammatical form of another source. No form is given twice.
        for fld, forms in form_lists(entry, glossary.term_lang):
            owner = entry if fld == glossary.term_lang else entry["names"][int(fld[6:fld.index("]")])]
            line = owner.key_lines.get(glossary.term_lang, entry.line)
            default: Any = next((f for f in forms if first in f["sources"]), None)
            for i, f in enumerate(forms):
                if f.get("against_grammar") and (f is not default or not f.get("note")):
                    fail(f"{fld}[{i}]", forms.item_lines[i],
                         f"only {first}'s form is marked against_grammar, and with a note saying"
                         f" which rule of {glossary.grammar} grammar it breaks")
            if default is not None and default is not forms[0] and not default.get("against_grammar"):
                fail(fld, line, f"the headword (first form) must be {first}'s '{default['text']}',"
                                f" not {', '.join(forms[0]['sources'])}'s '{forms[0]['text']}'"
                                f" (unless {first}'s form is marked against_grammar)")
            texts = [f["text"] for f in forms]
            for i, text in enumerate(texts):
                if text in texts[:i]:
                    fail(f"{fld}[{i}]", forms.item_lines[i], f"'{text}' is given twice")
        # Our own gloss is read in every edition: it has a text in each of the game's languages.
        gloss = entry.get("gloss")
        for lang in glossary.languages if isinstance(gloss, dict) else ():
            if lang not in gloss:
                fail("gloss", entry.key_lines.get("gloss", entry.line),
                     f"no text in '{lang}' (every gloss is in each of the game's languages:"
                     f" {', '.join(glossary.languages)})")
        check = kinds[kind].check
        if check is not None:
            check(entry, fail, context)

    for kind, entries in glossary.kinds.items():
        shown = _display(files[kind])
        check_all = kinds[kind].check_all
        if check_all is None:
            continue

        def raise_at(entry, fld, line, msg, shown=shown):
            raise GlossaryError(shown, line or _line_of(entries) or 1,  # noqa: B023
                                msg, entry=f"'{entry['id']}'" if entry else None, field=fld)

        check_all(entries, context, raise_at)


def load_glossary(directory: Path | str = DATA_DIR, game: str | None = None,
                  files: dict[str, Path] | None = None) -> Glossary:
    """Load, schema-check and cross-check the files of every kind the game registers; raises
    GlossaryError. ``game`` is the one the site's config beside ``directory`` names (the
    root site's where the folder has none); ``files`` puts a kind's file elsewhere (a test's
    broken copy)."""
    import importlib

    directory = Path(directory)
    game = game or game_of(directory) or game_of(DATA_DIR)
    if game is None:
        raise GlossaryError(str(directory), None, "no game: name it (load_glossary(..., game=))")
    api = importlib.import_module(f"{game}.api")
    registered = kinds_of(game)
    sources = tuple(api.call("options")["sources"])
    paths = {k.name: (files or {}).get(k.name) or k.file(directory) for k in registered}
    needed = tuple(p.name for p in paths.values())
    kinds = {k.name: load_file(paths[k.name], k, sources, needed) for k in registered}
    from cardgame.messages import languages
    module = game_module(game)
    glossary = Glossary(kinds, registered=registered, sources=sources,
                        grammar=getattr(module, "GRAMMAR", "the language's"),
                        languages=tuple(languages(game)), term_lang=module.TERM_LANGUAGE,
                        game=module, game_name=game)
    _check(glossary, paths, Context(api, glossary, paths))
    return glossary
