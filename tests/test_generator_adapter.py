"""The MkDocs adapter (build_tools/plugin.py): it is the one module of the generator that
imports MkDocs, and the content pipeline (data -> validated model -> rendered fragments) runs
with MkDocs unimportable. Material's internals are named only in the theme's adapter
(build_tools/material/, overrides/partials/theme-adapter.html and the loader it drives,
material-loader.html). docs/about/contributing.md, "Moving to another generator"."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

from conftest import lines_matching

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = ROOT / "build_tools" / "plugin.py"


def _mkdocs_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                 else [])
        found += [f"{path.relative_to(ROOT)}:{node.lineno}: {n}" for n in names
                  if n == "mkdocs" or n.startswith("mkdocs.") or n == "material"
                  or n.startswith("material.")]
    return found


def test_only_the_adapter_imports_mkdocs():
    modules = sorted((ROOT / "build_tools").rglob("*.py"))
    assert ADAPTER in modules and _mkdocs_imports(ADAPTER), "the adapter no longer imports MkDocs"
    elsewhere = [hit for path in modules if path != ADAPTER for hit in _mkdocs_imports(path)]
    assert elsewhere == []


# Run in a fresh interpreter where any import of mkdocs (or Material) fails, as it would where
# MkDocs is not installed: the glossary's pages, a puzzle widget and a handout's HTML render.
BLOCKED = r'''
import importlib.abc, sys
from pathlib import Path

class NoMkDocs(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("mkdocs", "material"):
            raise ImportError(f"{name} is blocked: the content pipeline must not import it")
        return None

sys.meta_path.insert(0, NoMkDocs())
ROOT = Path(sys.argv[1])
if len(sys.argv) > 2:  # the refusal itself, tried on the one module that imports MkDocs
    import build_tools.plugin

from cardgame.messages import set_language
from build_tools import words
words.use("en")
set_language("en")

from build_tools.games.troccas.cards_svg import card_svg
from build_tools.glossary import load_glossary, render
from troccas.cards import ranking_order
glossary = load_glossary(ROOT / "glossary")
pages = render.pages(glossary, {"index": "../../assets/glossary/glossary.json", "words": "../words/"},
                     lambda t: card_svg(t, glossary), list(ranking_order()))
assert "<tr id=\"strusch-in\">" in pages["glossary/tschintschar.md"], "glossary: no row"

from troccas import api
from build_tools.puzzles.widget import render_puzzle
puzzle = api.call("puzzle", kind="winner", seed=3)
html = render_puzzle(puzzle, pid="seed-3", uid="pz-t", level=None, heading="h3", base="../",
                     label=lambda t: t)
assert 'data-cardsite-widget="puzzle"' in html, "puzzle: no widget"

from build_tools import handouts
summary = handouts.site_handouts()[0].html()  # the game's first: its rules on one page
assert summary.lstrip().lower().startswith("<!doctype html>"), "handout: not a document"

leaked = sorted(m for m in sys.modules if m.split(".")[0] in ("mkdocs", "material"))
assert not leaked, leaked
print("rendered", len(pages), len(html), len(summary))
'''


def test_the_content_pipeline_renders_without_mkdocs():
    run = subprocess.run([sys.executable, "-c", BLOCKED, str(ROOT)], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.startswith("rendered ")


def test_where_mkdocs_is_refused_the_adapter_cannot_load():
    # The refusal above can fail: the module that imports MkDocs does not load under it.
    run = subprocess.run([sys.executable, "-c", BLOCKED, str(ROOT), "plugin"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode != 0 and "mkdocs is blocked" in run.stderr, run.stderr[-2000:]


# --- Material's internals ----------------------------------------------------------------------
THEME_ADAPTER = ("build_tools/plugin.py", "build_tools/material/",
                 "overrides/partials/theme-adapter.html", "overrides/partials/material-loader.html")
CODE = ("build_tools", "overrides", "engine/src", "Makefile")
# Its observables (document$, location$), its page configuration (<script id="__config">), its
# storage helpers (__md_get …), its script bundle and its search worker's folder.
INTERNALS = re.compile(r"document\$|location\$|\b__config\b|\b__md_|javascripts/bundle"
                       r"|javascripts/workers|material_bundle")


def _naming_internals(files) -> dict[str, list[str]]:
    return lines_matching(files, INTERNALS)


def _code_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "--", *CODE], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.split()
    return [f for f in listed if (ROOT / f).is_file()]


def test_the_search_for_materials_internals_finds_them_in_the_theme_adapter():
    found = _naming_internals(_code_files())
    assert "overrides/partials/theme-adapter.html" in found
    assert "build_tools/material/__init__.py" in found
    assert INTERNALS.search("window.document$.subscribe") and INTERNALS.search("__md_get(")
    assert not INTERNALS.search('document.getElementById("cardsite-config")')


def test_no_file_outside_the_theme_adapter_names_materials_internals():
    outside = [f for f in _code_files() if not f.startswith(THEME_ADAPTER)]
    assert _naming_internals(outside) == {}, (
        "Material's internals belong in the theme adapter (build_tools/material/,"
        " overrides/partials/theme-adapter.html)")
