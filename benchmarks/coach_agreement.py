"""The coach measured (issue 29): does its card agree with the search bot's, is the principle it
states true of the position, and how long does a hint take in CPython.

    nice .venv/bin/python benchmarks/coach_agreement.py [--positions 300] [--seed 1]

Positions are random hands (``random_hand``) cut at a random action, kept when it is a real
decision for the seat to act (a card to play with more than one legal, or any other choice
with more than one action). For each position:

* the coach's hint (``bot_action``, bot ``search``, said to the seat: what the Play page asks);
* the search bot's own decision for that seat with the same seed (``bots.base.decide``: what a
  search bot plays at the table) and the baseline's (the rule of thumb);
* whether the principle the hint names is true of the position, by the principle's test on the
  engine's state (``troccas.bots.principles.holds``), never by reading the sentence; and
  whether it says why this card (a principle about the trick, the lead, the Fool, the partner,
  the count) or only that the rules allow it (follow suit, trump, any card).

Prints the agreement rates, the principles named, and the CPU time per hint and per plain
search decision (median, p95, max, in ms; the target is <= 100 ms).
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine" / "src"))

from troccas import api  # noqa: E402
from troccas.bots import principles  # noqa: E402
from troccas.bots.base import decide  # noqa: E402
from troccas.record import HandRecord  # noqa: E402

# Principles that say only what the rules allow, not why this card among those allowed.
RULE_ONLY = {"only", "follow_suit", "trump_in", "trump_led", "discard", "lead_any", "after_fool",
             "fool_any", "talk_any", "scart_any", "call_any", "choice"}


def positions(n: int, seed: int):
    rng = random.Random(seed)
    s = 0
    while n > 0:
        s += 1
        rec = api.call("random_hand", seed=f"coach-{seed}-{s}")
        rec["actions"] = rec["actions"][:rng.randrange(len(rec["actions"]))]
        hand = HandRecord.from_json(rec).replay()
        if hand.is_terminal() or len(hand.legal_action_ids()) < 2:
            continue
        n -= 1
        yield rec, hand


def pct(k: int, n: int) -> str:
    return f"{k}/{n} = {100 * k / n:.1f}%"


def ms_line(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]
    return f"median {statistics.median(xs):.1f} ms, p95 {p95:.1f} ms, max {xs[-1]:.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    n = same_search = same_base = holds = says_why = 0
    hint_ms: list[float] = []
    bot_ms: list[float] = []
    named: collections.Counter[str] = collections.Counter()
    for rec, hand in positions(args.positions, args.seed):
        seat = hand.current_player
        seed = len(rec["actions"])
        t0 = time.process_time()
        hint = api.call("bot_action", record=rec, bot="search", seed=seed, viewer=seat)
        t1 = time.process_time()
        bot, _ = decide(hand, seat, "search", seed)
        t2 = time.process_time()
        base, _ = decide(hand, seat, "baseline", seed)
        hint_ms.append(1000 * (t1 - t0))
        bot_ms.append(1000 * (t2 - t1))
        aid = next(a.id for a in hand.legal_actions() if str(a) == hint["action"])
        n += 1
        same_search += aid == bot.aid
        same_base += aid == base.aid
        pid = hint["principle"]
        named[pid] += 1
        holds += principles.holds(pid, principles.position(hand, seat), aid)
        says_why += pid not in RULE_ONLY
    print(f"positions: {n} real decisions (seed {args.seed})")
    print(f"coach's card is the search bot's card: {pct(same_search, n)}")
    print(f"coach's card is the baseline's (rule of thumb) card: {pct(same_base, n)}")
    print(f"stated principle true of the position (its state test): {pct(holds, n)}")
    print(f"principle says why this card (not only what the rules allow): {pct(says_why, n)}")
    print("principles named: " + ", ".join(f"{k} {v}" for k, v in named.most_common()))
    print(f"hint (bot_action search, with its principle), CPU: {ms_line(hint_ms)}")
    print(f"search bot decision alone, CPU: {ms_line(bot_ms)}")


if __name__ == "__main__":
    main()
