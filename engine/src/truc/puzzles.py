"""Truc puzzles (issue 18), each drawn from a real hand played at random from its seed and
answered by the hand itself, so a puzzle can never disagree with the rules:

* ``trick`` — who takes this trick (draws included): rule ``trick.winner``;
* ``hand`` — which team wins the hand, from its tricks: rule ``hand.winner``;
* ``score`` — what the hand scores, and for whom, after its bets and answers;
* ``raise`` — who may raise the stake now: rule ``bet.right``;
* ``eleven`` — what the score before the hand means for it (the 11-point rules).

``make(kind, seed)`` gives the question, the situation as data and the choices;
``check(kind, seed, answer)`` says right or wrong with the engine's reason.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable

from .errors import TrucError, msg
from .hand import Hand, PLAY
from .rules import Rules

if TYPE_CHECKING:
    from cardgame.messages import Message

    from .hand import Trick

KINDS = ("trick", "hand", "score", "raise", "eleven")
# What a puzzle maker finds in a hand (None: nothing to ask, try the next deal): the answer,
# the reason, the situation as data, the choices and the question.
Made = tuple[str, "Message", dict[str, Any], list[dict[str, str]], "Message"] | None


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


def _team_choices(h: Hand, draw: bool = False) -> list[dict[str, str]]:
    out = [{"answer": f"team{t}", "label": str(msg(f"term.{h.team_term(t)}"))} for t in (0, 1)]
    if draw:
        out.append({"answer": "draw", "label": str(msg("puzzle#drawn"))})
    return out


def _tricks(h: Hand, tricks: list[Trick]) -> list[dict[str, Any]]:
    tok = h.pack.tokens
    return [{"plays": [[p, tok[c]] for p, c in plays], "team": team} for plays, team, _ in tricks]


def make(kind: str, seed: int) -> dict[str, Any]:
    """The puzzle of ``kind`` drawn from ``seed``: its question, the situation and the
    choices, with the answer and the reason (a page shows them only after a try)."""
    if kind not in KINDS:
        raise PuzzleError(msg("puzzle#kind", kind=repr(kind), kinds=", ".join(KINDS)))
    if type(seed) is not int or seed < 0:
        raise PuzzleError(msg("puzzle#seed", value=repr(seed)))
    rng = random.Random(f"truc puzzle {kind} {seed}")
    for attempt in range(200):
        deal = seed * 1000 + attempt
        out = _MAKERS[kind](deal, rng)
        if out is not None:
            answer, reason, situation, choices, question = out
            return {"kind": kind, "seed": seed, "question": str(question),
                    "situation": situation, "choices": choices, "answer": answer,
                    "reason": reason.to_json(), "explanation": str(reason)}
    raise PuzzleError(msg("puzzle#none", kind=kind, seed=seed))  # pragma: no cover


def _trick(deal: int, rng: random.Random) -> Made:
    h = _random_hand(deal, rng)
    if not h.tricks:
        return None
    drawn = [t for t in h.tricks if t[1] is None]
    plays, team, _ = rng.choice(drawn) if drawn and rng.random() < 0.4 else rng.choice(h.tricks)
    reason = h.trick_reason(plays)
    answer = "draw" if team is None else f"team{team}"
    return (answer, reason, {"plays": _tricks(h, [(plays, None, 0)])[0]["plays"]},
            _team_choices(h, draw=True), msg("puzzle.trick#question"))


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
    return f"team{team}", reason, situation, _team_choices(h), msg("puzzle.hand#question")


def _score(deal: int, rng: random.Random) -> Made:
    h = _random_hand(deal, rng)
    r = h.result
    assert r is not None
    bets = [e for e in h.events if e["type"] in ("bet", "answer")]
    if not bets or r["how"] not in ("fold", "tricks"):
        return None
    if r["how"] == "fold":
        reason = msg("puzzle.score#fold", team=h.team_term(r["team"]), points=r["points"])
    else:
        reason = msg("puzzle.score#tricks", team=h.team_term(r["team"]), points=r["points"])
    events = [dict(e) for e in h.events if e["type"] in ("bet", "answer", "play", "trick")]
    choices = [{"answer": f"team{t}:{p}",
                "label": str(msg("puzzle.score#choice", team=h.team_term(t), points=p))}
               for t in (0, 1) for p in (1, 2, 3)]
    return (f"team{r['team']}:{r['points']}", reason, {"dealer": h.dealer, "events": events},
            choices, msg("puzzle.score#question"))


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
        reason = msg("puzzle.raise#accepted", team=h.team_term(may[0]), stake=h.stake)
    events = [dict(e) for e in h.events if e["type"] in ("bet", "answer")]
    choices = _team_choices(h) + [{"answer": "either", "label": str(msg("puzzle.raise#any"))},
                                  {"answer": "nobody", "label": str(msg("puzzle.raise#none"))}]
    return (answer, reason, {"stake": h.stake, "bets": events, "to_play": h.to_play},
            choices, msg("puzzle.raise#question"))


def _eleven(deal: int, rng: random.Random) -> Made:
    totals = rng.choice(([11, rng.randrange(11)], [rng.randrange(11), 11], [11, 11],
                         [rng.randrange(11), rng.randrange(11)]))
    h = Hand(Rules(), deal % 4, seed=deal, totals=totals)
    h.apply_action(h.legal_action_ids()[0])  # the cut
    if h.phase == "eleven":
        answer, reason = "decide", msg("puzzle.eleven#decide",
                                       team=h.team_term(h.team_of[h.current_player]))
    elif not h.betting:
        answer, reason = "no_bets", msg("puzzle.eleven#both")
    else:
        answer, reason = "usual", msg("puzzle.eleven#usual")
    choices = [{"answer": a, "label": str(msg(f"puzzle.eleven#choice_{a}"))}
               for a in ("usual", "decide", "no_bets")]
    return (answer, reason, {"totals": totals, "dealer": h.dealer}, choices,
            msg("puzzle.eleven#question", a=totals[0], b=totals[1]))


_MAKERS: dict[str, Callable[[int, random.Random], Made]] = {
    "trick": _trick, "hand": _hand, "score": _score, "raise": _raise, "eleven": _eleven}


def check(kind: str, seed: int, answer: object) -> dict[str, Any]:
    """The reader's ``answer`` to puzzle (``kind``, ``seed``): right or wrong, the right
    answer and the engine's reason."""
    p = make(kind, seed)
    if answer not in {c["answer"] for c in p["choices"]}:
        raise PuzzleError(msg("puzzle#answer", value=repr(answer),
                              choices=", ".join(c["answer"] for c in p["choices"])))
    right = answer == p["answer"]
    return {"correct": right, "expected": p["answer"], "given": answer,
            "rule": p["reason"]["id"].split("#")[0], "explanation": p["explanation"]}
