"""Truc's glossary kinds (build_tools/glossary/kinds.py): the Catalan words of the game and the
signals partners pass each other, and the customs the source names only in English, from the
site's data (sites/truc/glossary/terms.yaml, signals.yaml, english.yaml), rendered by the generic glossary part in the same style as every game's.

The headwords are Catalan (``TERM_LANGUAGE``), marked lang="ca" wherever they stand; what they
mean is said in the edition's language. The game's other names, which its French and Spanish
relatives use, are given with their own language (``elsewhere``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from build_tools.glossary.kinds import Context, Fail, Kind

SCHEMAS = Path(__file__).resolve().parent / "glossary_schemas"
GRAMMAR = "Catalan"
TERM_LANGUAGE = "ca"
# The words page's entries (templates/glossary/).
ENTRY_MACROS = "glossary/_truc_entry.j2"
# "Truc" capitalised is the game's name in English text, not the bet.
LOWERCASE_ONLY = {"truc"}


def check_term(entry: Any, fail: Fail, context: Context) -> None:
    """A card's word names a rank of the engine's pack, a suit's word one of its suits."""
    if "rank" not in entry and "suit" not in entry:
        return
    cards = context.api.call("pack")["cards"]
    field = "rank" if "rank" in entry else "suit"
    have = sorted({str(c[field]) for c in cards})
    if str(entry[field]) not in have:
        fail(field, entry.key_lines[field],
             f"'{entry[field]}' is not a {field} of the engine's pack ({', '.join(have)})")


def check_terms(entries: list[Any], context: Context, raise_at) -> None:
    """Each suit of the engine's pack has its word, once."""
    suits = sorted({c["suit"] for c in context.api.call("pack")["cards"]})
    for suit in suits:
        hits = [e for e in entries if e.get("suit") == suit]
        if not hits:
            raise_at(None, None, None, f"no entry for suit '{suit}'")
        if len(hits) > 1:
            raise_at(hits[1], "suit", hits[1].key_lines["suit"],
                     f"suit '{suit}' is already the subject of entry '{hits[0]['id']}'")


KINDS = (
    Kind("terms", SCHEMAS / "terms.schema.json", check=check_term, check_all=check_terms),
    Kind("signals", SCHEMAS / "signals.schema.json"),
    # Customs the source describes only in English: the page says it gives no Catalan (or
    # French) word for them, rather than make one up.
    Kind("english", SCHEMAS / "english.schema.json"),
)
