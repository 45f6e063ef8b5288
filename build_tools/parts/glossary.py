"""The glossary part: a game's glossary from its data, and the tooltips on its words.

* ``on_config`` loads and validates the game's glossary data (the kinds its glossary module
  registers, build_tools/games/<game>/glossary.py). A broken file stops the build here, before
  site/ is touched, with one line: ``glossary/terms.yaml:42: entry 'scart': field 'sources': …``.
  It also adds the glossary's CSS and JavaScript to the theme.
* ``on_files`` adds the generated pages (glossary/words.md, the game's own pages and each kind's
  page), the filter's JSON index, the card pictures the game draws from its glossary (its
  ``card_pictures``, ``cards/<token>.svg``) and the glossary's static files — all as
  ``File.generated``, so nothing is written into docs/. Their words are the edition's
  (build_tools/messages/<lang>/glossary.yaml and the game's own, and the data's own texts in
  the edition's language).
* ``on_page_content`` marks the first occurrence of each of the game's terms in every other
  page with a link to its glossary entry and a tooltip shown on hover and keyboard focus (in
  the edition's language), then wraps every other term (and the other languages' names the
  game gives) in text of another language, glossary pages included, in ``<span lang="…">``
  (the game's term language, ``TERM_LANGUAGE``) so screen readers pronounce it as such
  (issue 8).

The work itself is in build_tools/glossary (load, render) and the game's glossary module, which
do not import mkdocs. The data folder is the plugin's ``glossary`` option.
"""

from __future__ import annotations

import json
import logging

from build_tools.errors import BuildError
from build_tools.glossary import GlossaryError, load_glossary, render
from build_tools.parts import Part
from build_tools.plugin import Files, generated_file, page_url, relative_url
from build_tools.site_assets import add_assets

log = logging.getLogger("mkdocs.plugins.cardsite.glossary")

INDEX_URI = "assets/glossary/glossary.json"
CSS_URI = "assets/glossary/glossary.css"
JS_URI = "assets/glossary/glossary.js"
def _page_url(uri: str, config) -> str:
    """The URL a generated page will have (mirrors mkdocs' own rule)."""
    return page_url(uri, config)


class GlossaryPart(Part):
    """The glossary pages, the tooltips on the game's words, and the card pictures."""

    def on_config(self, config):
        try:
            glossary = load_glossary(self.site.glossary_dir, self.site.game)
        except GlossaryError as exc:
            raise BuildError(str(exc)) from None
        self.glossary = glossary
        self.pages = render.pages_of(glossary)
        self.terms = render.tooltips(glossary)
        self.lang_forms = render.lang_forms(glossary)
        self.words_url = None
        add_assets(config, CSS_URI, JS_URI, defer=True)
        return config

    def on_files(self, files: Files, config) -> Files:
        return _files(self, files, config)

    def on_page_content(self, html: str, page, config, files) -> str:
        uri = page.file.src_uri
        if uri not in self.pages and self.terms:
            href = relative_url(self.words_url, page.file.url)
            html = render.mark_terms(html, self.terms, href, term_lang=self.glossary.term_lang,
                                     lowercase_only=self.lang_forms.lowercase_only)
        # Every other word of the game's (and name of another language) in text of another
        # language: lang="<its language>".
        return render.mark_lang(html, self.lang_forms)


def _files(part: GlossaryPart, files: Files, config) -> Files:
    glossary = part.glossary
    # The game's cards in ranking order for its pages, and the pictures it draws from its
    # glossary (none where its pictures are drawn elsewhere).
    pack = list(render.hook(glossary, "cards_in_order", lambda: [])())
    pictures = render.hook(glossary, "card_pictures", lambda g, cards: {})(glossary, pack)
    urls_of = {uri: _page_url(uri, config) for uri in part.pages}
    words_url = urls_of[render.WORDS_PAGE]
    urls = {
        "index": relative_url(INDEX_URI, words_url),
        # The words page from a page beside it (every glossary page is in glossary/).
        "words": relative_url(words_url, _page_url("glossary/other.md", config)),
    }
    try:
        pages = render.pages(glossary, urls, pictures.__getitem__, pack)
    except Exception as exc:  # a template bug: one line, not a traceback
        raise BuildError(f"glossary pages: {type(exc).__name__}: {exc}") from None
    generated: dict[str, str] = dict(pages)
    generated[INDEX_URI] = json.dumps(render.index(glossary), ensure_ascii=False, indent=1)
    generated.update(render.static_files())
    for token, svg in pictures.items():
        generated[f"cards/{token}.svg"] = svg
    for uri, content in generated.items():
        if files.get_file_from_path(uri) is not None:
            raise BuildError(f"docs/{uri} exists, but the glossary hook generates {uri}:"
                             f" remove one of them")
        files.append(generated_file(config, uri, content=content))
    part.words_url = words_url
    return files
