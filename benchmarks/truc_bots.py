"""Truc's betting bot measured: its strength against a bot that never bets and against one that
always accepts, and the time of its decisions in CPython.

    nice .venv/bin/python benchmarks/truc_bots.py [--deals 2000] [--seed 1] [--timing 300]

* strength: ``truc arena bettor never_bets`` and ``truc arena bettor accepting``: every deal
  (from a fixed seed, the dealer turning) is played twice with the teams' seats swapped, and the
  bettor's team's points less the other's are averaged over the two seatings. Prints the mean
  per hand, its 95% interval (normal approximation) and whether the interval excludes zero.
* timing: CPU time of the bettor's decisions that weigh the odds (a bet, an answer to a bet,
  the 11's decision), in hands of four bettors: median, 95th percentile and max in ms (target:
  p95 <= 100 ms).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine" / "src"))

from truc.bots import arena, get_bot, mean_ci  # noqa: E402
from truc.hand import Hand  # noqa: E402
from truc.odds import SAMPLES  # noqa: E402
from truc.rules import Rules  # noqa: E402


def strength(b: str, deals: int, seed: int) -> None:
    start = time.process_time()

    def progress(i: int, xs: list[float]) -> None:
        if (i + 1) % 250 == 0:
            m, h = mean_ci(xs)
            print(f"  ... {i + 1} deals: {m:+.3f} ± {h:.3f}", flush=True)
    xs = arena("bettor", b, deals, seed, on_deal=progress)
    m, h = mean_ci(xs)
    verdict = "excludes zero" if m - h > 0 or m + h < 0 else "does NOT exclude zero"
    print(f"bettor against {b}: {m:+.3f} points per hand for the bettor's team, 95% interval "
          f"{m - h:+.3f} to {m + h:+.3f} ({verdict}); {deals} deals x 2 seatings = "
          f"{2 * deals} hands, {time.process_time() - start:.0f} s CPU", flush=True)


def timing(decisions: int, seed: int) -> None:
    bot = get_bot("bettor")
    times: list[float] = []
    n = 0
    while len(times) < decisions:
        hand = Hand(Rules(), n % 4, seed=f"{seed}/t{n}",
                    totals=[11, 5] if n % 10 == 9 else [0, 0])  # now and then the 11's choice
        n += 1
        while not hand.is_terminal():
            seat = hand.current_player
            rng = random.Random(f"{seed}/{seat}/{len(hand.moves)}")
            t0 = time.process_time()
            c = bot.choose(hand, seat, rng)
            dt = time.process_time() - t0
            if c.odds is not None:
                times.append(dt * 1000)
            hand.apply_action(c.aid, say=c.say)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"bettor decisions weighing the odds ({SAMPLES} sampled deals each): {len(times)} "
          f"decisions in {n} hands, median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms,"
          f" max {times[-1]:.1f} ms (target p95 <= 100 ms: "
          f"{'met' if p95 <= 100 else 'NOT met'})", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timing", type=int, default=300, help="decisions to time")
    ap.add_argument("--only", choices=("never_bets", "accepting", "timing"))
    args = ap.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on "
          f"{platform.machine()}, CPU time of this process", flush=True)
    if args.only in (None, "timing"):
        timing(args.timing, args.seed)
    for b in ("never_bets", "accepting"):
        if args.only in (None, b):
            strength(b, args.deals, args.seed)


if __name__ == "__main__":
    main()
