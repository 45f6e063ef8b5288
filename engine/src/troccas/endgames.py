"""Endgame puzzles (issue 17): the last tricks of a real hand, every card shown.

The reader plays for the seat to move — "play to take the most points for your side" — and the
other three seats answer with the solver's best play (:mod:`troccas.solver`, open cards), the
partner for the reader's side and the opponents against it. Only a position whose best first
card is unique becomes a puzzle; a wrong first card is answered with the line that refutes it.

A puzzle's spec is ``{"kind": "endgame", "seed": N}`` (a random deal played by the baseline
bot until a few tricks remain, chosen from the seed) or an authored one that names a deal and
the moment: ``{"kind": "endgame", "deal": D, "tricks": T, "plays": P}`` — the deal ``D``
played by the baseline bots until ``T`` tricks remain and ``P`` cards (0 to 3) are in the trick
— with a title, a note on the idea and ``expect``, the
best first card, which the build compares with the solver's answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
import json
import random
from functools import lru_cache

from .cards import TOKEN
from .errors import msg, quote
from .hand import Hand
from .puzzles import PuzzleError
from .record import HandRecord
from .solver import tricks_left

if TYPE_CHECKING:
    from .errors import Message
    from .rules import Rules
    from .solver import Solution

FIELDS = {"kind", "deal", "tricks", "plays", "id", "title", "note", "level", "expect"}
TRICKS = (3, 4)  # a seeded puzzle's length: short enough to solve at once in a browser
MAX_TRICKS = 8


def _bot_move(hand: Hand, seed: object) -> None:
    from .bots import base
    choice, _ = base.decide(hand, None, "baseline", seed)
    hand.apply_action(choice.aid)


def deal_to(deal: int, tricks: int, plays: int = 0, rules: Rules | None = None) -> Hand | None:
    """Deal ``deal`` (a four-player hand from that seed, under ``rules``, pagat's by default)
    played by the baseline bots until ``tricks`` tricks remain, at the start of a trick, and
    then ``plays`` more cards into that trick; None if the deal is thrown in first (or a buob
    call comes in between)."""
    hand = Hand(4, deal % 4, seed=deal, rules=rules)
    while not hand.is_terminal():
        if hand.phase == "play" and not hand.trick_players and tricks_left(hand) <= tricks:
            if tricks_left(hand) != tricks:
                return None
            for _ in range(plays):
                _bot_move(hand, deal)
                if hand.phase != "play" or not hand.trick_players:
                    return None
            return hand
        _bot_move(hand, deal)
    return None


class Endgame:
    """A position and the solver's verdict on each first card."""

    __slots__ = ("spec", "hand", "seat", "side", "values", "best", "line", "level", "_memo")

    def __init__(self, spec: dict[str, Any], hand: Hand) -> None:
        from .solver import solve
        self.spec = spec
        self.hand = hand
        self.seat = hand.current_player
        self.side = hand.side_of[self.seat]
        sol = solve(hand)
        self._memo: dict[tuple[str, ...], Solution] = {(): sol}
        self.values = dict(sol.values)
        self.best = list(sol.best)
        self.line = list(sol.line)
        ranked = sorted(set(self.values.values()), reverse=True)
        margin = ranked[0] - ranked[1] if len(ranked) > 1 else 0
        self.level = 1 if margin >= 10 else 2 if margin >= 4 else 3

    @property
    def margin(self) -> int:
        ranked = sorted(set(self.values.values()), reverse=True)
        return ranked[0] - ranked[1] if len(ranked) > 1 else 0

    def solution(self, hand: Hand, taken: list[str]) -> Solution:
        """The solver's solution of ``hand``, reached from the puzzle's position by ``taken``."""
        key = tuple(taken)
        sol = self._memo.get(key)
        if sol is None:
            from .solver import solve
            if len(self._memo) > 256:
                self._memo = {(): self._memo[()]}
            sol = self._memo[key] = solve(hand)
        return sol

    def card_of(self, action: str) -> str:
        return action.split(" ", 2)[2]

    def record(self) -> dict[str, Any]:
        return HandRecord.from_hand(self.hand).to_json()

    def situation(self) -> dict[str, Any]:
        return self.situation_of(self.hand, self.seat)

    @staticmethod
    def situation_of(h: Hand, seat: int) -> dict[str, Any]:
        """What the page shows: every hand, the trick so far, tricks left, the points won."""
        side = h.side_of[seat]
        return {"seat": seat, "side": side, "players": h.n,
                "partners": [p for p in range(h.n) if h.side_of[p] == side and p != seat],
                "hands": [[TOKEN[c] for c in h.cards_of(p)] for p in range(h.n)],
                "trick": [[p, TOKEN[c]] for p, c in zip(h.trick_players, h.trick_cards)],
                "tricks": tricks_left(h) if not h.is_terminal() else 0,
                "legal": sorted({a.arg for a in h.legal_actions() if a.kind == "play"})
                if h.current_player == seat and h.phase == "play" else [],
                "won": [len(h.piles[s]) for s in range(h.n_sides)]}


def generate(seed: int) -> Endgame:
    """The endgame puzzle of this seed: the same everywhere the engine runs."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise PuzzleError(msg("puzzle#seed", value=quote(seed), field="seed"))
    rng = random.Random(f"endgame-{seed}")
    tricks = TRICKS[seed % len(TRICKS)]
    for _ in range(200):
        hand = deal_to(rng.getrandbits(31), tricks)
        if hand is None or len(hand.legal_action_ids()) < 2:
            continue
        eg = Endgame({"kind": "endgame", "seed": seed}, hand)
        if len(eg.best) == 1 and eg.margin >= 1:
            return eg
    raise AssertionError("no endgame with a unique best card found")  # pragma: no cover


def from_authored(spec: dict[str, Any]) -> Endgame:
    unknown = sorted(set(spec) - FIELDS)
    if unknown:
        raise PuzzleError(msg("puzzle#unknown_field", field=unknown[0], kind="endgame",
                              fields=sorted(FIELDS)))
    deal, tricks = spec.get("deal"), spec.get("tricks")
    if not isinstance(deal, int) or isinstance(deal, bool) or deal < 0:
        raise PuzzleError(msg("puzzle.endgame#deal", value=quote(deal), field="deal"))
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 1 <= tricks <= MAX_TRICKS:
        raise PuzzleError(msg("puzzle.endgame#tricks", value=quote(tricks), most=MAX_TRICKS,
                              field="tricks"))
    plays = spec.get("plays", 0)
    if type(plays) is not int or not 0 <= plays <= 3:
        raise PuzzleError(msg("puzzle.endgame#plays", value=quote(plays), field="plays"))
    hand = deal_to(deal, tricks, plays)
    if hand is None:
        raise PuzzleError(msg("puzzle.endgame#thrown_in", deal=deal, field="deal"))
    eg = Endgame(spec, hand)
    if "expect" in spec:
        want = spec["expect"] if isinstance(spec["expect"], list) else [spec["expect"]]
        have = sorted(eg.card_of(a) for a in eg.best)
        if sorted(str(w) for w in want) != have:
            raise PuzzleError(msg("puzzle.endgame#expect", expect=quote(spec["expect"]),
                                  answer=have, field="expect"))
    return eg


# ---- the reader's moves ------------------------------------------------------------------------
def _tricks_of(hand: Hand, actions: list[str]) -> list[dict[str, Any]]:
    """``actions`` played from ``hand`` (on a copy), trick by trick: who played what, who took
    the trick."""
    from .actions import Action
    h = hand.clone()
    out: list[dict[str, Any]] = []
    current: dict[str, Any] = {"plays": [], "winner": None}
    done = len(h.finished_tricks)
    for text in actions:
        act = Action.parse(text)
        h.apply(act)
        if act.kind == "play":
            current["plays"].append([act.player, act.arg])
        if len(h.finished_tricks) > done:
            done = len(h.finished_tricks)
            t = h.finished_tricks[-1]
            current["winner"] = t[2]
            current["number"] = done
            out.append(current)
            current = {"plays": [], "winner": None}
    if current["plays"]:
        out.append(current)
    return out


def _readers_card(h: Hand, seat: int) -> bool:
    """The reader chooses cards; a buob call or a take-back on his behalf is the solver's."""
    return h.current_player == seat and h.phase == "play"


def replay(eg: Endgame, cards: list[Any]) -> tuple[Hand, list[str], list[dict[str, Any]]]:
    """The position after the reader's ``cards`` (tokens, in order), each answered by the other
    seats' best play until it is the reader's turn again: the hand, every action taken, and a
    verdict for each of the reader's cards (its value against the best value then).

    The replies follow the solver's principal line after the reader's card; solutions are kept
    on the puzzle by the actions that led to them, so a page asking again after each card
    solves only the new position."""
    from .actions import Action
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise PuzzleError(msg("puzzle.endgame#cards", value=quote(cards)))
    h = eg.hand.clone()
    taken: list[str] = []
    verdicts = []

    def follow_line() -> None:
        while not h.is_terminal() and not _readers_card(h, eg.seat):
            line = eg.solution(h, taken).line
            for a in line:
                if h.is_terminal() or _readers_card(h, eg.seat):
                    break
                h.apply(Action.parse(a))
                taken.append(a)

    follow_line()
    for token in cards:
        if h.is_terminal():
            raise PuzzleError(msg("puzzle.endgame#over", card=quote(token)))
        sol = eg.solution(h, taken)
        action = next((a for a in sol.values if a.split(" ", 2)[2] == token), None)
        if action is None:
            legal = sorted({a.split(" ", 2)[2] for a in sol.values})
            raise PuzzleError(msg("puzzle.endgame#not_legal", card=quote(token), cards=legal))
        best = max(sol.values.values())
        verdicts.append({"card": token, "value": sol.values[action], "best": best,
                         "best_cards": sorted(a.split(" ", 2)[2] for a in sol.best)})
        h.apply(Action.parse(action))
        taken.append(action)
        follow_line()
    return h, taken, verdicts


def question(eg: Endgame) -> Message:
    sit = eg.situation()
    return msg("puzzle.endgame#question_follow" if sit["trick"] else "puzzle.endgame#question",
               seat=eg.seat, partners=sit["partners"], tricks=sit["tricks"])


def check(eg: Endgame, given: object) -> dict[str, Any]:
    """The reader's first card: right if the solver finds no better one; wrong with the line
    that refutes it (the reader's card, then best play by all to the end) and the points lost.
    The hints never name the best card."""
    from .actions import Action
    from .solver import solve
    token = given[0] if isinstance(given, list) and len(given) == 1 else given
    if not isinstance(token, str):
        raise PuzzleError(msg("puzzle#one_card"))
    action = next((a for a in eg.values if eg.card_of(a) == token), None)
    if action is None:
        legal = sorted(eg.card_of(a) for a in eg.values)
        raise PuzzleError(msg("puzzle.endgame#not_legal", card=quote(token), cards=legal))
    best = max(eg.values.values())
    value = eg.values[action]
    if value == best:
        return {"correct": True, "value": value, "best": best,
                "explanation": msg("puzzle.endgame#right", card=token, value=value),
                "line": _tricks_of(eg.hand, eg.line)}
    after = eg.hand.clone()
    after.apply(Action.parse(action))
    rest = list(solve(after).line) if not after.is_terminal() else []
    why = msg("puzzle.endgame#wrong", card=token, value=value, lost=best - value)
    return {"correct": False, "value": value, "best": best, "explanation": why,
            "hints": [str(msg("puzzle.hint.endgame")), str(why)],
            "line": _tricks_of(eg.hand, [action] + rest)}


def from_spec(spec: object) -> Endgame:
    if not isinstance(spec, dict):
        raise PuzzleError(msg("puzzle#spec"))
    if spec.get("kind") != "endgame":
        raise PuzzleError(msg("puzzle#kind", value=quote(spec.get("kind")), kinds=["endgame"],
                              field="kind"))
    if set(spec) <= {"kind", "seed"} and "seed" in spec:
        return generate(spec["seed"])
    return from_authored(spec)


@lru_cache(maxsize=64)
def _cached(spec_json: str) -> Endgame:
    return from_spec(json.loads(spec_json))


def cached(spec: object) -> Endgame:
    """from_spec with a cache: the page asks about one puzzle many times."""
    if not isinstance(spec, dict):
        raise PuzzleError(msg("puzzle#spec"))
    return _cached(json.dumps(spec, sort_keys=True))


def steps(eg: Endgame) -> list[Any]:
    """The worked answer as messages: the best first card and its value, the other cards'
    values, then the line of best play trick by trick."""
    top = max(eg.values.values())
    out = [msg("puzzle.endgame#step_best", card=eg.card_of(eg.best[0]), value=top)]
    others = sorted(((v, eg.card_of(a)) for a, v in eg.values.items() if v < top), reverse=True)
    if others:
        out.append(msg("puzzle.endgame#step_others", values=[
            msg("puzzle.endgame#step_value", card=c, value=v) for v, c in others]))
    for t in _tricks_of(eg.hand, eg.line):
        if t.get("winner") is None:
            continue
        out.append(msg("puzzle.endgame#step_trick", number=t["number"], winner=t["winner"],
                       plays=[msg("puzzle.endgame#step_play", seat=p, card=c)
                              for p, c in t["plays"]]))
    return out
