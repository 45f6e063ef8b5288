"""Truc's handouts (build_tools/handouts/): the rules on one page — the ranking drawn from the
engine's pack, every number the engine's facts — and a worksheet of every kind of puzzle with
its answer key, every puzzle and answer the engine's (build_tools/worksheets/).

Free of Playwright and mkdocs: each function returns the context of one template
(templates/handouts/ beside this module).
"""

from __future__ import annotations

from pathlib import Path

from truc import api
from truc.puzzles import KINDS

from .cards_svg import card_svg


def card(token: str, **_drawn) -> str:
    """A card's picture, inline, named as the engine names it."""
    return card_svg(token, _names()[token])


def _names() -> dict[str, str]:
    return {c["token"]: c["name"] for c in api.call("pack")["cards"]}


def rules() -> dict:
    """One card of each rank, highest first (the engine's pack is in that order), labelled by
    its rank's name where the game's words have one, else its number; and the engine's facts."""
    from build_tools.words import current
    said = current()
    seen, ranking = set(), []
    for c in api.call("pack")["cards"]:
        if c["rank"] not in seen:
            seen.add(c["rank"])
            key = f"handouts.rank_{c['rank'].lower()}"
            ranking.append({"token": c["token"],
                            "label": said.t(key) if key in said.entries else c["rank"]})
    return {"ranking": ranking, "facts": api.call("facts"), "card": card}


# --- what build_tools/handouts/ asks of the game -----------------------------------------------
CSS = (Path(__file__).resolve().parent / "static" / "truc.css",)
# (file in site/handouts/, its title's key in the handouts words, template, its context)
HANDOUTS = (("truc-rules.pdf", "title_rules", "handouts/rules.html.j2", rules),)
# The worksheet the Handouts page offers: every kind of puzzle, from seed 100.
WORKSHEETS = ((",".join(KINDS), 100, 10),)
