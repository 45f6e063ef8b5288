"""A coach's principles and the walk that explains an action by them, for any game.

A principle is an id, the rule clause that makes it so, the phases it speaks of (empty: every
phase), a test and the question the coach asks before telling it ("" for a forced action). The
test reads one seat's view of the hand (the game's position: whatever it needs, and its
``phase``) and an action, and answers the message's parameters when the principle is true of
that action there, else None. So a sentence is filled from the parameters the engine found, and
a test checks a principle by calling its test again, never by reading words.

:meth:`Coach.explain` gives the first principle true of an action in the game's order (the
specific before the general; a game ends each phase with one that is always true, so every
legal action has a principle). The game supplies the principles and what differs between games
(:class:`Coach`): how a principle's parameters pick the way it is said, the clause it rests on
in a position, the question's facts, the cards a hint marks, and its messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Generic, NamedTuple, Protocol, TypeVar

from .messages import Message

Params = dict[str, Any]


class Positioned(Protocol):
    """What the walk reads of a game's position: the phase of the hand."""

    @property
    def phase(self) -> str: ...


Pos = TypeVar("Pos", bound=Positioned)


class Principle(NamedTuple, Generic[Pos]):
    """One principle: its id, the rule clause it rests on, the phases it speaks of, its test
    and the question the coach asks before telling it ("" for a forced action)."""
    id: str
    clause: str
    phases: tuple[str, ...]
    test: Callable[[Pos, int], Params | None]
    ask: str


class Explanation(NamedTuple):
    """Why an action: the principle, the clause it rests on, its message, the coach's question
    (None when the action is forced), and the cards the hint marks in the hand."""
    principle: str
    clause: str
    reason: Message
    question: Message | None
    cards: tuple[str, ...]


def _said_as_is(pid: str, params: Params) -> str:
    return pid


@dataclass(frozen=True)
class Coach(Generic[Pos]):
    """A game's principles in order and its hooks:

    * ``say(id, **params)`` — the game's message (``bot.coach#<variant>`` for a reason,
      ``bot.coach#<ask>`` for a question);
    * ``variant(id, params)`` — the message id's last part for a principle that says it more
      than one way, taking from ``params`` what chose it (default: the principle's id);
    * ``clause(principle, pos, aid)`` — the rule it rests on in this position;
    * ``ask_params(ask, pos, aid)`` — the question's facts (never the action asked for);
    * ``marked(pos, aid)`` — the cards in the hand a hint marks for the action.
    """
    principles: tuple[Principle[Pos], ...]
    say: Callable[..., Message]
    clause: Callable[[Principle[Pos], Pos, int], str]
    ask_params: Callable[[str, Pos, int], Params]
    marked: Callable[[Pos, int], tuple[str, ...]]
    variant: Callable[[str, Params], str] = _said_as_is
    by_id: dict[str, Principle[Pos]] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {p.id: p for p in self.principles})

    def holds(self, pid: str, pos: Pos, aid: int) -> bool:
        """Whether principle ``pid`` is true of action ``aid`` in ``pos`` (the check a test
        makes)."""
        return self.by_id[pid].test(pos, aid) is not None

    def explain(self, pos: Pos, aid: int, prefer: Collection[str] = (),
                avoid: Collection[str] = ()) -> Explanation:
        """The first principle true of action ``aid`` (legal in ``pos``), said in words. With
        ``prefer`` (principle ids), the first of those that is true comes before the others;
        those in ``avoid`` are passed over (what a measurement showed the action did not do:
        the game's last principle, true of any legal action, must not be among them)."""
        ordered = [p for p in self.principles if p.id in prefer] + list(self.principles) \
            if prefer else self.principles
        for p in ordered:
            if p.id in avoid or p.phases and pos.phase not in p.phases:
                continue
            params = p.test(pos, aid)
            if params is None:
                continue
            variant = self.variant(p.id, params)  # before the reason: it takes what it read
            reason = self.say(f"bot.coach#{variant}", **params)
            question = self.say(f"bot.coach#{p.ask}", **self.ask_params(p.ask, pos, aid)) \
                if p.ask else None
            return Explanation(p.id, self.clause(p, pos, aid), reason, question,
                               self.marked(pos, aid))
        # A game's last principle is true of any legal action.
        raise AssertionError(f"no principle for action {aid}")
