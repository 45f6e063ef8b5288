"""A guided hand, for any game: a fixed hand whose script the reader plays step by step, each of
the reader's steps showing one idea of the game.

A game keeps its guided hands as data (``<game>/data/<file>.json``): the hand's record (every
action in order), the reader's seat and, for each of the reader's steps, the idea it is meant to
show. At load the engine replays the script and checks every step (:func:`check`): each action
is legal, each step's idea is what the game's own idea function finds in the position, the hand
is played to its end and every idea the hand must show is shown. Data that breaks any of this is
refused in one line naming the file and the entry (:meth:`Scripts.refusal`), with the messages
``record#guided*`` of the game's catalogue.

The game supplies how its hand replays an action and what counts as a reader's step
(:class:`Replay`), its ideas and their sentences; the answer has one shape for every game
(:class:`GuidedHand`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Protocol, Sequence, TypeVar

from .errors import GameError
from .facade import OPTIONAL
from .messages import Message

A = TypeVar("A", contravariant=True)
T = TypeVar("T")


@dataclass(frozen=True)
class GuidedStep:
    """One of the reader's steps: the action to take (``card`` for a card, ``call`` for any
    other action), the idea and its sentence with the rule clause, the position before it
    (``hand``, ``trick``: [seat, card] pairs) and what happened after it until the reader's next
    step (``after``: the engine's log sentences; ``trick_after``: the trick as it was completed,
    if it was; ``winner``: its seat, None when not won). A game whose leads say why this card
    names the coach's principle that says it (``principle``: its state test holds of the card
    there)."""
    index: int
    action: str
    card: str | None
    call: str | None
    idea: str
    rule: str
    text: str
    label: str
    hand: list[str]
    legal: list[str]
    trick: list[list[Any]]
    number: int
    after: list[str]
    trick_after: list[list[Any]] | None
    winner: int | None
    principle: str | None = field(default=None, metadata=OPTIONAL)


@dataclass(frozen=True)
class GuidedHand:
    """The guided hand seen from the reader's seat: every step, the record it replays (for a
    download or a check), the hand's result and the count of each side at the end, group by
    group (``counts``, empty in a game that counts no cards). ``summary``: the engine's
    sentences at the end, where the game says who won and why instead of a count."""
    seat: int
    players: int
    dealer: int
    sides: list[list[int]]
    steps: list[GuidedStep]
    intro: list[str]
    record: dict[str, Any]
    result: dict[str, Any]
    counts: list[Any]
    summary: list[str] | None = field(default=None, metadata=OPTIONAL)


class Replay(Protocol[A]):
    """A game's hand replaying a guided script, one action (``A``) at a time."""

    @property
    def phase(self) -> str: ...

    def refusal(self, i: int, action: A) -> Message | None:
        """Why action ``i`` cannot be taken now (the rule it breaks), None when it can."""

    def is_step(self, i: int, action: A) -> bool:
        """Whether action ``i`` is one of the reader's steps."""

    def idea_refusal(self, action: A, idea: str) -> Message | None:
        """Why the step does not show ``idea`` (None when it does)."""

    def apply(self, i: int, action: A) -> tuple[str, Message] | None:
        """Take the action; a refusal (the entry and why) where what it did breaks the file."""


@dataclass(frozen=True)
class Scripts(Generic[T]):
    """One game's guided hands: its package (whose ``data/`` holds the files and whose message
    domain has the ``record#guided*`` sentences), the error a bad record raises, and each file
    read once and kept as ``read`` made it."""
    package: str
    error: Callable[[Message], GameError]
    _read: dict[str, T] = field(default_factory=dict, compare=False)

    def msg(self, id: str, **params: object) -> Message:
        return Message(self.package, id, params)

    def refusal(self, file: str, where: str, why: Message) -> GameError:
        """The one line that refuses ``file`` at entry ``where``, saying why."""
        return self.error(self.msg("record#guided", file=f"{self.package}/data/{file}",
                                   entry=where, why=why))

    def load(self, file: str, read: Callable[[Any], T]) -> T:
        """Guided file ``file`` of the game's data, parsed and ``read`` once."""
        if file not in self._read:
            from importlib import resources
            text = resources.files(self.package).joinpath("data", file).read_text(
                encoding="utf-8")
            try:
                data = json.loads(text)
            except ValueError as exc:
                raise self.refusal(file, "json", self.msg("record#guided_json", why=str(exc))) \
                    from None
            self._read[file] = read(data)
        return self._read[file]

    def top(self, file: str, data: Any, keys: set[str], needed: set[str]) -> dict[str, Any]:
        """The file's object, refused unless its keys are among ``keys`` and include
        ``needed``."""
        if not isinstance(data, dict) or not set(data) <= keys or not needed <= set(data):
            raise self.refusal(file, "top", self.msg("record#guided_keys",
                                                     keys=", ".join(sorted(keys))))
        return data

    def seat(self, file: str, seat: object, players: int, dealer: int) -> int:
        """The reader's seat, refused unless it is a seat of the hand and not the dealer's."""
        if type(seat) is not int or not 0 <= seat < players or seat == dealer:
            raise self.refusal(file, "seat", self.msg("record#guided_seat", value=repr(seat)))
        return seat

    def check(self, file: str, actions: Sequence[Any], steps: Sequence[str],
              required: Sequence[str], replay: Replay[Any], done: str) -> list[str]:
        """Replay the script: every action legal, each of the reader's steps showing the idea
        ``steps`` names for it, the hand played to its end (phase ``done``) and every idea of
        ``required`` shown; the ideas of the steps, or the file refused."""
        ideas: list[str] = []
        for i, action in enumerate(actions):
            where = f"actions[{i}] ({action})"
            why = replay.refusal(i, action)
            if why is not None:
                raise self.refusal(file, where, why)
            if replay.is_step(i, action):
                k = len(ideas)
                if k >= len(steps):
                    raise self.refusal(file, where, self.msg("record#guided_missing", step=k))
                why = replay.idea_refusal(action, steps[k])
                if why is not None:
                    raise self.refusal(file, f"steps[{k}] ({action})", why)
                ideas.append(steps[k])
            after = replay.apply(i, action)
            if after is not None:
                raise self.refusal(file, *after)
        if replay.phase != done:
            raise self.refusal(file, "actions",
                               self.msg("record#guided_unfinished", phase=replay.phase))
        if len(ideas) != len(steps):
            raise self.refusal(file, f"steps[{len(ideas)}]",
                               self.msg("record#guided_extra", n=len(steps) - len(ideas)))
        missing = [i for i in required if i not in ideas]
        if missing:
            raise self.refusal(file, "steps",
                               self.msg("record#guided_required", ideas=", ".join(missing)))
        return ideas
