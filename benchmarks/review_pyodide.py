"""The whole-hand review's time per trick: real Pyodide in Debian's Chromium, and CPython.

    .venv/bin/python benchmarks/review_pyodide.py [--site build/test-sites/troccas] [--hands 3]
                                                 [--plays N] [--no-browser]

Hands of four where seat 0 plays at random and the others as the baseline bot (a reader's
hand with mistakes to find), each finished. Every trick of each is reviewed as the Play page
asks for it, ``cardsite.call("review_marks", {record, seat: 0, trick})`` — the message to the
site's engine worker, the record replayed, the trick judged (solved open in the last tricks,
played out over sampled deals before them), the answer back — and the same call in CPython.
Each browser answer must be CPython's (the deals are seeded from the record). Prints, for
each, the median, 95th percentile and max per trick in ms over the tricks with a choice (a
forced card costs nothing), and the sampled deals the tricks used (target: p95 <= 2000 ms in
Pyodide). Results also go to benchmarks/results/review-<time>.json (git-ignored).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine" / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from browser import built_site, engine_page, summary, time_calls  # noqa: E402
from saved import save_result

TARGET_MS = 2000


def hands(n: int) -> list[dict]:
    """n finished hands, seat 0 at random, the others the baseline bot."""
    from troccas import api
    out: list[dict] = []
    seed = 0
    while len(out) < n:
        rec = api.call("table_new", players=4, seed=f"review/{seed}", dealer=3)
        seed += 1
        while True:
            view = api.call("table_view", record=rec, seat=0)
            if view["phase"] in ("done", "thrown_in"):
                break
            p = view["current_player"]
            choice = api.call("bot_action", record=rec, seat=p,
                              bot="random" if p == 0 else "baseline", seed=len(rec["actions"]))
            rec = api.call("table_apply", record=rec, action=choice["action"])["record"]
        if view["phase"] == "done":
            out.append(rec)
    return out


def report(where: str, timed: list[tuple[float, dict]]) -> dict:
    chosen = [(t, r) for t, r in timed if r["verdicts"][0]["verdict"] != "forced"]
    res = summary([t for t, _ in chosen])
    sampled = [r["verdicts"][0]["samples"] for _, r in chosen
               if r["verdicts"][0]["method"] == "sampled"]
    opened = sum(1 for _, r in chosen if r["verdicts"][0]["method"] == "open")
    marks = sum(len(r["marks"]) for _, r in timed)
    verdict = "ok" if res["p95"] <= TARGET_MS else "OVER TARGET"
    print(f"{where}: per trick with a choice, n={res['n']}: median {res['median']:.0f} ms,"
          f" p95 {res['p95']:.0f} ms, max {res['max']:.0f} ms [{verdict}, target p95 <="
          f" {TARGET_MS} ms in Pyodide]; {len(sampled)} tricks over sampled deals"
          f" ({min(sampled)}-{max(sampled)} deals, median {sorted(sampled)[len(sampled) // 2]}),"
          f" {opened} solved open; {marks} marks")
    return {**res, "sampled": sampled, "open": opened, "marks": marks}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", default="build/test-sites/troccas")
    ap.add_argument("--hands", type=int, default=3)
    ap.add_argument("--plays", type=int, default=None, help="the budget of one trick (cards"
                    " played in its rollouts); the engine's default if not given")
    ap.add_argument("--no-browser", action="store_true", help="CPython only")
    args = ap.parse_args()
    from troccas import api
    from troccas.review import PLAYS
    site = None if args.no_browser else built_site(
        args.site, "make test (or make .cache/stamps/test-site-troccas)")
    records = hands(args.hands)
    items = []
    for rec in records:
        total = len(api.call("table_view", record=rec, seat=0)["tricks"])
        items += [[rec, t, args.plays] for t in range(1, total + 1)]
    print(f"command: .venv/bin/python benchmarks/review_pyodide.py --site {args.site} --hands"
          f" {args.hands}" + (f" --plays {args.plays}" if args.plays else "")
          + (" --no-browser" if args.no_browser else ""))
    print(f"budget: {args.plays or PLAYS} cards played a trick; {len(records)} hands,"
          f" {len(items)} tricks; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    cpy = []
    for rec, trick, plays in items:
        t0 = time.perf_counter()
        r = api.call("review_marks", record=rec, seat=0, trick=trick, plays=plays)
        cpy.append(((time.perf_counter() - t0) * 1000, r))
    results = {"cpython": report("CPython", cpy)}
    same = len(items)
    if site is not None:
        with engine_page(site, "/play/") as page:
            calls = [{"record": rec, "seat": 0, "trick": trick, "plays": plays}
                     for rec, trick, plays in items]
            time_calls(page, "review_marks", calls[-1:])  # the first call imports the review
            timed = time_calls(page, "review_marks", calls)
        results["pyodide"] = report("Pyodide in Chromium", timed)
        same = sum(1 for (_, got), (_, want) in zip(timed, cpy) if got == want)
        print(f"{same}/{len(items)} answers the same as CPython's")
    save_result("review", results, indent=None)
    return 0 if same == len(items) else 1


if __name__ == "__main__":
    sys.exit(main())
