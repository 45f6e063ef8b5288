"""The test game's handouts (build_tools/handouts/): the rules on one page — its pack drawn
from the engine's, every number the engine's facts, its example trick judged by the engine —
and a worksheet of both kinds of puzzle with its answer key, every puzzle and answer the
engine's (build_tools/worksheets/).

Free of Playwright and MkDocs: each function returns the context of one template
(templates/handouts/ beside this module).
"""

from __future__ import annotations

from typing import Any

from dozen import api
from dozen.puzzles import KINDS

from .cards_svg import card_svg

# The rules handout's example: a trick whose second card is higher but of another suit.
EXAMPLE_TRICK = ["2m", "4s"]


def card(token: str, **_drawn: Any) -> str:
    """A card's picture, inline, named as the engine names it."""
    names = {c["token"]: c["name"] for c in api.call("pack")["cards"]}
    return card_svg(token, names[token])


def rules() -> dict[str, Any]:
    """The pack suit by suit, highest card first, with the engine's names; its facts; and the
    example trick with the engine's verdict."""
    cards = api.call("pack")["cards"]
    suits = list(dict.fromkeys(c["suit"] for c in cards))
    pack = [sorted((c for c in cards if c["suit"] == s), key=lambda c: -c["rank"])
            for s in suits]
    return {"pack": pack, "facts": api.call("facts"), "card": card,
            "example": EXAMPLE_TRICK, "winner": api.call("winner", cards=EXAMPLE_TRICK)}


# --- what build_tools/handouts/ asks of the game -----------------------------------------------
CSS = ()  # no stylesheet of its own: the generator's
# (file in site/handouts/, its title's key in the handouts words, template, its context)
HANDOUTS = (("dozen-rules.pdf", "title_rules", "handouts/rules.html.j2", rules),)
# The worksheet the Handouts page offers: both kinds of puzzle, from seed 100.
WORKSHEETS = ((",".join(KINDS), 100, 6),)
