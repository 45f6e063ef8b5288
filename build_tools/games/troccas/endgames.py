"""Endgame puzzles on the site (issue 17): the last tricks of a real deal, every hand shown.

``<!-- endgames -->`` draws the authored endgames (``puzzles/endgames/endgames.yaml``), each
re-solved by the engine's solver at build time: an ``expect`` that is no longer the solver's
best first card stops the build, naming the file and the puzzle. ``<!-- endgame-practice -->``
draws a seeded one whose seed the page's address may change (``?seed=N``);
``<!-- endgame-progress -->`` the reader's progress on them (how many solved, the streak), kept in
the puzzles' one store in the browser (``assets/puzzles/review.js``). The page's script
(``assets/endgames/endgame.js``) asks the reader's own Python for everything after the first
paint: ``check_endgame`` for the first card, ``endgame_play`` for the rest.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator

from build_tools.errors import BuildError
from build_tools.markdown_blocks import replace_markers
from build_tools.parts import Part
from build_tools.site_assets import add_assets, add_static_files, page_base
from build_tools.words import current

STATIC = Path(__file__).resolve().parent / "static"
JS_URI = "assets/endgames/endgame.js"
CSS_URI = "assets/endgames/endgame.css"
TEMPLATE = "endgames/endgame.html"
PROGRESS_TEMPLATE = "endgames/progress.html"
FILE = Path("endgames") / "endgames.yaml"
SCHEMA = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["id", "level", "title", "note", "deal", "tricks", "expect"],
        "additionalProperties": False,
        # A title's and a note's twin in another language (title_de): load_endgames.
        "patternProperties": {"^(title|note)_[a-z]{2}$": {"type": "string", "minLength": 1}},
        "properties": {
            "id": {"type": "string", "pattern": "^[a-z0-9-]+$"},
            "level": {"type": "integer", "minimum": 1, "maximum": 3},
            "title": {"type": "string", "minLength": 1},
            "note": {"type": "string", "minLength": 1},
            "deal": {"type": "integer", "minimum": 0},
            "tricks": {"type": "integer", "minimum": 1, "maximum": 8},
            "plays": {"type": "integer", "minimum": 0, "maximum": 3},
            "expect": {"anyOf": [{"type": "string"},
                                 {"type": "array", "items": {"type": "string"}}]},
        },
    },
}
PRACTICE_SEED = 1


def load_endgames(puzzles_dir: Path, language: str | None = None) -> list[dict]:
    """The authored endgames, easy to hard; a bad file stops the build with one line. Each
    titled in ``language`` (the build's unless named): ``title_de`` and ``note_de`` where the
    entry has them, English otherwise (build_tools/puzzles/load.py, ``localized``)."""
    path = Path(puzzles_dir) / FILE
    if not path.exists():
        return []
    where = f"puzzles/{FILE.as_posix()}"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" line {mark.line + 1}" if mark else ""
        raise BuildError(f"{where}{line}: not YAML: {getattr(exc, 'problem', exc)}") from None
    errors = sorted(Draft202012Validator(SCHEMA).iter_errors(data), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        at = f" entry {e.path[0] + 1}" if e.path else ""
        name = data[e.path[0]].get("id") if e.path and isinstance(data[e.path[0]], dict) else None
        raise BuildError(f"{where}{at}{f' ({name})' if name else ''}: {e.message}")
    ids = [d["id"] for d in data]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise BuildError(f"{where}: the id '{twice[0]}' is used twice")
    from build_tools.puzzles.load import localized
    return sorted((localized(d, language) for d in data), key=lambda d: d["level"])


class EndgamesPart(Part):
    def on_config(self, config):
        add_assets(config, CSS_URI, JS_URI, module=True)
        self.endgames = load_endgames(self.site.puzzles_dir, self.site.language)
        return config

    def on_files(self, files, config):
        add_static_files(files, config, "endgames",
                         ((JS_URI, STATIC / "endgame.js"), (CSS_URI, STATIC / "endgame.css")))
        # The page with the authored endgames, for the puzzles' progress table (its kind is
        # "endgame", as endgame.js records it in the reader's store).
        for file in files.documentation_pages():
            text = Path(file.abs_src_path).read_text(encoding="utf-8") if file.abs_src_path else ""
            if self.endgames and re.search(r"^\s*<!-- endgames -->\s*$", text, re.M):
                self.site.progress_kinds.append(("endgame", current().t("endgames.progress_title"),
                                                 len(self.endgames),
                                                 file.url))
                break
        return files

    def on_page_markdown(self, markdown, page, config, files):
        if "<!-- endgame" not in markdown:
            return markdown
        page.meta["engine"] = True
        return replace_markers(markdown, ["endgames", "endgame-practice", "endgame-progress"],
                               lambda m: self._marker(m, page), whole_line=True)

    def _solved(self, spec: dict, where: str) -> dict:
        from troccas.errors import TroccasError
        try:
            return self.site.api.call("endgame", spec=spec, answer=True)
        except TroccasError as exc:
            raise BuildError(f"{where}: {exc.message}") from None

    def _marker(self, m, page) -> str:
        if m.name == "endgame-progress":
            html_ = self.site.env.get_template(PROGRESS_TEMPLATE).render(
                ids=[spec["id"] for spec in self.endgames])
            return "\n".join(line.strip() for line in html_.splitlines() if line.strip())
        names = {c["token"]: c["name"] for c in self.site.api.call("pack")["cards"]}
        # The cards' names for the page's script, once per marker (not once per puzzle).
        data = json.dumps(names, ensure_ascii=False, separators=(",", ":"))
        names_div = f'<div hidden data-eg-names="{html.escape(data)}"></div>'
        return self._draw(m, page, names) + "\n" + names_div

    def _draw(self, m, page, names: dict) -> str:
        base = page_base(page)
        if m.name == "endgames":
            parts = []
            for i, spec in enumerate(self.endgames):
                where = f"puzzles/{FILE.as_posix()} entry {i + 1} ({spec['id']})"
                parts.append(self._widget(self._solved(dict(spec, kind="endgame"), where),
                                          spec["id"], base, names, heading="h3"))
            return "\n".join(parts)
        where = f"docs/{page.file.src_uri}:{m.line}"
        data = self._solved({"kind": "endgame", "seed": PRACTICE_SEED}, where)
        return self._widget(data, "practice", base, names, heading="h3", practice=True)

    def _widget(self, data: dict, uid: str, base: str, names: dict, heading: str,
                practice: bool = False) -> str:
        sit = data["situation"]
        seat, n = sit["seat"], sit["players"]
        # Seats around the table as the reader sees it: partner opposite, the others beside.
        order = [(seat + k) % n for k in range(1, n)]
        html = self.site.env.get_template(TEMPLATE).render(
            data=data, sit=sit, order=order, uid=uid, base=base, heading=heading,
            names=names, practice=practice,
            spec=json.dumps(data["spec"], separators=(",", ":"), sort_keys=True))
        return "\n".join(line.strip() for line in html.splitlines() if line.strip())
