"""The coach's principles: why a card is good, in the game's words, tested on the engine's state.

A principle is an id, the rule clause that makes it so (``troccas.rules.CLAUSES``), a test and
the message that says it. The test reads one seat's view of the hand (:class:`Position`, built
from :func:`troccas.bots.base.seen`: nothing the seat cannot know) and an action, and answers
the message's parameters when the principle is true of that action there, else None. The
sentence is filled from those parameters alone, so every card it names is a card the engine
named, and a test can check the principle by calling its test again, never by reading words.

:func:`explain` gives the first principle true of an action, in :data:`PRINCIPLES`' order (the
specific before the general; each phase ends with one that is always true, so every legal
action has a principle). The coach's hint is the search bot's action explained this way: the
explanation is about the card recommended, so it cannot argue for another one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection

from cardgame.principles import Coach, Params, Principle
from cardgame.principles import Explanation as Explanation  # re-exported: the hints' type

from ..actions import (ABANDON, ALLOW, BUOB, BUOB_SCHE, CONTINUE, KING_JACK, LIBER, NO_BUOB,
                       TAKE_BACK)
from ..cards import (FOOL, JACK, KING, N_CARDS, POINTS, RANK_OF, ROUND_SUITS, STRENGTH, SUIT_OF,
                     SUITS, TOKEN, TRUMP, suit_card)
from ..errors import msg
from ..play import _WIN_KEY
from .baseline import _LOW_KEY, XXI, _holds, _top_out, known_mask, strength

if TYPE_CHECKING:
    from ..hand import Hand
    from .base import Seen


class Position:
    """What one seat knows at its turn, in the form the principles test: the trick so far and
    who is winning it, the cards it holds and may play, what has gone, who plays after it."""

    def __init__(self, view: Seen) -> None:
        from .base import voids
        self.view = view
        self.seat = me = view.seat
        self.phase = view.phase
        self.n = view.n
        self.side_of = view.side_of
        self.legal = view.legal_ids()
        self.cards = list(view.cards)
        self.known = known_mask(view)
        self.voids = voids(view)
        self.trick_p = [p for p, _ in view.trick]
        self.trick_c = [c for _, c in view.trick]
        self.led = next((SUIT_OF[c] for c in self.trick_c if c != FOOL), -1)
        self.best, self.win_p, self.win_c = -2, -1, -1
        if self.led >= 0:
            key = _WIN_KEY[self.led]
            for p, c in view.trick:
                if key[c] > self.best:
                    self.best, self.win_p, self.win_c = key[c], p, c
        after = [(me + i) % view.n for i in range(1, view.n - len(self.trick_c))]
        self.opp_after = [p for p in after if view.side_of[p] != view.side_of[me]]
        self.plays = [c for c in self.legal if c < N_CARDS]  # the legal cards
        self.others = [c for c in self.plays if c != FOOL]
        # Suits already led in a finished trick: a king's first lead is the buob's moment.
        led: set[int] = set()
        for tr in view.obs.tricks:
            from ..cards import parse_id
            first = next((parse_id(t) for _, t in tr["plays"] if parse_id(t) != FOOL), None)
            if first is not None:
                led.add(SUIT_OF[first])
        self.suits_led = led
        self.buob_calls = view.n in (4, 6)

    def key(self, c: int) -> int:
        return _WIN_KEY[self.led][c]

    def holds_suit(self, s: int) -> bool:
        return any(SUIT_OF[c] == s for c in self.cards)

    def partner_winning(self) -> bool:
        return self.win_p >= 0 and self.win_p != self.seat and \
            self.side_of[self.win_p] == self.side_of[self.seat]

    def opponent_winning(self) -> bool:
        return self.win_p >= 0 and self.side_of[self.win_p] != self.side_of[self.seat]

    def winners(self) -> list[int]:
        """The legal cards that beat the trick so far."""
        return [c for c in self.others if self.key(c) > self.best]

    def sure(self, c: int) -> bool:
        """Whether ``c``, winning the trick now, stays winning: no opponent plays after, or
        nothing the seat has not seen beats it (a suit card also at risk from an opponent
        after who has shown a void in the suit led)."""
        if not self.opp_after:
            return True
        risk = any(self.voids[p] >> self.led & 1 for p in self.opp_after)
        return _holds(c, self.known, risk)


def _card(c: int) -> str:
    return TOKEN[c]


def _number(c: int) -> int:
    return RANK_OF[c] + 1


def _is_numeral(c: int) -> bool:
    return SUIT_OF[c] < TRUMP and RANK_OF[c] < JACK


# ---- the play: forced and special cards ------------------------------------------------------
def _forced_clause(pos: Position) -> str:
    if pos.led < 0:
        return "play.turn"
    if pos.led < TRUMP and pos.holds_suit(pos.led):
        return "play.follow_suit"
    if pos.holds_suit(TRUMP):
        return "play.trump_led" if pos.led == TRUMP else "play.must_trump"
    return "play.turn"


def _only(pos: Position, a: int) -> Params | None:
    if len(pos.legal) == 1 and a == pos.legal[0] and a < N_CARDS:
        return {"card": _card(a)}
    return None


def _king_jack(pos: Position, a: int) -> Params | None:
    if KING_JACK <= a < KING_JACK + 4:
        return {"suit": SUITS[a - KING_JACK]}
    return None


def _fool_early(pos: Position, a: int) -> Params | None:
    if a == FOOL and len(pos.cards) <= 3:
        return {"n": len(pos.cards)}
    return None


def _fool_save(pos: Position, a: int) -> Params | None:
    """The trick goes to the other side whatever the seat plays: the Fool, which never wins,
    costs nothing there and comes back for a low card."""
    if a != FOOL or not pos.opponent_winning() or pos.winners() or not pos.others:
        return None
    low = min(pos.others, key=_LOW_KEY.__getitem__)
    return {"card": _card(low), "best": _card(pos.win_c)}


def _fool_any(pos: Position, a: int) -> Params | None:
    return {} if a == FOOL else None


# ---- the play: following ------------------------------------------------------------------------
def _smear(pos: Position, a: int) -> Params | None:
    """A partner wins the trick for sure: the card with the most points that does not take it
    from him goes on it."""
    if a >= N_CARDS or a == FOOL or not pos.partner_winning() or POINTS[a] < 2:
        return None
    if pos.key(a) > pos.best or not pos.sure(pos.win_c):
        return None
    under = [c for c in pos.others if pos.key(c) <= pos.best]
    if POINTS[a] < max(POINTS[c] for c in under):
        return None
    return {"card": _card(a), "seat": pos.win_p, "best": _card(pos.win_c), "points": POINTS[a],
            "last": not pos.opp_after}


def _partner_low(pos: Position, a: int) -> Params | None:
    """A partner is winning: a card that leaves him the trick and gives nothing away."""
    if a >= N_CARDS or a == FOOL or not pos.partner_winning() or pos.key(a) > pos.best:
        return None
    under = [c for c in pos.others if pos.key(c) <= pos.best]
    if _LOW_KEY[a] != min(_LOW_KEY[c] for c in under):
        return None
    return {"card": _card(a), "seat": pos.win_p, "best": _card(pos.win_c)}


def _xxi(pos: Position, a: int) -> Params | None:
    if a != XXI or pos.led < 0:
        return None
    return {"card": _card(a), "points": sum(POINTS[c] for c in pos.trick_c) + POINTS[a]}


def _win_cheaply(pos: Position, a: int) -> Params | None:
    """The card is the cheapest of the seat's cards that beats the trick so far."""
    if a >= N_CARDS or a == FOOL or pos.led < 0 or pos.key(a) <= pos.best:
        return None
    if pos.key(a) != min(pos.key(c) for c in pos.winners()):
        return None
    return {"card": _card(a), "best": _card(pos.win_c), "last": not pos.opp_after}


def _win_round(pos: Position, a: int) -> Params | None:
    """Winning cheaply with a numeral of a round suit over a higher number of that suit: cups
    and coins rank their numerals the other way round."""
    p = _win_cheaply(pos, a)
    if p is None or SUIT_OF[a] not in ROUND_SUITS or not _is_numeral(a):
        return None
    if not (_is_numeral(pos.win_c) and SUIT_OF[pos.win_c] == SUIT_OF[a]
            and _number(pos.win_c) > _number(a)):
        return None
    return {**p, "suit": SUITS[SUIT_OF[a]]}


def _win_sure(pos: Position, a: int) -> Params | None:
    """Not the cheapest winner, but the cheapest that nothing still out can beat."""
    if a >= N_CARDS or a == FOOL or pos.led < 0 or pos.key(a) <= pos.best or not pos.sure(a):
        return None
    if pos.key(a) != min(pos.key(c) for c in pos.winners() if pos.sure(c)):
        return None
    return {"card": _card(a), "best": _card(pos.win_c)}


def _spend_little(pos: Position, a: int) -> Params | None:
    """A player of the other side still plays after the seat and may take the trick (the card
    does not win it for sure, nor leave it to a partner who has it for sure): of the cards the
    seat may play, this one counts the fewest card points, and ``kept`` (the one counting most
    of those the trick is not sure to bring home) stays out of a trick the seat may lose."""
    if a >= N_CARDS or a == FOOL or pos.led < 0 or not pos.opp_after:
        return None
    if pos.key(a) > pos.best:
        if pos.sure(a):
            return None
    elif pos.partner_winning() and pos.sure(pos.win_c):
        return None
    if POINTS[a] != min(POINTS[c] for c in pos.others):
        return None
    risked = [c for c in pos.others if not (pos.key(c) > pos.best and pos.sure(c))]
    kept = max(risked, key=lambda c: (POINTS[c], STRENGTH[c]))
    if POINTS[kept] <= POINTS[a]:
        return None
    return {"card": _card(a), "n": POINTS[a], "kept": _card(kept), "m": POINTS[kept]}


def _win_now(pos: Position, a: int) -> Params | None:
    if a >= N_CARDS or a == FOOL or pos.led < 0 or pos.key(a) <= pos.best:
        return None
    return {"card": _card(a), "best": _card(pos.win_c)}


def _duck(pos: Position, a: int) -> Params | None:
    """No card of the seat's beats the trick and the other side has it: the cheapest card."""
    if a >= N_CARDS or a == FOOL or pos.led < 0 or not pos.opponent_winning() or pos.winners():
        return None
    if _LOW_KEY[a] != min(_LOW_KEY[c] for c in pos.others):
        return None
    return {"card": _card(a), "best": _card(pos.win_c)}


def _duck_round(pos: Position, a: int) -> Params | None:
    """Ducking with a numeral of a round suit while holding a lower number of it: in cups and
    coins the lower number is the stronger card."""
    p = _duck(pos, a)
    if p is None or SUIT_OF[a] not in ROUND_SUITS or not _is_numeral(a):
        return None
    lower = [c for c in pos.cards if SUIT_OF[c] == SUIT_OF[a] and _is_numeral(c)
             and _number(c) < _number(a)]
    if not lower:
        return None
    kept = max(lower, key=_number)
    return {**p, "kept": _card(kept), "suit": SUITS[SUIT_OF[a]]}


def _hold_back(pos: Position, a: int) -> Params | None:
    """The other side is winning and one of the seat's cards would beat it, but the seat gives
    its cheapest card that does not: the winner stays in the hand for a trick after this."""
    if a >= N_CARDS or a == FOOL or pos.led < 0 or not pos.opponent_winning() \
            or pos.key(a) > pos.best:
        return None
    wins = pos.winners()
    if not wins:
        return None
    under = [c for c in pos.others if pos.key(c) <= pos.best]
    if _LOW_KEY[a] != min(_LOW_KEY[c] for c in under):
        return None
    return {"card": _card(a), "best": _card(pos.win_c), "winner": _card(min(wins, key=pos.key))}


def _give_little(pos: Position, a: int) -> Params | None:
    """The other side is winning and the card does not take the trick from it: of the cards
    that do not, it is worth the fewest card points (points the other side then takes)."""
    if a >= N_CARDS or a == FOOL or pos.led < 0 or not pos.opponent_winning() \
            or pos.key(a) > pos.best:
        return None
    under = [c for c in pos.others if pos.key(c) <= pos.best]
    if POINTS[a] != min(POINTS[c] for c in under):
        return None
    return {"card": _card(a), "best": _card(pos.win_c), "n": POINTS[a]}


def _follow(pos: Position, a: int) -> Params | None:
    if a >= N_CARDS or a == FOOL or pos.led < 0 or pos.led >= TRUMP or SUIT_OF[a] != pos.led:
        return None
    return {"card": _card(a), "suit": SUITS[pos.led]}


def _trump_in(pos: Position, a: int) -> Params | None:
    if a >= N_CARDS or pos.led < 0 or pos.led >= TRUMP or SUIT_OF[a] != TRUMP \
            or pos.holds_suit(pos.led):
        return None
    return {"card": _card(a), "suit": SUITS[pos.led]}


def _trump_led(pos: Position, a: int) -> Params | None:
    if a >= N_CARDS or pos.led != TRUMP or SUIT_OF[a] != TRUMP:
        return None
    return {"card": _card(a)}


def _discard(pos: Position, a: int) -> Params | None:
    """Void of the suit led and of trumps: any card may go."""
    if a >= N_CARDS or a == FOOL or pos.led < 0 or pos.holds_suit(pos.led) \
            or pos.holds_suit(TRUMP):
        return None
    return {"card": _card(a)}


# ---- the play: leading --------------------------------------------------------------------------
def _lead_king(pos: Position, a: int) -> Params | None:
    if a >= N_CARDS or pos.led >= 0 or pos.trick_c or SUIT_OF[a] >= TRUMP or RANK_OF[a] != KING:
        return None
    s = SUIT_OF[a]
    if s in pos.suits_led:
        return None
    # Buob calls for the jack from another hand: holding it, or in a game without buob, the
    # lead is about the king alone.
    buob = pos.buob_calls and suit_card(s, JACK) not in pos.cards \
        and not pos.known >> suit_card(s, JACK) & 1
    return {"card": _card(a), "suit": SUITS[s], "buob": buob}


def _top_trump(pos: Position, a: int) -> Params | None:
    if a >= N_CARDS or pos.trick_c or SUIT_OF[a] != TRUMP:
        return None
    out = _top_out(TRUMP, pos.known)
    if out >= 0 and STRENGTH[a] < STRENGTH[out]:
        return None
    # With no trump left outside the seat's hand, any trump it leads takes the trick.
    return {"card": _card(a), "alone": out < 0}


def _lead_winner(pos: Position, a: int) -> Params | None:
    """A lead of a plain suit's card that no card of the suit still out can beat: only a trump
    from a player void of the suit takes the trick from it."""
    if a >= N_CARDS or a == FOOL or pos.trick_c or SUIT_OF[a] >= TRUMP:
        return None
    out = _top_out(SUIT_OF[a], pos.known)
    if out >= 0 and STRENGTH[a] < STRENGTH[out]:
        return None
    return {"card": _card(a), "suit": SUITS[SUIT_OF[a]]}


def _lead_low(pos: Position, a: int) -> Params | None:
    if a >= N_CARDS or pos.trick_c or not _is_numeral(a):
        return None
    same = [c for c in pos.cards if SUIT_OF[c] == SUIT_OF[a]]
    if STRENGTH[a] != min(STRENGTH[c] for c in same):
        return None
    return {"card": _card(a), "suit": SUITS[SUIT_OF[a]], "n": len(same)}


def _lead_under(pos: Position, a: int) -> Params | None:
    """A lead of a plain suit's card under a higher card of that suit in the hand: the suit is
    opened with the lesser card, and ``kept`` (the highest of the suit held) stays for a trick
    after this one."""
    if a >= N_CARDS or a == FOOL or pos.trick_c or SUIT_OF[a] >= TRUMP:
        return None
    higher = [c for c in pos.cards if SUIT_OF[c] == SUIT_OF[a] and STRENGTH[c] > STRENGTH[a]]
    if not higher:
        return None
    return {"card": _card(a), "kept": _card(max(higher, key=STRENGTH.__getitem__)),
            "suit": SUITS[SUIT_OF[a]]}


def _after_fool(pos: Position, a: int) -> Params | None:
    """The Fool was led: the second card sets the suit, as a lead does."""
    if a >= N_CARDS or a == FOOL or not pos.trick_c or pos.led >= 0:
        return None
    return {"card": _card(a)}


def _lead_any(pos: Position, a: int) -> Params | None:
    if a >= N_CARDS or pos.trick_c:
        return None
    return {"card": _card(a)}


# ---- the other decisions ------------------------------------------------------------------------
def _talk_worth(pos: Position) -> tuple[float, float]:
    return strength(pos.cards), 0.33 * len(pos.cards)


def _talk_go_on(pos: Position, a: int) -> Params | None:
    worth, par = _talk_worth(pos)
    if a != CONTINUE or worth < 0.5 * par:
        return None
    return {"worth": round(worth), "par": round(par)}


def _talk_weak(pos: Position, a: int) -> Params | None:
    worth, par = _talk_worth(pos)
    if a not in (ALLOW, LIBER, ABANDON) or worth >= 0.5 * par:
        return None
    return {"worth": round(worth), "par": round(par),
            "word": {ALLOW: "allow", LIBER: "liber", ABANDON: "abandon"}[a]}


def _talk_any(pos: Position, a: int) -> Params | None:
    return {} if a in (CONTINUE, ALLOW, LIBER, ABANDON) else None


def _scart_court(pos: Position, a: int) -> Params | None:
    if pos.phase != "scart" or a >= N_CARDS or SUIT_OF[a] >= TRUMP or RANK_OF[a] < JACK:
        return None
    return {"card": _card(a)}


def _scart_short(pos: Position, a: int) -> Params | None:
    if pos.phase != "scart" or a >= N_CARDS or SUIT_OF[a] >= TRUMP:
        return None
    s = SUIT_OF[a]
    return {"card": _card(a), "suit": SUITS[s], "n": sum(1 for c in pos.cards if SUIT_OF[c] == s)}


def _scart_any(pos: Position, a: int) -> Params | None:
    if pos.phase != "scart" or a >= N_CARDS:
        return None
    return {"card": _card(a)}


def _winning_side_of_call(pos: Position) -> tuple[int, bool]:
    view = pos.view
    trick = view.trick
    led = next(SUIT_OF[c] for _, c in trick if c != FOOL)
    wp = max(trick, key=lambda pc: _WIN_KEY[led][pc[1]])[0]
    return wp, view.side_of[wp] == view.side_of[pos.seat]


def _call_ours(pos: Position, a: int) -> Params | None:
    if pos.phase != "call" or a not in (BUOB, BUOB_SCHE):
        return None
    wp, ours = _winning_side_of_call(pos)
    return {"seat": wp} if ours else None


def _call_theirs(pos: Position, a: int) -> Params | None:
    if pos.phase != "call" or a != NO_BUOB:
        return None
    wp, ours = _winning_side_of_call(pos)
    return None if ours else {"seat": wp}


def _call_any(pos: Position, a: int) -> Params | None:
    return {} if pos.phase == "call" and a in (BUOB, BUOB_SCHE, NO_BUOB) else None


def _take_back(pos: Position, a: int) -> Params | None:
    if not TAKE_BACK <= a < TAKE_BACK + N_CARDS:
        return None
    worth = [POINTS[x - TAKE_BACK] for x in pos.legal if TAKE_BACK <= x < TAKE_BACK + N_CARDS]
    if POINTS[a - TAKE_BACK] != max(worth):
        return None
    return {"card": _card(a - TAKE_BACK)}


def _choice(pos: Position, a: int) -> Params | None:
    return {} if a in pos.legal else None  # an action open to the seat: the rules allow it


_PLAY = ("play",)
# In order: the first true one is the one said. A card forced, a special card or action, the
# partner's trick, winning, losing (spending little where the other side may yet take the
# trick), leading, then what the rules alone say of the card.
PRINCIPLES: tuple[Principle[Position], ...] = (
    Principle("only", "play.turn", _PLAY, _only, ""),
    Principle("king_jack", "buob.king_jack", _PLAY, _king_jack, "ask_king_jack"),
    Principle("fool_early", "fool.owed", _PLAY, _fool_early, "ask_fool"),
    Principle("fool_save", "fool.exchange", _PLAY, _fool_save, "ask_fool"),
    Principle("smear", "count", _PLAY, _smear, "ask_smear"),
    Principle("partner_low", "trick.winner", _PLAY, _partner_low, "ask_partner"),
    Principle("xxi", "ranking", _PLAY, _xxi, "ask_win"),
    Principle("win_round", "ranking", _PLAY, _win_round, "ask_round"),
    Principle("win_cheaply", "trick.winner", _PLAY, _win_cheaply, "ask_win"),
    Principle("win_sure", "trick.winner", _PLAY, _win_sure, "ask_win_sure"),
    Principle("win_now", "trick.winner", _PLAY, _win_now, "ask_win"),
    Principle("duck_round", "ranking", _PLAY, _duck_round, "ask_round_duck"),
    Principle("duck", "trick.winner", _PLAY, _duck, "ask_duck"),
    Principle("hold_back", "trick.winner", _PLAY, _hold_back, "ask_hold_back"),
    Principle("give_little", "count", _PLAY, _give_little, "ask_give_little"),
    Principle("spend_little", "count", _PLAY, _spend_little, "ask_spend_little"),
    Principle("lead_king", "buob.first_lead", _PLAY, _lead_king, "ask_lead_king"),
    Principle("top_trump", "ranking", _PLAY, _top_trump, "ask_top_trump"),
    Principle("lead_winner", "trick.winner", _PLAY, _lead_winner, "ask_lead_winner"),
    Principle("lead_low", "play.follow_suit", _PLAY, _lead_low, "ask_lead"),
    Principle("lead_under", "ranking", _PLAY, _lead_under, "ask_lead"),
    Principle("lead_any", "play.follow_suit", _PLAY, _lead_any, "ask_lead"),
    Principle("after_fool", "play.fool_lead", _PLAY, _after_fool, "ask_lead"),
    Principle("fool_any", "play.fool", _PLAY, _fool_any, "ask_fool"),
    Principle("follow_suit", "play.follow_suit", _PLAY, _follow, "ask_follow"),
    Principle("trump_in", "play.must_trump", _PLAY, _trump_in, "ask_follow"),
    Principle("trump_led", "play.trump_led", _PLAY, _trump_led, "ask_follow"),
    Principle("discard", "play.must_trump", _PLAY, _discard, "ask_follow"),
    Principle("talk_go_on", "talk", ("talk", "dealer_choice"), _talk_go_on, "ask_talk"),
    Principle("talk_weak", "talk", ("talk", "dealer_choice"), _talk_weak, "ask_talk"),
    Principle("talk_any", "talk", ("talk", "dealer_choice"), _talk_any, "ask_talk"),
    Principle("scart_court", "scart", ("scart",), _scart_court, "ask_scart"),
    Principle("scart_short", "scart", ("scart",), _scart_short, "ask_scart"),
    Principle("scart_any", "scart.honour", ("scart",), _scart_any, "ask_scart"),
    Principle("call_ours", "buob.caller", ("call",), _call_ours, "ask_call"),
    Principle("call_theirs", "buob.caller", ("call",), _call_theirs, "ask_call"),
    Principle("call_any", "buob", ("call",), _call_any, "ask_call"),
    Principle("take_back", "buob.king_jack", ("take_back",), _take_back, "ask_take_back"),
    Principle("choice", "deal.method", (), _choice, ""),
)
# Principles that say what the rules allow of a card, not why this card among those allowed.
RULES_ONLY = frozenset({"only", "follow_suit", "trump_in", "trump_led", "discard", "lead_any",
                        "after_fool", "fool_any", "talk_any", "scart_any", "call_any", "choice"})


def _clause(p: Principle[Position], pos: Position, aid: int) -> str:
    """The rule the principle rests on here: a forced card rests on the rule forcing it, a
    king's lead on buob only where a call for the jack can follow."""
    if p.id == "only":
        return _forced_clause(pos)
    if p.id == "choice" and pos.phase != "deal_method":
        return "play.turn"
    return p.clause


def _variant(pid: str, params: Params) -> str:
    """Some principles say it two ways (the last to play is sure of the trick; a king's lead
    with a buob to follow or without)."""
    if pid in ("smear", "win_cheaply", "win_round") and params.pop("last"):
        return f"{pid}_last"
    if pid == "lead_king" and not params.pop("buob"):
        return "lead_king_plain"
    if pid == "top_trump" and params.pop("alone"):
        return "top_trump_alone"
    if pid == "talk_weak":
        return f"talk_{params.pop('word')}"
    return pid


def _ask_params(ask: str, pos: Position, aid: int) -> Params:
    """The question's facts: never the card asked for, only the trick and the suit."""
    if ask in ("ask_win", "ask_duck", "ask_win_sure", "ask_hold_back",
               "ask_give_little") and pos.win_c >= 0:
        return {"best": _card(pos.win_c)}
    if ask in ("ask_smear", "ask_partner") and pos.win_p >= 0:
        return {"seat": pos.win_p}
    if ask in ("ask_round", "ask_round_duck"):
        return {"suit": SUITS[SUIT_OF[aid]]}
    return {}


def _marked(pos: Position, aid: int) -> tuple[str, ...]:
    """The cards in the hand a hint marks for an action."""
    if aid < N_CARDS:
        return (TOKEN[aid],)
    if KING_JACK <= aid < KING_JACK + 4:
        s = aid - KING_JACK
        return (TOKEN[suit_card(s, KING)], TOKEN[suit_card(s, JACK)])
    if TAKE_BACK <= aid < TAKE_BACK + N_CARDS:
        return (TOKEN[aid - TAKE_BACK],)
    return ()


COACH = Coach(PRINCIPLES, say=msg, clause=_clause, ask_params=_ask_params, marked=_marked,
              variant=_variant)
BY_ID = COACH.by_id


def holds(pid: str, pos: Position, aid: int) -> bool:
    """Whether principle ``pid`` is true of action ``aid`` in ``pos`` (the check a test makes)."""
    return COACH.holds(pid, pos, aid)


def explain(pos: Position, aid: int, prefer: Collection[str] = (),
            avoid: Collection[str] = ()) -> Explanation:
    """The first principle true of action ``aid`` (legal in ``pos``), said in words. With
    ``prefer`` (principle ids), the first of those that is true comes before the others: the
    review names the principle its measurement points to, where one holds (troccas.review);
    those in ``avoid`` (what the measurement contradicts) are never said."""
    return COACH.explain(pos, aid, prefer, avoid)


def position(hand: Hand, seat: int) -> Position:
    from .base import seen
    return Position(seen(hand, seat))
