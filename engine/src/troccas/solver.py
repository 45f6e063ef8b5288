"""An open-card solver for the last tricks of a hand (issue 17): every card known, the value of
each legal action for the side of the seat to move, and the line of best play.

The value of a position is the card points the mover's side has at the end of the hand, as the
engine counts them (``Hand.result``: the count, the scart, the Fool's exchange, buob — whatever
the hand's rules say), each side choosing to maximise its own points (two sides: one side's
maximum is the other's minimum). The search plays the real engine forward (``Hand.clone`` and
``apply_action``), so no rule is decided here a second time; what makes it fast enough is the
double-dummy toolkit:

* alpha-beta with a transposition table keyed by what decides the rest of the hand (the cards
  each seat holds, the trick so far, whose turn, the calls and debts pending, and the cards
  each side has won — a position reached by tricks taken in another order is the same);
* equivalent cards searched once: two cards of one suit in one hand, worth the same points,
  with no card still out between them in the order that wins tricks (and not a king or a
  jack, whose buob makes them special);
* move ordering: the cards worth most first, then the strongest.

``tests/engine/test_solver.py`` holds it against a plain minimax with none of this.
"""

from __future__ import annotations

from cardgame.value import Value

from .cards import FOOL, JACK, KING, POINTS, RANK_OF, SUIT_OF
from .errors import TroccasError, msg
from .hand import Hand
from .play import _WIN_KEY

_INF = 10 ** 6
_SEARCHED = ("play", "call", "take_back")
# A card's strength within its suit (higher wins): the order the engine's trick winner uses.
_STRENGTH = [max(key[c] for key in _WIN_KEY) for c in range(78)]
_SPECIAL = {c for c in range(78) if c == FOOL or (SUIT_OF[c] < 4 and RANK_OF[c] in (KING, JACK))}


class SolverError(TroccasError):
    rule = "solver"


class Solution(Value):
    """The solver's verdict: for the seat to move (``player``, on side ``side``), the value of
    each legal action (its text, e.g. "0 play Kc") in card points of that side at the end of
    the hand with best play after it, the best actions, the principal line to the end, and the
    number of positions searched."""

    __slots__ = ("player", "side", "values", "best", "line", "nodes")
    player: int
    side: int
    values: dict
    best: list
    line: list
    nodes: int


class _Search:
    def __init__(self, side: int) -> None:
        self.side = side
        self.table: dict = {}
        self.nodes = 0

    def key(self, h: Hand):
        held = tuple(sum(1 << c for suit in seat for c in suit) for seat in h._held)
        won = tuple(sum(1 << c for g in pile for c in g) for pile in h.piles)
        return (held, won, tuple(h.trick_players), tuple(h.trick_cards), h._to_move, h.phase,
                h.led, h.suits_led, h._king_lead_calls, h._pending_call, tuple(h._kj),
                h.fool_owed, h.fool_aside, h._trick_sides, h.knocked, h.buob_calls)

    def moves(self, h: Hand) -> list[int]:
        ids = list(h.legal_action_ids())
        if h.phase != "play" or len(ids) < 2:
            return ids
        # Cards still out that could separate two of the mover's cards: everyone else's.
        me = h._to_move
        out = set()
        for p, seat in enumerate(h._held):
            if p != me:
                for suit in seat:
                    out.update(suit)
        out.update(h.trick_cards)
        keep = []
        by_suit: dict = {}
        for aid in ids:
            if aid >= 78 or aid in _SPECIAL or POINTS[aid] > 1 and SUIT_OF[aid] < 4:
                keep.append(aid)
                continue
            by_suit.setdefault(SUIT_OF[aid], []).append(aid)
        for suit, cards in by_suit.items():
            cards.sort(key=_STRENGTH.__getitem__)
            between = sorted(_STRENGTH[c] for c in out if SUIT_OF[c] == suit)
            prev = None
            for c in cards:
                if prev is not None and POINTS[c] == POINTS[prev] and not any(
                        _STRENGTH[prev] < s < _STRENGTH[c] for s in between):
                    prev = c
                    continue  # equivalent to the one kept just below it
                keep.append(c)
                prev = c
        keep.sort(key=lambda a: (-(POINTS[a] if a < 78 else 0), -(_STRENGTH[a] if a < 78 else 0)))
        return keep

    def value(self, h: Hand, alpha: int, beta: int) -> int:
        self.nodes += 1
        if h._to_move < 0:
            return h.result["points"][self.side] if h.result is not None else 0
        key = self.key(h)
        hit = self.table.get(key)
        if hit is not None:
            lo, hi = hit
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        maxing = h.side_of[h._to_move] == self.side
        best = -_INF if maxing else _INF
        for aid in self.moves(h):
            child = h.clone()
            child.apply_action(aid)
            v = self.value(child, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        lo, hi = hit if hit is not None else (-_INF, _INF)
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi)
        return best


def _check(hand) -> None:
    if not isinstance(hand, Hand):
        raise SolverError(msg("solver#hand"))
    if hand.is_terminal() or hand.phase not in _SEARCHED:
        raise SolverError(msg("solver#phase", phase=hand.phase))
    if hand.n_sides != 2:
        raise SolverError(msg("solver#sides", players=hand.n))


def solve(hand: Hand) -> Solution:
    """The value of every legal action of the seat to move, with best play after it (see the
    module's docstring)."""
    _check(hand)
    player = hand.current_player
    side = hand.side_of[player]
    search = _Search(side)
    values = {}
    exact: dict[int, int] = {}
    for aid in hand.legal_action_ids():
        child = hand.clone()
        child.apply_action(aid)
        exact[aid] = search.value(child, -_INF, _INF)
        values[str(hand.action(aid))] = exact[aid]
    top = max(exact.values())
    best = [str(hand.action(a)) for a in exact if exact[a] == top]
    line = _line(hand, search)
    return Solution(player=player, side=side, values=values, best=best, line=line,
                    nodes=search.nodes)


def _line(hand: Hand, search: _Search) -> list[str]:
    """The principal line: from here to the end, each seat's best action (the first of equals
    in the engine's order), found with the search's table."""
    h = hand.clone()
    line = []
    while not h.is_terminal():
        maxing = h.side_of[h._to_move] == search.side
        best_v, best_a = None, None
        for aid in h.legal_action_ids():
            child = h.clone()
            child.apply_action(aid)
            v = search.value(child, -_INF, _INF)
            if best_v is None or (v > best_v if maxing else v < best_v):
                best_v, best_a = v, aid
        line.append(str(h.action(best_a)))
        h.apply_action(best_a)
    return line


def position(rec, tricks: int | None = None) -> Hand:
    """The hand of record ``rec`` (a HandRecord) where ``tricks`` tricks remain — the start of
    that trick — or, without ``tricks``, where the record ends."""
    from .endgames import tricks_left
    hand = rec.new_hand()
    actions = list(rec.actions)
    if tricks is None:
        for a in actions:
            hand.apply(a)
        return hand
    if type(tricks) is not int or tricks < 1:
        raise SolverError(msg("solver#tricks", value=repr(tricks), most="the"))
    most = 0
    for a in actions:
        if hand.phase == "play" and not hand.trick_players:
            left = tricks_left(hand)
            most = max(most, left)
            if left == tricks:
                return hand
        hand.apply(a)
    if hand.phase == "play" and not hand.trick_players and tricks_left(hand) == tricks:
        return hand
    raise SolverError(msg("solver#tricks", value=tricks, most=most or "?"))
