"""What the parts of a hand share: :class:`troccas.hand.Hand` is built from mixins (Dealing,
Buob, FoolExchange and Scoring, each in a module of its own), and each mixin reads and writes
the hand's state and calls methods another part defines. :class:`HandState` names all of that
in one place, the base of every mixin for a type checker, so that mypy checks each mixin
against the hand it will be part of, and the hand against it.

Only a type checker sees it as a base: at run time the mixins derive from ``object`` (see each
mixin's module), so nothing is added to a hand that is created and updated thousands of times
a second. It is a plain class, not a ``typing.Protocol``: mypy types an attribute that a
protocol declares without a value by the first assignment it sees in a mixin (``self.kj =
None``), so a protocol base cannot give the mixins the hand's types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import counting
    from .errors import Message
    from .rules import Rules


class HandState:
    # The table: players, sides, the deal and the running score.
    n: int
    n_sides: int
    dealer: int
    rules: Rules
    side_of: tuple[int, ...]
    totals: list[int]
    deck: list[int]
    method: str
    rounds: list[list[int]]
    round: int
    deal_pos: int
    talks: bool
    talk_order: tuple[int, ...]
    talk_i: int
    dealer_asked: bool
    buob_calls: bool
    knocking: bool
    knocked: int
    # Where the hand is and who is to act.
    phase: str
    _to_move: int
    leader: int
    _pending_call: tuple[int, int] | None
    # The cards: each seat's, the scart, face-up cards, the piles of tricks won per side.
    _pre: list[list[int]]
    _held: list[list[list[int]]] | None
    face_up: list[int | None]
    scart: list[int]
    piles: list[list[list[int]]]
    _tricks: list[tuple[Any, ...]]
    _trick_sides: int
    # The trick under way and the last one finished.
    trick_players: list[int]
    trick_cards: list[int]
    plays_in_trick: int
    led: int
    suits_led: int
    trick_led: int
    trick_buob: dict[str, Any] | None
    trick_first: int
    trick_winner: int
    kj: tuple[int, int] | None
    _kj: list[int]
    # The Fool's exchange, what was said, what happened, the result.
    fool_owed: tuple[int, int, int] | None
    fool_aside: int | None
    says: dict[int, str]
    events: list[dict[str, Any]]
    result: dict[str, Any] | None

    # Methods one part calls and another defines (the hand itself, or another mixin).
    def _resolve_trick(self) -> None: ...
    def _next_in_trick(self) -> None: ...
    def _own_group(self, side: int, i: int) -> list[int]:
        raise NotImplementedError
    def _throw_in(self, why: Message) -> None: ...
    def _start_play(self) -> None: ...
    def _take(self, p: int, cid: int) -> None: ...
    def _give(self, p: int, cid: int) -> None: ...
    def _maybe_call(self) -> None: ...
    def _fool_exchange(self, fside: int, wside: int, gi: int, number: int) -> dict[str, Any]:
        raise NotImplementedError
    def _pay_fool_debt(self, gi: int, number: int) -> dict[str, Any] | None:
        raise NotImplementedError
    def _finish(self) -> None: ...
    def result_json(self) -> dict[str, Any]:
        raise NotImplementedError
    def pile_cards(self, side: int) -> list[int]:
        raise NotImplementedError
    def count_detail(self, side: int) -> counting.Count:
        raise NotImplementedError
    @property
    def counting_method(self) -> str:
        raise NotImplementedError
