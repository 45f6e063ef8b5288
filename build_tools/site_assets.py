"""Small things every hook needs: adding its stylesheet and script, and line numbers."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.config_options import ExtraScriptValue

from build_tools.templating import card_img  # noqa: F401 - the widgets' card picture


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


def add_static_files(files, config, part: str, sources) -> None:
    """Add a part's own files to the build: ``sources`` is (site URI, source path) pairs. A page
    folder that holds a file of the same URI is refused in one line: the part owns it."""
    from mkdocs.exceptions import PluginError
    from mkdocs.structure.files import File

    from build_tools.words import WordsError, fill_script
    for uri, src in sources:
        if files.get_file_from_path(uri) is not None:
            raise PluginError(f"{config.docs_dir}/{uri} exists, but the {part} part generates it")
        content = Path(src).read_text(encoding="utf-8")
        if uri.endswith(".js"):
            try:
                content = fill_script(content)  # its words, in the build's language
            except WordsError as exc:
                raise PluginError(f"{Path(src).name}: {exc}") from None
        files.append(File.generated(config, uri, content=content))


def front_matter_lines(page, markdown: str) -> int:
    """Lines above ``markdown`` in the page's source file (its front matter), so an error can
    name the line of the file rather than of the Markdown body."""
    try:
        raw = Path(page.file.abs_src_path).read_text(encoding="utf-8")
    except (OSError, TypeError):
        return 0
    pos = raw.find(markdown[:200]) if markdown else -1
    return raw[:pos].count("\n") if pos > 0 else 0


def page_base(page) -> str:
    """The relative path from a page to the site root, '' or ending in '/'."""
    from mkdocs.utils import get_relative_url

    base = get_relative_url(".", page.url)
    return "" if base == "." else base.rstrip("/") + "/"

