"""One way for a hook to add its own stylesheet and script to every page."""

from __future__ import annotations

from mkdocs.config.config_options import ExtraScriptValue


def add_assets(config, css: str | None = None, js: str | None = None, *,
               module: bool = False, defer: bool = False) -> None:
    """Append ``css`` and ``js`` (site-relative paths) to the theme's lists once; a module
    script is loaded async, a classic one may be deferred."""
    if css and css not in config.extra_css:
        config.extra_css.append(css)
    if js and not any(str(s) == js for s in config.extra_javascript):
        script = ExtraScriptValue(js)
        if module:
            script.type = "module"
            script.async_ = True
        script.defer = defer
        config.extra_javascript.append(script)
