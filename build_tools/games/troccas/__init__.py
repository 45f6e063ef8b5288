"""Troccas's own part of the site build: what the game-neutral parts (build_tools/parts/) ask
of a game, and the parts only this game has.

A game's site folder gives:

* ``PARTS`` — its own build parts, run after the glossary (here: the examples, exercises and
  figure macros of the rules pages and lessons, :mod:`.examples`, and the endgame puzzles,
  :mod:`.endgames`);
* ``widget_context(site)`` — what its widget templates (``templates/partials/widgets/``) need;
* ``MARKERS`` — the page markers it draws itself, ``name -> draw(site, marker, page, config)``
  (here ``<!-- count: Qc 1c 2c 3c -->``, a pile counted by the engine);
* ``card_label(token)`` and ``card_svg(token, glossary)`` — a card's name and picture;
* ``FILTERS`` — its templates' filters: ``code``, a card token (or a list) as the build's
  language writes it ("Kk" for the token "Kc" in German; the engine's ``card.code`` data).
"""

from __future__ import annotations

from functools import lru_cache

from build_tools.errors import BuildError
from build_tools.worksheets.sheets import card_code

from .cards_svg import card_label, card_svg  # noqa: F401 - the game's card names and pictures
from .endgames import EndgamesPart
from .examples import ExamplesPart

PARTS = (ExamplesPart, EndgamesPart)
FILTERS = {"code": card_code}
__all__ = ["PARTS", "MARKERS", "FILTERS", "widget_context", "card_label", "card_svg"]


def _pack_groups(api) -> tuple:
    from build_tools.words import current
    return _pack_groups_in(api, current())


@lru_cache(maxsize=None)
def _pack_groups_in(api, words) -> tuple:
    """The pack in groups, each named in the site's words of the build's language."""
    from troccas.cards import SUIT_ROMANSH, SUITS, Card

    cards = api.call("pack")["cards"]
    groups = [{"key": s, "title": words.t("widgets.group_suit", suit=words.t(f"widgets.suit_{s}"),
                                          rm=SUIT_ROMANSH[i]),
               "cards": []} for i, s in enumerate(SUITS)]
    trumps = {"key": "t", "title": words.t("widgets.group_trumps"), "cards": []}
    by_suit = {g["key"]: g for g in groups}
    for card in cards:
        short = (Card.parse(card["token"]).rank_code_in() if card["kind"] == "suit"
                 else card["code"])  # as the build's language writes it (German: Kn for Q)
        entry = dict(card, short=short)
        (by_suit[card["suit"]] if card["kind"] == "suit" else trumps)["cards"].append(entry)
    return tuple(groups + [trumps])


def widget_context(site) -> dict:
    """The pack from the engine, grouped for the card picker: four suits, then the trumps."""
    return {"pack_groups": list(_pack_groups(site.api))}


def _count_example(site, marker, page, config) -> str:
    """``<!-- count: Qc 1c 2c 3c -->`` (``method=threes``; ``all`` for the whole pack): the
    engine's count of that pile, worked out at build time. A bad pile fails the build."""
    from troccas.errors import TroccasError

    arg = marker.arg or ""
    words = arg.split()
    opts = dict(w.split("=", 1) for w in words if "=" in w)
    cards = [w for w in words if "=" not in w]
    groups = _pack_groups(site.api)
    if cards == ["all"]:
        cards = [c["token"] for g in groups for c in g["cards"]]
    try:
        result = site.api.call("count", cards=cards, method=opts.get("method", "fours"))
    except TroccasError as exc:
        raise BuildError(f"{page.file.src_uri}: <!-- count: {arg} -->: {exc}") from None
    names = {c["token"]: c["name"] for g in groups for c in g["cards"]}
    from build_tools.plugin import relative_url
    return site.env.get_template("partials/count-example.html").render(
        page=page, config=config, base_url=relative_url(".", page.url), result=result,
        names=names)


MARKERS = {"count": _count_example}
