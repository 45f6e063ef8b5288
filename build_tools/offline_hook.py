"""MkDocs hook: the site keeps working offline and can be installed (issue 7).

* ``on_post_page`` adds to every page's <head> the web app manifest, the icons and
  ``offline.js``, which registers the service worker and shows the "new version" banner.
* ``on_post_build`` runs after every other hook (lowest priority), once site/ holds everything —
  pages, search index, card pictures, Pyodide, the wheel, the handouts — and writes the icons,
  the manifest and ``sw.js`` with the list of every file and a version hashed from them
  (build_tools/offline).

Under ``mkdocs serve`` (which rebuilds on every edit) neither is added.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parent.parent

from build_tools import offline  # noqa: E402

log = logging.getLogger("mkdocs.hooks.offline")
CACHE = ROOT / "build" / "offline-cache"
_state = {"serve": False}


def on_startup(command, dirty):
    # `mkdocs serve` rebuilds on every edit: a service worker would keep showing old pages.
    _state["serve"] = command == "serve"


def on_post_page(output, page, config):
    if _state["serve"]:
        return output
    base = get_relative_url(".", page.url)
    base = "" if base == "." else base.rstrip("/") + "/"
    head = (f'<link rel="manifest" href="{base}{offline.MANIFEST}">'
            f'<meta name="theme-color" content="{offline.THEME}">'
            f'<link rel="apple-touch-icon" href="{base}{offline.ICON_DIR}icon-192.png">'
            f'<script src="{base}{offline.SCRIPT}" defer></script>')
    return output.replace("</head>", head + "</head>", 1)


@event_priority(-100)
def on_post_build(config):
    if _state["serve"]:
        return
    version = offline.write_all(Path(config.site_dir), name=config.site_name,
                                short_name=config.site_name,
                                description=config.site_description or config.site_name,
                                cache=CACHE)
    log.debug("offline: service worker version %s", version)
