"""Deals consistent with one seat's view: the search bot's worlds.

A world is a whole deck such that a hand dealt from it and replayed through the public history
(the scart cards the seat did not see filled in) looks, to that seat, exactly like the hand it
is in. What pins the unseen cards:

* the seat's own cards, where it received them in the deal;
* each card another seat played, and its face-up card, are in that seat's deal;
* a seat that failed to follow a suit holds none of it now, and one that could not follow and
  did not trump holds no trump (voids);
* the scart holds no card worth 5 (the rule of the scart);
* a dealer who was offered the dealer's choice held no trump;
* a buob call shows who held the jack called, or that it lies in the scart;
* what partners said in tschintschar: each claim (``troccas.bots.signals``) holds of the
  cards its speaker held when he said it.

Cards are placed most-constrained first, each into a random seat with room that may hold it;
claims and anything the placement cannot see (a card moved by a buob call) are checked after:
the world is replayed and kept only if the seat's view of it is the view it has.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import N_CARDS, POINTS, SUIT_OF, TRUMP
from ..deal import schedule
from ..errors import TroccasError
from ..hand import Hand
from .base import HIDDEN
from .signals import holds

if TYPE_CHECKING:
    import random

    from .base import Seen
    from .signals import Claim

_SCART, _FUTURE = -2, -3  # pseudo-seats: the scart the seat did not see, cards not dealt yet


class Sampler:
    """Built once per decision from a :class:`~troccas.bots.base.Seen`; ``world(rng)`` gives
    a replayed hand at the same point, or None when a try fails."""

    def __init__(self, view: Seen, claims: list[Claim] | None = None) -> None:
        from .base import voids
        self.view = view
        n, me = view.n, view.seat
        rounds = schedule(n, view.method)
        order = [(view.dealer + 1 + i) % n for i in range(n)]  # the dealer's right first
        # Deck positions of each seat, round by round; the face-up card is the last of the
        # last round's batch.
        self.positions: list[list[int]] = [[] for _ in range(n)]
        self.round_of: list[list[int]] = [[] for _ in range(n)]
        self.future = []
        face_pos = {}
        pos = 0
        for r, batches in enumerate(rounds):
            for p, count in zip(order, batches):
                for _ in range(count):
                    if r < view.rounds:
                        self.positions[p].append(pos)
                        self.round_of[p].append(r + 1)
                    else:
                        self.future.append(pos)
                    pos += 1
                if r == len(rounds) - 1 and r < view.rounds:
                    face_pos[p] = pos - 1
        self.face_pos = face_pos
        from ..cards import parse_id
        # Who was dealt each card seen: the first seat to play it (a take-back after king and
        # jack, or a buob, hands a played card to a hand, and it may be played again), the
        # seat showing it face up, the holder a buob call names.
        dealt_to = {c: me for c in view.dealt}
        for p, aid, sc in view.history:
            if sc or aid == HIDDEN:
                continue
            if aid < N_CARDS:
                dealt_to.setdefault(aid, p)
            elif 120 <= aid < 124:  # king and jack together
                s = aid - 120
                dealt_to.setdefault(22 + s * 14 + 13, p)
                dealt_to.setdefault(22 + s * 14 + 10, p)
        for p, t in enumerate(view.obs.face_up):
            if t is not None:
                dealt_to.setdefault(parse_id(t), p)
        scart_known = set()
        for tr in view.obs.tricks:
            b = tr.get("buob")
            if b and b.get("call") != "pass":
                jack = parse_id(b["jack"])
                if b.get("holder") is not None:
                    dealt_to.setdefault(jack, b["holder"])
                elif b.get("rule") == "buob.scart" and jack not in dealt_to:
                    scart_known.add(jack)
        fixed: list[set[int]] = [set() for _ in range(n)]
        for c, p in dealt_to.items():
            if p != me:
                fixed[p].add(c)
        mine = set(view.dealt)
        self.fixed = fixed
        scart_known -= mine
        self.scart_known = sorted(scart_known)
        known = set(mine) | scart_known
        for f in fixed:
            known |= f
        self.pool = [c for c in range(N_CARDS) if c not in known]
        self.n_scart = sum(1 for _, aid, sc in view.history if sc and aid == HIDDEN)
        need = {}
        for p in range(n):
            if p != me:
                need[p] = len(self.positions[p]) - len(fixed[p])
        if self.n_scart:
            need[view.dealer] -= self.n_scart
            need[_SCART] = self.n_scart - len(self.scart_known)
        if self.future:
            need[_FUTURE] = len(self.future)
        self.need = need
        # A view no deal can match (cards moved in ways not modelled here): no worlds, and
        # the search plays the baseline's card.
        self.impossible = any(v < 0 for v in need.values()) or \
            sum(need.values()) != len(self.pool)
        void = voids(view)
        dealer_no_trump = any(e["type"] == "dealer_choice" for e in view.obs.talk)
        self.eligible = {}
        for c in self.pool:
            s = SUIT_OF[c]
            slots = [p for p in need if p >= 0 and not (void[p] >> s & 1 if s < 5 else 0)
                     and not (dealer_no_trump and p == view.dealer and s == TRUMP)]
            if _SCART in need and POINTS[c] != 5 and not (dealer_no_trump and s == TRUMP):
                slots.append(_SCART)
            if _FUTURE in need:
                slots.append(_FUTURE)
            self.eligible[c] = slots
        # most constrained first, a fixed order so that the generator alone decides
        self.pool.sort(key=lambda c: (len(self.eligible[c]), c))
        self.claims = claims or []  # (seat, round, claim) said by others
        self.claims_of: dict[int, list[tuple[int, dict[str, Any]]]] = {}
        for p, rnd, claim in self.claims:
            if p != me:
                self.claims_of.setdefault(p, []).append((rnd, claim))
        self.last = len(rounds)
        self.ok = 0
        self.tries = 0

    def _place(self, rng: random.Random) -> dict[int, list[int]] | None:
        room = dict(self.need)
        got: dict[int, list[int]] = {p: [] for p in room}
        rand = rng.random
        for c in self.pool:
            slots = [p for p in self.eligible[c] if room[p] > 0]
            if not slots:
                return None
            total = sum(room[p] for p in slots)
            x = rand() * total
            for p in slots:
                x -= room[p]
                if x < 0:
                    break
            room[p] -= 1
            got[p].append(c)
        return got

    def _deck(self, got: dict[int, list[int]], rng: random.Random) -> list[int] | None:
        view = self.view
        deck = [0] * N_CARDS
        for x, c in zip(self.positions[view.seat], view.dealt):
            deck[x] = c
        for p in range(view.n):
            if p == view.seat:
                continue
            cards = list(self.fixed[p]) + got.get(p, [])
            if p == view.dealer and self.n_scart:
                cards += got.get(_SCART, []) + self.scart_known
            pos = self.positions[p]
            rounds = self.round_of[p]
            fp = self.face_pos.get(p)
            if fp is not None:
                from ..cards import parse_id
                token = view.obs.face_up[p]
                assert token is not None  # the seat's face-up card, at its deck position
                face = parse_id(token)
                cards.remove(face)
                deck[fp] = face
                keep = [i for i, x in enumerate(pos) if x != fp]
                pos = [pos[i] for i in keep]
                rounds = [rounds[i] for i in keep]
            cards.sort()
            rng.shuffle(cards)
            said = self.claims_of.get(p)
            if said:
                # Which of the seat's cards came in the rounds before it spoke: shuffle until
                # what it said holds of them (cheap next to a new placement).
                for _ in range(60):
                    if all(holds(claim, [c for c, r in zip(cards, rounds) if r <= rnd]
                                 + ([face] if fp is not None and rnd >= self.last else []))
                           for rnd, claim in said):
                        break
                    rng.shuffle(cards)
                else:
                    return None
            for x, c in zip(pos, cards):
                deck[x] = c
        if self.future:
            rest = sorted(got[_FUTURE])
            rng.shuffle(rest)
            for x, c in zip(self.future, rest):
                deck[x] = c
        return deck

    def world(self, rng: random.Random, tries: int = 40) -> Hand | None:
        """A hand at the seat's point, dealt from a deck consistent with its view."""
        if self.impossible:
            return None
        for _ in range(tries):
            self.tries += 1
            got = self._place(rng)
            if got is None:
                continue
            deck = self._deck(got, rng)
            if deck is None:
                continue
            hand = self._replay(deck, got.get(_SCART, []) + self.scart_known)
            if hand is not None:
                self.ok += 1
                return hand
        # No deal found that keeps what the partner said (or a person said what he liked):
        # no world, and the search plays the baseline's card rather than doubt its partner.
        return None

    def _replay(self, deck: list[int], scart: list[int]) -> Hand | None:
        view = self.view
        hand = Hand(view.n, view.dealer, deck=deck, rules=view.rules, totals=view.totals)
        scart = sorted(scart)
        try:
            for _p, aid, _sc in view.history:
                if aid == HIDDEN:
                    aid = scart.pop()
                hand.apply_action(aid)
        except (TroccasError, IndexError):
            return None
        if hand.current_player != view.obs.current_player or hand.phase != view.phase:
            return None
        obs = hand.observation(view.seat)
        if obs.tricks != view.obs.tricks or obs.trick != view.obs.trick \
                or obs.talk != view.obs.talk or obs.hand != view.obs.hand:
            return None
        return hand
