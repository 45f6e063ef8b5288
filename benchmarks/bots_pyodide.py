"""Bot decision time, both games: real Pyodide in Debian's Chromium, and CPython.

    .venv/bin/python benchmarks/bots_pyodide.py [--positions 60] [--seed 1] [--no-browser]
        [--troccas-site build/test-sites/troccas] [--truc-site build/test-sites/truc]

Positions are hands cut at a random action where the seat to act has a real choice (more than
one legal action), drawn from the engines' own random hands (Troccas ``random_hand``; Truc
hands played by the bettors, sometimes at random; benchmarks/positions.py). At each, the
decision the Play page asks the engine for, ``cardsite.call("bot_action", {record, bot, seed, viewer})`` — the message to the
site's engine worker, the record replayed, the bot's choice, the answer back — timed in
Chromium on the game's test site, and the same call in CPython:

* Troccas: bot ``search`` said to the seat (the coach's hint: the search and its principle)
  and bot ``baseline`` (the table's bots), on build/test-sites/troccas, /play/;
* Truc: bot ``bettor`` said to the seat (the coach's hint and the betting bot at the table),
  on build/test-sites/truc, a page whose engine worker loads.

Each browser answer must equal CPython's (the bots are seeded). Prints per game and bot the
median, p95 and max in ms (CPython: CPU time, as the machine is shared; the browser: the wall
clock of each call, as the page waits for it) (targets: p95 <= 100 ms in CPython, <= 300 ms in Pyodide) and the
count of answers equal; results also go to benchmarks/results/bots-<time>.json (git-ignored).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine" / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import positions  # noqa: E402
from browser import built_site, engine_page, find_engine_page, summary, time_calls  # noqa: E402
from saved import save_result

TARGET_CPY_MS, TARGET_PYODIDE_MS = 100, 300


def truc_positions(n: int, seed: int) -> list[dict[str, Any]]:
    out = [rec for rec, _ in positions.truc(n, seed, "bots")]
    from truc import api
    assert api.call("table_view", record=out[0], seat=0)  # the table reads them
    return out


def calls(game: str, records: list[dict[str, Any]], bot: str) -> list[dict[str, Any]]:
    """The bot_action arguments the Play page sends: the coach's said to the seat to act."""
    if game == "troccas":
        from troccas.record import HandRecord as TR
        seats = [TR.from_json(r).replay().current_player for r in records]
    else:
        from truc.record import HandRecord as HR
        seats = [HR.from_json(r).replay().current_player for r in records]
    out = []
    for i, (rec, seat) in enumerate(zip(records, seats)):
        args: dict[str, Any] = {"record": rec, "bot": bot, "seed": i}
        if bot in ("search", "bettor"):
            args["viewer"] = seat
        out.append(args)
    return out


def cpython(game: str, items: list[dict[str, Any]]) -> list[tuple[float, dict[str, Any]]]:
    api: Any
    if game == "troccas":
        from troccas import api
    else:
        from truc import api
    out = []
    for args in items:
        # CPU time: the machine is shared, and a wall clock counts the other processes' turns
        t0 = time.process_time()
        r = api.call("bot_action", **args)
        out.append(((time.process_time() - t0) * 1000, json.loads(json.dumps(r))))
    return out


def report(where: str, timed: list[tuple[float, Any]], target: int) -> dict[str, Any]:
    res = summary([t for t, _ in timed])
    verdict = "ok" if res["p95"] <= target else "OVER TARGET"
    print(f"  {where}: n={res['n']}: median {res['median']:.1f} ms, p95 {res['p95']:.1f} ms,"
          f" max {res['max']:.1f} ms [{verdict}, target p95 <= {target} ms]")
    return res


def browser_run(site: Path, batches: list[list[dict[str, Any]]]) -> list[list[Any]]:
    path = find_engine_page(site)
    print(f"  page: {path}")
    out = []
    with engine_page(site, path) as page:
        for items in batches:
            time_calls(page, "bot_action", items[:1])  # the first call imports the bots
            out.append(time_calls(page, "bot_action", items))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--troccas-site", default="build/test-sites/troccas")
    ap.add_argument("--truc-site", default="build/test-sites/truc")
    ap.add_argument("--no-browser", action="store_true", help="CPython only")
    args = ap.parse_args()
    print(f"command: .venv/bin/python benchmarks/bots_pyodide.py --positions {args.positions}"
          f" --seed {args.seed}" + (" --no-browser" if args.no_browser else ""))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    plan = {"troccas": (args.troccas_site,
                        [rec for rec, _ in positions.troccas(args.positions, args.seed, "bots")],
                        ("search", "baseline")),
            "truc": (args.truc_site, truc_positions(args.positions, args.seed), ("bettor",))}
    results: dict[str, Any] = {}
    all_same = True
    for game, (site_arg, records, names) in plan.items():
        batches = [calls(game, records, bot) for bot in names]
        timed_browser: list[list[Any]] = []
        site = None if args.no_browser else built_site(
            site_arg, f"make .cache/stamps/test-site-{game}")
        print(f"{game}: {len(records)} positions with a choice")
        if site is not None:
            timed_browser = browser_run(site, batches)
        for i, (bot, items) in enumerate(zip(names, batches)):
            print(f" bot {bot}:")
            cpy = cpython(game, items)
            res: dict[str, Any] = {"cpython": report("CPython (CPU time)", cpy, TARGET_CPY_MS)}
            if timed_browser:
                got = timed_browser[i]
                res["pyodide"] = report("Pyodide in Chromium", got, TARGET_PYODIDE_MS)
                same = sum(1 for (_, a), (_, b) in zip(got, cpy) if a == b)
                res["same"] = same
                all_same &= same == len(items)
                print(f"  {same}/{len(items)} answers the same as CPython's")
            results[f"{game}/{bot}"] = res
    save_result("bots", results, indent=None)
    return 0 if all_same else 1


if __name__ == "__main__":
    sys.exit(main())
