"""The worksheet maker (issue 15): puzzle worksheets made in the reader's browser.

* ``on_config`` adds the maker's script and stylesheet.
* ``on_files`` adds them, and ``assets/worksheets/render.json``: the sheets' templates as this
  build resolves them (theme overrides included), their stylesheets and the cards' names. The
  sheets are drawn by the reader's own Python with build_tools/worksheets/sheets.py — shipped in
  the site's Python zip (build_tools/parts/puzzles.py) — so the browser's sheets and the PDFs of
  ``<game> worksheet`` come from the same code and the same templates.
* ``on_page_markdown`` replaces ``<!-- worksheet-maker -->`` with the maker's form
  (``worksheets/maker.html``); the page then starts its Python at once.
"""

from __future__ import annotations

import json
from pathlib import Path

from build_tools.errors import BuildError
from build_tools.markdown_blocks import Marker, replace_markers
from build_tools.parts import Part
from build_tools.plugin import generated_file
from build_tools.site_assets import add_assets, add_static_files, page_base
from build_tools.worksheets import sheets

STATIC = Path(__file__).resolve().parents[1] / "worksheets" / "static"
JS_URI = "assets/worksheets/maker.js"
CSS_URI = "assets/worksheets/maker.css"
RENDER_JSON = "assets/worksheets/render.json"
TEMPLATE = "worksheets/maker.html"


class WorksheetsPart(Part):
    def on_config(self, config):
        from build_tools.handouts import with_game_templates
        with_game_templates(self.site.env, self.site.game)
        add_assets(config, CSS_URI, JS_URI, module=True)
        return config

    def on_files(self, files, config):
        add_static_files(files, config, "worksheets",
                         ((JS_URI, STATIC / "maker.js"), (CSS_URI, STATIC / "maker.css")))
        render = sheets.browser_files(self.site.env)
        pack = [c["token"] for c in self.site.api.call("pack")["cards"]]
        render["labels"] = {t: self.site.game_site.card_label(t) for t in pack}
        files.append(generated_file(config, RENDER_JSON, content=json.dumps(
            render, ensure_ascii=False, separators=(",", ":"))))
        return files

    def on_page_markdown(self, markdown, page, config, files):
        if "<!-- worksheet-maker" not in markdown:
            return markdown
        return replace_markers(markdown, ["worksheet-maker"],
                               lambda m: self._maker(m, page), whole_line=True)

    def _maker(self, marker: Marker, page) -> str:
        if marker.arg:
            raise BuildError(f"docs/{page.file.src_uri}:{marker.line}: <!-- worksheet-maker:"
                             f" {marker.arg} -->: the marker takes nothing after its name")
        page.meta["engine"] = True
        names = sheets.titles()
        base = page_base(page)
        html = self.site.env.get_template(TEMPLATE).render(
            kinds=[(k, names[k]) for k in sheets.all_kinds()], base=base,
            render_url=f"{base}{RENDER_JSON}", max_puzzles=sheets.MAX_PUZZLES,
            max_sheets=sheets.MAX_SHEETS)
        return "\n".join(line.strip() for line in html.splitlines() if line.strip())
