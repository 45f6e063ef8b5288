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
        def bad(msg):
            return RecordError(f"{where}: {msg}")
        if not isinstance(data, dict):
            raise bad("a hand record is a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise bad(f"'format' must be '{FORMAT}', not {quote(data.get('format'))}")
        version = data.get("version", VERSION)
        if not _is_int(version) or version != VERSION:
            raise bad(f"'version' {quote(version)} is not supported (this engine reads"
                      f" version {VERSION})")
        extra = sorted(set(data) - _KEYS)
        if extra:
            raise bad(f"{quote(extra[0])} is not a field of a hand record; the fields are "
                      + ", ".join(sorted(_KEYS)))
        try:
            players = check_players(data.get("players", 4))
        except TroccasError as exc:
            raise bad(f"'players': {exc}") from None
        dealer = data.get("dealer", 0)
        if not _is_int(dealer) or not 0 <= dealer < players:
            raise bad(f"'dealer' must be a seat from 0 to {players - 1}, not {quote(dealer)}")
        try:
            rules = Rules.from_json(data.get("rules"))
        except TroccasError as exc:
            raise bad(f"'rules': {exc}") from None
        seed = data.get("seed")
        if seed is not None and not (_is_int(seed) or isinstance(seed, str)):
            raise bad(f"'seed' must be a whole number or a text, not {quote(seed)}")
        for key in ("title", "note"):
            if key in data and not isinstance(data[key], str):
                raise bad(f"'{key}' must be a text, not {quote(data[key])}")
        if "deck" in data:
            try:
                deck = parse_deck(data["deck"])
            except TroccasError as exc:
                raise bad(f"'deck': {str(exc).removeprefix('deck: ')}") from None
        elif seed is not None:
            deck = shuffled_deck(seed)
        else:
            raise bad("a record needs 'deck' (78 cards, top first) or 'seed'")
        totals = data.get("totals")
        n_sides = 2 if players in (4, 6) else players
        if totals is not None and (not isinstance(totals, list) or len(totals) != n_sides
                                   or not all(_is_int(t) for t in totals)):
            raise bad(f"'totals' must be a list of {n_sides} whole numbers (one per side)")
        raw = data.get("actions", [])
        if not isinstance(raw, list):
            raise bad("'actions' must be a list")
        actions, says = [], []
        for i, item in enumerate(raw):
            text, say = item, None
            if isinstance(item, dict):
                extra = sorted(set(item) - {"action", "say"})
                if extra:
                    raise bad(f"actions[{i}]: {quote(extra[0])} is not a field of an action;"
                              f" the fields are action and say")
                text, say = item.get("action"), item.get("say")
                if say is not None and not isinstance(say, str):
                    raise bad(f"actions[{i}]: 'say' must be a text, not {quote(say)}")
            try:
                actions.append(Action.parse(text))
            except TroccasError as exc:
                raise bad(f"actions[{i}]: {exc}") from None
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
                raise RecordError(f"{where}:{line}: not UTF-8 text (byte 0x{text[exc.start]:02x}"
                                  f" at offset {exc.start}); save the record as UTF-8") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{where}:{exc.lineno}: not valid JSON: {exc.msg}") from None
        except RecursionError:
            raise RecordError(f"{where}: the JSON is nested too deeply to be a hand"
                              f" record") from None
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
