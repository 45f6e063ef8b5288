"""Lesson exercises: the questions a lesson asks that are not puzzle kinds.

Four kinds (``KINDS``), each asking one rule a lesson has just taught:

``rank``      which of these cards ranks highest (``cards``: one suit, trumps, the Fool);
``partners``  who deals first after the draw for partners (``seed``: the shuffle);
``talk``      who decides now, during the talk between the rounds of the deal (``record``: a
              hand record stopped in the talk, e.g. ``{"seed": 5, "actions": [...]}``);
``score``     what a side scores for a hand whose pile it counted (``pile``: the side's cards,
              the scart last, counted in fours as the four-player game does).

A spec may also give ``question`` (the lesson's own words). The answer is always the engine's:
the rule's own function decides it (``card_beats``, ``partner_draw``, the hand's turn, the count
and par), and ``check`` judges an answer with the same function. Like a puzzle's check, a wrong
answer gets hints in steps that never name the answer: the rule first, then a clue about the
answer given; the answer and the worked steps come only with ``answer=True`` ("Show solution").

No dataclasses here: the browser imports this module when a lesson first asks (see
cardgame.value).
"""

from __future__ import annotations

from typing import Any, Callable
import json
from functools import lru_cache

from . import counting
from .cards import (FOOL, JACK, RANK_OF, ROUND_SUITS, SUIT_OF, TOKEN, TRUMP, name_message,
                    parse_ids, sort_ids)
from .errors import Message, TroccasError, msg, quote
from .play import SUIT_CODE, card_beats

KINDS = ("rank", "partners", "talk", "score")
FIELDS = {"rank": {"cards"}, "partners": {"seed"}, "talk": {"record"}, "score": {"pile"}}
COMMON = {"kind", "question"}
PLAYER_NAMES = "ABCDEF"  # the players of a partner draw, round the table in the order dealt


class ExerciseError(TroccasError):
    rule = "exercise"


class Exercise:
    """One exercise: what the page shows, the answer, the worked steps and the rule asked."""

    __slots__ = ("kind", "spec", "question", "situation", "answer_type", "options", "answer",
                 "answer_text", "steps", "rule", "rule_hint", "clue")

    def __init__(self, kind: str, spec: dict[str, Any], question: Message | str,
                 situation: dict[str, Any], answer_type: str, options: list[dict[str, Any]],
                 answer: int | str, answer_text: Message, steps: list[Message], rule: str,
                 rule_hint: Message, clue: Callable[[Any], Message]) -> None:
        self.kind = kind
        self.spec = spec
        self.question = question  # Message, or the lesson's own text
        self.situation = situation
        self.answer_type = answer_type  # "one" (an option) or "number"
        self.options = options  # [{"value", "text" (a Message), "card"}]
        self.answer = answer
        self.answer_text = answer_text  # Message: the answer as a person says it
        self.steps = steps  # [Message]: the worked solution
        self.rule = rule  # the clause asked (troccas.rules.CLAUSES)
        self.rule_hint = rule_hint  # Message: the first hint
        self.clue = clue  # given -> Message: the second hint, about the answer given

    def to_json(self, *, with_answer: bool = False) -> dict[str, Any]:
        # Words are rendered here, not when the exercise is built: a built exercise is kept
        # (cached) and may be asked for again in another language.
        out: dict[str, Any] = {"kind": self.kind, "spec": self.spec, "question": str(self.question),
               "situation": _said(self.situation), "answer_type": self.answer_type,
               "options": _said(self.options), "rule": self.rule}
        if with_answer:
            out["answer"] = self.answer
            out["answer_text"] = str(self.answer_text)
            out["steps"] = [str(s) for s in self.steps]
        return out

    def normalise(self, given: object) -> int | str | Message:
        """The answer as the exercise compares it, or None if it is not one (a message)."""
        if self.answer_type == "number":
            text = str(given).strip().replace("\u2212", "-")  # a typed minus sign
            try:
                return int(text)
            except ValueError:
                return msg("exercise#not_number", given=str(given))
        values = [o["value"] for o in self.options]
        if isinstance(given, list) and len(given) == 1:
            given = given[0]
        if self.kind == "rank" and isinstance(given, str):
            try:
                given = TOKEN[parse_ids(given)[0]]
            except (TroccasError, IndexError):
                pass
        given = str(given)
        if given not in values:
            return msg("exercise#not_option", given=given, options=values)
        return given

    def check(self, given: object) -> dict[str, Any]:
        """Whether ``given`` is right; if not, the hints in steps (the rule, then a clue) and
        the explanation of the answer given."""
        value = self.normalise(given)
        if isinstance(value, Message):
            return {"correct": False, "explanation": str(value), "rule": self.rule,
                    "clause": self.rule, "given": given, "reason": value,
                    "hints": [str(self.rule_hint), str(value)]}
        if value == self.answer:
            why = msg("exercise#right", steps=list(self.steps))
            return {"correct": True, "explanation": str(why), "rule": self.rule,
                    "clause": self.rule, "given": given, "reason": why}
        clue = self.clue(value)
        return {"correct": False, "explanation": str(clue), "rule": self.rule,
                "clause": self.rule, "given": given, "reason": clue,
                "hints": [str(self.rule_hint), str(clue)]}


def _said(value: Any) -> Any:
    """``value`` with every message in it rendered in the current language."""
    if isinstance(value, Message):
        return str(value)
    if isinstance(value, dict):
        return {k: _said(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_said(v) for v in value]
    return value


def _question(spec: dict[str, Any], default: Message) -> Message | str:
    q = spec.get("question")
    if q is not None and not isinstance(q, str):
        raise ExerciseError(msg("exercise#question", field="question"))
    return q or default


# ---- rank: which card ranks highest ----------------------------------------------------------
def _rank(spec: dict[str, Any]) -> Exercise:
    cards = parse_ids(spec.get("cards") or [])
    if len(cards) < 2:
        raise ExerciseError(msg("exercise.rank#two_cards", field="cards"))
    suits = {SUIT_OF[c] for c in cards if SUIT_OF[c] < TRUMP}
    if len(suits) > 1:
        # Outside a trick, a cups card and a swords card do not rank against each other.
        raise ExerciseError(msg("exercise.rank#one_suit", cards=[TOKEN[c] for c in cards],
                                field="cards"))
    if all(c == FOOL for c in cards):
        raise ExerciseError(msg("exercise.rank#two_cards", field="cards"))
    has_suit = bool(suits)
    led = suits.pop() if suits else TRUMP
    # The card that beats every other: the ranking's own rule, as in a trick of that suit.
    best = next(c for c in cards if all(c == o or card_beats(c, o, led) for o in cards))
    order = [c for c in sort_ids(cards) if c != FOOL]
    steps = [msg("exercise.rank#order", cards=[TOKEN[c] for c in order])]
    if SUIT_OF[best] == TRUMP:
        steps.append(msg("exercise.rank#why_trump_over" if has_suit else "exercise.rank#why_trump",
                         card=TOKEN[best]))
    elif RANK_OF[best] >= JACK:
        steps.append(msg("exercise.rank#why_court", card=TOKEN[best]))
    else:
        kind = "round" if led in ROUND_SUITS else "long"
        steps.append(msg(f"exercise.rank#why_{kind}", card=TOKEN[best], suit=SUIT_CODE[led]))
    if FOOL in cards:
        steps.append(msg("exercise.rank#fool"))

    def clue(given: str) -> Message:
        c = parse_ids(given)[0]
        if c == FOOL:
            return msg("exercise.rank#fool")
        if SUIT_OF[c] == TRUMP:
            return msg("exercise.rank#lower_trump", card=given)
        if SUIT_OF[best] == TRUMP:
            return msg("exercise.rank#not_trump", card=given)
        if RANK_OF[c] < JACK and RANK_OF[best] >= JACK:
            return msg("exercise.rank#numeral", card=given)
        if RANK_OF[c] >= JACK:
            return msg("exercise.rank#lower_court", card=given)
        kind = "round" if led in ROUND_SUITS else "long"
        return msg(f"exercise.rank#numerals_{kind}", card=given)

    return Exercise(
        "rank", spec, _question(spec, msg("exercise.rank#question")),
        {"cards": [TOKEN[c] for c in cards]}, "one",
        [{"value": TOKEN[c], "text": name_message(c), "card": TOKEN[c]} for c in cards],
        TOKEN[best], msg("exercise.rank#answer", card=TOKEN[best]),
        steps, "ranking", msg("exercise.hint.rank"), clue)


# ---- partners: who deals first after the draw ----------------------------------------------
def _partners(spec: dict[str, Any]) -> Exercise:
    from .deal import partner_draw, shuffled_deck

    seed = spec.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ExerciseError(msg("exercise.partners#seed", value=quote(seed), field="seed"))
    draw = partner_draw(shuffled_deck(seed), 4)
    n = len(draw.dealt)
    names = PLAYER_NAMES[:n]
    trumps = draw.trumps
    first = draw.first_dealer
    low, high = draw.teams
    mate = next(p for p in low if p != first)
    steps = [msg("exercise.partners#trumps",
                 drawn=[msg("exercise.partners#drew", player=names[p], trump=TOKEN[trumps[p]])
                        for p in range(n)]),
             msg("exercise.partners#first", player=names[first], trump=TOKEN[trumps[first]]),
             msg("exercise.partners#sides", player=names[first], mate=names[mate],
                 trump=TOKEN[trumps[mate]], others=[names[p] for p in high])]
    # Partners face each other: the draw's places are kept only if they already do.
    facing = (first - mate) % n == n // 2
    steps.append(msg("exercise.partners#facing" if facing else "exercise.partners#move",
                     player=names[first], mate=names[mate]))
    steps.append(msg("exercise.partners#seats", player=names[first], mate=names[mate],
                     others=[names[p] for p in high]))

    def clue(given: str) -> Message:
        p = int(given)
        lower = sum(1 for t in trumps if t < trumps[p])
        if lower == n - 1:  # the highest trump of all
            return msg("exercise.partners#highest", player=names[p], trump=TOKEN[trumps[p]])
        return msg("exercise.partners#lower_one" if lower == 1 else "exercise.partners#lower",
                   player=names[p], trump=TOKEN[trumps[p]], n=lower)

    return Exercise(
        "partners", spec, _question(spec, msg("exercise.partners#question")),
        {"centre": TOKEN[draw.centre],
         "players": [{"label": msg("exercise#player", player=names[p]),
                      "cards": [TOKEN[c] for c in draw.dealt[p]]} for p in range(n)]},
        "one", [{"value": str(p), "text": msg("exercise#player", player=names[p]),
                 "card": None} for p in range(n)],
        str(first), msg("exercise#player", player=names[first]), steps, "partners",
        msg("exercise.hint.partners"), clue)


# ---- talk: who decides now -------------------------------------------------------------------
def _talk(spec: dict[str, Any]) -> Exercise:
    from .record import HandRecord

    rec = spec.get("record")
    if not isinstance(rec, dict):
        raise ExerciseError(msg("exercise.talk#record", field="record"))
    hand = HandRecord.from_json(rec).replay()
    if hand.phase not in ("talk", "dealer_choice"):
        raise ExerciseError(msg("exercise.talk#not_talk", phase=hand.phase, field="record"))
    n, dealer, now = hand.n, hand.dealer, hand.current_player
    rnd = hand.round
    said = [e for e in hand.events if e["type"] == "talk" and e.get("round") == rnd]
    spoke = {e["player"] for e in said}

    def seat(p: int) -> Message:
        return msg("exercise#seat_dealer" if p == dealer else "exercise#seat", seat=p)

    def clue(given: str) -> Message:
        p = int(given)
        return msg("exercise.talk#spoke" if p in spoke else "exercise.talk#not_yet", seat=p)

    reason = hand.turn_reason()
    return Exercise(
        "talk", spec, _question(spec, msg("exercise.talk#question")),
        {"dealer": dealer, "round": rnd,
         "said": [msg(f"exercise.talk#said_{e['decision']}", seat=e["player"])
                  for e in said]},
        "one", [{"value": str(p), "text": seat(p), "card": None} for p in range(n)],
        str(now), seat(now), [reason],
        reason.rule if reason.rule.startswith("talk") else "talk",
        msg("exercise.hint.talk"), clue)


# ---- score: a side's score against par ---------------------------------------------------
def _score(spec: dict[str, Any]) -> Exercise:
    from .puzzles import _count_steps  # the count's worked steps, as the counting puzzles give

    pile = parse_ids(spec.get("pile") or [])
    if not pile:
        raise ExerciseError(msg("exercise.score#pile", field="pile"))
    r = counting.count(pile, "fours")
    total = counting.count(list(range(len(TOKEN))), "fours").points
    par = int(counting.par(4, "fours", 0)[0])  # fours with four: a fixed par, never a fraction
    score = r.points - par
    steps = list(_count_steps(r)) + [msg("exercise.score#step", points=r.points, par=par,
                                         score=_signed(score))]

    def clue(given: int) -> Message:
        if given == r.points:
            return msg("exercise.score#points", n=given)
        if given == -score and score:
            return msg("exercise.score#sign_plus" if score > 0 else "exercise.score#sign_minus")
        return msg("exercise.score#too_high" if given > score else "exercise.score#too_low",
                   n=given, par=par)

    return Exercise(
        "score", spec, _question(spec, msg("exercise.score#question")),
        {"pile": [TOKEN[c] for c in pile], "par": par, "total": total}, "number", [],
        score, msg("exercise.score#answer", score=_signed(score)), steps, "score",
        msg("exercise.hint.score", total=total, par=par), clue)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


_BUILDERS = {"rank": _rank, "partners": _partners, "talk": _talk, "score": _score}


def from_spec(spec: object) -> Exercise:
    if not isinstance(spec, dict) or spec.get("kind") not in KINDS:
        kind = spec.get("kind") if isinstance(spec, dict) else None
        raise ExerciseError(msg("exercise#kind", value=quote(kind), kinds=list(KINDS),
                                field="kind"))
    kind = spec["kind"]
    unknown = sorted(set(spec) - FIELDS[kind] - COMMON)
    if unknown:
        raise ExerciseError(msg("exercise#field", name=quote(unknown[0]), kind=kind,
                                fields=sorted(FIELDS[kind] | COMMON), field=unknown[0]))
    return _BUILDERS[kind](spec)


@lru_cache(maxsize=64)
def _cached(key: str) -> Exercise:
    return from_spec(json.loads(key))


def cached(spec: object) -> Exercise:
    """from_spec with a cache: the page checks several answers to one exercise."""
    try:
        key = json.dumps(spec, sort_keys=True)
    except TypeError:
        return from_spec(spec)
    return _cached(key)
