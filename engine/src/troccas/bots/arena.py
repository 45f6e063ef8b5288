"""Bot against bot: whole hands for the command line's ``play`` and ``arena`` and the
benchmarks."""

from __future__ import annotations

from typing import Any, Callable, Sequence
import math
import random

from ..hand import Hand
from ..record import HandRecord
from ..rules import Rules
from .base import Bot, get_bot


def play_hand(bots: Sequence[Bot], seed: int | str | None, players: int = 4, dealer: int = 0,
              rules: Rules | None = None, bot_seed: object = 0) -> Hand:
    """Deal from ``seed`` and let ``bots`` (one bot per seat) play the hand out. Each decision
    gets its own generator, seeded from ``bot_seed``, the seat and the action count, so a hand
    replays the same whatever bots sit elsewhere."""
    hand = Hand(players, dealer, seed=seed, rules=rules)
    while not hand.is_terminal():
        seat = hand.current_player
        rng = random.Random(f"{bot_seed}/{seed}/{seat}/{hand.action_count}")
        choice = bots[seat].choose(hand, seat, rng)
        if choice.say:
            from .signals import phrase
            hand.says[hand.action_count] = phrase(choice.say)["text"]
        hand.apply_action(choice.aid)
    return hand


def record_of(hand: Hand, seed: int | str | None) -> dict[str, Any]:
    return HandRecord.from_hand(hand, seed=seed).to_json()


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% confidence interval (normal approximation)."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def arena(a: str, b: str, hands: int, seed: object,
          on_hand: Callable[[int, list[float]], object] | None = None,
          players: int = 4) -> list[float]:
    """``hands`` deals, each played twice with the sides swapped; returns the score per hand of
    A's side for every deal (the mean of its two seatings, which cancels the luck of the cards).
    Four players: A holds seats 0 and 2, then 1 and 3."""
    if players != 4:
        raise ValueError("the arena seats two partnerships: four players")
    bot_a, bot_b = get_bot(a), get_bot(b)
    out: list[float] = []
    for i in range(hands):
        deal_seed = f"{seed}/{i}"
        pair: list[int] = []
        for first in (0, 1):
            bots = [bot_a if p % 2 == first else bot_b for p in range(4)]
            h = play_hand(bots, deal_seed, dealer=i % 4, bot_seed=seed)
            pair.append(h.returns()[first] if h.result else 0)
        out.append(sum(pair) / 2)
        if on_hand:
            on_hand(i, out)
    return out
