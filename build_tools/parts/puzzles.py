"""The puzzles part: puzzles solved in the browser (issue 5).

* ``on_config`` loads and checks every authored puzzle (``KIND.yaml`` in the plugin's
  ``puzzles`` folder, see
  ``build_tools/puzzles/load.py``); a broken file stops the build with one line naming the file,
  the line, the puzzle and what is wrong — before anything is written to the site.
* ``on_files`` adds the puzzles' script and style sheet and, for practice puzzles the browser
  draws itself, ``assets/puzzles/render.zip`` (Jinja, MarkupSafe and the widget's module,
  build_tools/puzzles/widget.py) and ``render.json`` (the widget's template as this build
  resolved it, the cards' names, and the ``puzzles`` words in the build's language).
* ``on_page_markdown`` replaces, in any page:

  - ``<!-- puzzles: KIND -->`` — that kind's authored puzzles, easy to hard;
  - ``<!-- puzzle-practice: KIND -->`` — endless practice, the seed in the URL (``?seed=N``);
    its first ``PRACTICE_DRAWN`` seeds drawn here, every other seed in the reader's browser
    with the same template (build_tools/puzzles/widget.py);
  - ``<!-- puzzle-progress -->`` (or ``<!-- puzzle-progress: KIND -->``) — the reader's progress,
    and a note when puzzles are due for review;
  - ``<!-- puzzle-mistakes -->`` — the reader's "My mistakes": the puzzles answered wrong, due
    for review now (replayed in place) or later (assets/puzzles/review.js has the schedule). One
    page of the site may have it; the build tells every page where it is (``mistakes`` in the
    page's cardsite-config).
  - a fenced block ```` ```cardsite-puzzle ```` holding one puzzle's YAML (``kind:`` and the
    fields of ``puzzles/KIND.yaml``; ``id``, ``level``, ``title``, ``note`` optional) — that
    puzzle as a widget.

The HTML is in ``build_tools/templates/puzzles/``; the behaviour in
``build_tools/puzzles/static/puzzles.js``; every answer comes from the engine.
"""

from __future__ import annotations

import importlib
import io
import json
import re
import zipfile
from pathlib import Path

from build_tools import site_code
from build_tools.errors import BuildError
from build_tools.markdown_blocks import Block, Marker, replace_blocks, replace_markers
from build_tools.parts import Part
from build_tools.plugin import generated_file
from build_tools.puzzles import widget
from build_tools.puzzles.load import PuzzleFileError, check_block, kind_title, load_puzzles
from build_tools.puzzles.verdicts import stored as stored_verdicts
from build_tools.site_assets import add_assets, add_static_files, front_matter_lines, page_base
from build_tools.words import words

HERE = Path(__file__).resolve().parents[1] / "puzzles"
JS_URI = "assets/puzzles/puzzles.js"
# Modules puzzles.js imports: the review schedule and store, and the "My mistakes" page.
MODULES = ("review.js", "mistakes.js")
CSS_URI = "assets/puzzles/puzzles.css"
# Practice: seeds 0…PRACTICE_SEEDS-1 are the numbered set "New puzzle" picks from; the first
# PRACTICE_DRAWN of each kind are drawn into the page, so one shows before Python is ready.
PRACTICE_SEEDS = 200
PRACTICE_DRAWN = 12
RENDER_ZIP = "assets/puzzles/render.zip"
RENDER_JSON = "assets/puzzles/render.json"


def _attr_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def render_zip(game: str | None = None) -> bytes:
    """What the browser's Python needs to draw a puzzle: Jinja and MarkupSafe (their pure-Python
    files) and the generator's modules the widget imports (none imports MkDocs); and the game's
    part of the worksheets (build_tools/games/<game>/worksheets.py), where it has one."""
    import jinja2
    import markupsafe

    import build_tools

    here = Path(build_tools.__file__).parent
    files = {"build_tools/__init__.py": here / "__init__.py",
             "build_tools/templating.py": here / "templating.py",
             # The template's t(): the words come with render.json.
             "build_tools/words.py": here / "words.py",
             "build_tools/errors.py": here / "errors.py",  # words.py's WordsError
             "build_tools/puzzles/__init__.py": here / "puzzles" / "__init__.py",
             "build_tools/puzzles/widget.py": here / "puzzles" / "widget.py",
             # The worksheet maker's sheets (build_tools/parts/worksheets.py).
             "build_tools/worksheets/__init__.py": here / "worksheets" / "__init__.py",
             "build_tools/worksheets/sheets.py": here / "worksheets" / "sheets.py"}
    # The game's site code may live outside build_tools/games/ (the config's site_code:); the
    # browser's Python finds it where sheets.game_sheets looks there.
    own = site_code.folder(str(game)) / "worksheets.py"
    if game and own.is_file():  # the game's folder holds only that in the browser
        files[f"build_tools/games/{game}/worksheets.py"] = own
    for package in (jinja2, markupsafe):
        assert package.__file__ is not None  # an installed package, not a namespace
        folder = Path(package.__file__).parent
        for path in sorted(folder.glob("*.py")):
            files[f"{folder.name}/{path.name}"] = path
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, path in files.items():
            # A fixed date: the same files make the same zip (the offline copy's version).
            zf.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), path.read_bytes(),
                        zipfile.ZIP_DEFLATED)
    return out.getvalue()


class PuzzlesPart(Part):
    """Authored puzzles, endless practice and the reader's progress."""

    def on_config(self, config):
        game = self.site.game
        engine_puzzles = importlib.import_module(f"{game}.puzzles")
        self.kinds = engine_puzzles.KINDS
        # Each kind's title in the build's language (the engine's TITLES are English).
        self.titles = {k: kind_title(k, self.site.language, game) for k in self.kinds}
        # The game's part of the widget (puzzles/situation.html: its situations drawn) is in
        # its site code's templates, which the build's environment searches (plugin.py).
        try:
            self.puzzles = load_puzzles(self.site.puzzles_dir, self.site.language, game)
        except PuzzleFileError as exc:
            raise BuildError(str(exc)) from None
        add_assets(config, CSS_URI, JS_URI, module=True)
        config.extra["cardsite"]["site_python"] = RENDER_ZIP
        return config

    def on_files(self, files, config):
        statics = [(JS_URI, HERE / "static" / "puzzles.js"),
                   (CSS_URI, HERE / "static" / "puzzles.css")]
        statics += [(f"assets/puzzles/{name}", HERE / "static" / name) for name in MODULES]
        add_static_files(files, config, "puzzles", statics)
        # The template as this build finds it (an override in overrides/ included).
        sources = {name: self.site.env.loader.get_source(self.site.env, name)[0]
                   for name in (widget.TEMPLATE, widget.GAME_TEMPLATE)}
        pack = [c["token"] for c in self.site.api.call("pack")["cards"]]
        said = words(self.site.language)
        render = {"templates": sources,
                  "labels": {t: self.site.game_site.card_label(t) for t in pack},
                  "language": said.language,
                  "words": said.subset("puzzles.")}
        files.append(generated_file(config, RENDER_JSON, content=_attr_json(render)))
        files.append(generated_file(config, RENDER_ZIP, content=render_zip(self.site.game)))
        self.mistakes_url = _mistakes_page(files)
        if self.mistakes_url is not None:
            config.extra["cardsite"]["mistakes"] = self.mistakes_url
        return files

    def on_page_markdown(self, markdown: str, page, config, files):
        return _page_markdown(self, markdown, page)


def _single_quoted_attr(value) -> str:
    """JSON for an attribute written between single quotes: only & < > ' are escaped, so the
    many double quotes of the JSON cost nothing. (Not a <script type="application/json">:
    Material's instant navigation re-creates a page's scripts without their type and runs them.)"""
    text = _attr_json(value)
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("'", "&#39;"))


def render_puzzle(data: dict, *, pid: str, uid: str, level, heading: str, base: str,
                  label, game: str) -> str:
    """An authored puzzle, with the engine's verdict on every answer, so the page answers
    before Python has started (build_tools/puzzles/verdicts.py); the live engine confirms each
    one."""
    verdicts = _single_quoted_attr(stored_verdicts(data["spec"], game))
    return widget.render_puzzle(data, pid=pid, uid=uid, level=level, heading=heading,
                                base=base, label=label, verdicts=verdicts)


def _mistakes_page(files) -> str | None:
    """The site address of the page with ``<!-- puzzle-mistakes -->`` (None: no such page); a
    second such page stops the build."""
    found = []
    for file in files.documentation_pages():
        text = Path(file.abs_src_path).read_text(encoding="utf-8") if file.abs_src_path else ""
        if "puzzle-mistakes" not in text:
            continue

        def mark(_m: Marker) -> str:
            found.append(file)  # noqa: B023 (called at once)
            return ""
        replace_markers(text, ["puzzle-mistakes"], mark, whole_line=True)
    pages = sorted({f.src_uri for f in found})
    if len(pages) > 1:
        raise BuildError(f"<!-- puzzle-mistakes -->: one page may have it, not "
                         f"{', '.join('docs/' + p for p in pages)}")
    return found[0].url if found else None


def _page_markdown(part: PuzzlesPart, markdown: str, page) -> str:
    if "cardsite-puzzle" not in markdown and "<!-- puzzle" not in markdown:
        return markdown
    src = f"docs/{page.file.src_uri}"
    base = page_base(page)
    label = part.site.game_site.card_label
    env = part.site.env
    kinds, titles = part.kinds, part.titles
    used = {"n": 0}

    def block(b: Block) -> str:
        try:
            authored = check_block(b.body, src, b.line, part.site.language, part.site.game)
        except PuzzleFileError as exc:
            raise BuildError(str(exc).replace(": puzzle #1 (no id)", ": cardsite-puzzle")) from None
        spec = authored.spec
        used["n"] += 1
        pid = spec["id"] if not spec["id"].startswith("line-") else \
            f"{page.url or 'home'}#{spec['id']}"
        _engine_page(page)
        return render_puzzle(authored.data, pid=pid, uid=f"pz-{used['n']}-{_slug(pid)}",
                             level=spec.get("level"), heading="p", base=base, label=label,
                             game=part.site.game)

    def marker(m: Marker) -> str:
        what, kind = m.name, m.arg
        if what == "puzzle-mistakes":
            if kind is not None:
                raise BuildError(f"{src}: <!-- puzzle-mistakes: {kind} -->: it takes no kind")
            # No engine page: Python starts only if a practice puzzle is due (mistakes.js).
            return widget.flat(env.get_template("puzzles/mistakes.html").render(
                base=base, render_url=f"{base}{RENDER_JSON}"))
        if what != "puzzle-progress" and kind not in kinds:
            raise BuildError(f"{src}: <!-- {what}: {kind} -->: the kinds are {', '.join(kinds)}")
        _engine_page(page)
        if what == "puzzles":
            parts = []
            for a in part.puzzles[kind]:
                used["n"] += 1
                parts.append(render_puzzle(a.data, pid=a.spec["id"], uid=f"pz-{a.spec['id']}",
                                           level=a.spec["level"], heading="h3", base=base,
                                           label=label, game=part.site.game))
            return "\n".join(parts)
        if what == "puzzle-practice":
            assert kind is not None  # one of kinds (checked above)
            drawn = {seed: widget.render_puzzle(
                part.site.api.call("puzzle", kind=kind, seed=seed), base=base, label=label,
                **widget.practice_ids(kind, seed)) for seed in range(PRACTICE_DRAWN)}
            return widget.flat(env.get_template("puzzles/practice.html").render(
                kind=kind, drawn=drawn, seeds=PRACTICE_SEEDS, base=base, game=part.site.game,
                render_url=f"{base}{RENDER_JSON}"))
        shown = [(k, titles[k], len(part.puzzles[k]), f"puzzles/{k}/") for k in kinds
                 if kind in (None, k)]
        if kind is None:  # the overview: the game's other puzzles too (the endgames)
            shown += [tuple(row) for row in part.site.progress_kinds]
        mistakes = getattr(part, "mistakes_url", None)
        return widget.flat(env.get_template("puzzles/progress.html").render(
            kinds=shown, base=base, mistakes_url=None if mistakes is None else base + mistakes))

    markdown = replace_blocks(markdown, ["cardsite-puzzle"], block,
                              first_line=1 + front_matter_lines(page, markdown))
    return replace_markers(markdown, ["puzzles", "puzzle-practice", "puzzle-progress",
                                      "puzzle-mistakes"], marker, whole_line=True)


def _engine_page(page) -> None:
    """A page with puzzles starts Python at once, unless its front matter says engine: lazy."""
    if page.meta.get("engine") != "lazy":
        page.meta["engine"] = True


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


