"""A hand of the test game, in the shape every game's state has (``cardgame.state``).

Its two rules are functions returning a verdict and its reason, asked by the state, the facade
and the tests alike: :func:`may_play` (following suit) and :func:`trick_winner`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

from cardgame.state import GameState
from cardgame.verdict import Verdict

from .cards import N_CARDS, TOKENS, suit_of, rank_of
from .errors import IllegalActionError, msg
from .rules import Rules, rules_of

HAND_CARDS = 6


def may_play(card: int, held: Sequence[int], led: int | None, rules: Rules) -> Verdict:
    """Rule ``follow``: the second card of a trick follows the suit led when it can (under the
    option ``follow: suit``); any card leads a trick."""
    if card not in held:
        return Verdict(False, msg("play.not_held", card=TOKENS[card]))
    if led is None or rules.follow == "free" or suit_of(card) == suit_of(led):
        return Verdict(True, msg("play.ok", card=TOKENS[card]))
    if any(suit_of(c) == suit_of(led) for c in held):
        return Verdict(False, msg("follow.must", card=TOKENS[card], suit=suit_of(led)))
    return Verdict(True, msg("follow.cannot", card=TOKENS[card], suit=suit_of(led)))


def trick_winner(plays: Sequence[tuple[int, int]]) -> tuple[int, Verdict]:
    """Rule ``trick``: the higher card of the suit led takes the trick. ``plays`` are (seat,
    card), the lead first. Returns the winning seat and the reason."""
    led_seat, led = plays[0]
    best_seat, best = led_seat, led
    for seat, card in plays[1:]:
        if suit_of(card) == suit_of(led) and rank_of(card) > rank_of(best):
            best_seat, best = seat, card
    if best == led and len(plays) > 1 and suit_of(plays[1][1]) != suit_of(led):
        reason = msg("trick.off_suit", card=TOKENS[best], suit=suit_of(led))
    else:
        reason = msg("trick.higher", card=TOKENS[best], suit=suit_of(led))
    return best_seat, Verdict(True, reason)


@dataclass(frozen=True)
class Observation:
    seat: int
    hand: tuple[str, ...]
    trick: tuple[tuple[int, str], ...]
    taken: tuple[int, ...]
    current_player: int
    legal: tuple[str, ...]


class Hand(GameState):
    """Two players, six cards each, six tricks; each trick taken scores one."""

    def __init__(self, rules: Rules | None = None, dealer: int = 0, *,
                 seed: int | None = None) -> None:
        self.rules = rules or Rules()
        self.n = 2
        if type(dealer) is not int or dealer not in (0, 1):
            raise IllegalActionError(msg("hand#dealer", value=repr(dealer)))
        deck = list(range(N_CARDS))
        random.Random(seed).shuffle(deck)
        self.held = [sorted(deck[:HAND_CARDS]), sorted(deck[HAND_CARDS:])]
        self.dealer = dealer
        self.to_play = dealer if self.rules.lead == "dealer" else 1 - dealer
        self.trick: list[tuple[int, int]] = []
        self.taken = [0, 0]
        self.events: list[dict[str, Any]] = []

    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.to_play

    def is_terminal(self) -> bool:
        return sum(self.taken) == HAND_CARDS

    def returns(self) -> list[int]:
        return list(self.taken) if self.is_terminal() else [0, 0]

    def clone(self) -> "Hand":
        new = object.__new__(Hand)
        new.__dict__.update(self.__dict__)
        new.held = [list(h) for h in self.held]
        new.trick = list(self.trick)
        new.taken = list(self.taken)
        new.events = list(self.events)
        return new

    def observation(self, seat: int) -> Observation:
        if type(seat) is not int or seat not in (0, 1):
            raise IllegalActionError(msg("hand#seat", value=repr(seat)))
        return Observation(seat, tuple(TOKENS[c] for c in self.held[seat]),
                           tuple((p, TOKENS[c]) for p, c in self.trick), tuple(self.taken),
                           self.current_player,
                           tuple(self.legal_actions()) if self.current_player == seat else ())

    def _led(self) -> int | None:
        return self.trick[0][1] if self.trick else None

    def legal_action_ids(self) -> list[int]:
        if self.is_terminal():
            return []
        held = self.held[self.to_play]
        return [c for c in held if may_play(c, held, self._led(), self.rules)]

    def legal_actions(self) -> Iterator[str]:
        for card in self.legal_action_ids():
            yield f"{self.to_play} play {TOKENS[card]}"

    def apply_action(self, action_id: int) -> tuple[dict[str, Any], ...]:
        if self.is_terminal():
            raise IllegalActionError(msg("hand#over"))
        held = self.held[self.to_play]
        if type(action_id) is not int or not 0 <= action_id < N_CARDS:
            raise IllegalActionError(msg("action#id", value=repr(action_id)))
        verdict = may_play(action_id, held, self._led(), self.rules)
        if not verdict:
            raise IllegalActionError(verdict.reason)
        held.remove(action_id)
        self.trick.append((self.to_play, action_id))
        events: list[dict[str, Any]] = [{"type": "play", "seat": self.to_play,
                                         "card": TOKENS[action_id]}]
        if len(self.trick) == 2:
            winner, why = trick_winner(self.trick)
            self.taken[winner] += 1
            events.append({"type": "trick", "winner": winner, "rule": why.rule,
                           "reason": why.reason.to_json()})
            self.trick = []
            self.to_play = winner
        else:
            self.to_play = 1 - self.to_play
        self.events.extend(events)
        return tuple(events)


def new_state(players: int, seed: int, options: Mapping[str, Any]) -> Hand:
    if players != 2:
        raise IllegalActionError(msg("hand#players", value=repr(players)))
    return Hand(rules_of(dict(options)), seed % 2, seed=seed)
