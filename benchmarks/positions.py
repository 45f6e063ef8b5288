"""Positions with a real choice, for the benchmarks that time or judge one decision at a time
(bots_pyodide.py, coach_agreement.py): each a hand's record cut at a random action where the
seat to act has more than one legal action, with the hand replayed to that moment.

``tag`` names the benchmark in the deals' seeds, so each benchmark keeps its own positions.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def troccas(n: int, seed: int, tag: str) -> Iterator[tuple[dict[str, Any], Any]]:
    """n Troccas positions: the engine's random hands (``random_hand``) cut at a random action."""
    from troccas import api
    from troccas.record import HandRecord
    rng = random.Random(seed)
    s = 0
    while n > 0:
        s += 1
        rec = api.call("random_hand", seed=f"{tag}-{seed}-{s}")
        rec["actions"] = rec["actions"][:rng.randrange(len(rec["actions"]))]
        hand = HandRecord.from_json(rec).replay()
        if hand.is_terminal() or len(hand.legal_action_ids()) < 2:
            continue
        n -= 1
        yield rec, hand


def truc(n: int, seed: int, tag: str, elevens: bool = False) -> Iterator[tuple[dict[str, Any], Any]]:
    """n Truc positions: hands for four (Catalan rules) played by the bettors, now and then at
    random, cut at a random action; with ``elevens``, every fifth hand has a side at eleven."""
    from truc import bots
    from truc.hand import Hand
    from truc.record import HandRecord
    rng = random.Random(seed)
    bettor, anyone = bots.get_bot("bettor"), bots.get_bot("random")
    s = 0
    while n > 0:
        s += 1
        totals = [11, rng.randrange(11)] if elevens and s % 5 == 0 else [0, 0]
        hand = Hand(None, s % 4, seed=f"{tag}-{seed}-{s}", totals=totals)
        cut = rng.randrange(1, 12)
        while not hand.is_terminal() and len(hand.moves) < cut:
            bot = anyone if rng.random() < 0.2 else bettor
            c = bot.choose(hand, hand.current_player, random.Random(f"{s}/{len(hand.moves)}"))
            hand.apply_action(c.aid, say=c.say)
        if hand.is_terminal() or len(hand.legal_action_ids()) < 2:
            continue
        n -= 1
        yield HandRecord.from_hand(hand, f"{tag}-{seed}-{s}").to_json(), hand
