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

``--parts`` then splits a Troccas deal into its parts (the benchmark's shuffle, ``Hand()``, the
deal with talk and scart, the play to the count, and the loop's own calls measured on a hand
that does nothing) and times ``clone()`` and ``observation()`` on hands in play, in µs each.
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


class _Idle:
    """The benchmark's loop around a hand that does nothing: what the calls alone cost."""

    __slots__ = ("left",)

    def __init__(self, actions: int) -> None:
        self.left = actions

    def is_terminal(self) -> bool:
        return self.left <= 0

    def legal_action_ids(self):
        return (0, 1, 2, 3, 4, 5, 6, 7)

    def apply_action(self, aid: int):
        self.left -= 1
        return ()


def troccas_parts(deals: int = 3000) -> None:
    """Per deal, in µs of CPU time: where a random hand's time goes."""
    clock = time.process_time
    rng = random.Random(2)
    rand = rng.random
    pack = range(N_CARDS)
    parts = {"shuffle": 0.0, "Hand()": 0.0, "deal, talk, scart": 0.0, "play and count": 0.0}
    actions = 0
    for seed in range(deals):
        t0 = clock()
        keys = [rand() for _ in pack]
        deck = sorted(pack, key=keys.__getitem__)
        t1 = clock()
        hand = Hand(4, seed % 4, deck=deck)
        t2 = clock()
        while not hand.is_terminal() and hand.phase != "play":
            ids = hand.legal_action_ids()
            hand.apply_action(ids[int(rand() * len(ids))])
            actions += 1
        t3 = clock()
        while not hand.is_terminal():
            ids = hand.legal_action_ids()
            hand.apply_action(ids[int(rand() * len(ids))])
            actions += 1
        t4 = clock()
        for name, dt in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
            parts[name] += dt
    idle = _Idle(actions)
    t0 = clock()
    while not idle.is_terminal():
        ids = idle.legal_action_ids()
        idle.apply_action(ids[int(rand() * len(ids))])
    loop = clock() - t0
    print(f"per deal ({deals} deals, {actions / deals:.1f} actions each), µs:")
    for name, total in parts.items():
        print(f"  {name:18} {total / deals * 1e6:7.1f}")
    print(f"  (within these, the loop's own calls, timed on a hand that does nothing:"
          f" {loop / deals * 1e6:.1f})")
    states = []
    for seed in range(40):
        hand = Hand(4, seed % 4, seed=seed)
        while not hand.is_terminal():
            if hand.phase == "play" and rand() < 0.1:
                states.append(hand.clone())
            ids = hand.legal_action_ids()
            hand.apply_action(ids[int(rand() * len(ids))])
    for name, call in (("clone()", lambda h: h.clone()),
                       ("observation(seat to act)", lambda h: h.observation(h.current_player))):
        t0 = clock()
        for _ in range(20):
            for h in states:
                call(h)
        print(f"{name} on hands in play: {(clock() - t0) / (20 * len(states)) * 1e6:.1f} µs")


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
    ap.add_argument("--parts", action="store_true", help="then a per-part breakdown in µs")
    args = ap.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, CPU time,"
          f" {args.seconds:g} s each")
    ours, n = troccas_rate(args.seconds)
    print(f"troccas  random complete 4-player hands: {ours:8.0f} hands/s ({n} hands)")
    other = openspiel_rate(args.seconds)
    if other is None:
        print("openspiel not installed (pip install open_spiel): no comparison")
    else:
        rate, m = other
        print(f"openspiel tarok, 4 players, all pass:   {rate:8.0f} games/s ({m} games)")
        print(f"ratio troccas / openspiel: {ours / rate:.2f}")
    if args.parts:
        troccas_parts()


if __name__ == "__main__":
    main()
