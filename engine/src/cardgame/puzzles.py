"""Puzzles for any game: a puzzle kind registered once, and one record for every game's pages.

A game declares each kind of puzzle in ONE place, a :class:`PuzzleKind`: its name, its answer
type, its authored fields, its generator from a seed, how an authored spec becomes a puzzle,
its check (right or wrong, with the explanation and a clue for *this* answer), its hint (the
rule said in general: the first graded hint), the cards its answer is chosen among and the
shape of its situation (which of the game's drawings shows it). Its title is the message
``puzzle.title.<kind>`` of the game's catalogue. The game's :class:`PuzzleKinds` holds them
and does the rest the same way for every game:

* ``generate(kind, seed)`` — the same puzzle for the same seed everywhere the engine runs;
* ``from_spec(spec)`` — ``{"kind": k, "seed": n}`` (generated, optionally with the authored
  page fields: id, title, note, level, expect) or an authored situation (the kind's
  ``fields``); an ``expect`` the engine does not answer is refused;
* ``record(pz, with_answer)`` / ``verdict(pz, given)`` — the JSON of the facade's ``puzzle``
  and ``check`` calls (:class:`PuzzleRecord`, :class:`PuzzleCheck`), the same keys for every
  game. A wrong answer gets graded hints that never name the answer: the rule, then a clue
  about this answer; the answer itself is the record's (with ``answer=True``).

Answer types: ``number``; ``card`` (one card of ``offer``); ``cards`` (a set of them);
``card_or_choice`` (a card or one of ``choices``); ``choice`` (one of ``choices``). A choice's
words are the puzzle's ``labels`` where the engine says them, else the page's own words.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .errors import GameError
from .messages import Message, quote

ANSWER_TYPES = ("number", "card", "cards", "card_or_choice", "choice")
# The fields every puzzle spec may have, whatever its kind: the page's, and the author's check.
COMMON_FIELDS = frozenset({"id", "kind", "title", "note", "level", "rules", "expect",
                           "question"})
# Of those, the ones a page adds around a generated puzzle ({"kind", "seed"} and these).
PAGE_FIELDS = frozenset({"id", "title", "note", "level", "expect"})


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: its situation (plain data), the question, the engine's answer and the
    worked steps; ``accept``: every answer counted right where several are; ``offer``: the
    cards the reader chooses among, in page order; ``labels``: a choice's words."""
    kind: str
    spec: dict[str, Any]
    question: Message | str  # str: an authored puzzle's own question
    situation: dict[str, Any]
    answer: Any
    steps: tuple[Message, ...]
    rule: str
    accept: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    offer: tuple[str, ...] = ()
    labels: Mapping[str, Message | str] = field(default_factory=dict)
    answer_text: Message | str | None = None  # the answer as a person says it, where it differs
    pick: int | None = None  # how many cards an answer of type cards holds, where that is fixed
    top: int | None = None  # a number answer's largest likely value (a page checks 0 … top)
    extra: dict[str, Any] = field(default_factory=dict)
    kinds: "PuzzleKinds | None" = field(default=None, compare=False, repr=False)

    def _kinds(self) -> "PuzzleKinds":
        assert self.kinds is not None  # made by PuzzleKinds.make
        return self.kinds

    @property
    def answer_type(self) -> str:
        return self._kinds()[self.kind].answer_type

    def to_json(self, *, with_answer: bool = False) -> dict[str, Any]:
        return self._kinds().record(self, with_answer=with_answer)

    def check(self, given: object) -> dict[str, Any]:
        return self._kinds().verdict(self, given)

    def rule_hint(self) -> Message:
        return self._kinds()[self.kind].hint(self)


@dataclass(frozen=True)
class PuzzleKind:
    """A kind of puzzle, everything about it in one place."""
    name: str
    answer_type: str
    # The puzzle of this kind for a seed, with a random source seeded from the kind and seed.
    generate: Callable[[int, random.Random], Puzzle]
    # Right or wrong: {"correct", "explanation" (a Message), optional "clue" (the second hint,
    # never naming the answer; else the explanation is the clue), "rule", "wise"}.
    check: Callable[[Puzzle, object], dict[str, Any]]
    # The rule the puzzle asks about, said in general: the first hint for a wrong answer.
    hint: Callable[[Puzzle], Message]
    # An authored situation (the spec's fields) as a puzzle; None: the kind is only generated.
    author: Callable[[dict[str, Any]], Puzzle] | None = None
    fields: frozenset[str] = frozenset()  # an authored spec's fields besides COMMON_FIELDS
    # Whether an authored ``expect`` is the engine's answer (default: equal to it or accepted).
    expect: Callable[[Puzzle, object], bool] | None = None
    # The steps that state a rule and name nothing of their puzzle (a worksheet's key says each
    # once).
    rule_steps: frozenset[str] = frozenset()
    situation: str = ""  # the shape of its situation (the game's drawing); default: the name

    def __post_init__(self) -> None:
        if self.answer_type not in ANSWER_TYPES:
            raise ValueError(f"puzzle kind {self.name}: answer type {self.answer_type!r}")

    @property
    def shape(self) -> str:
        return self.situation or self.name


@dataclass(frozen=True)
class PuzzleRecord:
    """A puzzle as the facade's ``puzzle`` call gives it: the same keys for every game. With
    the answer: ``answer``, the worked ``steps``, ``rule_steps`` (the steps that name nothing of
    this puzzle) and ``answer_text`` (the answer as a person says it, where that differs)."""
    kind: str
    spec: dict[str, Any]
    title: str
    question: str
    situation: dict[str, Any]
    shape: str  # which of the game's drawings shows the situation
    answer_type: str
    choices: list[str]
    offer: list[str]  # the cards the answer is chosen among, in page order
    rule: str
    labels: dict[str, str] | None = field(default=None, metadata={"omit_none": True})
    pick: int | None = field(default=None, metadata={"omit_none": True})
    top: int | None = field(default=None, metadata={"omit_none": True})
    note: str | None = field(default=None, metadata={"omit_none": True})
    answer: int | str | list[str] | None = field(default=None, metadata={"omit_none": True})
    steps: list[str] | None = field(default=None, metadata={"omit_none": True})
    answer_text: str | None = field(default=None, metadata={"omit_none": True})
    rule_steps: list[str] | None = field(default=None, metadata={"omit_none": True})


@dataclass(frozen=True)
class PuzzleCheck:
    """An answer checked: right or not, and the explanation for this answer; for a wrong one,
    hints in steps that never name the answer: the rule, then a clue."""
    correct: bool
    explanation: str
    rule: str
    clause: str  # the rule clause to read about this answer
    given: object
    reason: Message | None = field(default=None, metadata={"omit_none": True})
    wise: bool | None = field(default=None, metadata={"omit_none": True})
    hints: list[str] | None = field(default=None, metadata={"omit_none": True})


class PuzzleKinds(Mapping[str, PuzzleKind]):
    """One game's kinds of puzzle, in the order registered, and what every kind does alike.

    ``domain`` and ``error``: the game's messages and error class; ``clauses``: the rule ids a
    page can link to (a verdict's rule if it is one, else the puzzle's); ``spoken``: the answer
    as the language writes it (a card's code in another notation), or None where that is the
    answer itself; ``normal``: an answer in a form two ways of writing it compare equal in."""

    def __init__(self, domain: str, error: type[GameError], *, clauses: Collection[str] = (),
                 spoken: Callable[[Any], str | None] | None = None,
                 normal: Callable[[object], object] | None = None) -> None:
        self.domain = domain
        self.error = error
        self.clauses = clauses
        self.spoken = spoken
        self.normal = normal or (lambda answer: answer)
        self._kinds: dict[str, PuzzleKind] = {}
        self._cached = lru_cache(maxsize=256)(self._from_json)

    # ---- the registry --------------------------------------------------------------------
    def register(self, kind: PuzzleKind) -> PuzzleKind:
        if kind.name in self._kinds:
            raise ValueError(f"puzzle kind {kind.name} registered twice")
        self._kinds[kind.name] = kind
        return kind

    def __getitem__(self, name: str) -> PuzzleKind:
        return self._kinds[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._kinds)

    def msg(self, id: str, **params: object) -> Message:
        return Message(self.domain, id, params)

    def title(self, name: str) -> str:
        """A kind's title in the current language: puzzle.title.<kind> of the catalogue."""
        return str(self.msg(f"puzzle.title.{name}"))

    def kind(self, name: object) -> PuzzleKind:
        """The kind named ``name``, or the game's error naming the kinds."""
        if not isinstance(name, str) or name not in self._kinds:
            raise self.error(self.msg("puzzle#kind", value=quote(name), kinds=list(self._kinds),
                                      field="kind"))
        return self._kinds[name]

    def make(self, kind: str, spec: dict[str, Any], question: Message | str,
             situation: dict[str, Any], answer: Any, steps: tuple[Message, ...] | list[Message],
             rule: str, **more: Any) -> Puzzle:
        """A puzzle of ``kind`` (the kinds' own functions build theirs with it)."""
        return Puzzle(kind, spec, spec.get("question") or question, situation, answer,
                      tuple(steps), rule, kinds=self, **more)

    # ---- making puzzles ------------------------------------------------------------------
    def generate(self, kind: object, seed: object) -> Puzzle:
        """The puzzle of this kind for this seed: the same everywhere the engine runs."""
        k = self.kind(kind)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise self.error(self.msg("puzzle#seed", value=quote(seed), field="seed"))
        return k.generate(seed, random.Random(f"{k.name}-{seed}"))

    def from_spec(self, spec: object) -> Puzzle:
        """A generated puzzle (kind, seed and the page's fields) or an authored one; an
        authored ``expect`` is compared with the engine's answer."""
        if not isinstance(spec, dict):
            raise self.error(self.msg("puzzle#spec"))
        k = self.kind(spec.get("kind"))
        # Generated: a kind and a seed, and the page's fields where the kind's own authored
        # fields have no seed (a seed there is the deal of an authored situation).
        if "seed" in spec and (set(spec) <= {"kind", "seed"} or "seed" not in k.fields
                               and set(spec) <= {"kind", "seed"} | PAGE_FIELDS):
            made = self.generate(k.name, spec["seed"])
            pz = made if set(spec) <= {"kind", "seed"} else Puzzle(
                made.kind, {**made.spec, **spec}, made.question, made.situation, made.answer,
                made.steps, made.rule, made.accept, made.choices, made.offer, made.labels,
                made.answer_text, made.pick, made.top, made.extra, self)
        else:
            allowed = COMMON_FIELDS | k.fields
            unknown = sorted(set(spec) - allowed)
            if unknown or k.author is None:
                raise self.error(self.msg("puzzle#unknown_field",
                                          field=unknown[0] if unknown else "seed", kind=k.name,
                                          fields=sorted(allowed | ({"seed"} if k.author is None
                                                                   else set()))))
            pz = k.author(spec)
        self.verify_expect(pz)
        return pz

    def verify_expect(self, pz: Puzzle) -> None:
        """The game's error if the spec's ``expect`` is not the engine's answer."""
        if "expect" not in pz.spec:
            return
        expect = pz.spec["expect"]
        how = self[pz.kind].expect
        if how is not None:
            ok = how(pz, expect)
        else:
            ok = any(self.normal(expect) == self.normal(a) for a in (pz.answer, *pz.accept))
        if not ok:
            raise self.error(self.msg("puzzle.expect", expect=repr(expect),
                                      answer=repr(pz.answer), step=pz.steps[-1],
                                      field="expect"))

    def _from_json(self, spec_json: str) -> Puzzle:
        return self.from_spec(json.loads(spec_json))

    def cached(self, spec: dict[str, Any]) -> Puzzle:
        """from_spec with a cache: the browser checks many answers to one puzzle."""
        return self._cached(json.dumps(spec, sort_keys=True))

    # ---- the facade's records ------------------------------------------------------------
    def puzzle_call(self, kind: str | None, seed: int | None, spec: dict[str, Any] | None,
                    answer: bool) -> PuzzleRecord:
        """The facade's ``puzzle`` call: the puzzle of ``spec``, or of ``kind`` and ``seed``."""
        spec = spec if spec is not None else {"kind": kind, "seed": seed}
        return PuzzleRecord(**self.cached(spec).to_json(with_answer=answer))

    def check_call(self, answer: object, spec: dict[str, Any] | None, kind: str | None,
                   seed: int | None,
                   given: Callable[[Puzzle, object], object] | None = None) -> PuzzleCheck:
        """The facade's ``check`` call: the reader's ``answer`` right or wrong, and why.
        ``given`` refuses an answer that is none the puzzle offers (a refusal, not a wrong
        answer)."""
        pz = self.cached(spec if spec is not None else {"kind": kind, "seed": seed})
        if given is not None:
            given(pz, answer)
        v = pz.check(answer)
        if "reason" in v:
            v["reason"] = Message.from_json(self.domain, v["reason"])
        return PuzzleCheck(**v)

    def record(self, pz: Puzzle, *, with_answer: bool = False) -> dict[str, Any]:
        """The ``puzzle`` call's JSON (:class:`PuzzleRecord`)."""
        k = self[pz.kind]
        out: dict[str, Any] = {
            "kind": pz.kind, "spec": pz.spec, "title": pz.spec.get("title") or
            self.title(pz.kind), "question": str(pz.question), "situation": pz.situation,
            "shape": k.shape, "answer_type": k.answer_type, "choices": list(pz.choices),
            "offer": list(pz.offer), "rule": pz.rule}
        if pz.labels:
            out["labels"] = {c: str(w) for c, w in pz.labels.items()}
        if pz.pick is not None:
            out["pick"] = pz.pick
        if pz.top is not None:
            out["top"] = pz.top
        if pz.spec.get("note"):
            out["note"] = pz.spec["note"]
        if with_answer:
            out["answer"] = pz.answer
            out["steps"] = [str(m) for m in pz.steps]
            out["rule_steps"] = [str(m) for m in pz.steps if m.id in k.rule_steps]
            if pz.answer_text is not None:
                out["answer_text"] = str(pz.answer_text)
            elif isinstance(pz.answer, str) and pz.answer in pz.labels:
                out["answer_text"] = str(pz.labels[pz.answer])
            elif self.spoken is not None and k.answer_type != "number":
                text = self.spoken(pz.answer)
                if text is not None:
                    out["answer_text"] = text
        return out

    def verdict(self, pz: Puzzle, given: object) -> dict[str, Any]:
        """The ``check`` call's JSON (:class:`PuzzleCheck`, its reason still a Message): right
        or wrong, the explanation for this answer and, if wrong, the graded hints."""
        try:
            verdict = self[pz.kind].check(pz, given)
        except GameError as exc:
            verdict = {"correct": False, "explanation": exc.msg or exc.message,
                       "rule": exc.rule}
        if not verdict["correct"]:
            # Hints in steps for a wrong answer, neither naming the answer: the rule of this
            # kind of puzzle first, then a clue about the answer given (the explanation when
            # it names only the reader's own cards).
            clue = verdict.pop("clue", None) or verdict["explanation"]
            verdict["hints"] = [str(self[pz.kind].hint(pz)), str(clue)]
        else:
            verdict.pop("clue", None)
        why = verdict["explanation"]
        if isinstance(why, Message):  # the sentence for the page, the message for a catalogue
            verdict["explanation"] = str(why)
            verdict["reason"] = why.to_json()
        verdict.setdefault("rule", pz.rule)
        verdict["clause"] = verdict["rule"] if verdict["rule"] in self.clauses else pz.rule
        verdict["given"] = given
        return verdict
