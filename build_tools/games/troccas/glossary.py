"""Troccas's glossary kinds (build_tools/glossary/kinds.py): the trumps, the suits and court
cards, the game's terms and places, and the tschintschar phrases.

The first three are the site's (glossary/*.yaml). The tschintschar phrases and their claims are
game data: the engine holds them (``troccas/data/tschintschar.json``, read by its bots) and the
glossary reads them from there. Card checks ask the engine's facade.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Any

from build_tools.glossary import render
from build_tools.glossary.kinds import Context, Fail, Kind
from build_tools.glossary.load import _sources_of, term_forms
from build_tools.glossary.render import Labels
from build_tools.words import current
from build_tools.words import words as site_words

SCHEMAS = Path(__file__).resolve().parent / "glossary_schemas"
GRAMMAR = "Sursilvan"  # the headwords' grammar (a pagat form against it is a variant)


def _places(context: Context) -> list[str]:
    return sorted(e["id"] for e in context.glossary.kinds["terms"] if e["category"] == "place")


def check_trump(entry: Any, fail: Fail, context: Context) -> None:
    """A trump's card is the engine's token of a trump or the Fool, and its number is the
    trump's."""
    line = entry.key_lines["card"]
    try:
        (card,) = context.api.call("parse", cards=[entry["card"]])["cards"]
    except context.api.FACADE.error as exc:
        fail("card", line, str(exc))
    if card["kind"] == "suit":
        fail("card", line, f"'{entry['card']}' is a suit card, not a trump or the Fool")
    if card["token"] != entry["card"]:
        fail("card", line, f"write the engine's token '{card['token']}', not '{entry['card']}'")
    if card["number"] != entry.get("number"):
        where = entry.key_lines.get("number", entry.line)
        if card["number"] is None:
            fail("number", where, "the Fool has no number")
        fail("number", where,
             f"trump {card['token']} is number {card['number']}" if "number" in entry else "missing")


def check_term(entry: Any, fail: Fail, context: Context) -> None:
    if "what" in entry and entry.get("category") != "place":
        fail("what", entry.key_lines["what"], "only a place says what it is")


def check_phrase(entry: Any, fail: Fail, context: Context) -> None:
    """Each meaning once; each phase once; the places are the terms' places."""
    texts = [next(iter(s["text"].values())) for s in entry["signals"]]  # as first written
    for i, text in enumerate(texts):
        if text in texts[:i]:
            fail(f"signals[{i}]", entry["signals"].item_lines[i],
                 f"the meaning '{text}' is given twice: give it once, with all its sources")
    phases = [w["phase"] for w in entry["when"]]
    for i, p in enumerate(phases):
        if p in phases[:i]:
            fail("when", entry["when"].item_lines[i], f"phase '{p}' is given twice")
    places = _places(context)
    for i, r in enumerate(entry.get("regions", [])):
        if r["place"] not in places:
            fail(f"regions[{i}].place", entry["regions"][i].key_lines["place"],
                 f"'{r['place']}' is not one of {', '.join(places)}")
    for i, p in enumerate(entry.get("places", [])):
        if p not in places:
            fail("places", entry["places"].item_lines[i],
                 f"'{p}' is not one of {', '.join(places)}")


def _once(entries, raise_at, key, wanted, what) -> None:
    """Each of ``wanted`` the subject of exactly one entry."""
    having = [e for e in entries if key in e]
    for want in wanted:
        hits = [e for e in having if e[key] == want]
        if not hits:
            raise_at(None, None, None, f"no entry for {what} '{want}'")
        if len(hits) > 1:
            raise_at(hits[1], key, hits[1].key_lines[key],
                     f"{what} '{want}' is already the subject of entry '{hits[0]['id']}'")


def _pack(context: Context) -> list[dict]:
    cards: list[dict] = context.api.call("pack")["cards"]
    return cards


def check_trumps(entries: list[dict], context: Context, raise_at) -> None:
    """Every trump and the Fool of the engine's pack, once, trump I first."""
    pack = [c for c in _pack(context) if c["kind"] != "suit"]
    tokens = [c["token"] for c in sorted(pack, key=lambda c: (c["number"] is None, c["number"] or 0))]
    _once(entries, raise_at, "card", tokens, "card")


def check_cards(entries: list[dict], context: Context, raise_at) -> None:
    """Each suit and each court rank of the engine's pack, once."""
    suits = list(dict.fromkeys(c["suit"] for c in _pack(context) if c["kind"] == "suit"))
    _once(entries, raise_at, "suit", suits, "suit")
    _once(entries, raise_at, "rank", ("K", "Q", "C", "J"), "rank")


def _phrases(folder: Path) -> Path:
    """The engine's phrases: game data, authored with the engine, read by its bots."""
    return Path(str(resources.files("troccas").joinpath("data", "tschintschar.json")))


KINDS = (
    Kind("trumps", SCHEMAS / "trumps.schema.json", check=check_trump, check_all=check_trumps,
         page=("glossary/trumps.md", "glossary/trumps.md.j2")),
    Kind("cards", SCHEMAS / "cards.schema.json", check_all=check_cards,
         page=("glossary/cards.md", "glossary/cards.md.j2")),
    Kind("terms", SCHEMAS / "terms.schema.json", check=check_term),
    Kind("tschintschar", SCHEMAS / "tschintschar.schema.json", source=_phrases,
         check=check_phrase, page=("glossary/tschintschar.md", "glossary/tschintschar.md.j2")),
)


# --- the pages (build_tools/glossary/render.py asks these) ----------------------------------
# Troccas's own words are Sursilvan Romansh: the headwords' language and lang.
TERM_LANGUAGE = "rm"
GAME = "troccas"
# The Romansh-first page (issue 19), besides the words page every glossary has.
PAGES = {"glossary/romontsch.md": "glossary/romontsch.md.j2"}
# The words page's entries and filters (templates/glossary/).
ENTRY_MACROS = "glossary/_troccas_entry.j2"
FILTERS_TEMPLATE = "glossary/_troccas_filters.j2"
# Forms too short or too common in English prose to be marked as Romansh in running text.
TOOLTIP_STOPLIST = {"in", "pas"}
# Forms that, capitalised, are a proper name rather than the Romansh word ("Troccas" the game).
LOWERCASE_ONLY = {"troccas"}
# Place names are proper nouns in English and German too: not marked as Romansh.
UNMARKED_CATEGORIES = ("place",)
# An entry with no Romansh form (the numeral cards) is headed by its English rendering in
# every edition: the language the data was first written in.
TITLE_LANGUAGES = ("en",)
# The filter box also finds a card by its French caption.
SEARCH_ALSO = ("fr",)

CATEGORY_TITLES = Labels("category", ("suit", "court", "numeral", "pack", "deal", "play",
                                      "scoring", "talk", "place"), GAME)
PHASES = Labels("phase", ("after-6-or-12", "after-full-deal", "any-time"), GAME)
PHASE_SHORT = Labels("phase_short", PHASES, GAME)
TOPICS = Labels("topic", ("trumps", "honours", "kings", "courts", "fool", "good-hand",
                          "mediocre-hand", "bad-hand", "deal-on", "choice", "start-play"), GAME)
STATUSES = Labels("status", ("tournament", "obsolete", "local"), GAME)

# The places of the table talk on the tschintschar page's schematic map (a 480 x 330 drawing,
# north up, templates/glossary/_map.svg.j2): the (x, y) of each place's dot, where its name
# goes ("above", "left" or "right" of the dot), and a few words on what the code makes of it
# (the word glossary.map_<that>). Not measured from a map: only the relative positions the
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
# German trump names worth marking in English prose: those with an article ("die Schöne"), so
# that names shared with English or Latin (Jupiter, Junon) stay English; English ones in German
# prose (a note quoting pagat's «the cat») likewise.
_ARTICLES = {"de": re.compile(r"^(der|die|das)\s", re.I), "en": re.compile(r"^the\s", re.I)}
# Romontsch first: every entry by its Romansh headword, a leading article and accents left out
# of the order ("l'imperatura" under I, "ils honors" under H, "tschéc" as "tschec").
ARTICLE = re.compile(r"^(?:(?:il|la|ils|las|igl|in|ina)\s+|l['’]\s*)", re.I)


def said():
    """The site's words in the build's language, Troccas's own among them (also outside a
    build of the game: a test, a tool)."""
    return site_words(current().language, GAME)


def rm_forms(entry: dict) -> list[dict]:
    """Every Romansh form of an entry (a trump's names flattened), in file order."""
    return term_forms(entry, TERM_LANGUAGE)


def title_of(entry: dict) -> str:
    return render.title_of(entry, TERM_LANGUAGE, TITLE_LANGUAGES)


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


def captions(entry: dict) -> list[tuple[str, list[dict]]]:
    """A trump's captions by language, the printed one first: ``[(lang, items)]``."""
    return list((entry.get("caption") or {}).items())


def _phase_key(entry: dict) -> int:
    order = list(PHASES)
    return min(order.index(w["phase"]) for w in entry["when"])


def template_globals(glossary) -> dict:
    return dict(PHASES=PHASES, PHASE_SHORT=PHASE_SHORT, TOPICS=TOPICS, STATUSES=STATUSES,
                CATEGORY_TITLES=CATEGORY_TITLES, captions=captions, statuses=statuses)


def definition(entry: dict, lang: str, words) -> tuple[str, str] | None:
    """A phrase's tooltip: its literal rendering and its first signal (in English where the
    data has no text of the edition's language); None for every other entry (the gloss)."""
    if "signals" not in entry:
        return None
    literal = render.renderings(entry, lang)
    sig = entry["signals"][0]
    text, text_lang = render.text_in(sig, "text", lang)
    if text_lang != lang:
        return definition(entry, text_lang, site_words(text_lang, GAME))
    sources = ", ".join(_sources_of(sig))
    if literal:
        return words.t("glossary.tip_talk", literal=literal[0]["text"], sources=sources,
                       text=text), lang
    return words.t("glossary.tip_talk_plain", sources=sources, text=text), lang


def other_forms(kind: str, entry: dict):
    """A trump's German and English names with an article, marked in text of the other."""
    if kind != "trumps":
        return
    for lang, article in _ARTICLES.items():
        for r in render.renderings(entry, lang):
            text = r["text"].split("(")[0].strip()
            if article.match(text):
                yield text, lang


def index_record(kind: str, entry: dict, rec: dict) -> None:
    """What the words page's filters select by: the moment, the place, the status; a
    category for every entry; a phrase's meanings as its gloss; the captions and French names
    the filter box finds too."""
    rec["category"] = (entry.get("category") or entry.get("topic")
                       or ("fool" if entry.get("card") == "Fool" else "trump"))
    if not entry.get("gloss"):
        rec["gloss"] = "; ".join(render.text_in(s, "text")[0] or "" for s in entry["signals"])
    rec["phases"] = [w["phase"] for w in entry.get("when", [])]
    rec["places"] = places_of(entry)
    rec["status"] = statuses(entry)
    if kind == "trumps":
        # The filter finds a trump by its caption in any language: each with its language's
        # renderings (the printed French one as "fr").
        for lang, items in captions(entry):
            rec[lang] = rec.get(lang, []) + [c["text"] for c in items]
    if kind == "cards":
        rec["fr"] = [r["text"] for r in entry.get("fr", [])]


def romontsch(glossary) -> list[tuple[str, list[dict]]]:
    """The rows of the Romansh-first page, grouped by letter: ``[(letter, rows)]``, each row
    ``{id, head, variants, de, en, gloss, gloss_lang}``. A trump has a row for each of its
    names (la vaca and il mund are different words); every other entry one row."""
    rows = []
    for kind, e in glossary.entries():
        names = e["names"] if kind == "trumps" else [e] if e.get("rm") else []
        if kind == "tschintschar":
            gloss, gloss_lang = render.text_in(e["signals"][0], "text")
        else:
            gloss, gloss_lang = render.text_in(e, "gloss")
        for name in names:
            forms = name["rm"]
            rows.append({"id": e["id"], "head": forms[0]["text"],
                         "variants": [f["text"] for f in forms[1:]],
                         "de": [r["text"] for r in name.get("de", [])],
                         "en": [r["text"] for r in name.get("en", [])],
                         "gloss": gloss, "gloss_lang": gloss_lang})
    rows.sort(key=lambda r: render.sort_key(r["head"], ARTICLE))
    letters: dict[str, list[dict]] = {}
    for r in rows:
        first = render.sort_key(r["head"], ARTICLE)[0][:1].upper()
        letters.setdefault(first if first.isalpha() else "#", []).append(r)
    return list(letters.items())


def map_places(glossary) -> list[dict]:
    """The places the table talk refers to, west to east, for the map and the list beside it:
    the place entry, its position on the map, and the phrases that name it or are said there.
    A place the phrases use but the map does not place stops the build (ValueError)."""
    talk = glossary.kinds["tschintschar"]
    used = {p for e in talk for p in places_of(e)}
    missing = sorted(used - set(MAP_PLACES))
    if missing:
        raise ValueError(f"the tschintschar phrases use the place(s) {', '.join(missing)}, which"
                         f" the map does not place (build_tools/games/troccas/glossary.py,"
                         f" MAP_PLACES)")
    by_id = glossary.by_id
    out = []
    for pid, (x, y, side, code) in sorted(MAP_PLACES.items(), key=lambda kv: kv[1][0]):
        if pid not in used:
            continue
        out.append({"id": pid, "entry": by_id[pid], "x": x, "y": y, "side": side,
                    "code": said().t(f"glossary.map_{code}"),
                    "named_by": [e for e in talk if pid in e.get("places", [])],
                    "said_in": [e for e in talk if any(r["place"] == pid for r in e.get("regions", []))]})
    return out


def page_context(glossary, cards_in_order) -> dict:
    """What Troccas's pages (the words page's filters, the trumps, the phrases, the cards and
    Romontsch first) need besides the generic context."""
    place_names = {e["id"]: title_of(e) for e in glossary.kinds["terms"]
                   if e["category"] == "place"}
    used_places = sorted({p for _, e in glossary.entries() for p in places_of(e)},
                         key=lambda p: render.fold(place_names[p]))
    talk = sorted(glossary.kinds["tschintschar"],
                  key=lambda e: (_phase_key(e), list(TOPICS).index(e["topic"])))
    phases = [(p, [e for e in talk if list(PHASES)[_phase_key(e)] == p]) for p in PHASES]
    suits = []
    for suit in glossary.kinds["cards"]:
        if suit["category"] != "suit":
            continue
        suits.append((suit, [c for c in cards_in_order if c.suit == suit["suit"]]))
    trumps_cards = [c for c in cards_in_order if c.kind != "suit"]
    trumps_table = sorted(trumps_cards, key=lambda c: (c.is_fool, c.number or 0))  # I … XXI, Fool
    return dict(place_names=place_names, map_places=map_places(glossary),
                used_places=used_places, phases=phases, suits=suits, trumps_cards=trumps_cards,
                trumps_table=trumps_table,
                trump_entry={e["card"]: e for e in glossary.kinds["trumps"]},
                places_of=places_of, letters=romontsch(glossary))


text_in = render.text_in  # the handouts read the data's texts as the pages do


def cards_in_order() -> list:
    """The engine's cards, strongest first (the trumps, the Fool, the suits)."""
    from troccas import ranking_order
    return list(ranking_order())


def card_pictures(glossary, cards) -> dict[str, str]:
    """Every card's picture, named from the glossary's data (cards_svg)."""
    from .cards_svg import card_svg, use_glossary
    use_glossary(glossary)  # the cards' names elsewhere in this build (puzzles) read it too
    return {card.token: card_svg(card.token, glossary) for card in cards}
