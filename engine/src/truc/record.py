"""A Truc hand as a record: the JSON a hand is kept, shared and replayed as.

``{"format": "truc-hand", "version": 1, "rules": {...}, "dealer": 0, "seed": 7,
"totals": [0, 0], "actions": ["3 cut cut", {"action": "1 play 4o", "say": "close-one-eye"},
"1 bet truc", ...]}`` — an action may carry the signal made with it (``say``, truc.signals;
the record holds every seat's, the table shows each seat its partner's). The deck comes from the
seed, so the record is the seed and the actions, and a record without a seed is refused (it
would deal a new deck at each replay). Read with one-line errors naming the field or
the action (``cardgame.record``); an action the rules refuse names its index and the rule.
"""

from __future__ import annotations

from typing import Any

from cardgame.errors import GameError
from cardgame.record import check_common, is_int, read_actions, read_json

from .errors import TrucError, msg
from .hand import Hand
from .rules import Rules

FORMAT, VERSION = "truc-hand", 1
FIELDS = ("format", "version", "rules", "dealer", "seed", "totals", "actions", "title", "note")


class RecordError(TrucError):
    rule = "record"


def _bad(id: str, **params: object) -> RecordError:
    return RecordError(msg(id, **params))


class HandRecord:
    def __init__(self, rules: Rules, dealer: int, seed: int | str, totals: list[int],
                 actions: list[str], says: dict[int, str] | None = None) -> None:
        self.rules, self.dealer, self.seed = rules, dealer, seed
        self.totals, self.actions = totals, actions
        self.says: dict[int, str] = dict(says or {})  # action index -> signal made with it

    @classmethod
    def loads(cls, text: str | bytes) -> "HandRecord":
        return cls.from_json(read_json(text, _bad))

    @classmethod
    def from_json(cls, data: Any) -> "HandRecord":
        check_common(data, _bad, format=FORMAT, version=VERSION, fields=FIELDS)
        raw_rules = data.get("rules") or {}
        if not isinstance(raw_rules, dict) or not all(isinstance(k, str) for k in raw_rules):
            raise _bad("record#field", field="rules", why="an object of rule options")
        try:
            rules = Rules(**raw_rules)
        except GameError as exc:  # said as the part it is: "'rules': 3 is not a value of …"
            raise _bad("record#part", field="rules", why=exc.msg or str(exc)) from None
        dealer = data.get("dealer", 0)
        if not is_int(dealer) or not 0 <= dealer < rules.players:
            raise _bad("record#field", field="dealer",
                       why=f"a seat from 0 to {rules.players - 1}")
        totals = data.get("totals", [0, 0])
        if not (isinstance(totals, list) and len(totals) == 2
                and all(is_int(t) and 0 <= t < rules.target for t in totals)):
            raise _bad("record#field", field="totals",
                       why=f"two scores from 0 to {rules.target - 1}")
        # The deck comes from the seed: without one (or with null) each replay would deal a
        # new random deck, and the same record would pass once and fail the next time.
        seed = data.get("seed")
        if seed is None:
            raise _bad("record#no_seed")
        actions, says = read_actions(data.get("actions", []), _bad, _check_text)
        return cls(rules, dealer, seed, totals, actions, dict(says))

    def new_hand(self) -> Hand:
        return Hand(self.rules, self.dealer, seed=self.seed, totals=self.totals)

    def replay(self) -> Hand:
        """The hand after every action; an action the rules refuse is named with its index."""
        hand = self.new_hand()
        for i, text in enumerate(self.actions):
            try:
                hand.apply(text, say=self.says.get(i))
            except GameError as exc:
                raise _bad("record#illegal", index=i, action=text, why=str(exc)) from None
        return hand

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if self.rules.to_json():
            out["rules"] = self.rules.to_json()
        out.update(dealer=self.dealer, seed=self.seed, totals=list(self.totals),
                   actions=[{"action": a, "say": self.says[i]} if i in self.says else a
                            for i, a in enumerate(self.actions)])
        return out

    @classmethod
    def from_hand(cls, hand: Hand, seed: int | str) -> "HandRecord":
        """The record of ``hand`` as played so far (dealt from ``seed``)."""
        return cls(hand.rules, hand.dealer, seed, list(hand.totals), hand.history,
                   {i: s for i, _, s in hand.signals})


def _check_text(text: str) -> str:
    from cardgame.actions import split_action
    split_action(text, msg=msg, error=TrucError)
    return text
