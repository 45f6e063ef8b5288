"""The handouts part: the printable handouts (issue 7) of any game; the work is in
build_tools/handouts, what a game has in its build_tools/games/<game>/handouts.py.

* ``on_files`` renders the handout PDFs (only those whose HTML changed since the last build;
  the rest come from build/handouts-cache/) and adds them to the site as ``handouts/*.pdf``,
  so MkDocs copies them into site/handouts/ and checks the links to them. A failure stops the
  build with one line (e.g. Chromium missing) before site/ is touched.
* ``on_page_markdown`` replaces ``<!-- handouts: list -->`` (in docs/handouts/index.md, say)
  with the table of handouts and worksheets.
"""

from __future__ import annotations

import logging
import posixpath
from pathlib import Path

from build_tools import handouts
from build_tools.errors import BuildError
from build_tools.markdown_blocks import Marker, replace_markers
from build_tools.parts import Part
from build_tools.plugin import generated_file
from build_tools.words import current
from build_tools.worksheets import sheets as worksheet_sheets

log = logging.getLogger("mkdocs.plugins.cardsite.handouts")
SITE_DIR = "handouts/"


class HandoutsPart(Part):
    """The game's handouts and its puzzle worksheets as PDFs."""

    def on_config(self, config):
        handouts.with_game_templates(self.site.env, self.site.game)
        return config

    def on_files(self, files, config):
        try:
            pdfs = handouts.render_all(log=log.debug)
        except handouts.HandoutError as exc:
            raise BuildError(f"handouts: {exc}") from None
        for name, path in pdfs.items():
            files.append(generated_file(config, SITE_DIR + name, abs_src_path=str(path)))
        self.pdfs = pdfs
        return files

    def on_page_markdown(self, markdown, page, config, files):
        if "<!-- handouts" not in markdown:
            return markdown
        return replace_markers(markdown, ["handouts"],
                               lambda m: _list(m, self.pdfs, page, files), whole_line=True)


def _size(path: Path) -> str:
    return current().t("handouts.list_size", kb=max(1, round(path.stat().st_size / 1024)))


def _list(marker: Marker, pdfs: dict, page, files) -> str:
    if marker.arg != "list":
        raise BuildError(f"docs/{page.file.src_uri}:{marker.line}: <!-- handouts: "
                         f"{marker.arg} -->: the one handouts marker is <!-- handouts: list -->")
    say = current().t
    here = posixpath.dirname(page.file.src_uri)

    def link(uri: str) -> str:  # a file of the site, from this page
        return posixpath.relpath(uri, here or ".")
    sheets = [h for h in handouts.site_handouts() if h.kind]
    fixed = [h for h in handouts.site_handouts() if not h.kind]
    lines = [f"| {say('handouts.list_handout')} | PDF |", "| --- | --- |"]
    for h in fixed:
        lines.append(f"| {h.title} | [{say('handouts.list_link', file=h.file)}]"
                     f"({link(SITE_DIR + h.file)}) ({_size(pdfs[h.file])}) |")
    lines += ["", say("handouts.list_worksheets"), ""]
    seeds = list(dict.fromkeys((h.seed, h.count) for h in sheets))
    lines.append(f"| {say('handouts.list_puzzle')} | "
                 + " | ".join(say("handouts.list_seed", seed=s, n=c) for s, c in seeds) + " |")
    lines.append("| --- |" + " --- |" * len(seeds))
    titles = worksheet_sheets.titles()
    for kind in dict.fromkeys(h.kind for h in sheets):
        row = {(h.seed, h.count): h for h in sheets if h.kind == kind}
        kinds = worksheet_sheets.kinds_of(kind)
        title = worksheet_sheets.sheet_name([titles[k] for k in kinds])
        # The kind's own puzzles page, else the puzzles' page.
        pages = [f"puzzles/{kinds[0]}.md"] if len(kinds) == 1 else []
        target = next((p for p in (*pages, "puzzles/index.md", "puzzles.md")
                       if files.get_file_from_path(p)), None)
        title = f"[{title}]({link(target)})" if target else title
        lines.append(f"| {title} | " + " | ".join(
            f"[PDF]({link(SITE_DIR + row[s].file)})" if s in row else "" for s in seeds) + " |")
    return "\n".join(lines)
