"""The site's own words in each language: what the generator and the page scripts say around
the engine's answers — headings it writes, button labels, status lines, notes in a handout.

The engine's explanations are the engine's (its catalogue, ``<game>/messages/<lang>.json``);
these are the site's. They live in ``build_tools/messages/<language>/<area>.yaml``, one file per
part of the site (``play.yaml``, ``puzzles.yaml`` …), each a mapping of keys to templates; a
word's full key is ``<area>.<key>``. A template's ``{fields}`` are ``str.format`` fields; a
template may instead be a plural, a mapping of the language's CLDR plural categories to texts
(``{one: …, other: …}`` in English; ``zero``, ``two``, ``few``, ``many`` where the language has
them), chosen by the parameter ``n``. The lookup and the format are the engine's message
catalogues' (:class:`cardgame.messages.Catalogue`), the plural rule CLDR's from Babel.

* templates call ``t("play.new_game")`` (a Jinja global of the build's environment);
* Python parts call ``words(language).t("puzzles.solved", n=3)``;
* a page script gets its area's words written into it as it is copied into the site: a line
  ``const WORDS = /* words: play */ {};`` becomes ``const WORDS = {"new_game": …};`` (see
  :func:`fill_script`), and ``say(WORDS, "new_game", {n})`` from ``assets/js/page.js`` fills
  it in (the function itself is written in where a script says ``/* say */ null``: one
  definition, SAY_JS, for module and classic scripts alike).

A language is adding a folder: every language has the same keys, which the tests check, and a
key missing when a page is built stops the build in one line naming the file and the key.

A game's own words (a heading that names its cards, a note about one of its rules) live with
the game's site code, ``build_tools/games/<game>/messages/<language>/<area>.yaml``: in a build of
that game they join the generic words of the same area. A key both define stops the build, so a
game adds words and never silently rewords the generator's.

Nothing here imports MkDocs (the browser's Python renders practice puzzles with ``t`` too).
"""

from __future__ import annotations

import json
import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from build_tools.errors import BuildError
from cardgame.messages import DEFAULT_LANGUAGE
from cardgame.plural import CATEGORIES

FOLDER = Path(__file__).resolve().parent / "messages"
ROOT = Path(__file__).resolve().parents[1]
# Folders of languages kept outside the generator's own (add_folder: a language being
# written, or a test's pseudo-language), each holding <language>/<area>.yaml; looked in first.
_FOLDERS: list[Path] = []


def add_folder(folder: str | Path) -> None:
    """Look for languages in ``folder`` too (``folder/<language>/<area>.yaml``), before the
    generator's own."""
    folder = Path(folder).resolve()
    if folder not in _FOLDERS:
        _FOLDERS.insert(0, folder)
        _words.cache_clear()


def _game_words(language: str, game: str) -> Path | None:
    """A game's own words in ``language``: in a folder of languages kept outside the generator
    (``folder/<language>/<game>/``, beside the engine's ``<game>.json``) or with the game's
    site code."""
    for folder in [*(root / language / game for root in _FOLDERS),
                   _game_folder(game) / "messages" / language]:
        if folder.is_dir():
            return folder
    return None


def _folder(language: str) -> Path | None:
    for root in [*_FOLDERS, FOLDER]:
        if (root / language).is_dir():
            return root / language
    return None
_SCRIPT_WORDS = re.compile(r"/\*\s*words:\s*([a-z][a-z0-9_-]*)\s*\*/\s*\{\}")
_SCRIPT_SAY = re.compile(r"/\*\s*say\s*\*/\s*null")
# The one say() of every page script (written in for "/* say */ null"; ES5, so that a classic
# script may have it too): a word of ``words`` with its {fields} filled from ``params``, a plural
# entry chosen by params.n with the browser's CLDR rule for the build's language
# (Intl.PluralRules: the same categories as the catalogues' and Babel's); an unknown key is
# shown as itself. LANGUAGE is the build's language, written in by fill_script.
SAY_JS = """function say(words, key, params) {
  var text = words[key];
  params = params || {};
  if (text === undefined) return key;
  if (typeof text === "object") {
    say.plural = say.plural || new Intl.PluralRules(LANGUAGE);
    var form = say.plural.select(Number(params.n));
    text = form in text ? text[form] : text.other;
  }
  return text.replace(/\\{(\\w+)\\}/g, function (whole, name) {
    return name in params ? String(params[name]) : whole;
  });
}"""


class WordsError(BuildError):
    """A word missing from a language's files, or a file that is not a mapping of words."""


class Words:
    """The site's words in one language: a message catalogue (cardgame.messages.Catalogue, the
    engine's own lookup and format) whose plural rule is CLDR's for the language, from Babel at
    the build; in the browser's Python, which has no Babel, the words shipped to it carry the
    rule as data (``"@plural"``, see :meth:`subset`)."""

    def __init__(self, language: str, entries: Mapping[str, Any],
                 plural: Mapping[str, str] | None = None) -> None:
        from cardgame.messages import PLURAL_KEY

        self.language = language
        self.entries = {k: v for k, v in entries.items() if k != PLURAL_KEY}
        self._plural = plural if plural is not None else entries.get(PLURAL_KEY)
        self._catalogue = None

    @property
    def plural_rules(self) -> dict:
        """The language's CLDR plural rule: the one given, else Babel's (asked on first use, so
        the browser's Python, which has none, needs it only if no rule was shipped)."""
        if self._plural is None:
            self._plural = plural_rules(self.language)
        return dict(self._plural)

    def _said(self):
        from cardgame.messages import Catalogue, CatalogueError

        if self._catalogue is None:
            try:
                self._catalogue = Catalogue("site", self.language, self.entries,
                                            plural=self.plural_rules)
            except CatalogueError as exc:
                raise WordsError(f"build_tools/messages/{self.language}/: {exc}") from None
        return self._catalogue

    def area(self, name: str) -> dict:
        """The words of one area (a page script's), keys without the area."""
        prefix = name + "."
        found = {k[len(prefix):]: v for k, v in self.entries.items() if k.startswith(prefix)}
        if not found:
            raise WordsError(f"build_tools/messages/{self.language}/{name}.yaml: no such area")
        return found

    def subset(self, *prefixes: str) -> dict:
        """The words whose keys start with one of ``prefixes``, with the plural rule, as the
        build ships them to the browser's Python (``Words(language, shipped)``)."""
        from cardgame.messages import PLURAL_KEY

        return {**{k: v for k, v in self.entries.items() if k.startswith(prefixes)},
                PLURAL_KEY: self.plural_rules}

    def t(self, key: str, **params) -> str:
        from cardgame.messages import CatalogueError, Message

        where = f"build_tools/messages/{self.language}/{key.partition('.')[0]}.yaml"
        if key not in self.entries:
            raise WordsError(f"{where}: no entry '{key.partition('.')[2]}'")
        text = self.entries[key]
        if not params and isinstance(text, str) and "{" not in text:
            return text
        try:
            return self._said().render(Message("site", key, params))
        except CatalogueError as exc:
            raise WordsError(f"{where}: {str(exc).partition(': ')[2]}") from None
        except (KeyError, IndexError) as exc:
            raise WordsError(f"{where}: '{key.partition('.')[2]}' needs the parameter"
                             f" {exc}") from None


def language_name(code: str, in_language: str) -> str:
    """The name of the language ``code`` in ``in_language`` (CLDR's, from Babel: "German" in
    English, "Deutsch" in German), for a label; a variant CLDR does not know (a pseudo-locale)
    is named in its base language. Unknown to CLDR: the code itself."""
    from babel import Locale, UnknownLocaleError

    for name in (in_language, in_language.partition("-")[0]):
        try:
            said = Locale.parse(code, sep="-").get_display_name(name)
        except (UnknownLocaleError, ValueError):
            continue
        if said:
            return said
    return code


def plural_rules(language: str) -> dict:
    """CLDR's plural rule of ``language`` (Babel's data): its base language's for a variant
    CLDR does not know (a pseudo-locale such as en-XA), as CLDR's own fallback does."""
    from babel import Locale, UnknownLocaleError

    for name in (language, language.partition("-")[0]):
        try:
            return dict(Locale.parse(name, sep="-").plural_form.rules)
        except (UnknownLocaleError, ValueError):
            continue
    raise WordsError(f"build_tools/messages/{language}/: CLDR knows no language"
                     f" '{language}', so no plural rule for it")


def _where(path: Path) -> str:
    """A words file as a contributor finds it: from the project's root if it is in it."""
    path = path.resolve()
    if path.parent.parent == FOLDER.resolve():
        return f"build_tools/messages/{path.parent.name}/{path.name}"
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def _check_file(path: Path, data) -> dict:
    where = _where(path)
    if not isinstance(data, dict):
        raise WordsError(f"{where}: not a mapping of keys to words")
    for key, value in data.items():
        if not isinstance(key, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", key):
            raise WordsError(f"{where}: key {key!r}: use lower-case letters, digits and _")
        ok = isinstance(value, str) or (isinstance(value, dict) and "other" in value
                                        and set(value) <= set(CATEGORIES)
                                        and all(isinstance(v, str) for v in value.values()))
        if not ok:
            raise WordsError(f"{where}: '{key}': a word is a text, or a form for each plural"
                             f" category ({', '.join(CATEGORIES)}; other always), chosen by n")
        for text in ([value] if isinstance(value, str) else value.values()):
            try:
                list(string.Formatter().parse(text))
            except ValueError as exc:
                raise WordsError(f"{where}: '{key}': {exc}") from None
    return data


def _read(path: Path) -> dict:
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark else ""
        why = " ".join(str(getattr(exc, "problem", None) or exc).split())  # one line
        raise WordsError(f"{_where(path)}{line}: not valid YAML ({why})") from None
    return _check_file(path, data)


def words(language: str, game: str | None = None) -> Words:
    """A language's words, read from its folder once, with the game's own words of the build
    under way (or of ``game``; until a build names one, the root site's game, whose templates
    the default environment finds too) beside them."""
    if game is None:
        game = _use[1]
    if game is None:
        from build_tools.templating import root_game
        game = root_game()
    return _words(language, game)


@lru_cache(maxsize=None)
def _words(language: str, game: str | None) -> Words:
    folder = _folder(language)
    if folder is None:
        raise WordsError(f"build_tools/messages/{language}/: the site has no words in"
                         f" '{language}' (languages: {', '.join(languages())})")
    entries: dict = {}
    for path in sorted(folder.glob("*.yaml")):
        for key, value in _read(path).items():
            entries[f"{path.stem}.{key}"] = value
    own = _game_words(language, game) if game else None
    for path in sorted(own.glob("*.yaml")) if own else ():
        for key, value in _read(path).items():
            if f"{path.stem}.{key}" in entries:
                raise WordsError(f"{_where(path)}: '{key}' is already the generator's word"
                                 f" (build_tools/messages/{language}/{path.name}); a game adds"
                                 " words under keys of its own")
            entries[f"{path.stem}.{key}"] = value
    return Words(language, entries)


def _game_folder(game: str) -> Path:
    # Imported here: the browser's Python loads this module without the site code's finder.
    from build_tools.site_code import folder
    return folder(game)


def game_languages(game: str) -> list[str]:
    """The languages a game's site code has words in (none: it needs no words of its own)."""
    own = _game_folder(game) / "messages"
    return sorted(p.name for p in own.iterdir() if p.is_dir()) if own.is_dir() else []


# Until a build names one: the language the engine speaks by default (one default, the
# engine's).
_use: list = [DEFAULT_LANGUAGE, None]


def use(language: str, game: str | None = None) -> None:
    """The language and the game of the build under way (the site plugin sets them once per
    build): page scripts copied into the site get their words."""
    _use[0] = language
    _use[1] = game


def current() -> Words:
    return words(_use[0])


def game() -> str | None:
    """The game of the build under way (None until a build or a command names one)."""
    return _use[1]


def languages() -> list[str]:
    return sorted({p.name for root in [*_FOLDERS, FOLDER] if root.is_dir() for p in root.iterdir()
                   if p.is_dir()})


def fill_script(source: str, language: str | None = None) -> str:
    """A page script with its areas' words written in (``/* words: AREA */ {}``), in the
    language of the build under way unless one is named."""
    lang = words(language) if language else current()
    said = SAY_JS.replace("LANGUAGE", json.dumps(lang.language))
    source = _SCRIPT_SAY.sub(lambda m: said, source)
    return _SCRIPT_WORDS.sub(
        lambda m: json.dumps(lang.area(m.group(1)), ensure_ascii=False, sort_keys=True),
        source)
