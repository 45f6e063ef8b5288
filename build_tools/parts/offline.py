"""The offline part: the site keeps working offline and can be installed (issue 7).

* ``on_post_page`` adds to every page's <head> the web app manifest, the icons and
  ``offline.js``, which registers the service worker and shows the "new version" banner.
* ``on_post_build`` runs last (the plugin's on_post_build has the lowest priority, and this is
  its last part), once site/ holds everything —
  pages, search index, card pictures, Pyodide, the engine, the handouts — and writes the icons,
  the manifest and ``sw.js`` with the list of every file and a version hashed from them
  (build_tools/offline).

Under ``mkdocs serve`` (which rebuilds on every edit) neither is added.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.utils import get_relative_url

from build_tools import offline
from build_tools.parts import Part

ROOT = Path(__file__).resolve().parents[2]
log = logging.getLogger("mkdocs.plugins.cardsite.offline")
CACHE = ROOT / "build" / "offline-cache"


class OfflinePart(Part):
    """The service worker, the web app manifest and the icons."""

    def on_post_page(self, output, page, config):
        # `mkdocs serve` rebuilds on every edit: a service worker would keep showing old pages.
        if self.site.command == "serve":
            return output
        base = get_relative_url(".", page.url)
        base = "" if base == "." else base.rstrip("/") + "/"
        head = (f'<link rel="manifest" href="{base}{offline.MANIFEST}">'
                f'<meta name="theme-color" content="{offline.THEME}">'
                f'<link rel="apple-touch-icon" href="{base}{offline.ICON_DIR}icon-192.png">'
                f'<script src="{base}{offline.SCRIPT}" defer></script>')
        return output.replace("</head>", head + "</head>", 1)

    def on_post_build(self, config):
        if self.site.command == "serve":
            return
        version = offline.write_all(Path(config.site_dir), name=config.site_name,
                                    short_name=config.site_name,
                                    description=config.site_description or config.site_name,
                                    cache=CACHE)
        log.debug("offline: service worker version %s", version)
