"""Truc puzzles (issue 18), each drawn from a real hand played at random from its seed and
answered by the hand itself, so a puzzle can never disagree with the rules. Each kind is
registered once, at the end of this module, as a ``cardgame.puzzles.PuzzleKind``; the facade's
``puzzle`` and ``check`` give the same records as every game's (``cardgame.puzzles``):

* ``trick`` — who takes this trick (draws included): rule ``trick.winner``;
* ``hand`` — which team wins the hand, from its tricks: rule ``hand.winner``;
* ``score`` — what the hand scores, and for whom, after its bets and answers;
* ``raise`` — who may raise the stake now: rule ``bet.right``;
* ``eleven`` — what the score before the hand means for it (the 11-point rules).

A puzzle's answer is one of its choices (answer type ``choice``), labelled in the engine's
words. A wrong answer gets graded hints that never name the answer: the kind's rule said in
general (``puzzle.hint.<kind>``), then a clue about the answer given, read off the same hand
(``puzzle.hint.<kind>#…``); the answer and the engine's reason come with the solution.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable

from cardgame.messages import Message as _Message
from cardgame.messages import quote as _quote
from cardgame.puzzles import Puzzle, PuzzleKind, PuzzleKinds

from .errors import DOMAIN, TrucError, msg
from .hand import Hand, PLAY
from .rules import Rules

if TYPE_CHECKING:
    from cardgame.messages import Message

    from .hand import Trick

# What a puzzle maker finds in a hand (None: nothing to ask, try the next deal): the answer,
# the reason, the situation as data, the choices (each answer and its words), the question and
# what the clues read of the hand.
Made = tuple[str, "Message", dict[str, Any], list[dict[str, Any]], "Message",
             dict[str, Any]] | None


class PuzzleError(TrucError):
    rule = "puzzle"


def _random_hand(seed: int, rng: random.Random, totals: list[int] | None = None,
                 stop: Callable[[Hand], bool] | None = None) -> Hand:
    """A four-player hand dealt from ``seed`` and played by random legal actions; ``stop(h)``
    may end it early (the moment a puzzle asks about)."""
    h = Hand(Rules(), seed % 4, seed=seed, totals=totals or [0, 0])
    while not h.is_terminal():
        if stop is not None and stop(h):
            break
        ids = h.legal_action_ids()
        h.apply_action(ids[int(rng.random() * len(ids))])
    return h


def _team_choices(h: Hand, draw: bool = False) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"answer": f"team{t}", "label": msg(f"term.{h.team_term(t)}")}
                                 for t in (0, 1)]
    if draw:
        out.append({"answer": "draw", "label": msg("puzzle#drawn")})
    return out


def _tricks(h: Hand, tricks: list[Trick]) -> list[dict[str, Any]]:
    tok = h.pack.tokens
    return [{"plays": [[p, tok[c]] for p, c in plays], "team": team} for plays, team, _ in tricks]


def _trick(deal: int, rng: random.Random) -> Made:
    h = _random_hand(deal, rng)
    if not h.tricks:
        return None
    drawn = [t for t in h.tricks if t[1] is None]
    plays, team, _ = rng.choice(drawn) if drawn and rng.random() < 0.4 else rng.choice(h.tricks)
    reason = h.trick_reason(plays)
    answer = "draw" if team is None else f"team{team}"
    return (answer, reason, {"plays": _tricks(h, [(plays, None, 0)])[0]["plays"]},
            _team_choices(h, draw=True), msg("puzzle.trick#question"), {})


def _hand(deal: int, rng: random.Random) -> Made:
    h = _random_hand(deal, rng)
    assert h.result is not None
    if h.result["how"] != "tricks":
        return None
    if all(t is not None for _, t, _ in h.tricks) and rng.random() < 0.7:
        return None  # most hands are two tricks to one: prefer those with a draw
    team, reason = h.hand_verdict([t for _, t, _ in h.tricks])
    assert reason is not None  # the hand is over, won by its tricks
    situation = {"dealer": h.dealer, "cards_each": h.cards_each,
                 "tricks": [dict(t, team=None) for t in _tricks(h, h.tricks)]}
    return (f"team{team}", reason, situation, _team_choices(h), msg("puzzle.hand#question"),
            {"drawn": any(t is None for _, t, _ in h.tricks)})


def _score(deal: int, rng: random.Random) -> Made:
    h = _random_hand(deal, rng)
    r = h.result
    assert r is not None
    bets = [e for e in h.events if e["type"] in ("bet", "answer")]
    if not bets or r["how"] not in ("fold", "tricks"):
        return None
    if r["how"] == "fold":
        reason = msg("puzzle.score#fold", team=h.side(r["team"]), points=r["points"])
    else:
        reason = msg("puzzle.score#tricks", team=h.side(r["team"]), points=r["points"])
    events = [dict(e) for e in h.events if e["type"] in ("bet", "answer", "play", "trick")]
    choices = [{"answer": f"team{t}:{p}",
                "label": msg("puzzle.score#choice", team=h.side(t), points=p)}
               for t in (0, 1) for p in (1, 2, 3)]
    return (f"team{r['team']}:{r['points']}", reason, {"dealer": h.dealer, "events": events},
            choices, msg("puzzle.score#question"), {"how": r["how"]})


def _raise(deal: int, rng: random.Random) -> Made:
    target = rng.choice((1, 2, 2, 3))

    def stop(h: Hand) -> bool:
        return h.phase == PLAY and h.pending is None and h.stake >= target and \
            len(h.trick) > 0
    h = _random_hand(deal, rng, stop=stop)
    if h.is_terminal():
        return None
    may = [t for t in (0, 1) if h._bets(t)]
    answer = {2: "either", 0: "nobody"}.get(len(may)) or f"team{may[0]}"
    if not may:
        reason = msg("puzzle.raise#top" if h.stake >= 3 else "puzzle.raise#closed",
                     stake=h.stake)
    elif len(may) == 2:
        reason = msg("puzzle.raise#either")
    else:
        reason = msg("puzzle.raise#accepted", team=h.side(may[0]), stake=h.stake)
    events = [dict(e) for e in h.events if e["type"] in ("bet", "answer")]
    choices = _team_choices(h) + [{"answer": "either", "label": msg("puzzle.raise#any")},
                                  {"answer": "nobody", "label": msg("puzzle.raise#none")}]
    return (answer, reason, {"stake": h.stake, "bets": events, "to_play": h.to_play},
            choices, msg("puzzle.raise#question"), {})


def _eleven(deal: int, rng: random.Random) -> Made:
    totals = rng.choice(([11, rng.randrange(11)], [rng.randrange(11), 11], [11, 11],
                         [rng.randrange(11), rng.randrange(11)]))
    h = Hand(Rules(), deal % 4, seed=deal, totals=totals)
    h.apply_action(h.legal_action_ids()[0])  # the cut
    if h.phase == "eleven":
        answer, reason = "decide", msg("puzzle.eleven#decide",
                                       team=h.side(h.team_of[h.current_player]))
    elif not h.betting:
        answer, reason = "no_bets", msg("puzzle.eleven#both")
    else:
        answer, reason = "usual", msg("puzzle.eleven#usual")
    choices = [{"answer": a, "label": msg(f"puzzle.eleven#choice_{a}")}
               for a in ("usual", "decide", "no_bets")]
    return (answer, reason, {"totals": totals, "dealer": h.dealer}, choices,
            msg("puzzle.eleven#question", a=totals[0], b=totals[1]), {})


# ---- what every kind does alike ---------------------------------------------------------------
REGISTRY = PuzzleKinds(DOMAIN, PuzzleError)


def _generator(kind: str, maker: Callable[[int, random.Random], Made]
               ) -> Callable[[int, random.Random], Puzzle]:
    """The puzzle of ``kind`` for a seed: the first deal from it that ``maker`` can ask about.
    (Its own random source, seeded as since issue 18, so a seed keeps its puzzle.)"""
    def generate(seed: int, _rng: random.Random) -> Puzzle:
        rng = random.Random(f"truc puzzle {kind} {seed}")
        for attempt in range(200):
            out = maker(seed * 1000 + attempt, rng)
            if out is not None:
                answer, reason, situation, choices, question, extra = out
                return REGISTRY.make(
                    kind, {"kind": kind, "seed": seed}, question, situation, answer,
                    (msg("puzzle#sentence", why=reason),), reason.rule,
                    choices=tuple(c["answer"] for c in choices),
                    labels={c["answer"]: c["label"] for c in choices}, extra=extra)
        raise PuzzleError(msg("puzzle#none", kind=kind, seed=seed))  # pragma: no cover
    return generate


def given_choice(pz: Puzzle, given: object) -> str:
    """The reader's answer if it is one of the puzzle's choices, else the refusal."""
    if not isinstance(given, str) or given not in pz.choices:
        raise PuzzleError(msg("puzzle#answer", value=_quote(given), choices=list(pz.choices)))
    return given


def _checker(clue: Callable[[Puzzle, str], _Message]
             ) -> Callable[[Puzzle, object], dict[str, Any]]:
    """Right, with the engine's reason; wrong, with a clue about this answer read off the same
    hand, which never names the answer."""
    def check(pz: Puzzle, given: object) -> dict[str, Any]:
        g = given_choice(pz, given)
        if g == pz.answer:
            return {"correct": True, "explanation": msg("puzzle#right_then", then=pz.steps[0])}
        return {"correct": False, "clue": clue(pz, g),
                "explanation": msg("puzzle#wrong_then", choice=pz.labels[g], then=pz.steps[0])}
    return check


def _hint(kind: str) -> Callable[[Puzzle], _Message]:
    """The rule a kind asks about, said in general: the first hint (puzzle.hint.<kind>)."""
    return lambda pz: msg(f"puzzle.hint.{kind}")


# ---- the clues: what a wrong answer missed, read off the hand ---------------------------------
def _clue_trick(pz: Puzzle, given: str) -> Message:
    if given == "draw":
        return msg("puzzle.hint.trick#not_drawn")
    if pz.answer == "draw":
        return msg("puzzle.hint.trick#drawn")
    return msg("puzzle.hint.trick#other_team")


def _clue_hand(pz: Puzzle, given: str) -> Message:
    if pz.situation["cards_each"] == 1:
        return msg("puzzle.hint.hand#one_card")
    return msg("puzzle.hint.hand#drawn" if pz.extra["drawn"] else "puzzle.hint.hand#two")


def _clue_score(pz: Puzzle, given: str) -> Message:
    if given.split(":")[0] != pz.answer.split(":")[0]:
        return msg(f"puzzle.hint.score#team_{pz.extra['how']}")
    return msg(f"puzzle.hint.score#points_{pz.extra['how']}")


def _clue_raise(pz: Puzzle, given: str) -> Message:
    return msg(f"puzzle.hint.raise#{'team' if given.startswith('team') else given}")


def _clue_eleven(pz: Puzzle, given: str) -> Message:
    return msg(f"puzzle.hint.eleven#{given}")


# ---- the kinds, each registered once ------------------------------------------------------------
REGISTRY.register(PuzzleKind("trick", "choice", generate=_generator("trick", _trick),
                             check=_checker(_clue_trick), hint=_hint("trick")))
REGISTRY.register(PuzzleKind("hand", "choice", generate=_generator("hand", _hand),
                             check=_checker(_clue_hand), hint=_hint("hand")))
REGISTRY.register(PuzzleKind("score", "choice", generate=_generator("score", _score),
                             check=_checker(_clue_score), hint=_hint("score")))
REGISTRY.register(PuzzleKind("raise", "choice", generate=_generator("raise", _raise),
                             check=_checker(_clue_raise), hint=_hint("raise")))
REGISTRY.register(PuzzleKind("eleven", "choice", generate=_generator("eleven", _eleven),
                             check=_checker(_clue_eleven), hint=_hint("eleven")))
from .strategy import register as _strategy; _strategy(REGISTRY)  # noqa: E402,E702  (truc.strategy)
KINDS = REGISTRY.names
generate = REGISTRY.generate
from_spec = REGISTRY.from_spec
cached = REGISTRY.cached
