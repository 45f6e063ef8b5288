"""Render the glossary pages, the JSON index and the tooltip table from the validated data.

    pages(glossary, urls)   -> {src_uri: markdown}   the generated pages (Jinja2 templates)
    index(glossary)         -> list of dicts         what the filter box searches (glossary.json)
    tooltips(glossary)      -> list of (form, id, definition, its lang), longest form first

Free of mkdocs: the hook decides where things go and passes the URLs in. Everything is said in
the language of the build under way (build_tools.words.current): the site's words from
build_tools/messages/<lang>/glossary.yaml (and the game's own, build_tools/games/<game>/
messages/<lang>/glossary.yaml), and the data's own words (``gloss``, ``note``, a signal's
``text``: maps by language) in the edition's language, or in the language they were written in
(marked with its lang) where the data has none in the edition's.

Nothing here names a game or a language. What is a game's own — its kinds' pages and their
templates, the words page's filters and the body of a kind's entry, the tooltips' exceptions,
the other languages' names worth marking in running text — the game's glossary module gives
(build_tools/games/<game>/glossary.py, :mod:`.kinds`); the headwords' language is its
``TERM_LANGUAGE``, the languages shown beside them the game's (its engine's catalogues).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from html import escape
from pathlib import Path
from typing import Any

from jinja2 import ChoiceLoader, Environment, FileSystemLoader
from markupsafe import Markup
from markupsafe import escape as html_text

from build_tools import templating
from build_tools.words import current
from build_tools.words import language_name as words_language_name
from build_tools.words import words as site_words

from .load import Glossary, renderings, term_forms

STATIC = Path(__file__).resolve().parent / "static"

# Where the generated pages live in the site (src_uri -> template): the words page of every
# glossary, the game's own pages (its glossary module's PAGES), then each kind's own page
# (build_tools/glossary/kinds.py, ``Kind.page``).
WORDS_PAGE = "glossary/words.md"
COMMON_PAGES = {WORDS_PAGE: "glossary/words.md.j2"}
# The body of an entry on the words page where the game gives none of its own (its glossary
# module's ENTRY_MACROS: a template with the macros ``head(kind, e)`` and ``body(kind, e)``).
ENTRY_MACROS = "glossary/_entry.j2"


def pages_of(glossary: Glossary) -> dict[str, str]:
    """Every generated page of ``glossary``: src_uri -> template."""
    out = dict(COMMON_PAGES)
    out.update(getattr(glossary.game, "PAGES", {}))
    out.update(k.page for k in glossary.registered if k.page)
    return out


def hook(glossary: Glossary, name: str, default=None):
    """The game's glossary module's ``name`` (a hook or a setting), or ``default``."""
    return getattr(glossary.game, name, default)

# The site's words for the glossary live in build_tools/messages/<lang>/glossary.yaml. Each of
# these mappings keeps its keys in the order the pages use them and reads its values, lazily,
# in the language of the build under way: SOURCE_TITLES["wiki-de"] is the word
# glossary.source_wiki_de of that language.


class Labels(Mapping):
    """Fixed keys, in order; each value the build's word ``glossary.<prefix>_<key>`` (a key's
    hyphens become underscores), the ``game``'s own words among them."""

    def __init__(self, prefix: str, keys, game: str | None = None) -> None:
        self.prefix = prefix
        self._keys = tuple(keys)
        self.game = game

    def __getitem__(self, key: str) -> str:
        if key not in self._keys:
            raise KeyError(key)
        words = site_words(current().language, self.game) if self.game else current()
        return words.t(f"glossary.{self.prefix}_{key.replace('-', '_')}")

    def __iter__(self):
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


# How a variant form differs from its headword (the `differs` of the common schema), for a
# reader.
DIFFERS = Labels("differs", ("spelling", "article", "number", "wording", "punctuation"))


def fold(text: str) -> str:
    """Case- and accent-insensitive key (the same folding the filter box does in JavaScript)."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text)
                   if not unicodedata.combining(ch)).lower()


def title_of(entry: dict, term: str, languages=()) -> str:
    """An entry's headword in the term language ``term``, else its first rendering in one of
    ``languages`` (the game's, in order)."""
    forms = term_forms(entry, term)
    if forms:
        return forms[0]["text"]
    return next(r[0]["text"] for r in (renderings(entry, lang) for lang in languages) if r)


def language() -> str:
    """The language of the build under way (the edition's)."""
    return current().language


def text_in(obj: dict, field: str, lang: str | None = None) -> tuple[str | None, str]:
    """An entry's (or an item's, a signal's) own text ``obj[field]`` — a map by language,
    ``{en: ..., de: ...}`` — in ``lang`` (the edition's by default) and the language it is in:
    the map's text in that language where it has one, else its first (the language it was
    written in); (None, lang) where there is no such text."""
    lang = lang or language()
    texts = obj.get(field) or {}
    if texts.get(lang):
        return texts[lang], lang
    for first, text in texts.items():
        return text, first
    return None, lang


def _in_lang(text, text_lang: str) -> Markup:
    """``text`` escaped, in a span naming its language where that is not the page's."""
    if text_lang == language():
        return html_text(text)
    return Markup(f'<span lang="{text_lang}">{html_text(text)}</span>')


def said(obj: dict, field: str) -> Markup:
    """A template's text of ``obj[field]`` in the edition's language (see :func:`text_in`),
    marked with its language where it is another (an English note in the German edition)."""
    text, text_lang = text_in(obj, field)
    return _in_lang(text, text_lang) if text else Markup("")


def others_of(obj: dict, field: str) -> list[str]:
    """The languages :func:`beside` shows ``obj[field]`` in."""
    shown = text_in(obj, field)[1]
    return [lang for lang, text in (obj.get(field) or {}).items() if lang != shown and text]


def beside(obj: dict, field: str) -> Markup:
    """The same text in every other language the data gives it in, each in a span with its
    lang, in the data's order: nothing where :func:`said` already shows the only one there is.
    (The German in the English edition; the English in the German one.)"""
    shown = text_in(obj, field)[1]
    others = [(lang, text) for lang, text in (obj.get(field) or {}).items()
              if lang != shown and text]
    return Markup(" / ").join(Markup(f'<span lang="{lang}">{html_text(text)}</span>')
                              for lang, text in others)


def what_of(entry: dict, field: str = "what") -> dict:
    """A list of sourced items of our own words (``{text: {lang: ...}, sources}``) in the
    edition's language: ``{"texts": [...], "lang": ...}``, the items as ``m.items`` shows them
    (each item's text in the edition's language where every item has one, else in the
    language they were written in)."""
    lang = language()
    items = list(entry.get(field) or [])
    langs = [text_in(it, "text", lang)[1] for it in items]
    shown = lang if items and all(ln == lang for ln in langs) else (langs[0] if langs else lang)
    return {"texts": [{**it, "text": text_in(it, "text", shown)[0]} for it in items],
            "lang": shown}


def definition(entry: dict, glossary: Glossary, lang: str | None = None) -> tuple[str, str]:
    """A one-line definition for tooltips and the language it is in: the rendering in the
    edition's language and our gloss (or what the game's ``definition`` hook says of an entry
    of its own kind) — in the language our gloss was first written in where the data has none
    in the edition's."""
    lang = lang or language()
    words = site_words(lang, glossary.game_name)
    own = hook(glossary, "definition")
    said_ = own(entry, lang, words) if own else None
    if said_ is not None:
        return said_
    gloss, gloss_lang = text_in(entry, "gloss", lang)
    if gloss_lang != lang:
        return definition(entry, glossary, gloss_lang)
    shown = renderings(entry, lang)
    title = title_of(entry, glossary.term_lang, hook(glossary, "TITLE_LANGUAGES",
                                                     glossary.languages))
    if shown and fold(shown[0]["text"]) != fold(title):
        return words.t("glossary.tip_term", rendering=shown[0]["text"], gloss=gloss), lang
    return gloss or "", lang  # the schemas require a gloss: never ""


def glossary_languages(glossary: Glossary) -> list[str]:
    """The languages the data renders the headwords in: the edition's first (where the data
    has it), then the game's others, in their order."""
    have = {lang for _, e in glossary.entries() for lang in glossary.languages
            if renderings(e, lang)}
    edition = language()
    return ([edition] if edition in have else []) + [
        lang for lang in glossary.languages if lang in have and lang != edition]


def _searched(loader) -> list[str]:
    """Every folder a loader (and the loaders it chooses from) searches."""
    if isinstance(loader, ChoiceLoader):
        return [p for sub in loader.loaders for p in _searched(sub)]
    return [str(Path(p).resolve()) for p in getattr(loader, "searchpath", ())]


def _env(glossary: Glossary) -> Environment:
    """The generator's environment, with the glossary's filters and globals (the game's own
    beside them: its glossary module's ``template_globals(glossary)``)."""
    kinds = tuple(glossary.kinds)
    term, langs = glossary.term_lang, glossary_languages(glossary)

    def named(code: str) -> str:  # a language's name in the edition's language, for a label
        return upfirst(words_language_name(code, language()))
    extra = hook(glossary, "template_globals", lambda g: {})(glossary)
    env = templating.current()
    # The pages say the game's words too (build_tools/games/<game>/messages/), also where no
    # build of the game set them up (a test, a tool).
    game_words = site_words(language(), glossary.game_name)
    env.globals.update(t=game_words.t, lang=game_words.language)
    # The game's own glossary templates (build_tools/games/<game>/templates/glossary/) beside
    # the generic ones, where the environment does not search them yet.
    own = str(Path(glossary.game.__file__).resolve().parent / "templates")
    if env.loader is not None and own not in _searched(env.loader):
        env.loader = ChoiceLoader([env.loader, FileSystemLoader(own)])
    # Per glossary (a test may render two games' in one process): set, not setdefault.
    env.globals.update(dict(
        SOURCE_TITLES=Labels("source", glossary.sources, glossary.game_name),
        KIND_TITLES=Labels("kind", kinds, glossary.game_name),
        DIFFERS=DIFFERS, KINDS=kinds, TERM=term, LANGS=langs,
        OTHER_LANGS=[lang for lang in langs if lang != language()],
        ENTRY_MACROS=hook(glossary, "ENTRY_MACROS", ENTRY_MACROS),
        FILTERS_TEMPLATE=hook(glossary, "FILTERS_TEMPLATE"),
        renderings=renderings, said=said, beside=beside, what_of=what_of,
        others_of=others_of, language_name=named, **extra))
    filters: dict[str, Callable[..., Any]] = {
        "term_forms": lambda e: term_forms(e, term), "upfirst": upfirst, "language_name": named,
        "title_of": lambda e: title_of(e, term, hook(glossary, "TITLE_LANGUAGES",
                                                     glossary.languages))}
    env.filters.update(filters)
    return env


def upfirst(text: str) -> str:
    """The first letter in capitals, the rest as it is (German nouns keep theirs)."""
    return text[:1].upper() + text[1:]


def sort_key(text: str, article=None) -> tuple[str, str]:
    """The order of headwords: accents, case and a leading article (``article``: the game's
    ARTICLE pattern of its term language) left out."""
    bare = article.sub("", text.strip(), count=1) if article else text.strip()
    return fold(bare).lstrip("'’«»\"“”„ "), fold(text)


def pages(glossary: Glossary, urls: dict[str, str], card_svg, cards_in_order) -> dict[str, str]:
    """The glossary's pages as Markdown with HTML blocks.

    ``urls`` holds page-relative URLs the templates need (``index``: the JSON index from the
    words page; ``words``: the words page from a page beside it). ``card_svg(token)`` draws a
    card; ``cards_in_order`` is the pack in ranking order (the engine's cards). The game's
    ``page_context(glossary, cards_in_order)`` adds what its own pages and filters need.
    """
    env = _env(glossary)
    ctx = dict(g=glossary, by_id=glossary.by_id, urls=urls, card_svg=card_svg,
               definition=lambda e: definition(e, glossary))
    ctx.update(hook(glossary, "page_context", lambda g, cards: {})(glossary, cards_in_order))
    return {uri: env.get_template(tpl).render(**ctx) for uri, tpl in pages_of(glossary).items()}


def index(glossary: Glossary) -> list[dict]:
    """The filter box's index: one record per entry, in page order: its headword forms (under
    the term language's key), its renderings (under each language's), our gloss, its sources
    and ``words``, all the filter box searches; the game's ``index_record(kind, entry, rec)``
    adds what its own filters select by (the words page's selects name the field)."""
    own = hook(glossary, "index_record")
    out = []
    for kind, e in glossary.entries():
        rec = {"id": e["id"], "kind": kind, "category": e.get("category"),
               glossary.term_lang: [f["text"] for f in glossary.forms(e)]}
        for lang in glossary.languages:
            rec[lang] = [r["text"] for r in renderings(e, lang)]
        rec["gloss"] = text_in(e, "gloss")[0]
        rec["sources"] = list(e["sources"])
        if own:
            own(kind, e, rec)
        rec["words"] = [w for key in (glossary.term_lang, *glossary.languages,
                                      *hook(glossary, "SEARCH_ALSO", ()))
                        for w in rec.get(key, [])]
        out.append(rec)
    return out


def tooltips(glossary: Glossary) -> list[tuple[str, str, str, str]]:
    """(form, entry id, definition, the definition's language) for every headword form worth
    marking in running text, in the edition's language."""
    stop = hook(glossary, "TOOLTIP_STOPLIST", set())
    seen: dict[str, tuple[str, str, str, str]] = {}
    for _kind, e in glossary.entries():
        for f in glossary.forms(e):
            text = f["text"].rstrip("!").strip()
            key = text.lower()
            if len(text) < 4 or key in stop or key in seen:
                continue
            seen[key] = (text, e["id"], *definition(e, glossary))
    return sorted(seen.values(), key=lambda t: (-len(t[0]), t[0]))


def static_files() -> dict[str, str]:
    """The glossary's own JavaScript and CSS, keyed by their path in the site; a script with
    its words written in, in the build's language (build_tools.words.fill_script)."""
    from build_tools.words import fill_script

    return {f"assets/glossary/{p.name}": (fill_script(p.read_text(encoding="utf-8"))
                                          if p.suffix == ".js" else p.read_text(encoding="utf-8"))
            for p in sorted(STATIC.iterdir()) if p.suffix in (".js", ".css")}


# --- tooltips in running text ---------------------------------------------------------------
_SKIP = {"a", "code", "pre", "kbd", "samp", "script", "style", "abbr", "dfn", "svg", "button",
         "label", "textarea", "select", "option", "title", "h1", "h2", "h3", "h4", "h5", "h6",
         "nav", "figcaption", "form", "fieldset", "legend", "output", "dialog"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
         "track", "wbr"}
_TOKEN = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)
_TAG = re.compile(r"<\s*(/?)\s*([a-zA-Z][a-zA-Z0-9-]*)")


def _rewrite_text(html: str, open_tag, text) -> str:
    """Walk ``html`` keeping a stack of the open elements, each as (name, ``open_tag(name,
    tag)``), and return it with every run of text replaced by ``text(run, stack)``. Tags and
    comments pass unchanged; a closing tag closes everything opened since its element."""
    stack: list[tuple[str, object]] = []
    out = []
    for part in _TOKEN.split(html):
        if not part:
            continue
        if not part.startswith("<"):
            out.append(text(part, stack))
            continue
        m = _TAG.match(part)
        if m and not part.startswith("<!--"):
            closing, name = m.group(1), m.group(2).lower()
            if closing:
                if any(s[0] == name for s in stack):
                    while stack and stack.pop()[0] != name:
                        pass
            elif name not in _VOID and not part.rstrip().endswith("/>"):
                stack.append((name, open_tag(name, part)))
        out.append(part)
    return "".join(out)


def mark_terms(html: str, terms: list[tuple[str, ...]], href: str, *, term_lang: str,
               lowercase_only=frozenset(), prefix: str = "gl-tip") -> str:
    """Wrap the first occurrence of each entry's headword form (in the game's term language
    ``term_lang``) in ``html`` with a link to its glossary entry and a tooltip shown on hover
    and keyboard focus. Text inside links, code, headings and similar elements is left alone;
    a form of ``lowercase_only`` is a proper name when capitalised, and left alone then."""
    if not terms:
        return html
    by_key = {t[0].lower(): t for t in terms}
    pattern = re.compile(r"(?<![\w'’-])(" + "|".join(re.escape(t[0]) for t in terms) + r")(?![\w'’-])",
                         re.I)
    done: set[str] = set()
    n = 0

    def wrap(m: re.Match) -> str:
        nonlocal n
        form, eid, text, tip_lang = by_key[m.group(1).lower()]
        if eid in done or (form.lower() in lowercase_only and not m.group(1).islower()):
            return m.group(0)
        done.add(eid)
        n += 1
        tip = f"{prefix}-{n}"
        return (f'<span class="gl-term"><a class="gl-term__link" href="{escape(href)}#{eid}"'
                f' lang="{term_lang}" aria-describedby="{tip}">{m.group(1)}</a>'
                f'<span class="gl-term__tip" role="tooltip" id="{tip}"'
                f' lang="{tip_lang}" data-search-exclude>'
                f'{escape(text)}</span></span>')

    def text(run: str, stack) -> str:
        return run if any(name in _SKIP for name, _ in stack) else pattern.sub(wrap, run)

    return _rewrite_text(html, lambda name, tag: None, text)


# --- the language of the game's words, and of other languages' names, in running text -------
# (issue 8). Text in these elements is never marked: code, scripts, pictures, form controls (a
# card button's accessible name stays as it is), and the term tooltips (a definition read out
# through aria-describedby, where a lang attribute would be lost anyway).
_LANG_SKIP = {"code", "pre", "kbd", "samp", "script", "style", "svg", "title", "button",
              "textarea", "select", "option", "template"}
_LANG_ATTR = re.compile(r"""\slang\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.I)
_CLASS_ATTR = re.compile(r"""\sclass\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.I)
_LANG_SKIP_CLASSES = {"gl-term__tip", "cs-sr-only"}


class LangForms(list):
    """(form, lang) to mark in running text, longest first; ``marked``: the languages of the
    text they are marked in (the game's and the page's); ``lowercase_only``: forms that,
    capitalised, are a proper name."""

    marked: frozenset = frozenset()
    lowercase_only: frozenset = frozenset()


def lang_forms(glossary: Glossary) -> LangForms:
    """(form, lang) for every headword form (lang: the game's term language) and every other
    language's name the game's ``other_forms(kind, entry)`` gives (a trump's German name with
    its article), to be marked wherever it stands in text of another language (mark_lang),
    longest first. Places (the game's ``UNMARKED_CATEGORIES``) are proper nouns in every
    language, and the forms of the game's ``TOOLTIP_STOPLIST`` are words of its languages."""
    stop = hook(glossary, "TOOLTIP_STOPLIST", set())
    unmarked = hook(glossary, "UNMARKED_CATEGORIES", ())
    others = hook(glossary, "other_forms", lambda kind, e: ())
    seen: dict[str, tuple[str, str]] = {}
    for kind, e in glossary.entries():
        if e.get("category") in unmarked:
            continue
        for f in glossary.forms(e):
            text = f["text"].rstrip("!").strip()
            if len(text) >= 3 and text.lower() not in stop:
                seen.setdefault(text.lower(), (text, glossary.term_lang))
        for text, lang in others(kind, e):
            seen.setdefault(text.lower(), (text, lang))
    out = LangForms(sorted(seen.values(), key=lambda t: (-len(t[0]), t[0])))
    out.marked = frozenset(glossary.languages)
    out.lowercase_only = frozenset(hook(glossary, "LOWERCASE_ONLY", ()))
    return out


def mark_lang(html: str, forms: list[tuple[str, str]], language: str | None = None) -> str:
    """Wrap every form of ``forms`` that stands in text of the page's ``language`` (the
    edition's by default) or another of the game's languages, in ``<span lang="…">`` (the
    form's language), so screen readers pronounce it in its own language; a name in text of
    its own language needs no mark. Text inside an element of another language, and text in
    code, buttons and the like, is left alone. Only the markup changes, never the visible
    text."""
    if not forms:
        return html
    page_lang = (language or current().language).lower()
    marked = {lang.split("-")[0].lower() for lang in getattr(forms, "marked", ())}
    marked.add(page_lang.split("-")[0])
    lowercase_only: frozenset = getattr(forms, "lowercase_only", frozenset())
    by_key = {f.lower(): (f, lang) for f, lang in forms}
    alternatives = "|".join(re.escape(f) for f, _ in forms)
    # A loan word joined to a word of the text by a hyphen and a capital, as German joins
    # its compounds ("Tschintschar-Ausdrücke"), is marked too.
    pattern = re.compile(r"(?<![\w'’-])(" + alternatives + r")(?![\w'’]|-(?!(?-i:[A-ZÄÖÜ])))",
                         re.I)

    def wrap(m: re.Match, run_lang: str) -> str:
        text = m.group(1)
        form, lang = by_key[text.lower()]
        if form.lower() in lowercase_only and not text.islower():
            return text  # a proper name (the game's own name)
        if lang == run_lang:
            return text  # a name in text of its own language
        return f'<span lang="{lang}">{text}</span>'

    def open_tag(name: str, tag: str) -> tuple[str | None, bool]:
        """(the element's own lang or None if inherited, whether its text is left alone)"""
        lm = _LANG_ATTR.search(tag)
        lang = next((g for g in lm.groups() if g is not None), "") if lm else None
        cm = _CLASS_ATTR.search(tag)
        classes = set((next(g for g in cm.groups() if g is not None) if cm else "").split())
        skip = (name in _LANG_SKIP or bool(classes & _LANG_SKIP_CLASSES)
                or 'aria-hidden="true"' in tag)
        return (lang.lower() if lang is not None else None), skip

    def text(run: str, stack) -> str:
        if any(skip for _, (_, skip) in stack):
            return run
        lang = next((own for _, (own, _) in reversed(stack) if own is not None), page_lang)
        run_lang = (lang or page_lang).split("-")[0]
        if run_lang not in marked:
            return run
        return pattern.sub(lambda m: wrap(m, run_lang), run)

    return _rewrite_text(html, open_tag, text)
