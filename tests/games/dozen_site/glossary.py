"""The test game's glossary kind (build_tools/glossary/kinds.py): its own words — its suits and
the words its rules use — from the site's data (tests/games/dozen/site/glossary/terms.yaml),
rendered by the generic glossary part with the generic entry (build_tools/templates/glossary/
_entry.j2). The headwords are English, the language of the game's one edition."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from build_tools.glossary.kinds import Context, Fail, Kind

SCHEMAS = Path(__file__).resolve().parent / "glossary_schemas"
GRAMMAR = "English"
TERM_LANGUAGE = "en"


def check_term(entry: Any, fail: Fail, context: Context) -> None:
    """A suit's word names a suit of the engine's pack."""
    if "suit" not in entry:
        return
    have = sorted({str(c["suit"]) for c in context.api.call("pack")["cards"]})
    if entry["suit"] not in have:
        fail("suit", entry.key_lines["suit"],
             f"'{entry['suit']}' is not a suit of the engine's pack ({', '.join(have)})")


def check_terms(entries: list[Any], context: Context,
                raise_at: Callable[[Any, str | None, int | None, str], None]) -> None:
    """Each suit of the engine's pack has its word."""
    for suit in sorted({c["suit"] for c in context.api.call("pack")["cards"]}):
        if not [e for e in entries if e.get("suit") == suit]:
            raise_at(None, None, None, f"no entry for suit '{suit}'")


KINDS = (Kind("terms", SCHEMAS / "terms.schema.json", check=check_term, check_all=check_terms),)
