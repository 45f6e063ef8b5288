"""Strategy puzzles (issue 31): a choice at the table — bet or not, accept or fold — answered
by figures, never by taste. The source's "Tactics of signalling and betting" (truc) gives the
situations: the captains (the dealer and the dealer's left, the last to play to the first
trick) judge with their partners' signals; the team behind bets freely, the team ahead is
careful; a bet turned down ends most hands early.

One kind, ``strategy``; its seed picks the scene (``SCENES[seed % 3]``) and the deal:

* ``captain`` — you are a captain, your partner has signalled to you (the bots' true
  signals, truc.bots.signal_for), it is your turn in the first trick: say truc or not?
* ``score`` — the same moment with a game score well apart: say truc or not, judged by the
  chance of taking the game (:func:`game_chance`), not by the points of this hand;
* ``answer`` — an opponent has said truc: accept or fold?

The figures: ``truc.odds.win_chance`` deals the cards the seat cannot see ``SAMPLES`` times,
keeping the partner's signals true, and plays each deal out plainly; its share of won deals
is the seat's chance ``p``. The model of the choice, stated on the strategy pages:

* a hand played on for stake ``s`` is worth ``s·(2p − 1)`` points on average (no more bets);
* a bet from ``s`` to ``n`` is answered by the opponents as suits them best by the same
  chance: they fold (you score ``s``) or accept (``n·(2p − 1)``), whichever costs them less;
* your own answer: accepting is worth ``n·(2p − 1)``, folding ``−s`` (truc, "The betting").

The answer is the choice of the higher figure; a tie goes to not betting, and to accepting.
Everything is drawn from the seed, so a puzzle is the same everywhere the engine runs.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardgame.puzzles import Puzzle, PuzzleKind, PuzzleKinds

from .bots import signal_for
from .errors import msg
from .hand import BASE_STAKE, BET, CUT_ID, ELEVEN_STAKE, PLAY, TRUC, Hand
from .odds import choose_card, partner_musts, win_chance
from .rules import Rules

if TYPE_CHECKING:
    from .puzzles import Made

KIND = "strategy"
SCENES = ("captain", "score", "answer")
SAMPLES = 2000  # deals per figure: the chance's standard error is at most 0.011


# ---- the figures ----------------------------------------------------------------------------
def played_value(p: float, stake: int) -> float:
    """The average points of a hand played on for ``stake`` with chance ``p`` of winning."""
    return stake * (2 * p - 1)


def bet_value(p: float, stake: int, nxt: int) -> float:
    """The average points of a bet from ``stake`` to ``nxt``, answered by the opponents as
    suits them best by the same chance: fold (the bettors score ``stake``) or accept."""
    return min(float(stake), played_value(p, nxt))


def fold_value(stake: int) -> float:
    """Folding a bet gives the bettors what the hand was worth before it (truc)."""
    return -float(stake)


@lru_cache(maxsize=None)
def game_chance(mine: int, theirs: int, target: int = 12) -> Fraction:
    """The chance that the team with ``mine`` points reaches ``target`` first, exactly, in the
    stated model of the score: every later hand is won by either team with an even chance;
    a hand is worth 1 point, except that a team one point short (and the other not) chooses
    to play the hand for 3 without bets or to give the others 1 — whichever gives it the
    better chance — and at one short each the next hand decides the game (truc, "The
    betting")."""
    if mine >= target:
        return Fraction(1)
    if theirs >= target:
        return Fraction(0)
    eleven = target - 1
    half = Fraction(1, 2)
    if mine == eleven and theirs == eleven:
        return half
    if mine == eleven:
        return max(half + half * game_chance(mine, theirs + ELEVEN_STAKE, target),
                   game_chance(mine, theirs + BASE_STAKE, target))
    if theirs == eleven:
        return min(half * game_chance(mine + ELEVEN_STAKE, theirs, target),
                   game_chance(mine + BASE_STAKE, theirs, target))
    return half * game_chance(mine + 1, theirs, target) + \
        half * game_chance(mine, theirs + 1, target)


def game_values(p: float, mine: int, theirs: int, stake: int, nxt: int,
                target: int = 12) -> dict[str, float]:
    """The chance of taking the game after each choice of this hand: played on for ``stake``
    (``play``), or a bet to ``nxt`` (``bet``) answered by the opponents as suits them best —
    fold (you score ``stake``) or accept (the hand for ``nxt``)."""
    def g(a: int, b: int) -> float:
        return float(game_chance(a, b, target))
    play = p * g(mine + stake, theirs) + (1 - p) * g(mine, theirs + stake)
    accepted = p * g(mine + nxt, theirs) + (1 - p) * g(mine, theirs + nxt)
    return {"play": play, "bet": min(g(mine + stake, theirs), accepted)}


def bet_figures(h: Hand, seat: int, rng: random.Random, samples: int = SAMPLES
                ) -> dict[str, Any]:
    """For ``seat`` to play with no bet pending: its chance ``p`` (truc.odds.win_chance), the
    average points of saying truc (``bet``) and of playing on (``play``), and the ``answer``,
    the choice of the higher figure (a tie: play on)."""
    p = win_chance(h, seat, rng, samples)
    play, bet = played_value(p, h.stake), bet_value(p, h.stake, TRUC)
    return {"p": p, "play": play, "bet": bet, "answer": "bet" if bet > play else "play"}


def answer_figures(h: Hand, seat: int, rng: random.Random, samples: int = SAMPLES
                   ) -> dict[str, Any]:
    """For ``seat`` to answer the bet pending: its chance ``p``, the average points of
    accepting (``accept``) and of folding (``fold``), and the ``answer`` (a tie: accept)."""
    assert h.pending is not None
    p = win_chance(h, seat, rng, samples)
    accept, fold = played_value(p, h.pending[1]), fold_value(h.stake)
    return {"p": p, "accept": accept, "fold": fold,
            "answer": "accept" if accept >= fold else "fold"}


# ---- the scenes -----------------------------------------------------------------------------
def _plain_until(h: Hand, stop: int) -> None:
    """Play the hand plainly (truc.odds.choose_card, every true signal made with its card)
    until it is ``stop``'s turn in the first trick."""
    while h.phase == PLAY and not (h.to_play == stop and not h.tricks and h.pending is None):
        seat = h.current_player
        card, _ = choose_card(h, seat, h.held[seat], h.trick, [])
        h.apply_action(card, say=signal_for(h, seat, card))


def _signals(h: Hand, seat: int) -> list[list[Any]]:
    return [[q, s] for _, q, s in h.signals if q != seat and h.sees_signal(seat, q)]


def _seen(h: Hand, seat: int) -> dict[str, Any]:
    tok = h.pack.tokens
    return {"dealer": h.dealer, "seat": seat, "cards": [tok[c] for c in h.held[seat]],
            "trick": [[p, tok[c]] for p, c in h.trick],
            "tricks": [{"plays": [[p, tok[c]] for p, c in plays], "team": team}
                       for plays, team, _ in h.tricks],
            "signals": _signals(h, seat)}


def _pct(p: float) -> str:
    return str(round(100 * p))


def _pts(x: float) -> str:
    return f"{x:+.2f}".replace("-", "\u2212")


def _captain(deal: int, rng: random.Random, scene: str) -> Made:
    if scene == "score":
        behind = rng.random() < 0.6
        low, high = rng.randrange(0, 5), rng.randrange(8, 11)
        mine, theirs = (low, high) if behind else (high, low)
    else:
        mine = theirs = 0
    dealer = deal % 4
    seat = rng.choice((dealer, (dealer - 1) % 4))  # a captain: the dealer or his left
    team = seat % 2
    totals = [mine, theirs] if team == 0 else [theirs, mine]
    h = Hand(Rules(), dealer, seed=deal, totals=totals)
    h.apply_action(CUT_ID)
    _plain_until(h, seat)
    if h.phase != PLAY or not partner_musts(h, seat):
        return None  # no signal from the partner: nothing to read
    fig = bet_figures(h, seat, random.Random(f"{KIND} odds {deal}"))
    p, play, bet = fig["p"], fig["play"], fig["bet"]
    stake, nxt = h.stake, TRUC
    figures = msg("puzzle.strategy#bet_points", pct=_pct(p), samples=f"{SAMPLES:,}",
                  bet=_pts(bet), play=_pts(play))
    situation = dict(_seen(h, seat), scene=scene, score=[mine, theirs], stake=stake)
    choices = [{"answer": a, "label": msg(f"puzzle.strategy#choice_{a}")}
               for a in ("bet", "play")]
    if scene == "score":
        gv = game_values(p, mine, theirs, stake, nxt, h.rules.target)
        answer = "bet" if gv["bet"] > gv["play"] else "play"
        if _pct(gv["bet"]) == _pct(gv["play"]):
            return None  # the figures as shown would not decide it
        reason = msg(f"puzzle.strategy.score#{answer}", figures=figures, mine=mine,
                     theirs=theirs, bet=_pct(gv["bet"]), play=_pct(gv["play"]),
                     now=_pct(float(game_chance(mine, theirs, h.rules.target))))
        extra = {"scene": scene, "p": p, "bet": gv["bet"], "play": gv["play"],
                 "points": {"bet": bet, "play": play}}
        question = msg("puzzle.strategy.score#question", mine=mine, theirs=theirs)
    else:
        answer = fig["answer"]
        if _pts(bet) == _pts(play):
            return None  # the figures as shown would not decide it
        reason = msg(f"puzzle.strategy.captain#{answer}", figures=figures)
        extra = {"scene": scene, "p": p, "bet": bet, "play": play}
        question = msg("puzzle.strategy.captain#question")
    return answer, reason, situation, choices, question, extra


def _answer(deal: int, rng: random.Random) -> Made:
    dealer = deal % 4
    h = Hand(Rules(), dealer, seed=deal)
    h.apply_action(CUT_ID)
    # An opponent says truc at his turn: in the first trick or at the start of the second.
    when = rng.randrange(1, 6)
    while h.phase == PLAY and len(h.moves) - 1 < when:
        seat = h.current_player
        card, _ = choose_card(h, seat, h.held[seat], h.trick, [t for _, t, _ in h.tricks])
        h.apply_action(card, say=signal_for(h, seat, card))
    if h.phase != PLAY or BET + TRUC not in h.legal_action_ids():
        return None
    h.apply_action(BET + TRUC)
    seat = h.current_player
    fig = answer_figures(h, seat, random.Random(f"{KIND} odds {deal}"))
    p, accept, fold, answer = fig["p"], fig["accept"], fig["fold"], fig["answer"]
    stake, nxt = h.stake, TRUC
    if _pts(accept) == _pts(fold):
        return None  # the figures as shown would not decide it
    assert h.pending is not None
    reason = msg(f"puzzle.strategy.answer#{answer}", pct=_pct(p), samples=f"{SAMPLES:,}",
                 accept=_pts(accept), fold=_pts(fold), next=nxt, stake=stake)
    situation = dict(_seen(h, seat), scene="answer", score=[0, 0], stake=stake,
                     bettor=h.pending[0], next=nxt)
    choices = [{"answer": a, "label": msg(f"puzzle.strategy#choice_{a}")}
               for a in ("accept", "fold")]
    return (answer, reason, situation, choices, msg("puzzle.strategy.answer#question"),
            {"scene": "answer", "p": p, "accept": accept, "fold": fold})


def _strategy(deal: int, rng: random.Random) -> Made:
    scene = SCENES[deal // 1000 % len(SCENES)]  # the seed's scene (deal = seed·1000 + try)
    return _answer(deal, rng) if scene == "answer" else _captain(deal, rng, scene)


def _clue(pz: Any, given: str) -> Any:
    return msg(f"puzzle.hint.strategy#{pz.extra['scene']}")


def register(registry: PuzzleKinds,
             generator: Callable[[str, Any], Callable[[int, random.Random], Puzzle]],
             checker: Callable[[Any], Callable[[Puzzle, object], dict[str, Any]]],
             hint: Callable[[str], Callable[[Puzzle], Any]]) -> None:
    """Register the kind in truc.puzzles' registry, with the helpers every kind there is made
    with; called from there, once they are defined. They are passed in rather than imported, so
    that this module does not import truc.puzzles back (no import cycle, whichever module is
    imported first). A seed's puzzle is kept: the same seed is asked for by the puzzles page,
    the strategy pages, the projector and the checks of each answer, and each asks for 2,000
    deals."""
    generate = generator(KIND, _strategy)

    @lru_cache(maxsize=256)
    def by_seed(seed: int) -> Puzzle:
        return generate(seed, random.Random(seed))  # the generator seeds its own

    registry.register(PuzzleKind(KIND, "choice", generate=lambda seed, _rng: by_seed(seed),
                                 check=checker(_clue), hint=hint(KIND)))
