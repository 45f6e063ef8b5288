"""The test game's puzzles: two kinds registered through ``cardgame.puzzles``, as a new game's
would be (CONTRIBUTING.md, "A puzzle kind"). The answers are the rules' own, never reckoned
here again:

* ``winner`` — which of the two cards of a trick takes it: :func:`dozen.hand.trick_winner`;
* ``legal`` — which cards of a hand may follow the card led: :func:`dozen.hand.may_play`.

A spec is ``{"kind": k, "seed": n}`` (generated) or an authored situation: ``trick`` (two
cards, the lead first) for ``winner``; ``hand`` and ``led`` for ``legal``.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from cardgame.messages import Message
from cardgame.puzzles import Puzzle, PuzzleKind, PuzzleKinds

from .cards import N_CARDS, NOTATION, TOKENS
from .errors import DOMAIN, DozenError, msg, quote
from .hand import HAND_CARDS, may_play, trick_winner
from .rules import Rules


class PuzzleError(DozenError):
    rule = "puzzle"


def _normal(answer: object) -> object:
    """Cards as a sorted list of tokens, however written ("4s" and ["4s"] alike)."""
    if isinstance(answer, (str, list)):
        try:
            return sorted(TOKENS[c] for c in NOTATION.parse_ids(answer))
        except DozenError:
            return answer
    return answer


REGISTRY = PuzzleKinds(DOMAIN, PuzzleError, normal=_normal)


def _hint(kind: str) -> Callable[[Puzzle], Message]:
    """The rule a kind asks about, said in general: the first hint (puzzle.hint.<kind>)."""
    return lambda pz: msg(f"puzzle.hint.{kind}")


def given_cards(pz: Puzzle, given: object) -> list[int]:
    """The reader's cards if each is one the puzzle offers, else the refusal naming it."""
    if not isinstance(given, (str, list)):
        raise PuzzleError(msg("notation#not_list", value=quote(given)))
    cards = NOTATION.parse_ids(given)
    for c in cards:
        if TOKENS[c] not in pz.offer:
            raise PuzzleError(msg("puzzle#answer", value=TOKENS[c], choices=list(pz.offer)))
    if REGISTRY[pz.kind].answer_type == "card" and len(cards) != 1:
        raise PuzzleError(msg("puzzle#one_card", count=len(cards)))
    return cards


# ---- winner ----------------------------------------------------------------------------------
def _winner_puzzle(spec: dict[str, Any], cards: list[int]) -> Puzzle:
    if len(cards) != 2:
        raise PuzzleError(msg("trick#cards", count=len(cards), field="trick"))
    seat, why = trick_winner(list(enumerate(cards)))
    return REGISTRY.make("winner", spec, msg("puzzle.winner#question"),
                         {"trick": [[s, TOKENS[c]] for s, c in enumerate(cards)]},
                         TOKENS[cards[seat]], (msg("puzzle#sentence", why=why.reason),), why.rule,
                         offer=tuple(TOKENS[c] for c in cards))


def _gen_winner(seed: int, rng: random.Random) -> Puzzle:
    return _winner_puzzle({"kind": "winner", "seed": seed}, rng.sample(range(N_CARDS), 2))


def _author_winner(spec: dict[str, Any]) -> Puzzle:
    return _winner_puzzle(spec, NOTATION.parse_ids(spec.get("trick", "")))


def _check_winner(pz: Puzzle, given: object) -> dict[str, Any]:
    (card,) = given_cards(pz, given)
    if TOKENS[card] == pz.answer:
        return {"correct": True, "explanation": msg("puzzle#right_then", then=pz.steps[0])}
    # The clue reads the rule's own reason (the puzzle's rule), said of the reader's card: of
    # two cards, the one that loses is off the suit led or the lower of it.
    clue = "off_suit" if pz.rule == "trick.off_suit" else "lower"
    return {"correct": False, "clue": msg(f"puzzle.hint.winner#{clue}", card=TOKENS[card]),
            "explanation": msg("puzzle#wrong_then", choice=TOKENS[card], then=pz.steps[0])}


REGISTRY.register(PuzzleKind("winner", "card", generate=_gen_winner, check=_check_winner,
                             hint=_hint("winner"), author=_author_winner,
                             fields=frozenset({"trick"})))


# ---- legal -----------------------------------------------------------------------------------
def _legal_puzzle(spec: dict[str, Any], held: list[int], led: int) -> Puzzle:
    if led in held:
        raise PuzzleError(msg("puzzle.legal#led_held", card=TOKENS[led], field="led"))
    if not 0 < len(held) <= HAND_CARDS:
        raise PuzzleError(msg("puzzle.legal#hand", count=len(held), most=HAND_CARDS,
                              field="hand"))
    held = sorted(held)
    verdicts = [may_play(c, held, led, Rules()) for c in held]
    answer = [TOKENS[c] for c, v in zip(held, verdicts) if v]
    refused = [v for v in verdicts if not v]
    # The worked answer: each card's verdict, then what they leave.
    steps = [msg("puzzle#sentence", why=v.reason) for v in verdicts]
    steps.append(msg("puzzle.legal#answer", cards=answer))
    return REGISTRY.make("legal", spec, msg("puzzle.legal#question"),
                         {"hand": [TOKENS[c] for c in held], "led": TOKENS[led]}, answer, steps,
                         (refused or verdicts)[0].rule, offer=tuple(TOKENS[c] for c in held))


def _gen_legal(seed: int, rng: random.Random) -> Puzzle:
    # A hand that holds the suit led and another: one card at least is refused, one allowed.
    while True:
        led, *held = rng.sample(range(N_CARDS), HAND_CARDS + 1)
        allowed = [c for c in held if may_play(c, held, led, Rules())]
        if 0 < len(allowed) < len(held):
            return _legal_puzzle({"kind": "legal", "seed": seed}, held, led)


def _author_legal(spec: dict[str, Any]) -> Puzzle:
    led = NOTATION.parse_ids(spec.get("led", ""))
    if len(led) != 1:
        raise PuzzleError(msg("puzzle.legal#one_led", count=len(led), field="led"))
    return _legal_puzzle(spec, NOTATION.parse_ids(spec.get("hand", "")), led[0])


def _check_legal(pz: Puzzle, given: object) -> dict[str, Any]:
    chosen = set(given_cards(pz, given))
    right = set(NOTATION.parse_ids(pz.answer))
    if chosen == right:
        return {"correct": True, "explanation": msg("puzzle.legal#right")}
    held = NOTATION.parse_ids(pz.situation["hand"])
    led = NOTATION.parse_id(pz.situation["led"])
    wrong = [may_play(c, held, led, Rules()) for c in sorted(chosen - right)]
    missed = [may_play(c, held, led, Rules()) for c in sorted(right - chosen)]
    notes = [msg("puzzle#sentence", why=v.reason) for v in wrong + missed]
    # The clue: why the reader's first card wrongly chosen may not be played, else how many
    # playable cards are left out, without naming them.
    clue = notes[0] if wrong else msg("puzzle.hint.legal#missed", n=len(missed))
    return {"correct": False, "explanation": msg("puzzle#notes", notes=notes), "clue": clue,
            "rule": (wrong or missed)[0].rule}


REGISTRY.register(PuzzleKind("legal", "cards", generate=_gen_legal, check=_check_legal,
                             hint=_hint("legal"), author=_author_legal,
                             fields=frozenset({"hand", "led"})))

KINDS = REGISTRY.names
generate = REGISTRY.generate
from_spec = REGISTRY.from_spec
cached = REGISTRY.cached
