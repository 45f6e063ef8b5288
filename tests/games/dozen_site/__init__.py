"""The test game's site code: what the generator asks of a game, and nothing more.

The test game's site (tests/games/dozen/site/mkdocs.yml) names this module as its site code
(``site_code: dozen_site``), so the generator finds it outside build_tools/games/ — where a
game of this repository keeps its own. What it gives, as every game's site code does:

* ``card_label(token)`` — a card's name, the engine's (``dozen.api`` ``pack``);
* ``PARTS`` — its own build parts: here one, which draws the twelve card pictures
  (``cards/<token>.svg``, :mod:`.cards_svg`);
* ``MARKERS`` — the page markers it draws itself: ``<!-- dozen-fact: NAME -->``, one of the
  game's numbers as the engine gives them (``facts``), so no page types one in;
* ``widget_context(site)`` — what its widget templates need (nothing);
* ``templates/puzzles/situation.html`` — its puzzle kinds' situations drawn, and
  ``messages/en/puzzles.yaml`` — the words of that drawing.
"""

from __future__ import annotations

from typing import Any

from build_tools.errors import BuildError
from build_tools.parts import Part

from .cards_svg import card_svg


def card_label(token: str) -> str:
    """A card's name as the engine says it ("the 3 of moons")."""
    from dozen.api import call
    names = {c["token"]: str(c["name"]) for c in call("pack")["cards"]}
    return names[token]


def widget_context(site: Any) -> dict[str, Any]:
    return {}


def _fact(site: Any, marker: Any, page: Any, config: Any) -> str:
    """``<!-- dozen-fact: NAME -->``: the engine's number NAME (a list: its values joined)."""
    facts = site.api.call("facts")
    value = facts.get(marker.arg or "")
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        return " or ".join(str(v) for v in value)
    if not isinstance(value, int):
        raise BuildError(f"{page.file.src_uri}:{marker.line}: <!-- dozen-fact: {marker.arg} -->:"
                         f" the facts are {', '.join(facts)}")
    return str(value)


class CardsPart(Part):
    """The card pictures, drawn from the engine's pack."""

    def on_files(self, files: Any, config: Any) -> Any:
        from build_tools.plugin import generated_file
        for card in self.site.api.call("pack")["cards"]:
            files.append(generated_file(config, f"cards/{card['token']}.svg",
                                        content=card_svg(card["token"], card["name"])))
        return files


PARTS = (CardsPart,)
MARKERS = {"dozen-fact": _fact}
