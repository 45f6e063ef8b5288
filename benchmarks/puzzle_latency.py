"""Answer-check latency of the puzzles in the browser, through the real page API.

    .venv/bin/python benchmarks/puzzle_latency.py [--site build/test-sites/troccas] [--checks 100]

Serves the built site (benchmarks/browser.py), opens the buob puzzle page in Debian's
Chromium, waits for ``<html data-engine="ready">``, then times ``await cardsite.call("check",
{spec, answer})`` in the page (postMessage to the engine's worker, the engine's check, the
answer back) for:

* ``first check``: ``--checks`` different puzzles, each checked once — every authored puzzle of
  every kind, then practice seeds of every kind — so the engine builds each puzzle (a real deal
  played up to the moment, for buob and the Fool) before checking: what a reader waits for on
  pressing "Check my answer" the first time;
* ``repeat check``: ``--checks`` further answers (right ones) to puzzles already built (a reader trying again).

Prints the median and the 95th percentile of each, in milliseconds (target: under 50 ms), and
the command. Results also go to benchmarks/results/puzzle-latency-<time>.json (git-ignored).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine" / "src"))
sys.path.insert(0, str(ROOT))

from browser import built_site, engine_page, summary, time_calls  # noqa: E402
from saved import save_result

TARGET_MS = 50


def workload(n: int) -> tuple[list, list]:
    """(first checks on n different puzzles, n repeat checks), as the check call's arguments."""
    from build_tools.puzzles.load import load_puzzles
    from troccas import api

    specs = [json.loads(json.dumps(a.spec)) for kind in load_puzzles().values() for a in kind]
    seed = 0
    while len(specs) < n:
        for kind in ("buob", "fool", "count", "legal", "winner", "scart"):
            specs.append({"kind": kind, "seed": 1000 + seed})
        seed += 1
    specs = specs[:n]

    def wrong(spec):
        full = api.call("puzzle", spec=spec, answer=True)
        a = full["answer"]
        return {"number": lambda: a + 1, "cards": lambda: full["situation"].get("hand", [])[:2],
                "card": lambda: "Kc", "card_or_choice": lambda: "owed" if a != "owed" else "none"
                }[full["answer_type"]]()

    first = [{"spec": s, "answer": wrong(s)} for s in specs]
    def right(spec):
        full = api.call("puzzle", spec=spec, answer=True)
        if full["kind"] == "scart":  # the answer lists every card allowed: lay away `count`
            return full["answer"][:full["situation"]["count"]]
        return full["answer"]

    repeat = [{"spec": s, "answer": right(s)} for s in specs[:n]]
    return first, repeat


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", default="build/test-sites/troccas", help="a built site (make test builds"
                    " build/test-sites/troccas; make build builds site)")
    ap.add_argument("--checks", type=int, default=100)
    args = ap.parse_args()
    site = built_site(args.site, "make build (and pass --site site) or make test")
    first, repeat = workload(args.checks)
    with engine_page(site, "/puzzles/buob/", timeout_ms=120_000) as page:
        # warm the worker's first call
        time_calls(page, "check", [{"spec": {"kind": "winner", "seed": 0}, "answer": "Kc"}])
        t_first = [(ms, v["correct"]) for ms, v in time_calls(page, "check", first)]
        t_repeat = [(ms, v["correct"]) for ms, v in time_calls(page, "check", repeat)]
    assert all(ok for _, ok in t_repeat), "a right answer was not accepted"
    res = {"first check": summary([t for t, _ in t_first]),
           "repeat check": summary([t for t, _ in t_repeat])}
    print(f"command: .venv/bin/python benchmarks/puzzle_latency.py --site {args.site}"
          f" --checks {args.checks}")
    print(f"answer-check latency in Chromium through cardsite.call('check'), target < {TARGET_MS} ms")
    for name, r in res.items():
        verdict = "ok" if r["p95"] < TARGET_MS else "OVER TARGET"
        print(f"  {name:13s} n={r['n']:4d}  median {r['median']:7.2f} ms  p95 {r['p95']:7.2f} ms"
              f"  max {r['max']:7.2f} ms  [{verdict}]")
    save_result("puzzle-latency", {"site": str(site), **res}, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
