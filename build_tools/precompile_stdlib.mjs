// Pre-compile Python for a faster start in the browser.
//
//   node build_tools/precompile_stdlib.mjs ENGINE_WHEEL OUT_DIR
//
// Pyodide's stock python_stdlib.zip holds .py sources only, so every visit compiles each module
// Python imports while it starts, then the ones the engine imports; so does the engine wheel.
// This script boots Pyodide's own Python (the same 3.14 that runs in the browser, from
// node_modules/pyodide) under Node, installs the engine wheel, imports every engine module the
// browser can use, and writes to OUT_DIR:
//
// * python_stdlib.zip — the stock zip with each module that was imported replaced by its
//   compiled .pyc (unchecked-hash pycs, which zipimport loads without looking for a source).
//   Every other module stays as a .py source, so an import the engine adds later still works,
//   only more slowly; tooling that cannot run in a browser worker (TRIM) is left out. The
//   engine's packages are in it too, compiled: the site then ships no wheel.
// * manifest.json — Pyodide version and the source wheel's sha256, so the site build uses these
//   files only while they match (build_tools/site_hooks.py).
//
// `make stdlib` runs this; the site build then ships both instead of the stock files.

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [wheelPath, outDir] = process.argv.slice(2);
if (!wheelPath || !outDir) {
  console.error("usage: node build_tools/precompile_stdlib.mjs ENGINE_WHEEL OUT_DIR");
  process.exit(2);
}
const indexURL = resolve(root, "node_modules/pyodide") + "/";
const pyodideVersion = JSON.parse(readFileSync(resolve(indexURL, "package.json"), "utf8")).version;
const { loadPyodide } = await import(resolve(indexURL, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL });
const wheelBytes = new Uint8Array(readFileSync(wheelPath));
pyodide.FS.writeFile("/tmp/engine.whl", wheelBytes);
pyodide.unpackArchive(wheelBytes, "wheel");

const summary = pyodide.runPython(`
import os, sys

# What the browser's Python has imported once an engine is up: its own start-up modules, and
# every module of every game the wheel holds (a package with a facade, <game>/api.py) but the
# command line (the worker never runs it), each game's pack dealt once. Taken before this
# script imports anything of its own (the zipfile module the wheel is read with is imported
# by the engine's start-up too).
import importlib, zipfile
with zipfile.ZipFile("/tmp/engine.whl") as _whl:
    _games = sorted({_n.split("/")[0] for _n in _whl.namelist()
                     if _n.count("/") == 1 and _n.endswith("/api.py")})
assert _games, "the wheel holds no game (no <game>/api.py)"
for _game in _games:
    _package = importlib.import_module(_game)
    for _f in sorted(os.listdir(_package.__path__[0])):
        if _f.endswith(".py") and _f[:-3] not in ("__init__", "__main__", "cli"):
            importlib.import_module(_game + "." + _f[:-3])
    importlib.import_module(_game + ".api").call_json("pack", "{}")
needed = set(sys.modules)

import importlib.util, json
import cardgame
from importlib._bootstrap_external import _code_to_hash_pyc

TRIM = ("_pyrepl/", "idlelib/", "tkinter/", "turtledemo/", "unittest/", "multiprocessing/",
        "ensurepip/", "venv/", "wsgiref/", "xmlrpc/", "pdb.py", "pydoc.py", "doctest.py",
        "turtle.py")

def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

src = "/lib/python314.zip"
compiled = kept = trimmed = 0
with zipfile.ZipFile(src) as zin, \\
        zipfile.ZipFile("/tmp/python_stdlib.zip", "w", zipfile.ZIP_DEFLATED) as zout:
    for entry in zin.infolist():
        name = entry.filename
        module = name[:-3].removesuffix("/__init__").replace("/", ".")
        if name.endswith(".py") and module in needed:
            data = pyc(zin.read(entry), f"{src}/{name}")
            zout.writestr(zipfile.ZipInfo(name[:-3] + ".pyc", entry.date_time), data,
                          zipfile.ZIP_DEFLATED)
            compiled += 1
        elif name.startswith(TRIM) and module not in needed:
            trimmed += 1
        else:
            zout.writestr(entry, zin.read(entry), entry.compress_type)
            kept += name.endswith(".py")

    # The engine itself, compiled, in the same zip: no wheel to fetch and unpack before the
    # import, one request fewer. Its data files (the message catalogues) go in as they are;
    # zipimport reads them through importlib.resources.
    engine = 0
    with zipfile.ZipFile("/tmp/engine.whl") as zwheel:
        for entry in zwheel.infolist():
            name = entry.filename
            if ".dist-info/" in name:
                continue
            data = zwheel.read(entry)
            if name.endswith(".py"):
                site = os.path.join(os.path.dirname(cardgame.__path__[0]), name)
                zout.writestr(zipfile.ZipInfo(name[:-3] + ".pyc", entry.date_time),
                              pyc(data, site), zipfile.ZIP_DEFLATED)
                engine += 1
            else:
                zout.writestr(zipfile.ZipInfo(name, entry.date_time), data, zipfile.ZIP_DEFLATED)

json.dumps({"python": sys.version.split()[0], "engine_in_stdlib": True,
            "stdlib_compiled": compiled,
            "stdlib_sources_kept": kept, "stdlib_trimmed": trimmed, "engine_compiled": engine})
`);

mkdirSync(outDir, { recursive: true });
writeFileSync(resolve(outDir, "python_stdlib.zip"), pyodide.FS.readFile("/tmp/python_stdlib.zip"));
const manifest = {
  pyodide_version: pyodideVersion,
  wheel: basename(wheelPath),
  wheel_sha256: createHash("sha256").update(wheelBytes).digest("hex"),
  ...JSON.parse(summary),
};
writeFileSync(resolve(outDir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`precompiled for Python ${manifest.python}: ${manifest.stdlib_compiled} stdlib modules, ` +
  `${manifest.engine_compiled} engine modules -> ${outDir}`);
