"""The trimmed standard library (issue 30, "only the Python the engines use"): ``make stdlib``
ships Pyodide's stdlib zip with only the modules the browser's Python needs, found by running it
(build_tools/precompile_stdlib.mjs). These tests read that zip, no browser: every standard
module that the engines, the test games and the site's own Python (render.zip) name in an
import — at any level, or in ``importlib.import_module("…")`` — must be in it, compiled.

The scan here is the test's own (the build's is build_tools/pyodide_needs.py); a module is
checked when Pyodide's stock zip holds it (the others are built into Pyodide's binary)."""

from __future__ import annotations

import ast
import codecs
import io
import json
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILT = ROOT / "build" / "pyodide"
STOCK = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def modules_in(zf: zipfile.ZipFile, suffix: str) -> set[str]:
    return {n[: -len(suffix)].removesuffix("/__init__").replace("/", ".")
            for n in zf.namelist() if n.endswith(suffix)}


def named_modules(source: str) -> set[str]:
    """Absolute module names the source imports: ``import a.b`` (a.b and a), ``from a import
    b`` (a, and a.b, which may be a module), at any level; ``import_module("a")`` and
    ``__import__("a")`` with a literal name. Relative imports are the engine's own."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                names.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("import_module", "__import__"):
                names.add(node.args[0].value)
        if isinstance(node, ast.Call):
            names.update(codecs_named(node))
    return names


def codecs_named(call: ast.Call) -> set[str]:
    """The codec modules a call uses by name: ``x.encode("…")``, ``x.decode("…")`` and any
    ``encoding="…"``. Python imports ``encodings.<module>`` the first time it looks one up."""
    named = [k.value.value for k in call.keywords if k.arg == "encoding"
             and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)]
    if isinstance(call.func, ast.Attribute) and call.func.attr in ("encode", "decode") \
            and call.args and isinstance(call.args[0], ast.Constant) \
            and isinstance(call.args[0].value, str):
        named.append(call.args[0].value)
    modules = set()
    for name in named:
        info = codecs.lookup(name)  # imports the codec's module, if it was not yet
        modules.update(m for m, mod in list(sys.modules.items())
                       if m.startswith("encodings.") and hasattr(mod, "getregentry")
                       and mod.getregentry().name == info.name)
    return modules


def browser_python() -> dict[str, str]:
    """What runs in the reader's browser: every module of the engine packages, of each test
    game's package, and of the site's own Python (render.zip) — file name -> source."""
    from build_tools.parts.puzzles import render_zip
    files = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
             for p in sorted((ROOT / "engine" / "src").rglob("*.py"))}
    for api in sorted((ROOT / "tests" / "games").glob("*/api.py")):
        files.update({str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
                      for p in sorted(api.parent.rglob("*.py"))})
    for worksheets in sorted([*(ROOT / "build_tools" / "games").glob("*/worksheets.py"),
                              *(ROOT / "tests" / "games").glob("*/worksheets.py")]):
        files[str(worksheets.relative_to(ROOT))] = worksheets.read_text(encoding="utf-8")
    with zipfile.ZipFile(io.BytesIO(render_zip(None))) as zf:
        files.update({f"render.zip:{n}": zf.read(n).decode("utf-8")
                      for n in zf.namelist() if n.endswith(".py")})
    return files


class Shipped:
    """The two zips the site ships as one: python_stdlib.zip (what the start imports) and
    python_rest.zip (the rest, fetched once the engine is ready)."""

    def __init__(self, *zips: zipfile.ZipFile):
        self.zips = zips

    def namelist(self) -> list[str]:
        return [n for zf in self.zips for n in zf.namelist()]


@pytest.fixture(scope="module")
def trimmed() -> Shipped:
    paths = [BUILT / "python_stdlib.zip", BUILT / "python_rest.zip"]
    if not (BUILT / "manifest.json").is_file() or not all(p.is_file() for p in paths):
        pytest.fail(f"no trimmed stdlib in {BUILT}: run `make stdlib`", pytrace=False)
    return Shipped(*(zipfile.ZipFile(p) for p in paths))


@pytest.fixture(scope="module")
def stock() -> set[str]:
    if not STOCK.is_file():
        pytest.fail(f"no Pyodide in {STOCK.parent}: run `make npm`", pytrace=False)
    with zipfile.ZipFile(STOCK) as zf:
        return modules_in(zf, ".py")


def test_every_standard_module_the_browsers_python_imports_is_in_the_trimmed_zip(trimmed, stock):
    kept = modules_in(trimmed, ".pyc")
    missing = sorted(f"{name} (imported by {where})"
                     for where, source in browser_python().items()
                     for name in named_modules(source)
                     if name.split(".")[0] in sys.stdlib_module_names
                     and name in stock and name not in kept)
    assert not missing, "the trimmed stdlib zip lacks: " + "; ".join(missing[:10])


def test_the_zip_holds_compiled_modules_only_and_fewer_than_pyodides_own(trimmed, stock):
    assert not [n for n in trimmed.namelist() if n.endswith(".py")]
    kept = modules_in(trimmed, ".pyc")
    # Pyodide's start-up needs (its own packages, the codec of its file names) are in.
    assert {"_pyodide", "pyodide", "encodings", "encodings.utf_8"} <= kept
    standard = {m for m in kept if m in stock}
    assert len(standard) < len(stock) / 2, f"{len(standard)} of {len(stock)} standard modules kept"


def test_the_manifest_lists_the_standard_modules_the_zip_holds(trimmed, stock):
    manifest = json.loads((BUILT / "manifest.json").read_text())
    assert set(manifest["stdlib_modules"]) == {m for m in modules_in(trimmed, ".pyc") if m in stock}


def test_the_start_zip_and_the_rest_share_no_module_and_the_manifest_names_the_rest(trimmed):
    start, rest = (modules_in(zf, ".pyc") for zf in trimmed.zips)
    assert not start & rest
    manifest = json.loads((BUILT / "manifest.json").read_text())
    assert manifest["rest"] == "python_rest.zip"
    assert set(manifest["rest_modules"]) == rest
    # What the worker imports before "ready" (the facade, the messages, the finder of the rest)
    # is in the start; the bots, the solver and the command line, which no start imports, are not.
    assert {"_cardsite_rest", "troccas.api", "cardgame.messages", "truc.api"} <= start
    assert {"troccas.solver", "troccas.bots.search", "troccas.cli", "argparse"} <= rest
    # A folder entry in the start zip would make its folder a namespace package there.
    assert not [n for zf in trimmed.zips for n in zf.namelist() if n.endswith("/")]


def test_the_scan_sees_imports_at_any_level_and_by_name():
    source = ("import email.mime.text\nfrom json import decoder\n"
              "def f():\n    import sqlite3\n    from . import own\n"
              "    return importlib.import_module('xml.dom')\n"
              "class C:\n    def g(self):\n        return __import__('csv')\n")
    assert named_modules(source) >= {"email", "email.mime", "email.mime.text", "json",
                                      "json.decoder", "sqlite3", "xml.dom", "csv"}


def test_the_scan_sees_the_codecs_code_names():
    source = "b.decode('unicode-escape')\nopen(p, encoding='latin1')\ns.encode('ascii', 'strict')\n"
    assert named_modules(source) >= {"encodings.unicode_escape", "encodings.latin_1",
                                      "encodings.ascii"}


def test_a_build_for_a_host_that_sends_zips_as_they_are_ships_the_zip_deflated_without_twins(
        monkeypatch, tmp_path):
    """STDLIB_ZIP=deflated (make build; CARDSITE_STDLIB_ZIP for the build): the same modules,
    each compressed inside the zip, and no .br/.gz twin for it; any other word is one line."""
    from build_tools.errors import BuildError
    from build_tools.parts import engine
    stored = tmp_path / "python_stdlib.zip"
    stored.write_bytes((BUILT / "python_stdlib.zip").read_bytes())
    monkeypatch.setenv(engine.STDLIB_ZIP_ENV, "stored")
    assert engine._stdlib_zip(stored) == stored
    monkeypatch.setenv(engine.STDLIB_ZIP_ENV, "deflated")
    deflated = engine._stdlib_zip(stored)
    assert deflated != stored and deflated.stat().st_size < stored.stat().st_size
    with zipfile.ZipFile(stored) as a, zipfile.ZipFile(deflated) as b:
        assert [i.filename for i in a.infolist()] == [i.filename for i in b.infolist()]
        assert all(i.compress_type == zipfile.ZIP_STORED for i in a.infolist())
        assert all(i.compress_type == zipfile.ZIP_DEFLATED for i in b.infolist())
        assert all(a.read(i) == b.read(i) for i in a.namelist())
    assert engine._twins("python_stdlib.zip", deflated) == {}
    monkeypatch.setenv(engine.STDLIB_ZIP_ENV, "brotli")
    with pytest.raises(BuildError, match="CARDSITE_STDLIB_ZIP=brotli: say stored or deflated"):
        engine._stdlib_zip(stored)
