"""Where every benchmark keeps what it measured: benchmarks/results/<name>-<time>.json
(git-ignored), one file per run, so that runs can be compared later."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


def save_result(name: str, data: Any, indent: int | None = 1) -> Path:
    """Write ``data`` as JSON to results/<name>-<YYYYmmdd-HHMMSS>.json; returns the path."""
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"{name}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.write_text(json.dumps(data, indent=indent) + "\n", encoding="utf-8")
    return out
