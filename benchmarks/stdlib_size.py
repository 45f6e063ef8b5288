"""The Python stdlib zip the site ships, against another: size, files, and Pyodide's boot on it.

    make stdlib && .venv/bin/python benchmarks/stdlib_size.py [--runs 5] [--before ZIP] [--after ZIP]

``--after`` defaults to ``build/pyodide/python_stdlib.zip`` (``make stdlib``: the trimmed stdlib
with the engine compiled in), ``--before`` to Pyodide's stock zip (``node_modules/pyodide``,
sources only, no engine); any earlier build's zip can be given instead. For each zip: its bytes,
its bytes compressed by ``gzip -9`` (what a compressing host could send; a zip barely
compresses), its file count, and under Node (Pyodide's own Python, as ``make stdlib`` runs it)
the median over ``--runs`` fresh processes of milliseconds to ``loadPyodide`` on it, and, where
the zip holds the engine, to ``import <game>.api`` after. Results also go to
benchmarks/results/stdlib-<time>.json (git-ignored).
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import subprocess
import sys
import zipfile
from pathlib import Path
from saved import save_result

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
BOOT = """
const { loadPyodide } = await import(process.argv[1] + "pyodide.mjs");
const t0 = performance.now();
const py = await loadPyodide({ indexURL: process.argv[1], stdLibURL: process.argv[2] });
const t1 = performance.now();
let t2 = null;
if (process.argv[3]) { py.pyimport(process.argv[3] + ".api"); t2 = performance.now(); }
console.log(JSON.stringify({ boot: t1 - t0, engine: t2 === null ? null : t2 - t1 }));
"""


def measure(zip_path: Path, runs: int) -> dict:
    data = zip_path.read_bytes()
    with zipfile.ZipFile(zip_path) as zf:
        names = [n for n in zf.namelist() if not n.endswith("/")]
    game = "troccas" if any(n.startswith("troccas/") for n in names) else ""
    boots, engines = [], []
    for _ in range(runs):
        out = subprocess.run(["node", "--input-type=module", "-e", BOOT, "--",
                              str(PYODIDE) + "/", str(zip_path.resolve()), game],
                             capture_output=True, text=True, check=True, cwd=ROOT)
        line = json.loads(out.stdout.strip().splitlines()[-1])
        boots.append(line["boot"])
        if line["engine"] is not None:
            engines.append(line["engine"])
    return {"zip": str(zip_path), "bytes": len(data), "gzip9_bytes": len(gzip.compress(data, 9)),
            "files": len(names), "modules": sum(n.endswith((".py", ".pyc")) for n in names),
            "boot_ms_median": round(statistics.median(boots)),
            "import_api_ms_median": round(statistics.median(engines)) if engines else None,
            "runs": runs}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--before", type=Path, default=PYODIDE / "python_stdlib.zip")
    ap.add_argument("--after", type=Path, default=ROOT / "build" / "pyodide" / "python_stdlib.zip")
    args = ap.parse_args()
    for path in (args.before, args.after):
        if not path.is_file():
            print(f"stdlib_size: {path}: no such zip (make stdlib, make npm)", file=sys.stderr)
            return 2
    rows = {"before": measure(args.before, args.runs), "after": measure(args.after, args.runs)}
    for label, r in rows.items():
        api = f", import api {r['import_api_ms_median']} ms" if r["import_api_ms_median"] else ""
        print(f"{label:6} {r['bytes']:>9,} B  gzip -9 {r['gzip9_bytes']:>9,} B  {r['files']:>4} files "
              f"({r['modules']} modules)  Pyodide boot under Node {r['boot_ms_median']} ms{api} "
              f"(median of {r['runs']})  {r['zip']}")
    save_result("stdlib", rows, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
