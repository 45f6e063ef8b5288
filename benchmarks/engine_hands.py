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

``--floor`` also runs the same loop over a stripped game, the least a pure-Python hand of 78
cards can cost (see ``_Floor``): it bounds what any engine of this shape can reach against
OpenSpiel in CPython.

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


_FLOOR_SUIT = (5,) + (4,) * 21 + (0,) * 14 + (1,) * 14 + (2,) * 14 + (3,) * 14


class _Floor:
    """A stripped 4-player game of 78 cards through the same calls: 19 cards each dealt in one
    go, two left aside, no talk, scart, buob, Fool or count, no events and no history. It keeps
    only what any engine must: the cards as per-suit lists, follow suit / trump / anything, the
    check that a card is legal, and each trick's cards and winner (by card id, not the real
    ranking). No real engine can do less per hand, so its rate bounds the ratio any pure-Python
    engine of this shape reaches against OpenSpiel here."""

    __slots__ = ("held", "to", "led", "cards", "players", "tricks", "done")

    def __init__(self, deck) -> None:
        held: list[list[list[int]]] = [[[], [], [], [], [], []] for _ in range(4)]
        for i, c in enumerate(deck[:76]):
            held[i % 4][_FLOOR_SUIT[c]].append(c)
        for h in held:
            for ids in h:
                ids.sort()
        self.held, self.to, self.led, self.done = held, 0, -1, False
        self.cards: list[int] = []
        self.players: list[int] = []
        self.tricks: list[tuple[list[int], list[int], int]] = []

    def is_terminal(self) -> bool:
        return self.done

    def legal_action_ids(self):
        h, led = self.held[self.to], self.led
        if led >= 0 and ((ids := h[led]) or led != 4 and (ids := h[4])):
            return (0, *ids) if h[5] else tuple(ids)
        return (*h[5], *h[4], *h[0], *h[1], *h[2], *h[3])

    def apply_action(self, aid: int):
        p, led = self.to, self.led
        h = self.held[p]
        s = _FLOOR_SUIT[aid]
        if aid not in h[s] or not (led < 0 or s == led or s == 5 or not h[led]
                                   and (s == 4 or not h[4])):
            raise ValueError(aid)
        h[s].remove(aid)
        self.players.append(p)
        self.cards.append(aid)
        if led < 0 and aid:
            self.led = s
        if len(self.cards) < 4:
            self.to = (p + 1) % 4
            return ()
        winner = self.players[self.cards.index(max(self.cards))]
        self.tricks.append((self.players, self.cards, winner))
        self.players, self.cards, self.led, self.to = [], [], -1, winner
        self.done = not any(self.held[winner])
        return ()


def floor_rate(seconds: float) -> tuple[float, int]:
    """troccas_rate's loop over _Floor: the same shuffle, the same calls."""
    rng = random.Random(1)
    rand = rng.random
    pack = range(N_CARDS)
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        keys = [rand() for _ in pack]
        hand = _Floor(sorted(pack, key=keys.__getitem__))
        while not hand.is_terminal():
            ids = hand.legal_action_ids()
            hand.apply_action(ids[int(rand() * len(ids))])
        done += 1
    return done / (time.process_time() - start), done


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
    ap.add_argument("--floor", action="store_true",
                    help="also the stripped game's rate: the bound on any pure-Python engine")
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
    if args.floor:
        low, k = floor_rate(args.seconds)
        print(f"floor: stripped 78-card game, same loop: {low:8.0f} hands/s ({k} hands)")
        print(f"ratio troccas / floor: {ours / low:.2f}")
        if other is not None:
            print(f"ratio floor / openspiel: {low / other[0]:.2f}")
    if args.parts:
        troccas_parts()


if __name__ == "__main__":
    main()
