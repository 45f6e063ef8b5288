"""The Play page's table for Truc: one hand seen from one seat, and the next action applied.

The same contract as Troccas's table (``troccas.table``), key for key where the meaning is the
same, so one page drives both games: stateless, the hand is its record (``truc.record``), a
download is that record and ``truc replay`` reads it.

``view(record, seat)``: the seat's cards, the trick under way and the tricks so far, whose turn
and why, the seat's legal actions each with its words and a ``group`` (``card``, ``card_bet``
— play then raise —, ``bet``, ``raise`` — "three if you play" —, ``accept``, ``fold``, or
``choice`` for the cut, the deal, the 11's decision and the redeal), the stake and the bet
waiting for its answer, the signals the seat has seen (its partner's and its own: never the
opponents', rule ``signal.partner``) and those it may make now, a log of the hand in words
said to the seat, and the score. Other seats' cards never appear until the hand is over; then
``review`` gives every seat's cards before each trick and ``dealt`` each seat's hand.
"""

from __future__ import annotations

import random
from typing import Any

from cardgame.errors import GameError
from cardgame.messages import Message

from .errors import IllegalActionError, msg
from .hand import ACCEPT, BET, BET_NAMES, DONE, PLAY, RETRUC, Hand
from .record import HandRecord, RecordError
from .signals import offered

# The choice labels of the words' actions (cut, deal, the 11, the redeal).
_WORDS = {("cut", "cut"): "cut", ("cut", "tap"): "tap", ("deal", "three"): "deal_three",
          ("deal", "one"): "deal_one", ("eleven", "play"): "eleven_play",
          ("eleven", "pass"): "eleven_pass", ("redeal", "propose"): "redeal_propose",
          ("redeal", "play"): "redeal_play", ("redeal", "agree"): "redeal_agree",
          ("redeal", "insist"): "redeal_insist"}


def read(record: object) -> HandRecord:
    if isinstance(record, (str, bytes)):
        return HandRecord.loads(record)
    if not isinstance(record, dict):
        raise RecordError(msg("record#object"))
    return HandRecord.from_json(record)


def new_record(players: int = 4, seed: object = None, dealer: int = 0, rules: object = None,
               totals: object = None) -> dict[str, Any]:
    """A fresh hand's record, no action yet, dealt from ``seed`` (a random one when none is
    given, kept in the record). The arguments are checked as a record's fields are."""
    if seed is None:
        seed = random.randrange(1_000_000_000)
    if rules is not None and not isinstance(rules, dict):
        raise RecordError(msg("record#field", field="rules", why="an object of rule options"))
    if isinstance(rules, dict) and "players" in rules:
        raise RecordError(msg("record#players_twice", value=repr(rules["players"])))
    data: dict[str, Any] = {"format": "truc-hand", "version": 1,
                            "rules": {**(rules or {}), "players": players}, "dealer": dealer,
                            "seed": seed, "actions": []}
    if totals is not None:
        data["totals"] = totals
    return HandRecord.from_json(data).to_json()


def bet_word(hand: Hand, stake: object) -> str:
    """A bet in words: truc, retruc (Catalan), a number (French), the remainder."""
    if stake in (0, "remainder"):
        return msg("table.bet#remainder").render()
    if hand.rules.betting == "catalan" and isinstance(stake, int):
        return BET_NAMES.get(stake, str(stake))
    return str(stake)


def _event_message(ev: dict[str, Any], hand: Hand) -> Message | None:
    t, p = ev["type"], ev["player"]
    if t == "cut":
        return msg(f"cut#table_{ev['how']}", seat=p)
    if t == "deal":
        return msg("deal#table_" + ("three" if ev["cards"] == 3 else "one"), seat=p)
    if t == "eleven":
        return msg(f"eleven#table_{ev['decision']}", seat=p)
    if t == "redeal":
        return msg(f"redeal#table_{ev['decision']}", seat=p)
    if t == "play":
        return msg("play#table", seat=p, card=hand.pack.said_of(ev["card"]))
    if t == "bet":
        stake = ev["stake"]
        worth = stake if isinstance(stake, int) else bet_word(hand, stake)
        return msg("bet#table", seat=p, bet=bet_word(hand, stake), stake=worth)
    if t == "answer":
        if not ev["accept"]:
            return msg("bet.answer#table_fold", seat=p)
        stake = ev["stake"]
        return msg("bet.answer#table_accept", seat=p,
                   stake=stake if isinstance(stake, int) else bet_word(hand, stake))
    if t == "trick":
        if ev["team"] is None:
            return msg("trick.draw#table", number=ev["number"])
        return msg("trick.winner#table", number=ev["number"], team=hand.side(ev["team"]))
    if t == "hand":
        return msg("hand.winner#table", team=hand.side(ev["team"]), points=ev["points"])
    return None


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ":")) else text + "."


def _entry(message: Message, seat: int | None, kind: str, index: int | None,
           viewer: int | None) -> dict[str, Any]:
    return {"seat": seat, "kind": kind, "index": index,
            "text": _sentence(message.render(viewer=viewer)), "rule": message.rule,
            "msg": message.to_json()}


def signal_info(signal: str) -> dict[str, str]:
    """A signal's id, its gesture in words and what it tells the partner."""
    return {"id": signal, "text": msg(f"signal.{signal}").render(),
            "meaning": msg(f"signal.{signal}#meaning").render()}


class _Walk:
    """A record replayed action by action, keeping the log (said to ``viewer``, with the
    signals ``seat`` sees; None: no signal) and every seat's cards before each trick."""

    def __init__(self, rec: HandRecord, seat: int | None, viewer: int | None) -> None:
        self.hand = hand = rec.new_hand()
        self.log: list[dict[str, Any]] = []
        self.before: list[list[list[str]]] = []
        self.dealt: list[list[str]] = []
        tok = hand.pack.tokens
        for i, text in enumerate(rec.actions):
            say = rec.says.get(i)
            try:
                events = hand.apply(text, say=say)
            except GameError as exc:
                raise RecordError(msg("record#illegal", index=i, action=text,
                                      why=str(exc))) from None
            if say is not None and seat is not None and hand.sees_signal(seat,
                                                                         hand.signals[-1][1]):
                info = signal_info(say)
                e = _entry(msg("signal#table", seat=hand.signals[-1][1], gesture=info["text"],
                               meaning=info["meaning"]), hand.signals[-1][1], "signal", i,
                           viewer)
                e["say"] = info
                self.log.append(e)
            for ev in events:
                m = _event_message(ev, hand)
                if m is not None:
                    player = ev["player"] if ev["player"] >= 0 else None
                    kind = ev["type"] if ev["type"] not in ("answer",) else (
                        "accept" if ev["accept"] else "fold")
                    self.log.append(_entry(m, player, kind, i, viewer))
            if hand.phase in (PLAY, DONE) and not self.dealt and any(hand.held):
                self.dealt = [[tok[c] for c in h] for h in hand.held]
            if hand.phase == PLAY and not hand.trick and len(self.before) == len(hand.tricks):
                self.before.append([[tok[c] for c in h] for h in hand.held])


def _group(hand: Hand, kind: str, aid: int) -> str:
    if kind == "play":
        return "card"
    if kind == "playbet":
        return "card_bet"
    if kind == "bet":
        return "raise" if hand.pending is not None else "bet"
    if kind == "answer":
        return "accept" if aid == ACCEPT else "fold"
    return "choice"


def legal_choices(hand: Hand, seat: int) -> list[dict[str, Any]]:
    """The seat's legal actions now, each with its words (``label``) and ``group``."""
    if hand.current_player != seat or hand.is_terminal():
        return []
    out = []
    stake = hand.stake
    pending = hand.pending[1] if hand.pending is not None else None
    for aid in hand.legal_action_ids():
        a = hand.action(aid, seat)
        group = _group(hand, a.kind, aid)
        if a.kind == "play":
            label = msg("table.choice#play", card=hand.pack.said_of(a.arg))
        elif a.kind == "playbet":  # Catalan: after truc is accepted by the card, retruc
            label = msg("table.choice#playbet", card=hand.pack.said_of(a.arg),
                        bet=bet_word(hand, RETRUC if pending else
                                     hand._bets(hand.team_of[seat])[0]))
        elif group == "raise":
            label = msg("table.choice#raise", stake=pending, bet=bet_word(hand, aid - BET))
        elif a.kind == "bet":
            new = aid - BET if aid > BET else 0
            label = msg("table.choice#bet", bet=bet_word(hand, new),
                        stake=new if new else bet_word(hand, 0))
        elif group == "accept":
            label = msg("table.choice#accept",
                        stake=pending if pending else bet_word(hand, 0))
        elif group == "fold":
            label = msg("table.choice#fold", stake=stake)
        else:
            label = msg(f"table.choice#{_WORDS[(a.kind, a.arg)]}")
        out.append({"action": str(a), "kind": a.kind, "arg": a.arg, "label": str(label),
                    "group": group})
    return out


def turn_reason(hand: Hand) -> Message:
    if hand.is_terminal():
        return msg("turn#over")
    if hand.pending is not None:
        return msg("turn#answer", seat=hand.current_player, bettor=hand.pending[0])
    return msg("turn#act", seat=hand.current_player)


def view(record: object, seat: int) -> dict[str, Any]:
    """What ``seat`` sees of the hand and may do now (see the module's docstring)."""
    rec = read(record)
    hand0 = rec.new_hand()
    hand0.observation(seat)  # checks the seat before the walk
    walk = _Walk(rec, seat, seat)
    hand = walk.hand
    obs = hand.observation(seat)
    over = hand.phase == DONE
    turn = turn_reason(hand)
    tok = hand.pack.tokens
    tricks = []
    won = [0, 0]
    for i, (plays, team, lead) in enumerate(hand.tricks, 1):
        tricks.append({"number": i, "plays": [[p, tok[c]] for p, c in plays],
                       "winner": lead if team is not None else None, "side": team})
        if team is not None:
            won[team] += 1
    talk = [{"player": q, "index": i, "say": s, **{k: v for k, v in signal_info(s).items()
                                                    if k != "id"}}
            for i, q, s in obs.signals]
    # Every pack has the ace's signal: whether it may be made says whether any may.
    may_signal = hand.current_player == seat and hand.signal_verdict(
        seat, offered(hand.pack)[0]).ok
    pending = None
    if hand.pending is not None:
        p, s = hand.pending
        pending = {"seat": p, "stake": s or "remainder", "bet": bet_word(hand, s)}
    result = hand.result
    return {
        "seat": seat, "players": hand.n, "dealer": hand.dealer, "phase": hand.phase,
        "current_player": hand.current_player,
        "turn": {"text": _sentence(turn.render(viewer=seat)), "reason": turn.to_json()},
        "sides": [[p for p in range(hand.n) if hand.team_of[p] == t] for t in (0, 1)],
        "side": hand.team_of[seat], "hand": list(obs.hand),
        "held": [len(h) for h in hand.held], "trick": [list(t) for t in obs.trick],
        "tricks": tricks, "won": won, "legal": legal_choices(hand, seat), "log": walk.log,
        "talk": talk,
        "signals": [signal_info(s) for s in offered(hand.pack)] if may_signal else [],
        "stake": hand.stake, "pending": pending, "for_game": hand.for_game,
        "cards_each": hand.cards_each, "totals": list(hand.totals),
        "rules": hand.rules.to_json(), "actions": len(rec.actions), "result": result,
        "totals_after": [t + (result["points"] if result["team"] == i else 0)
                         for i, t in enumerate(hand.totals)] if result else None,
        "review": [{"number": t["number"], "hands": h, "plays": t["plays"],
                    "winner": t["winner"], "side": t["side"]}
                   for t, h in zip(tricks, walk.before)] if over else None,
        "dealt": walk.dealt if over else None,
    }


def check_viewer(viewer: object) -> None:
    if viewer is not None and (type(viewer) is not int or viewer < 0):
        raise RecordError(msg("record#table_viewer", value=repr(viewer)))


def apply(record: object, action: object, say: object = None, viewer: object = None
          ) -> dict[str, Any]:
    """``action`` ("1 bet truc") applied to the hand with the signal ``say`` made with it: the
    new record, the log entries it added (said to ``viewer``, with the signals ``viewer``
    sees), the phase and the seat to act next (-1: over); or the engine's refusal."""
    if not isinstance(action, str):
        raise IllegalActionError(msg("record.action#not_text", value=repr(action)))
    if say is not None and not isinstance(say, str):
        raise RecordError(msg("record#table_say", value=repr(say)))
    check_viewer(viewer)
    v = viewer if isinstance(viewer, int) else None
    rec = read(record)
    hand = rec.replay()
    seen = len(_Walk(rec, v, v).log)
    try:
        hand.apply(action, say=say)
    except GameError as exc:
        raise exc.said_to(v) from None
    new = HandRecord.from_hand(hand, rec.seed)
    out = dict(record) if isinstance(record, dict) else {}
    out.update(new.to_json())
    walk = _Walk(new, v, v)
    return {"record": out, "events": walk.log[seen:], "phase": hand.phase,
            "current_player": hand.current_player}


def cut(record: object, trick: object) -> dict[str, Any]:
    """The record cut to the start of trick ``trick``: every action before the first action of
    that trick's play, nothing after; the same seed deals the same cards again."""
    if type(trick) is not int or trick < 1:
        raise RecordError(msg("record#cut_trick", value=repr(trick)))
    rec = read(record)
    hand = rec.new_hand()
    for i, text in enumerate(rec.actions):
        if hand.phase == PLAY and not hand.trick and len(hand.tricks) == trick - 1:
            break
        hand.apply(text, say=rec.says.get(i))
    else:
        if not (hand.phase == PLAY and not hand.trick and len(hand.tricks) == trick - 1):
            raise RecordError(msg("record#cut_none", value=trick, most=len(hand.tricks)))
        i = len(rec.actions)
    out = rec.to_json()
    out["actions"] = out["actions"][:i]
    return out
