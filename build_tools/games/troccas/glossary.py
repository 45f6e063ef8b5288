"""Troccas's glossary kinds (build_tools/glossary/kinds.py): the trumps, the suits and court
cards, the game's terms and places, and the tschintschar phrases.

The first three are the site's (glossary/*.yaml). The tschintschar phrases and their claims are
game data: the engine holds them (``troccas/data/tschintschar.json``, read by its bots) and the
glossary reads them from there. Card checks ask the engine's facade.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from build_tools.glossary.kinds import Context, Fail, Kind

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
