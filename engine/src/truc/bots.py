"""Truc's bots: a choice for the seat to act, with why.

* ``random`` — any legal action;
* ``never_bets`` — plays its cards plainly (``truc.odds.choose_card``), never bets or raises,
  and answers a bet by the odds (below);
* ``accepting`` — plays plainly, never bets, and accepts every bet;
* ``bettor`` — plays plainly and bets: it estimates its side's chance of winning the hand by
  sampling the cards it has not seen, keeping its partner's signals true (``truc.odds``);
  bets at ``BET_AT`` or more, bluffs now and then at ``BLUFF_BELOW`` or less, and answers a
  bet by the pot odds: accepting a raise from ``stake`` to ``next`` wins or loses ``next``,
  folding loses ``stake``, so accepting pays when the chance is above
  ``(next - stake) / (2 * next)``; with ``RAISE_AT`` or more it answers truc with "three if
  you play".

A bot reads only what its seat knows: its own cards, the public actions, the number of cards
each seat holds, and its partner's signals. Every plain bot but ``random`` signals the truth to
its partner: the two seats that play first to the first trick (the source's "partners" of the
"team captains", who are the last two) show, with an action, a card they keep after it.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Sequence

from cardgame.messages import Message

from .errors import TrucError, msg, quote
from .hand import (ACCEPT, BASE_STAKE, BET, BET_NAMES, CUT, CUT_ID, DEAL, DEAL_THREE, ELEVEN,
                   ELEVEN_STAKE, FOLD, INSIST, NO_REDEAL, PASS_ELEVEN, PLAY, PLAY_ELEVEN, PLAYBET,
                   REDEAL, REMAINDER, RETRUC, Hand)
from .rules import Rules
from .odds import SAMPLES, answered_stake, choose_card, pays_from, win_chance
from .signals import offered, true_of

BOTS = ("random", "never_bets", "accepting", "bettor")
BET_AT, BLUFF_BELOW, BLUFF, RAISE_AT = 0.68, 0.3, 0.2, 0.75


class Choice:
    """A bot's decision: the action id, the signal made with it (or None), why (a message),
    and the odds it weighed (``win``, ``samples``, ``stake``, ``next``) when it weighed any."""

    __slots__ = ("aid", "say", "reason", "odds")

    def __init__(self, aid: int, say: str | None, reason: Message,
                 odds: dict[str, Any] | None = None) -> None:
        self.aid, self.say, self.reason, self.odds = aid, say, reason, odds


def _bet_word(hand: Hand, stake: int) -> str:
    if stake == 0:
        return "the remainder"
    return BET_NAMES.get(stake, str(stake)) if hand.rules.betting == "catalan" else str(stake)


def signal_for(hand: Hand, seat: int, aid: int) -> str | None:
    """The true signal ``seat`` makes with ``aid``: a card it keeps after the action and has
    not signalled yet, the most telling first — by the seats that play first to the first
    trick, to their captains (truc, "Tactics of signalling and betting")."""
    if hand.n != 4 or hand.phase != PLAY or seat not in (
            (hand.dealer + 1) % 4, (hand.dealer + 2) % 4):
        return None
    kept = list(hand.held[seat])
    if aid < ACCEPT and aid % PLAYBET in kept:
        kept.remove(aid % PLAYBET)
    made = {s for _, q, s in hand.signals if q == seat}
    return next((s for s in offered(hand.pack) if s not in made and true_of(s, kept, hand.pack)),
                None)


class RandomBot:
    name = "random"

    def choose(self, hand: Hand, seat: int, rng: random.Random) -> Choice:
        ids = hand.legal_action_ids()
        return Choice(ids[int(rng.random() * len(ids))], None, msg("bot.random"))


class PlainBot:
    """The plain bots (see the module): ``bets`` whether it bets, ``answers`` how it answers a
    bet (``odds`` or ``accept``)."""

    def __init__(self, name: str, bets: bool, answers: str, samples: int = SAMPLES) -> None:
        self.name, self.bets, self.answers, self.samples = name, bets, answers, samples

    def choose(self, hand: Hand, seat: int, rng: random.Random) -> Choice:
        c = self._choose(hand, seat, rng)
        c.say = signal_for(hand, seat, c.aid)
        return c

    def _odds(self, hand: Hand, seat: int, rng: random.Random, nxt: int) -> dict[str, Any]:
        p = win_chance(hand, seat, rng, self.samples)
        return {"win": round(p, 3), "samples": self.samples, "stake": hand.stake, "next": nxt}

    def _choose(self, hand: Hand, seat: int, rng: random.Random) -> Choice:
        ph = hand.phase
        if ph == CUT:
            return Choice(CUT_ID, None, msg("bot.cut"))
        if ph == DEAL:
            return Choice(DEAL_THREE, None, msg("bot.deal"))
        if ph == REDEAL:
            return Choice(NO_REDEAL if hand.proposal is None else INSIST, None, msg("bot.redeal"))
        if ph == ELEVEN:
            return self._eleven(hand, seat, rng)
        assert ph == PLAY
        if hand.pending is not None:
            return self._answer(hand, seat, rng)
        return self._play(hand, seat, rng)

    def _eleven(self, hand: Hand, seat: int, rng: random.Random) -> Choice:
        if self.answers == "accept":
            return Choice(PLAY_ELEVEN, None, msg("bot.eleven#always"))
        # Playing wins or loses 3; passing gives the others 1: playing pays above 1/3.
        odds = self._odds(hand, seat, rng, ELEVEN_STAKE)
        need = pays_from(BASE_STAKE, ELEVEN_STAKE)
        play = odds["win"] * 100 > need
        return Choice(PLAY_ELEVEN if play else PASS_ELEVEN, None,
                      msg("bot.eleven#" + ("play" if play else "pass"), seat=seat,
                          pct=round(odds["win"] * 100), samples=odds["samples"], need=need,
                          stake=ELEVEN_STAKE), odds)

    def _answer(self, hand: Hand, seat: int, rng: random.Random) -> Choice:
        assert hand.pending is not None
        bettor = hand.pending[0]
        stake = hand.stake
        nxt = answered_stake(hand)
        if self.answers == "accept":
            return Choice(ACCEPT, None, msg("bot.answer#always", bettor=bettor))
        odds = self._odds(hand, seat, rng, nxt)
        pct = round(odds["win"] * 100)
        need = pays_from(stake, nxt)
        params = dict(seat=seat, bettor=bettor, pct=pct, samples=odds["samples"], stake=stake,
                      next=nxt, need=need)
        ids = hand.legal_action_ids()
        if self.bets and BET + RETRUC in ids and odds["win"] >= RAISE_AT:
            return Choice(BET + RETRUC, None, msg("bot.answer#raise", **params,
                                                  bet=_bet_word(hand, RETRUC)), odds)
        if odds["win"] * 100 > need:
            return Choice(ACCEPT, None, msg("bot.answer#accept", **params), odds)
        return Choice(FOLD, None, msg("bot.answer#fold", **params), odds)

    def _play(self, hand: Hand, seat: int, rng: random.Random) -> Choice:
        results = [t for _, t, _ in hand.tricks]
        card, why = choose_card(hand, seat, hand.held[seat], hand.trick, results)
        power = hand.pack.power
        top = max(hand.trick, key=lambda pc: power[pc[1]])[1] if hand.trick else None
        tok = hand.pack.said
        reason = msg(f"bot.play#{why}", card=tok[card],
                     top=tok[top] if top is not None else None)
        ids = hand.legal_action_ids()
        bets = [a for a in ids if a > BET or a == REMAINDER]
        if not (self.bets and bets):
            return Choice(card, None, reason)
        raises = [a - BET for a in bets if a > BET]
        # the smallest raise: truc, retruc, +1; a French stake at its limit: the remainder,
        # played for what the game still needs
        stake = min(raises) if raises else 0
        bet = BET + stake if raises else REMAINDER
        nxt = stake or max(hand.stake, hand.rules.target - min(hand.totals))
        odds = self._odds(hand, seat, rng, nxt)
        params = dict(seat=seat, pct=round(odds["win"] * 100), samples=odds["samples"],
                      stake=hand.stake, next=nxt, bet=_bet_word(hand, stake))
        if odds["win"] >= BET_AT:
            return Choice(bet, None, msg("bot.bet#value", **params), odds)
        if odds["win"] <= BLUFF_BELOW and rng.random() < BLUFF:
            return Choice(bet, None, msg("bot.bet#bluff", **params), odds)
        return Choice(card, None, msg("bot.bet#hold", **params, why=reason,
                                      at=round(BET_AT * 100)), odds)


def get_bot(name: object) -> RandomBot | PlainBot:
    """The bot called ``name`` (one of BOTS)."""
    if name == "random":
        return RandomBot()
    if name == "never_bets":
        return PlainBot("never_bets", bets=False, answers="odds")
    if name == "accepting":
        return PlainBot("accepting", bets=False, answers="accept")
    if name == "bettor":
        return PlainBot("bettor", bets=True, answers="odds")
    raise TrucError(msg("bot#unknown", name=quote(name), bots=", ".join(BOTS)))


def decide(hand: Hand, seat: object, bot: object, seed: object) -> tuple[Choice, int]:
    """The choice of bot ``bot`` for ``seat`` (None: the seat to act), from a generator seeded
    by ``seed``, the seat and the hand's point: the same question gets the same answer."""
    if hand.is_terminal():
        raise TrucError(msg("bot#over"))
    if seat is None:
        seat = hand.current_player
    if type(seat) is not int or seat != hand.current_player:
        raise TrucError(msg("bot#seat", seat=quote(seat), current=hand.current_player))
    player = get_bot(bot)
    from cardgame.seed import check_seed
    check_seed(seed, msg=msg, error=TrucError, none=False)
    rng = random.Random(f"{seed}/{seat}/{len(hand.moves)}")
    return player.choose(hand, seat, rng), seat


def play_hand(bots: list[RandomBot | PlainBot], hand: Hand, bot_seed: object = 0) -> Hand:
    """Let ``bots`` (one per seat) play ``hand`` to its end, each signal made with its action."""
    while not hand.is_terminal():
        seat = hand.current_player
        rng = random.Random(f"{bot_seed}/{seat}/{len(hand.moves)}")
        c = bots[seat].choose(hand, seat, rng)
        hand.apply_action(c.aid, say=c.say)
    return hand


def arena(a: str, b: str, deals: int, seed: object,
          on_deal: Callable[[int, list[float]], object] | None = None,
          rules: Rules | None = None) -> list[float]:
    """``deals`` deals, each played twice with the teams' seats swapped (bot ``a`` at seats 0
    and 2, then at 1 and 3; the dealer turning round the table from deal to deal); for each
    deal, ``a``'s team's points less ``b``'s, the mean of its two seatings (which cancels the
    luck of the cards)."""
    bot_a, bot_b = get_bot(a), get_bot(b)
    rules = rules or Rules()
    if rules.players != 4:
        raise TrucError(msg("bot#arena_players"))
    out: list[float] = []
    for i in range(deals):
        deal_seed = f"{seed}/{i}"
        pair = []
        for first in (0, 1):
            bots = [bot_a if p % 2 == first else bot_b for p in range(4)]
            h = play_hand(bots, Hand(rules, i % 4, seed=deal_seed), bot_seed=seed)
            assert h.result is not None
            pts = h.result["points"]
            pair.append(pts if h.result["team"] == first else -pts)
        out.append(sum(pair) / 2)
        if on_deal:
            on_deal(i, out)
    return out


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% confidence interval (normal approximation)."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)
