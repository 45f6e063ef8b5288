"""Render the glossary pages, the JSON index and the tooltip table from the validated data.

    pages(glossary, urls)   -> {src_uri: markdown}   the generated pages (Jinja2 templates)
    index(glossary)         -> list of dicts         what the filter box searches (glossary.json)
    tooltips(glossary)      -> list of (form, id, definition, its lang), longest form first

Free of mkdocs: the hook decides where things go and passes the URLs in. Everything is said in
the language of the build under way (build_tools.words.current): the site's words from
build_tools/messages/<lang>/glossary.yaml, and the data's own words (``gloss``, ``note``, a
place's ``what``, a signal's ``text``: maps by language) in the edition's language, or in the
language they were written in (marked with its lang) where the data has none in the edition's.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from html import escape
from pathlib import Path

from jinja2 import Environment
from markupsafe import Markup
from markupsafe import escape as html_text

from build_tools import templating
from build_tools.words import current
from build_tools.words import words as site_words

from .load import Glossary, _sources_of, renderings, rm_forms

STATIC = Path(__file__).resolve().parent / "static"

# Where the generated pages live in the site (src_uri -> template): the pages of every glossary,
# then each kind's own page (build_tools/glossary/kinds.py, ``Kind.page``).
WORDS_PAGE = "glossary/words.md"
COMMON_PAGES = {WORDS_PAGE: "glossary/words.md.j2", "glossary/romontsch.md": "glossary/romontsch.md.j2"}


def pages_of(glossary: Glossary) -> dict[str, str]:
    """Every generated page of ``glossary``: src_uri -> template."""
    out = dict(COMMON_PAGES)
    out.update(k.page for k in glossary.registered if k.page)
    return out

# The site's words for the glossary live in build_tools/messages/<lang>/glossary.yaml. Each of
# these mappings keeps its keys in the order the pages use them and reads its values, lazily,
# in the language of the build under way: SOURCE_TITLES["wiki-de"] is the word
# glossary.source_wiki_de of that language.


class Labels(Mapping):
    """Fixed keys, in order; each value the build's word ``glossary.<prefix>_<key>`` (a key's
    hyphens become underscores)."""

    def __init__(self, prefix: str, keys) -> None:
        self.prefix = prefix
        self._keys = tuple(keys)

    def __getitem__(self, key: str) -> str:
        if key not in self._keys:
            raise KeyError(key)
        return current().t(f"glossary.{self.prefix}_{key.replace('-', '_')}")

    def __iter__(self):
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


SOURCE_TITLES = Labels("source", ("pagat", "wiki-en", "wiki-de", "arcane"))
CATEGORY_TITLES = Labels("category", ("suit", "court", "numeral", "pack", "deal", "play",
                                      "scoring", "talk", "place"))
PHASES = Labels("phase", ("after-6-or-12", "after-full-deal", "any-time"))
PHASE_SHORT = Labels("phase_short", PHASES)
TOPICS = Labels("topic", ("trumps", "honours", "kings", "courts", "fool", "good-hand",
                          "mediocre-hand", "bad-hand", "deal-on", "choice", "start-play"))
STATUSES = Labels("status", ("tournament", "obsolete", "local"))
# How a variant form differs from its headword (the `differs` of glossary/*.yaml), for a reader.
DIFFERS = Labels("differs", ("spelling", "article", "number", "wording", "punctuation"))

# The places of the table talk on the tschintschar page's schematic map (a 480 x 330 drawing,
# north up, build_tools/templates/glossary/_map.svg.j2): the (x, y) of each place's dot, where
# its name goes ("above", "left" or "right" of the dot), and a few words on what the code makes
# of it (the word glossary.map_<that>). Not measured from a map: only the relative positions the
# sources give, checked against the valley's general geography. The Surselva runs from Tujetsch
# and Medel in the west down to Ilanz in the east (pagat; wiki-de lists the places in that order:
# Sedrun, Disentis, Medel, …, Breil/Brigels). The Medel valley climbs south from Disentis
# (Mustér); Salvaplauna is a meadow just outside Disentis (pagat); Sogn Gion lies high up the
# Medel valley, since lower down the valley means stronger trumps and "not even at Sogn Gion"
# means very weak ones (pagat).
MAP_PLACES = {
    "tujetsch": (56, 84, "above", "court_cards"),
    "muster": (196, 104, "above", "court_cards"),
    "salvaplauna": (216, 136, "right", "very_strong_trumps"),
    "medel": (234, 206, "right", "trumps"),
    "sogn-gion": (250, 280, "right", "very_weak_trumps"),
    "breil": (370, 70, "above", "own_phrases"),
}

# Forms too short or too common in English prose to be marked as Romansh in running text.
TOOLTIP_STOPLIST = {"in", "pas"}
# Forms that, capitalised, are a proper name rather than the Romansh word ("Troccas" the game).
TOOLTIP_LOWERCASE_ONLY = {"troccas"}


def fold(text: str) -> str:
    """Case- and accent-insensitive key (the same folding the filter box does in JavaScript)."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text)
                   if not unicodedata.combining(ch)).lower()


def title_of(entry: dict) -> str:
    return rm_forms(entry)[0]["text"] if rm_forms(entry) else renderings(entry, "en")[0]["text"]


def statuses(entry: dict) -> list[str]:
    out = []
    if entry.get("tournament"):
        out.append("tournament")
    if entry.get("obsolete"):
        out.append("obsolete")
    if entry.get("regions"):
        out.append("local")
    return out


def places_of(entry: dict) -> list[str]:
    ids = [r["place"] for r in entry.get("regions", [])] + list(entry.get("places", []))
    if entry.get("category") == "place":
        ids.append(entry["id"])
    return list(dict.fromkeys(ids))


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


def beside(obj: dict, field: str) -> Markup:
    """The same text in every other language the data gives it in, each in a span with its
    lang, in the data's order: nothing where :func:`said` already shows the only one there is.
    (The German in the English edition; the English in the German one.)"""
    shown = text_in(obj, field)[1]
    others = [(lang, text) for lang, text in (obj.get(field) or {}).items()
              if lang != shown and text]
    return Markup(" / ").join(Markup(f'<span lang="{lang}">{html_text(text)}</span>')
                              for lang, text in others)


def what_of(entry: dict) -> dict:
    """What a place is, in the edition's language: ``{"texts": [...], "lang": ...}``, the items
    as ``m.items`` shows them (each item's text in the edition's language where every item has
    one, else in the language they were written in)."""
    lang = language()
    items = list(entry.get("what") or [])
    langs = [text_in(it, "text", lang)[1] for it in items]
    shown = lang if items and all(ln == lang for ln in langs) else (langs[0] if langs else lang)
    return {"texts": [{**it, "text": text_in(it, "text", shown)[0]} for it in items],
            "lang": shown}


def captions(entry: dict) -> list[tuple[str, list[dict]]]:
    """A trump's captions by language, the printed one first: ``[(lang, items)]``."""
    return list((entry.get("caption") or {}).items())


def definition(entry: dict, lang: str | None = None) -> tuple[str, str]:
    """A one-line definition for tooltips and the language it is in: the rendering in the
    edition's language and our gloss (or the phrase's first signal) — all in English where the
    data has no gloss of that language yet."""
    lang = lang or language()
    words = site_words(lang)
    en = renderings(entry, lang)
    if "signals" in entry:
        sig = entry["signals"][0]
        text, text_lang = text_in(sig, "text", lang)
        if text_lang != lang:
            return definition(entry, "en")
        sources = ", ".join(_sources_of(sig))
        if en:
            return words.t("glossary.tip_talk", literal=en[0]["text"], sources=sources, text=text), lang
        return words.t("glossary.tip_talk_plain", sources=sources, text=text), lang
    gloss, gloss_lang = text_in(entry, "gloss", lang)
    if gloss_lang != lang:
        return definition(entry, "en")
    if en and fold(en[0]["text"]) != fold(title_of(entry)):
        return words.t("glossary.tip_term", rendering=en[0]["text"], gloss=gloss), lang
    return gloss or "", lang  # the schemas require a gloss: never ""


def _phase_key(entry: dict) -> int:
    order = list(PHASES)
    return min(order.index(w["phase"]) for w in entry["when"])


def _env(glossary: Glossary) -> Environment:
    """The generator's environment, with the glossary's filters and globals."""
    kinds = tuple(glossary.kinds)
    return templating.extend(templating.current(), globals=dict(
        SOURCE_TITLES=SOURCE_TITLES, KIND_TITLES=Labels("kind", kinds), PHASES=PHASES,
        PHASE_SHORT=PHASE_SHORT, TOPICS=TOPICS, STATUSES=STATUSES, DIFFERS=DIFFERS,
        CATEGORY_TITLES=CATEGORY_TITLES, KINDS=kinds, renderings=renderings, said=said,
        beside=beside, what_of=what_of, captions=captions),
        filters=dict(rm_forms=rm_forms, title_of=title_of, statuses=statuses, upfirst=upfirst))


def upfirst(text: str) -> str:
    """The first letter in capitals, the rest as it is (German nouns keep theirs)."""
    return text[:1].upper() + text[1:]


# Romontsch first: every entry by its Romansh headword, a leading article and accents left out
# of the order ("l'imperatura" under I, "ils honors" under H, "tschéc" as "tschec").
_ARTICLE = re.compile(r"^(?:(?:il|la|ils|las|igl|in|ina)\s+|l['’]\s*)", re.I)


def sort_key(text: str) -> tuple[str, str]:
    bare = _ARTICLE.sub("", text.strip(), count=1)
    return fold(bare).lstrip("'’«»\"“”„ "), fold(text)


def romontsch(glossary: Glossary) -> list[tuple[str, list[dict]]]:
    """The rows of the Romansh-first page, grouped by letter: ``[(letter, rows)]``, each row
    ``{id, head, variants, de, en, gloss, gloss_lang}``. A trump has a row for each of its
    names (la vaca and il mund are different words); every other entry one row."""
    rows = []
    for kind, e in glossary.entries():
        names = e["names"] if kind == "trumps" else [e] if e.get("rm") else []
        if kind == "tschintschar":
            gloss, gloss_lang = text_in(e["signals"][0], "text")
        else:
            gloss, gloss_lang = text_in(e, "gloss")
        for name in names:
            forms = name["rm"]
            rows.append({"id": e["id"], "head": forms[0]["text"],
                         "variants": [f["text"] for f in forms[1:]],
                         "de": [r["text"] for r in name.get("de", [])],
                         "en": [r["text"] for r in name.get("en", [])],
                         "gloss": gloss, "gloss_lang": gloss_lang})
    rows.sort(key=lambda r: sort_key(r["head"]))
    letters: dict[str, list[dict]] = {}
    for r in rows:
        first = sort_key(r["head"])[0][:1].upper()
        letters.setdefault(first if first.isalpha() else "#", []).append(r)
    return list(letters.items())


def pages(glossary: Glossary, urls: dict[str, str], card_svg, cards_in_order) -> dict[str, str]:
    """The glossary's pages as Markdown with HTML blocks.

    ``urls`` holds page-relative URLs the templates need (``index``: the JSON index from the
    words page; ``words``/``trumps``/... : other pages from each other). ``card_svg(token)``
    draws a card; ``cards_in_order`` is the pack in ranking order (troccas Card objects).
    """
    env = _env(glossary)
    by_id = glossary.by_id
    place_names = {e["id"]: title_of(e) for e in glossary.kinds["terms"] if e["category"] == "place"}
    used_places = sorted({p for _, e in glossary.entries() for p in places_of(e)},
                         key=lambda p: fold(place_names[p]))
    talk = sorted(glossary.kinds["tschintschar"],
                  key=lambda e: (_phase_key(e), list(TOPICS).index(e["topic"])))
    phases = [(p, [e for e in talk if list(PHASES)[_phase_key(e)] == p]) for p in PHASES]
    suits = []
    for suit in glossary.kinds["cards"]:
        if suit["category"] != "suit":
            continue
        cards = [c for c in cards_in_order if c.suit == suit["suit"]]
        suits.append((suit, cards))
    trumps_cards = [c for c in cards_in_order if c.kind != "suit"]
    trumps_table = sorted(trumps_cards, key=lambda c: (c.is_fool, c.number or 0))  # I … XXI, Fool
    trump_entry = {e["card"]: e for e in glossary.kinds["trumps"]}
    ctx = dict(g=glossary, by_id=by_id, urls=urls, place_names=place_names,
               map_places=map_places(glossary),
               used_places=used_places, phases=phases, suits=suits, trumps_cards=trumps_cards, trumps_table=trumps_table,
               trump_entry=trump_entry, card_svg=card_svg, definition=definition,
               places_of=places_of, letters=romontsch(glossary))
    return {uri: env.get_template(tpl).render(**ctx) for uri, tpl in pages_of(glossary).items()}


def map_places(glossary: Glossary) -> list[dict]:
    """The places the table talk refers to, west to east, for the map and the list beside it:
    the place entry, its position on the map, and the phrases that name it or are said there.
    A place the phrases use but the map does not place stops the build (ValueError)."""
    talk = glossary.kinds["tschintschar"]
    used = {p for e in talk for p in places_of(e)}
    missing = sorted(used - set(MAP_PLACES))
    if missing:
        raise ValueError(f"the tschintschar phrases use the place(s) {', '.join(missing)}, which"
                         f" the map does not place (build_tools/glossary/render.py, MAP_PLACES)")
    by_id = glossary.by_id
    out = []
    for pid, (x, y, side, code) in sorted(MAP_PLACES.items(), key=lambda kv: kv[1][0]):
        if pid not in used:
            continue
        out.append({"id": pid, "entry": by_id[pid], "x": x, "y": y, "side": side,
                    "code": current().t(f"glossary.map_{code}"),
                    "named_by": [e for e in talk if pid in e.get("places", [])],
                    "said_in": [e for e in talk if any(r["place"] == pid for r in e.get("regions", []))]})
    return out


def index(glossary: Glossary) -> list[dict]:
    """The filter box's index: one record per entry, in page order."""
    out = []
    for kind, e in glossary.entries():
        rec = {
            "id": e["id"],
            "kind": kind,
            "category": e.get("category") or e.get("topic") or ("fool" if e.get("card") == "Fool" else "trump"),
            "rm": [f["text"] for f in rm_forms(e)],
            "en": [r["text"] for r in renderings(e, "en")],
            "de": [r["text"] for r in renderings(e, "de")],
            "gloss": (text_in(e, "gloss")[0] if e.get("gloss")
                      else "; ".join(text_in(s, "text")[0] or "" for s in e["signals"])),
            "sources": list(e["sources"]),
            "phases": [w["phase"] for w in e.get("when", [])],
            "places": places_of(e),
            "status": statuses(e),
        }
        if kind == "trumps":
            # The filter finds a trump by its caption in any language: each with its language's
            # renderings (the printed French one as "fr").
            for lang, items in captions(e):
                rec[lang] = rec.get(lang, []) + [c["text"] for c in items]
        if kind == "cards":
            rec["fr"] = [r["text"] for r in e.get("fr", [])]
        out.append(rec)
    return out


def tooltips(glossary: Glossary) -> list[tuple[str, str, str, str]]:
    """(form, entry id, definition, the definition's language) for every Romansh form worth
    marking in running text, in the edition's language."""
    seen: dict[str, tuple[str, str, str, str]] = {}
    for _kind, e in glossary.entries():
        for f in rm_forms(e):
            text = f["text"].rstrip("!").strip()
            key = text.lower()
            if len(text) < 4 or key in TOOLTIP_STOPLIST or key in seen:
                continue
            seen[key] = (text, e["id"], *definition(e))
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


def mark_terms(html: str, terms: list[tuple[str, ...]], href: str, *, prefix: str = "gl-tip") -> str:
    """Wrap the first occurrence of each entry's Romansh form in ``html`` with a link to its
    glossary entry and a tooltip shown on hover and keyboard focus. Text inside links, code,
    headings and similar elements is left alone."""
    if not terms:
        return html
    by_key = {t[0].lower(): t for t in terms}
    pattern = re.compile(r"(?<![\w'’-])(" + "|".join(re.escape(t[0]) for t in terms) + r")(?![\w'’-])",
                         re.I)
    done: set[str] = set()
    n = 0

    def wrap(m: re.Match) -> str:
        nonlocal n
        form, eid, text, *tip_lang = by_key[m.group(1).lower()]
        if eid in done or (form.lower() in TOOLTIP_LOWERCASE_ONLY and not m.group(1).islower()):
            return m.group(0)
        done.add(eid)
        n += 1
        tip = f"{prefix}-{n}"
        return (f'<span class="gl-term"><a class="gl-term__link" href="{escape(href)}#{eid}"'
                f' lang="rm" aria-describedby="{tip}">{m.group(1)}</a>'
                f'<span class="gl-term__tip" role="tooltip" id="{tip}"'
                f' lang="{tip_lang[0] if tip_lang else "en"}" data-search-exclude>'
                f'{escape(text)}</span></span>')

    def text(run: str, stack) -> str:
        return run if any(name in _SKIP for name, _ in stack) else pattern.sub(wrap, run)

    return _rewrite_text(html, lambda name, tag: None, text)


# --- language of Romansh and German words in English text (issue 8) -------------------------
# Text in these elements is never marked: code, scripts, pictures, form controls (a card
# button's accessible name stays as it is), and the term tooltips (an English definition read
# out through aria-describedby, where a lang attribute would be lost anyway).
_LANG_SKIP = {"code", "pre", "kbd", "samp", "script", "style", "svg", "title", "button",
              "textarea", "select", "option", "template"}
_LANG_ATTR = re.compile(r"""\slang\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.I)
_CLASS_ATTR = re.compile(r"""\sclass\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.I)
_LANG_SKIP_CLASSES = {"gl-term__tip", "cs-sr-only"}
# German trump names worth marking in English prose: those with an article ("die Schöne"), so
# that names shared with English or Latin (Jupiter, Junon) stay English.
_DE_ARTICLE = re.compile(r"^(der|die|das)\s", re.I)
# English trump names worth marking in German prose (a note quoting pagat's «the cat»): those
# with an article, as for the German ones.
_EN_ARTICLE = re.compile(r"^the\s", re.I)


def lang_forms(glossary: Glossary) -> list[tuple[str, str]]:
    """(form, lang) for every Romansh form (lang "rm") and German (English) trump name with an
    article (lang "de", "en") to be marked wherever it stands in text of another language
    (mark_lang), longest first. Place names
    are proper nouns in English too, and the forms of TOOLTIP_STOPLIST are English words."""
    seen: dict[str, tuple[str, str]] = {}
    for kind, e in glossary.entries():
        if e.get("category") == "place":
            continue
        for f in rm_forms(e):
            text = f["text"].rstrip("!").strip()
            if len(text) >= 3 and text.lower() not in TOOLTIP_STOPLIST:
                seen.setdefault(text.lower(), (text, "rm"))
        if kind == "trumps":
            for r in renderings(e, "de"):
                text = r["text"].split("(")[0].strip()
                if _DE_ARTICLE.match(text):
                    seen.setdefault(text.lower(), (text, "de"))
            for r in renderings(e, "en"):  # quoted in German text: «the cat»
                text = r["text"].split("(")[0].strip()
                if _EN_ARTICLE.match(text):
                    seen.setdefault(text.lower(), (text, "en"))
    return sorted(seen.values(), key=lambda t: (-len(t[0]), t[0]))


def mark_lang(html: str, forms: list[tuple[str, str]], language: str | None = None) -> str:
    """Wrap every Romansh (German) form that stands in text of the page's ``language`` (the
    edition's by default), in English or in German, in ``<span lang="rm">`` (``"de"``), so
    screen readers pronounce it in its own language; a German name in German text needs no
    mark. Text inside an element of another language (lang="rm", "fr"), and text in code,
    buttons and the like, is left alone. Only the markup changes, never the visible text."""
    if not forms:
        return html
    page_lang = (language or current().language).lower()
    marked = {"en", "de", page_lang.split("-")[0]}
    by_key = {f.lower(): (f, lang) for f, lang in forms}
    alternatives = "|".join(re.escape(f) for f, _ in forms)
    pattern = re.compile(r"(?<![\w'’-])(" + alternatives + r")(?![\w'’-])", re.I)
    # German joins a loan word to its own with a hyphen: the Romansh part of
    # "Tschintschar-Ausdrücke" is marked too.
    german = re.compile(r"(?<![\w'’-])(" + alternatives + r")(?![\w'’]|-(?!(?-i:[A-ZÄÖÜ])))", re.I)

    def wrap(m: re.Match, run_lang: str) -> str:
        text = m.group(1)
        form, lang = by_key[text.lower()]
        if form.lower() in TOOLTIP_LOWERCASE_ONLY and not text.islower():
            return text  # "Troccas", the game
        if lang == run_lang:
            return text  # a German name in German text
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
        return (german if run_lang == "de" else pattern).sub(lambda m: wrap(m, run_lang), run)

    return _rewrite_text(html, open_tag, text)
