"""Actions: a compact int id for the fast core, a readable :class:`Action` for everyone else.

An action is written ``"<seat> <kind> <arg>"``: ``"1 play Kc"``, ``"0 scart 3c"``,
``"2 talk liber"``, ``"3 call buob_sche"``, ``"1 kingjack c"``, ``"1 takeback 3c"``,
``"2 deal two_rounds"``. The same text is what hand records store.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import N_CARDS, SUITS, TOKEN, parse_id
from .errors import IllegalActionError, TroccasError

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


@dataclass(frozen=True, order=True)
class Action:
    """One decision by one seat. ``Action.parse('1 play Kc')`` / ``str(action)``."""

    player: int
    kind: str
    arg: str

    def __str__(self) -> str:
        return f"{self.player} {self.kind} {self.arg}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Action":
        parts = text.split() if isinstance(text, str) else []
        if len(parts) != 3 or not parts[0].isdigit():
            raise ActionSyntaxError(f"'{text}' is not an action; write '<seat> <kind> <arg>',"
                                    f" e.g. '1 play Kc'")
        seat, kind, arg = int(parts[0]), parts[1].lower(), parts[2]
        if kind not in KINDS:
            raise ActionSyntaxError(f"'{text}': '{parts[1]}' is not a kind of action; the kinds"
                                    f" are {', '.join(KINDS)}")
        action = cls(seat, kind, arg)
        action.id  # validates the argument
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
        try:
            if k in ("play", "scart"):
                return parse_id(self.arg)
            if k == "takeback":
                return TAKE_BACK + parse_id(self.arg)
            if k == "talk":
                return {v: i for i, v in TALK_WORDS.items()}[a]
            if k == "call":
                return {v: i for i, v in CALL_WORDS.items()}[a.replace(",", "").replace("-", "_")]
            if k == "kingjack":
                return KING_JACK + SUITS.index(a)
            if k == "deal":
                return DEAL + DEAL_NAMES.index(a)
        except (KeyError, ValueError):
            pass
        choices = {"talk": TALK_WORDS.values(), "call": CALL_WORDS.values(), "kingjack": SUITS,
                   "deal": DEAL_NAMES}.get(k, ())
        raise ActionSyntaxError(f"'{self}': '{self.arg}' is not a {k} argument; choose one of "
                                + ", ".join(choices))


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
    raise IllegalActionError(f"{aid} is not an action id", rule="record.action")
