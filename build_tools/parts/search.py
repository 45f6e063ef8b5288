"""The search part: the header's search finds Romansh words typed without their accents.

Material's search (lunr, in a web worker) matches words as the pages write them: "tschec"
found nothing where "tschéc" found three pages. This part keeps Material's search and its
index, and adds only a small worker of its own in front of Material's
(``templates/search/worker.js.j2``), which folds accents out of every word lunr indexes and
out of the reader's query — so both "tschec" and "tschéc" find the pages, and the results
still show and highlight the words as the pages write them.

* ``on_files`` finds Material's worker among the theme's files (its name carries a hash that
  changes with Material's version) and adds the folding worker beside it, in the same folder,
  so that Material's worker finds its language files where it expects them.
* ``on_post_page`` points each page's theme configuration (``<script id="__config">``, where
  Material reads the worker's URL) at the folding worker.

Words that pages join with an apostrophe ("l'imperatura") are split by the search
``separator`` in mkdocs.yml, so "imperatura" finds them too.
"""

from __future__ import annotations

import re
from importlib.metadata import version

from build_tools.errors import BuildError
from build_tools.parts import Part
from build_tools.plugin import Files, generated_file

WORKERS = "assets/javascripts/workers/"
MATERIAL_WORKER = re.compile(re.escape(WORKERS) + r"(search\.[0-9a-f]+\.min\.js)$")
FOLDING_WORKER = WORKERS + "search-folded.js"
CONFIG_SCRIPT = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)


class SearchPart(Part):
    """Accent-folding for Material's search."""

    material_worker: str | None = None

    def on_files(self, files: Files, config) -> Files:
        names = [m.group(1) for f in files if (m := MATERIAL_WORKER.match(f.src_uri))]
        if len(names) != 1:
            raise BuildError(f"search: expected one Material search worker in {WORKERS}, found"
                             f" {len(names)} (mkdocs-material {version('mkdocs-material')}):"
                             f" build_tools/parts/search.py needs updating")
        self.material_worker = names[0]
        source = self.site.env.get_template("search/worker.js.j2").render(
            material_worker=self.material_worker, material_version=version("mkdocs-material"))
        files.append(generated_file(config, FOLDING_WORKER, content=source))
        return files

    def on_post_page(self, output: str, page, config) -> str:
        if self.material_worker is None:
            return output
        found = CONFIG_SCRIPT.search(output)
        if not found or self.material_worker not in found.group(2):
            raise BuildError(f"search: {page.file.src_uri}: the theme's configuration does not"
                             f" name Material's search worker {self.material_worker}")
        folded = found.group(2).replace(WORKERS + self.material_worker, FOLDING_WORKER)
        return output[:found.start(2)] + folded + output[found.end(2):]
