"""Buob: king and jack played together, the call for the jack and what it moves (pagat: The
Play; arcane; wiki-de; wiki-en). The options ``buob_caller`` and ``buob_return`` choose the
source."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bisect import insort

from .actions import BUOB_SCHE, CALL_WORDS, KING_JACK, NO_BUOB
from .cards import CAVALIER, FOOL, JACK, QUEEN, RANK_OF, STRENGTH, SUIT_OF, TOKEN, TRUMP
from .errors import msg
from .play import NO_SUIT
from .tables import _JACK, _KING, _said, CALL, SUITS_TOKEN


if TYPE_CHECKING:  # what the hand's parts share, for mypy; at run time the base is object
    from .hand_state import HandState
else:
    HandState = object


class Buob(HandState):
    """A part of :class:`troccas.hand.Hand`: a mixin whose methods use the hand's state."""

    __slots__ = ()

    def _king_jack_ids(self, p: int, suits: int) -> tuple[int, ...]:
        """The king+jack plays open to seat p among ``suits`` (bits): each pair still held."""
        assert self._held is not None  # the play has begun
        held = self._held[p]
        out = []
        for s in range(4):
            if suits >> s & 1:
                if _KING[s] in held[s] and _JACK[s] in held[s]:
                    out.append(KING_JACK + s)
        return tuple(out)

    def _holder_of(self, cid: int) -> int | None:
        """The seat holding a card during the play, or None."""
        s = SUIT_OF[cid]
        assert self._held is not None  # the play has begun
        return next((p for p, held in enumerate(self._held) if cid in held[s]), None)

    def _give(self, p: int, cid: int) -> None:
        """A card goes back to a player's hand during play (king+jack, buob)."""
        assert self._held is not None  # the play has begun
        held = self._held[p][SUIT_OF[cid]]
        insort(held, cid)
        s = SUIT_OF[cid]
        if s < TRUMP and not self.suits_led >> s & 1 and _KING[s] in held and _JACK[s] in held:
            self._kj[p] |= 1 << s

    def _take(self, p: int, cid: int) -> None:
        assert self._held is not None  # the play has begun
        self._held[p][SUIT_OF[cid]].remove(cid)

    def _kj_allowed(self, s: int, led: int) -> bool:
        """pagat: with king and jack of a suit, both may go to the first trick of that suit."""
        if self.suits_led >> s & 1:
            return False
        return led == s or (led == NO_SUIT)

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

    def _take_back_choices(self) -> list[int]:
        assert self.kj is not None
        p, s = self.kj
        return [c for q, c in zip(self.trick_players, self.trick_cards)
                if q != p and SUIT_OF[c] == s and RANK_OF[c] < JACK]

    def _take_back(self, cid: int) -> None:
        assert self.kj is not None
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
        (buob.king_jack) leave nothing to call for, and neither does a caller who played the
        king and holds the jack himself (buob.own_king)."""
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
            caller = king_player if first_real == _KING[s] else None
        elif not self.trick_first:
            return None
        else:
            caller = self.trick_winner if rule == "trick_winner" else king_player
        if caller is not None and caller == king_player and self._holder_of(jack) == caller:
            # clause buob.own_king: buob calls the jack out of another hand. The caller who
            # played the king alone and holds the jack himself would call for his own card,
            # which changes nothing (buob_effect): no call is offered, and it is said why.
            self.events.append(_said({"type": "buob_none", "player": caller,
                                      "suit": SUITS_TOKEN[s], "jack": TOKEN[jack]},
                                     msg("buob.own_king#no_call", seat=caller,
                                         suit=SUITS_TOKEN[s])))
            return None
        return caller

    def _call(self, aid: int) -> None:
        assert self._pending_call is not None
        s, caller = self._pending_call
        self._pending_call = None
        self.trick_buob = self._buob_effect(s, caller, aid)
        self.events.append(self.trick_buob)
        self._resolve_trick()

    def _buob_effect(self, s: int, caller: int, aid: int) -> dict[str, Any]:
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
