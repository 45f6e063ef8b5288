"""Write the tschintschar phrases with their claims into the engine package, as data.

The engine cannot read the site's YAML (it has no dependencies and knows nothing of the site),
yet its bots speak and read tschintschar. So the glossary, the one source of the phrases, is
copied into ``engine/src/troccas/data/tschintschar.json``: per phrase its glossary id, the
Romansh headword and every form, the meaning the bots use with its sources, and the claim
(``troccas.bots.signals``). The file is checked in; ``--check`` (and the test suite) fails when
it is out of date with the glossary.

    python -m build_tools.glossary.tschintschar_data           # write the file
    python -m build_tools.glossary.tschintschar_data --check   # exit 1 if it is out of date
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .load import DATA_DIR, load_glossary

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "engine" / "src" / "troccas" / "data" / "tschintschar.json"


def phrases(directory: Path | str = DATA_DIR) -> dict:
    """The engine's data: every phrase of the glossary's tschintschar, in file order."""
    out = []
    for e in load_glossary(directory).kinds["tschintschar"]:
        claimed = [s for s in e["signals"] if "claim" in s]
        meaning = claimed[0] if claimed else e["signals"][0]
        out.append({
            "id": e["id"],
            "text": e["rm"][0]["text"],
            "forms": [f["text"] for f in e["rm"]],
            "meaning": meaning["text"],
            "sources": list(meaning["sources"]),
            "claim": _plain(meaning.get("claim")),
            "when": sorted({w["phase"] for w in e["when"]}),
        })
    return {"_comment": "Written by build_tools/glossary/tschintschar_data.py from "
                        "glossary/tschintschar.yaml: do not edit by hand.",
            "phrases": out}


def _plain(value):
    """YAML's line-tracking containers as plain JSON values."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def render(directory: Path | str = DATA_DIR) -> str:
    """One phrase a line, so that a change to the glossary is a readable diff."""
    data = phrases(directory)
    rows = ",\n".join("  " + json.dumps(p, ensure_ascii=False) for p in data["phrases"])
    return (f'{{\n "_comment": {json.dumps(data["_comment"], ensure_ascii=False)},\n'
            f' "phrases": [\n{rows}\n ]\n}}\n')


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    text = render()
    if "--check" in argv:
        if not TARGET.exists() or TARGET.read_text(encoding="utf-8") != text:
            print(f"{TARGET.relative_to(ROOT)} is out of date with glossary/tschintschar.yaml:"
                  " run python -m build_tools.glossary.tschintschar_data", file=sys.stderr)
            return 1
        return 0
    TARGET.parent.mkdir(exist_ok=True)
    tmp = TARGET.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(TARGET)
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
