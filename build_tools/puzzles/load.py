"""Load and check the authored puzzles (puzzles/KIND.yaml) and cardsite-puzzle blocks.

``load_puzzles(directory)`` reads every ``KIND.yaml`` with the glossary's line-tracking safe
YAML loader, checks each entry against ``puzzle.schema.json``, then asks the engine to build the
puzzle (``<game>.puzzles.from_spec``, the game's registry of kinds, ``cardgame.puzzles``),
which refuses an impossible situation and an ``expect``
that disagrees with its own answer. Ids must be unique across the files and each file must go
from easy to hard (``level`` never falls). The first problem is raised as :class:`PuzzleFileError`,
one line naming the file, the line, the puzzle and what is wrong::

    puzzles/buob.yaml:57: puzzle 'buob-sche-queen': expect is '5c' but the engine answers 'none': …

``check_spec(spec, where)`` does the same for one puzzle written in a page (a fenced block).
Nothing here imports mkdocs; the hook turns the error into the generator's refusal.

A puzzle's words for the reader have a twin in each other language (``title_de``, ``note_de``):
a build in that language shows the twin, English where there is none (:func:`localized`); the
spec handed to the engine and written into the page carries the one title and note shown.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]

from build_tools.glossary.load import (LineList, LineMap, _DuplicateKey,  # noqa: E402
                                       _LineLoader, _schema_problem)

import importlib  # noqa: E402
from types import ModuleType  # noqa: E402

from cardgame.errors import GameError  # noqa: E402
from cardgame.messages import Message  # noqa: E402
from cardgame.puzzles import COMMON_FIELDS, PAGE_FIELDS  # noqa: E402

from build_tools.templating import root_game  # noqa: E402

DATA_DIR = ROOT / "puzzles"
# The fields every game's puzzles share; a game's own fields are typed by its own schema,
# puzzle.schema.json in the game's site code (build_tools/site_code.py), where it has one.
SCHEMA = Path(__file__).resolve().parent / "puzzle.schema.json"


def engine(game: str | None = None) -> ModuleType:
    """The game's puzzles module (``<game>.puzzles``): its REGISTRY of kinds and KINDS."""
    return importlib.import_module(f"{game or root_game()}.puzzles")


def kinds(game: str | None = None) -> tuple[str, ...]:
    return tuple(engine(game).KINDS)


def fields(game: str | None, kind: str) -> set[str]:
    """The fields a puzzle of ``kind`` may have: the common ones and the kind's own; a kind
    the engine only generates takes a seed and the page's fields."""
    k = engine(game).REGISTRY[kind]
    return set(COMMON_FIELDS | k.fields) if k.author is not None else \
        set(PAGE_FIELDS | {"kind", "seed"})
# A reader-facing field's twin in another language: title_de, note_de.
TWIN = re.compile(r"^(title|note)_([a-z]{2})$")


def localized(spec: dict, language: str | None = None) -> dict:
    """``spec`` in one language (the build's unless named): its title and note from their
    twins in that language where it has them, English otherwise; the twins themselves left
    out (the engine knows none of them). The endgames use it too."""
    if language is None:
        from build_tools.words import current
        language = current().language
    out = {k: v for k, v in spec.items() if not (isinstance(k, str) and TWIN.match(k))}
    for k, v in spec.items():
        m = TWIN.match(k) if isinstance(k, str) else None
        if m and m.group(2) == language:
            out[m.group(1)] = v
    return out
class PuzzleFileError(Exception):
    """One problem, in one line: file:line: puzzle 'id': what."""

    def __init__(self, file: str, line: int | None, message: str, *, puzzle: str | None = None,
                 field: str | None = None):
        self.file, self.line, self.puzzle, self.field, self.message = file, line, puzzle, field, message
        parts = [f"{file}:{line}" if line else file]
        if puzzle:
            parts.append(f"puzzle {puzzle}")
        if field:
            parts.append(f"field '{field}'")
        super().__init__(": ".join(parts + [message]))


@dataclass
class Authored:
    """One checked puzzle: its spec (plain data), where it is written, and the engine's view."""

    spec: dict
    file: str
    line: int
    data: dict  # the game facade's "puzzle" JSON, with the answer and the steps


_validators: dict[str, Draft202012Validator] = {}


def validator(game: str | None = None) -> Draft202012Validator:
    """The schema of the game's puzzles: its own if it has one, else the common fields with
    the kinds of its engine."""
    game = game or root_game()
    if game not in _validators:
        from build_tools.site_code import folder
        own = folder(game) / "puzzle.schema.json"
        schema = json.loads((own if own.is_file() else SCHEMA).read_text(encoding="utf-8"))
        schema["properties"]["kind"] = {"enum": list(kinds(game))}
        Draft202012Validator.check_schema(schema)
        _validators[game] = Draft202012Validator(schema)
    return _validators[game]


def plain(node):
    """LineMap/LineList → dict/list (JSON-ready), keys of ``hands``/``void`` as ints."""
    if isinstance(node, dict):
        return {k: plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [plain(v) for v in node]
    return node


def _label(entry, index: int) -> str:
    if isinstance(entry, dict) and isinstance(entry.get("id"), str) and entry["id"]:
        return f"'{entry['id']}'"
    return f"#{index + 1} (no id)"


def _params(message) -> dict:
    """The parameters of an engine message and of the messages inside it, outermost first."""
    out: dict = {}
    stack = [message]
    while stack:
        m = stack.pop(0)
        if not isinstance(m, Message):
            continue
        for key, value in m.params.items():
            out.setdefault(key, value)
            stack.extend(v for v in (value if isinstance(value, (list, tuple)) else [value])
                         if isinstance(v, Message))
    return out


def _engine_line(entry: LineMap, exc: GameError) -> tuple[int, str | None]:
    """The line of the entry an engine error is about, read off the error's message: the
    field it names (``field``, with ``index`` for one of the plays), or else the field
    holding the card it names (``token``, ``card``)."""
    params = _params(exc.msg)
    fld = params.get("field")
    if isinstance(fld, str) and fld in entry:
        line = entry.key_lines.get(fld, entry.line)
        index = params.get("index")
        plays = entry.get("plays")
        if fld == "plays" and isinstance(index, int) and isinstance(plays, LineList) \
                and index < len(plays.item_lines):
            line = plays.item_lines[index]
        return line, None
    for token in (params.get("token"), params.get("card")):
        if not isinstance(token, str):
            continue
        for key, value in entry.items():
            if key in ("id", "title", "note", "question", "kind"):
                continue
            if re.search(rf"(?<![\w]){re.escape(token)}(?![\w])", json.dumps(plain(value))):
                return entry.key_lines.get(key, entry.line), key
    return entry.line, None


def check_entry(entry, index: int, shown: str, kind: str | None,
                language: str | None = None, game: str | None = None) -> Authored:
    """Schema and engine check of one entry; ``kind`` is the file's kind (None in a page);
    ``language``: the title and note shown (:func:`localized`)."""
    label = _label(entry, index)
    if not isinstance(entry, LineMap):  # the loader makes every mapping one
        raise PuzzleFileError(shown, getattr(entry, "line", None) or 1,
                              "each puzzle is a mapping of fields (id:, level:, title:, …)",
                              puzzle=label)
    if kind is not None:
        if "kind" in entry and entry["kind"] != kind:
            raise PuzzleFileError(shown, entry.key_lines.get("kind", entry.line),
                                  f"'{entry['kind']}' puzzles belong in puzzles/{entry['kind']}.yaml,"
                                  f" not in this file", puzzle=label, field="kind")
        with_kind = LineMap(entry)
        with_kind.line, with_kind.key_lines = entry.line, dict(entry.key_lines)
        with_kind.setdefault("kind", kind)
        with_kind.key_lines.setdefault("kind", entry.line)
        entry = with_kind
    k = entry.get("kind")
    if k in kinds(game):
        allowed = fields(game, k)
        extra = [key for key in entry if key not in allowed
                 and not (isinstance(key, str) and TWIN.match(key))]
        if extra:
            raise PuzzleFileError(shown, entry.key_lines.get(extra[0], entry.line),
                                  f"not a field of {k} puzzles (they take"
                                  f" {', '.join(sorted(allowed))})", puzzle=label,
                                  field=str(extra[0]))
    errors = list(validator(game).iter_errors(entry))
    if errors:
        rank = {"additionalProperties": 0, "required": 2}
        wrapped = [entry]  # _schema_problem expects a list of entries

        def order(err):
            err.path.appendleft(0)
            line, _e, fld, msg = _schema_problem(err, wrapped)
            err.path.popleft()
            return (rank.get(err.validator, 1), line or 0, -len(fld or ""), msg)

        best = min(errors, key=order)
        best.path.appendleft(0)
        line, _e, fld, msg = _schema_problem(best, wrapped)
        raise PuzzleFileError(shown, line, msg, puzzle=label, field=fld)
    spec = localized(plain(entry), language)
    try:
        pz = engine(game).from_spec(spec)
    except GameError as exc:
        line, fld = _engine_line(entry, exc)
        raise PuzzleFileError(shown, line, exc.message, puzzle=label, field=fld) from None
    return Authored(spec, shown, entry.line, pz.to_json(with_answer=True))


def _read(path: Path, shown: str):
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_LineLoader)  # noqa: S506
    except _DuplicateKey as dup:
        raise PuzzleFileError(shown, dup.line, f"given twice in one puzzle (first at line"
                                               f" {dup.first_line})", field=str(dup.key)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise PuzzleFileError(shown, mark.line + 1 if mark else None, f"bad YAML: {problem}") \
            from None


def load_file(path: Path, kind: str, seen: dict[str, str] | None = None,
              language: str | None = None, game: str | None = None) -> list[Authored]:
    shown = f"{path.parent.name}/{path.name}"
    data = _read(path, shown)
    if data is None:
        return []
    if not isinstance(data, list):
        raise PuzzleFileError(shown, getattr(data, "line", 1) or 1,
                              "expected a list of puzzles (each starting with '- id: …')")
    seen = {} if seen is None else seen
    out: list[Authored] = []
    for i, entry in enumerate(data):
        if isinstance(entry, LineMap) and "note" not in entry:
            raise PuzzleFileError(shown, entry.line, "missing: say in one line what the puzzle"
                                  " teaches", puzzle=_label(entry, i), field="note")
        authored = check_entry(entry, i, shown, kind, language, game)
        pid = authored.spec["id"]
        line = entry.key_lines.get("id", entry.line)
        if pid in seen:
            raise PuzzleFileError(shown, line, f"duplicate id (first used at {seen[pid]})",
                                  puzzle=f"'{pid}'", field="id")
        seen[pid] = f"{shown}:{line}"
        if out and authored.spec["level"] < out[-1].spec["level"]:
            raise PuzzleFileError(shown, entry.key_lines.get("level", entry.line),
                                  f"level {authored.spec['level']} comes after level"
                                  f" {out[-1].spec['level']}: order the puzzles from easy to hard",
                                  puzzle=f"'{pid}'", field="level")
        out.append(authored)
    return out


def load_puzzles(directory: Path | str = DATA_DIR, language: str | None = None,
                 game: str | None = None) -> dict[str, list[Authored]]:
    """Every authored puzzle of ``game`` (the root site's unless named) by kind, easy to hard,
    titled in ``language`` (the build's unless named); raises PuzzleFileError."""
    directory = Path(directory)
    KINDS = kinds(game)
    if directory.is_dir():
        stray = sorted(p.name for p in directory.glob("*.y*ml") if p.stem not in KINDS)
        if stray:
            raise PuzzleFileError(f"{directory.name}/{stray[0]}", None,
                                  f"not a kind of puzzle; the files are"
                                  f" {', '.join(k + '.yaml' for k in KINDS)}")
    seen: dict[str, str] = {}
    return {kind: load_file(directory / f"{kind}.yaml", kind, seen, language, game)
            if (directory / f"{kind}.yaml").is_file() else [] for kind in KINDS}


def kind_title(kind, language: str | None = None, game: str | None = None) -> str:
    """A kind of puzzle's title for the reader ("Counting"), in ``language`` (the build's unless
    named): the site's words (build_tools/messages/<language>/puzzles.yaml and the game's own,
    ``kind_<kind>``) where they have it, else the engine's (``puzzle.title.<kind>``)."""
    from build_tools.words import current, words
    said = words(language, game) if language else current()
    if kind not in kinds(game):
        return said.t("puzzles.kind_other")
    if f"kind_{kind}" in said.area("puzzles"):
        return said.t(f"puzzles.kind_{kind}")
    return str(engine(game).REGISTRY.title(kind))


def check_block(text: str, shown: str, first_line: int, language: str | None = None,
                game: str | None = None) -> Authored:
    """One puzzle written in a page (the YAML of a cardsite-puzzle block); a block without a
    title is titled by its kind, in ``language`` (the build's unless named)."""
    try:
        entry = yaml.load(text, Loader=_LineLoader)  # noqa: S506
    except _DuplicateKey as dup:
        raise PuzzleFileError(shown, first_line + dup.line, "given twice", field=str(dup.key)) \
            from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise PuzzleFileError(shown, first_line + (mark.line + 1 if mark else 0),
                              f"cardsite-puzzle: bad YAML: {problem}") from None
    try:
        if not isinstance(entry, LineMap):
            raise PuzzleFileError(shown, first_line, "cardsite-puzzle: the block must hold one"
                                                     " puzzle's fields (kind:, id:, …)")
        kind = entry.get("kind")
        for key, value in (("id", f"line-{first_line}"), ("level", 1),
                           ("title", kind_title(kind, language, game))):
            if key not in entry:
                entry[key] = value
                entry.key_lines[key] = entry.line
        return check_entry(entry, 0, shown, None, language, game)
    except PuzzleFileError as exc:
        line = first_line + exc.line if exc.line else first_line
        raise PuzzleFileError(shown, line, exc.message, puzzle=exc.puzzle, field=exc.field) \
            from None
