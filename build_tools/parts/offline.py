"""The offline part: the site keeps working offline and can be installed (issue 7).

* ``on_config`` turns on the "ready to use without a network" control in every page's footer
  (``overrides/partials/footer.html`` includes ``partials/offline-control.html``);
  ``on_page_markdown`` puts the same control wherever a page says ``<!-- offline: control -->``.
* ``on_post_page`` adds to every page's <head> the web app manifest, the icons and
  ``offline.js``, which registers the service worker, runs those controls (their "Make this
  device ready" button registers it at once and shows the progress of the download) and shows
  the "new version" banner.
* ``on_post_build`` runs last (the plugin's on_post_build has the lowest priority, and this is
  its last part), once site/ holds everything —
  pages, search index, card pictures, Pyodide, the engine, the handouts — and writes the icons,
  the manifest and ``sw.js`` with Workbox's precache manifest of the edition's files (a
  revision each), the runtime's files (Pyodide, shared by the editions: the engine part's
  ``config.extra.cardsite.pyodide``) and Workbox's runtime (build_tools/offline).

Under ``mkdocs serve`` (which rebuilds on every edit) none of this is added.
"""

from __future__ import annotations

import logging
from pathlib import Path

from build_tools import offline
from build_tools.errors import BuildError
from build_tools.markdown_blocks import Marker, replace_markers
from build_tools.parts import Part
from build_tools.plugin import relative_url

ROOT = Path(__file__).resolve().parents[2]
log = logging.getLogger("mkdocs.plugins.cardsite.offline")
CACHE = ROOT / "build" / "offline-cache"
CONTROL = "partials/offline-control.html"  # in overrides/: the theme's footer includes it too


class OfflinePart(Part):
    """The service worker, the web app manifest, the icons and the "ready offline" control."""

    def on_config(self, config):
        config.extra["offline_control"] = self.site.command != "serve"
        return config

    def on_page_markdown(self, markdown, page, config, files):
        if "<!-- offline" not in markdown:
            return markdown

        def control(m: Marker) -> str:
            if m.arg != "control":
                raise BuildError(f"docs/{page.file.src_uri}:{m.line}: <!-- offline: {m.arg} -->:"
                                 f" the one offline marker is <!-- offline: control -->")
            if self.site.command == "serve":
                from build_tools.words import current
                return "<p>" + current().t("offline.serve_no_offline",
                                           serve="<code>mkdocs serve</code>") + "</p>"
            html = self.site.env.get_template(CONTROL).render()
            return "\n".join(line.strip() for line in html.splitlines() if line.strip())

        return replace_markers(markdown, ["offline"], control, whole_line=True)

    def on_post_page(self, output, page, config):
        # `mkdocs serve` rebuilds on every edit: a service worker would keep showing old pages.
        if self.site.command == "serve":
            return output
        base = relative_url(".", page.url)
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
                                    cache=CACHE,
                                    runtime=config.extra["cardsite"]["pyodide"])
        log.debug("offline: service worker version %s", version)
