"""The teach part: the projector view of the teacher's kit (issue 15), for any game.

``on_page_markdown`` replaces ``<!-- projector -->`` (docs/teach/projector.md) with the
projector view: one puzzle at a time in large cards, with no header, menus or footer, stepped
through with the keyboard (build_tools/teach/projector.js) — the first ``SEEDS`` puzzles of
every kind the engine sets, each drawn here with the engine's answer and its steps, so the view
answers at once and needs no Python in the browser (a laptop in a hall without a network).
Its stylesheet and script are written into the page itself, so that they come and go with the
page under Material's instant navigation; the chrome is hidden by ``body:has(.cs-proj)``.

A slide's frame (title, question, answer) is build_tools/templates/teach/projector-slide.html;
its situation is the game's own drawing, ``teach/slide.html`` in the game's templates
(build_tools/games/<game>/templates/), with the game's stylesheet for it beside it
(``teach/slide.css``, optional) and its words in the game's ``messages/<lang>/teach.yaml``.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from jinja2 import ChoiceLoader, FileSystemLoader, TemplateNotFound

from build_tools import site_code, templating
from build_tools.errors import BuildError
from build_tools.glossary import render as glossary_render
from build_tools.glossary.load import load_glossary
from build_tools.markdown_blocks import Marker, replace_markers
from build_tools.parts import Part
from build_tools.puzzles.load import kind_title
from build_tools.site_assets import page_base
from build_tools.words import fill_script
from build_tools.worksheets.sheets import answer_text

HERE = Path(__file__).resolve().parents[1] / "teach"
TEMPLATE = "teach/projector.html"
SLIDE = "teach/projector-slide.html"
GAME_SLIDE = "teach/slide.html"  # the game's drawing of a situation
GAME_CSS = "teach/slide.css"  # its stylesheet, beside it (optional)
SEEDS = range(1, 21)  # the puzzles of each kind the view holds: seeds 1 to 20


class TeachPart(Part):
    """The projector view."""

    def on_config(self, config):
        game = self.site.game
        self.kinds = importlib.import_module(f"{game}.puzzles").KINDS
        # Each kind's title in the build's language, as the puzzle pages name it.
        self.titles = {k: kind_title(k, self.site.language, game) for k in self.kinds}
        env = self.site.env
        try:
            env.get_template(GAME_SLIDE)
        except TemplateNotFound:  # the game's templates beside the generic ones
            env.loader = ChoiceLoader([env.loader, FileSystemLoader(str(site_code.folder(game) / "templates"))])
            try:
                env.get_template(GAME_SLIDE)
            except TemplateNotFound:
                raise BuildError(f"build_tools/games/{game}/templates/{GAME_SLIDE}: missing; the"
                                 f" projector view (teach) draws the game's puzzles with it") from None
        self._slides = None
        return config

    def puzzles(self) -> list[dict]:
        """Every puzzle of the view, asked of the engine once per build."""
        if self._slides is None:
            self._slides = [{"kind": k, "title": self.titles[k],
                             "slides": [_slide(self.site.api.call("puzzle", kind=k, seed=s,
                                                                  answer=True), s)
                                        for s in SEEDS]}
                            for k in self.kinds]
        return self._slides

    def _lang_forms(self) -> list:
        """The glossary's words in another language, where the game's site has a glossary."""
        if "glossary" in self.site.without:
            return []
        return glossary_render.lang_forms(load_glossary(self.site.glossary_dir))

    def drawn(self, card) -> list[dict]:
        """The puzzles drawn, each slide's words of another language (the glossary's) marked
        lang="…" here: in a <template> the glossary part leaves the text alone."""
        forms = self._lang_forms()
        slide = self.site.env.get_template(SLIDE)
        label = self.site.game_site.card_label
        return [{**k, "slides": [{"kind": p["kind"], "seed": p["seed"], "html": glossary_render.mark_lang(
                    slide.render(p=p, title=k["title"], card=card, label=label), forms)}
                                for p in k["slides"]]}
                for k in self.puzzles()]

    def css(self) -> str:
        """The view's stylesheet, then the game's for its slides."""
        css = (HERE / "projector.css").read_text(encoding="utf-8")
        try:
            own = self.site.env.loader.get_source(self.site.env, GAME_CSS)[0]
        except TemplateNotFound:
            return css
        return css + own

    def on_page_markdown(self, markdown, page, config, files):
        if "<!-- projector" not in markdown:
            return markdown
        base = page_base(page)
        label = self.site.game_site.card_label

        def card(token: str) -> str:
            return templating.card_img(token, base, label(token), cls="cs-proj__img")

        def draw(m: Marker) -> str:
            if m.arg is not None:
                raise BuildError(f"docs/{page.file.src_uri}:{m.line}: <!-- projector: {m.arg} -->:"
                                 f" the projector marker takes no argument: <!-- projector -->")
            html = self.site.env.get_template(TEMPLATE).render(
                kinds=self.drawn(card), leave="../", css=self.css(),
                js=fill_script((HERE / "projector.js").read_text(encoding="utf-8")))
            # Markdown leaves a block of HTML alone only without blank lines in it.
            return "\n".join(line for line in html.splitlines() if line.strip())

        return replace_markers(markdown, ["projector"], draw, whole_line=True)


def _slide(p: dict, seed: int) -> dict:
    """One puzzle as the view draws it: the engine's answer as the worksheets' key prints it."""
    return {**p, "seed": seed, "answer_text": answer_text(p)}
