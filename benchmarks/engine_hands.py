"""Hands per second: random complete 4-player Troccas hands, and OpenSpiel's tarok beside it.

    .venv/bin/python benchmarks/engine_hands.py [--seconds 5]

Each Troccas hand is dealt from a fresh shuffle and played to the end by uniformly
random legal actions through the engine's public OpenSpiel-style calls (legal_action_ids /
apply_action): the throw-in talk, the scart, every trick, buob calls, king and jack together
and the Fool exchange included. Thrown-in deals cost their time but do not count as hands.

Where ``import pyspiel`` works (``pip install open_spiel``), the same loop runs OpenSpiel's
4-player tarok in this process: every bid "pass" (so the hand is played as klop, all 48 cards
played) and random card play, and the ratio Troccas / OpenSpiel is printed. CPU time of this
process is measured, so other load on the machine matters less.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from troccas.cards import N_CARDS  # noqa: E402
from troccas.hand import Hand  # noqa: E402


def troccas_rate(seconds: float) -> tuple[float, int]:
    rng = random.Random(1)
    rand = rng.random
    pack = range(N_CARDS)
    done = seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        keys = [rand() for _ in pack]  # a fresh shuffle from the benchmark's own generator
        hand = Hand(4, seed % 4, deck=sorted(pack, key=keys.__getitem__))
        seed += 1
        while not hand.is_terminal():
            ids = hand.legal_action_ids()
            hand.apply_action(ids[int(rand() * len(ids))])
        done += hand.phase == "done"
    return done / (time.process_time() - start), done


def openspiel_rate(seconds: float) -> tuple[float, int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("tarok", {"players": 4})
    bidding = pyspiel.TarokGamePhase.BIDDING
    rng = random.Random(1)
    rand = rng.random
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rand() * len(outcomes))][0])
                continue
            actions = state.legal_actions()
            if state.current_game_phase() == bidding:
                state.apply_action(actions[0])  # "Pass" (the last bidder: "Klop"): all pass
            else:
                state.apply_action(actions[int(rand() * len(actions))])
        done += 1
    return done / (time.process_time() - start), done


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, CPU time,"
          f" {args.seconds:g} s each")
    ours, n = troccas_rate(args.seconds)
    print(f"troccas  random complete 4-player hands: {ours:8.0f} hands/s ({n} hands)")
    other = openspiel_rate(args.seconds)
    if other is None:
        print("openspiel not installed (pip install open_spiel): no comparison")
        return
    rate, m = other
    print(f"openspiel tarok, 4 players, all pass:   {rate:8.0f} games/s ({m} games)")
    print(f"ratio troccas / openspiel: {ours / rate:.2f}")


if __name__ == "__main__":
    main()
