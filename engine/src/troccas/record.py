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

import json
from dataclasses import dataclass, field

from .actions import Action
from .cards import TOKEN
from .deal import check_players, parse_deck, shuffled_deck
from .errors import RecordError, TroccasError, msg, quote
from .hand import Hand
from .rules import Rules

FORMAT = "troccas-hand"


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


VERSION = 1
_KEYS = {"format", "version", "players", "dealer", "rules", "totals", "deck", "actions", "seed",
         "title", "note"}


@dataclass(frozen=True)
class HandRecord:
    players: int
    dealer: int
    deck: tuple[int, ...]
    actions: tuple[Action, ...] = ()
    rules: Rules = field(default_factory=Rules)
    totals: tuple[int, ...] | None = None
    says: tuple[tuple[int, str], ...] = ()
    seed: int | str | None = None

    # ---- building --------------------------------------------------------------------------
    @classmethod
    def from_hand(cls, hand: Hand, seed=None) -> "HandRecord":
        return cls(hand.n, hand.dealer, tuple(hand.deck), tuple(hand.actions_taken()), hand.rules,
                   tuple(hand.totals), tuple(sorted(hand.says.items())), seed)

    @classmethod
    def from_json(cls, data, where: str = "record") -> "HandRecord":
        """Read a record from parsed JSON; errors name ``where`` and the field."""
        def bad(id, **params):
            return RecordError(msg("record#where", where=where, why=msg(id, **params)))

        def inner(field, exc):  # an error of a part, said with the field it came from
            return bad("record#field", field=field, why=exc.msg or exc.message)
        if not isinstance(data, dict):
            raise bad("record#object")
        if data.get("format", FORMAT) != FORMAT:
            raise bad("record#format", format=FORMAT, value=quote(data.get("format")))
        version = data.get("version", VERSION)
        if not _is_int(version) or version != VERSION:
            raise bad("record#version", value=quote(version), version=VERSION)
        extra = sorted(set(data) - _KEYS)
        if extra:
            raise bad("record#unknown_field", field=extra[0], fields=sorted(_KEYS))
        try:
            players = check_players(data.get("players", 4))
        except TroccasError as exc:
            raise inner("players", exc) from None
        dealer = data.get("dealer", 0)
        if not _is_int(dealer) or not 0 <= dealer < players:
            raise bad("record#dealer", last=players - 1, value=quote(dealer))
        try:
            rules = Rules.from_json(data.get("rules"))
        except TroccasError as exc:
            raise inner("rules", exc) from None
        seed = data.get("seed")
        if seed is not None and not (_is_int(seed) or isinstance(seed, str)):
            raise bad("record#seed", value=quote(seed))
        for key in ("title", "note"):
            if key in data and not isinstance(data[key], str):
                raise bad("record#text", field=key, value=quote(data[key]))
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
        n_sides = 2 if players in (4, 6) else players
        if totals is not None and (not isinstance(totals, list) or len(totals) != n_sides
                                   or not all(_is_int(t) for t in totals)):
            raise bad("record#totals", n=n_sides)
        raw = data.get("actions", [])
        if not isinstance(raw, list):
            raise bad("record#actions")
        actions, says = [], []
        for i, item in enumerate(raw):
            text, say = item, None
            if isinstance(item, dict):
                extra = sorted(set(item) - {"action", "say"})
                if extra:
                    raise bad("record#action_field", index=i, field=extra[0])
                text, say = item.get("action"), item.get("say")
                if say is not None and not isinstance(say, str):
                    raise bad("record#say", index=i, value=quote(say))
            try:
                actions.append(Action.parse(text))
            except TroccasError as exc:
                raise bad("record#action", index=i, why=exc.msg or exc.message) from None
            if say:
                says.append((i, say))
        return cls(players, dealer, tuple(deck), tuple(actions), rules,
                   tuple(totals) if totals is not None else None, tuple(says), seed)

    @classmethod
    def loads(cls, text: str | bytes, where: str = "record") -> "HandRecord":
        """Read a record from JSON text (bytes must be UTF-8); errors name ``where``."""
        if isinstance(text, (bytes, bytearray)):
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError as exc:
                line = text.count(b"\n", 0, exc.start) + 1
                raise RecordError(msg("record#utf8", where=where, line=line,
                                      byte=f"0x{text[exc.start]:02x}", offset=exc.start)) \
                    from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(msg("record#json", where=where, line=exc.lineno, why=exc.msg)) \
                from None
        except RecursionError:
            raise RecordError(msg("record#deep", where=where)) from None
        return cls.from_json(data, where)

    # ---- writing ---------------------------------------------------------------------------
    def to_json(self) -> dict:
        says = dict(self.says)
        out: dict = {"format": FORMAT, "version": VERSION, "players": self.players,
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
            if why:
                raise RecordError(msg("record#illegal", where=where, index=i,
                                      action=str(action), why=why), rule=why.rule)
            if i in says:
                hand.says[hand.action_count] = says[i]
            hand.apply_action(action.id)
        return hand
