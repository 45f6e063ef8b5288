"""Hand records: the deal plus the list of actions, as JSON.

A record replays to exactly the same hand: the deck fixes every card, the actions every
decision. Format (version 1)::

    {
      "format": "troccas-hand", "version": 1,
      "players": 4,                  # 3, 4, 5 or 6
      "dealer": 0,                   # the dealing seat; seats count in the order of play
      "rules": {"buob_caller": "king_player"},   # only options that differ from pagat's
      "totals": [0, 0],              # running score per side before the hand (optional)
      "deck": "Kc 3s XXI …",        # all 78 cards, top of the pack first
      "actions": ["1 talk continue", {"action": "2 talk allow", "say": "autras"},
                  "0 scart 3c", "1 play Kc", "3 call buob_sche", …]
    }

A record may stop part-way (a puzzle's situation); ``replay()`` returns the hand at that point.
"""

from __future__ import annotations

from typing import Any
import json

from cardgame.record import check_common, is_int, read_actions, read_json
from cardgame.value import Value

from .actions import Action
from .cards import TOKEN
from .deal import check_players, parse_deck, shuffled_deck
from .errors import RecordError, TroccasError, msg, quote
from .hand import Hand
from .rules import Rules
from .tables import N_SIDES

FORMAT = "troccas-hand"


VERSION = 1
_KEYS = {"format", "version", "players", "dealer", "rules", "totals", "deck", "actions", "seed",
         "title", "note"}


class HandRecord(Value):
    __slots__ = ("players", "dealer", "deck", "actions", "rules", "totals", "says", "seed")
    _defaults = {"actions": (), "totals": None, "says": (), "seed": None}
    _factories = {"rules": Rules}
    players: int
    dealer: int
    deck: tuple[int, ...]
    actions: tuple[Action, ...]
    rules: Rules
    totals: tuple[int, ...] | None
    says: tuple[tuple[int, str], ...]
    seed: int | str | None

    # ---- building --------------------------------------------------------------------------
    @classmethod
    def from_hand(cls, hand: Hand, seed: int | str | None = None) -> "HandRecord":
        return cls(hand.n, hand.dealer, tuple(hand.deck), tuple(hand.actions_taken()), hand.rules,
                   tuple(hand.totals), tuple(sorted(hand.says.items())), seed)

    @classmethod
    def from_json(cls, data: Any, where: str = "record") -> "HandRecord":
        """Read a record from parsed JSON; errors name ``where`` and the field."""
        def bad(id: str, **params: object) -> RecordError:
            return RecordError(msg("record#where", where=where, why=msg(id, **params)))

        def inner(field: str, exc: TroccasError) -> RecordError:  # a part's error, with its field
            return bad("record#field", field=field, why=exc.msg or exc.message)
        check_common(data, bad, format=FORMAT, version=VERSION, fields=_KEYS)
        try:
            players = check_players(data.get("players", 4))
        except TroccasError as exc:
            raise inner("players", exc) from None
        dealer = data.get("dealer", 0)
        if not is_int(dealer) or not 0 <= dealer < players:
            raise bad("record#dealer", last=players - 1, value=quote(dealer))
        try:
            rules = Rules.from_json(data.get("rules"))
        except TroccasError as exc:
            raise inner("rules", exc) from None
        seed = data.get("seed")
        if "deck" in data:
            try:
                deck = parse_deck(data["deck"])
            except TroccasError as exc:
                raise inner("deck", exc) from None
        elif seed is not None:
            deck = shuffled_deck(seed)
        else:
            raise bad("record#no_deck")
        totals = data.get("totals")
        n_sides = N_SIDES[players]
        if totals is not None and (not isinstance(totals, list) or len(totals) != n_sides
                                   or not all(is_int(t) for t in totals)):
            raise bad("record#totals", n=n_sides)
        if totals is not None and sum(totals) != 0:
            raise bad("record#totals_sum", value=quote(totals))
        actions, says = read_actions(data.get("actions", []), bad, Action.parse)
        return cls(players, dealer, tuple(deck), tuple(actions), rules,
                   tuple(totals) if totals is not None else None, tuple(says), seed)

    @classmethod
    def loads(cls, text: str | bytes, where: str = "record") -> "HandRecord":
        """Read a record from JSON text (bytes must be UTF-8); errors name ``where``."""
        data = read_json(text, lambda id, **params: RecordError(msg(id, where=where, **params)))
        return cls.from_json(data, where)

    # ---- writing ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        says = dict(self.says)
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "players": self.players,
                     "dealer": self.dealer}
        if self.seed is not None:
            out["seed"] = self.seed
        rules = self.rules.to_json()
        if rules:
            out["rules"] = rules
        if self.totals is not None:
            out["totals"] = list(self.totals)
        out["deck"] = " ".join(TOKEN[c] for c in self.deck)
        out["actions"] = [({"action": str(a), "say": says[i]} if i in says else str(a))
                          for i, a in enumerate(self.actions)]
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    # ---- replaying -------------------------------------------------------------------------
    def new_hand(self) -> Hand:
        return Hand(self.players, self.dealer, deck=self.deck, rules=self.rules,
                    totals=self.totals)

    def replay(self, where: str = "record") -> Hand:
        """The hand after every action; an illegal action raises RecordError naming it."""
        hand = self.new_hand()
        says = dict(self.says)
        for i, action in enumerate(self.actions):
            why = hand.explain(action)
            if why is None and i in says:
                why = hand.say_refusal(says[i])
                if why:
                    raise RecordError(msg("record#illegal_say", where=where, index=i,
                                          action=str(action), say=says[i], why=why),
                                      rule=why.rule)
            if why:
                raise RecordError(msg("record#illegal", where=where, index=i,
                                      action=str(action), why=why), rule=why.rule)
            if i in says:
                hand.says[hand.action_count] = says[i]
            hand.apply_action(action.id)
        return hand
