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

from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence

from cardgame.state import GameState
from cardgame.value import Value

from .actions import (ABANDON, Action, action_of, ALLOW, BUOB, BUOB_SCHE, CONTINUE, DEAL,
                      DEAL_NAMES, KING_JACK, LIBER, NO_BUOB, TAKE_BACK)
from .cards import FOOL, ids_of, mask_of, N_CARDS, SUIT_OF, TOKEN, TRUMP
from .deal import check_players, DEFAULT_METHOD, shuffled_deck
from .errors import IllegalActionError, Message, msg, quote, RecordError, TroccasError
from .play import _WIN_KEY_OF, legal_mask, NO_SUIT, refusal, TRUMP_MASK
from .rules import Rules
from .scart import scart_verdict
from .tables import (_ALL_CARDS, _as_action, _BIT, _CONTINUE_ABANDON, _DEFAULT_RULES, _JACK,
                     _KING, _KJ_MASK, _NO_CARDS, _NOT_HONOURS, _PACK_SET, _said, _SIDE_OF, N_SIDES,
                     _TALK_ORDER, CALL, DEAL_METHOD, DEALER_CHOICE, DONE, PLAY, SCART,
                     SUITS_TOKEN, TAKE_BACK_PHASE, TALK, THROWN_IN)
from .buob import Buob
from .dealing import Dealing
from .fool import FoolExchange
from .scoring import Scoring

if TYPE_CHECKING:
    import random

    from .cards import Card


class TrickRecord(tuple[Any, ...]):
    """A finished trick as the engine keeps it: (players, cards, winner, side, buob, fool) —
    card ids in play order and what happened. A plain tuple with names, not a NamedTuple,
    which compiles code when the module is imported."""

    __slots__ = ()
    players = property(itemgetter(0))  # list[int]
    cards = property(itemgetter(1))  # list[int]
    winner = property(itemgetter(2))  # int
    side = property(itemgetter(3))  # int
    buob = property(itemgetter(4))  # dict | None
    fool = property(itemgetter(5))  # dict | None

    def __new__(cls, players: list[int], cards: list[int], winner: int, side: int,
                buob: dict[str, Any] | None, fool: dict[str, Any] | None) -> TrickRecord:
        return tuple.__new__(cls, (players, cards, winner, side, buob, fool))


class Observation(Value):
    """What one seat may know of a hand: its own cards and what the table has seen — the
    face-up cards of the deal, the talk, every card played, the calls — and, for the dealer,
    his scart. Never another seat's hand."""

    __slots__ = ("seat", "players", "dealer", "phase", "current_player", "hand", "face_up",
                 "scart", "talk", "tricks", "trick", "totals", "legal")

    seat: int
    players: int
    dealer: int
    phase: str
    current_player: int
    hand: tuple[str, ...]
    face_up: tuple[str | None, ...]
    scart: tuple[str, ...] | None  # the dealer's own; None for the others
    talk: tuple[dict[str, Any], ...]
    tricks: tuple[dict[str, Any], ...]
    trick: tuple[tuple[int, str], ...]
    totals: tuple[Any, ...]
    legal: tuple[str, ...]  # the seat's legal actions as text, when it is to act

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if kwargs or len(args) != len(self._fields):
            return super().__init__(*args, **kwargs)
        setter = object.__setattr__  # every field given in order: no defaults to look up
        for name, value in zip(self._fields, args):
            setter(self, name, value)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "players": self.players, "dealer": self.dealer,
                "phase": self.phase, "current_player": self.current_player,
                "hand": list(self.hand), "face_up": list(self.face_up),
                "scart": list(self.scart) if self.scart is not None else None,
                "talk": list(self.talk), "tricks": list(self.tricks),
                "trick": [list(t) for t in self.trick], "totals": list(self.totals),
                "legal": list(self.legal)}


class Hand(GameState, Dealing, Buob, FoolExchange, Scoring):
    """A hand from the deal to the count.

    ``players`` 3–6; ``dealer`` the dealing seat; ``deck`` card ids top first (or ``seed`` to
    shuffle); ``totals`` the running game score per side before this hand, which decides
    whether the trailing side may demand a deal in fewer rounds (4 players); ``method`` fixes
    the deal method instead (``three_rounds``, ``two_rounds``, ``one_round`` …).
    """

    # The common trick end (no buob, no king+jack, no Fool to settle) is settled in one pass in
    # _end_of_trick; _resolve_trick is the full story. A test turns this off and checks that
    # both give the same hands.
    _FAST_TRICK_END = True
    # Slots: a hand is created and updated thousands of times a second.
    __slots__ = ('_held', '_king_lead_calls', '_kj', '_pending_call', '_pre', '_to_move', '_trick_sides', '_tricks', 'buob_calls',
                 'deal_pos', 'dealer', 'dealer_asked', 'deck', 'events', 'face_up', 'fool_aside',
                 'fool_owed', '_moves', 'kj', 'knocked', 'knocking', 'leader', 'led', 'method',
                 'n', 'n_sides', 'phase', 'piles', 'plays_in_trick', 'result', 'round', 'rounds',
                 'rules', 'says', 'scart', 'side_of', 'suits_led', 'talk_i', 'talk_order', 'talks',
                 'totals', 'trick_buob', 'trick_cards', 'trick_first', 'trick_led', 'trick_players',
                 'trick_winner')

    def __init__(self, players: int = 4, dealer: int = 0, *, deck: Sequence[int] | None = None,
                 seed: object = None, rules: Rules | None = None,
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
        self.n_sides = N_SIDES[n]
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
        self.events: list[dict[str, Any]] = []
        # Finished tricks as raw tuples (players, cards, winner, side, buob, fool); the
        # ``tricks`` property gives them as readable dicts.
        self._tricks: list[tuple[Any, ...]] = []
        self._trick_sides = 0  # bitmask of the sides that have won a trick
        self.piles: list[list[list[int]]] = [[] for _ in range(self.n_sides)]
        self.trick_players: list[int] = []
        self.trick_cards: list[int] = []
        self.plays_in_trick = 0
        self.led = NO_SUIT  # the suit to follow in the trick under way
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
        self.result: dict[str, Any] | None = None
        # With no running score nobody is behind: no side may demand a shorter deal.
        demands = self._deal_demands() if method is None and totals is not None else []
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
        """The legal actions now, as ids. A pure query: asking changes nothing."""
        if self.phase == PLAY:
            p = self._to_move
            led = self.led
            # play.legal_mask, inlined (this is the engine's hottest function) and read off the
            # per-suit lists (index 4 the trumps, 5 the Fool): follow suit, else trump, else
            # anything; the Fool any time. Ids in id order: the Fool, trumps, then the suits.
            assert self._held is not None  # the play has begun
            held = self._held[p]
            ids: tuple[int, ...]
            if led >= 0 and ((got := held[led]) or led != 4 and (got := held[4])):
                ids = (0, *got) if held[5] else tuple(got)
            else:
                ids = (*held[5], *held[4], *held[0], *held[1], *held[2], *held[3])
            # King and jack together: only a seat dealt both of a suit not yet led can (the
            # filter), if he still holds both (the check).
            pairs = self._kj[p]
            if pairs and (led < 0 or led < 4 and pairs >> led & 1):
                kj = self._king_jack_ids(p, pairs if led < 0 else 1 << led)
                if kj:
                    return ids + kj
            return ids
        return self._other_legal_ids(self.phase)

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

    def apply_action(self, aid: int) -> tuple[dict[str, Any], ...]:
        """Apply an action id; raises IllegalActionError (with the reason) if it is not legal."""
        ph = self.phase
        if ph == PLAY and type(aid) is int and 0 <= aid < 78:  # the hot path: one card
            p = self._to_move
            assert self._held is not None  # the play has begun
            held = self._held[p]
            s = SUIT_OF[aid]
            led = self.led
            # play.play_verdict's fast path (property-tested against it): a card held that
            # follows the suit led, or, without that suit, a trump (4) or any card without
            # trumps; the Fool (5) any time; anything when leading.
            if aid not in held[s] or not (led < 0 or s == led or s == 5 or not held[led]
                                          and (s == 4 or not held[4])):
                why = self._refusal(p, aid)
                assert why is not None  # _refusal refuses whatever the fast path refuses
                raise IllegalActionError(why)
            held[s].remove(aid)
            self._moves.append(p * 1000 + aid)
            self.trick_players.append(p)
            self.trick_cards.append(aid)
            if led < 0 and aid:
                self.led = s
                if s == 4 and self.knocking:
                    self._knock()
            plays = self.plays_in_trick = self.plays_in_trick + 1
            if plays < self.n:
                self._to_move = (p + 1) % self.n
                return ()
            return self._end_of_trick()
        if type(aid) is not int:  # not None, 3.0, True or '3'
            raise IllegalActionError(msg("record.action#id", value=quote(aid)))
        mark = len(self.events)
        if ph == SCART:
            # The scart's legal ids are the dealer's cards that are not honours (their fast
            # path, tested against scart.scart_verdict): asked here without sorting them.
            ok = aid in _NOT_HONOURS and aid in self._pre[self.dealer]
        elif ph == TALK:
            ok = aid in self._talk_choices()
        else:
            ok = aid in (self.legal_action_ids() if ph == PLAY else self._other_legal_ids(ph))
        if not ok:
            raise IllegalActionError(self._refusal(self._to_move, aid) or msg("phase#not_now"))
        self._moves.append(self._to_move * 1000 + aid + (500 if ph == SCART else 0))
        if ph == TALK:
            self._talk(aid)
        elif ph == PLAY:
            self._play_king_jack(aid - KING_JACK)
        elif ph == SCART:
            self._scart(aid)
        elif ph == DEALER_CHOICE:
            self._dealer_choice(aid)
        elif ph == CALL:
            self._call(aid)
        elif ph == TAKE_BACK_PHASE:
            self._take_back(aid - TAKE_BACK)
        elif ph == DEAL_METHOD:
            self._begin_deal(DEAL_NAMES[aid - DEAL], demanded_by=self._to_move)
        return tuple(self.events[mark:])

    def returns(self) -> list[Any]:
        """Each player's score for the hand (their side's): zeros until it is over, and for a
        thrown-in hand."""
        if self.phase != DONE:
            return [0] * self.n
        assert self.result is not None
        side_scores = self.result["scores"]
        return [side_scores[self.side_of[p]] for p in range(self.n)]

    def clone(self) -> "Hand":
        """An independent copy to search from. Lists the hand changes are copied; what it
        never changes in place (the deck, finished tricks, events) is shared."""
        new = object.__new__(Hand)
        # Slot by slot, written out (a loop of getattr/setattr cost most of a clone; a test
        # checks that every slot is here). Values the hand replaces rather than changes in
        # place are shared.
        (new._king_lead_calls, new._pending_call, new._to_move, new._trick_sides,
         new.buob_calls, new.deal_pos, new.dealer, new.dealer_asked, new.deck, new.fool_aside,
         new.fool_owed, new.kj, new.knocked, new.knocking, new.leader, new.led, new.method, new.n,
         new.n_sides, new.phase, new.plays_in_trick, new.round, new.rounds, new.rules,
         new.side_of, new.suits_led, new.talk_i, new.talk_order, new.talks) = (
            self._king_lead_calls, self._pending_call, self._to_move, self._trick_sides,
            self.buob_calls, self.deal_pos, self.dealer, self.dealer_asked, self.deck,
            self.fool_aside, self.fool_owed, self.kj, self.knocked, self.knocking, self.leader,
            self.led, self.method, self.n, self.n_sides, self.phase, self.plays_in_trick,
            self.round, self.rounds, self.rules, self.side_of, self.suits_led, self.talk_i,
            self.talk_order, self.talks)
        if self._held is not None:  # the play has begun: the trick slots may be set
            new._held = [[c[:], r[:], s[:], b[:], t[:], f[:]] for c, r, s, b, t, f in self._held]
            new._kj = self._kj[:]
            for name in _TRICK_SLOTS:  # set at the first trick's end
                try:
                    setattr(new, name, getattr(self, name))
                except AttributeError:
                    pass
        else:
            new._held = None
        new._pre = [c[:] for c in self._pre]
        new.face_up = self.face_up[:]
        new.scart = self.scart[:]
        new._moves = self._moves[:]
        new.says = self.says.copy()
        new.events = self.events[:]
        new._tricks = self._tricks[:]
        new.piles = [p[:] for p in self.piles]  # groups: copied on write (_own_group)
        new.trick_players = self.trick_players[:]
        new.trick_cards = self.trick_cards[:]
        new.totals = self.totals[:]
        new.result = self.result.copy() if self.result is not None else None
        return new

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (see :class:`Observation`)."""
        if type(seat) is not int or not 0 <= seat < self.n:
            raise IllegalActionError(msg("deal#no_seat", seat=quote(seat), players=self.n))
        to_act = self._to_move == seat and not self.is_terminal()
        token = TOKEN.__getitem__
        return Observation(
            seat, self.n, self.dealer, self.phase, self._to_move,
            tuple(map(token, self.cards_of(seat))),
            tuple(TOKEN[c] if c is not None else None for c in self.face_up),
            tuple(map(token, self.scart)) if seat == self.dealer else None,
            tuple(e for e in self.events if e["type"] in _PUBLIC_EVENTS),
            tuple(self.tricks), tuple(zip(self.trick_players, map(token, self.trick_cards))),
            tuple(self.totals),
            tuple(map(str, self.legal_actions())) if to_act else ())

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

    def say_refusal(self, say: str) -> Message | None:
        """Why the words ``say`` may not go with the next decision (a message whose ``rule`` is
        the clause), or None (troccas.bots.signals.verdict)."""
        from .bots.signals import verdict
        v = verdict(self, say)
        return None if v.ok else v.reason

    def can(self, action: Action | str) -> bool:
        """Whether ``action`` is legal now; anything that is not an action is not legal."""
        try:
            self.verify(action)
        except TroccasError:
            return False
        return True

    def apply(self, action: Action | str, say: str | None = None) -> tuple[dict[str, Any], ...]:
        """Apply a readable action (``'1 play Kc'``); ``say`` keeps the words spoken with a
        talk decision: a tschintschar phrase the glossary places at this moment of the deal
        (troccas.bots.signals.verdict; whether it is true of the hand is not judged)."""
        action = _as_action(action)
        self.verify(action)
        if say:
            why = self.say_refusal(say)
            if why:
                raise IllegalActionError(why)
            self.says[len(self._moves)] = say
        return self.apply_action(action.id)

    def deal_through(self) -> None:
        """Finish the deal with every player saying 'continue' (and a dealer without trumps
        playing on): the quickest way to a hand ready for the scart or the first lead."""
        while self.phase in (TALK, DEALER_CHOICE):
            self.apply_action(CONTINUE)

    def play(self, card: Card | str) -> tuple[dict[str, Any], ...]:
        from .cards import Card
        cid = card.id if isinstance(card, Card) else Card.parse(card).id
        return self.apply(Action(self._to_move, "play", TOKEN[cid]))

    @property
    def tricks(self) -> list[dict[str, Any]]:
        """The finished tricks: number, leader, plays [[seat, card]…], winner, side, and the
        buob and Fool events of each (None when nothing happened)."""
        token = TOKEN.__getitem__
        return [{"number": i, "leader": players[0] if players else winner,
                 "plays": list(map(list, zip(players, map(token, cards)))), "winner": winner,
                 "side": side, "buob": buob, "fool": fool}
                for i, (players, cards, winner, side, buob, fool) in enumerate(self._tricks, 1)]

    @property
    def finished_tricks(self) -> list[TrickRecord]:
        """The finished tricks with card ids (``tricks`` gives them as readable dicts)."""
        return [TrickRecord(*t) for t in self._tricks]

    @property
    def pending_call(self) -> tuple[int, int] | None:
        """(suit index, seat) of the buob call the hand waits for, or None."""
        return self._pending_call if self.phase == CALL else None

    @property
    def sides_with_tricks(self) -> set[int]:
        """The sides that have won at least one trick."""
        return {s for s in range(self.n_sides) if self._trick_sides >> s & 1}

    def take_back_choices(self) -> list[int]:
        """After king and jack together: the cards their player may take back (buob.king_jack)."""
        return self._take_back_choices()

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

    def _next_in_trick(self) -> None:
        self.plays_in_trick += 1
        if self.plays_in_trick < self.n:
            self._to_move = (self._to_move + 1) % self.n
            return
        self._end_of_trick()

    def _end_of_trick(self) -> tuple[dict[str, Any], ...]:
        """Settle a full trick; returns the events this caused."""
        cards = self.trick_cards
        led = self.led
        players = self.trick_players
        # play.winning_index: the highest key of the suit led wins (keys differ but for -1)
        self.trick_winner = winner = players[cards.index(max(cards, key=_WIN_KEY_OF[led]))]
        if (self._FAST_TRICK_END and (led == 4 or self.suits_led >> led & 1)
                and self.fool_owed is None and 0 not in cards
                and not (self._king_lead_calls and led < 4 and _KING[led] in cards)):
            # Most tricks: no buob, no king+jack (both need the first trick of a suit), no
            # Fool (card id 0) to settle. Resolved here in one go; _resolve_trick has the full
            # story.
            wside = self.side_of[winner]
            self.piles[wside].append(cards)  # shared with the record until _own_group
            tricks = self._tricks
            tricks.append((players, cards, winner, wside, None, None))
            self._trick_sides |= 1 << wside
            ev = {"type": "trick", "number": len(tricks), "winner": winner}
            events = self.events
            events.append(ev)
            self.trick_players = []
            self.trick_cards = []
            self.plays_in_trick = 0
            self.led = -1
            self._to_move = self.leader = winner
            assert self._held is not None  # the play has begun
            if self._held[winner] != _NO_CARDS:
                return (ev,)
            mark = len(events) - 1
            self._finish()
            return tuple(events[mark:])
        first = led < TRUMP and not self.suits_led >> led & 1
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
        assert self._held is not None  # the play has begun
        if self._held[winner] == _NO_CARDS:
            self._finish()












_SLOTS = tuple(Hand.__slots__)
# The events every seat saw happen at the table (an observation shows them).
_PUBLIC_EVENTS = frozenset(("talk", "dealer_choice", "deal_method", "thrown_in"))
# Slots set only once the play has begun (at a trick's end), copied by name in clone().
_TRICK_SLOTS = ("trick_buob", "trick_first", "trick_led", "trick_winner")


def play_random(hand: Hand, rng: random.Random) -> Hand:
    """Play ``hand`` to the end with uniformly random legal actions (tests, benchmarks)."""
    rand = rng.random
    legal, apply = hand.legal_action_ids, hand.apply_action
    while hand._to_move >= 0:
        ids = legal()
        apply(ids[int(rand() * len(ids))])
    return hand


def new_state(players: int, seed: int, options: Mapping[str, Any]) -> Hand:
    """A new hand for the game registry (``cardgame.games``): dealt from ``seed``, the dealer
    drawn from it too, under the rule options given (the others at their defaults)."""
    return Hand(players, seed % check_players(players), seed=seed, rules=Rules(**options))
