"""The page scripts that Node's test runner tries (tests/js/*.test.mjs), written into a folder as
the build serves them: at their site addresses (assets/…), with their words and say() filled
in by the build's own fill_script, in English. So the tests import what a reader's browser
runs, and the scripts need no change to load in Node.

    python tests/js/prepare.py build/js-test
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from build_tools.words import fill_script  # noqa: E402

# Site address -> source, as the build's parts add them (build_tools/parts/engine.py, play.py,
# puzzles.py).
SCRIPTS = {
    "assets/js/page.js": "build_tools/static/js/page.js",
    "assets/play/link.js": "build_tools/play/static/link.js",
    "assets/puzzles/review.js": "build_tools/puzzles/static/review.js",
}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: prepare.py OUT_DIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    for uri, src in SCRIPTS.items():
        target = out / uri
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(fill_script((ROOT / src).read_text(encoding="utf-8"), "en"),
                          encoding="utf-8")
    # The scripts are ES modules, as a <script type="module"> loads them.
    (out / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
