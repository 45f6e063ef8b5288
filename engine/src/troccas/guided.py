"""The guided first hand (issue 29): one fixed hand of four players where the reader never
deals and each of the reader's steps shows one idea of the play.

The hand is game data (``data/guided.json``): its deck, every action in order (the deal's
talk, the bots' scart and cards, and the reader's own cards: the script) and, for each of the
reader's steps, the idea it is meant to show. At load the engine replays the script and checks
every step: the action is legal, and the idea named is the idea the engine itself sees in the
position (:func:`idea_of`). Data that breaks either is refused in one line naming the file and
the entry. The sentence of each step is the engine's, filled with the position's facts.

Ideas, in the order a step is classified (the first that holds):

* ``buob_call`` — the reader won the first trick of a suit with its king and the jack is
  still out: the call (clause ``buob``).
* ``buob_void`` — the same, but the jack lies in the scart: the call has no effect
  (``buob.scart``).
* ``buob_lead`` — the reader leads a king of a suit not led yet (clause ``buob.first_lead``).
* ``fool`` — the reader plays the Fool (clause ``play.fool``).
* ``round_order`` — a round suit was led and the reader's numeral beats a numeral of the same
  suit with a higher number already in the trick (clause ``trick.winner``; sources: cups and
  coins count 1 high … 10 low).
* ``trump`` — the reader holds none of the plain suit led and must play a trump
  (``play.must_trump``).
* ``trump_led`` — trumps were led and the reader follows with one (``play.trump_led``).
* ``follow`` — the reader follows the plain suit led (``play.follow_suit``).
* ``free`` — neither the suit led nor a trump: any card (``play.must_trump#free``).
* ``lead`` — the reader leads (``play.turn``). Any card may lead, so the sentence says why this
  one in the coach's words: the first of the coach's principles true of it from what the
  reader sees (:func:`lead_principle`, troccas.bots.principles), as a hint there would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgame.guided import Scripts
from cardgame.messages import Message

from .actions import Action
from .cards import FOOL, KING, RANK_OF, ROUND_SUITS, STRENGTH, SUIT_OF, TOKEN, TRUMP
from .errors import DOMAIN, RecordError, msg
from .hand import Hand
from .play import SUIT_CODE
from .record import HandRecord
from .results import GuidedHand, GuidedStep
from .tables import _JACK, _KING, CALL, DONE, PLAY

if TYPE_CHECKING:
    from cardgame.principles import Explanation

DATA = "guided.json"
IDEAS = ("buob_call", "buob_void", "buob_lead", "fool", "round_order", "trump", "trump_led", "follow", "free",
         "lead")
# What the hand must show, each at least once (issue 29: follow suit, a trump, a round suit's
# order, the Fool, buob); the count comes at the end of every hand.
REQUIRED = ("follow", "trump", "round_order", "fool", "buob_lead", "buob_call")
_KEYS = {"players", "dealer", "seat", "deck", "actions", "steps", "note"}


def _card_of(action: Action) -> int | None:
    if action.kind != "play":
        return None
    from .cards import parse_id
    return parse_id(action.arg)


def lead_principle(hand: Hand, card: int) -> Explanation | None:
    """The coach's reason for leading ``card`` (the current player's, to an empty trick or after
    the Fool), or None when the card is not a lead."""
    from .bots.principles import explain, position
    if hand.phase != PLAY or hand.led >= 0 and hand.trick_cards:
        return None
    return explain(position(hand, hand.current_player), card)


def idea_of(hand: Hand, action: Action) -> tuple[str, Message]:
    """The idea ``action`` shows in ``hand`` (the position before it), and its sentence: the
    first idea of :data:`IDEAS` whose condition holds on the engine's state."""
    if hand.phase == CALL:
        pending = hand.pending_call
        assert pending is not None
        s = pending[0]
        if hand._holder_of(_JACK[s]) is None:  # the caller cannot know: the jack is laid away
            return "buob_void", msg("buob.scart#guided", suit=SUIT_CODE[s], card=TOKEN[_KING[s]])
        return "buob_call", msg("buob#guided_call", suit=SUIT_CODE[s], card=TOKEN[_KING[s]])
    c = _card_of(action)
    if c is None:
        raise RecordError(msg("record#guided_kind", action=str(action)))
    led = hand.led
    trick = hand.trick_cards
    s = SUIT_OF[c]
    if not trick or led < 0:
        if c != FOOL and RANK_OF[c] == KING and s < TRUMP and not hand.suits_led >> s & 1 \
                and _JACK[s] not in hand.cards_of(hand.current_player):
            return "buob_lead", msg("buob.first_lead#guided", card=TOKEN[c], suit=SUIT_CODE[s])
        if c == FOOL:
            return "fool", msg("play.fool#guided_lead", card=TOKEN[c])
        if len(hand.legal_cards()) == 1:
            return "lead", msg("play.turn#guided_last", card=TOKEN[c])
        why = lead_principle(hand, c)
        assert why is not None
        return "lead", msg("play.turn#guided_lead", why=why.reason)
    if c == FOOL:
        return "fool", msg("play.fool#guided", card=TOKEN[c], suit=SUIT_CODE[led])
    if led in ROUND_SUITS and s == led and RANK_OF[c] < 10:
        beaten = [x for x in trick if SUIT_OF[x] == led and RANK_OF[x] < 10
                  and RANK_OF[x] > RANK_OF[c] and STRENGTH[c] > STRENGTH[x]]
        if beaten:
            return "round_order", msg("trick.winner#guided_round", card=TOKEN[c],
                                      beaten=TOKEN[max(beaten, key=lambda x: RANK_OF[x])],
                                      suit=SUIT_CODE[led])
    if led == TRUMP:
        return "trump_led", msg("play.trump_led#guided", card=TOKEN[c])
    if s == led:
        return "follow", msg("play.follow_suit#guided", card=TOKEN[c], suit=SUIT_CODE[led])
    if s == TRUMP:
        return "trump", msg("play.must_trump#guided", card=TOKEN[c], suit=SUIT_CODE[led])
    return "free", msg("play.must_trump#guided_free", card=TOKEN[c], suit=SUIT_CODE[led])


def _label(action: Action) -> str:
    """The action in words, as the Play page offers it ("play the king of cups", "call buob")."""
    if action.kind == "play":
        return msg("play.turn#choice_play", card=action.arg).render()
    return msg(f"buob#choice_{action.arg}").render()


SCRIPTS: Scripts[tuple[HandRecord, int, list[str]]] = Scripts("troccas", RecordError)


class _Replay:
    """The guided hand replayed for its check: the reader's steps are its cards and calls."""

    def __init__(self, rec: HandRecord, seat: int) -> None:
        self.hand = rec.new_hand()
        self.seat = seat

    @property
    def phase(self) -> str:
        return self.hand.phase

    def refusal(self, i: int, action: Action) -> Message | None:
        return self.hand.explain(action) or None

    def is_step(self, i: int, action: Action) -> bool:
        return action.player == self.seat and self.hand.phase in (PLAY, CALL)

    def idea_refusal(self, action: Action, idea: str) -> Message | None:
        seen, _ = idea_of(self.hand, action)
        return None if seen == idea else msg("record#guided_idea", idea=idea, seen=seen)

    def apply(self, i: int, action: Action) -> tuple[str, Message] | None:
        hand = self.hand
        hand.apply_action(hand.legal_action_ids()[[str(a) for a in hand.legal_actions()]
                                                  .index(str(action))])
        return None


def read(data: Any) -> tuple[HandRecord, int, list[str]]:
    """The guided hand's record, the reader's seat and the idea of each step, checked: the
    script replays legally, each step's idea is the engine's, every required idea is shown."""
    data = SCRIPTS.top(DATA, data, _KEYS, {"steps"})
    try:
        rec = HandRecord.from_json({k: v for k, v in data.items() if k in
                                    ("players", "dealer", "deck", "actions")}, where=DATA)
    except RecordError as exc:
        raise SCRIPTS.refusal(DATA, "record", exc.msg or msg("record#object")) from None
    seat = SCRIPTS.seat(DATA, data.get("seat"), rec.players, rec.dealer)
    steps = data["steps"]
    if not isinstance(steps, list) or not all(isinstance(s, str) for s in steps):
        raise SCRIPTS.refusal(DATA, "steps", msg("record#guided_steps"))
    ideas = SCRIPTS.check(DATA, rec.actions, steps, REQUIRED, _Replay(rec, seat), DONE)
    return rec, seat, ideas


def load() -> tuple[HandRecord, int, list[str]]:
    """The game's guided hand (``data/guided.json``), read and checked once."""
    return SCRIPTS.load(DATA, read)


def guided(data: Any = None) -> GuidedHand:
    """The guided hand (``data``: a parsed guided file instead of the game's own), seen from
    the reader's seat, each step with its sentence in the current language."""
    from .results import count_result
    from .table import _Walk, _sentence
    rec, seat, _ = read(data) if data is not None else load()
    walk = _Walk(rec, seat, viewer=seat)
    by_index: dict[int, list[str]] = {}
    intro: list[str] = []
    current: list[str] = intro
    for e in walk.log:  # each action's entry, then the events it caused
        if e["index"] is not None and e["seat"] == seat and e["kind"] in ("play", "call"):
            current = by_index.setdefault(e["index"], [])
        current.append(e["text"])
    hand = rec.new_hand()
    steps: list[GuidedStep] = []
    for i, action in enumerate(rec.actions):
        aid = hand.legal_action_ids()[[str(a) for a in hand.legal_actions()].index(str(action))]
        if action.player == seat and hand.phase in (PLAY, CALL):
            idea, why = idea_of(hand, action)
            lead = lead_principle(hand, aid) if action.kind == "play" else None
            before = [[p, TOKEN[c]] for p, c in hand.trick]
            number = len(hand.finished_tricks) + 1
            legal = [TOKEN[c] for c in hand.legal_cards()] if hand.phase == PLAY else []
            held = [TOKEN[c] for c in hand.cards_of(seat)]
            steps.append(GuidedStep(
                index=i, action=str(action), card=action.arg if action.kind == "play" else None,
                call=action.arg if action.kind == "call" else None, idea=idea, rule=why.rule,
                text=_sentence(why.render(viewer=seat)), label=_label(action), hand=held, legal=legal, trick=before,
                number=number, after=[], trick_after=None, winner=None,
                principle=lead.principle if lead else None))
        hand.apply_action(aid)
    # What followed each step: the log up to the next step, and the trick it completed.
    done = rec.replay()
    tricks = done.tricks
    out = []
    for st in steps:
        after = by_index.get(st.index, [])[1:]
        t = tricks[st.number - 1] if st.number <= len(tricks) else None
        out.append(GuidedStep(**{**st.__dict__, "after": after,
                                 "trick_after": t["plays"] if t else None,
                                 "winner": t["winner"] if t else None}))
    return GuidedHand(seat=seat, players=rec.players, dealer=rec.dealer,
                      sides=[[p for p in range(done.n) if done.side_of[p] == s]
                             for s in range(done.n_sides)],
                      steps=out, intro=intro, record=rec.to_json(), result=done.result_json(),
                      counts=[count_result(done.count_detail(s)) for s in range(done.n_sides)])


__all__ = ["DOMAIN", "GuidedHand", "GuidedStep", "IDEAS", "REQUIRED", "guided", "idea_of",
           "lead_principle", "load", "read"]
