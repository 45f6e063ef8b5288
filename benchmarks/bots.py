"""The bots measured: strength, decision time in CPython, and a long legality run.

    nice .venv/bin/python benchmarks/bots.py strength [--pair search,baseline] [--deals 1000] [--seed 1]
    nice .venv/bin/python benchmarks/bots.py timing [--decisions 300] [--seed 1]
    nice .venv/bin/python benchmarks/bots.py legality [--hands 10000] [--search-hands 200] [--seed 1]

* ``strength``: ``troccas arena A B`` for each pair (search–random, search–baseline,
  baseline–random, or the one ``--pair``): every deal (from a fixed seed) is played twice with
  the sides swapped, and the score per hand of A's side is averaged over the two seatings, which
  cancels most of the luck of the cards. Prints mean and 95% confidence interval, and a running
  line every 25 deals (so a log of a long run shows where it got to).
* ``timing``: CPU time of the search bot's real decisions (a card to play with more than one
  legal card) in hands played by four search bots: median, 95th percentile, max, in ms
  (target: a decision <= 100 ms).
* ``legality``: ``--hands`` hands of 3 to 6 players with random and baseline bots in every
  seat mix, and ``--search-hands`` more with search bots (slower): each bot's choice is checked
  to be among the legal actions before it is applied, each finished hand's card points must
  add up to the pack's total for its counting method, and a record of it must replay to the
  same score.

Results also go to benchmarks/results/bots-<what>-<time>.json (git-ignored).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine" / "src"))

from troccas import api  # noqa: E402
from troccas.bots.arena import arena, mean_ci  # noqa: E402
from troccas.bots.base import get_bot  # noqa: E402
from troccas.hand import Hand  # noqa: E402
from troccas.record import HandRecord  # noqa: E402
from saved import save_result  # noqa: E402

PAIRS = (("search", "random"), ("search", "baseline"), ("baseline", "random"))


def _save(what: str, data: dict) -> None:
    save_result(f"bots-{what}", data)


def strength(args) -> int:
    pairs = [tuple(args.pair.split(","))] if args.pair else PAIRS
    rows = []
    for a, b in pairs:
        t0 = time.process_time()

        def progress(i, xs, a=a, b=b):
            if (i + 1) % 25 == 0:
                m, h = mean_ci(xs)
                print(f"  {a} v {b}: {i + 1} deals, {m:+.3f} ± {h:.3f}", flush=True)
        xs = arena(a, b, args.deals, args.seed, on_hand=progress)
        m, h = mean_ci(xs)
        rows.append({"a": a, "b": b, "deals": len(xs), "hands": 2 * len(xs), "mean": m,
                     "ci95": [m - h, m + h], "cpu_s": time.process_time() - t0})
    print(f"command: nice .venv/bin/python benchmarks/bots.py strength"
          f"{' --pair ' + args.pair if args.pair else ''} --deals {args.deals} --seed {args.seed}")
    print(f"{'A v B':22s} {'deals':>6s} {'mean/hand for A':>16s} {'95% interval':>20s}")
    for r in rows:
        lo, hi = r["ci95"]
        print(f"{r['a'] + ' v ' + r['b']:22s} {r['deals']:6d} {r['mean']:+16.2f}"
              f"   [{lo:+.2f}, {hi:+.2f}]")
    _save("strength", {"seed": args.seed, "rows": rows})
    return 0


def timing(args) -> int:
    bot = get_bot("search")
    times: list[float] = []
    i = 0
    while len(times) < args.decisions:
        hand = Hand(4, i % 4, seed=f"timing/{args.seed}/{i}")
        while not hand.is_terminal():
            seat = hand.current_player
            rng = random.Random(f"{args.seed}/{i}/{hand.action_count}")
            real = hand.phase == "play" and len(hand.legal_action_ids()) > 1
            t0 = time.process_time()
            choice = bot.choose(hand, seat, rng)
            if real:
                times.append((time.process_time() - t0) * 1000)
            hand.apply_action(choice.aid)
        i += 1
    times.sort()
    p95 = times[int(0.95 * len(times)) - 1]
    res = {"decisions": len(times), "median_ms": statistics.median(times), "p95_ms": p95,
           "max_ms": times[-1], "hands": i}
    print(f"command: nice .venv/bin/python benchmarks/bots.py timing --decisions {args.decisions}"
          f" --seed {args.seed}")
    print(f"search decisions in CPython {sys.version.split()[0]} (CPU time, {len(times)} real"
          f" decisions in {i} hands): median {res['median_ms']:.1f} ms, p95 {p95:.1f} ms,"
          f" max {times[-1]:.1f} ms [{'ok' if p95 <= 100 else 'OVER 100 ms'}]")
    _save("timing", res)
    return 0


def check_hand(bots, seed, players, dealer) -> Hand:
    """Play a hand, checking each choice is legal before it is applied; then the points."""
    hand = Hand(players, dealer, seed=seed)
    while not hand.is_terminal():
        seat = hand.current_player
        rng = random.Random(f"{seed}/{hand.action_count}")
        choice = bots[seat].choose(hand, seat, rng)
        if choice.aid not in hand.legal_action_ids():
            raise AssertionError(f"illegal: seed {seed} seat {seat} {hand.action(choice.aid)}")
        hand.apply_action(choice.aid)
    if hand.result is not None:
        pts = hand.result["points"]
        total = api.call("facts", players=players)["pack_total"][hand.result["method"]]
        if sum(pts) != total:
            raise AssertionError(f"points {pts} do not add up to {total}: seed {seed}")
        again = HandRecord.from_hand(hand, seed=seed).replay()
        assert again.result is not None and hand.result is not None
        assert again.result["scores"] == hand.result["scores"]
    return hand


def legality(args) -> int:
    kinds = ("random", "baseline")
    t0 = time.process_time()
    n = thrown = 0
    for i in range(args.hands + args.search_hands):
        players = 3 + i % 4
        r = random.Random(f"mix/{args.seed}/{i}")
        names = [r.choice(kinds) for _ in range(players)]
        if i >= args.hands:
            names[r.randrange(players)] = "search"
        h = check_hand([get_bot(x) for x in names], f"legal/{args.seed}/{i}", players,
                       i % players)
        n += 1
        thrown += h.result is None
        if n % 1000 == 0:
            print(f"  {n} hands, no illegal action, points add up", flush=True)
    res = {"hands": n, "search_hands": args.search_hands, "thrown_in": thrown,
           "cpu_s": time.process_time() - t0}
    print(f"command: nice .venv/bin/python benchmarks/bots.py legality --hands {args.hands}"
          f" --search-hands {args.search_hands} --seed {args.seed}")
    print(f"{n} hands of 3-6 players ({args.search_hands} with a search bot): no illegal"
          f" action; card points add up in all {n - thrown} played out ({thrown} thrown in)")
    _save("legality", res)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    s = sub.add_parser("strength")
    s.add_argument("--pair", help="A,B (default: the three pairs)")
    s.add_argument("--deals", type=int, default=1000)
    s.add_argument("--seed", default="1")
    t = sub.add_parser("timing")
    t.add_argument("--decisions", type=int, default=300)
    t.add_argument("--seed", default="1")
    g = sub.add_parser("legality")
    g.add_argument("--hands", type=int, default=10000)
    g.add_argument("--search-hands", type=int, default=200)
    g.add_argument("--seed", default="1")
    args = ap.parse_args()
    return {"strength": strength, "timing": timing, "legality": legality}[args.what](args)


if __name__ == "__main__":
    sys.exit(main())
