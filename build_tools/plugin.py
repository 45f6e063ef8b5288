"""The site generator as one MkDocs plugin, ``cardsite``.

``mkdocs.yml`` names the game and where its content is::

    plugins:
      - search
      - cardsite:
          game: <game>           # the engine package (its facade is <game>.api) (required)
          site_code: <module>    # the game's site code (default build_tools.games.<game>;
                                 # build_tools/site_code.py)
          python_path: [<dir>]   # folders put first on Python's path, where the game's
                                 # packages are when they are not installed (the test game)
          without:               # the generic parts the game's site does not use, each with
            play: <reason>       # the reason, said in one line by the build (default: none)
          language: en           # the engine's message catalogue the pages are written in
          glossary: glossary     # the game's glossary data (YAML), beside mkdocs.yml
          puzzles: puzzles       # the game's authored puzzles (YAML)
          catalogues: langs      # optional: languages kept outside the generator and the
                                 # engine, a folder per language holding the site's words
                                 # (<area>.yaml) and the engine's (<game>.json)

The options are checked by :class:`SiteConfig` (a MkDocs config schema), so a typo or a missing
folder stops the build with one line naming ``mkdocs.yml``. The build itself is done by parts
(``build_tools/parts/``: the in-browser engine, the glossary, the puzzles, the handouts, the
header search's accent folding, the offline copy) and by the game's own parts (its site code,
``build_tools/games/<game>/`` or the module ``site_code:`` names), run in that order for each
MkDocs event. They share a :class:`Site`: the options, the engine's facade, the game's site
code and the one Jinja environment (``build_tools/templating.py``).

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
import logging
import sys
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

from build_tools import site_code as site_codes
from build_tools import templating
from build_tools.errors import BuildError

ROOT = Path(__file__).resolve().parent.parent
log = logging.getLogger("mkdocs.plugins.cardsite")
# What a site leaves out is said even by a quiet build (make build runs mkdocs --quiet, which
# hides MkDocs's own INFO lines), in MkDocs's format, and never counts as a warning (--strict).
said = logging.getLogger("cardsite.parts")
if not said.handlers:
    _handler = logging.StreamHandler()
    _handler.setFormatter(logging.Formatter("INFO    -  %(message)s"))
    said.addHandler(_handler)
    said.setLevel(logging.INFO)
    said.propagate = False


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
    # The game's site code, a Python module (build_tools/site_code.py): by default
    # build_tools.games.<game>.
    site_code = c.Optional(c.Type(str))
    # Folders (from this config) put first on Python's path before the game is imported: where
    # a game's engine and site code are when they are not installed (the test game's site).
    python_path = c.ListOfItems(c.Dir(exists=True), default=[])
    # The generic parts this game's site does not use: part -> the reason, in one line. The
    # build says each once; every other generic part runs.
    without = c.Type(dict, default={})
    language = c.Type(str, default="en")
    # The site's other editions: language -> the address of that edition's root, relative to
    # this one's (a root edition in English: {de: de/}; its German one: {en: ../}). Each page of an
    # edition exists in every other (a test checks), so the language switch and hreflang name
    # the same page there.
    editions = c.Type(dict, default={})
    # The name of each language in its own words, for the language switch, where CLDR's
    # (Babel's) is not the one wanted.
    language_names = c.Type(dict, default={})
    # The data folders: by default glossary/ and puzzles/ beside this config (a site without
    # the part needs no folder).
    glossary = c.Optional(c.Dir(exists=True))
    puzzles = c.Optional(c.Dir(exists=True))
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
    game_site: ModuleType  # the game's site code: its own parts and helpers
    command: str = "build"
    # The generic parts the game's site leaves out, each with its reason (``without:``).
    without: dict = field(default_factory=dict)
    # The config the site's options come from, as its errors name it.
    config_name: str = "mkdocs.yml"
    # Puzzles a game's own parts keep the reader's progress for, besides the engine's puzzle
    # kinds (say, a game's endgames): (kind, title, authored count, page address), so the
    # puzzles' progress table lists them too. Filled in by those parts' on_files.
    progress_kinds: list = field(default_factory=list)

    @property
    def env(self):
        return templating.current()


def load_site(game: str, language: str = "en", glossary: str | Path | None = None,
              puzzles: str | Path | None = None, command: str = "build",
              catalogues: str | Path | None = None, *, site_code: str | None = None,
              without: dict | None = None, python_path=(),
              config_name: str = "mkdocs.yml") -> Site:
    """The shared state of a build (also for tests and commands that render outside MkDocs).
    Raises BuildError, in one line, if the game, its site code, a part left out or the
    language is not there."""
    for folder in reversed([str(p) for p in python_path]):
        if folder not in sys.path:
            sys.path.insert(0, folder)
    try:
        without = site_codes.check_without(without or {}, config_name)
    except ValueError as exc:
        raise BuildError(str(exc)) from None
    if catalogues:
        from build_tools import words as site_words
        from cardgame import messages
        messages.add_folder(str(catalogues))
        site_words.add_folder(catalogues)
    try:
        engine = importlib.import_module(game)
        api = importlib.import_module(f"{game}.api")
    except ImportError:
        raise BuildError(f"{config_name}: cardsite: game '{game}': no engine package '{game}'"
                         f" with a facade '{game}.api' is installed (make setup)") from None
    try:
        game_site = importlib.import_module(site_code or site_codes.default_module(game))
    except ImportError as exc:
        where = (f"site_code '{site_code}'" if site_code else
                 f"no folder build_tools/games/{game}/ with the game's site code")
        raise BuildError(f"{config_name}: cardsite: game '{game}': {where} cannot be imported"
                         f" ({exc})") from None
    # From now on the game's templates, words and schema are looked for in that folder.
    site_codes.use(game, site_code)
    from cardgame.messages import languages, set_language
    if language not in languages(game):
        raise BuildError(f"{config_name}: cardsite: language '{language}': the engine speaks "
                         f"{', '.join(languages(game))}")
    from build_tools import words
    if language not in words.languages():
        raise BuildError(f"{config_name}: cardsite: language '{language}': the site has no"
                         f" words in it (build_tools/messages/{language}/)")
    words.use(language, game)
    # Everything the engine explains in this build (examples, puzzles, handouts) in the
    # language of the pages.
    set_language(language)
    return Site(game, language, Path(glossary or ROOT / "glossary"),
                Path(puzzles or ROOT / "puzzles"), api, engine, game_site, command,
                without=without, config_name=config_name)


def part_classes(site: Site) -> list[type]:
    """The parts of a build, in the order they run for each event."""
    from build_tools.parts import (engine, glossary, handouts, notes, offline, play, puzzles,
                                   search, teach, worksheets)
    generic = {"glossary": glossary.GlossaryPart, "puzzles": puzzles.PuzzlesPart,
               "notes": notes.NotesPart, "teach": teach.TeachPart,
               "handouts": handouts.HandoutsPart, "worksheets": worksheets.WorksheetsPart,
               "play": play.PlayPart}
    assert tuple(generic) == site_codes.GENERIC_PARTS
    # Every generic part but those the game's config leaves out (``without:``, checked by
    # load_site); the engine, the search and the offline copy every site has.
    wanted = [n for n in generic if n not in site.without]
    before = [generic[n] for n in ("glossary",) if n in wanted]
    after = [generic[n] for n in generic if n != "glossary" and n in wanted]
    return [engine.EnginePart, *before, *site.game_site.PARTS, *after, search.SearchPart,
            offline.OfflinePart]


def _own_name(language: str) -> str | None:
    """A language's name in its own words (CLDR's, from Babel), capitalised for a menu."""
    from build_tools.words import language_name
    name = language_name(language, language)
    return None if name == language else name[:1].upper() + name[1:]


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
        here = Path(config.config_file_path or ROOT / "mkdocs.yml").parent
        try:
            config_name = str(Path(config.config_file_path).resolve().relative_to(ROOT))
        except (TypeError, ValueError):
            config_name = str(config.config_file_path or "mkdocs.yml")
        # make checks SITE_URL before it builds; a bare `mkdocs build` is checked here, with the
        # same rules, before anything is written.
        if config.site_url:
            from build_tools.site_url import SiteUrlError, normalise
            try:
                normalise(config.site_url)
            except SiteUrlError as exc:
                raise BuildError(f"{config_name}: site_url: {exc}") from None
        site = load_site(self.config.game, self.config.language,
                         self.config.glossary or here / "glossary",
                         self.config.puzzles or here / "puzzles", self.command,
                         self.config.catalogues, site_code=self.config.site_code,
                         without=self.config.without, python_path=self.config.python_path,
                         config_name=config_name)
        for part, folder in (("glossary", site.glossary_dir), ("puzzles", site.puzzles_dir)):
            if part not in site.without and not folder.is_dir():
                raise BuildError(f"{config_name}: cardsite: {part}: no folder {folder} (give"
                                 f" it, or leave the part out: without: {{{part}: <reason>}})")
        # What the site leaves out, and why: one line each, once a build.
        for part, reason in site.without.items():
            said.info(f"cardsite: {site.game}: no {part}: {reason}")
        # The one environment every part renders with: the theme's folders (overrides/
        # first), the game's own templates (its site code's templates/), then
        # build_tools/templates/.
        from build_tools.words import words
        own = site_codes.folder(site.game) / "templates"
        env = templating.use(templating.environment([*config.theme.dirs, own],
                                                    words=words(site.language)))
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
        # that are not pages of the site (404.html). A host serves 404.html for a missing
        # address at any depth (GitHub Pages for every one), so its switch links from the
        # server's root (/cards/de/), as Material's own links on that page do.
        from urllib.parse import urljoin, urlsplit
        site_url = config.site_url or "/"
        config.extra["alternate"] = [{"name": names[lang], "lang": lang, "root": root,
                                      "link": urljoin(site_url, root),
                                      "path": urlsplit(urljoin(site_url, root)).path,
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
