"""The Play page's table: one hand seen from one seat, and the next action applied to it.

Stateless, like every facade call: the hand is its record (``troccas.record``), so the page
keeps the record, a download is that record and ``troccas replay`` reads it. Replaying a
record costs well under a millisecond, so each call replays it from the deck.

``view(record, seat)`` is built on :meth:`Hand.observation`: what the seat holds, what the table
has seen, the seat's own legal actions with a label in words, and a log of the hand so far,
each action and event as a message. Another seat's hidden cards never appear, not even in the
log (a scart card is named to the dealer alone). Once the hand is over every card has been
seen, and the view adds the count of each side group by group and, for the review, every
seat's cards before each trick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
import random

from cardgame.errors import GameError
from cardgame.messages import Message

from .actions import Action
from .cards import TOKEN
from .errors import DOMAIN, IllegalActionError, RecordError, msg
from .hand import Hand
from .record import HandRecord
from .tables import DONE, PLAY, THROWN_IN

if TYPE_CHECKING:
    from .results import PhrasesResult, ReviewMarks, TableApply, TableView

# The log and the labels name cards with {card:cardname} ("the king of cups"; German
# {card:cardname_acc}, "den Kelch-König"): the formatters are troccas.cards'.

_OVER = (DONE, THROWN_IN)
# Every sentence names the rule clause it is about, so the page can link it.
_TALK_LOG = {"continue": "talk#table_continue", "allow": "talk#table_allow",
             "liber": "talk.liber#table", "abandon": "talk#table_abandon"}
_CALL_LOG = {"buob": "buob#table_buob", "buob_sche": "buob.sche#table", "pass": "buob#table_pass"}
_CHOICE = {"talk": "talk#choice_{}", "call": "buob#choice_{}", "deal": "deal.method#choice_{}"}
_CHOICE_ODD = {"talk#choice_liber": "talk.liber#choice", "buob#choice_buob_sche": "buob.sche#choice"}


def _read(record: object) -> HandRecord:
    if isinstance(record, str):
        return HandRecord.loads(record)
    if not isinstance(record, dict):
        raise RecordError(msg("record#object"))
    return HandRecord.from_json(record)


def new_record(players: int = 4, seed: object = None, dealer: int = 0, rules: object = None,
               totals: object = None) -> dict[str, Any]:
    """A fresh hand's record: no action yet, the deck shuffled from ``seed`` (a random seed
    when none is given, kept in the record so the hand can be dealt again). The arguments are
    checked as a record's fields are, so a bad one is refused in the record's words."""
    if seed is None:
        seed = random.randrange(1_000_000_000)
    data = {"players": players, "dealer": dealer, "seed": seed}
    if rules is not None:
        data["rules"] = rules
    if totals is not None:
        data["totals"] = totals
    rec = HandRecord.from_json(data, where="table")
    return HandRecord.from_hand(rec.new_hand(), seed=rec.seed).to_json()


# ---- the log: each action and event as a message --------------------------------------------
def _action_message(action: Action, seat: int | None, dealer: int) -> Message:
    k, p, arg = action.kind, action.player, action.arg
    if k == "play":
        return msg("play.turn#table_play", seat=p, card=arg)
    if k == "scart":  # the scart is the dealer's secret
        return msg("scart#table_lay", seat=p, card=arg) if seat == dealer \
            else msg("scart#table_hidden", seat=p)
    if k == "talk":
        return msg(_TALK_LOG[arg], seat=p)
    if k == "call":
        return msg(_CALL_LOG[arg], seat=p)
    if k == "kingjack":
        return msg("buob.king_jack#table", seat=p, suit=arg)
    if k == "takeback":
        return msg("buob.king_jack#table_takeback", seat=p, card=arg)
    return msg(f"deal.method#table_{arg}", seat=p)


def _event_message(ev: dict[str, Any], hand: Hand) -> Message | None:
    """Words for an event that has none of its own (events with a rule carry their message)."""
    t = ev["type"]
    if "msg" in ev:
        return Message.from_json(DOMAIN, ev["msg"])
    if t == "deal_round":
        counts = [ev["batches"][p] for p in sorted(ev["batches"])]
        last = ev["round"] == len(hand.rounds)
        n = min(counts)
        dealer_n = ev["batches"][hand.dealer]
        variant = "even" if dealer_n == n else "dealer"
        return msg(f"deal#table_round_{variant}{'_last' if last else ''}",
                   round=ev["round"], n=n, dealer_n=dealer_n)
    if t == "scart":
        return msg("scart#table_done", seat=ev["player"], n=ev["count"])
    if t == "trick":
        return msg("trick.winner#table", seat=ev["winner"], number=ev["number"])
    if t == "king_jack":
        return None  # the action's own entry says it
    if t == "buob":  # a pass has its message; an effect has one too (see buob.py)
        return None
    if t == "count":
        return msg("count#table")
    return None  # talk, dealer_choice, deal_method: the action's entry says it


def _entry(message: Message, seat: int | None, kind: str, index: int | None,
           viewer: int | None) -> dict[str, Any]:
    return {"seat": seat, "kind": kind, "index": index,
            "text": _sentence(message.render(viewer=viewer)),
            "rule": message.rule, "msg": message.to_json()}


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ":")) else text + "."


class _Walk:
    """A record replayed action by action, keeping what the table saw: the log (seen from one
    seat, and said to ``viewer``) and every seat's cards before each trick (for the review,
    once the hand is over)."""

    def __init__(self, rec: HandRecord, seat: int | None, viewer: int | None = None) -> None:
        self.rec = rec
        self.viewer = viewer
        self.hand = hand = rec.new_hand()
        self.log: list[dict[str, Any]] = []
        self.before: list[list[list[str]]] = []
        says = dict(rec.says)
        seen = self._events(0, seat)
        self._snapshot()
        for i, action in enumerate(rec.actions):
            why = hand.explain(action)
            if why:
                raise RecordError(msg("record#illegal", where="record", index=i,
                                      action=str(action), why=why), rule=why.rule)
            if i in says:
                hand.says[hand.action_count] = says[i]
            hand.apply_action(action.id)
            entry = _entry(_action_message(action, seat, hand.dealer), action.player,
                           action.kind, i, viewer)
            if i in says:
                entry["say"] = says[i]
            self.log.append(entry)
            seen = self._events(seen, seat)
            self._snapshot()

    def _events(self, seen: int, seat: int | None) -> int:
        for ev in self.hand.events[seen:]:
            m = _event_message(ev, self.hand)
            if m is not None:
                self.log.append(_entry(m, None, ev["type"], None, self.viewer))
        return len(self.hand.events)

    def _snapshot(self) -> None:
        h = self.hand
        if h.phase == PLAY and not h.trick_cards and len(self.before) == len(h.finished_tricks):
            self.before.append([[TOKEN[c] for c in h.cards_of(s)] for s in range(h.n)])


def _legal(hand: Hand, seat: int) -> list[dict[str, Any]]:
    if hand.current_player != seat or hand.is_terminal():
        return []
    out = []
    for a in hand.legal_actions():
        if a.kind == "play":
            label = msg("play.turn#choice_play", card=a.arg)
        elif a.kind == "scart":
            label = msg("scart#choice", card=a.arg)
        elif a.kind in ("kingjack",):
            label = msg("buob.king_jack#choice", suit=a.arg)
        elif a.kind == "takeback":
            label = msg("buob.king_jack#choice_takeback", card=a.arg)
        else:
            key = _CHOICE[a.kind].format(a.arg)
            label = msg(_CHOICE_ODD.get(key, key))
        out.append({"action": str(a), "kind": a.kind, "arg": a.arg, "label": str(label)})
    return out


def view(record: object, seat: int) -> TableView:
    """What ``seat`` sees of the hand and may do now (see the module's docstring)."""
    from .results import LegalChoice, TableView, Turn, count_result
    rec = _read(record)
    walk = _Walk(rec, seat, viewer=seat)
    hand = walk.hand
    obs = hand.observation(seat)  # checks the seat
    over = hand.phase in _OVER
    done = hand.phase == DONE
    turn = hand.turn_reason()
    talk: list[dict[str, Any]] = []
    says = {e["index"]: e.get("say") for e in walk.log if e["kind"] == "talk"}
    talk_i = [e["index"] for e in walk.log if e["kind"] == "talk"]
    for ev, i in zip((e for e in obs.talk if e["type"] == "talk"), talk_i):
        choice = _CHOICE["talk"].format(ev["decision"])
        talk.append({"player": ev["player"], "decision": ev["decision"], "round": ev["round"],
                     "say": says.get(i),
                     # the decision in words, as the choice was offered ("weiter", "continue")
                     "text": msg(_CHOICE_ODD.get(choice, choice)).render()})
    won = [0] * hand.n_sides
    for t in obs.tricks:
        won[t["side"]] += 1
    result = hand.result_json() if done else None
    return TableView(
        seat=seat, players=hand.n, dealer=hand.dealer, phase=hand.phase,
        current_player=hand.current_player, turn=Turn(_sentence(turn.render(viewer=seat)), turn),
        sides=[[p for p in range(hand.n) if hand.side_of[p] == s] for s in range(hand.n_sides)],
        side=hand.side_of[seat], hand=list(obs.hand),
        held=[len(hand.cards_of(p)) for p in range(hand.n)],
        face_up=list(obs.face_up), scart=list(obs.scart) if obs.scart is not None else None,
        talk=talk, trick=[list(t) for t in obs.trick], tricks=list(obs.tricks), won=won,
        legal=[LegalChoice(**c) for c in _legal(hand, seat)], log=walk.log,
        totals=list(hand.totals), rules=hand.rules.to_json(), actions=len(rec.actions),
        result=result,
        counts=[count_result(hand.count_detail(s)) for s in range(hand.n_sides)] if done
        else None,
        totals_after=[t + s for t, s in zip(hand.totals, result["scores"])]
        if result is not None else None,
        review=_review(walk) if over else None,
        dealt=[[TOKEN[c] for c in sorted(d)] for d in hand.dealt] if over else None,
        scart_cards=[TOKEN[c] for c in hand.scart] if over else None,
        phrases=_phrases_now(hand, seat))


def _phrases_now(hand: Hand, seat: int) -> PhrasesResult | None:
    """At ``seat``'s own talk decision (or the dealer's choice after the full deal), the
    phrases the glossary places at this moment of the deal, grouped by what they tell; else
    None (troccas.bots.signals: the moments)."""
    from .bots.signals import moment_now
    from .phrases import phrases_at
    when = moment_now(hand)
    if hand.current_player != seat or when is None:
        return None
    return phrases_at(when)


def marks(record: object, seat: int, plays: object = None, trick: object = None
          ) -> ReviewMarks:
    """The review of ``seat``'s cards in a finished hand (troccas.review): a verdict on every
    trick, and the marks where a better card was found. A call of its own, since the sampled
    tricks take a while and the count should not wait for them. ``plays`` is the budget of
    one trick (cards played in its rollouts; troccas.review.PLAYS when None); with ``trick``
    (a number) that trick alone is judged."""
    from . import review
    from .results import ReviewMarks
    if plays is None:
        plays = review.PLAYS
    if type(plays) is not int or not 1 <= plays <= 10 * review.PLAYS:
        raise RecordError(msg("record#review_plays", value=repr(plays),
                              most=10 * review.PLAYS))
    rec = _read(record)
    hand = rec.replay()
    hand.observation(seat)  # checks the seat
    if hand.phase != DONE:
        from .solver import SolverError
        raise SolverError(msg("solver#review", phase=hand.phase))
    total = len(hand.finished_tricks)
    if trick is not None and (type(trick) is not int or not 1 <= trick <= total):
        raise RecordError(msg("record#review_trick", value=repr(trick), most=total))
    verdicts, found = review.review(rec, seat, plays=plays, viewer=seat,
                                    only=trick)
    return ReviewMarks(marks=found, verdicts=verdicts, open_tricks=review.OPEN_TRICKS,
                       samples=max((v["samples"] or 0 for v in verdicts), default=0),
                       plays=plays)


def cut(record: object, trick: object) -> dict[str, Any]:
    """The record cut to the start of trick ``trick`` (1 for the first): every action before
    that trick's first card, and nothing after, so the hand is played again from there with
    the same cards."""
    rec = _read(record)
    if type(trick) is not int or trick < 1:
        raise RecordError(msg("record#cut_trick", value=repr(trick)))
    hand = rec.new_hand()
    for i, action in enumerate(rec.actions):
        if hand.phase == PLAY and not hand.trick_cards and len(hand.finished_tricks) == trick - 1:
            break
        why = hand.explain(action)
        if why:
            raise RecordError(msg("record#illegal", where="record", index=i,
                                  action=str(action), why=why), rule=why.rule)
        hand.apply_action(action.id)
    else:
        if not (hand.phase == PLAY and not hand.trick_cards
                and len(hand.finished_tricks) == trick - 1):
            raise RecordError(msg("record#cut_none", value=trick,
                                  most=len(hand.finished_tricks)))
    i = hand.action_count
    return rec._replace(actions=rec.actions[:i],
                        says=tuple(s for s in rec.says if s[0] < i)).to_json()


def _review(walk: _Walk) -> list[dict[str, Any]]:
    tricks = walk.hand.tricks
    return [{"number": t["number"], "hands": hands, "plays": t["plays"], "winner": t["winner"],
             "side": t["side"]} for t, hands in zip(tricks, walk.before)]


def check_viewer(viewer: object) -> None:
    """A seat that messages may be said to, or None (said to nobody in particular)."""
    if viewer is not None and (type(viewer) is not int or viewer < 0):
        raise RecordError(msg("record#table_viewer", value=repr(viewer)))


def apply(record: object, action: object, say: object = None, viewer: int | None = None
          ) -> TableApply:
    """``action`` (text such as ``"0 play Kc"``) applied to the hand: the new record and what
    happened, or the engine's refusal (an IllegalActionError with its rule). ``viewer`` is the
    seat the events and a refusal are said to ("you play …"), if any."""
    from .results import TableApply
    if not isinstance(action, str):
        raise IllegalActionError(msg("record.action#not_text", value=repr(action)))
    if say is not None and not isinstance(say, str):
        raise RecordError(msg("record#table_say", value=repr(say)))
    check_viewer(viewer)
    rec = _read(record)
    hand = rec.replay()
    act = Action.parse(action)
    # Seen from no seat: the page shows a bot's scart to nobody.
    seen = len(_Walk(rec, None).log)
    try:
        hand.apply(act, say=say or None)
    except GameError as exc:
        raise exc.said_to(viewer) from None
    new = HandRecord.from_hand(hand, seed=rec.seed)
    out = dict(record) if isinstance(record, dict) else {}
    out.update(new.to_json())
    walk = _Walk(new, None, viewer)
    return TableApply(out, walk.log[seen:], hand.phase, hand.current_player)
