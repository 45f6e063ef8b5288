"""Random Truc hands per second: each dealt from a fresh seed and played to its end by uniformly
random legal actions through the engine's calls (legal_action_ids / apply_action): the cut or
tap, the one-card deal, the 11-point decision, the bets and answers and the tricks.

    .venv/bin/python benchmarks/truc_hands.py [--seconds 3]

Beside it, the same loop over Troccas's four-player hands (benchmarks/engine_hands.py), so the
two engines on the one core are read side by side. CPU time of this process.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from truc.hand import Hand
from truc.rules import Rules


def truc_rate(seconds: float, players: int, betting: str) -> tuple[float, int, float]:
    rules = Rules(players=players, betting=betting)
    rng = random.Random(1)
    rand = rng.random
    done = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        totals = [int(rand() * 12), int(rand() * 12)]
        hand = Hand(rules, done % players, seed=done, totals=totals)
        while not hand.is_terminal():
            ids = hand.legal_action_ids()
            hand.apply_action(ids[int(rand() * len(ids))])
            actions += 1
        done += 1
    return done / (time.process_time() - start), done, actions / done


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, CPU time,"
          f" {args.seconds:g} s each")
    for players in (4, 2):
        for betting in ("catalan", "french"):
            rate, n, per = truc_rate(args.seconds, players, betting)
            print(f"truc {players} players, {betting:7s} betting: {rate:8.0f} hands/s"
                  f" ({n} hands, {per:.1f} actions each)")
    from engine_hands import troccas_rate
    ours, n = troccas_rate(args.seconds)
    print(f"troccas 4 players (for scale):          {ours:8.0f} hands/s ({n} hands)")


if __name__ == "__main__":
    main()
