"""Truc's coach measured (issue 29), the sibling of coach_agreement.py: does its action agree
with the betting bot's at the table, and with the plain bot that never bets; is the principle
it states true of the position; how long does a hint take in CPython.

    nice .venv/bin/python benchmarks/truc_coach_agreement.py [--positions 300] [--seed 1]

Positions are Truc hands for four (Catalan rules; every fifth hand with a side at eleven)
played by the bettors, now and then at random, cut at a random action, kept when the seat to act
has a real choice (more than one legal action). For each position:

* the coach's hint (``bot_action``, bot ``bettor``, said to the seat: what the Play page asks);
* the bettor's own decision for that seat with the same seed (``truc.bots.decide``: what the
  betting bot plays at the table) and the ``never_bets`` bot's (plain play, answers by odds);
* whether the principle the hint names is true of the position, by the principle's test on a
  position built afresh from the engine's state (``truc.principles.holds``), never by reading
  the sentence; and whether it says why this action (the trick, the first trick, the partner,
  the odds) or only that the rules allow it.

Prints the rates, the principles named, and the CPU time per hint and per plain bettor decision
(median, p95, max, in ms; the target is <= 100 ms).
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine" / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from coach_agreement import ms_line, pct  # noqa: E402
from truc import api, bots, principles  # noqa: E402
from truc.hand import Hand  # noqa: E402
from truc.record import HandRecord  # noqa: E402

# Principles that say only what the rules allow, not why this action among those allowed.
RULE_ONLY = {"only", "any_card", "answer_any", "bet_any", "eleven_any", "cut", "deal_three",
             "deal_one", "choice"}


def positions(n: int, seed: int):
    rng = random.Random(seed)
    bettor, anyone = bots.get_bot("bettor"), bots.get_bot("random")
    s = 0
    while n > 0:
        s += 1
        totals = [11, rng.randrange(11)] if s % 5 == 0 else [0, 0]
        hand = Hand(None, s % 4, seed=f"coach-{seed}-{s}", totals=totals)
        cut = rng.randrange(1, 12)
        while not hand.is_terminal() and len(hand.moves) < cut:
            bot = anyone if rng.random() < 0.2 else bettor
            c = bot.choose(hand, hand.current_player, random.Random(f"{s}/{len(hand.moves)}"))
            hand.apply_action(c.aid, say=c.say)
        if hand.is_terminal() or len(hand.legal_action_ids()) < 2:
            continue
        n -= 1
        yield HandRecord.from_hand(hand, f"coach-{seed}-{s}").to_json(), hand


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    n = same_bettor = same_plain = holds = says_why = 0
    hint_ms: list[float] = []
    bot_ms: list[float] = []
    named: collections.Counter[str] = collections.Counter()
    for rec, hand in positions(args.positions, args.seed):
        seat = hand.current_player
        seed = len(rec["actions"])
        t0 = time.process_time()
        hint = api.call("bot_action", record=rec, bot="bettor", seed=seed, viewer=seat)
        t1 = time.process_time()
        bot, _ = bots.decide(hand, seat, "bettor", seed)
        t2 = time.process_time()
        plain, _ = bots.decide(hand, seat, "never_bets", seed)
        hint_ms.append(1000 * (t1 - t0))
        bot_ms.append(1000 * (t2 - t1))
        _, aid = hand.parse_action(hint["action"])
        n += 1
        same_bettor += aid == bot.aid
        same_plain += aid == plain.aid
        pid = hint["principle"]
        named[pid] += 1
        holds += principles.holds(pid, principles.position(hand, seat, seed), aid)
        says_why += pid not in RULE_ONLY
    print(f"positions: {n} real decisions (seed {args.seed})")
    print(f"coach's action is the betting bot's (bettor at the table): {pct(same_bettor, n)}")
    print(f"coach's action is the plain bot's (never_bets): {pct(same_plain, n)}")
    print(f"stated principle true of the position (its state test): {pct(holds, n)}")
    print(f"principle says why this action (not only what the rules allow): {pct(says_why, n)}")
    print("principles named: " + ", ".join(f"{k} {v}" for k, v in named.most_common()))
    print(f"hint (bot_action bettor, with its principle), CPU: {ms_line(hint_ms)}")
    print(f"bettor decision alone, CPU: {ms_line(bot_ms)}")


if __name__ == "__main__":
    main()
