"""The search part: the header's search finds Romansh words typed without their accents.

Material's search (lunr, in a web worker) matches words as the pages write them: "tschec"
found nothing where "tschéc" found three pages. This part keeps Material's search and its
index, and adds only a small worker of its own in front of Material's, which folds accents out
of every word lunr indexes and out of the reader's query — so both "tschec" and "tschéc" find the pages, and the results
still show and highlight the words as the pages write them.

* ``on_files`` finds Material's worker among the theme's files (its name carries a hash that
  changes with Material's version) and adds the folding worker beside it, in the same folder,
  so that Material's worker finds its language files where it expects them.
* ``on_post_page`` points each page's theme configuration (where Material reads the worker's
  URL) at the folding worker.

What this knows of Material — its worker's file, its protocol (the folding worker's source,
``build_tools/material/search-worker.js.j2``) and the page configuration that names the worker —
is the theme adapter's, :mod:`build_tools.material`.

Words that pages join with an apostrophe ("l'imperatura") are split by the search
``separator`` in mkdocs.yml, so "imperatura" finds them too.
"""

from __future__ import annotations

from build_tools import material
from build_tools.parts import Part
from build_tools.plugin import Files, generated_file


class SearchPart(Part):
    """Accent-folding for Material's search."""

    material_worker: str | None = None

    def on_files(self, files: Files, config) -> Files:
        self.material_worker = material.search_worker(f.src_uri for f in files)
        files.append(generated_file(config, material.FOLDING_WORKER,
                                    content=material.folding_worker(self.material_worker)))
        return files

    def on_post_page(self, output: str, page, config) -> str:
        if self.material_worker is None:
            return output
        return material.point_search_at_folding_worker(output, self.material_worker,
                                                       page.file.src_uri)
