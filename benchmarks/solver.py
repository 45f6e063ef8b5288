"""How fast the endgame solver is (issue 17): fixed positions from real deals, N tricks from
the end, solved in CPython; median and 95th percentile time and nodes per second per N.

    .venv/bin/python benchmarks/solver.py [--positions 30] [--tricks 3 4 5 6] [--each]

A position is deal D (seeded four-player deals, played by the baseline bots) at the start of
the trick N tricks from the end, as ``troccas.endgames.deal_to`` makes it; the same positions
every run. ``positions()`` and ``solve_all()`` are what a browser benchmark would call through
the facade (``endgame`` with ``{"kind": "endgame", "deal": D, "tricks": N}``).
"""

from __future__ import annotations

import argparse
import statistics
import time

from troccas import endgames
from troccas.solver import solve


def positions(tricks: int, count: int, first_deal: int = 1000) -> list[int]:
    """The first ``count`` deals from ``first_deal`` that reach a position ``tricks`` from
    the end (a thrown-in deal does not)."""
    deals: list[int] = []
    deal = first_deal
    while len(deals) < count:
        if endgames.deal_to(deal, tricks) is not None:
            deals.append(deal)
        deal += 1
    return deals


def solve_all(tricks: int, deals: list[int], each: bool = False) -> list[tuple[float, int]]:
    """(ms, nodes) of each solve, the position's set-up not timed; ``each`` prints a line per
    position as it is solved (a 10-trick solve can take minutes)."""
    out = []
    for deal in deals:
        hand = endgames.deal_to(deal, tricks)
        assert hand is not None  # positions() keeps only the deals that reach it
        t0 = time.perf_counter()
        sol = solve(hand)
        out.append(((time.perf_counter() - t0) * 1000, sol.nodes))
        if each:
            print(f"  {tricks} tricks, deal {deal}: {out[-1][0]:.0f} ms, {out[-1][1]} nodes",
                  flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--tricks", type=int, nargs="+", default=[3, 4, 5, 6])
    ap.add_argument("--each", action="store_true", help="a line per position as it is solved")
    args = ap.parse_args()
    print(f"{'tricks':>6} {'positions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}"
          f" {'nodes/s':>8}")
    for n in args.tricks:
        runs = solve_all(n, positions(n, args.positions), args.each)
        ms = sorted(t for t, _ in runs)
        p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
        rate = sum(k for _, k in runs) / (sum(ms) / 1000)
        print(f"{n:>6} {len(ms):>9} {statistics.median(ms):>10.0f} {p95:>8.0f} {ms[-1]:>8.0f}"
              f" {rate:>8.0f}")


if __name__ == "__main__":
    main()
