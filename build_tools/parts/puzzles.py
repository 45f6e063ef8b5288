"""The puzzles part: puzzles solved in the browser (issue 5).

* ``on_config`` loads and checks every authored puzzle (``KIND.yaml`` in the plugin's
  ``puzzles`` folder, see
  ``build_tools/puzzles/load.py``); a broken file stops the build with one line naming the file,
  the line, the puzzle and what is wrong — before anything is written to the site.
* ``on_files`` adds the puzzles' script and style sheet and, for endless practice, the
  situations of seeds 0…``PRACTICE_SEEDS - 1`` of each kind (``assets/puzzles/practice-KIND.json``)
  so a practice puzzle shows before Python is ready.
* ``on_page_markdown`` replaces, in any page:

  - ``<!-- puzzles: KIND -->`` — that kind's authored puzzles, easy to hard;
  - ``<!-- puzzle-practice: KIND -->`` — endless practice, the seed in the URL (``?seed=N``);
  - ``<!-- puzzle-progress -->`` (or ``<!-- puzzle-progress: KIND -->``) — the reader's progress;
  - a fenced block ```` ```troccas-puzzle ```` holding one puzzle's YAML (``kind:`` and the
    fields of ``puzzles/KIND.yaml``; ``id``, ``level``, ``title``, ``note`` optional) — that
    puzzle as a widget.

The HTML is in ``build_tools/puzzles/templates/``; the behaviour in
``build_tools/puzzles/static/puzzles.js``; every answer comes from the engine.
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from build_tools import templating
from build_tools.markdown_blocks import Block, Marker, replace_blocks, replace_markers
from build_tools.parts import Part
from build_tools.puzzles.load import PuzzleFileError, check_block, load_puzzles
from build_tools.puzzles.verdicts import stored as stored_verdicts
from build_tools.site_assets import add_assets, card_img, front_matter_lines, page_base

HERE = Path(__file__).resolve().parents[1] / "puzzles"
JS_URI = "assets/puzzles/puzzles.js"
CSS_URI = "assets/puzzles/puzzles.css"
PRACTICE_SEEDS = 200
def _attr_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def practice_data(site, kind: str, seeds: int = PRACTICE_SEEDS) -> dict:
    """The situations of seeds 0…seeds-1 (no answers, no hand records) and the cards' names."""
    out, tokens = {}, set()
    for seed in range(seeds):
        pz = site.api.call("puzzle", kind=kind, seed=seed)
        pz["situation"] = {k: v for k, v in pz["situation"].items() if k != "record"}
        out[str(seed)] = pz
        tokens.update(re.findall(r'"([^"\s]{1,5})"', json.dumps(pz["situation"])))
    pack = [c["token"] for c in site.api.call("pack")["cards"]]
    return {"kind": kind, "seeds": out,
            "labels": {t: site.game_site.card_label(t) for t in pack}}


class PuzzlesPart(Part):
    """Authored puzzles, endless practice and the reader's progress."""

    def on_config(self, config):
        engine_puzzles = importlib.import_module(f"{self.site.game}.puzzles")
        self.kinds, self.titles = engine_puzzles.KINDS, engine_puzzles.TITLES
        try:
            self.puzzles = load_puzzles(self.site.puzzles_dir)
        except PuzzleFileError as exc:
            raise PluginError(str(exc)) from None
        add_assets(config, CSS_URI, JS_URI, module=True)
        return config

    def on_files(self, files, config):
        for uri, src in ((JS_URI, HERE / "static" / "puzzles.js"),
                         (CSS_URI, HERE / "static" / "puzzles.css")):
            if files.get_file_from_path(uri) is not None:
                raise PluginError(f"docs/{uri} exists, but the puzzles part generates it")
            files.append(File.generated(config, uri, content=src.read_text(encoding="utf-8")))
        for kind in self.kinds:
            data = practice_data(self.site, kind)
            files.append(File.generated(config, f"assets/puzzles/practice-{kind}.json",
                                        content=json.dumps(data, ensure_ascii=False,
                                                           separators=(",", ":"))))
        return files

    def on_page_markdown(self, markdown: str, page, config, files):
        return _page_markdown(self, markdown, page)


def _helpers(page, label):
    base = page_base(page)

    def card(token: str, alt: bool = True) -> str:
        return card_img(token, base, label(token), cls="tr-pz__img", alt=alt)

    return base, {"card": card, "label": label}


def _flat(html: str) -> str:
    """No blank lines and no indentation, so Markdown passes the HTML through untouched."""
    return "\n".join(line.strip() for line in html.splitlines() if line.strip())


def _single_quoted_attr(value) -> str:
    """JSON for an attribute written between single quotes: only & < > ' are escaped, so the
    many double quotes of the JSON cost nothing. (Not a <script type="application/json">:
    Material's instant navigation re-creates a page's scripts without their type and runs them.)"""
    text = _attr_json(value)
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("'", "&#39;"))


def render_puzzle(data: dict, *, pid: str, uid: str, level, heading: str, helpers: dict) -> str:
    pz = {k: v for k, v in data.items() if k not in ("answer", "steps")}
    # The engine's verdict on every answer, so the page answers before Python has started
    # (build_tools/puzzles/verdicts.py); the live engine confirms each one.
    verdicts = _single_quoted_attr(stored_verdicts(data["spec"]))
    return _flat(templating.current().get_template("puzzles/puzzle.html").render(
        pz=pz, pid=pid, uid=uid, level=level, heading=heading, verdicts=verdicts, **helpers))


def _page_markdown(part: PuzzlesPart, markdown: str, page) -> str:
    if "troccas-puzzle" not in markdown and "<!-- puzzle" not in markdown:
        return markdown
    src = f"docs/{page.file.src_uri}"
    base, helpers = _helpers(page, part.site.game_site.card_label)
    env = part.site.env
    kinds, titles = part.kinds, part.titles
    used = {"n": 0}

    def block(b: Block) -> str:
        try:
            authored = check_block(b.body, src, b.line)
        except PuzzleFileError as exc:
            raise PluginError(str(exc).replace(": puzzle #1 (no id)", ": troccas-puzzle")) from None
        spec = authored.spec
        used["n"] += 1
        pid = spec["id"] if not spec["id"].startswith("line-") else \
            f"{page.url or 'home'}#{spec['id']}"
        page.meta["engine"] = True
        return render_puzzle(authored.data, pid=pid, uid=f"pz-{used['n']}-{_slug(pid)}",
                             level=spec.get("level"), heading="p", helpers=helpers)

    def marker(m: Marker) -> str:
        what, kind = m.name, m.arg
        if what != "puzzle-progress" and kind not in kinds:
            raise PluginError(f"{src}: <!-- {what}: {kind} -->: the kinds are {', '.join(kinds)}")
        page.meta["engine"] = True
        if what == "puzzles":
            parts = []
            for a in part.puzzles[kind]:
                used["n"] += 1
                parts.append(render_puzzle(a.data, pid=a.spec["id"], uid=f"pz-{a.spec['id']}",
                                           level=a.spec["level"], heading="h3", helpers=helpers))
            return "\n".join(parts)
        if what == "puzzle-practice":
            return _flat(env.get_template("puzzles/practice.html").render(
                kind=kind, json_url=f"{base}assets/puzzles/practice-{kind}.json",
                last_seed=PRACTICE_SEEDS - 1))
        shown = [(k, titles[k], len(part.puzzles[k])) for k in kinds if kind in (None, k)]
        return _flat(env.get_template("puzzles/progress.html").render(kinds=shown, base=base))

    markdown = replace_blocks(markdown, ["troccas-puzzle"], block,
                              first_line=1 + front_matter_lines(page, markdown))
    return replace_markers(markdown, ["puzzles", "puzzle-practice", "puzzle-progress"], marker,
                           whole_line=True)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


