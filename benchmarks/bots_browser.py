"""The search bot's decision time in the browser: real Pyodide in Debian's Chromium.

    .venv/bin/python benchmarks/bots_browser.py [--site build/test-sites/troccas] [--decisions 60]

Serves the built site (benchmarks/browser.py, as every browser benchmark), opens a page in
Chromium, waits for ``<html data-engine="ready">``, then times ``await
cardsite.call("bot_action", {record, bot: "search", seed})`` in the page — postMessage to the
site's engine worker, the record replayed, the search, the answer back — for ``--decisions``
real decisions (a card to play with more than one legal card) taken from hands four search bots
play in CPython. Each answer must be the action CPython's engine chooses for the same record and
seed (the same engine in both places). Prints median, 95th percentile and max in ms (target:
p95 <= 300 ms). Results also go to benchmarks/results/bots-browser-<time>.json (git-ignored).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine" / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from browser import built_site, engine_page, summary, time_calls  # noqa: E402
from saved import save_result

TARGET_MS = 300


def workload(n: int, seed: int) -> list:
    """[record, seed, action CPython chooses] for n real search decisions."""
    from troccas import api
    from troccas.bots.base import get_bot
    from troccas.hand import Hand
    from troccas.record import HandRecord
    bot = get_bot("search")
    out: list[list[object]] = []
    i = 0
    while len(out) < n:
        hand = Hand(4, i % 4, seed=f"browser/{seed}/{i}")
        r = random.Random(i)
        while not hand.is_terminal() and len(out) < n:
            if hand.phase == "play" and len(hand.legal_action_ids()) > 1 and r.random() < 0.3:
                rec = HandRecord.from_hand(hand, seed=None).to_json()
                want = api.call("bot_action", record=rec, bot="search", seed=i)["action"]
                out.append([rec, i, want])
            seat = hand.current_player
            hand.apply_action(bot.choose(hand, seat, random.Random(hand.action_count)).aid)
        i += 1
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", default="build/test-sites/troccas")
    ap.add_argument("--decisions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    site = built_site(args.site, "make test (or make .cache/stamps/test-site-troccas)")
    work = workload(args.decisions, args.seed)
    with engine_page(site, "/rules/counting/") as page:
        calls = [{"record": rec, "bot": "search", "seed": s} for rec, s, _ in work]
        # the first call imports the bots (and the result types): not a decision's cost
        time_calls(page, "bot_action", [{**calls[0], "seed": 0}])
        timed = [(ms, r["action"]) for ms, r in time_calls(page, "bot_action", calls)]
    same = sum(1 for (_, action), (_, _, want) in zip(timed, work) if action == want)
    res = summary([t for t, _ in timed])
    res["same_as_cpython"] = same
    print(f"command: .venv/bin/python benchmarks/bots_browser.py --site {args.site}"
          f" --decisions {args.decisions} --seed {args.seed}")
    verdict = "ok" if res["p95"] <= TARGET_MS else "OVER TARGET"
    print(f"search decision through cardsite.call('bot_action') in Pyodide in Chromium:"
          f" n={res['n']} median {res['median']:.1f} ms, p95 {res['p95']:.1f} ms,"
          f" max {res['max']:.1f} ms [{verdict}, target p95 <= {TARGET_MS} ms];"
          f" {same}/{len(work)} choices the same as CPython's")
    save_result("bots-browser", {"site": str(site), **res}, indent=1)
    return 0 if same == len(work) else 1


if __name__ == "__main__":
    sys.exit(main())
