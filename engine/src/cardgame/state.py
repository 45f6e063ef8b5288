"""The shape every game's state has, so that bots, search and tests can drive any game.

It follows OpenSpiel's: a state says whose turn it is (``current_player``, -1 when the game is
over), which actions are legal now as small ints (``legal_action_ids``), applies one
(``apply_action``), says whether it is over (``is_terminal``) and what each player scored
(``returns``, zeros before the end). ``clone`` gives an independent copy to search from, and
``observation(seat)`` what one seat may know — never another seat's hidden cards — so that a
bot plays from what it could see at the table.

The readable face beside it (pokerkit's): ``legal_actions`` yields action values that print as
text (``1 play Kc``), ``verify``/``can``/``apply`` take them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Iterator, Sequence


class GameState(ABC):
    """A game in progress. Subclasses keep their own fast inside; this is the contract."""

    __slots__ = ()  # subclasses may keep slots

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or -1 once the game is over."""

    @abstractmethod
    def legal_action_ids(self) -> Sequence[int]:
        """The legal actions now, as ids for :meth:`apply_action`."""

    @abstractmethod
    def apply_action(self, action_id: int) -> Any:
        """Apply one legal action; an illegal one raises the game's IllegalActionError."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def returns(self) -> list[Any]:
        """Each seat's score: zeros until the game is over."""

    @abstractmethod
    def clone(self) -> "GameState":
        """An independent copy: actions applied to it leave this state as it is."""

    @abstractmethod
    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now: its own cards and everything shown to the table."""

    @abstractmethod
    def legal_actions(self) -> Iterator[Any]:
        """The legal actions now as readable values."""
