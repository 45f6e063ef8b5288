"""Truc's own part of the site build (issue 18): the second game of the generator.

Its site is small so far: besides the engine (Python in the browser), the header search and the
offline copy, its config (sites/truc/mkdocs.yml) names the generic parts it leaves out, each
with its reason. It uses the glossary (its kinds registered in :mod:`.glossary`, its data
``glossary/terms.yaml`` and ``signals.yaml``: the Catalan words and the partners' signals), the
teacher's projector view (its slides drawn by ``templates/teach/slide.html``) and the puzzles
part — its kinds
(trick, hand, score, raise, eleven) are the engine's registry (``truc.puzzles``), its authored
puzzles ``puzzles/<kind>.yaml``, each checked by the engine at build time, and its situations
are drawn by ``templates/puzzles/situation.html`` — and the handouts and worksheets parts: its
handouts are declared in :mod:`.handouts` (the rules on one page,
``templates/handouts/rules.html.j2``, and a worksheet of every kind), its situations on a sheet
drawn by ``templates/worksheets/situation.html``. This folder adds what only Truc has:
* ``<!-- truc-cards -->`` — the 40 cards, highest rank first, each drawn by :mod:`.cards_svg`
  into ``cards/<token>.svg`` and named by the engine (``<!-- truc-cards: 3o 1c Rb -->``: those
  cards only, in that order, as the lessons show a few); the French packs' cards (the rule option
  ``pack``) are drawn into ``cards/<pack>/<token>.svg`` for the table.
* ``<!-- truc-fact: NAME -->`` (``NAME words`` in words) — one of the game's numbers as the
  engine plays them (``truc.api`` ``facts``: target, eleven, hand_cards, truc, retruc …), so no
  page types one in.
* ``<!-- truc-options -->`` — every rule option with more than one value, each value with what
  it means and its source, the default first (``truc.api`` ``options``): where the source gives
  two ways to play or can be read two ways, the page lists the engine's own options rather
  than retyping them.
* ``<!-- truc-order: PACK -->`` — a pack's ranks from the highest, as the engine ranks them
  (``pack_sizes`` of the facts names the packs), for a page that states an order in prose.
"""

from __future__ import annotations

import html
from pathlib import Path

from build_tools.errors import BuildError
from build_tools.markdown_blocks import replace_markers
from build_tools.parts import Part
from build_tools.site_assets import add_assets, add_static_files

STATIC = Path(__file__).resolve().parent / "static"
CSS_URI = "assets/truc/truc.css"
MARKERS: dict = {}


def widget_context(site) -> dict:
    return {}


def card_label(token: str) -> str:
    """A card's name as the engine says it ("the 3 of oros")."""
    from truc.api import call
    return next(c["name"] for c in call("pack")["cards"] if c["token"] == token)


class TrucPart(Part):
    def on_config(self, config):
        add_assets(config, CSS_URI)
        return config

    def on_files(self, files, config):
        add_static_files(files, config, "truc", ((CSS_URI, STATIC / "truc.css"),))
        from build_tools.plugin import generated_file

        from .cards_svg import card_svg, french_card_svg
        api = self.site.api
        self.cards = api.call("pack")["cards"]
        for c in self.cards:
            files.append(generated_file(config, f"cards/{c['token']}.svg",
                                        content=card_svg(c["token"], c["name"])))
        # Each other pack the rule option offers (the French ones): its cards in
        # cards/<pack>/, where the table finds a pack's pictures; named in that pack.
        default = api.call("pack")["pack"]
        packs = next(o for o in api.call("options")["options"] if o["name"] == "pack")
        for v in (v["value"] for v in packs["values"] if v["value"] != default):
            for c in api.call("pack", pack=v)["cards"]:
                files.append(generated_file(config, f"cards/{v}/{c['token']}.svg",
                                            content=french_card_svg(c["token"], c["name"])))
        return files

    def on_page_markdown(self, markdown, page, config, files):
        if "<!-- truc-" not in markdown:
            return markdown

        def draw(marker) -> str:
            if marker.name == "truc-fact":
                return self._fact(marker, page)
            if marker.name == "truc-order":
                return self._order(marker, page)
            if marker.name == "truc-cards":
                return self._cards_html(page, marker)
            if marker.name == "truc-options":
                return self._options_html()
            raise AssertionError(marker.name)  # pragma: no cover - only the names below

        markdown = replace_markers(markdown, ["truc-fact", "truc-order"], draw)  # in the prose
        return replace_markers(markdown, ["truc-cards", "truc-options"], draw, whole_line=True)

    def _fact(self, marker, page) -> str:
        facts = self.site.api.call("facts")
        name, _, how = (marker.arg or "").partition(" ")
        value = facts
        for key in name.split("."):
            value = value.get(key) if isinstance(value, dict) else None
        if not isinstance(value, int) or how not in ("", "words", "words-f"):
            raise BuildError(f"{page.file.src_uri}:{marker.line}: <!-- truc-fact:"
                             f" {marker.arg} -->: the facts are {', '.join(facts)}"
                             f" (a pack's size as pack_sizes.<pack>), optionally 'words'"
                             f" (or 'words-f', before a feminine noun)")
        return _in_words(value, feminine=how == "words-f") if how else str(value)

    def _options_html(self) -> str:
        from build_tools.words import current
        said = current()
        items = []
        for o in self.site.api.call("options")["options"]:
            if len(o["values"]) < 2:
                continue  # one value: nothing to choose, nothing read two ways
            values = sorted(o["values"], key=lambda v: v["value"] != o["default"])
            readings = "".join(
                f'<li><code>{html.escape(_value(v["value"]))}</code>'
                f'{" " + html.escape(said.t("rules.option_default")) if i == 0 else ""}: '
                f'{html.escape(v["means"])}</li>' for i, v in enumerate(values))
            items.append(f'<dt><strong>{html.escape(o["point"])}</strong> '
                         f'<code>{html.escape(o["name"])}</code></dt><dd><ul>{readings}</ul></dd>')
        return f'<dl class="truc-options" data-truc-options>{"".join(items)}</dl>\n'

    def _order(self, marker, page) -> str:
        packs = self.site.api.call("facts")["pack_sizes"]
        if marker.arg not in packs:
            raise BuildError(f"{page.file.src_uri}:{marker.line}: <!-- truc-order:"
                             f" {marker.arg} -->: the packs are {', '.join(packs)}")
        ranks: list[str] = []
        for c in self.site.api.call("pack", pack=marker.arg)["cards"]:
            if c["rank"] not in ranks:
                ranks.append(c["rank"])
        return ", ".join(ranks)

    def _cards_html(self, page, marker) -> str:
        from build_tools.site_assets import page_base
        base = page_base(page)
        shown = self.cards
        if marker.arg:
            by_token = {c["token"]: c for c in self.cards}
            bad = [t for t in marker.arg.split() if t not in by_token]
            if bad:
                raise BuildError(f"{page.file.src_uri}:{marker.line}: <!-- truc-cards: "
                                 f"{marker.arg} -->: {bad[0]} is not a card of the pack "
                                 f"(tokens such as 3o, Rb, Sc)")
            shown = [by_token[t] for t in marker.arg.split()]
        items = "".join(
            f'<figure class="truc-card"><img src="{base}cards/{c["token"]}.svg" alt="" '
            f'width="100" height="150"><figcaption>{html.escape(c["name"][4:])}</figcaption>'
            f'</figure>' for c in shown)
        # A lesson's few cards (a TOKENS list) are drawn smaller: a row, not a page of cards.
        few = " truc-cards--few" if marker.arg else ""
        return f'<div class="truc-cards{few}" data-truc-cards>{items}</div>\n'


def _value(value: object) -> str:
    """An option's value as the engine's record and command line write it (JSON)."""
    import json
    return json.dumps(value)


def _in_words(value: int, feminine: bool = False) -> str:
    """A small number in words in the build's language (build_tools/messages/<lang>/
    numbers.yaml), else in figures. Before a feminine noun, its feminine form where the
    language has one (``n<value>_f``: "una carta", "dues bases")."""
    from build_tools.words import current
    said = current()
    for key in ([f"numbers.n{value}_f"] if feminine else []) + [f"numbers.n{value}"]:
        if key in said.entries:
            return said.t(key)
    return str(value)


PARTS = (TrucPart,)
