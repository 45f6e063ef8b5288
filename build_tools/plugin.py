"""The site generator as one MkDocs plugin, ``cardsite``.

``mkdocs.yml`` names the game and where its content is::

    plugins:
      - search
      - cardsite:
          game: <game>           # the engine package (its facade is <game>.api) and the
                                 # game's site folder, build_tools/games/<game>/ (required)
          language: en           # the engine's message catalogue the pages are written in
          glossary: glossary     # the game's glossary data (YAML), beside mkdocs.yml
          puzzles: puzzles       # the game's authored puzzles (YAML)
          catalogues: langs      # optional: languages kept outside the generator and the
                                 # engine, a folder per language holding the site's words
                                 # (<area>.yaml) and the engine's (<game>.json)

The options are checked by :class:`SiteConfig` (a MkDocs config schema), so a typo or a missing
folder stops the build with one line naming ``mkdocs.yml``. The build itself is done by parts
(``build_tools/parts/``: the in-browser engine, the glossary, the puzzles, the handouts, the
header search's accent folding, the offline copy) and by the game's own parts (``build_tools/games/<game>/``), run in that order
for each MkDocs event. They share a :class:`Site`: the options, the engine's facade, the game's
site module and the one Jinja environment (``build_tools/templating.py``).

This module is the site's **MkDocs adapter**: the only one in build_tools/ that imports MkDocs
(a test checks). It holds the plugin's events and config schema, turns the build's neutral
refusal (:class:`build_tools.errors.BuildError`) into MkDocs's ``PluginError``, and gives the
parts MkDocs's services by neutral names — :func:`generated_file` (a file the build writes),
:func:`relative_url` (an address from one page to another), :func:`page_url` (the address a
source file gets) and :func:`extra_script` (a script entry for the theme's list). The parts
(``build_tools/parts/``) are written against MkDocs's event names and its ``config``, ``files``
and ``page`` objects; the content they render (glossary, puzzles, handouts, worksheets) imports
no generator at all. The theme's side of the adapter is ``overrides/partials/theme-adapter.html``
(the browser's hooks into Material). docs/about/contributing.md, "Moving to another generator",
says what a move would take.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

from build_tools import templating
from build_tools.errors import BuildError

ROOT = Path(__file__).resolve().parent.parent


# --- MkDocs's services, by neutral names (the parts call these, never MkDocs) -----------------

def generated_file(config, uri: str, *, content: str | bytes | None = None,
                   abs_src_path: str | None = None) -> File:
    """A file of the built site at ``uri`` that the build makes: from ``content``, or copied
    from ``abs_src_path``."""
    if content is not None:
        return File.generated(config, uri, content=content)
    if abs_src_path is None:
        raise TypeError(f"generated_file({uri!r}): give its content or its source file")
    return File.generated(config, uri, abs_src_path=abs_src_path)


def relative_url(url: str, other: str) -> str:
    """The address of ``url`` as a link from the page at ``other`` (both site-relative)."""
    return get_relative_url(url, other)


def page_url(uri: str, config) -> str:
    """The address the source file ``uri`` (``glossary/words.md``) gets in the built site."""
    return File(uri, "", "", config.use_directory_urls).url


def extra_script(js: str, *, module: bool = False, defer: bool = False) -> ExtraScriptValue:
    """An entry for the theme's script list: a module script is loaded async, a classic one
    may be deferred."""
    script = ExtraScriptValue(js)
    if module:
        script.type = "module"
        script.async_ = True
    script.defer = defer
    return script


def _refusing(handler):
    """An event handler whose BuildError stops MkDocs with its one line (a PluginError)."""
    @functools.wraps(handler)
    def run(*args, **kwargs):
        try:
            return handler(*args, **kwargs)
        except BuildError as exc:
            raise PluginError(str(exc)) from None
    return run


class SiteConfig(base.Config):
    """The options of the ``cardsite`` plugin."""

    # Which game: no default (a class-based config requires it), so no site is any game's by
    # accident.
    game = c.Type(str)
    language = c.Type(str, default="en")
    # The site's other editions: language -> the address of that edition's root, relative to
    # this one's (a root edition in English: {de: de/}; its German one: {en: ../}). Each page of an
    # edition exists in every other (a test checks), so the language switch and hreflang name
    # the same page there.
    editions = c.Type(dict, default={})
    # The name of each language in its own words, for the language switch, where CLDR's
    # (Babel's) is not the one wanted.
    language_names = c.Type(dict, default={})
    glossary = c.Dir(exists=True, default="glossary")
    puzzles = c.Dir(exists=True, default="puzzles")
    # Languages kept outside build_tools/messages/ and the engine's package: a folder per
    # language, with the site's words (<area>.yaml) and the engine's catalogue (<game>.json).
    catalogues = c.Optional(c.Dir(exists=True))


@dataclass
class Site:
    """What every part of one build shares."""

    game: str
    language: str
    glossary_dir: Path
    puzzles_dir: Path
    api: ModuleType  # the engine's facade, <game>.api
    engine: ModuleType  # the engine package (its __version__)
    game_site: ModuleType  # build_tools.games.<game>: the game's own parts and helpers
    command: str = "build"
    # Puzzles a game's own parts keep the reader's progress for, besides the engine's puzzle
    # kinds (say, a game's endgames): (kind, title, authored count, page address), so the
    # puzzles' progress table lists them too. Filled in by those parts' on_files.
    progress_kinds: list = field(default_factory=list)

    @property
    def env(self):
        return templating.current()


def load_site(game: str, language: str = "en", glossary: str | Path | None = None,
              puzzles: str | Path | None = None, command: str = "build",
              catalogues: str | Path | None = None) -> Site:
    """The shared state of a build (also for tests and commands that render outside MkDocs).
    Raises BuildError, in one line, if the game or the language is not there."""
    if catalogues:
        from build_tools import words as site_words
        from cardgame import messages
        messages.add_folder(str(catalogues))
        site_words.add_folder(catalogues)
    try:
        engine = importlib.import_module(game)
        api = importlib.import_module(f"{game}.api")
    except ImportError:
        raise BuildError(f"mkdocs.yml: cardsite: game '{game}': no engine package '{game}'"
                         f" with a facade '{game}.api' is installed (make setup)") from None
    try:
        game_site = importlib.import_module(f"build_tools.games.{game}")
    except ImportError:
        raise BuildError(f"mkdocs.yml: cardsite: game '{game}': no folder"
                         f" build_tools/games/{game}/ with the game's site parts") from None
    from cardgame.messages import languages, set_language
    if language not in languages(game):
        raise BuildError(f"mkdocs.yml: cardsite: language '{language}': the engine speaks "
                         f"{', '.join(languages(game))}")
    from build_tools import words
    if language not in words.languages():
        raise BuildError(f"mkdocs.yml: cardsite: language '{language}': the site has no words"
                         f" in it (build_tools/messages/{language}/)")
    words.use(language, game)
    # Everything the engine explains in this build (examples, puzzles, handouts) in the
    # language of the pages.
    set_language(language)
    return Site(game, language, Path(glossary or ROOT / "glossary"),
                Path(puzzles or ROOT / "puzzles"), api, engine, game_site, command)


def part_classes(site: Site) -> list[type]:
    """The parts of a build, in the order they run for each event."""
    from build_tools.parts import (engine, glossary, handouts, notes, offline, play, puzzles,
                                   search, teach, worksheets)
    generic = {"glossary": glossary.GlossaryPart, "puzzles": puzzles.PuzzlesPart,
               "notes": notes.NotesPart, "teach": teach.TeachPart,
               "handouts": handouts.HandoutsPart, "worksheets": worksheets.WorksheetsPart,
               "play": play.PlayPart}
    # A game names the generic parts its content has (a game with a new site starts with few);
    # the engine, the search and the offline copy every site has.
    wanted = getattr(site.game_site, "GENERIC_PARTS", tuple(generic))
    unknown = sorted(set(wanted) - set(generic))
    if unknown:
        raise BuildError(f"build_tools/games/{site.game}: GENERIC_PARTS names {unknown[0]!r},"
                         f" which is none of {', '.join(generic)}")
    before = [generic[n] for n in ("glossary",) if n in wanted]
    after = [generic[n] for n in generic if n != "glossary" and n in wanted]
    return [engine.EnginePart, *before, *site.game_site.PARTS, *after, search.SearchPart,
            offline.OfflinePart]


def _own_name(language: str) -> str | None:
    """A language's name in its own words (CLDR's, from Babel), capitalised for a menu."""
    from babel import Locale, UnknownLocaleError
    try:
        name = Locale.parse(language, sep="-").get_display_name(language)
    except (UnknownLocaleError, ValueError):
        return None
    return name[:1].upper() + name[1:] if name else None


class CardSitePlugin(BasePlugin[SiteConfig]):
    """Runs the parts for each MkDocs event; the parts do the work."""

    def __init__(self) -> None:
        self.command = "build"
        self.parts: list = []

    def _each(self, event: str, value, *args, **kwargs):
        """Hand ``value`` through every part that handles ``event`` (each may replace it)."""
        for part in self.parts:
            handler = getattr(part, event, None)
            if handler is not None:
                result = handler(value, *args, **kwargs)
                if result is not None:
                    value = result
        return value

    def on_startup(self, *, command, dirty) -> None:
        self.command = command

    @_refusing
    def on_config(self, config):
        site = load_site(self.config.game, self.config.language, self.config.glossary,
                         self.config.puzzles, self.command, self.config.catalogues)
        # The one environment every part renders with: the theme's folders (overrides/
        # first), then the game's own templates, then build_tools/templates/.
        from build_tools.words import words
        env = templating.use(templating.environment(config.theme.dirs, words=words(site.language),
                                                    game=site.game))
        templating.extend(env, filters=getattr(site.game_site, "FILTERS", {}))
        self.site = site
        self._alternates(config)
        self.parts = [cls(site) for cls in part_classes(site)]
        return self._each("on_config", config)

    @_refusing
    def on_pre_build(self, *, config) -> None:
        for part in self.parts:
            if hasattr(part, "on_pre_build"):
                part.on_pre_build(config)

    @_refusing
    def on_files(self, files: Files, *, config) -> Files:
        return self._each("on_files", files, config)

    @_refusing
    def on_nav(self, nav, *, config, files):
        return self._each("on_nav", nav, config, files)

    def _alternates(self, config) -> None:
        """The editions for Material's language switch and hreflang links (set per page in
        on_page_context, to the same page in each edition)."""
        editions = dict(self.config.editions)
        if not editions:
            return
        own = self.config.language
        self.editions = {own: "", **editions}
        names = {lang: _own_name(lang) for lang in self.editions if
                 lang not in self.config.language_names}
        names.update(self.config.language_names)
        for lang in self.editions:
            if names[lang] is None:
                raise BuildError(f"mkdocs.yml: cardsite: editions: CLDR has no name for '{lang}':"
                                 " give it in language_names")
        # Until a page sets its own (on_page_context): the editions' roots, for the pages
        # that are not pages of the site (404.html).
        from urllib.parse import urljoin
        site_url = config.site_url or "/"
        config.extra["alternate"] = [{"name": names[lang], "lang": lang, "root": root,
                                      "link": urljoin(site_url, root), "path": root,
                                      "current": lang == own}
                                     for lang, root in self.editions.items()]

    @_refusing
    def on_page_context(self, context, *, page, config, nav):
        editions = getattr(self, "editions", None)
        if editions:
            from urllib.parse import urljoin
            site_url = config.site_url or "/"
            # Absolute addresses, as hreflang wants them; the switch in the header
            # (overrides/partials/alternate.html) links relatively, so that it also works on a
            # copy served elsewhere.
            config.extra["alternate"] = [
                {**alt, "link": urljoin(urljoin(site_url, editions[alt["lang"]]), page.url),
                 # from this page: up to this edition's root, into that edition's, the page
                 "path": "../" * page.url.count("/") + editions[alt["lang"]] + page.url,
                 "root": editions[alt["lang"]],
                 "current": alt["lang"] == self.config.language}
                for alt in config.extra["alternate"]]
        return context

    @_refusing
    def on_env(self, env, *, config, files):
        from build_tools.words import words
        # The theme's templates say the site's words through t(); MkDocs renders them outside
        # any event of this plugin, so a missing word is refused here.
        env.globals["t"] = _refusing(words(self.config.language).t)
        return self._each("on_env", env, config, files)

    @_refusing
    def on_page_markdown(self, markdown, *, page, config, files):
        return self._each("on_page_markdown", markdown, page, config, files)

    @_refusing
    def on_page_content(self, html, *, page, config, files):
        return self._each("on_page_content", html, page, config, files)

    @_refusing
    def on_post_page(self, output, *, page, config):
        return self._each("on_post_page", output, page, config)

    # Late: the offline copy lists every file of the site, the search index included.
    @event_priority(-100)
    @_refusing
    def on_post_build(self, *, config) -> None:
        for part in self.parts:
            if hasattr(part, "on_post_build"):
                part.on_post_build(config)
