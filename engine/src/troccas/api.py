"""The one facade every caller uses: the CLI, the browser worker, the build and the tests.

``call(name, **args)`` returns plain JSON-able data or raises a :class:`TroccasError`;
``call_json(name, args_json)`` wraps it for the worker: it never raises, it answers
``{"ok": true, "result": …}`` or ``{"ok": false, "error": {"type", "rule", "message"}}``.
Cards go in as notation text (``"Kc XXI 10s"``) or lists of tokens and come out canonical.
"""

from __future__ import annotations

import inspect
import json
import random
from typing import Any, Callable

from . import counting
from .cards import (FOOL, SUIT_NAMES, SUIT_OF, TOKEN, TRUMP, Card, mask_of, parse_ids,
                    ranking_order, sort_ids)
from .deal import check_players, partner_draw, shuffled_deck
from .errors import DuplicateCardError, TroccasError, msg
from .hand import Hand, play_random
from .play import (NO_SUIT, explain_winner, led_suit, legal_mask, play_verdict, refusal,
                   suit_name)
from .record import HandRecord
from .rules import CLAUSES, NOT_OPTIONS, OPTIONS, SOURCES, Rules

_CALLS: dict[str, Callable[..., Any]] = {}


def _call(fn):
    _CALLS[fn.__name__.removeprefix("call_")] = fn
    return fn


def tokens(ids) -> list[str]:
    return [TOKEN[c] for c in ids]


def card_json(card: Card) -> dict:
    return {"token": card.token, "name": card.name, "points": card.points, "kind": card.kind,
            "suit": card.suit, "rank": card.rank, "number": card.number}


@_call
def call_parse(cards) -> dict:
    """Cards in canonical notation with their names and values."""
    return {"cards": [card_json(Card(c)) for c in parse_ids(cards)]}


@_call
def call_pack() -> dict:
    """The 78 cards in ranking order (each suit high to low, trumps XXI…I, the Fool)."""
    return {"cards": [card_json(c) for c in ranking_order()]}


@_call
def call_count(cards, method: str = "fours", scart=()) -> dict:
    """Points of a pile, group by group (pagat: fours less 3, the odd pair less 1)."""
    ids = parse_ids(cards)
    scart_ids = parse_ids(scart)
    counting.check_scart(ids, scart_ids, counting.check_method(method))
    return counting.count(ids, method, scart=scart_ids).to_json()


@_call
def call_winner(cards) -> dict:
    """The card that wins a trick given in play order (first card led), and why."""
    ids = parse_ids(cards)
    i, why = explain_winner(ids)
    led = led_suit(ids)
    return {"cards": tokens(ids), "winner": TOKEN[ids[i]], "index": i,
            "led": suit_name(led) if led != NO_SUIT else None, "rule": "trick.winner",
            "explanation": str(why), "reason": why.to_json()}


@_call
def call_legal(hand, trick=()) -> dict:
    """Which cards of ``hand`` may be played to ``trick`` (cards already played, in order),
    with the reason each other card is refused."""
    hand_ids = parse_ids(hand)
    trick_ids = parse_ids(trick)
    both = set(hand_ids) & set(trick_ids)
    if both:
        c = next(iter(both))
        raise DuplicateCardError(msg("notation.duplicate#hand_trick", card=TOKEN[c]))
    hmask = mask_of(hand_ids)
    led = led_suit(trick_ids)
    legal = legal_mask(hmask, led)
    refused = []
    for c in sort_ids(hand_ids):
        why = refusal(hmask, led, c)
        if why:
            refused.append({"card": TOKEN[c], "rule": why.rule, "message": str(why),
                            "reason": why.to_json()})
    return {"hand": tokens(sort_ids(hand_ids)), "trick": tokens(trick_ids),
            "led": suit_name(led) if led != NO_SUIT else None,
            "legal": tokens(c for c in sort_ids(hand_ids) if legal >> c & 1),
            "refused": refused}


@_call
def call_check_play(hand, card, trick=()) -> dict:
    """Whether ``card`` may be played from ``hand`` to ``trick``; the reason if not."""
    hand_ids = parse_ids(hand)
    cid = parse_ids(card)
    if len(cid) != 1:
        raise TroccasError(msg("play.in_hand#one"))
    v = play_verdict(mask_of(hand_ids), led_suit(parse_ids(trick)), cid[0])
    return {"card": TOKEN[cid[0]], "legal": v.ok, "rule": None if v.ok else v.rule,
            "message": None if v.ok else str(v.reason), "reason": v.reason.to_json()}


def _hand_json(hand: Hand) -> dict:
    return {"players": hand.n, "dealer": hand.dealer, "method": hand.method,
            "hands": [tokens(sort_ids(d)) for d in hand.dealt],
            "face_up": [TOKEN[c] if c is not None else None for c in hand.face_up],
            "deck": " ".join(tokens(hand.deck))}


@_call
def call_deal(players: int = 4, seed=None, dealer: int = 0, method: str | None = None) -> dict:
    """Deal a hand from a seeded shuffle (every round, no talk): each seat's cards."""
    hand = Hand(players, dealer, seed=seed, method=method)
    hand.deal_through()
    out = _hand_json(hand)
    out["seed"] = seed
    return out


@_call
def call_partners(seed=None, players: int = 4) -> dict:
    """Draw for partners: cards dealt face up until each player holds a trump (pagat)."""
    return partner_draw(shuffled_deck(seed), players).to_json()


def replay_json(hand: Hand) -> dict:
    out = _hand_json(hand)
    out.update(phase=hand.phase, scart=tokens(hand.scart),
               talk=[e for e in hand.events if e["type"] in ("talk", "dealer_choice",
                                                             "deal_method", "thrown_in")],
               tricks=hand.tricks,
               events=[e for e in hand.events if e["type"] in ("all_tricks", "fool_lost",
                                                               "king_jack_back")],
               current_player=hand.current_player,
               turn={"text": str(hand.turn_reason()), "reason": hand.turn_reason().to_json()},
               sides=[[p for p in range(hand.n) if hand.side_of[p] == s]
                      for s in range(hand.n_sides)])
    if hand.phase == "done":
        out["result"] = hand.result_json()
        out["counts"] = [hand.count_detail(s).to_json() for s in range(hand.n_sides)]
    return out


@_call
def call_replay(record) -> dict:
    """Replay a hand record (JSON object or text): tricks, buob and Fool events, the count."""
    rec = HandRecord.loads(record) if isinstance(record, str) else HandRecord.from_json(record)
    return replay_json(rec.replay())


@_call
def call_random_hand(players: int = 4, seed=None, dealer: int = 0, rules=None) -> dict:
    """A complete hand played with random legal actions from ``seed``, as a record."""
    hand = Hand(players, dealer, seed=seed, rules=Rules.from_json(rules))
    play_random(hand, random.Random(f"play-{seed}"))
    return HandRecord.from_hand(hand, seed=seed).to_json()


@_call
def call_puzzle(kind: str | None = None, seed: int | None = None, spec: dict | None = None,
                answer: bool = False) -> dict:
    """A puzzle from ``kind`` and ``seed`` (generated) or from an authored ``spec``; with
    ``answer`` the engine's answer and the worked steps are included."""
    from . import puzzles
    spec = spec if spec is not None else {"kind": kind, "seed": seed}
    return puzzles.cached(spec).to_json(with_answer=answer)


@_call
def call_check(spec: dict, answer) -> dict:
    """Check an answer to a puzzle: correct or not, and an explanation for this answer."""
    from . import puzzles
    return puzzles.cached(spec).check(answer)


@_call
def call_facts(players: int = 4) -> dict:
    """The figures of the game for ``players``: cards each, the dealer's, the scart, the
    batches of each deal method, the pack's total and par per counting method, the catch-up
    thresholds and the hands in a game (see troccas.facts)."""
    from .facts import facts
    return facts(players).to_json()


@_call
def call_options() -> dict:
    """The rule options, their values and the sources that play each."""
    return {"options": [{"name": o.name, "default": o.default, "point": o.point, "note": o.note,
                         "values": [{"value": v, "sources": list(src), "meaning": m}
                                    for v, (src, m) in o.values.items()]}
                        for o in OPTIONS.values()],
            "not_options": NOT_OPTIONS, "sources": SOURCES}


@_call
def call_clauses() -> dict:
    """Every rule clause the engine cites, with the site URL of the section explaining it."""
    return {"clauses": [{"id": c.id, "title": c.title, "sources": c.sources, "url": c.url,
                         "anchor": c.anchor} for c in CLAUSES.values()]}


def names() -> list[str]:
    return sorted(_CALLS)


def call(name: str, **args) -> Any:
    fn = _CALLS.get(name)
    if fn is None:
        raise TroccasError(msg("api#unknown", name=name, calls=names()))
    try:
        inspect.signature(fn).bind(**args)
    except TypeError as exc:  # wrong argument names from a page or script
        raise TroccasError(msg("api#arguments", name=name, why=str(exc),
                               takes=list(inspect.signature(fn).parameters) or ["none"])) \
            from None
    return fn(**args)


def call_json(name: str, args_json: str = "{}") -> str:
    """``call`` for the browser worker: never raises. Bad input answers a typed error;
    anything else (an engine bug) answers ``InternalError``, which the tests never accept."""
    try:
        try:
            args = json.loads(args_json) if args_json else {}
        except json.JSONDecodeError as exc:
            raise TroccasError(msg("api#json", why=exc.msg, line=exc.lineno,
                                   column=exc.colno)) from None
        except RecursionError:
            raise TroccasError(msg("api#deep")) from None
        if not isinstance(args, dict):
            raise TroccasError(msg("api#object"))
        result = call(str(name), **args)
        return json.dumps({"ok": True, "result": result}, ensure_ascii=False)
    except TroccasError as exc:
        return json.dumps({"ok": False, "error": exc.to_json()}, ensure_ascii=False)
    except Exception as exc:  # noqa: BLE001 - the worker must always get an answer
        return json.dumps({"ok": False, "error": {
            "type": "InternalError", "rule": "engine",
            "message": str(msg("engine#internal", kind=type(exc).__name__))}},
            ensure_ascii=False)
