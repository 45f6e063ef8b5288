"""The generator's one Jinja environment.

Every piece of HTML or Markdown the build writes — the engine widgets, the examples, the
puzzles, the glossary pages, the handouts — comes from a template found on one search path:
first the theme's folders (the site's ``custom_dir``, ``overrides/``, then the theme itself),
then the game's own templates (``templates/`` in its site code, build_tools/site_code.py), then
``build_tools/templates/``. So a site overrides any of them the way mkdocs-material's own
templates are overridden: a file of the same name under ``overrides/`` (for instance
``overrides/puzzles/puzzle.html``).

The environment escapes HTML everywhere and refuses undefined names (a template bug fails the
build, naming the template); a field missing from data is an optional one, and reads as
nothing. A part that needs filters or globals of its own adds them with
:func:`extend`.

Nothing here imports MkDocs: the browser's Python renders the practice puzzles with this same
environment and the same templates (build_tools/puzzles/widget.py).
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from collections.abc import Mapping as _Mapping

from jinja2 import BaseLoader, Environment, FileSystemLoader, StrictUndefined, Undefined
from jinja2.utils import missing

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = Path(__file__).resolve().parent / "templates"
# The theme's custom folder when no MkDocs configuration names one (the worksheet command).
OVERRIDES = ROOT / "overrides"

_current: Environment | None = None


class DataUndefined(StrictUndefined):
    """Undefined names fail the build; a key missing from data (a mapping read from a YAML
    file or given by the engine) is an optional field left out, and reads as nothing."""

    __slots__ = ()

    def __new__(cls, hint=None, obj=missing, name=None, exc=None, **kwargs):
        if isinstance(obj, _Mapping):
            return Undefined(hint, obj, name)
        return super().__new__(cls)


def tojson_attr(value) -> str:
    """JSON for an HTML attribute (autoescaping then escapes its quotes)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def root_game() -> str:
    """The game of the site at the root (mkdocs.yml's cardsite ``game``)."""
    import re
    found = re.search(r"^\s+game:\s*([a-z_]+)", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"),
                      re.MULTILINE)
    if not found:
        raise ValueError("mkdocs.yml: cardsite: no game")
    return found.group(1)


def environment(theme_dirs: Iterable[str | Path] | None = None, *,
                loader: BaseLoader | None = None, words=None,
                game: str | None = None) -> Environment:
    """A new environment whose search path is ``theme_dirs`` (default: ``overrides/`` and the
    own templates of ``game``, by default the root site's: ``templates/`` in its site code; a
    build gives its theme's folders and its game's) and then the generator's own templates — or
    ``loader`` (the browser's: the templates as shipped). ``words`` (build_tools.words.Words, by
    default the language in use) gives the templates ``t(key)``."""
    if loader is None:
        if theme_dirs is None:
            from build_tools.site_code import folder
            theme_dirs = [OVERRIDES, folder(game or root_game()) / "templates"]
        dirs = [str(d) for d in theme_dirs]
        loader = FileSystemLoader([*dirs, str(TEMPLATES)])
    env = Environment(loader=loader, autoescape=True,
                      undefined=DataUndefined, trim_blocks=True, lstrip_blocks=True,
                      keep_trailing_newline=True)
    env.filters["tojson_attr"] = tojson_attr
    if words is None:
        from build_tools.words import current  # the language in use (the engine's default)
        words = current()
    env.globals["t"] = words.t
    env.globals["lang"] = words.language
    return env


def use(env: Environment) -> Environment:
    """Make ``env`` the one every renderer uses (the site plugin calls this once per build)."""
    global _current
    _current = env
    return env


def current() -> Environment:
    """The environment in use: the build's, or a default one outside a build."""
    global _current
    if _current is None:
        _current = environment()
    return _current


def extend(env: Environment, *, filters: Mapping[str, Callable] | None = None,
           globals: Mapping[str, Any] | None = None) -> Environment:
    """Add a part's own filters and globals (once; the same names again are ignored)."""
    for name, fn in (filters or {}).items():
        env.filters.setdefault(name, fn)
    for name, value in (globals or {}).items():
        env.globals.setdefault(name, value)
    return env


def card_img(token: str, base: str, label: str, *, cls: str, alt: bool = True,
             title: bool = False) -> str:
    """A card's picture (``cards/<token>.svg``) as every widget draws it: named by ``label``
    for screen readers unless a button around it already is (``alt=False``)."""
    name = escape(label, quote=True)
    return (f'<img class="{cls}" src="{base}cards/{token}.svg" alt="{name if alt else ""}"'
            + (f' title="{name}"' if title else "")
            + f' width="55" height="100" loading="lazy" data-token="{token}">')
