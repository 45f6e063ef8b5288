"""The engines' layers, read from their source: who may import whom.

Every import counts, at the top of a module or inside a function (a function-level import is
still a dependency, only a later one); imports under ``if TYPE_CHECKING:`` count for the
facade rule but not for cycles, as they never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "engine" / "src"
PACKAGES = ("cardgame", "troccas", "truc")
GAMES = ("troccas", "truc")
# The facade's own callers inside an engine: the command line (and the facade itself).
MAY_IMPORT_API = {"api", "cli", "__main__"}
# Import cycles kept on purpose, each with why it cannot reasonably go.
ALLOWED_CYCLES: dict[frozenset[str], str] = {
    frozenset({"troccas.bots.base", "troccas.bots.baseline", "troccas.bots.principles",
               "troccas.bots.random_bot", "troccas.bots.sampling", "troccas.bots.search"}):
    # A plugin registry: base.get_bot imports a bot's module only when that bot is asked for
    # by name (base is loaded by then), and each bot builds on base's view of the hand (the
    # search's principles too: they read that view and the baseline's rules of thumb).
    # Moving the registry out would change troccas.bots.base.get_bot, which callers name.
    "the bots' registry (base.get_bot) imports each bot on first ask",
}


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in sorted((SRC / pkg).rglob("*.py")):
            parts = list(path.relative_to(SRC).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


MODULES = _modules()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(name: str) -> list[tuple[str, bool]]:
    """(module imported, whether only for type checking) for every import in module ``name``,
    resolved to the most specific module of the engines or the top-level name of any other."""
    path = MODULES[name]
    is_pkg = path.name == "__init__.py"
    package = name if is_pkg else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            typing_only.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    out = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            # ``from .pkg import sub`` imports the module pkg.sub where there is one.
            targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in MODULES else mod
                       for a in node.names]
        for t in targets:
            while t not in MODULES and "." in t:
                t = t.rpartition(".")[0]
            out.append((t, id(node) in typing_only))
    return out


IMPORTS = {name: _imports(name) for name in MODULES}


def _cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph[v]:
                found.append(frozenset(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_reader_sees_function_level_and_relative_imports():
    """The checks below can fail: the parser finds what they look for where it is."""
    assert ("troccas.results", False) in IMPORTS["troccas.table"]  # inside view()
    assert ("troccas.play", False) in IMPORTS["troccas.bots.baseline"]  # from ..play
    assert ("troccas.bots.base", False) in IMPORTS["troccas.endgames"]  # from .bots import base
    assert ("troccas.results", True) in IMPORTS["troccas.api"]  # under TYPE_CHECKING
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]


@pytest.mark.parametrize("game", GAMES)
def test_only_the_command_line_imports_a_games_facade(game):
    """The facade (api) sits on top: the engine's parts answer it, never call it."""
    facade = f"{game}.api"
    offenders = sorted(name for name, imps in IMPORTS.items()
                       if name.startswith(game + ".") and name.rpartition(".")[2]
                       not in MAY_IMPORT_API and any(m == facade for m, _ in imps))
    assert offenders == []


def test_no_import_cycle_among_the_engines_modules():
    # A module's import of its own package is not a cycle to break: the package is already
    # being imported, as for every submodule.
    graph = {name: {m for m, typing_only in imps if m in MODULES and not typing_only
                    and m != name and not name.startswith(m + ".")}
             for name, imps in IMPORTS.items()}
    cycles = [c for c in _cycles(graph) if c not in ALLOWED_CYCLES]
    assert cycles == [], [sorted(c) for c in cycles]


def test_cardgame_imports_no_game():
    found = sorted((name, m) for name, imps in IMPORTS.items() if name.startswith("cardgame")
                   for m, _ in imps if m.split(".")[0] in GAMES)
    assert found == []


def test_the_engines_import_nothing_of_the_site_build():
    found = sorted((name, m) for name, imps in IMPORTS.items() for m, _ in imps
                   if m.split(".")[0] == "build_tools")
    assert found == []
