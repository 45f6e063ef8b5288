"""Where each rule clause is explained on the site: the engine names clauses by id
(``play.follow_suit``); the site says which page and anchor explain them.

The map is read from the pages themselves: a section of a rules page whose anchor is the
clause id with dots as hyphens (``{#play-follow_suit}`` or ``{: #play-follow_suit }``)
explains that clause. So a clause moves to another page by moving its section, and a clause
without a section is found by the tests.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
_ANCHOR = re.compile(r"\{:?\s*#([A-Za-z0-9_-]+)[^}]*\}")


def anchor(clause: str) -> str:
    return clause.replace(".", "-")


@lru_cache(maxsize=None)
def anchors(docs: Path = DOCS) -> dict[str, str]:
    """Every ``{#anchor}`` of the pages (the rules pages first), with the site-relative URL of
    its section."""
    out: dict[str, str] = {}
    pages = sorted((docs / "rules").rglob("*.md"))
    pages += [p for p in sorted(docs.rglob("*.md")) if p not in pages]
    for md in pages:
        rel = md.relative_to(docs).with_suffix("")
        page = (rel.parent if rel.name == "index" else rel).as_posix() + "/"
        for a in _ANCHOR.findall(md.read_text(encoding="utf-8")):
            out.setdefault(a, f"{page}#{a}")
    return out


def clause_urls(clause_ids, docs: Path = DOCS) -> dict[str, str]:
    """Site-relative URL of each clause that a rules page explains."""
    found = anchors(docs)
    return {c: found[anchor(c)] for c in clause_ids if anchor(c) in found}
