"""The guided hands of Truc (issue 29): fixed hands of four where the reader cuts but never
deals, and each of the reader's steps shows one idea of the game. The first hand
(``data/guided.json``) shows the first four ideas below; the second (``data/guided_2.json``),
played after it, the two a Catalan hand of three cards has no room for beside them.

A hand is game data: the dealer, the seed that deals the cards (a Truc
record's deck comes from its seed) and each seat's three cards, which the engine checks against
that deal, so the file says what it deals; every action in order, the partner's signal with
its action; and, for each of the reader's steps, the idea it is meant to show. At load the
engine replays the script: every action must be legal, and each step's idea must hold on the
engine's state at that step (:func:`idea`). Data that breaks either is refused in one line
naming the file and the entry. The sentence of each step is the idea's message filled with the
position's facts (the cards, the signal, the stakes), said to the reader.

The ideas (source: truc, the Catalan game):

* ``first_trick`` — the cheapest of the reader's cards that takes the first trick (the coach's
  principle ``first_trick``; rule ``hand.winner``: should a later trick be drawn, the first
  trick decides).
* ``signal`` — the reader bets on the strength of a signal the partner made (rule
  ``signal.partner``): a signal the reader saw, true of the partner's cards, the first trick
  the reader's side's.
* ``order`` — the reader leads a card and keeps one of a lower number that ranks above it
  (rule ``trick.winner``: the order is 3, 2, 1, 12, 11, 10, 7, 6, 5, 4; suits do not count).
* ``draw_decides`` — the reader accepts a raise because the trick cannot be lost, only drawn,
  and a draw wins the hand for the side that took the first trick (rule ``hand.winner``).
* ``any_card`` — the reader holds a card of the suit led that cannot take the trick and plays
  the cheapest card of another suit that can (rule ``play.turn``: any card may be played, there
  is no suit to follow).
* ``hand_winner`` — the reader's side took the first trick and the reader plays a card nothing
  ranks above: this trick is won or drawn, and either way the hand is the side's, decided now
  (rule ``hand.winner``: two tricks of three; a drawn trick after a won one goes to the side
  that won the first).

The hand ends with the engine's verdict on who wins it and why, and the stake counted.
"""

from __future__ import annotations

from typing import Any

from cardgame.guided import GuidedHand as GuidedHand, GuidedStep as GuidedStep, Scripts
from cardgame.messages import Message

from .errors import msg
from .hand import ACCEPT, BASE_STAKE, BET, DONE, PLAY, Hand
from .record import HandRecord, RecordError

DATA = "guided.json"
IDEAS = ("first_trick", "signal", "order", "draw_decides", "any_card", "hand_winner")
# Each guided hand in the order a reader plays them: its file and the ideas it shows at least
# once.
HANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (DATA, ("first_trick", "signal", "order", "draw_decides")),
    ("guided_2.json", ("any_card", "hand_winner")),
)
REQUIRED = HANDS[0][1]  # the first hand's
_KEYS = {"note", "rules", "dealer", "seed", "seat", "deal", "actions", "steps"}
# The numbers the cards carry (truc: "the 10 called Sota, the 11 Cavall, the 12 Rei").
_NUMBER = {"S": 10, "C": 11, "R": 12, "D": 12, "V": 11, "A": 1}


def _number(rank: str) -> int:
    return _NUMBER.get(rank) or int(rank)


def _order(hand: Hand) -> str:
    return ", ".join(str(_number(r)) for r in hand.pack.ranks)


def idea(name: str, hand: Hand, seat: int, aid: int) -> Message | None:
    """The sentence of idea ``name`` for action ``aid`` of ``seat`` in ``hand`` (the position
    before it), or None when the idea does not hold there."""
    from . import principles
    from .signals import true_of
    from .table import bet_word, signal_info
    tok, power = hand.pack.said, hand.pack.power
    team = hand.team_of[seat]
    results = [t for _, t, _ in hand.tricks]
    if name == "first_trick":
        pos = principles.Position(hand, seat)
        if not principles.holds("first_trick", pos, aid):
            return None
        return msg("hand.winner#guided_first_trick", card=tok[aid], top=tok[pos.top_c])
    if name == "signal":
        if hand.pending is not None or not aid > BET or results[:1] != [team]:
            return None
        seen = [(p, s) for _, p, s in hand.signals if p != seat and hand.sees_signal(seat, p)]
        if not seen:
            return None
        partner, sig = seen[-1]
        if not true_of(sig, hand.held[partner], hand.pack):
            return None
        info = signal_info(sig)
        return msg("signal.partner#guided", gesture=info["text"], meaning=info["meaning"],
                   bet=bet_word(hand, aid - BET), stake=hand.stake, next=aid - BET)
    if name == "order":
        if aid >= len(tok) or hand.trick:
            return None
        kept = [c for c in hand.held[seat] if power[c] > power[aid]
                and _number(hand.pack.rank_of[c]) < _number(hand.pack.rank_of[aid])]
        if not kept:
            return None
        return msg("trick.winner#guided_order", card=tok[aid], kept=tok[kept[0]],
                   order=_order(hand))
    if name == "draw_decides":
        if hand.pending is None or aid != ACCEPT or not hand.trick:
            return None
        top = max(power[c] for _, c in hand.trick)
        best = [(p, c) for p, c in hand.trick if power[c] == top]
        if top != max(power) or any(hand.team_of[p] != team for p, _ in best):
            return None  # the trick could still be lost
        if hand.hand_verdict(results + [None])[0] != team:
            return None  # a draw would not win the hand
        _, stake = hand.pending
        return msg("hand.winner#guided_draw", top=tok[best[0][1]],
                   bet=bet_word(hand, stake), next=stake)
    if name == "any_card":
        pos = principles.Position(hand, seat)
        if not hand.trick or aid >= len(tok) or not principles.holds("win_cheaply", pos, aid):
            return None
        led = hand.pack.suit_of[hand.trick[0][1]]
        kept = [c for c in pos.cards if hand.pack.suit_of[c] == led and c not in pos.winners()]
        if hand.pack.suit_of[aid] == led or not kept:
            return None  # no card of the suit led that the reader passes over
        return msg("play.turn#guided_any_card", led=tok[hand.trick[0][1]], held=tok[kept[0]],
                   card=tok[aid], top=tok[pos.top_c])
    if name == "hand_winner":
        if aid >= len(tok) or hand.pending is not None or power[aid] != max(power) \
                or results[:1] != [team] or len(results) != 1:
            return None
        if hand.hand_verdict(results + [team])[0] != team or \
                hand.hand_verdict(results + [None])[0] != team:
            return None  # won or drawn, this trick must give the side the hand
        return msg("hand.winner#guided_two_tricks", card=tok[aid])
    return None


SCRIPTS: Scripts[tuple[HandRecord, int, list[str]]] = Scripts("truc", RecordError)


class _Replay:
    """A guided hand replayed for its check: every signal the file gives is one the rules allow
    its seat, the reader's steps are its actions in play, and the deal is the file's."""

    def __init__(self, rec: HandRecord, seat: int, deal: list[list[str]]) -> None:
        self.rec = rec
        self.hand = rec.new_hand()
        self.seat = seat
        self.deal = deal

    @property
    def phase(self) -> str:
        return self.hand.phase

    def refusal(self, i: int, text: str) -> Message | None:
        why = self.hand.explain(text)
        if why:
            return why
        say = self.rec.says.get(i)
        if say is not None:
            sv = self.hand.signal_verdict(self.hand.current_player, say)
            if not sv.ok:
                return sv.reason
        return None

    def is_step(self, i: int, text: str) -> bool:
        return self.hand.parse_action(text)[0] == self.seat and self.hand.phase == PLAY

    def idea_refusal(self, text: str, name: str) -> Message | None:
        if idea(name, self.hand, self.seat, self.hand.parse_action(text)[1]) is None:
            return msg("record#guided_idea", idea=name)
        return None

    def apply(self, i: int, text: str) -> tuple[str, Message] | None:
        hand = self.hand
        was = hand.phase
        hand.apply_action(hand.parse_action(text)[1], say=self.rec.says.get(i))
        if was != PLAY and hand.phase == PLAY:  # the cards are dealt: the file's deal?
            for s, given in enumerate(self.deal):
                held = sorted(hand.pack.tokens[c] for c in hand.held[s])
                if sorted(given) != held:
                    return f"deal[{s}]", msg("record#guided_deal", seat=s, given=" ".join(given),
                                             held=" ".join(held))
        return None


def read(data: Any, required: tuple[str, ...] = REQUIRED, file: str = DATA
         ) -> tuple[HandRecord, int, list[str]]:
    """The guided hand's record, the reader's seat and the idea of each step, checked: the deal
    is the one the file says, the script replays legally, each step's idea holds, every idea
    of ``required`` is shown and the hand is played to its end. Refusals name ``file``."""
    data = SCRIPTS.top(file, data, _KEYS, {"steps", "deal"})
    try:
        rec = HandRecord.from_json({"format": "truc-hand", "version": 1, **{
            k: v for k, v in data.items() if k in ("rules", "dealer", "seed", "actions")}})
    except RecordError as exc:
        raise SCRIPTS.refusal(file, "record", exc.msg or msg("record#object")) from None
    n = rec.rules.players
    seat = SCRIPTS.seat(file, data.get("seat"), n, rec.dealer)
    steps, deal = data["steps"], data["deal"]
    if not isinstance(steps, list) or not all(s in IDEAS for s in steps):
        raise SCRIPTS.refusal(file, "steps", msg("record#guided_steps", ideas=", ".join(IDEAS)))
    if not (isinstance(deal, list) and len(deal) == n
            and all(isinstance(h, list) and all(isinstance(t, str) for t in h) for h in deal)):
        raise SCRIPTS.refusal(file, "deal", msg("record#guided_deal_shape", players=n))
    ideas = SCRIPTS.check(file, rec.actions, steps, required, _Replay(rec, seat, deal), DONE)
    return rec, seat, ideas


def load(number: int = 1) -> tuple[HandRecord, int, list[str]]:
    """The game's guided hand ``number`` (1: ``data/guided.json``; see :data:`HANDS`), read and
    checked once."""
    file, required = HANDS[number - 1]
    return SCRIPTS.load(file, lambda data: read(data, required, file))


def _summary(hand: Hand, seat: int) -> list[Message]:
    """Who won the hand and why (the engine's verdict), and the stake counted, said to
    ``seat``."""
    assert hand.result is not None
    res = hand.result
    out: list[Message] = []
    if res["how"] == "tricks":
        _, why = hand.hand_verdict([t for _, t, _ in hand.tricks])
        assert why is not None
        out.append(why)
    raised = [e["stake"] for e in hand.events if e["type"] == "answer" and e["accept"]
              and isinstance(e["stake"], int)]
    from .table import bet_word
    yours = "_yours" if res["team"] == hand.team_of[seat] else ""
    if raised:
        out.append(msg(f"hand.winner#guided_stake{yours}", base=BASE_STAKE, points=res["points"],
                       team=hand.side(res["team"]),
                       bets=[bet_word(hand, s) for s in raised]))
    else:
        out.append(msg(f"hand.winner#guided_stake_base{yours}", points=res["points"],
                       team=hand.side(res["team"])))
    return out


def guided(data: Any = None, number: int = 1) -> GuidedHand:
    """The guided hand ``number`` (``data``: a parsed guided file instead of the game's own),
    seen from the reader's seat, each step with its sentence in the current language."""
    from .table import _sentence, _Walk, legal_choices
    rec, seat, ideas = read(data) if data is not None else load(number)
    walk = _Walk(rec, seat, viewer=seat)
    hand = rec.new_hand()
    tok = hand.pack.tokens
    steps: list[GuidedStep] = []
    step_at: set[int] = set()
    for i, text in enumerate(rec.actions):
        p, aid = hand.parse_action(text)
        if p == seat and hand.phase == PLAY:
            why = idea(ideas[len(steps)], hand, seat, aid)
            assert why is not None  # read() checked it
            a = hand.action(aid, seat)
            label = next(c["label"] for c in legal_choices(hand, seat) if c["action"] == text)
            legal = [tok[c] for c in hand.held[seat]] if hand.pending is None else []
            steps.append(GuidedStep(
                index=i, action=text, card=a.arg if a.kind == "play" else None,
                call=a.arg if a.kind != "play" else None, idea=ideas[len(steps)],
                rule=why.rule, text=_sentence(why.render(viewer=seat)), label=label,
                hand=[tok[c] for c in hand.held[seat]], legal=legal,
                trick=[[q, tok[c]] for q, c in hand.trick], number=len(hand.tricks) + 1,
                after=[], trick_after=None, winner=None))
            step_at.add(i)
        hand.apply_action(aid, say=rec.says.get(i))
    # What followed each step: the log up to the next step, and the trick it completed.
    by_index: dict[int, list[str]] = {}
    intro: list[str] = []
    current = intro
    for e in walk.log:  # each action's entries: its signal, then its events
        if e["index"] in step_at and e["seat"] == seat and e["kind"] != "signal":
            current = by_index.setdefault(e["index"], [])
        current.append(e["text"])
    out = []
    for st in steps:
        t = hand.tricks[st.number - 1] if st.number <= len(hand.tricks) else None
        out.append(GuidedStep(**{**st.__dict__, "after": by_index.get(st.index, [])[1:],
                                 "trick_after": [[q, tok[c]] for q, c in t[0]] if t else None,
                                 "winner": (t[2] if t[1] is not None else None) if t else None}))
    assert hand.result is not None
    return GuidedHand(seat=seat, players=hand.n, dealer=hand.dealer,
                      sides=[[p for p in range(hand.n) if hand.team_of[p] == s] for s in (0, 1)],
                      steps=out, intro=intro, record=rec.to_json(), result=dict(hand.result),
                      counts=[], summary=[_sentence(m.render(viewer=seat))
                                          for m in _summary(hand, seat)])


__all__ = ["GuidedHand", "GuidedStep", "HANDS", "IDEAS", "REQUIRED", "guided", "idea", "load",
           "read"]
