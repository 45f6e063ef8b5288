"""Material for MkDocs, as the build knows it: the Python side of the theme adapter.

Every name the build reads or writes of Material's own files is here — its script bundle, its
main stylesheet, its search worker and the page configuration that names that worker
(``<script id="__config">``) — and the accent-folding worker that speaks the search worker's
protocol (``search-worker.js.j2`` beside this file). The browser's side of the adapter is
``overrides/partials/theme-adapter.html`` (the names the site's scripts call: a page was shown,
show this address, the palette …) with the loader it drives,
``overrides/partials/material-loader.html``; MkDocs itself is ``build_tools/plugin.py``'s. No
other file of the generator names Material's internals (tests/test_material_adapter.py), so a
move to another theme or generator (Zensical) replaces these files and keeps the rest.

Nothing here imports MkDocs or Material: it reads text (the theme's templates, a page's HTML,
the theme's file names) and writes text.
"""

from __future__ import annotations

import re
from importlib.metadata import PackageNotFoundError, version as _version
from pathlib import Path
from typing import Iterable

from build_tools.errors import BuildError

HERE = Path(__file__).resolve().parent
# Material's search worker, among the theme's files: its name carries a hash that changes with
# Material's version.
WORKERS = "assets/javascripts/workers/"
_SEARCH_WORKER = re.compile(re.escape(WORKERS) + r"(search\.[0-9a-f]+\.min\.js)$")
# The accent-folding worker, written beside Material's so that Material's worker finds its
# language files where it expects them.
FOLDING_WORKER = WORKERS + "search-folded.js"
# Where a page tells Material's bundle its configuration, the search worker's URL included.
_CONFIG_SCRIPT = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)',
                            re.S)
_BUNDLE = re.compile(r"assets/javascripts/bundle\.[0-9a-f]+\.min\.js")
_MAIN_STYLESHEET = re.compile(r"(^|/)assets/stylesheets/main\.[0-9a-f]+\.min\.css$")


def version() -> str:
    """The installed Material's version (for messages and the worker's header)."""
    try:
        return _version("mkdocs-material")
    except PackageNotFoundError:
        return "(not installed)"


def bundle(env) -> str:
    """The path of Material's script bundle, read from its own base template (found on the
    Jinja environment ``env``'s search path), which the loader starts on the reader's first
    interaction."""
    try:
        source = env.loader.get_source(env, "base.html")[0]
    except Exception as exc:  # a missing or broken theme
        raise BuildError(f"Material's base.html cannot be read ({exc})") from None
    found = _BUNDLE.search(source)
    if not found:
        raise BuildError("Material's base.html no longer names assets/javascripts/bundle.<hash>"
                         ".min.js, which overrides/partials/material-loader.html starts")
    return found.group(0)


def theme_globals(env) -> dict:
    """What the theme's templates of the adapter need from the build (the loader: the bundle's
    path), for the theme's Jinja environment ``env``."""
    return {"material_bundle": bundle(env)}


def is_main_stylesheet(path: str) -> bool:
    """Is ``path`` (site-relative) Material's main stylesheet, the one kept a file (cached from
    page to page) where the smaller ones are written into each page?"""
    return bool(_MAIN_STYLESHEET.search(path))


def search_worker(uris: Iterable[str]) -> str:
    """The file name of Material's search worker among the theme's files' ``uris``."""
    names = [m.group(1) for uri in uris if (m := _SEARCH_WORKER.match(uri))]
    if len(names) != 1:
        raise BuildError(f"search: expected one Material search worker in {WORKERS}, found"
                         f" {len(names)} (mkdocs-material {version()}): build_tools/material/"
                         " needs updating")
    return names[0]


def folding_worker(material_worker: str) -> str:
    """The accent-folding worker's source: it folds every query and every indexed word, then
    hands over to Material's worker ``material_worker`` (its file name, in the same folder)."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(loader=FileSystemLoader(str(HERE)), undefined=StrictUndefined,
                      keep_trailing_newline=True)
    return env.get_template("search-worker.js.j2").render(material_worker=material_worker,
                                                          material_version=version())


def point_search_at_folding_worker(output: str, material_worker: str, where: str) -> str:
    """A page's HTML ``output`` with the theme's configuration naming the folding worker where
    it named Material's own; ``where`` (the page's source) names the page if it cannot."""
    found = _CONFIG_SCRIPT.search(output)
    if not found or material_worker not in found.group(2):
        raise BuildError(f"search: {where}: the theme's configuration does not name Material's"
                         f" search worker {material_worker}")
    folded = found.group(2).replace(WORKERS + material_worker, FOLDING_WORKER)
    return output[:found.start(2)] + folded + output[found.end(2):]
