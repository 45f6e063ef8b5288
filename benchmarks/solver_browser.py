"""The endgame solver in the browser: real Pyodide in Debian's Chromium.

    .venv/bin/python benchmarks/solver_browser.py [--site build/test-sites/troccas] [--positions 30]
                                                 [--tricks 6]

The positions of benchmarks/solver.py (deals from 1000 played by the baseline bots to N tricks
from the end), each as the hand's record up to that moment. Serves the built site, opens a page
in Chromium (benchmarks/browser.py), waits for ``<html data-engine="ready">`` and times ``await cardsite.call("solve",
{record})`` in the page: the message to the site's engine worker, the record replayed, the
solve, the answer back. Each answer must be CPython's. Prints median, 95th percentile and max
in ms (target at 6 tricks: p95 <= 250 ms).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine" / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from browser import built_site, engine_page, summary, time_calls  # noqa: E402
from solver import positions  # noqa: E402

TARGET_MS = 250


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", default="build/test-sites/troccas")
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--tricks", type=int, default=6)
    args = ap.parse_args()
    from troccas import api, endgames
    from troccas.record import HandRecord
    site = built_site(args.site, "make test (or make .cache/stamps/test-site-troccas)")
    hands = [endgames.deal_to(d, args.tricks) for d in positions(args.tricks, args.positions)]
    records = [HandRecord.from_hand(h).to_json() for h in hands if h is not None]  # all reach it
    want = [api.call("solve", record=r)["values"] for r in records]
    with engine_page(site, "/puzzles/endgames/") as page:
        calls = [{"record": r} for r in records]
        time_calls(page, "solve", calls[:1])  # the first call imports the solver
        timed = [(ms, r["values"]) for ms, r in time_calls(page, "solve", calls)]
    same = sum(1 for (_, got), w in zip(timed, want) if got == w)
    res = summary([t for t, _ in timed])
    print(f"command: .venv/bin/python benchmarks/solver_browser.py --site {args.site}"
          f" --positions {args.positions} --tricks {args.tricks}")
    verdict = "ok" if res["p95"] <= TARGET_MS else "OVER TARGET"
    print(f"solve, {args.tricks} tricks from the end, through cardsite.call('solve') in Pyodide"
          f" in Chromium: n={res['n']} median {res['median']:.1f} ms, p95 {res['p95']:.1f} ms,"
          f" max {res['max']:.1f} ms [{verdict}, target p95 <= {TARGET_MS} ms at 6 tricks];"
          f" {same}/{len(records)} answers the same as CPython's")
    return 0 if same == len(records) else 1


if __name__ == "__main__":
    sys.exit(main())
