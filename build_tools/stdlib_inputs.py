"""The Python the browser's worker runs beside the engine wheel, in one zip, for ``make stdlib``
(build_tools/precompile_stdlib.mjs runs it under Pyodide to find the standard modules it needs):

* the site's own Python the worker unpacks (``render.zip``: the puzzle widget, the worksheets,
  Jinja and MarkupSafe), as build_tools/parts/puzzles.py makes it;
* each game's part of the worksheets (a ``worksheets.py`` given), where a site's render.zip
  puts it;
* each package given whole (a test game's, which its site ships as a wheel of its own).

    python -m build_tools.stdlib_inputs OUT.zip [PACKAGE_DIR | GAME_DIR/worksheets.py ...]

The zip is rewritten only when its content changes, so that ``make stdlib`` reruns only then.
"""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

from build_tools.parts.engine import _package_files
from build_tools.parts.puzzles import render_zip

DATE = (2020, 1, 1, 0, 0, 0)


def inputs(paths: list[str]) -> bytes:
    files: dict[str, bytes] = {}
    with zipfile.ZipFile(io.BytesIO(render_zip(None))) as zf:
        for name in zf.namelist():
            files[name] = zf.read(name)
    for arg in paths:
        path = Path(arg)
        if path.is_dir():
            for name, file in _package_files(path.resolve()).items():
                files[name] = file.read_bytes()
        elif path.name == "worksheets.py":
            files[f"build_tools/games/{path.parent.name}/worksheets.py"] = path.read_bytes()
        else:
            raise SystemExit(f"stdlib_inputs: {arg}: neither a package folder nor a worksheets.py")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(files):
            zf.writestr(zipfile.ZipInfo(name, DATE), files[name], zipfile.ZIP_DEFLATED)
    return out.getvalue()


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m build_tools.stdlib_inputs OUT.zip [PACKAGE_DIR | worksheets.py ...]",
              file=sys.stderr)
        return 2
    out = Path(argv[0])
    data = inputs(argv[1:])
    if not out.is_file() or out.read_bytes() != data:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
