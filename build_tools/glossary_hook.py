"""MkDocs hook for the Romansh glossary and the card pictures (issue 4).

* ``on_config`` loads and validates glossary/*.yaml. A broken file stops the build here, before
  site/ is touched, with one line: ``glossary/terms.yaml:42: entry 'scart': field 'sources': …``.
  It also adds the glossary's CSS and JavaScript to the theme.
* ``on_files`` adds the generated pages (glossary/words.md, trumps.md, tschintschar.md,
  cards.md), the filter's JSON index, the 78 card pictures (``cards/<token>.svg``) and the
  glossary's static files — all as ``File.generated``, so nothing is written into docs/.
* ``on_page_content`` marks the first occurrence of each Romansh term in every other page with a
  link to its glossary entry and a tooltip shown on hover and keyboard focus, then wraps every
  other Romansh word (and German trump name) in English text, glossary pages included, in
  ``<span lang="rm">`` (``"de"``) so screen readers pronounce it as such (issue 8).

The work itself is in build_tools/glossary (load, render) and build_tools/cards_svg.py, which
do not import mkdocs.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parent.parent

from build_tools import cards_svg  # noqa: E402
from build_tools.site_assets import add_assets  # noqa: E402
from build_tools.glossary import GlossaryError, load_glossary, render  # noqa: E402

log = logging.getLogger("mkdocs.hooks.glossary")

INDEX_URI = "assets/glossary/glossary.json"
CSS_URI = "assets/glossary/glossary.css"
JS_URI = "assets/glossary/glossary.js"
_state: dict = {}


def data_dir() -> Path:
    """glossary/ in the repository, or $TROCCAS_GLOSSARY_DIR (the tests build broken copies)."""
    return Path(os.environ.get("TROCCAS_GLOSSARY_DIR") or ROOT / "glossary")


def on_config(config):
    try:
        glossary = load_glossary(data_dir())
    except GlossaryError as exc:
        raise PluginError(str(exc)) from None
    _state.clear()
    _state["glossary"] = glossary
    _state["terms"] = render.tooltips(glossary)
    _state["lang_forms"] = render.lang_forms(glossary)
    add_assets(config, CSS_URI, JS_URI, defer=True)
    return config


def _page_url(uri: str, config) -> str:
    """The URL a generated page will have (mirrors mkdocs' own rule)."""
    return File(uri, "", "", config.use_directory_urls).url


def on_files(files: Files, config) -> Files:
    glossary = _state["glossary"]
    from troccas import ranking_order

    pack = list(ranking_order())
    urls_of = {uri: _page_url(uri, config) for uri in render.PAGES}
    words_url = urls_of[render.WORDS_PAGE]
    urls = {
        "index": get_relative_url(INDEX_URI, words_url),
        "words": get_relative_url(words_url, urls_of["glossary/trumps.md"]),
    }

    def draw(token):
        return cards_svg.card_svg(token, glossary)

    try:
        pages = render.pages(glossary, urls, draw, pack)
    except Exception as exc:  # a template bug: one line, not a traceback
        raise PluginError(f"glossary pages: {type(exc).__name__}: {exc}") from None
    generated: dict[str, str] = dict(pages)
    generated[INDEX_URI] = json.dumps(render.index(glossary), ensure_ascii=False, indent=1)
    generated.update(render.static_files())
    for card in pack:
        generated[f"cards/{card.token}.svg"] = draw(card.token)
    for uri, content in generated.items():
        if files.get_file_from_path(uri) is not None:
            raise PluginError(f"docs/{uri} exists, but the glossary hook generates {uri}:"
                              f" remove one of them")
        files.append(File.generated(config, uri, content=content))
    _state["words_url"] = words_url
    return files


def on_page_content(html: str, page, config, files) -> str:
    uri = page.file.src_uri
    if uri not in render.PAGES and _state.get("terms"):
        href = get_relative_url(_state["words_url"], page.file.url)
        html = render.mark_terms(html, _state["terms"], href)
    # Every other Romansh (German) word in English text, glossary pages included: lang="rm".
    return render.mark_lang(html, _state.get("lang_forms", []))
