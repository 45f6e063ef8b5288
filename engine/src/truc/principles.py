"""The coach's principles for Truc: why an action is good, in the game's words, tested on the
engine's state (as ``troccas.bots.principles`` does for Troccas).

A principle is an id, the rule clause that makes it so (:data:`CLAUSES`: rule ids the engine's
own verdicts and messages use, each with where the source says it), the phases it speaks of, a
test, and a question the coach asks before it tells. The test reads one seat's view of the hand
(:class:`Position`: its own cards, the trick and the tricks, the stake and the bet waiting for an
answer, and the chance of winning the hand that the seat can estimate from what it knows,
``truc.odds``) and an action, and answers the message's parameters when the principle is true
of that action there, else None. Every card a sentence names is a card the engine named, and a
test checks a principle by calling its test again, never by reading words.

:func:`explain` gives the first principle true of an action in :data:`PRINCIPLES`' order (the
specific before the general; each phase ends with one that is always true). The coach's hint is
the ``bettor`` bot's action explained this way, so the explanation is about the action
recommended and cannot argue for another; the odds it weighed stay in the hint's ``details``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardgame.principles import Coach, Params, Principle
from cardgame.principles import Explanation as Explanation  # re-exported: the hints' type

from .bots import BET_AT, BLUFF_BELOW, RAISE_AT
from .errors import msg
from .hand import (ACCEPT, BASE_STAKE, BET, BET_NAMES, CUT, CUT_ID, DEAL, DEAL_ONE, DEAL_THREE,
                   ELEVEN, ELEVEN_STAKE, FOLD, PASS_ELEVEN, PLAY, PLAY_ELEVEN, PLAYBET,
                   REDEAL, REMAINDER, RETRUC, TAP, TRUC)
from .odds import SAMPLES, answered_stake, pays_from, win_chance
# The rule clauses the principles rest on: the engine's own (truc.rules), each explained by a
# section of the rules page.
from .rules import CLAUSES as CLAUSES

if TYPE_CHECKING:
    from .hand import Hand


class Position:
    """What one seat knows at its turn, in the form the principles test: its cards from the
    lowest, the trick so far and who tops it, the tricks' results, the stake, the bet to answer
    and — read only when a principle of betting asks — its side's chance of winning the hand,
    estimated as the ``bettor`` estimates it (``win``; the same seed gives the same figure)."""

    def __init__(self, hand: Hand, seat: int, seed: object = 0,
                 win: float | None = None) -> None:
        self.hand = hand
        self.seat = seat
        self.seed = seed
        self.phase = hand.phase
        self.n = hand.n
        self.team = hand.team_of[seat]
        self.legal = hand.legal_action_ids() if hand.current_player == seat else []
        self.power = power = hand.pack.power
        self.tokens = hand.pack.tokens
        self.said = hand.pack.said  # the cards as the sentences carry them
        self.cards = sorted(hand.held[seat], key=lambda c: (power[c], c))
        self.trick = list(hand.trick)
        self.results = [t for _, t, _ in hand.tricks]
        self.one_card = hand.cards_each == 1
        self.stake = hand.stake
        self.pending = hand.pending
        self.catalan = hand.rules.betting == "catalan"
        self.top, self.top_c, self.mine, self.theirs = -1, -1, False, False
        for p, c in self.trick:
            ours = hand.team_of[p] == self.team
            if power[c] > self.top:
                self.top, self.top_c, self.mine, self.theirs = power[c], c, ours, not ours
            elif power[c] == self.top:
                self.mine, self.theirs = self.mine or ours, self.theirs or not ours
        self.last = len(self.trick) == self.n - 1
        self._win = win

    @property
    def win(self) -> float:
        """The side's chance of winning the hand from what the seat knows, by the ``bettor``'s
        own sampling (``truc.odds.win_chance``, its generator seeded as ``truc.bots.decide``
        seeds it), to three decimals as the bot weighs it."""
        if self._win is None:
            rng = random.Random(f"{self.seed}/{self.seat}/{len(self.hand.moves)}")
            self._win = round(win_chance(self.hand, self.seat, rng, SAMPLES), 3)
        return self._win

    def winners(self) -> list[int]:
        """The seat's cards that beat the trick so far, from the cheapest."""
        return [c for c in self.cards if self.power[c] > self.top]

    def decides_for_us(self, result: int | None) -> bool:
        """Whether a trick ending with ``result`` (a team, None: drawn) wins the hand for the
        seat's side: the hand's own verdict (rule ``hand.winner``)."""
        return self.hand.hand_verdict(self.results + [result])[0] == self.team


def _card(pos: Position, a: int) -> int | None:
    """The card an action plays now (a card alone, or a card before the bet made with it)."""
    return a % PLAYBET if a < ACCEPT else None


def _is_bet(pos: Position, a: int) -> bool:
    return pos.pending is None and (a > BET or a == REMAINDER or PLAYBET <= a < ACCEPT)


def _bet_params(pos: Position, a: int) -> Params:
    """A bet's word when it has one (truc, retruc) — a French raise goes by its number, which
    stays in the details."""
    if a == REMAINDER or not pos.catalan:
        return {"bet": None}
    # a card played then a raise (Catalan): the next step, truc then retruc
    stake = a - BET if a > BET else RETRUC if pos.stake > BASE_STAKE else TRUC
    return {"bet": BET_NAMES[stake]}


# ---- the play: a card ---------------------------------------------------------------------------
def _only(pos: Position, a: int) -> Params | None:
    if a < PLAYBET and len(pos.cards) == 1 and a == pos.cards[0]:
        return {"card": pos.said[a]}
    return None


def _partner_low(pos: Position, a: int) -> Params | None:
    """The partner's card tops the trick and no opponent's equals it: the lowest card leaves
    him the trick and keeps the good cards."""
    if a >= PLAYBET or not pos.trick or not pos.mine or pos.theirs or a != pos.cards[0]:
        return None
    return {"card": pos.said[a], "top": pos.said[pos.top_c]}


def _cheapest_winner(pos: Position, a: int) -> bool:
    w = pos.winners()
    return a < PLAYBET and bool(pos.trick) and bool(w) and a == w[0] and not pos.mine


def _win_hand(pos: Position, a: int) -> Params | None:
    """Last to play, the cheapest card that takes the trick, and the trick wins the hand."""
    if not (_cheapest_winner(pos, a) and pos.last and pos.decides_for_us(pos.team)):
        return None
    return {"card": pos.said[a], "top": pos.said[pos.top_c]}


def _first_trick(pos: Position, a: int) -> Params | None:
    """The cheapest card that takes the first trick of a hand of three: should a later trick be
    drawn, the first trick's winners win the hand."""
    if not _cheapest_winner(pos, a) or pos.results or pos.one_card:
        return None
    return {"card": pos.said[a], "top": pos.said[pos.top_c]}


def _after_draw(pos: Position, a: int) -> Params | None:
    """The tricks so far are drawn: the next trick won wins the hand."""
    if not _cheapest_winner(pos, a) or not pos.results or any(r is not None
                                                              for r in pos.results):
        return None
    return {"card": pos.said[a], "top": pos.said[pos.top_c]}


def _win_cheaply(pos: Position, a: int) -> Params | None:
    if not _cheapest_winner(pos, a):
        return None
    return {"card": pos.said[a], "top": pos.said[pos.top_c]}


def _duck(pos: Position, a: int) -> Params | None:
    """No card of the seat's beats the trick: the lowest goes, the others are kept."""
    if a >= PLAYBET or not pos.trick or pos.winners() or a != pos.cards[0]:
        return None
    return {"card": pos.said[a], "top": pos.said[pos.top_c]}


def _keep_top(pos: Position, a: int) -> Params | None:
    """Leading to the first trick of three with the lowest card: the highest is kept for the
    tricks that decide the hand."""
    if a >= PLAYBET or pos.trick or pos.results or pos.one_card or len(pos.cards) < 2 \
            or a != pos.cards[0] or pos.power[a] == pos.power[pos.cards[-1]]:
        return None
    return {"card": pos.said[a], "kept": pos.said[pos.cards[-1]]}


def _lead_high(pos: Position, a: int) -> Params | None:
    """Leading after a trick is played: this trick may decide the hand."""
    if a >= PLAYBET or pos.trick or not pos.results or a != pos.cards[-1]:
        return None
    return {"card": pos.said[a]}


def _any_card(pos: Position, a: int) -> Params | None:
    if a >= PLAYBET:
        return None
    return {"card": pos.said[a]}


# ---- the play: betting and answering ------------------------------------------------------------
def _bet_strong(pos: Position, a: int) -> Params | None:
    if not _is_bet(pos, a) or pos.win < BET_AT:
        return None
    return _bet_params(pos, a)


def _bluff(pos: Position, a: int) -> Params | None:
    if not _is_bet(pos, a) or pos.win > BLUFF_BELOW:
        return None
    return _bet_params(pos, a)


def _bet_any(pos: Position, a: int) -> Params | None:
    return _bet_params(pos, a) if _is_bet(pos, a) else None


def _raise_strong(pos: Position, a: int) -> Params | None:
    """"Three if you play": a truc answered with retruc, by a side likely to win."""
    if pos.pending is None or a != BET + RETRUC or pos.win < RAISE_AT:
        return None
    return {}


def _accepts(pos: Position, a: int) -> bool:
    # Playing a card while a bet waits accepts it (truc, "The betting").
    return a == ACCEPT or a < ACCEPT


def _accept_odds(pos: Position, a: int) -> Params | None:
    if pos.pending is None or not _accepts(pos, a):
        return None
    if pos.win * 100 <= pays_from(pos.stake, answered_stake(pos.hand)):
        return None
    return {}


def _fold_odds(pos: Position, a: int) -> Params | None:
    if pos.pending is None or a != FOLD:
        return None
    if pos.win * 100 > pays_from(pos.stake, answered_stake(pos.hand)):
        return None
    return {}


def _answer_any(pos: Position, a: int) -> Params | None:
    return {} if pos.pending is not None and (a in (ACCEPT, FOLD) or a > BET) else None


# ---- before the play ----------------------------------------------------------------------------
def _eleven_play(pos: Position, a: int) -> Params | None:
    if a != PLAY_ELEVEN or pos.win * 100 <= pays_from(BASE_STAKE, ELEVEN_STAKE):
        return None
    return {}


def _eleven_pass(pos: Position, a: int) -> Params | None:
    if a != PASS_ELEVEN or pos.win * 100 > pays_from(BASE_STAKE, ELEVEN_STAKE):
        return None
    return {}


def _eleven_any(pos: Position, a: int) -> Params | None:
    return {} if a in (PLAY_ELEVEN, PASS_ELEVEN) else None


def _cut(pos: Position, a: int) -> Params | None:
    return {} if a in (CUT_ID, TAP) else None


def _deal_three(pos: Position, a: int) -> Params | None:
    return {} if a == DEAL_THREE else None


def _deal_one(pos: Position, a: int) -> Params | None:
    return {} if a == DEAL_ONE else None


def _choice(pos: Position, a: int) -> Params | None:
    return {} if a in pos.legal else None  # an action open to the seat: the rules allow it


_PLAY = (PLAY,)
# In order: the first true one is the one said. Betting before the card it goes with; then a
# card forced, the partner's trick, the hand decided now, the first trick and the trick after a
# draw (truc, "The play": the first trick decides when a later one is drawn), winning, losing,
# leading, and what the rules alone say of a card.
PRINCIPLES: tuple[Principle[Position], ...] = (
    Principle("raise_strong", "bet.retruc_right", _PLAY, _raise_strong, "ask_answer"),
    Principle("accept_odds", "bet.answer", _PLAY, _accept_odds, "ask_answer"),
    Principle("fold_odds", "bet.answer", _PLAY, _fold_odds, "ask_answer"),
    Principle("answer_any", "bet.answer", _PLAY, _answer_any, "ask_answer"),
    Principle("bet_strong", "bet.catalan_steps", _PLAY, _bet_strong, "ask_bet"),
    Principle("bluff", "bet.catalan_steps", _PLAY, _bluff, "ask_bet"),
    Principle("bet_any", "bet.catalan_steps", _PLAY, _bet_any, "ask_bet"),
    Principle("only", "play.turn", _PLAY, _only, ""),
    Principle("partner_low", "trick.winner", _PLAY, _partner_low, "ask_partner"),
    Principle("win_hand", "hand.winner", _PLAY, _win_hand, "ask_win"),
    Principle("first_trick", "hand.winner", _PLAY, _first_trick, "ask_first"),
    Principle("after_draw", "hand.winner", _PLAY, _after_draw, "ask_draw"),
    Principle("win_cheaply", "trick.winner", _PLAY, _win_cheaply, "ask_win"),
    Principle("duck", "trick.winner", _PLAY, _duck, "ask_duck"),
    Principle("keep_top", "hand.winner", _PLAY, _keep_top, "ask_lead"),
    Principle("lead_high", "hand.winner", _PLAY, _lead_high, "ask_lead"),
    Principle("any_card", "play.turn", _PLAY, _any_card, "ask_card"),
    Principle("eleven_play", "eleven", (ELEVEN,), _eleven_play, "ask_eleven"),
    Principle("eleven_pass", "eleven", (ELEVEN,), _eleven_pass, "ask_eleven"),
    Principle("eleven_any", "eleven", (ELEVEN,), _eleven_any, "ask_eleven"),
    Principle("cut", "cut", (CUT,), _cut, ""),
    Principle("deal_three", "deal", (DEAL,), _deal_three, ""),
    Principle("deal_one", "deal", (DEAL,), _deal_one, ""),
    Principle("choice", "redeal", (), _choice, ""),
)


def _clause(p: Principle[Position], pos: Position, aid: int) -> str:
    """The rule the principle rests on here: a bet by the betting in play (truc, retruc, a
    French raise); the last, always-true principle by the phase it is in."""
    if p.id in ("bet_strong", "bluff", "bet_any"):
        if not pos.catalan:
            return "bet.french_more"
        return "bet.retruc_right" if pos.stake > BASE_STAKE else "bet.catalan_steps"
    if p.id == "choice" and pos.phase != REDEAL:
        return "play.turn"
    return p.clause


def _variant(pid: str, params: Params) -> str:
    if "bet" in params and params["bet"] is None:
        del params["bet"]
        return pid + "_raise"  # a French raise, or the remainder: no word names it
    return pid


def _ask_params(ask: str, pos: Position, aid: int) -> Params:
    """The question's facts: never the card asked for, only the trick's top card."""
    if ask in ("ask_win", "ask_duck", "ask_draw", "ask_first") and pos.top_c >= 0:
        return {"top": pos.said[pos.top_c]}
    return {}


def _marked(pos: Position, aid: int) -> tuple[str, ...]:
    card = _card(pos, aid)
    return (pos.tokens[card],) if card is not None else ()


COACH = Coach(PRINCIPLES, say=msg, clause=_clause, ask_params=_ask_params, marked=_marked,
              variant=_variant)
BY_ID = COACH.by_id


def holds(pid: str, pos: Position, aid: int) -> bool:
    """Whether principle ``pid`` is true of action ``aid`` in ``pos`` (the check a test makes)."""
    return COACH.holds(pid, pos, aid)


def explain(pos: Position, aid: int) -> Explanation:
    """The first principle true of action ``aid`` (legal in ``pos``), said in words."""
    return COACH.explain(pos, aid)


def position(hand: Hand, seat: int, seed: object = 0, win: float | None = None) -> Position:
    return Position(hand, seat, seed, win)
