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

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from cardgame.value import Value

from .cards import FOOL, JACK, KING, POINTS, RANK_OF, SUIT_OF, TOKEN
from .errors import TroccasError, msg, quote
from .hand import Hand
from .play import _WIN_KEY

if TYPE_CHECKING:
    from .record import HandRecord

_INF = 10 ** 6
_SEARCHED = ("play", "call", "take_back")
# A card's strength within its suit (higher wins): the order the engine's trick winner uses.
_STRENGTH = [max(key[c] for key in _WIN_KEY) for c in range(78)]
_SPECIAL = {c for c in range(78) if c == FOOL or (SUIT_OF[c] < 4 and RANK_OF[c] in (KING, JACK))}


class SolverError(TroccasError):
    rule = "solver"


# What one call of the facade's ``solve`` may search (the command line's ``troccas solve``):
# a whole hand would take hours. At most MAX_TRICKS tricks left, refused at once above that,
# and a budget of positions, so a call ends in seconds: on a laptop-class core the fast model
# searches some 100,000 positions a second and the engine's full model some 5,000, so a
# position of the full model counts ENGINE_COST of the budget. Counted in positions, not
# seconds, the same call succeeds or stops the same way on every machine.
MAX_TRICKS = 8
BUDGET = 500_000
ENGINE_COST = 20
_NO_LIMIT = 1 << 62


class _Stop(Exception):
    """The budget is spent (raised from deep in the search, caught by :func:`solve`)."""

    def __init__(self, nodes: int) -> None:
        super().__init__(nodes)
        self.nodes = nodes


class Solution(Value):
    """The solver's verdict: for the seat to move (``player``, on side ``side``), the value of
    each legal action (its text, e.g. "0 play Kc") in card points of that side at the end of
    the hand with best play after it, the best actions, the principal line to the end, and the
    number of positions searched."""

    __slots__ = ("player", "side", "values", "best", "line", "nodes")
    player: int
    side: int
    values: dict[str, int]
    best: list[str]
    line: list[str]
    nodes: int


class _Search:
    def __init__(self, side: int, limit: int = _NO_LIMIT) -> None:
        self.side = side
        self.table: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.nodes = 0
        self.limit = limit

    def key(self, h: Hand) -> tuple[Any, ...]:
        # The search runs in the play, where _held is set: no assert in the hot path.
        held = tuple(sum(1 << c for suit in seat for c in suit)
                     for seat in h._held)  # type: ignore[union-attr]
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
        for p, seat in enumerate(h._held):  # type: ignore[arg-type]  # set in the play, as in key
            if p != me:
                for of_suit in seat:  # not 'suit': an int below
                    out.update(of_suit)
        out.update(h.trick_cards)
        keep = []
        by_suit: dict[int, list[int]] = {}
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
        if self.nodes > self.limit:
            raise _Stop(self.nodes)
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



# ---- the fast model: plain trick play, where the last tricks are nothing more -----------------
# In most endgames every suit still held has been led already, so no buob and no king and jack
# together can happen any more; what is left is following suit, the trick's winner, the Fool's
# exchange and the count. At four players a side's count is (card values) - (cards) +
# ceil(cards / 4), and every trick adds 4 cards to one side (a Fool exchanged adds 4 to the
# winners, 0 to its own side), so what the rest of the hand adds to a side is the same whatever
# came before: value points - 3 per trick won, +4 for a Fool saved by exchange. The search then
# needs only bitmasks and a table of future gains keyed by the hands and the leader. ``_fast``
# says when a position is such a one; tests hold the two searches to each other.
_FOOL_BIT = 1 << FOOL
_SUIT_MASKS = [sum(1 << c for c in range(78) if SUIT_OF[c] == s) for s in range(5)]

# Inside the fast model a card is its place in the order (suit, strength): bit n of a hand is
# the n-th card of that order, so a seat's cards come out of its mask already sorted by suit
# and strength, and the cards between two of a suit are the bits between them. _N maps a card
# id to its place, _ID back; the tables below are indexed by place.
_ID = sorted(range(78), key=lambda c: (SUIT_OF[c], _STRENGTH[c]))
_N = [0] * 78
for _n, _c in enumerate(_ID):
    _N[_c] = _n
_NFOOL = _N[FOOL]
_NFOOL_BIT = 1 << _NFOOL
_NSUIT = [SUIT_OF[c] for c in _ID]
_NPOINTS = [POINTS[c] for c in _ID]
_NSTRENGTH = [_STRENGTH[c] for c in _ID]
_NKEYS = [[key[c] for c in _ID] for key in _WIN_KEY]
_NSUIT_MASKS = [sum(1 << n for n in range(78) if _NSUIT[n] == s) for s in range(5)]
_NTRUMPS = _NSUIT_MASKS[4]
_BITS = [1 << n for n in range(78)]
_BELOW = [(1 << n) - 1 for n in range(79)]
# Cards that may stand for the next one up in a run: worth 1, and that next one too (the same
# suit, since a suit's last card is followed by the next suit's first, worth more or a trump).
_RUNS = [n + 1 < 78 and _NPOINTS[n] == 1 and _NPOINTS[n + 1] == 1 and _NSUIT[n] == _NSUIT[n + 1]
         for n in range(78)]
# Lead order: the strongest first across all suits.
_LEAD_RANK = [-_NSTRENGTH[n] for n in range(78)]
_POINTS_DESC = [(-_NPOINTS[n], _NSTRENGTH[n]) for n in range(78)]


def tricks_left(hand: Hand) -> int:
    """Tricks still to play, counting the one in progress."""
    return max(len(hand.cards_of(p)) + (p in hand.trick_players) for p in range(hand.n))


def _cards(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _to_places(mask: int) -> int:
    return sum(1 << _N[c] for c in _cards(mask))


def _fast(hand: Hand) -> bool:
    """Whether the fast model plays this position exactly as the engine would. It reads no
    rule option: none changes the plain trick play of the positions it takes (the test plays
    each option's every value against the engine); an option that did must be refused here."""
    if hand.n != 4 or hand.phase != "play" or hand.counting_method != "fours":
        return False
    if hand.fool_owed is not None or hand.kj is not None or hand._trick_sides != 3:
        return False
    out = 0
    assert hand._held is not None  # the phase is "play"
    for seat in hand._held:
        for suit in seat:
            for c in suit:
                out |= 1 << c
    for c in hand.trick_cards:
        out |= 1 << c
    for s in range(4):
        if out & _SUIT_MASKS[s] and not hand.suits_led >> s & 1:
            return False  # a first lead of a suit to come: buob, king and jack
    held = [len(hand.cards_of(p)) + (p in hand.trick_players) for p in range(4)]
    if len(set(held)) != 1:
        return False  # a king and jack played together left the hands uneven
    if hand._king_lead_calls and any(out >> c & 1 for c in _KINGS):
        return False
    if out & _FOOL_BIT and not all(any(POINTS[c] == 1 for g in pile for c in g)
                                   for pile in hand.piles):
        return False  # a Fool that might be owed
    return True


_KINGS = [c for c in range(78) if SUIT_OF[c] < 4 and RANK_OF[c] == KING]


class _Fast:
    """Alpha-beta on bitmasks (cards by place, see _ID) for the gain of the root's side from
    here on (see above)."""

    def __init__(self, hand: Hand, side: int, limit: int = _NO_LIMIT) -> None:
        self.side = side
        self.side_of = list(hand.side_of)
        self.table: dict[tuple[int, int, int, int, int], tuple[int, int, int]] = {}
        self.nodes = 0
        self.limit = limit

    def legal(self, held: int, led: int) -> int:
        if led >= 0:
            follow = held & _NSUIT_MASKS[led]
            if follow:
                return follow | (held & _NFOOL_BIT)
            trumps = held & _NTRUMPS
            if trumps:
                return trumps | (held & _NFOOL_BIT)
        return held

    def moves(self, hands: list[int], me: int, legal: int, players: list[int], cards: list[int],
              led: int) -> list[int]:
        """Legal cards, one of each run of equivalent ones, the likely best first."""
        others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[me]
        for c in cards:
            others |= _BITS[c]
        cs = []
        prev = -1
        m = legal
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            # Two cards of a run with no card of anyone else between them: one stands for both.
            if prev < 0 or not _RUNS[prev] or _NSUIT[prev] != _NSUIT[c] or _NPOINTS[c] != 1 \
                    or others & _BELOW[c] & ~_BELOW[prev + 1]:
                cs.append(c)
            prev = c  # a skipped card stands for the run: compare with the last one seen
        if len(cs) < 2:
            return cs
        if not cards:  # leading: the strongest first
            cs.sort(key=_LEAD_RANK.__getitem__)
            return cs
        key = _NKEYS[led] if led >= 0 else None
        if key is None:  # the Fool was led: the first real card sets the suit
            cs.sort(key=_LEAD_RANK.__getitem__)
            return cs
        top = max(range(len(cards)), key=lambda i: key[cards[i]])
        if self.side_of[players[top]] == self.side_of[me]:
            cs.sort(key=_POINTS_DESC.__getitem__)  # partner wins: points to him first
            return cs
        best = key[cards[top]]
        # The other side wins so far: winning cards first, the cheapest of them first, then
        # the rest from the least worth.
        cs.sort(key=lambda c: (key[c] <= best, _NPOINTS[c] if key[c] <= best else _NSTRENGTH[c]))
        return cs

    def trick_gain(self, players: list[int], cards: list[int], led: int) -> tuple[int, int]:
        """The root side's gain from a full trick, and the winner."""
        key = _NKEYS[led]
        k0, k1, k2, k3 = key[cards[0]], key[cards[1]], key[cards[2]], key[cards[3]]
        top = max(k0, k1, k2, k3)
        winner = players[0 if k0 == top else 1 if k1 == top else 2 if k2 == top else 3]
        wside = self.side_of[winner]
        root = self.side
        won = _NPOINTS[cards[0]] + _NPOINTS[cards[1]] + _NPOINTS[cards[2]] + _NPOINTS[cards[3]]
        if _NFOOL in cards:
            fside = self.side_of[players[cards.index(_NFOOL)]]
            if fside != wside:
                # The Fool back to its side, a low card from it to the winners.
                return (won - 5 + 1 - 3 if wside == root else 4), winner
        return (won - 3 if wside == root else 0), winner

    def value(self, hands: list[int], to_move: int, players: list[int], cards: list[int],
              led: int, alpha: int, beta: int) -> int:
        """The root side's gain from here to the end of the hand."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise _Stop(self.nodes)
        if len(cards) == 4:
            gain, winner = self.trick_gain(players, cards, led)
            if not hands[winner]:
                return gain
            return gain + self.value(hands, winner, [], [], -1, alpha - gain, beta - gain)
        at_start = not cards
        hit = first = None
        if at_start:
            h0, h1, h2, h3 = hands
            if not (h0 & (h0 - 1) or h1 & (h1 - 1) or h2 & (h2 - 1) or h3 & (h3 - 1)):
                # The last trick: every card is forced.
                order = [(to_move + k) % 4 for k in range(4)]
                last = [hands[p].bit_length() - 1 for p in order]
                lead = next((_NSUIT[c] for c in last if c != _NFOOL), -1)
                return self.trick_gain(order, last, lead)[0]
            key = (h0, h1, h2, h3, to_move)
            hit = self.table.get(key)
            if hit is None:
                # Every trick won gains its points less 3 (at least 1), so what the rest of the
                # hand can give the root's side lies between 0 and all of it.
                if beta <= 0:
                    return 0
                top = -3 * h0.bit_count()  # tricks left: every seat holds as many cards
                m = h0 | h1 | h2 | h3
                while m:
                    low = m & -m
                    top += _NPOINTS[low.bit_length() - 1]
                    m ^= low
                if alpha >= top:
                    return top
            else:
                lo, hi, first = hit
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        maxing = self.side_of[to_move] == self.side
        best = -_INF if maxing else _INF
        held = hands[to_move]
        nxt = (to_move + 1) % 4
        legal = held
        if led >= 0:
            follow = held & _NSUIT_MASKS[led]
            if follow:
                legal = follow | (held & _NFOOL_BIT)
            else:
                trumps = held & _NTRUMPS
                if trumps:
                    legal = trumps | (held & _NFOOL_BIT)
        order = self.moves(hands, to_move, legal, players, cards, led) \
            if legal & (legal - 1) else [legal.bit_length() - 1]
        if first is not None and first in order and order[0] != first:
            order.remove(first)
            order.insert(0, first)  # the best card the last time this was searched
        players.append(to_move)
        chosen = order[0]
        for c in order:
            hands[to_move] = held & ~_BITS[c]
            cards.append(c)
            v = self.value(hands, nxt, players, cards,
                           led if led >= 0 or c == _NFOOL else _NSUIT[c], alpha, beta)
            cards.pop()
            hands[to_move] = held
            if maxing:
                if v > best:
                    best, chosen = v, c
                    if best > alpha:
                        alpha = best
            elif v < best:
                best, chosen = v, c
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        players.pop()
        if at_start:
            lo, hi = hit[:2] if hit is not None else (-_INF, _INF)
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.table[key] = (lo, hi, chosen)
        return best


def _count_now(hand: Hand, side: int) -> int:
    """The side's count if the rest of the hand added nothing: its pile now, with the scart if
    it is the dealer's side (the scart goes there at the end)."""
    from . import counting
    cards = [c for g in hand.piles[side] for c in g]
    if side == hand.side_of[hand.dealer]:
        cards += list(hand.scart)
    return counting.points(cards, "fours", ())


def _solve_fast(hand: Hand, limit: int = _NO_LIMIT) -> Solution:
    player = hand.current_player
    side = hand.side_of[player]
    fast = _Fast(hand, side, limit)
    hands = [_to_places(hand.seat_mask(p)) for p in range(4)]
    players, cards = list(hand.trick_players), [_N[c] for c in hand.trick_cards]
    led = hand.led
    base = _count_now(hand, side)
    legal = fast.legal(hands[player], led)
    kept = fast.moves(hands, player, legal, players, cards, led)
    values, gains = {}, {}
    held = hands[player]

    def gain_of(c: int, alpha: int = -_INF, beta: int = _INF) -> int:
        hands[player] = held & ~_BITS[c]
        new_led = led if led >= 0 or c == _NFOOL else _NSUIT[c]
        v = fast.value(hands, (player + 1) % 4, players + [player], cards + [c], new_led,
                       alpha, beta)
        hands[player] = held
        return v

    # Each card's exact value by null-window tests closing in on it (MTD(f)), from a guess: the
    # value of the card before, or for the first half of the most the side could still gain
    # (cheaper than one full window, which proves bounds far from the value).
    out = hands[0] | hands[1] | hands[2] | hands[3]
    for c in cards:
        out |= _BITS[c]
    guess = (sum(_NPOINTS[c] for c in _cards(out)) - 3 * ((out.bit_count() + 3) // 4)) // 2
    for c in kept:
        gains[c] = guess = _mtd(gain_of, c, guess)
    # A card left out stands in a run for the kept card just below it (same suit, by place).
    for c in _cards(legal):
        if c not in gains:
            gains[c] = gains[max(k for k in kept if k < c and _NSUIT[k] == _NSUIT[c])]
    for aid in hand.legal_action_ids():
        values[str(hand.action(aid))] = base + gains[_N[aid]]
    top = max(values.values())
    best = [a for a, v in values.items() if v == top]
    line = _fast_line(hand, fast, top - base)
    return Solution(player=player, side=side, values=values, best=best, line=line,
                    nodes=fast.nodes)


def _mtd(gain_of: Callable[[int, int, int], int], c: int, guess: int) -> int:
    """The exact gain of root card ``c`` by null-window tests (MTD(f)) starting at ``guess``."""
    lo, hi, g = -_INF, _INF, guess
    while lo < hi:
        beta = g + 1 if g == lo else g
        g = gain_of(c, beta - 1, beta)
        if g < beta:
            hi = g
        else:
            lo = g
    return g


def _fast_line(hand: Hand, fast: _Fast, target: int) -> list[str]:
    """The principal line with the fast model: each seat's best card in turn (the first of
    equals in the engine's order of its legal cards, by card id). ``target`` is the root
    side's gain from here with best play, so each step needs only a null-window test of each
    card."""
    hands = [_to_places(hand.seat_mask(p)) for p in range(4)]
    players, cards = list(hand.trick_players), [_N[c] for c in hand.trick_cards]
    led, to_move = hand.led, hand.current_player
    line = []
    while True:
        held = hands[to_move]
        maxing = fast.side_of[to_move] == fast.side
        chosen = None
        for c in sorted(_cards(fast.legal(held, led)), key=_ID.__getitem__):
            hands[to_move] = held & ~_BITS[c]
            new_led = led if led >= 0 or c == _NFOOL else _NSUIT[c]
            args = (hands, (to_move + 1) % 4, players + [to_move], cards + [c], new_led)
            ok = (fast.value(*args, target - 1, target) >= target if maxing
                  else fast.value(*args, target, target + 1) <= target)
            hands[to_move] = held
            if ok:
                chosen = c
                break
        assert chosen is not None  # some card keeps the target: it is the value
        line.append(f"{to_move} play {TOKEN[_ID[chosen]]}")
        hands[to_move] = held & ~_BITS[chosen]
        led = led if led >= 0 or chosen == _NFOOL else _NSUIT[chosen]
        players, cards = players + [to_move], cards + [chosen]
        if len(cards) == 4:
            gain, winner = fast.trick_gain(players, cards, led)
            target -= gain
            if not hands[winner]:
                return line
            players, cards, led, to_move = [], [], -1, winner
        else:
            to_move = (to_move + 1) % 4


def _check(hand: object) -> None:
    if not isinstance(hand, Hand):
        raise SolverError(msg("solver#hand"))
    if hand.is_terminal() or hand.phase not in _SEARCHED:
        raise SolverError(msg("solver#phase", phase=hand.phase))
    if hand.n_sides != 2:
        raise SolverError(msg("solver#sides", players=hand.n))


def solve(hand: Hand, budget: int | None = None) -> Solution:
    """The value of every legal action of the seat to move, with best play after it (see the
    module's docstring). With a ``budget`` (see BUDGET) a search that would need more is
    refused with ``solver#budget``."""
    _check(hand)
    fast = _fast(hand)
    limit = _NO_LIMIT if budget is None else budget if fast else budget // ENGINE_COST
    try:
        return _solve_fast(hand, limit) if fast else solve_engine(hand, limit)
    except _Stop as stop:
        left = tricks_left(hand)
        raise SolverError(msg("solver#budget", nodes=stop.nodes, tricks=left,
                              fewer=max(1, left - 1))) from None


def solve_engine(hand: Hand, limit: int = _NO_LIMIT) -> Solution:
    """:func:`solve` by playing the real engine forward at every node: any position, slowly
    (and the reference the fast model is tested against)."""
    _check(hand)
    player = hand.current_player
    side = hand.side_of[player]
    search = _Search(side, limit)
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
        assert best_a is not None  # the hand is not over: it has a legal action
        line.append(str(h.action(best_a)))
        h.apply_action(best_a)
    return line


def position(rec: HandRecord, tricks: int | None = None) -> Hand:
    """The hand of record ``rec`` (a HandRecord) where ``tricks`` tricks remain — the start of
    that trick — or, without ``tricks``, where the record ends."""
    hand = rec.new_hand()
    actions = list(rec.actions)
    if tricks is None:
        for a in actions:
            hand.apply(a)
        return hand
    if type(tricks) is not int or tricks < 1:
        raise SolverError(msg("solver#tricks_whole", value=quote(tricks)))
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
    if not most:
        raise SolverError(msg("solver#tricks_none", value=tricks))
    raise SolverError(msg("solver#tricks", value=tricks, most=most))
