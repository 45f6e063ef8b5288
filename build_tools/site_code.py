"""Where a game's site code is, and which generic parts a game's site leaves out.

A game's **site code** is one Python package: its card pictures and names, its own parts and
markers, and in its folder the templates of what only it draws (``templates/``, searched after
the theme's ``overrides/`` and before the generator's own), its site words
(``messages/<lang>/<area>.yaml``) and its puzzles' schema (``puzzle.schema.json``). It is
``build_tools.games.<game>`` unless the game's config names another module (the ``cardsite``
plugin's ``site_code:``): a game kept outside this repository's generator folder, such as the
test games' (beside them in tests/games/), is any importable package.

A game's site has every generic part of :data:`GENERIC_PARTS` unless its config leaves one
out, with the reason (the ``cardsite`` plugin's ``without: {<part>: <reason>}``), which the
build says in one line. The engine, the header search and the offline copy every site has.

Nothing here imports MkDocs: the game's command line (the worksheet command) asks it too.
"""

from __future__ import annotations

import functools

import importlib
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
GAMES = Path(__file__).resolve().parent / "games"
# The parts a game's site may leave out, in the order the build runs them.
GENERIC_PARTS = ("glossary", "puzzles", "notes", "teach", "handouts", "worksheets", "play")

_chosen: dict[str, str] = {}


def default_module(game: str) -> str:
    return f"build_tools.games.{game}"


def use(game: str, module: str | None) -> None:
    """The site code of ``game`` is ``module`` from now on (None: the default one)."""
    if module:
        _chosen[game] = module
    else:
        _chosen.pop(game, None)


def module_name(game: str) -> str:
    return _chosen.get(game) or default_module(game)


def load(game: str) -> ModuleType:
    """The game's site code, imported (ImportError when it is not there)."""
    return importlib.import_module(module_name(game))


def folder(game: str) -> Path:
    """The folder of the game's site code (which need not exist: a game without site code of
    its own has no templates, words or schema there)."""
    try:
        spec = importlib.util.find_spec(module_name(game))
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        return Path(list(spec.submodule_search_locations)[0])
    if spec is not None and spec.origin:
        return Path(spec.origin).parent
    return GAMES / game


def check_without(without: Any, where: str) -> dict[str, str]:
    """The parts a config leaves out (``without:``), each with its one-line reason; anything
    else is a one-line refusal (ValueError) naming ``where``."""
    if not isinstance(without, dict):
        raise ValueError(f"{where}: cardsite: without: a mapping of a part to the reason the"
                         f" game does not use it ({{play: \"…\"}}), not {without!r}")
    for part, reason in without.items():
        if part not in GENERIC_PARTS:
            raise ValueError(f"{where}: cardsite: without: {part!r} is no part of the generator"
                             f" (the parts a game may leave out: {', '.join(GENERIC_PARTS)})")
        if not isinstance(reason, str) or not reason.strip() or "\n" in reason.strip():
            raise ValueError(f"{where}: cardsite: without: {part}: give the reason the game"
                             " does not use it, in one line")
    return {str(p): str(r).strip() for p, r in without.items()}


class _AnyTagLoader(yaml.SafeLoader):
    """Reads a MkDocs config without resolving its tags (!ENV, !relative): only plain options
    are wanted."""


_AnyTagLoader.add_multi_constructor("!", lambda loader, suffix, node: None)


def config_file(game: str) -> Path | None:
    """The config of ``game``'s site in this repository: the root's mkdocs.yml when it is that
    game's, else sites/<game>/mkdocs.yml (None: the game has no site here)."""
    for path in (ROOT / "mkdocs.yml", ROOT / "sites" / game / "mkdocs.yml"):
        if path.is_file() and (plugin_options(path) or {}).get("game") == game:
            return path
    return None


def plugin_options(config: Path) -> dict[str, Any] | None:
    """The ``cardsite`` plugin's options in a MkDocs config (None: it has none)."""
    stat = config.stat()
    found = _plugin_options(str(config), stat.st_mtime_ns, stat.st_size)
    return dict(found) if found is not None else None


# Every command-line run asks for the configs (which commands a game's site adds), and a
# config read by PyYAML's Python loader costs ~50 ms: read each version of a file once.
@functools.lru_cache(maxsize=32)
def _plugin_options(config: str, mtime_ns: int, size: int) -> dict[str, Any] | None:
    data = yaml.load(Path(config).read_text(encoding="utf-8"), Loader=_AnyTagLoader) or {}
    for plugin in data.get("plugins") or []:
        if isinstance(plugin, dict) and isinstance(plugin.get("cardsite"), dict):
            return dict(plugin["cardsite"])
    return None


def has_part(game: str, part: str) -> bool:
    """Whether ``game``'s site (its config in this repository) has the generic ``part``."""
    path = config_file(game)
    if path is None:
        return False
    return part not in ((plugin_options(path) or {}).get("without") or {})
