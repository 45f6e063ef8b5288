"""The deal and the talk: dealing in rounds, the talk after each, throwing in, the catch-up
deals, the scart and the start of the play (pagat: The Deal, The Discard)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import ABANDON, ALLOW, CONTINUE, LIBER, TALK_WORDS
from .deal import catch_up_methods, SCART_SIZE, schedule
from .errors import Message, msg
from .tables import (_by_suit, _CONTINUE_ABANDON, _JACK, _KING, _said, _TRUMP_IDS, DEALER_CHOICE,
                     PLAY, SCART, TALK, THROWN_IN)


_PLANS: dict[tuple[int, str, int], list[Any]] = {}


def _deal_plan(n: int, method: str, dealer: int) -> list[Any]:
    """Per round of the deal (deal.schedule): the batches by seat, and where each seat's
    batch lies in the deck as (seat, start, end) in dealing order. The same for every hand with
    these players, method and dealer, so made once."""
    plan = _PLANS.get((n, method, dealer))
    if plan is None:
        order = [(dealer + 1 + i) % n for i in range(n)]  # the dealer's right first
        plan, pos = [], 0
        for batches in schedule(n, method):
            cuts = []
            for p, count in zip(order, batches):
                cuts.append((p, pos, pos + count))
                pos += count
            plan.append((dict(zip(order, batches)), tuple(cuts)))
        _PLANS[n, method, dealer] = plan
    return plan


if TYPE_CHECKING:  # what the hand's parts share, for mypy; at run time the base is object
    from .hand_state import HandState
else:
    HandState = object


class Dealing(HandState):
    """A part of :class:`troccas.hand.Hand`: a mixin whose methods use the hand's state."""

    __slots__ = ()

    def _deal_demands(self) -> list[int]:
        """Seats of a side far enough behind to demand a shorter deal (first to speak first)."""
        if self.n != 4 or not self.rules.catch_up_deals:
            return []
        for side in range(2):
            if catch_up_methods(self.totals, side, self.rules.catch_up_measure):
                return [p for p in self.talk_order if self.side_of[p] == side]
        return []

    def _deal_options(self) -> list[str]:
        side = self.side_of[self._to_move]
        return ["three_rounds"] + catch_up_methods(self.totals, side,
                                                   self.rules.catch_up_measure)

    def _begin_deal(self, method: str, demanded_by: int | None = None) -> None:
        self.method = method
        self.rounds = schedule(self.n, method)
        if demanded_by is not None:
            self.events.append({"type": "deal_method", "player": demanded_by, "method": method})
        self._deal_round()

    def _deal_round(self) -> None:
        r = self.round
        batches, cuts = _deal_plan(self.n, self.method, self.dealer)[r]
        self.round = r = r + 1
        deck, held = self.deck, self._pre
        for p, start, end in cuts:
            held[p] += deck[start:end]
        self.deal_pos = cuts[-1][2]
        last = r == len(self.rounds)
        if last:
            face_up = self.face_up
            for p, _start, end in cuts:
                face_up[p] = deck[end - 1]  # pagat: the last card to each is shown
        self.events.append({"type": "deal_round", "round": r, "batches": batches.copy()})
        if self.talks:
            self.phase = TALK
            self.talk_i = 0
            self._to_move = self.talk_order[0]
        elif not last:
            self._deal_round()
        else:
            self._after_deal()

    @property
    def dealt(self) -> list[list[int]]:
        """The cards each seat has been dealt so far, in the order received."""
        out: list[list[int]] = [[] for _ in range(self.n)]
        pos = 0
        for batches in self.rounds[:self.round]:
            for p, count in zip(self.talk_order, batches):
                out[p] += self.deck[pos:pos + count]
                pos += count
        return out

    def _talk_choices(self) -> tuple[int, ...]:
        if self.talk_i == self.n - 1:
            return _CONTINUE_ABANDON
        if self.talk_i == 2 and self.rules.throw_in == "veto":
            return (CONTINUE, LIBER)
        return (CONTINUE, ALLOW)

    def _talk(self, aid: int) -> None:
        p = self._to_move
        self.events.append({"type": "talk", "player": p, "decision": TALK_WORDS[aid],
                            "round": self.round})
        if aid == ABANDON:
            return self._throw_in(msg("talk#abandoned"))
        if aid == CONTINUE:
            self.dealer_asked = p == self.dealer
            return self._talk_done()
        self.talk_i += 1
        self._to_move = self.talk_order[self.talk_i]

    def _talk_done(self) -> None:
        if self.round < len(self.rounds):
            return self._deal_round()
        if _TRUMP_IDS.isdisjoint(self._pre[self.dealer]) and not self.dealer_asked:
            self.phase = DEALER_CHOICE  # pagat: only the dealer has this privilege
            self._to_move = self.dealer
            return
        self._after_deal()

    def _dealer_choice(self, aid: int) -> None:
        self.events.append({"type": "dealer_choice", "player": self.dealer,
                            "decision": TALK_WORDS[aid]})
        if aid == ABANDON:
            return self._throw_in(msg("talk.dealer_no_trump#abandoned"))
        self._after_deal()

    def _throw_in(self, why: Message) -> None:
        self.phase = THROWN_IN
        self._to_move = -1
        self.events.append(_said({"type": "thrown_in"}, why))

    def _after_deal(self) -> None:
        if SCART_SIZE[self.n]:
            self.phase = SCART
            self._to_move = self.dealer
        else:
            self._start_play()

    def _scart(self, cid: int) -> None:
        self._pre[self.dealer].remove(cid)
        self.scart.append(cid)
        if len(self.scart) == SCART_SIZE[self.n]:
            self.events.append({"type": "scart", "player": self.dealer, "count": len(self.scart)})
            self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY
        self._to_move = self.leader
        # Each hand also as sorted id lists per suit (index FOOL_SUIT for the Fool), kept in
        # step with the masks, so that legal_action_ids never decodes a mask.
        self._held = held = [_by_suit(sorted(cards)) for cards in self._pre]
        # Bit s: the seat was dealt king and jack of suit s (buob.king_jack). Written out: this
        # runs once a hand, and a generator over the four suits cost more than the deal.
        k0, k1, k2, k3 = _KING
        j0, j1, j2, j3 = _JACK
        self._kj = [(k0 in c and j0 in c) | (k1 in r and j1 in r) << 1 | (k2 in s and j2 in s) << 2
                    | (k3 in b and j3 in b) << 3 for c, r, s, b, _, _ in held]
