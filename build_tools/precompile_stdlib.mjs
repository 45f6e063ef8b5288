// Pre-compile Python for a faster start in the browser, and ship only the Python it runs.
//
//   node build_tools/precompile_stdlib.mjs ENGINE_WHEEL OUT_DIR [SITE_PYTHON_ZIP]
//
// Pyodide's stock python_stdlib.zip holds the whole standard library as .py sources (598
// modules, 3.3 MB that a host cannot compress), and every visit compiles each module Python
// imports. This script boots Pyodide's own Python (the same 3.14 that runs in the browser,
// from node_modules/pyodide) under Node and finds what the browser's Python needs by running
// it (build_tools/pyodide_needs.py): Pyodide's start-up, the engine worker's own lines, every
// call of every game's facade (the engine wheel's games and those in SITE_PYTHON_ZIP, a test
// game's package), the site's own Python the worker unpacks (SITE_PYTHON_ZIP: the puzzle
// widget, the worksheets, Jinja), each with what it imports, plus every standard module their
// code names in an import (a static scan, the safety net). It writes to OUT_DIR:
//
// * python_stdlib.zip — those standard modules only, each compiled to an unchecked-hash .pyc
//   (zipimport loads it without looking for a source), and the engine's packages compiled:
//   the site then ships no wheel. Its members are STORED, not deflated: a host's brotli or
//   gzip (the .br/.gz twins, build_tools/compress_runtime.mjs) then compresses the zip as a
//   whole, and zipimport reads a stored member without inflating it.
//   That zip is then split in two (step 2b): python_stdlib.zip keeps what the worker's start
//   imports, and python_rest.zip gets every other module, for the worker to fetch once the
//   engine is ready (build_tools/pyodide_rest.py, which goes into the first as _cardsite_rest).
// * manifest.json — Pyodide version and the source wheel's sha256, so the site build uses these
//   files only while they match (build_tools/parts/engine.py), `stdlib_modules`, the
//   standard modules kept (tests/test_stdlib_trimmed.py reads it), and `rest_modules`.
//
// Then it boots another Pyodide on python_stdlib.zip, starts every game in every language with
// the rest refused, and makes every call again with the rest: an outcome that differs (a module
// missing) fails the build with one line naming the module.

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [wheelPath, outDir, siteZipPath] = process.argv.slice(2);
if (!wheelPath || !outDir) {
  console.error("usage: node build_tools/precompile_stdlib.mjs ENGINE_WHEEL OUT_DIR [SITE_PYTHON_ZIP]");
  process.exit(2);
}
const indexURL = resolve(root, "node_modules/pyodide") + "/";
const pyodideVersion = JSON.parse(readFileSync(resolve(indexURL, "package.json"), "utf8")).version;
const { loadPyodide } = await import(resolve(indexURL, "pyodide.mjs"));
const wheelBytes = new Uint8Array(readFileSync(wheelPath));
const siteZip = siteZipPath ? new Uint8Array(readFileSync(siteZipPath)) : null;
const driver = readFileSync(resolve(root, "build_tools/pyodide_needs.py"), "utf8");

// One Pyodide as the worker has it: the engine (here from its wheel, in the site in the zip),
// the site's own Python unpacked into site-packages as the worker unpacks render.zip, and the
// driver beside, in /driver (not site-packages: it is no game's).
async function boot(options, { engine }) {
  const pyodide = await loadPyodide({ indexURL, ...options });
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  if (engine) pyodide.unpackArchive(wheelBytes, "wheel", { extractDir: site });
  if (siteZip) pyodide.unpackArchive(siteZip, "zip", { extractDir: site });
  pyodide.FS.mkdirTree("/driver");
  pyodide.FS.writeFile("/driver/pyodide_needs.py", driver);
  pyodide.globals.set("SITE", site);
  return pyodide;
}

// The Python of a Python error a page can meet (a failed import, a misspelt name): Pyodide
// formats its traceback with the traceback module, which imports more as it goes.
function errorPaths(pyodide) {
  for (const code of ["import no_such_module_here", "no_such_name_here", "(1).no_such_attr"]) {
    try { pyodide.runPython(code); } catch { /* expected */ }
  }
}

const started = performance.now();
const took = (what) => console.log(`${what}: ${Math.round(performance.now() - started)} ms`);

// 1. The static scan, in a Pyodide of its own: the scan's own imports (ast) stay out of the
// record of what the browser's Python imports.
const scanner = await boot({}, { engine: true });
const named = JSON.parse(scanner.runPython(`
import sys, json
sys.path.insert(0, "/driver")
import pyodide_needs as needs
tops = sorted(d for d in __import__("os").listdir(SITE)
              if not d.endswith((".dist-info", "__pycache__")) and not d.startswith("."))
json.dumps(sorted(needs.scan(SITE, tops)))
`));

took("static scan");

// 2. Everything run, on the stock zip: what is in sys.modules at the end is needed.
const runner = await boot({}, { engine: true });
runner.globals.set("NAMED", runner.toPy(named));
const plans = JSON.parse(runner.runPython(`
import sys, json, os, importlib
sys.path.insert(0, "/driver")
import pyodide_needs as needs
needs.import_all(set(NAMED))
plans = {}
for game in needs.games(SITE):
    langs = needs.languages(game)
    for lang in langs:
        needs.worker_python(game, lang)
    plans[game] = {"languages": langs, "made": needs.plan(game, langs)}
needs.site_python(SITE)
json.dumps(plans)
`));
errorPaths(runner);
took("every call run");
// A game outside the engine wheel comes as a wheel of its own, which the worker unpacks.
runner.unpackArchive(wheelBytes, "wheel", { extractDir: "/tmp/wheel-again" });
runner.FS.writeFile("/tmp/engine.whl", wheelBytes);

const summary = runner.runPython(`
import sys, json, os, importlib.util, zipfile
import cardgame
from importlib._bootstrap_external import _code_to_hash_pyc

needed = {m for m in sys.modules if m.split(".")[0] in sys.stdlib_module_names
          or m.split(".")[0] in ("pyodide", "_pyodide")}

# optimize=2 (python -OO): no docstrings and no asserts. Nothing in the browser reads a docstring
# (the engine's schema, which does, is written by the build's own Python), the asserts only
# restate what the tests check, and the zip is 0.23 MB smaller over the wire (brotli).
def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True, optimize=2)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

src = "/lib/python314.zip"
kept, dropped, files = [], 0, 0
with zipfile.ZipFile(src) as zin, \\
        zipfile.ZipFile("/tmp/python_stdlib.zip", "w", zipfile.ZIP_STORED) as zout:
    for entry in zin.infolist():
        name = entry.filename
        if name.endswith(".py"):
            module = name[:-3].removesuffix("/__init__").replace("/", ".")
            if module in needed:
                zout.writestr(zipfile.ZipInfo(name[:-3] + ".pyc", entry.date_time),
                              pyc(zin.read(entry), f"{src}/{name}"), zipfile.ZIP_STORED)
                kept.append(module)
                files += 1
            else:
                dropped += 1
        else:
            # A folder or a data file: kept with its package (a package's marker files).
            package = name.rstrip("/").rsplit("/", 1)[0] if not name.endswith("/") else name.rstrip("/")
            if package.replace("/", ".") in needed:
                zout.writestr(entry, zin.read(entry), zipfile.ZIP_STORED)
                files += not name.endswith("/")

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
                              pyc(data, site), zipfile.ZIP_STORED)
                engine += 1
            else:
                zout.writestr(zipfile.ZipInfo(name, entry.date_time), data, zipfile.ZIP_STORED)
            files += 1

json.dumps({"python": sys.version.split()[0], "engine_in_stdlib": True,
            "stdlib_compiled": len(kept), "stdlib_dropped": dropped, "engine_compiled": engine,
            "zip_files": files, "calls_unanswered": needs.UNANSWERED,
            "stdlib_modules": sorted(kept)})
`);

mkdirSync(outDir, { recursive: true });
const wholePath = resolve(outDir, "python_whole.zip");
writeFileSync(wholePath, runner.FS.readFile("/tmp/python_stdlib.zip"));
took("the trimmed zip written");

// 2b. What the start imports: a Pyodide on the trimmed zip runs the worker's own lines for
// every game in every language (the facade, its warm-up), reads the game's words as its first
// answer does, and formats an error; no driver, whose imports would count. That goes into
// python_stdlib.zip, all else into python_rest.zip, which the worker fetches once the engine is
// ready (build_tools/pyodide_rest.py). Data files go with their package.
// What the worker runs for one game in one language before it says "ready" (engine-worker.js),
// and the first answer's words: the start. Measured on the whole zip, then checked on the first.
const START = `
import importlib
from cardgame.messages import catalogue, set_language
def start(game, lang):
    set_language(lang)
    importlib.import_module(f"{game}.api").names()
    for name in getattr(importlib.import_module(game), "WARM_UP", ()):
        __import__(name)
    catalogue(game)  # the first answer's words: read from the zip as package data
`;
const games = Object.fromEntries(Object.entries(plans).map(([g, p]) => [g, p.languages]));
const starter = await boot({ stdLibURL: wholePath }, { engine: false });
starter.globals.set("GAMES", starter.toPy(games));
const restSource = readFileSync(resolve(root, "build_tools/pyodide_rest.py"), "utf8");
starter.FS.mkdirTree("/finder");
starter.FS.writeFile("/finder/_cardsite_rest.py", restSource);
starter.runPython(START + `
import sys
sys.path.insert(0, "/finder")
import _cardsite_rest  # the worker's first import, and what it imports
sys.path.pop(0)
for game, langs in GAMES.items():
    for lang in langs:
        start(game, lang)
import site
site.getsitepackages()
sys.version.split()
`);
errorPaths(starter);
const start = starter.runPython("import sys, json; json.dumps(sorted(sys.modules))");
took("the start's imports measured");

runner.globals.set("START", start);
runner.FS.writeFile("/tmp/pyodide_rest.py", restSource);
const split = JSON.parse(runner.runPython(`
import json, zipfile, importlib.util
from importlib._bootstrap_external import _code_to_hash_pyc
start = set(json.loads(START))

def module_of(name: str, packages: set[str]) -> str:
    # A member's module: a .pyc's own; a data file's, the package whose folder holds it
    # (<game>/messages/en.json: <game>, its folder no package of its own).
    if name.endswith(".pyc"):
        return name[:-4].removesuffix("/__init__").replace("/", ".")
    folder = name.rpartition("/")[0]
    while folder and folder not in packages:
        folder = folder.rpartition("/")[0]
    return folder.replace("/", ".")

moved = set()
with zipfile.ZipFile("/tmp/python_stdlib.zip") as whole, \
        zipfile.ZipFile("/tmp/python_start.zip", "w", zipfile.ZIP_STORED) as zstart, \
        zipfile.ZipFile("/tmp/python_rest.zip", "w", zipfile.ZIP_STORED) as zrest:
    packages = {n[:-len("/__init__.pyc")] for n in whole.namelist() if n.endswith("/__init__.pyc")}
    for entry in whole.infolist():
        if entry.filename.endswith("/"):
            continue  # no folders: one in python_stdlib.zip would make a package there of one that is not
        module = module_of(entry.filename, packages)
        if not module or module in start:
            zstart.writestr(entry, whole.read(entry))
        else:
            zrest.writestr(entry, whole.read(entry))
            if entry.filename.endswith(".pyc"):
                moved.add(module)
    source = open("/tmp/pyodide_rest.py", encoding="utf-8").read()
    source += f"\\nNAMES = frozenset({sorted(moved)!r})\\n"
    code = compile(source, "/lib/_cardsite_rest.py", "exec", dont_inherit=True, optimize=2)
    zstart.writestr(zipfile.ZipInfo("_cardsite_rest.pyc", (2020, 1, 1, 0, 0, 0)),
                    bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source.encode()), checked=False)))
json.dumps({"rest_modules": sorted(moved), "start_modules": len(start)})
`));
const zipPath = resolve(outDir, "python_stdlib.zip");
const restPath = resolve(outDir, "python_rest.zip");
writeFileSync(zipPath, runner.FS.readFile("/tmp/python_start.zip"));
writeFileSync(restPath, runner.FS.readFile("/tmp/python_rest.zip"));
rmSync(wholePath);

// 3. The check: a Pyodide booted on the trimmed zip (the engine in it, as in the site) makes
// every call again, runs the worker's lines and the site's Python; an outcome that differs
// fails the build, naming the module missing.
// python_stdlib.zip alone must start every game in every language: the rest is refused until
// then, so that a module the start needs and the split put in the rest names itself.
let failure;
try {
  const checker = await boot({ stdLibURL: zipPath }, { engine: false });
  let restAllowed = false;
  checker.pyimport("_cardsite_rest").install(() => {
    if (restAllowed) checker.FS.writeFile("/lib/python_rest.zip", readFileSync(restPath));
    return true;
  });
  checker.globals.set("PLANS", checker.toPy(plans));
  failure = checker.runPython(START + `
failure = None
for game, p in PLANS.items():
    for lang in p["languages"]:
        try:
            start(game, lang)
        except ImportError as exc:
            failure = f"{exc.name or exc}: {game}'s worker start imports it, but it went to python_rest.zip"
            break
    if failure:
        break
failure
`);
  restAllowed = true;
  failure ||= checker.runPython(`
import sys, os, importlib
sys.path.insert(0, "/driver")
import pyodide_needs as needs
failure = None
for game, p in PLANS.items():
    try:
        for lang in p["languages"]:
            needs.worker_python(game, lang)
        failure = needs.replay(game, [tuple(m) for m in p["made"]])
    except ImportError as exc:
        failure = f"{exc.name or exc}: {game}'s worker start imports it"
    if failure:
        break
if not failure:
    try:
        needs.site_python(SITE)
    except ImportError as exc:
        failure = f"{exc.name or exc}: the site's own Python imports it"
    except LookupError as exc:
        failure = f"{exc}: the site's own Python uses the codec"
failure
`);
  errorPaths(checker);
  checker.unpackArchive(wheelBytes, "wheel", { extractDir: "/tmp/wheel-again" });
} catch (err) {
  failure = `the trimmed stdlib does not boot or run: ${String(err.message || err).split("\n").filter(Boolean).pop()}`;
}
took("every call checked on the trimmed zip");
if (failure) {
  console.error(`make stdlib: the trimmed python_stdlib.zip lacks a module: ${failure}`);
  process.exit(1);
}

const manifest = {
  pyodide_version: pyodideVersion,
  wheel: basename(wheelPath),
  wheel_sha256: createHash("sha256").update(wheelBytes).digest("hex"),
  ...JSON.parse(summary),
  rest: "python_rest.zip",
  ...split,
};
writeFileSync(resolve(outDir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`precompiled for Python ${manifest.python}: ${manifest.stdlib_compiled} stdlib modules ` +
  `kept (${manifest.stdlib_dropped} left out), ${manifest.engine_compiled} engine modules, ` +
  `${split.rest_modules.length} of them in python_rest.zip, every call checked on the two zips -> ${outDir}`);
