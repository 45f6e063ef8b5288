"""One hand of Troccas as a state machine: deal and talk, scart, tricks, buob, the Fool, count.

Shape (OpenSpiel's): ``current_player``, ``legal_action_ids()``, ``apply_action(id)``,
``is_terminal()``, ``returns()``. Friendly face (pokerkit's): ``legal_actions()`` yields
:class:`Action` values, ``verify(action)`` raises :class:`IllegalActionError` with a clause id
and a sentence, ``can(action)`` answers yes/no, ``apply(action)`` returns the events it caused.

Inside, card ids are small ints. Until the play begins each seat's cards are a bitmask; from
the first lead they are six sorted id lists per seat (one per suit, the trumps and the Fool), so
that the legal cards are read off a list rather than decoded from a mask. ``hands``,
``cards_of(seat)`` and ``seat_mask(seat)`` read either form. The trick is two short lists, and
the history one int per action.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from fractions import Fraction
from itertools import chain
from dataclasses import dataclass
from typing import Iterator, Sequence

from cardgame.state import GameState

from . import counting
from .actions import (ABANDON, ALLOW, BUOB, BUOB_SCHE, CALL_WORDS, CONTINUE, DEAL, DEAL_NAMES,
                      KING_JACK, LIBER, NO_BUOB, TAKE_BACK, TALK_WORDS, Action, action_of)
from .cards import (CAVALIER, FOOL, FOOL_SUIT, JACK, KING, N_CARDS, POINTS, QUEEN, RANK_OF,
                    SUIT_MASK, SUIT_NAMES, SUIT_OF, STRENGTH, TOKEN, TRUMP, ids_of,
                    mask_of, suit_card)
from .deal import (DEFAULT_METHOD, SCART_SIZE, catch_up_methods, check_players, schedule,
                   shuffled_deck)
from .errors import IllegalActionError, Message, RecordError, TroccasError, msg, quote
from .play import _WIN_KEY, NO_SUIT, TRUMP_MASK, legal_mask, refusal, suit_name
from .rules import Rules
from .scart import scart_verdict

DEAL_METHOD, TALK, DEALER_CHOICE, SCART, PLAY, TAKE_BACK_PHASE, CALL, DONE, THROWN_IN = (
    "deal_method", "talk", "dealer_choice", "scart", "play", "take_back", "call", "done",
    "thrown_in")

_KING = [suit_card(s, KING) for s in range(4)]
_JACK = [suit_card(s, JACK) for s in range(4)]
_KJ_MASK = [(1 << _KING[s]) | (1 << _JACK[s]) for s in range(4)]
assert all(k - j == 3 for k, j in zip(_KING, _JACK))
_NUMERAL_MASK = [sum(1 << suit_card(s, r) for r in range(JACK)) for s in range(4)]
_PACK_SET = frozenset(range(N_CARDS))
_DEFAULT_RULES = Rules()
_CONTINUE_ABANDON = (CONTINUE, ABANDON)
_BIT = [1 << c for c in range(N_CARDS)]
# Per number of players: each seat's side, and the order of the deal and the talk for each
# dealer (dealer's right first, dealer last). Shared tuples: a hand never changes them.
_SIDE_OF = {n: tuple(p % 2 if n in (4, 6) else p for p in range(n)) for n in (3, 4, 5, 6)}
_TALK_ORDER = {n: [tuple((dealer + 1 + i) % n for i in range(n)) for dealer in range(n)]
               for n in (3, 4, 5, 6)}
_ALL_CARDS = (1 << N_CARDS) - 1
_NO_CARDS = [[], [], [], [], [], []]  # a hand played out, as per-suit lists
_TRUMP_IDS = frozenset(c for c in range(N_CARDS) if SUIT_OF[c] == TRUMP)
_NOT_HONOURS = frozenset(c for c in range(N_CARDS) if POINTS[c] != 5)  # may go in the scart
# Where each suit starts among sorted ids: the Fool (0), the trumps (1), then the four suits.
assert [SUIT_OF[c] for c in (0, 1, 22, 36, 50, 64)] == [FOOL_SUIT, TRUMP, 0, 1, 2, 3]


def _by_suit(ids: list[int]) -> list[list[int]]:
    """Sorted card ids as six lists indexed by SUIT_OF (four suits, trumps, the Fool)."""
    b1, b22, b36 = bisect_left(ids, 1), bisect_left(ids, 22), bisect_left(ids, 36)
    b50, b64 = bisect_left(ids, 50), bisect_left(ids, 64)
    return [ids[b22:b36], ids[b36:b50], ids[b50:b64], ids[b64:], ids[b1:b22], ids[:b1]]


def _said(event: dict, message: Message, **fields) -> dict:
    """An event with what it means: the rule, the message (id and parameters, for a page to
    render in its language) and its English text."""
    event.update(fields, rule=message.rule, msg=message.to_json(), text=str(message))
    return event


def _as_action(action) -> Action:
    return action if isinstance(action, Action) else Action.parse(action)


def _plural(word: str, n: int) -> str:
    return word if n == 1 else word + "s"


@dataclass(frozen=True)
class Observation:
    """What one seat may know of a hand: its own cards and what the table has seen — the
    face-up cards of the deal, the talk, every card played, the calls — and, for the dealer,
    his scart. Never another seat's hand."""

    seat: int
    players: int
    dealer: int
    phase: str
    current_player: int
    hand: tuple[str, ...]
    face_up: tuple[str | None, ...]
    scart: tuple[str, ...] | None  # the dealer's own; None for the others
    talk: tuple[dict, ...]
    tricks: tuple[dict, ...]
    trick: tuple[tuple[int, str], ...]
    totals: tuple
    legal: tuple[str, ...]  # the seat's legal actions as text, when it is to act

    def to_json(self) -> dict:
        return {"seat": self.seat, "players": self.players, "dealer": self.dealer,
                "phase": self.phase, "current_player": self.current_player,
                "hand": list(self.hand), "face_up": list(self.face_up),
                "scart": list(self.scart) if self.scart is not None else None,
                "talk": list(self.talk), "tricks": list(self.tricks),
                "trick": [list(t) for t in self.trick], "totals": list(self.totals),
                "legal": list(self.legal)}


class Hand(GameState):
    """A hand from the deal to the count.

    ``players`` 3–6; ``dealer`` the dealing seat; ``deck`` card ids top first (or ``seed`` to
    shuffle); ``totals`` the running game score per side before this hand, which decides
    whether the trailing side may demand a deal in fewer rounds (4 players); ``method`` fixes
    the deal method instead (``three_rounds``, ``two_rounds``, ``one_round`` …).
    """

    # Slots: a hand is created and updated thousands of times a second.
    __slots__ = ('_held', '_ids', '_king_lead_calls', '_kj', '_legal', '_pending_call', '_pre', '_to_move', '_trick_sides', '_tricks', 'buob_calls',
                 'deal_pos', 'dealer', 'dealer_asked', 'deck', 'events', 'face_up', 'fool_aside',
                 'fool_owed', '_moves', 'kj', 'knocked', 'knocking', 'leader', 'led', 'method',
                 'n', 'n_sides', 'phase', 'piles', 'plays_in_trick', 'result', 'round', 'rounds',
                 'rules', 'says', 'scart', 'side_of', 'suits_led', 'talk_i', 'talk_order', 'talks',
                 'totals', 'trick_buob', 'trick_cards', 'trick_first', 'trick_led', 'trick_players',
                 'trick_winner')

    def __init__(self, players: int = 4, dealer: int = 0, *, deck: Sequence[int] | None = None,
                 seed=None, rules: Rules | None = None,
                 totals: Sequence[int] | None = None, method: str | None = None) -> None:
        self.n = n = check_players(players)
        self.rules = (rules or _DEFAULT_RULES).check_players(n)
        if type(dealer) is not int or not 0 <= dealer < n:
            raise IllegalActionError(msg("deal#dealer_seat", last=n - 1, value=quote(dealer)))
        self.dealer = dealer
        self.deck = list(deck) if deck is not None else shuffled_deck(seed)
        if deck is not None and (len(self.deck) != N_CARDS or set(self.deck) != _PACK_SET):
            raise RecordError(msg("record.deck#pack"))
        # Sides: partners sit opposite with 4, alternate with 6; 3 and 5 play alone.
        self.side_of = _SIDE_OF[n]
        self.n_sides = 2 if n in (4, 6) else n
        self.totals = list(totals) if totals is not None else [0] * self.n_sides
        self.talks = n == 4  # pagat: no talk and no throw-in with 3, 5 or 6
        self.buob_calls = n in (4, 6)  # pagat: no calling with 3 players, nor with 5 (as 3)
        self._king_lead_calls = self.buob_calls and self.rules.buob_caller == "king_leader"
        # pagat: no signalling with three players, nor with five ("exactly like" three).
        self.knocking = self.rules.knocking and n in (4, 6)
        self.knocked = 0  # the trump last knocked for (0: none yet)
        # Each seat's cards until the play begins, in the order received (slices of the deck
        # cost less than masks); see ``hands``.
        self._pre: list[list[int]] = [[] for _ in range(n)]
        self._held: list[list[list[int]]] | None = None
        self.face_up: list[int | None] = [None] * n
        self.scart: list[int] = []
        # Every action taken, as one int each (no tuple to allocate on the hot path):
        # seat * 1000 + action id, plus 500 for a card laid in the scart. See ``history``.
        self._moves: list[int] = []
        self.says: dict[int, str] = {}
        self.events: list[dict] = []
        # Finished tricks as raw tuples (players, cards, winner, side, buob, fool); the
        # ``tricks`` property gives them as readable dicts.
        self._tricks: list[tuple] = []
        self._trick_sides = 0  # bitmask of the sides that have won a trick
        self.piles: list[list[list[int]]] = [[] for _ in range(self.n_sides)]
        self.trick_players: list[int] = []
        self.trick_cards: list[int] = []
        self.plays_in_trick = 0
        self.led = NO_SUIT  # the suit to follow in the trick under way
        self._ids: tuple[int, ...] | None = None  # legal cards last offered in play
        self._legal: tuple[int, ...] | None = None  # the ids in the other phases
        self.suits_led = 0
        self.kj: tuple[int, int] | None = None  # (player, suit) of a king+jack this trick
        self.fool_owed: tuple[int, int, int] | None = None  # debtor, creditor side, group
        self.fool_aside: int | None = None  # side keeping the Fool face up until it pays
        self.method = DEFAULT_METHOD[n]
        self.round = 0
        self.deal_pos = 0
        self.talk_order = _TALK_ORDER[n][dealer]
        self.talk_i = 0
        self.dealer_asked = False
        self.leader = dealer if self.rules.first_lead == "dealer" else (dealer + 1) % n
        self._to_move = -1
        self._pending_call: tuple[int, int] | None = None  # (suit, caller)
        self.result: dict | None = None
        demands = self._deal_demands() if method is None else []
        if method is not None:
            self._begin_deal(method)
        elif demands:
            self.rounds = []
            self.phase = DEAL_METHOD
            self._to_move = demands[0]
        else:
            self._begin_deal(self.method)

    # ---- OpenSpiel-style core ----------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to act, or -1 when the hand is over."""
        return self._to_move

    def is_terminal(self) -> bool:
        return self._to_move < 0  # -1 once the hand is done or thrown in

    def legal_action_ids(self) -> Sequence[int]:
        ph = self.phase
        if ph == PLAY:
            p = self._to_move
            led = self.led
            # play.legal_mask, inlined (this is the engine's hottest function) and read off the
            # per-suit lists: follow suit, else trump, else anything; the Fool any time.
            held = self._held[p]
            if led < 0 or not (ids := held[led]) and (led == TRUMP or not (ids := held[TRUMP])):
                ids = held[FOOL_SUIT] + held[TRUMP] + held[0] + held[1] + held[2] + held[3]
            elif held[FOOL_SUIT]:
                ids = held[FOOL_SUIT] + ids
            self._ids = ids = tuple(ids)  # kept for apply_action's check
            # King and jack together: only a seat dealt both of a suit not yet led can (the
            # filter), if he still holds both (the check).
            pairs = self._kj[p]
            if pairs and (led < 0 or led < TRUMP and pairs >> led & 1):
                kj = self._king_jack_ids(p, pairs if led < 0 else 1 << led)
                if kj:
                    return ids + kj
            return ids
        self._legal = ids = self._other_legal_ids(ph)  # kept for apply_action's check
        return ids

    def _other_legal_ids(self, ph: str) -> tuple[int, ...]:
        if ph == TALK:
            return self._talk_choices()
        if ph == SCART:
            return tuple(sorted(_NOT_HONOURS.intersection(self._pre[self.dealer])))
        if ph == DEALER_CHOICE:
            return _CONTINUE_ABANDON
        if ph == CALL:
            return (BUOB, BUOB_SCHE, NO_BUOB) if self.rules.buob_sche else (BUOB, NO_BUOB)
        if ph == TAKE_BACK_PHASE:
            return tuple(TAKE_BACK + c for c in self._take_back_choices())
        if ph == DEAL_METHOD:
            return tuple(DEAL + DEAL_NAMES.index(m) for m in self._deal_options())
        return ()

    def apply_action(self, aid: int) -> tuple[dict, ...]:
        """Apply an action id; raises IllegalActionError (with the reason) if it is not legal."""
        ph = self.phase
        if ph == PLAY and type(aid) is int and aid < N_CARDS:  # the hot path: one card
            p = self._to_move
            ids = self._ids
            if ids is None:  # no legal_action_ids() call since the last action
                ids = ids_of(legal_mask(self.seat_mask(p), self.led))
            if aid not in ids:
                raise IllegalActionError(self._refusal(p, aid))
            self._ids = None
            self._moves.append(p * 1000 + aid)
            self._held[p][SUIT_OF[aid]].remove(aid)
            self.trick_players.append(p)
            self.trick_cards.append(aid)
            if self.led < 0 and aid:
                self.led = SUIT_OF[aid]
                if self.knocking and self.led == TRUMP:
                    self._knock()
            self.plays_in_trick += 1
            if self.plays_in_trick < self.n:
                self._to_move = (p + 1) % self.n
                return ()
            return self._end_of_trick()
        if type(aid) is not int:  # not None, 3.0, True or '3'
            raise IllegalActionError(msg("record.action#id", value=quote(aid)))
        mark = len(self.events)
        legal = self._legal if ph != PLAY and self._legal is not None \
            else self.legal_action_ids()
        if aid not in legal:
            raise IllegalActionError(self._refusal(self._to_move, aid) or msg("phase#not_now"))
        self._ids = self._legal = None
        self._moves.append(self._to_move * 1000 + aid + (500 if ph == SCART else 0))
        if ph == PLAY:
            self._play_king_jack(aid - KING_JACK)
        elif ph == SCART:
            self._scart(aid)
        elif ph == TALK:
            self._talk(aid)
        elif ph == DEALER_CHOICE:
            self._dealer_choice(aid)
        elif ph == CALL:
            self._call(aid)
        elif ph == TAKE_BACK_PHASE:
            self._take_back(aid - TAKE_BACK)
        elif ph == DEAL_METHOD:
            self._begin_deal(DEAL_NAMES[aid - DEAL], demanded_by=self._to_move)
        return tuple(self.events[mark:])

    def returns(self) -> list:
        """Each player's score for the hand (their side's): zeros until it is over, and for a
        thrown-in hand."""
        if self.phase != DONE:
            return [0] * self.n
        side_scores = self.result["scores"]
        return [side_scores[self.side_of[p]] for p in range(self.n)]

    def clone(self) -> "Hand":
        """An independent copy to search from. Lists the hand changes are copied; what it
        never changes in place (the deck, finished tricks, events) is shared."""
        new = object.__new__(Hand)
        for name in _SLOTS:
            try:
                setattr(new, name, getattr(self, name))
            except AttributeError:  # set only later in the hand (trick_winner, _kj, …)
                pass
        new._pre = [list(c) for c in self._pre]
        if self._held is not None:
            new._held = [[list(s) for s in h] for h in self._held]
            new._kj = list(self._kj)
        new.face_up = list(self.face_up)
        new.scart = list(self.scart)
        new._moves = list(self._moves)
        new.says = dict(self.says)
        new.events = list(self.events)
        new._tricks = list(self._tricks)
        new.piles = [list(p) for p in self.piles]  # groups: copied on write (_own_group)
        new.trick_players = list(self.trick_players)
        new.trick_cards = list(self.trick_cards)
        new.totals = list(self.totals)
        new.result = dict(self.result) if self.result is not None else None
        return new

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (see :class:`Observation`)."""
        if type(seat) is not int or not 0 <= seat < self.n:
            raise IllegalActionError(msg("deal#no_seat", seat=quote(seat), players=self.n))
        public = ("talk", "dealer_choice", "deal_method", "thrown_in")
        to_act = self._to_move == seat and not self.is_terminal()
        return Observation(
            seat, self.n, self.dealer, self.phase, self._to_move,
            tuple(TOKEN[c] for c in self.cards_of(seat)),
            tuple(TOKEN[c] if c is not None else None for c in self.face_up),
            tuple(TOKEN[c] for c in self.scart) if seat == self.dealer else None,
            tuple(e for e in self.events if e["type"] in public),
            tuple(self.tricks), tuple((p, TOKEN[c]) for p, c in self.trick),
            tuple(self.totals),
            tuple(str(a) for a in self.legal_actions()) if to_act else ())

    # ---- friendly surface ----------------------------------------------------------------
    def action(self, aid: int, player: int | None = None) -> Action:
        return action_of(self._to_move if player is None else player, aid, self.phase == SCART)

    def actions_taken(self) -> list[Action]:
        return [action_of(p, aid, scart) for p, aid, scart in self.history]

    @property
    def history(self) -> list[tuple[int, int, bool]]:
        """Every action taken so far as (seat, action id, laid in the scart)."""
        out = []
        for m in self._moves:
            seat, aid = divmod(m, 1000)
            out.append((seat, aid - 500, True) if aid >= 500 else (seat, aid, False))
        return out

    @property
    def action_count(self) -> int:
        """How many actions have been taken."""
        return len(self._moves)

    def legal_actions(self) -> Iterator[Action]:
        """The legal actions now, lazily, as :class:`Action` values."""
        p = self._to_move
        scart = self.phase == SCART
        for aid in self.legal_action_ids():
            yield action_of(p, aid, scart)

    def legal_cards(self) -> list[int]:
        """Card ids the player to move may play (the king+jack double play aside)."""
        if self.phase != PLAY:
            return []
        return list(ids_of(legal_mask(self.seat_mask(self._to_move), self.led)))

    def verify(self, action: Action | str) -> None:
        """Raise IllegalActionError explaining why ``action`` is refused; return if legal."""
        action = _as_action(action)
        why = self._action_refusal(action)
        if why:
            raise IllegalActionError(why)

    def explain(self, action: Action | str) -> Message | None:
        """Why ``action`` is refused (a message whose ``rule`` is the clause), or None."""
        return self._action_refusal(_as_action(action))

    def can(self, action: Action | str) -> bool:
        """Whether ``action`` is legal now; anything that is not an action is not legal."""
        try:
            self.verify(action)
        except TroccasError:
            return False
        return True

    def apply(self, action: Action | str, say: str | None = None) -> tuple[dict, ...]:
        """Apply a readable action (``'1 play Kc'``); ``say`` keeps the words spoken with a
        talk decision (tschintschar is free text: the engine records, never judges it)."""
        action = _as_action(action)
        self.verify(action)
        if say:
            self.says[len(self._moves)] = say
        return self.apply_action(action.id)

    def deal_through(self) -> None:
        """Finish the deal with every player saying 'continue' (and a dealer without trumps
        playing on): the quickest way to a hand ready for the scart or the first lead."""
        while self.phase in (TALK, DEALER_CHOICE):
            self.apply_action(CONTINUE)

    def play(self, card) -> tuple[dict, ...]:
        from .cards import Card
        cid = card.id if isinstance(card, Card) else Card.parse(card).id
        return self.apply(Action(self._to_move, "play", TOKEN[cid]))

    @property
    def tricks(self) -> list[dict]:
        """The finished tricks: number, leader, plays [[seat, card]…], winner, side, and the
        buob and Fool events of each (None when nothing happened)."""
        return [{"number": i, "leader": players[0] if players else winner,
                 "plays": [[p, TOKEN[c]] for p, c in zip(players, cards)], "winner": winner,
                 "side": side, "buob": buob, "fool": fool}
                for i, (players, cards, winner, side, buob, fool) in enumerate(self._tricks, 1)]

    @property
    def trick(self) -> list[tuple[int, int]]:
        return list(zip(self.trick_players, self.trick_cards))

    # ---- refusals ------------------------------------------------------------------------
    def _action_refusal(self, action: Action) -> Message | None:
        kind_phase = {"play": (PLAY,), "kingjack": (PLAY,), "scart": (SCART,),
                      "talk": (TALK, DEALER_CHOICE), "call": (CALL,),
                      "takeback": (TAKE_BACK_PHASE,), "deal": (DEAL_METHOD,)}
        if self.phase not in kind_phase[action.kind]:
            return msg("phase#wrong_kind", waiting=self._waiting_for(), kind=action.kind)
        return self._refusal(action.player, action.id)

    def turn_reason(self) -> Message:
        """Why the seat to act is the one to act now (clause play.turn, or the talk's)."""
        if self.phase == TALK and self.talk_i == self.n - 1 and self.n > 3 and \
                self.rules.throw_in == "veto" and any(
                    e["type"] == "talk" and e["decision"] == "liber" and e["round"] == self.round
                    for e in self.events):
            return msg("talk.liber#dealer_decides", seat=self._to_move)
        return self._waiting_for()

    def _waiting_for(self) -> Message:
        """What the hand is waiting for, as a message (``waiting.talk``, …)."""
        return msg(f"waiting.{self.phase}", seat=self._to_move)

    def _refusal(self, player: int, aid: int) -> Message | None:
        ph = self.phase
        if ph in (DONE, THROWN_IN):
            return msg("phase#over", waiting=self._waiting_for())
        if player != self._to_move:
            return msg("play.turn", seat=self._to_move, player=player)
        if ph == PLAY:
            hand = self.seat_mask(player)
            led = self.led
            if not isinstance(aid, int) or aid < 0:
                return msg("record.action#id", value=quote(aid))
            if aid < N_CARDS:
                return refusal(hand, led, aid)
            if KING_JACK <= aid < KING_JACK + 4:
                s = aid - KING_JACK
                if hand & _KJ_MASK[s] != _KJ_MASK[s]:
                    return msg("buob.king_jack#both", suit=SUITS_TOKEN[s])
                if not self._kj_allowed(s, led):
                    return msg("buob.king_jack#first", suit=SUITS_TOKEN[s])
                return None
            return msg("phase#card_due")
        if aid in self.legal_action_ids():
            return None
        if ph == SCART:
            if 0 <= aid < N_CARDS:
                return scart_verdict(self._pre[self.dealer], aid).reason
            return msg("phase#scart_due")
        if ph in (TALK, DEALER_CHOICE):
            if aid == LIBER:
                return msg("talk.liber#third_only" if self.rules.throw_in == "veto"
                           else "talk.liber#none")
            if aid == ABANDON:
                return msg("talk#dealer_only")
            if aid == ALLOW:
                return msg("talk.liber#not_allow" if self.talk_i == 2 else "talk#dealer_choice")
            return msg("phase#talk_due")
        if ph == CALL:
            if aid == BUOB_SCHE:
                return msg("buob.sche#none")
            return msg("phase#call_due")
        if ph == TAKE_BACK_PHASE:
            return msg("buob.king_jack#take_back",
                       cards=[TOKEN[c] for c in self._take_back_choices()])
        if ph == DEAL_METHOD:
            return msg("deal.method#choose", ways=[msg(f"term.deal.{m}")
                                                   for m in self._deal_options()])
        return msg("phase#not_now")

    # ---- the deal ------------------------------------------------------------------------
    def _deal_demands(self) -> list[int]:
        """Seats of a side far enough behind to demand a shorter deal (first to speak first)."""
        if self.n != 4 or not self.rules.catch_up_deals:
            return []
        for side in range(2):
            if catch_up_methods(self.totals, side, self.rules.catch_up_measure):
                return [p for p in self.talk_order if self.side_of[p] == side]
        return []

    def _deal_options(self) -> list[str]:
        side = self.side_of[self._to_move]
        return ["three_rounds"] + catch_up_methods(self.totals, side,
                                                   self.rules.catch_up_measure)

    def _begin_deal(self, method: str, demanded_by: int | None = None) -> None:
        self.method = method
        self.rounds = schedule(self.n, method)
        if demanded_by is not None:
            self.events.append({"type": "deal_method", "player": demanded_by, "method": method})
        self._deal_round()

    def _deal_round(self) -> None:
        batches = self.rounds[self.round]
        self.round += 1
        last = self.round == len(self.rounds)
        deck, pos, held = self.deck, self.deal_pos, self._pre
        for p, count in zip(self.talk_order, batches):
            end = pos + count
            held[p] += deck[pos:end]
            pos = end
            if last:
                self.face_up[p] = deck[end - 1]  # pagat: the last card to each is shown
        self.deal_pos = pos
        self.events.append({"type": "deal_round", "round": self.round,
                            "batches": dict(zip(self.talk_order, batches))})
        if self.talks:
            self.phase = TALK
            self.talk_i = 0
            self._to_move = self.talk_order[0]
        elif not last:
            self._deal_round()
        else:
            self._after_deal()

    @property
    def dealt(self) -> list[list[int]]:
        """The cards each seat has been dealt so far, in the order received."""
        out: list[list[int]] = [[] for _ in range(self.n)]
        pos = 0
        for batches in self.rounds[:self.round]:
            for p, count in zip(self.talk_order, batches):
                out[p] += self.deck[pos:pos + count]
                pos += count
        return out

    def _talk_choices(self) -> tuple[int, ...]:
        if self.talk_i == self.n - 1:
            return _CONTINUE_ABANDON
        if self.talk_i == 2 and self.rules.throw_in == "veto":
            return (CONTINUE, LIBER)
        return (CONTINUE, ALLOW)

    def _talk(self, aid: int) -> None:
        p = self._to_move
        self.events.append({"type": "talk", "player": p, "decision": TALK_WORDS[aid],
                            "round": self.round})
        if aid == ABANDON:
            return self._throw_in(msg("talk#abandoned"))
        if aid == CONTINUE:
            self.dealer_asked = p == self.dealer
            return self._talk_done()
        self.talk_i += 1
        self._to_move = self.talk_order[self.talk_i]

    def _talk_done(self) -> None:
        if self.round < len(self.rounds):
            return self._deal_round()
        if _TRUMP_IDS.isdisjoint(self._pre[self.dealer]) and not self.dealer_asked:
            self.phase = DEALER_CHOICE  # pagat: only the dealer has this privilege
            self._to_move = self.dealer
            return
        self._after_deal()

    def _dealer_choice(self, aid: int) -> None:
        self.events.append({"type": "dealer_choice", "player": self.dealer,
                            "decision": TALK_WORDS[aid]})
        if aid == ABANDON:
            return self._throw_in(msg("talk.dealer_no_trump#abandoned"))
        self._after_deal()

    def _throw_in(self, why: Message) -> None:
        self.phase = THROWN_IN
        self._to_move = -1
        self.events.append(_said({"type": "thrown_in"}, why))

    def _after_deal(self) -> None:
        if SCART_SIZE[self.n]:
            self.phase = SCART
            self._to_move = self.dealer
        else:
            self._start_play()

    def _scart(self, cid: int) -> None:
        self._pre[self.dealer].remove(cid)
        self.scart.append(cid)
        if len(self.scart) == SCART_SIZE[self.n]:
            self.events.append({"type": "scart", "player": self.dealer, "count": len(self.scart)})
            self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY
        self._to_move = self.leader
        # Each hand also as sorted id lists per suit (index FOOL_SUIT for the Fool), kept in
        # step with the masks, so that legal_action_ids never decodes a mask.
        self._held = held = [_by_suit(sorted(cards)) for cards in self._pre]
        self._kj = [sum(1 << s for s in range(4) if _KING[s] in h[s] and _JACK[s] in h[s])
                    for h in held]

    def _king_jack_ids(self, p: int, suits: int) -> tuple[int, ...]:
        """The king+jack plays open to seat p among ``suits`` (bits); a pair found broken
        leaves p's filter for good (a king or jack played alone never comes back)."""
        held = self._held[p]
        out = []
        for s in range(4):
            if suits >> s & 1:
                if _KING[s] in held[s] and _JACK[s] in held[s]:
                    out.append(KING_JACK + s)
                else:
                    self._kj[p] &= ~(1 << s)
        return tuple(out)

    def _holder_of(self, cid: int) -> int | None:
        """The seat holding a card during the play, or None."""
        s = SUIT_OF[cid]
        return next((p for p, held in enumerate(self._held) if cid in held[s]), None)

    def _give(self, p: int, cid: int) -> None:
        """A card goes back to a player's hand during play (king+jack, buob)."""
        held = self._held[p][SUIT_OF[cid]]
        insort(held, cid)
        s = SUIT_OF[cid]
        if s < TRUMP and not self.suits_led >> s & 1 and _KING[s] in held and _JACK[s] in held:
            self._kj[p] |= 1 << s

    def _take(self, p: int, cid: int) -> None:
        self._held[p][SUIT_OF[cid]].remove(cid)

    # ---- play ----------------------------------------------------------------------------
    @property
    def hands(self) -> list[int]:
        """Each seat's cards as a mask of card ids (bit i set: the seat holds card id i).
        A fresh list: in play the cards live in per-suit lists, which the masks are read
        from."""
        bit = _BIT.__getitem__
        if self._held is None:
            return [sum(map(bit, cards)) for cards in self._pre]
        return [sum(map(bit, chain.from_iterable(h))) for h in self._held]

    def cards_of(self, seat: int) -> list[int]:
        """The card ids a seat holds, in id order."""
        if self._held is None:
            return sorted(self._pre[seat])
        return sorted(chain.from_iterable(self._held[seat]))

    def seat_mask(self, seat: int) -> int:
        """The cards a seat holds as a mask of card ids."""
        cards = self._pre[seat] if self._held is None else chain.from_iterable(self._held[seat])
        return sum(map(_BIT.__getitem__, cards))

    @property
    def played(self) -> int:
        """Mask of the cards played so far: neither in a hand nor in the scart (0 before the
        play begins)."""
        if self.phase in (DEAL_METHOD, TALK, DEALER_CHOICE, SCART):
            return 0
        out = _ALL_CARDS & ~mask_of(self.scart)
        for hand in self.hands:
            out &= ~hand
        return out

    def _kj_allowed(self, s: int, led: int) -> bool:
        """pagat: with king and jack of a suit, both may go to the first trick of that suit."""
        if self.suits_led >> s & 1:
            return False
        return led == s or (led == NO_SUIT)

    def _knock(self) -> None:
        """pagat (a regional custom): the first time trumps are led, the holder of the XXI
        knocks; later the holder of the highest trump still out knocks on the next trump lead
        after it has become the highest, every higher trump having been played. A signal
        only. Nobody knocks for the trump being led."""
        lead = self.trick_cards[-1]
        out = TRUMP_MASK & ~self.played | 1 << lead  # still out before this trick began
        top = out.bit_length() - 1
        if top == lead or top == self.knocked:
            return
        for p in range(self.n):
            if self.seat_mask(p) >> top & 1:
                self.knocked = top
                self.events.append(_said({"type": "knock", "player": p, "card": TOKEN[top]},
                                         msg("knocking", seat=p, card=TOKEN[top])))
                return

    def _play_king_jack(self, s: int) -> None:
        p = self._to_move
        k, j = _KING[s], _JACK[s]
        self._take(p, k)
        self._take(p, j)
        self.trick_players += [p, p]
        self.trick_cards += [k, j]
        self.kj = (p, s)
        if self.led < 0:
            self.led = s
        self.events.append({"type": "king_jack", "player": p, "suit": SUITS_TOKEN[s]})
        self._next_in_trick()

    def _next_in_trick(self) -> None:
        self.plays_in_trick += 1
        if self.plays_in_trick < self.n:
            self._to_move = (self._to_move + 1) % self.n
            return
        self._end_of_trick()

    def _end_of_trick(self) -> tuple[dict, ...]:
        """Settle a full trick; returns the events this caused."""
        cards = self.trick_cards
        led = self.led
        players = self.trick_players
        key = _WIN_KEY[led]
        best = -2
        for p, c in zip(players, cards):  # the highest key wins (play.winning_index)
            if key[c] > best:
                best = key[c]
                winner = p
        self.trick_winner = winner
        first = led < TRUMP and not self.suits_led >> led & 1
        if not first and self.fool_owed is None and FOOL not in cards and not (
                self._king_lead_calls and led < TRUMP and _KING[led] in cards):
            # Most tricks: no buob, no king+jack (both need the first trick of a suit), no
            # Fool to settle. Resolved here in one go; _resolve_trick has the full story.
            wside = self.side_of[winner]
            self.piles[wside].append(cards)  # shared with the record until _own_group
            self._tricks.append((players, cards, winner, wside, None, None))
            self._trick_sides |= 1 << wside
            ev = {"type": "trick", "number": len(self._tricks), "winner": winner}
            self.events.append(ev)
            self.trick_players = []
            self.trick_cards = []
            self.plays_in_trick = 0
            self.led = NO_SUIT
            self._to_move = self.leader = winner
            if self._held[winner] != _NO_CARDS:
                return (ev,)
            mark = len(self.events) - 1
            self._finish()
            return tuple(self.events[mark:])
        mark = len(self.events)
        self.trick_led = led
        self.trick_buob = None
        self.trick_first = first
        if first:
            self.suits_led |= 1 << led
            self._kj = [pairs & ~(1 << led) for pairs in self._kj]  # that suit's chance is gone
        if self.kj is not None:
            choices = self._take_back_choices()
            if choices:
                self.phase = TAKE_BACK_PHASE
                self._to_move = self.kj[0]
                return tuple(self.events[mark:])
            # Sources are silent when no other numeral of the suit is in the trick; the
            # engine's reading: the jack goes back to its player's hand.
            p, s = self.kj
            self._remove_from_trick(p, _JACK[s])
            self._give(p, _JACK[s])
            self.events.append(_said({"type": "king_jack_back", "player": p,
                                      "card": TOKEN[_JACK[s]]},
                                     msg("buob.king_jack#back", suit=SUITS_TOKEN[s])))
        self._maybe_call()
        return tuple(self.events[mark:])

    def _take_back_choices(self) -> list[int]:
        p, s = self.kj
        return [c for q, c in zip(self.trick_players, self.trick_cards)
                if q != p and SUIT_OF[c] == s and RANK_OF[c] < JACK]

    def _take_back(self, cid: int) -> None:
        p, s = self.kj
        owner = self._remove_from_trick(None, cid)
        self._give(p, cid)
        self.events.append(_said({"type": "take_back", "player": p, "card": TOKEN[cid],
                                  "from": owner},
                                 msg("buob.king_jack#took", seat=p, card=TOKEN[cid],
                                     owner=owner)))
        self._maybe_call()

    def _remove_from_trick(self, player: int | None, cid: int) -> int:
        i = self.trick_cards.index(cid)
        owner = self.trick_players[i]
        del self.trick_cards[i]
        del self.trick_players[i]
        return owner

    def _maybe_call(self) -> None:
        caller = self._buob_caller()
        if caller is None:
            return self._resolve_trick()
        self.phase = CALL
        self._to_move = caller
        self._pending_call = (self.trick_led, caller)

    def _buob_caller(self) -> int | None:
        """Who may call buob on the trick just completed, or None (clause buob.caller).

        pagat: the first time a suit is led, with its king in the trick and its jack neither
        played nor given away in this trick (the scart counts as unplayed: the call is then
        void); the trick's winner calls. arcane: the king's player calls. wiki-de: whoever led
        the king calls, and says nothing of a first lead. King and jack played together
        (buob.king_jack) leave nothing to call for."""
        s = self.trick_led
        cards = self.trick_cards
        if not self.buob_calls or s >= TRUMP or self.kj is not None or _KING[s] not in cards:
            return None
        jack = _JACK[s]
        if jack not in self.scart and self._holder_of(jack) is None:
            return None  # the jack is already played
        king_player = self.trick_players[cards.index(_KING[s])]
        rule = self.rules.buob_caller
        if rule == "king_leader":
            first_real = next(c for c in cards if c != FOOL)  # a Fool lead: the next card
            return king_player if first_real == _KING[s] else None
        if not self.trick_first:
            return None
        return self.trick_winner if rule == "trick_winner" else king_player

    def _call(self, aid: int) -> None:
        s, caller = self._pending_call
        self._pending_call = None
        self.trick_buob = self._buob_effect(s, caller, aid)
        self.events.append(self.trick_buob)
        self._resolve_trick()

    def _buob_effect(self, s: int, caller: int, aid: int) -> dict:
        """What a call does (clauses buob, buob.scart, buob.fool, buob.sche, buob.court,
        buob.own_king); which card goes back depends on the option ``buob_return``."""
        jack = _JACK[s]
        ev = {"type": "buob", "player": caller, "call": CALL_WORDS[aid], "suit": SUITS_TOKEN[s],
              "jack": TOKEN[jack], "holder": None, "returned": None}
        if aid == NO_BUOB:
            return _said(ev, msg("buob#pass"), effect="none")
        holder = self._holder_of(jack)
        if holder is None:
            return _said(ev, msg("buob.scart", suit=SUITS_TOKEN[s]), effect="none")
        ev["holder"] = holder
        ret = self.rules.buob_return
        played = next(c for q, c in zip(self.trick_players, self.trick_cards) if q == holder)
        if played == FOOL:
            return _said(ev, msg("buob.fool", seat=holder), effect="none")
        if played == _KING[s]:
            # Sources are silent; taking the king back would undo the call's own condition.
            return _said(ev, msg("buob.own_king", seat=holder), effect="none")
        court = SUIT_OF[played] == s and RANK_OF[played] in (QUEEN, CAVALIER)
        if court and ret == "own_card_unless_court":
            return _said(ev, msg("buob.court", seat=holder, card=TOKEN[played]), effect="none")
        if court and aid == BUOB_SCHE:
            return _said(ev, msg("buob.sche", seat=holder, card=TOKEN[played]), effect="none")
        if ret in ("own_card", "own_card_unless_court") or court and ret == "numeral_from_table":
            back = played
        else:
            numerals = [c for c in self.trick_cards if SUIT_OF[c] == s and RANK_OF[c] < JACK]
            if not numerals:
                return _said(ev, msg("buob#no_numeral"), effect="none")
            key = (lambda c: STRENGTH[c])
            back = max(numerals, key=key) if ret == "next_highest_numeral" \
                else min(numerals, key=key)
        i = self.trick_cards.index(back)
        owner = self.trick_players[i]
        self.trick_cards[i] = jack
        self.trick_players[i] = holder
        self._take(holder, jack)
        self._give(holder, back)
        return _said(ev, msg("buob#exchange" if owner == holder else "buob#exchange_other",
                             seat=holder, suit=SUITS_TOKEN[s], card=TOKEN[back], owner=owner),
                     effect="exchange", returned=TOKEN[back], returned_by=owner)

    def _resolve_trick(self) -> None:
        players, cards = self.trick_players, self.trick_cards
        winner = self.trick_winner
        wside = self.side_of[winner]
        fool_ev = None
        group = cards[:]  # the pile's own copy: Fool exchanges rewrite groups
        pile = self.piles[wside]
        pile.append(group)
        number = len(self._tricks) + 1
        if FOOL in cards:
            fool_side = self.side_of[players[cards.index(FOOL)]]
            if fool_side != wside:
                group.remove(FOOL)
                fool_ev = self._fool_exchange(fool_side, wside, len(pile) - 1, number)
        elif self.fool_owed is not None and self.fool_owed[0] == wside:
            fool_ev = self._pay_fool_debt(len(pile) - 1, number)
        self._tricks.append((players, cards, winner, wside, self.trick_buob, fool_ev))
        self._trick_sides |= 1 << wside
        self.events.append({"type": "trick", "number": number, "winner": winner})
        if fool_ev:
            self.events.append(fool_ev)
        self.trick_players = []
        self.trick_cards = []
        self.plays_in_trick = 0
        self.led = NO_SUIT
        self.kj = None
        self.phase = PLAY
        self._to_move = self.leader = winner
        if self._held[winner] == _NO_CARDS:
            self._finish()

    def _own_group(self, side: int, i: int) -> list[int]:
        """A won trick in a side's pile, as a list the hand may rewrite (Fool exchanges): the
        common trick end shares one list between the pile and the trick record, so the pile
        gets its own copy before any change."""
        g = self.piles[side][i] = list(self.piles[side][i])
        return g

    @staticmethod
    def _low_card(group: list[int]) -> int | None:
        lows = [c for c in group if POINTS[c] == 1]
        if not lows:
            return None
        numerals = [c for c in lows if SUIT_OF[c] < 4]  # a plain numeral first: any 1-point
        return (numerals or lows)[0]                     # card scores the same

    def _fool_exchange(self, fside: int, wside: int, gi: int, number: int) -> dict:
        for i, g in enumerate(self.piles[fside]):
            low = self._low_card(g)
            if low is not None:
                g = self._own_group(fside, i)
                g[g.index(low)] = FOOL
                self._own_group(wside, gi).append(low)
                return _said({"type": "fool_exchange", "trick": number, "side": fside,
                              "to_side": wside, "card": TOKEN[low]},
                             msg("fool.exchange", card=TOKEN[low]))
        self.fool_owed = (fside, wside, gi)
        self.fool_aside = fside
        return _said({"type": "fool_owed", "trick": number, "side": fside, "to_side": wside},
                     msg("fool.owed"))

    def _pay_fool_debt(self, gi: int, number: int) -> dict | None:
        fside, wside, cgi = self.fool_owed
        low = self._low_card(self.piles[fside][gi])
        if low is None:
            return None
        g = self._own_group(fside, gi)
        g[g.index(low)] = FOOL
        self._own_group(wside, cgi).append(low)
        self.fool_owed = None
        self.fool_aside = None
        return _said({"type": "fool_exchange", "trick": number, "side": fside, "to_side": wside,
                      "card": TOKEN[low]}, msg("fool.owed#paid", card=TOKEN[low]))

    # ---- the count -----------------------------------------------------------------------
    @property
    def counting_method(self) -> str:
        if self.n == 3:
            return self.rules.three_player_counting
        if self.n == 5:
            return self.rules.five_player_counting
        return "fours"

    def _finish(self) -> None:
        self.phase = DONE
        self._to_move = -1
        dealer_side = self.side_of[self.dealer]
        sides = self._trick_sides
        scart_side = dealer_side
        if sides & (sides - 1) == 0:  # a single side won every trick
            taker = sides.bit_length() - 1
            scart_side = taker
            if self.fool_owed is not None or any(
                    FOOL in g for s, pile in enumerate(self.piles) if s != taker for g in pile):
                for s, pile in enumerate(self.piles):
                    for i, g in enumerate(pile):
                        if s != taker and FOOL in g:
                            self._own_group(s, i).remove(FOOL)
                self._own_group(taker, -1).append(FOOL)
                self.fool_owed = self.fool_aside = None
            self.events.append(_said({"type": "all_tricks", "side": taker},
                                     msg("fool.all_tricks")))
        if self.fool_owed is not None:
            # Sources are silent on a debt still open at the end; the engine's reading: the
            # Fool itself goes to the side it was owed to.
            fside, wside, cgi = self.fool_owed
            self._own_group(wside, cgi).append(FOOL)
            self.events.append(_said({"type": "fool_lost", "side": fside, "to_side": wside},
                                     msg("fool.owed#lost")))
            self.fool_owed = self.fool_aside = None
        if self.scart:
            self.piles[scart_side].append(list(self.scart))
        method = self.counting_method
        pts = [counting.points(list(chain.from_iterable(pile)), method, self.scart)
               for pile in self.piles]
        par = self._par(pts)
        scores = [p - q for p, q in zip(pts, par)]
        scores = [int(s) if isinstance(s, Fraction) and s.denominator == 1 else s
                  for s in scores]
        self.result = {"method": method, "points": pts, "par": par, "scores": scores,
                       "scart_side": scart_side}
        self.events.append({"type": "count", **self.result_json()})

    def _par(self, pts: list[int]) -> list:
        return counting.par(self.n, self.counting_method, self.dealer, pts)

    def result_json(self) -> dict:
        r = self.result
        num = (lambda x: float(round(x, 2)) if isinstance(x, Fraction) else x)
        return {"method": r["method"], "points": r["points"], "par": [num(x) for x in r["par"]],
                "scores": [num(x) for x in r["scores"]], "scart_side": r["scart_side"]}

    def pile_cards(self, side: int) -> list[int]:
        return [c for g in self.piles[side] for c in g]

    def count_detail(self, side: int) -> counting.Count:
        """The count of a side's pile, group by group (tricks as groups under per_trick)."""
        method = self.counting_method
        cards = self.pile_cards(side)
        groups = self.piles[side] if (self.rules.reckoning == "per_trick"
                                      and method == "fours") else None
        return counting.count(cards, method, scart=self.scart, groups=groups)


SUITS_TOKEN = ("c", "r", "s", "b")
_SLOTS = tuple(Hand.__slots__)


def play_random(hand: Hand, rng) -> Hand:
    """Play ``hand`` to the end with uniformly random legal actions (tests, benchmarks)."""
    rand = rng.random
    legal, apply = hand.legal_action_ids, hand.apply_action
    while hand._to_move >= 0:
        ids = legal()
        apply(ids[int(rand() * len(ids))])
    return hand
