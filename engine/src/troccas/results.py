"""The shapes of the facade's answers: one frozen dataclass per kind of result.

``troccas.api`` returns these; their JSON (``cardgame.facade.to_json``) is what the command
line prints with ``--json``, what the browser worker answers and what a build of pages reads.
``api.schema()`` turns them into JSON Schema, which the tests check every answer against.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from dataclasses import dataclass, field

from cardgame.facade import OPTIONAL
from cardgame.guided import GuidedHand as GuidedHand, GuidedStep as GuidedStep  # the shape every game's guided hand has
from cardgame.messages import Message
from cardgame.puzzles import PuzzleCheck, PuzzleRecord
from cardgame.clauses import ClauseInfo as ClauseInfo, ClausesResult as ClausesResult

from .cards import TOKEN
from .facts import Facts  # noqa: F401 - a result type too (the call "facts")

if TYPE_CHECKING:
    from .counting import Count

Token = str  # a card in notation: Kc, 10s, XXI, Fool


@dataclass(frozen=True)
class CardInfo:
    """One card: its token, its name and its code in the language of the call ("Kk", the
    German for the token "Kc"; see troccas.cards), points and kind."""
    token: Token
    name: str
    code: str
    points: int
    kind: str  # suit | trump | fool
    suit: str | None
    rank: str | None
    number: int | None


@dataclass(frozen=True)
class CardList:
    cards: list[CardInfo]


@dataclass(frozen=True)
class Group:
    """One counted group: its cards, their values, the sum, what comes off, the points."""
    cards: list[Token]
    values: list[int]
    sum: int
    less: int
    points: int


@dataclass(frozen=True)
class CountResult:
    method: str
    points: int
    value_sum: int
    cards: list[Token]
    groups: list[Group]


def count_result(r: Count) -> CountResult:
    """A pile's count (:func:`troccas.counting.count`) as the facade answers it."""
    return CountResult(r.method, r.points, r.value_sum, [TOKEN[c] for g in r.groups
                                                        for c in g.cards],
                       [Group(**g.to_json()) for g in r.groups])


@dataclass(frozen=True)
class WinnerResult:
    cards: list[Token]
    winner: Token
    index: int
    led: str | None
    rule: str
    explanation: str
    reason: Message


@dataclass(frozen=True)
class Refused:
    card: Token
    rule: str
    message: str
    reason: Message


@dataclass(frozen=True)
class LegalResult:
    hand: list[Token]
    trick: list[Token]
    led: str | None
    legal: list[Token]
    refused: list[Refused]


@dataclass(frozen=True)
class PlayCheck:
    card: Token
    legal: bool
    rule: str | None
    message: str | None
    reason: Message


@dataclass(frozen=True)
class DealtHand:
    """Each seat's cards as dealt, the face-up cards and the deck they came from."""
    players: int
    dealer: int
    method: str
    hands: list[list[Token]]
    face_up: list[Token | None]
    deck: str


@dataclass(frozen=True)
class DealResult(DealtHand):
    """A deal from a seeded shuffle."""
    seed: int | str | None


@dataclass(frozen=True)
class PartnersResult:
    centre: Token
    dealt: list[list[Token]]
    trumps: list[Token]
    teams: list[list[int]]
    first_dealer: int
    explanation: str
    reason: Message


@dataclass(frozen=True)
class Turn:
    text: str
    reason: Message


@dataclass(frozen=True)
class ReplayResult(DealtHand):
    """A hand replayed: the deal, the talk, every trick with its buob and Fool events, the
    count when the hand is over."""
    phase: str
    scart: list[Token]
    talk: list[dict[str, Any]]
    tricks: list[dict[str, Any]]
    events: list[dict[str, Any]]
    current_player: int
    turn: Turn
    sides: list[list[int]]
    result: dict[str, Any] | None = field(default=None, metadata=OPTIONAL)
    counts: list[CountResult] | None = field(default=None, metadata=OPTIONAL)


@dataclass(frozen=True)
class RecordResult:
    """A hand record (format troccas-hand, version 1): see troccas.record."""
    format: str
    version: int
    players: int
    dealer: int
    deck: str
    actions: list[str | dict[str, Any]]
    seed: int | str | None = field(default=None, metadata=OPTIONAL)
    rules: dict[str, Any] | None = field(default=None, metadata=OPTIONAL)
    totals: list[int] | None = field(default=None, metadata=OPTIONAL)

    def to_json(self) -> dict[str, Any]:  # the record's own key order
        out = {"format": self.format, "version": self.version, "players": self.players,
               "dealer": self.dealer}
        for key in ("seed", "rules", "totals"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        out["deck"] = self.deck
        out["actions"] = list(self.actions)
        return out


# A puzzle and an answer checked: the records every game's puzzles share (cardgame.puzzles).
PuzzleResult = PuzzleRecord


@dataclass(frozen=True)
class ExerciseOption:
    """One answer a lesson exercise offers: the value sent back, its words, its card if any."""
    value: str
    text: str
    card: Token | None = None


@dataclass(frozen=True)
class ExerciseResult:
    """A lesson exercise (troccas.exercises): the question, what the page shows, the answers
    offered; with ``answer`` the engine's answer and the worked steps."""
    kind: str
    spec: dict[str, Any]
    question: str
    situation: dict[str, Any]
    answer_type: str  # one | number
    options: list[ExerciseOption]
    rule: str
    answer: int | str | None = field(default=None, metadata=OPTIONAL)
    answer_text: str | None = field(default=None, metadata=OPTIONAL)
    steps: list[str] | None = field(default=None, metadata=OPTIONAL)


# An answer checked (a puzzle's or a lesson exercise's): right or not, the explanation for this
# answer, and for a wrong one the graded hints that never name the answer.
CheckResult = PuzzleCheck


@dataclass(frozen=True)
class OptionValue:
    value: str | bool
    sources: list[str]
    meaning: str


@dataclass(frozen=True)
class OptionInfo:
    name: str
    default: str | bool
    point: str
    note: str
    values: list[OptionValue]


@dataclass(frozen=True)
class OptionsResult:
    options: list[OptionInfo]
    not_options: dict[str, Any]
    sources: dict[str, Any]


@dataclass(frozen=True)
class PhraseInfo:
    """A tschintschar phrase a player may say: its id, the Romansh words, the meaning the bots
    read in it (in the current language), the sources of that meaning, what it tells (the
    glossary's topic) and the moments of the talk its sources place it at."""
    id: str
    text: str
    meaning: str
    sources: list[str]
    topic: str
    when: list[str]


@dataclass(frozen=True)
class PhraseGroup:
    """The phrases said at one moment that tell the same kind of thing (a topic), with its
    title in the current language."""
    topic: str
    title: str
    phrases: list[PhraseInfo]


@dataclass(frozen=True)
class PhrasesResult:
    """Every phrase; or, for a ``moment`` of the talk (troccas.bots.signals.MOMENTS), those
    said then, also in ``groups`` by what they tell, and the moment in words."""
    phrases: list[PhraseInfo]
    moment: str | None = field(default=None, metadata=OPTIONAL)
    moment_text: str | None = field(default=None, metadata=OPTIONAL)
    groups: list[PhraseGroup] | None = field(default=None, metadata=OPTIONAL)


@dataclass(frozen=True)
class LegalChoice:
    """One action the seat may take now: its text (as records store it) and a label."""
    action: str
    kind: str
    arg: str
    label: str


@dataclass(frozen=True)
class TableView:
    """One hand as one seat sees it (troccas.table.view): never another seat's hidden cards.
    ``log`` is every action and event so far in words; ``held`` how many cards each seat
    holds; when the hand is over, ``counts`` (each side group by group), ``review`` (every
    seat's cards before each trick), ``dealt`` and ``scart_cards``."""
    seat: int
    players: int
    dealer: int
    phase: str
    current_player: int
    turn: Turn
    sides: list[list[int]]
    side: int
    hand: list[Token]
    held: list[int]
    face_up: list[Token | None]
    scart: list[Token] | None
    talk: list[dict[str, Any]]
    trick: list[list[Any]]
    tricks: list[dict[str, Any]]
    won: list[int]
    legal: list[LegalChoice]
    log: list[dict[str, Any]]
    totals: list[Any]
    rules: dict[str, Any]
    actions: int
    result: dict[str, Any] | None = field(default=None, metadata=OPTIONAL)
    counts: list[CountResult] | None = field(default=None, metadata=OPTIONAL)
    totals_after: list[Any] | None = field(default=None, metadata=OPTIONAL)
    review: list[dict[str, Any]] | None = field(default=None, metadata=OPTIONAL)
    dealt: list[list[Token]] | None = field(default=None, metadata=OPTIONAL)
    scart_cards: list[Token] | None = field(default=None, metadata=OPTIONAL)
    # At the seat's own talk decision: the phrases it may say with it, those the glossary
    # places at this moment of the deal, grouped (the call ``phrases`` with that moment).
    phrases: PhrasesResult | None = field(default=None, metadata=OPTIONAL)


@dataclass(frozen=True)
class TableApply:
    """An action applied (troccas.table.apply): the new record, what happened in words (seen
    from no seat), the phase and the seat to act next (-1: the hand is over)."""
    record: dict[str, Any]
    events: list[dict[str, Any]]
    phase: str
    current_player: int


@dataclass(frozen=True)
class Phrase:
    """A tschintschar phrase from the glossary: its id there, the Romansh words, what it tells
    the partner, and the claim about the speaker's hand the bots read (troccas.bots.signals)."""
    id: str
    text: str
    meaning: str
    claim: dict[str, Any] | None


@dataclass(frozen=True)
class BotAction:
    """A bot's decision for one seat: the action (as a record writes it), the tschintschar
    phrase said with a talk decision (or null), why (a message with its text) and the bot.

    The coach (bot ``search``) says why as a principle (troccas.bots.principles): its id, the
    rule clause it rests on, the cards the hint marks in the hand, the question it asks before
    it tells, and apart from the reason the figures of its playouts (``details``)."""
    action: str
    say: Phrase | None
    reason: Message
    text: str
    bot: str
    seat: int
    principle: str | None = field(default=None, metadata=OPTIONAL)
    rule: str | None = field(default=None, metadata=OPTIONAL)
    cards: list[str] | None = field(default=None, metadata=OPTIONAL)
    question: str | None = field(default=None, metadata=OPTIONAL)
    details: str | None = field(default=None, metadata=OPTIONAL)


@dataclass(frozen=True)
class EndgameResult:
    """An endgame puzzle (troccas.endgames): the position with every hand shown, the question
    and, with the answer, the solver's best first card(s), its value in card points for the
    reader's side, every first card's value and the line of best play trick by trick."""
    spec: dict[str, Any]
    title: str
    question: str
    situation: dict[str, Any]
    level: int
    record: dict[str, Any]
    note: str | None = field(default=None, metadata=OPTIONAL)
    answer: list[str] | None = field(default=None, metadata=OPTIONAL)
    value: int | None = field(default=None, metadata=OPTIONAL)
    values: dict[str, Any] | None = field(default=None, metadata=OPTIONAL)
    line: list[dict[str, Any]] | None = field(default=None, metadata=OPTIONAL)
    steps: list[str] | None = field(default=None, metadata=OPTIONAL)


@dataclass(frozen=True)
class EndgameCheck:
    """The reader's first card in an endgame: right or not, its value and the best value in
    card points, and the line of best play after it, trick by trick (for a wrong card, the line
    that refutes it)."""
    correct: bool
    explanation: str
    value: int
    best: int
    line: list[dict[str, Any]]
    given: object
    reason: Message | None = field(default=None, metadata=OPTIONAL)
    hints: list[str] | None = field(default=None, metadata=OPTIONAL)


@dataclass(frozen=True)
class EndgamePlay:
    """An endgame after the reader's cards, each answered by best play: the position, the
    tricks played since the puzzle began, the reader's legal cards now, each of the reader's
    cards with its value and the best value then, whether the hand is over, the reader's
    side's card points at the end, and the best it could have had from the start."""
    situation: dict[str, Any]
    tricks: list[dict[str, Any]]
    legal: list[str]
    verdicts: list[dict[str, Any]]
    over: bool
    best: int
    points: int | None = field(default=None, metadata=OPTIONAL)


@dataclass(frozen=True)
class ReviewMarks:
    """The review of one seat's cards in a finished hand (troccas.review): ``verdicts``, one
    per trick ({trick, card, verdict, method, samples}: verdict "forced", "best", "better" or
    "none", method "open" or "sampled"), and ``marks``, the tricks where a better card was
    found ({trick, card, better, lost, samples, why: {fact, rule, msg, text}, rule, msg,
    text}) — in the last ``open_tricks`` tricks with every card open (``samples`` null,
    ``lost`` the card points lost), before them over sampled deals of the cards the seat had
    not seen (``lost`` their mean); ``samples`` the most deals a trick used, ``plays`` the
    budget of one trick in cards played."""
    marks: list[dict[str, Any]]
    verdicts: list[dict[str, Any]]
    open_tricks: int
    samples: int
    plays: int


@dataclass(frozen=True)
class SolveResult:
    """The solver's verdict (troccas.solver): the seat to move and its side, each legal action
    with its value in that side's card points at the end (best first), the best actions, the
    line of best play to the end, and the positions searched."""
    player: int
    side: int
    values: list[dict[str, Any]]
    best: list[str]
    line: list[str]
    nodes: int
