"""Small things every hook needs: adding its stylesheet and script, and line numbers.

Importable without MkDocs (the games' site modules, which the handouts read, import this): the
generator's services come from its adapter, build_tools/plugin.py, when a hook runs."""

from __future__ import annotations

from pathlib import Path

from build_tools.errors import BuildError
from build_tools.templating import card_img  # noqa: F401 - the widgets' card picture


def add_assets(config, css: str | None = None, js: str | None = None, *,
               module: bool = False, defer: bool = False) -> None:
    """Append ``css`` and ``js`` (site-relative paths) to the theme's lists once; a module
    script is loaded async, a classic one may be deferred."""
    if css and css not in config.extra_css:
        config.extra_css.append(css)
    if js and not any(str(s) == js for s in config.extra_javascript):
        from build_tools.plugin import extra_script
        config.extra_javascript.append(extra_script(js, module=module, defer=defer))


def add_static_files(files, config, part: str, sources) -> None:
    """Add a part's own files to the build: ``sources`` is (site URI, source path) pairs. A page
    folder that holds a file of the same URI is refused in one line: the part owns it."""
    from build_tools.plugin import generated_file
    from build_tools.words import WordsError, fill_script
    for uri, src in sources:
        if files.get_file_from_path(uri) is not None:
            raise BuildError(f"{config.docs_dir}/{uri} exists, but the {part} part generates it")
        content = Path(src).read_text(encoding="utf-8")
        if uri.endswith(".js"):
            try:
                content = fill_script(content)  # its words, in the build's language
            except WordsError as exc:
                raise BuildError(f"{Path(src).name}: {exc}") from None
        files.append(generated_file(config, uri, content=content))


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
    from build_tools.plugin import relative_url

    base = relative_url(".", page.url)
    return "" if base == "." else base.rstrip("/") + "/"

