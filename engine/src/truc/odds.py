"""The chance of winning a hand from what one seat knows, by sampling.

A seat knows its own cards, every card played, how many cards each other seat holds, and the
signals its partner made (truc.signals; a partner's signal is read as true — bots only ever
signal the truth). :func:`win_chance` deals the cards it cannot see at random to the other
seats, keeping every partner's signal true, and plays each deal out with the shared card
policy (:func:`choose_card`): the share of deals its team wins is the estimate.

The rules the play-outs use are the Hand's own (``_trick_result``, ``hand_verdict``): nothing
here re-decides who takes a trick or the hand.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Sequence

from .hand import ACCEPT, PLAYBET
from .signals import rank_of

if TYPE_CHECKING:
    from .hand import Hand

SAMPLES = 120  # deals per estimate: its standard error is at most 0.046


def pays_from(stake: int, nxt: int) -> int:
    """The chance of winning, in percent (rounded), from which accepting a raise from ``stake``
    to ``nxt`` pays: accepting wins or loses ``nxt``, folding loses ``stake``, so accepting
    pays when the chance is above ``(nxt - stake) / (2 * nxt)`` (truc, "The betting": the
    folding side gives the stake in effect before the bet)."""
    return round(100 * (nxt - stake) / (2 * nxt))


def answered_stake(hand: Hand) -> int:
    """What the hand is played for if the bet waiting for its answer is accepted: the stake
    proposed, or for the French remainder what the game still needs (at least the stake)."""
    assert hand.pending is not None
    return hand.pending[1] or max(hand.stake, hand.rules.target - min(hand.totals))


def choose_card(hand: Hand, seat: int, cards: Sequence[int], trick: Sequence[tuple[int, int]],
                results: Sequence[int | None]) -> tuple[int, str]:
    """The card a plain player plays from ``cards`` to ``trick`` (the tricks so far
    ``results``), and why (a reason id, ``bot.play#<why>``): the partner already takes the
    trick — the lowest card; a card beats the trick — the cheapest such; none — the lowest.
    Leading: the lowest to the first trick, the highest once a trick is played (each of the
    later tricks may decide the hand)."""
    power = hand.pack.power
    return _pick(power, hand.team_of, seat, sorted(cards, key=lambda c: (power[c], c)), trick,
                 bool(results))


def _pick(power: Sequence[int], team_of: Sequence[int], seat: int, low_first: Sequence[int],
          trick: Sequence[tuple[int, int]], played: bool) -> tuple[int, str]:
    """:func:`choose_card` on cards sorted from the lowest (the play-outs keep them so)."""
    if len(low_first) == 1:
        return low_first[0], "only"
    if not trick:
        return (low_first[-1], "lead_high") if played else (low_first[0], "lead_low")
    top = -1
    mine = False
    theirs = False
    team = team_of[seat]
    for p, c in trick:
        pw = power[c]
        if pw > top:
            top, mine, theirs = pw, team_of[p] == team, team_of[p] != team
        elif pw == top:
            if team_of[p] == team:
                mine = True
            else:
                theirs = True
    if mine and not theirs:
        return low_first[0], "partner"
    for c in low_first:
        if power[c] > top:
            return c, "cheap"
    return low_first[0], "cannot"


def _deal_unseen(hand: Hand, seat: int, rng: random.Random,
                 musts: dict[int, list[str]]) -> list[list[int]]:
    """Every seat's cards in one sampled world: ``seat``'s own, and for the others as many
    cards as each holds from those ``seat`` has not seen, ``musts[q]`` the ranks seat q must
    hold."""
    gone = set(hand.held[seat])
    for plays, _, _ in hand.tricks:
        gone.update(c for _, c in plays)
    gone.update(c for _, c in hand.trick)
    unseen = [c for c in range(hand.pack.size) if c not in gone]
    need = sum(len(hand.held[q]) for q in range(hand.n) if q != seat)
    unseen = rng.sample(unseen, need) if not musts else rng.sample(unseen, len(unseen))
    hands: list[list[int]] = [[] for _ in range(hand.n)]
    hands[seat] = list(hand.held[seat])
    rank = hand.pack.rank_of
    for q, ranks in musts.items():  # a signalled rank first, then the rest at random
        for r in ranks:
            if len(hands[q]) < len(hand.held[q]):
                i = next((i for i, c in enumerate(unseen) if rank[c] == r), None)
                if i is not None:
                    hands[q].append(unseen.pop(i))
    for q in range(hand.n):
        if q != seat:
            k = len(hand.held[q]) - len(hands[q])
            hands[q] += unseen[:k]
            del unseen[:k]
    return hands


def partner_musts(hand: Hand, seat: int) -> dict[int, list[str]]:
    """The ranks each partner of ``seat`` still holds by the signals ``seat`` saw: a signal
    made at action i says the signaller held that rank then; it still does unless it has
    played a card of that rank since."""
    out: dict[int, list[str]] = {}
    plays = [(i, m // 1000, m % 1000) for i, m in enumerate(hand.moves)]
    for index, q, sig in hand.signals:
        if q == seat or not hand.sees_signal(seat, q):
            continue
        r = rank_of(sig, hand.pack)
        if r is None:
            continue
        played = any(p == q and hand.pack.rank_of[aid % PLAYBET] == r
                     for i, p, aid in plays if i >= index and aid < ACCEPT)
        if not played and r not in out.get(q, []):
            out.setdefault(q, []).append(r)
    return out


def play_out(hand: Hand, hands: list[list[int]]) -> int:
    """The team that wins the hand when the world ``hands`` is played to its end from here
    (every seat playing :func:`choose_card`, no more bets)."""
    power = hand.pack.power
    for h in hands:
        h.sort(key=power.__getitem__)
    return _play_on(hand, hands, list(hand.trick), [t for _, t, _ in hand.tricks],
                    hand.to_play)


def _play_on(hand: Hand, hands: list[list[int]], trick: list[tuple[int, int]],
             results: list[int | None], to_play: int) -> int:
    """:func:`play_out` from a trick under way (the hands sorted from the lowest card)."""
    n = hand.n
    power, team_of = hand.pack.power, hand.team_of
    while True:
        if len(trick) == n:
            team, lead = hand._trick_result(trick)
            results.append(team)
            won = hand.hand_verdict(results)[0]
            if won is not None:
                return won
            trick, to_play = [], lead
            continue
        card, _ = _pick(power, team_of, to_play, hands[to_play], trick, bool(results))
        hands[to_play].remove(card)
        trick.append((to_play, card))
        to_play = (to_play + 1) % n


def card_chances(hand: Hand, seat: int, rng: random.Random, samples: int = SAMPLES
                 ) -> dict[int, float]:
    """For each card ``seat`` (to play) holds, the share of sampled worlds its team wins when
    it plays that card now and everyone plays on plainly: the same worlds for every card."""
    musts = partner_musts(hand, seat)
    team = hand.team_of[seat]
    cards = sorted(set(hand.held[seat]))
    wins = dict.fromkeys(cards, 0)
    power = hand.pack.power
    results = [t for _, t, _ in hand.tricks]
    for _ in range(samples):
        world = _deal_unseen(hand, seat, rng, musts)
        for h in world:
            h.sort(key=power.__getitem__)
        for c in cards:
            hands = [list(h) for h in world]
            hands[seat].remove(c)
            trick = list(hand.trick) + [(seat, c)]
            if _play_on(hand, hands, trick, list(results), (seat + 1) % hand.n) == team:
                wins[c] += 1
    return {c: w / samples for c, w in wins.items()}


def win_chance(hand: Hand, seat: int, rng: random.Random, samples: int = SAMPLES) -> float:
    """The share of ``samples`` sampled worlds that ``seat``'s team wins (see the module)."""
    musts = partner_musts(hand, seat)
    team = hand.team_of[seat]
    wins = 0
    for _ in range(samples):
        if play_out(hand, _deal_unseen(hand, seat, rng, musts)) == team:
            wins += 1
    return wins / samples
