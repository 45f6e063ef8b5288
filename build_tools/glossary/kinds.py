"""Glossary kinds: each registered once, by the game whose glossary has it.

A game's site folder says which kinds its glossary has, in ``build_tools/games/<game>/
glossary.py``: ``KINDS``, a tuple of :class:`Kind`, in the order the pages list them. A kind
holds in one place its JSON Schema, where its entries are, the checks a schema cannot make and
the page it has of its own; the generic loader (:mod:`.load`) runs the checks every kind shares
(ids, sources, references, headwords) and then the kind's own.

Nothing here imports a game: a check that needs the game's cards asks the game's facade
(``context.api``, e.g. ``api.call("parse", cards=token)``).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"

# fail(field, line, message): stop with one line naming the file, the entry and the field.
Fail = Callable[[str, int, str], None]


@dataclass
class Context:
    """What a kind's checks may ask: the game's facade and the glossary loaded so far."""

    api: ModuleType
    glossary: Any  # load.Glossary (not imported here: load imports this module)
    files: dict[str, Path] = field(default_factory=dict)


@dataclass(frozen=True)
class Kind:
    """One kind of glossary entry.

    * ``name`` — the kind's id (the filter's value, ``data-kind``, the words' key
      ``glossary.kind_<name>``);
    * ``schema`` — its JSON Schema; it may refer to ``common.schema.json`` (the shared parts);
    * ``source(folder)`` — the file of its entries, given the site's glossary folder (by
      default ``<folder>/<name>.yaml``); game data may live with the game's engine instead;
    * ``check(entry, fail, context)`` — what a schema cannot check of one entry;
    * ``check_all(entries, context, raise_at)`` — what concerns the kind as a whole (each card
      of the pack once); ``raise_at(entry_or_None, field, line, message)``;
    * ``page`` — (src_uri, template) of the kind's own page, if it has one.
    """

    name: str
    schema: Path
    source: Callable[[Path], Path] | None = None
    check: Callable[[Any, Fail, Context], None] | None = None
    check_all: Callable[..., None] | None = None
    page: tuple[str, str] | None = None

    def file(self, folder: Path) -> Path:
        return self.source(folder) if self.source else folder / f"{self.name}.yaml"


_GAME = re.compile(r"^\s*game:\s*([A-Za-z_][A-Za-z0-9_]*)\s*$", re.M)


def game_of(folder: Path) -> str | None:
    """The game of the site whose glossary is ``folder``: the ``game`` its config
    (``mkdocs.yml`` beside the folder) names, or None where there is no such config."""
    config = Path(folder).parent / "mkdocs.yml"
    if not config.is_file():
        return None
    m = _GAME.search(config.read_text(encoding="utf-8"))
    return m.group(1) if m else None


def game_module(game: str) -> ModuleType:
    """``<site code>.glossary`` (``build_tools.games.<game>.glossary``): the game's kinds."""
    from build_tools.site_code import module_name
    return importlib.import_module(f"{module_name(game)}.glossary")


def kinds_of(game: str) -> tuple[Kind, ...]:
    kinds: tuple[Kind, ...] = game_module(game).KINDS
    return kinds
