"""Actions: a compact int id for the fast core, a readable :class:`Action` for everyone else.

An action is written ``"<seat> <kind> <arg>"``: ``"1 play Kc"``, ``"0 scart 3c"``,
``"2 talk liber"``, ``"3 call buob_sche"``, ``"1 kingjack c"``, ``"1 takeback 3c"``,
``"2 deal two_rounds"``. The same text is what hand records store.
"""

from __future__ import annotations

from typing import Any

from cardgame.actions import split_action
from cardgame.value import OrderedValue

from .cards import N_CARDS, SUITS, TOKEN, parse_id
from .errors import IllegalActionError, InvalidCardError, TroccasError, msg, quote

# --- ids -----------------------------------------------------------------------------------
# 0..77 are cards: played in the play phase, laid away in the scart phase.
CONTINUE, ALLOW, LIBER, ABANDON = 100, 101, 102, 103
BUOB, BUOB_SCHE, NO_BUOB = 110, 111, 112
KING_JACK = 120  # + suit index
DEAL = 130  # + index in DEAL_NAMES
TAKE_BACK = 200  # + card id
DEAL_NAMES = ("three_rounds", "two_rounds", "one_round", "five_rounds")

TALK_WORDS = {CONTINUE: "continue", ALLOW: "allow", LIBER: "liber", ABANDON: "abandon"}
CALL_WORDS = {BUOB: "buob", BUOB_SCHE: "buob_sche", NO_BUOB: "pass"}
KINDS = ("play", "scart", "talk", "call", "kingjack", "takeback", "deal")


class ActionSyntaxError(TroccasError):
    rule = "record.action"


class Action(OrderedValue):
    """One decision by one seat. ``Action.parse('1 play Kc')`` / ``str(action)``."""

    __slots__ = ("player", "kind", "arg")

    player: int
    kind: str
    arg: str

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if kwargs or len(args) != 3:
            return super().__init__(*args, **kwargs)
        # Written out (not Value's general loop): legal_actions() makes one per legal action.
        setter = object.__setattr__
        setter(self, "player", args[0])
        setter(self, "kind", args[1])
        setter(self, "arg", args[2])

    def __str__(self) -> str:
        return f"{self.player} {self.kind} {self.arg}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Action":
        seat, kind, arg = split_action(text, msg=msg, error=ActionSyntaxError)
        if kind not in KINDS:
            raise ActionSyntaxError(msg("record.action#kind", text=text, kind=text.split()[1],
                                        kinds=list(KINDS)))
        action = cls(seat, kind, arg)
        _ = action.id  # the property validates the argument
        return action

    @property
    def card(self) -> int | None:
        if self.kind in ("play", "scart", "takeback"):
            return parse_id(self.arg)
        return None

    @property
    def id(self) -> int:
        """The int id of the core (the phase tells a played card from a scart card)."""
        k, a = self.kind, self.arg.lower()
        if k in ("play", "scart", "takeback"):
            try:
                cid = parse_id(self.arg)
            except InvalidCardError as exc:
                raise ActionSyntaxError(msg("record.action#card", text=str(self), why=exc.msg)) \
                    from None
            return cid + TAKE_BACK if k == "takeback" else cid
        named = {"talk": {v: i for i, v in TALK_WORDS.items()},
                 "call": {v: i for i, v in CALL_WORDS.items()},
                 "kingjack": {v: KING_JACK + i for i, v in enumerate(SUITS)},
                 "deal": {v: DEAL + i for i, v in enumerate(DEAL_NAMES)}}[k]
        aid = named.get(a.replace(",", "_").replace("-", "_") if k == "call" else a)
        if aid is None:
            raise ActionSyntaxError(msg("record.action#arg", text=str(self), arg=self.arg, kind=k,
                                        choices=list(named)))
        return aid


def action_of(player: int, aid: int, scart_phase: bool = False) -> Action:
    if 0 <= aid < N_CARDS:
        return Action(player, "scart" if scart_phase else "play", TOKEN[aid])
    if aid in TALK_WORDS:
        return Action(player, "talk", TALK_WORDS[aid])
    if aid in CALL_WORDS:
        return Action(player, "call", CALL_WORDS[aid])
    if KING_JACK <= aid < KING_JACK + 4:
        return Action(player, "kingjack", SUITS[aid - KING_JACK])
    if DEAL <= aid < DEAL + len(DEAL_NAMES):
        return Action(player, "deal", DEAL_NAMES[aid - DEAL])
    if TAKE_BACK <= aid < TAKE_BACK + N_CARDS:
        return Action(player, "takeback", TOKEN[aid - TAKE_BACK])
    raise IllegalActionError(msg("record.action#id", value=quote(aid)))
