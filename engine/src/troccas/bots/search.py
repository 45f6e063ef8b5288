"""The search bot: determinization (perfect-information Monte Carlo).

For a card to play it samples deals of the unseen cards consistent with what its seat has seen
(``troccas.bots.sampling``), plays each candidate card in each sampled deal, finishes the hand
with the baseline's heuristics for all four seats, and plays the card with the best mean score
for its side. Every candidate is tried in the same deals (common random numbers), so their
difference is measured with less noise than their values.

The work is bounded by a number of cards played in the playouts (``plays``), not by the clock,
so a seed gives the same choice on every machine; the default keeps a decision well under 100
ms in CPython. A card other than the baseline's is played only when it beats the baseline's by
more than one standard error over the sampled deals: with a few deals, noise would otherwise
overrule good rules of thumb. The talk,
the scart and the buob call are decided by the baseline: their effect shows only at the end of
a hand and a few playouts cannot measure it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..actions import KING_JACK
from ..cards import N_CARDS, SUITS, TOKEN
from ..errors import msg
from .base import Choice, Seen, seen
from .baseline import Baseline, play_card
from .sampling import Sampler

if TYPE_CHECKING:
    import random

    from ..errors import Message
    from ..hand import Hand


def rollout(hand: Hand, gone: int) -> None:
    """Finish ``hand`` with the baseline's card play at every seat (the fast form: no
    messages, no observation), any other decision by the first legal action. Each seat's
    cards are kept as a mask here, updated as it plays (a buob may move a card without it
    knowing: the heuristics only read it)."""
    side_of, n = hand.side_of, hand.n
    legal_ids, apply = hand.legal_action_ids, hand.apply_action
    masks = [hand.seat_mask(p) for p in range(n)]
    counts = [len(hand.cards_of(p)) for p in range(n)]
    while (p := hand.current_player) >= 0:
        legal = legal_ids()
        if len(legal) == 1:
            aid = legal[0]
        elif hand.phase == "play":
            aid = play_card(legal, hand.trick_players, hand.trick_cards, p, side_of, n, gone,
                            gone | masks[p], counts[p])[0]
        else:
            aid = legal[-1] if hand.phase == "call" else legal[0]
        if aid < N_CARDS:
            gone |= 1 << aid
            masks[p] &= ~(1 << aid)
            counts[p] -= 1
        apply(aid)


class Search:
    name = "search"

    def __init__(self, plays: int = 2400, worlds: int = 24) -> None:
        self.plays = plays  # cards played in all the playouts of one decision: the budget
        self.worlds = worlds  # at most this many sampled deals

    def choose(self, hand: Hand, seat: int, rng: random.Random) -> Choice:
        """The search's action, said as the first principle true of it (troccas.bots.
        principles): the reason is about the action chosen, never another; the playouts'
        figures go to ``details``."""
        from .principles import Position, explain
        view = seen(hand, seat)
        aid, say, details = self._decide(view, hand, seat, rng)
        why = explain(Position(view), aid)
        return Choice(aid, say, why.reason, why, details)

    def _decide(self, view: Seen, hand: Hand, seat: int, rng: random.Random
                ) -> tuple[int, str | None, Message | None]:
        base = Baseline()
        if view.phase != "play":
            c = base.choose(hand, seat, rng)
            return c.aid, c.say, None
        legal = view.legal_ids()
        if len(legal) == 1:
            return legal[0], None, None
        from .base import voids
        from .signals import claims_for
        from .baseline import known_mask
        hint = play_card(legal, [p for p, _ in view.trick], [c for _, c in view.trick], seat,
                         view.side_of, view.n, view.gone, known_mask(view), len(view.cards),
                         voids(view))
        sampler = Sampler(view, claims_for(view))
        # A playout costs about the cards left to play: late in the hand more deals fit the
        # same budget, early fewer, so every decision takes about the same time.
        left = len(view.cards) * view.n
        rounds = max(2, min(self.worlds, self.plays // (len(legal) * left)))
        scores: dict[int, list[int]] = {a: [] for a in legal}
        me_side = view.side_of[seat]
        for _ in range(rounds):
            world = sampler.world(rng)
            if world is None:
                break
            for a in legal:
                h = world.clone()
                h.apply_action(a)
                rollout(h, view.gone | (1 << a if a < N_CARDS else 0))
                scores[a].append(h.result["scores"][me_side] if h.result else 0)
        done = len(scores[legal[0]])
        if not done:
            return hint[0], None, None
        totals = {a: sum(v) for a, v in scores.items()}
        ranked = sorted(legal, key=lambda a: (-totals[a], a != hint[0], a))
        best = ranked[0]
        if best != hint[0] and not _clearly_better(scores[best], scores[hint[0]]):
            best = hint[0]  # a few deals are noisy: the rule of thumb stands unless beaten
        runner = max((a for a in legal if a != best), key=lambda a: totals[a])
        mean = totals[best] / done
        margin = (totals[best] - totals[runner]) / done
        if margin < 0.05:  # the card stands, but no clear winner among the deals
            return best, None, msg("bot.search#details_close", card=_named(best), samples=done,
                                   score=f"{mean:+.0f}")
        return best, None, msg("bot.search#details", card=_named(best), samples=done,
                               score=f"{mean:+.0f}", margin=f"{margin:.1f}",
                               other=_named(runner))


def _named(aid: int) -> Message:
    """What a reason calls a play: a card in words, or king and jack played together (an
    action, not a card: its id is no card's)."""
    if aid < N_CARDS:
        return msg("bot.search#a_card", card=TOKEN[aid])
    return msg("bot.search#kingjack", suit=SUITS[aid - KING_JACK])


def _clearly_better(xs: Sequence[int], ys: Sequence[int]) -> bool:
    """Whether xs beat ys, deal by deal, by more than one standard error of the mean
    difference (the same deals for both: their luck cancels)."""
    d = [x - y for x, y in zip(xs, ys)]
    n = len(d)
    m = sum(d) / n
    if m <= 0:
        return False
    if n < 2:
        return False
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return bool(m * m * n > var)
