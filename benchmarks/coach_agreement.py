"""The coach measured (issue 29), in either game: does its choice agree with the bot it is built
on and with a plainer bot, is the principle it states true of the position, and how long does a
hint take in CPython.

    nice .venv/bin/python benchmarks/coach_agreement.py [--game troccas|truc] [--positions 300]
                                                        [--seed 1]

Positions, each kept when the seat to act has a real choice (more than one legal action):

* Troccas: random hands (``random_hand``) cut at a random action;
* Truc: hands for four (Catalan rules; every fifth hand with a side at eleven) played by the
  bettors, now and then at random, cut at a random action.

For each position:

* the coach's hint (``bot_action`` with the game's coach bot, Troccas ``search``, Truc
  ``bettor``, said to the seat: what the Play page asks);
* that bot's own decision for the seat with the same seed (``decide``: what it plays at the
  table), and a plainer bot's (Troccas ``baseline``, the rule of thumb; Truc ``never_bets``,
  plain play, answers by odds);
* whether the principle the hint names is true of the position, by the principle's test on the
  engine's state (``principles.holds``, Truc's on a position built afresh), never by reading
  the sentence; and whether it says why this choice (the trick, the lead, the Fool, the
  partner, the count, the odds) or only what the rules allow (follow suit, any card, ...).

Prints the agreement rates, the principles named, and the CPU time per hint and per plain
decision of the coach's bot (median, p95, max, in ms; the target is <= 100 ms).
"""

from __future__ import annotations

import argparse
import collections
import functools
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine" / "src"))

import positions as positions_of  # noqa: E402


def troccas_aid(hand: Any, action: str) -> int:
    return next(a.id for a in hand.legal_actions() if str(a) == action)


def truc_aid(hand: Any, action: str) -> int:
    return hand.parse_action(action)[1]


def troccas_holds(pid: str, hand: Any, seat: int, seed: int, aid: int) -> bool:
    from troccas.bots import principles
    return bool(principles.holds(pid, principles.position(hand, seat), aid))


def truc_holds(pid: str, hand: Any, seat: int, seed: int, aid: int) -> bool:
    from truc import principles
    return bool(principles.holds(pid, principles.position(hand, seat, seed), aid))


def troccas_decide(hand: Any, seat: int, bot: str, seed: int) -> Any:
    from troccas.bots.base import decide
    return decide(hand, seat, bot, seed)[0]


def truc_decide(hand: Any, seat: int, bot: str, seed: int) -> Any:
    from truc import bots
    return bots.decide(hand, seat, bot, seed)[0]


def troccas_api() -> Any:
    from troccas import api
    return api


def truc_api() -> Any:
    from truc import api
    return api


@dataclass(frozen=True)
class Game:
    """What the tally needs of a game, and the words its lines print."""
    api: Callable[[], Any]
    positions: Callable[[int, int], Iterator[tuple[dict[str, Any], Any]]]
    decide: Callable[[Any, int, str, int], Any]
    aid: Callable[[Any, str], int]
    holds: Callable[[str, Any, int, int, int], bool]
    coach: str  # the bot the hint asks, which the table plays too
    plain: str  # a plainer bot, for comparison
    # Principles that say only what the rules allow, not why this choice among those allowed.
    rule_only: frozenset[str]
    choice: str  # what a decision is: "card" or "action"
    coach_is: str  # the line's words for the coach's bot and the plain bot
    plain_is: str
    coach_alone: str


GAMES = {
    "troccas": Game(
        troccas_api, functools.partial(positions_of.troccas, tag="coach"), troccas_decide, troccas_aid, troccas_holds,
        coach="search", plain="baseline",
        rule_only=frozenset({"only", "follow_suit", "trump_in", "trump_led", "discard",
                             "lead_any", "after_fool", "fool_any", "talk_any", "scart_any",
                             "call_any", "choice"}),
        choice="card", coach_is="the search bot's card",
        plain_is="the baseline's (rule of thumb) card", coach_alone="search bot"),
    "truc": Game(
        truc_api, functools.partial(positions_of.truc, tag="coach", elevens=True), truc_decide, truc_aid, truc_holds,
        coach="bettor", plain="never_bets",
        rule_only=frozenset({"only", "any_card", "answer_any", "bet_any", "eleven_any", "cut",
                             "deal_three", "deal_one", "choice"}),
        choice="action", coach_is="the betting bot's (bettor at the table)",
        plain_is="the plain bot's (never_bets)", coach_alone="bettor"),
}


def pct(k: int, n: int) -> str:
    return f"{k}/{n} = {100 * k / n:.1f}%"


def ms_line(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]
    return f"median {statistics.median(xs):.1f} ms, p95 {p95:.1f} ms, max {xs[-1]:.1f} ms"


def tally(game: Game, positions: int, seed: int) -> None:
    api = game.api()
    n = same_coach = same_plain = holds = says_why = 0
    hint_ms: list[float] = []
    bot_ms: list[float] = []
    named: collections.Counter[str] = collections.Counter()
    for rec, hand in game.positions(positions, seed):
        seat = hand.current_player
        s = len(rec["actions"])
        t0 = time.process_time()
        hint = api.call("bot_action", record=rec, bot=game.coach, seed=s, viewer=seat)
        t1 = time.process_time()
        bot = game.decide(hand, seat, game.coach, s)
        t2 = time.process_time()
        plain = game.decide(hand, seat, game.plain, s)
        hint_ms.append(1000 * (t1 - t0))
        bot_ms.append(1000 * (t2 - t1))
        aid = game.aid(hand, hint["action"])
        n += 1
        same_coach += aid == bot.aid
        same_plain += aid == plain.aid
        pid = hint["principle"]
        named[pid] += 1
        holds += game.holds(pid, hand, seat, s, aid)
        says_why += pid not in game.rule_only
    print(f"positions: {n} real decisions (seed {seed})")
    print(f"coach's {game.choice} is {game.coach_is}: {pct(same_coach, n)}")
    print(f"coach's {game.choice} is {game.plain_is}: {pct(same_plain, n)}")
    print(f"stated principle true of the position (its state test): {pct(holds, n)}")
    print(f"principle says why this {game.choice} (not only what the rules allow):"
          f" {pct(says_why, n)}")
    print("principles named: " + ", ".join(f"{k} {v}" for k, v in named.most_common()))
    print(f"hint (bot_action {game.coach}, with its principle), CPU: {ms_line(hint_ms)}")
    print(f"{game.coach_alone} decision alone, CPU: {ms_line(bot_ms)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=sorted(GAMES), default="troccas")
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    tally(GAMES[args.game], args.positions, args.seed)


if __name__ == "__main__":
    main()
