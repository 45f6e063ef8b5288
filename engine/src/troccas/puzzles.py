"""Troccas's puzzles: a situation, a question, the engine's answer, and feedback for any other
answer. Each kind is registered once, in its section below, as a ``cardgame.puzzles.PuzzleKind``
(its fields, generator, authored form, check, hint and explanation together):

``count`` (points of a pile), ``buob`` (what moves on a call for the jack), ``fool`` (the card
given for the Fool), ``legal`` (which cards may be played), ``winner`` (which card takes the
trick) and ``scart`` (which two cards may be laid away).

A puzzle is rebuilt from its *spec*: ``{"kind": "legal", "seed": 7}`` for a generated one (the
same seed gives the same puzzle on the command line, in handouts and in the browser), or the
fields of an authored one (see ``AUTHORED_FIELDS``). Generated situations come from real deals
played with legal moves, so each could happen at a table. The answer is always computed here;
an authored ``expect`` is only compared with it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from cardgame.puzzles import COMMON_FIELDS as _COMMON
from cardgame.puzzles import Puzzle, PuzzleKind, PuzzleKinds

from . import counting
from .cards import (CAVALIER, FOOL, JACK, KING, POINTS, QUEEN, RANK_OF, SUIT_OF,
                    TOKEN, TRUMP, as_code, parse_ids, sort_ids, suit_card)
from .deal import check_players
from .errors import DOMAIN, Message, TroccasError, msg, quote
from .fool import low_cards
from .hand import Hand, TrickRecord, play_random
from .play import (SUIT_CODE, explain_winner, led_suit, legal_mask, play_verdict, refusal,
                   suit_name, why_not_winner)
from .record import HandRecord
from .rules import CLAUSES, Rules
from .scart import scart_verdict
from .situation import SituationError, setup_hand

__all__ = ["KINDS", "TITLES", "COMMON_FIELDS", "AUTHORED_FIELDS", "RULE_STEPS", "REGISTRY",
           "Puzzle", "PuzzleError", "generate", "from_spec", "from_authored", "verify_expect",
           "cached", "check_kind", "void_scarts"]

class PuzzleError(TroccasError):
    rule = "puzzle"


# ---- helpers -----------------------------------------------------------------------------
def _normal(answer: object) -> object:
    if isinstance(answer, list):
        return sorted(TOKEN[c] for c in parse_ids(answer))
    if isinstance(answer, str) and answer not in ("none", "owed", "keep", "lost"):
        try:
            return TOKEN[parse_ids(answer)[0]] if len(parse_ids(answer)) == 1 else \
                sorted(TOKEN[c] for c in parse_ids(answer))
        except TroccasError:
            return answer
    return answer


def _spoken(answer: Any) -> str | None:
    """Cards as the language writes them, where its codes are not the tokens ("Kk" for the
    answer "Kc" in German); a word such as 'none' stays the answer."""
    many = isinstance(answer, (list, tuple))
    text = " ".join(as_code(list(answer))) if many else as_code(answer)
    return text if text != (" ".join(answer) if many else answer) else None


REGISTRY = PuzzleKinds(DOMAIN, PuzzleError, clauses=CLAUSES, spoken=_spoken, normal=_normal)
_make = REGISTRY.make


def _tokens(ids: Iterable[int]) -> list[str]:
    return [TOKEN[c] for c in ids]


def _plays(players: Iterable[int], cards: Iterable[int]) -> list[list[Any]]:
    return [[p, TOKEN[c]] for p, c in zip(players, cards)]


def _one_card(given: object) -> int:
    if isinstance(given, list):
        if len(given) != 1:
            raise PuzzleError(msg("puzzle#one_card"))
        given = given[0]
    return parse_ids(str(given))[0]


def _hint(kind: str) -> Callable[[Puzzle], Message]:
    """The rule of a kind of puzzle said in general: puzzle.hint.<kind>."""
    return lambda pz: msg(f"puzzle.hint.{kind}")


def _trick_cards(plays: list[list[Any]]) -> tuple[str, ...]:
    return tuple(c for _, c in plays)


def _random_hand(rng: random.Random, players: int = 4) -> Hand:
    hand = Hand(players, rng.randrange(players), seed=rng.getrandbits(32))
    if hand.phase == "deal_method":
        hand.apply_action(hand.legal_action_ids()[0])
    hand.deal_through()
    return hand


def _cards_field(spec: dict[str, Any], name: str) -> list[int]:
    value = spec.get(name, "")
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    return parse_ids(str(value))


def _trick_field(spec: dict[str, Any], name: str = "trick") -> list[tuple[int, int]]:
    ids = _cards_field(spec, name)
    return [(i, c) for i, c in enumerate(ids)]


def _any_one_of(cards: list[str]) -> dict[str, Any]:
    """Where several cards are right, the answer as a person says it (a key that names one
    card would have a teacher mark the others wrong)."""
    return {"answer_text": msg("puzzle#answer_one_of", cards=cards)} if len(cards) > 1 else {}


def _given_choice(pz: Puzzle, given: object) -> str:
    g = given[0] if isinstance(given, list) and len(given) == 1 else given
    g = str(g).strip()
    return g if g in pz.choices else TOKEN[_one_card(g)]


def _check_choice(why_not: Callable[[Puzzle, str], Message]
                  ) -> Callable[[Puzzle, object], dict[str, Any]]:
    """A check that says right, with the worked reason, or wrong, with why *this* answer is
    wrong (``why_not``). The wrong-answer text names the rule that applies but not the card, so
    "try again" still means something."""
    def check(pz: Puzzle, given: object) -> dict[str, Any]:
        g = _given_choice(pz, given)
        if g in {pz.answer, *pz.accept}:
            return {"correct": True, "explanation": msg("puzzle#right_then", then=pz.steps[0])}
        return {"correct": False, "explanation": why_not(pz, g)}
    return check


def _seat_of(pz: Puzzle, card: str) -> int | None:
    return next((p for p, c in pz.situation["trick"] if c == card), None)


def _authored_hand(spec: dict[str, Any]) -> Hand:
    """A real deal played up to the moment an authored buob or Fool puzzle asks about."""
    rules = Rules.from_json(spec.get("rules"))
    hands = spec.get("hands") or {}
    if not isinstance(hands, dict):
        raise PuzzleError(msg("situation#mapping", field="hands", value=quote(hands)))
    plays = spec.get("plays") or []
    if not isinstance(plays, list):
        raise PuzzleError(msg("puzzle#plays_list", field="plays"))
    try:
        return setup_hand(hands, players=spec.get("players", 4), dealer=spec.get("dealer", 0),
                          scart=spec.get("scart", ""), plays=plays, rules=rules,
                          void=spec.get("void"), seed=spec.get("seed", 0))
    except SituationError as exc:
        raise PuzzleError(exc.msg or exc.message) from None


# ---- count -------------------------------------------------------------------------------
def _count_steps(r: counting.Count) -> list[Message]:
    """The count as a person works it out: each group with its values, what comes off and what
    it is worth; counted singly, the cards out of the scart in one line and the scart's in
    another; the total only when there is more than one line to add up."""
    steps = []
    if r.method == "singly":
        for less, what in ((0, "singly"), (1, "singly_scart")):
            cards = [g.cards[0] for g in r.groups if bool(g.less) == bool(less)]
            if cards:
                points = sum(POINTS[c] for c in cards) - less * len(cards)
                one = "_one" if len(cards) == 1 else ""  # "Fool: 5 = 5" says nothing
                steps.append(msg(f"puzzle.count#group_{what}{one}", cards=_tokens(cards),
                                 values=" + ".join(str(POINTS[c]) for c in cards),
                                 sum=sum(POINTS[c] for c in cards), n=len(cards),
                                 points=points))
    else:
        for g in r.groups:
            what = {4: "four", 3: "three", 2: "pair", 1: "single"}[len(g.cards)]
            steps.append(msg(f"puzzle.count#group_{what}", cards=_tokens(g.cards),
                             values=" + ".join(str(POINTS[c]) for c in g.cards), sum=g.sum,
                             points=g.points))
    if len(steps) > 1:  # "Total: 9 = 9" says nothing
        terms = [m.params["points"] for m in steps]
        steps.append(msg("puzzle.count#total", terms=" + ".join(map(str, terms)),
                         points=r.points))
    return steps


def _count_puzzle(spec: dict[str, Any], pile: list[int], method: str, scart: list[int],
                  context: str, players: int | None = None) -> Puzzle:
    r = counting.count(pile, method, scart=scart)
    rule = {"fours": "count.fours", "threes": "count.threes", "singly": "count.singly"}[method]
    return _make("count", spec, msg(f"puzzle.count#question_{method}"),
                  {"pile": _tokens(pile), "method": method, "scart": _tokens(scart),
                   "context": context, "groups": [list(_tokens(g.cards)) for g in r.groups],
                   "players": players},
                  r.points, _count_steps(r), rule,
                  top=r.value_sum, extra={"value_sum": r.value_sum})


def _check_count(pz: Puzzle, given: object) -> dict[str, Any]:
    try:
        n = int(str(given).strip())
    except ValueError:
        return {"correct": False, "explanation": msg("puzzle.count#not_number", given=str(given))}
    if n == pz.answer:
        return {"correct": True, "explanation": msg("puzzle.count#right", points=pz.answer)}
    method = pz.situation["method"]
    total = pz.extra["value_sum"]
    if n == total:
        why = clue = msg(f"puzzle.count#value_sum_{method}", n=n)
    else:
        why = msg("puzzle.count#wrong", n=n)
        clue = msg("puzzle.hint.count#too_high" if n > pz.answer else "puzzle.hint.count#too_low", n=n)
    return {"correct": False, "clue": clue,
            "explanation": msg("puzzle.count#explained", why=why, steps=list(pz.steps))}


def _gen_count(seed: int, rng: random.Random) -> Puzzle:
    variant = rng.random()
    players, method = (4, "fours") if variant < 0.7 else (3, "threes") if variant < 0.85 \
        else (5, "singly")
    hand = play_random(_random_hand(rng, players), rng)
    side = rng.randrange(hand.n_sides)
    assert hand.result is not None  # play_random plays the hand out
    groups = [g for g in hand.piles[side]]
    scart = list(hand.scart) if hand.result["scart_side"] == side else []
    k = rng.randint(1, {"fours": 3, "threes": 4, "singly": 2}[method])
    tricks = [g for g in groups if g is not groups[-1] or not scart][:k]
    pile = [c for g in tricks for c in g]
    if scart and rng.random() < 0.5:
        pile += scart
    else:
        scart = []
    context = msg(f"puzzle.count#context_{method}" + ("_scart" if scart else ""))
    return _count_puzzle({"kind": "count", "seed": seed}, pile, method,
                         scart if method == "singly" else [], str(context), players)


def _author_count(spec: dict[str, Any]) -> Puzzle:
    if "pile" not in spec:
        raise PuzzleError(msg("puzzle.count#needs_pile", field="pile"))
    method = counting.check_method(spec.get("method", "fours"))
    pile = _cards_field(spec, "pile")
    if not pile:
        raise PuzzleError(msg("puzzle.count#empty_pile", field="pile"))
    scart = _cards_field(spec, "scart")
    counting.check_scart(pile, scart, method)
    return _count_puzzle(spec, pile, method, scart, "")


def _hint_count(pz: Puzzle) -> Message:
    return msg(f"puzzle.hint.count.{pz.situation['method']}")


REGISTRY.register(PuzzleKind(
    "count", "number", generate=_gen_count, check=_check_count, hint=_hint_count, author=_author_count,
    fields=frozenset({'pile', 'method', 'scart'})))


# ---- buob --------------------------------------------------------------------------------
def _buob_from_hand(spec: dict[str, Any], hand: Hand, call: str) -> Puzzle:
    if hand.phase == "take_back":
        return _kingjack_puzzle(spec, hand)
    if hand.phase != "call":
        second = _second_lead_puzzle(spec, hand, call)
        if second is not None:
            return second
        raise PuzzleError(msg("puzzle.buob#no_call"))
    assert hand.pending_call is not None  # the phase is "call"
    s, caller = hand.pending_call
    holder = next((p for p in range(hand.n) if suit_card(s, JACK) in hand.cards_of(p)), None)
    plays = _plays(hand.trick_players, hand.trick_cards)
    record = HandRecord.from_hand(hand).to_json()
    events = hand.apply(f"{caller} call {call}")
    ev = next(e for e in events if e["type"] == "buob")
    answer = ev["returned"] or "none"
    jack = ev["jack"]
    question = msg("puzzle.buob#question_scart" if holder is None else "puzzle.buob#question",
                   seat=caller, call=call, suit=SUIT_CODE[s], holder=holder)
    return _make("buob", spec, question,
                  {"trick": plays, "caller": caller, "call": call, "jack": jack,
                   "jack_holder": holder, "winner": hand.trick_winner, "record": record,
                   "case": "call", "players": hand.n},
                  answer,
                  (msg("puzzle#sentence", why=Message.from_json(DOMAIN, ev["msg"])),),
                  ev["rule"], choices=("none",), offer=_trick_cards(plays))


def _kingjack_puzzle(spec: dict[str, Any], hand: Hand) -> Puzzle:
    """King and jack played together to the first lead of a suit: the card taken back."""
    assert hand.kj is not None  # the phase is "take_back"
    p, s = hand.kj
    choices = _tokens(hand.take_back_choices())
    jack, king = suit_card(s, JACK), suit_card(s, KING)
    plays = _plays(hand.trick_players, hand.trick_cards)
    record = HandRecord.from_hand(hand).to_json()
    text = msg("puzzle.buob#kingjack", seat=p, suit=SUIT_CODE[s], cards=choices)
    return _make("buob", spec, msg("puzzle.buob#question_kingjack", seat=p, suit=SUIT_CODE[s]),
                  {"trick": plays, "caller": p, "call": None, "jack": TOKEN[jack],
                   "jack_holder": p, "winner": hand.trick_winner, "record": record,
                   "case": "kingjack", "king": TOKEN[king], "players": hand.n},
                  choices[0], (text,), "buob.king_jack", accept=tuple(choices),
                  choices=("none",), offer=_trick_cards(plays), **_any_one_of(choices))


def _second_lead_puzzle(spec: dict[str, Any], hand: Hand, call: str) -> Puzzle | None:
    """A suit led again with its king in the trick: no call, nothing moves (or None)."""
    if hand.phase != "play" or hand.plays_in_trick or not hand.finished_tricks:
        return None
    players, cards, winner = hand.finished_tricks[-1][:3]
    s = led_suit(cards)
    if not 0 <= s < 4:
        return None
    jack, king = suit_card(s, JACK), suit_card(s, KING)
    before = [i for i, t in enumerate(hand.finished_tricks[:-1], 1) if led_suit(t[1]) == s]
    if king not in cards or jack in cards or not before:
        return None
    holder = next((q for q in range(hand.n) if jack in hand.cards_of(q)), None)
    text = msg("puzzle.buob#second_lead", suit=SUIT_CODE[s], trick=before[0])
    return _make("buob", spec, msg("puzzle.buob#question_second", seat=winner, call=call),
                  {"trick": _plays(players, cards), "caller": winner, "call": call,
                   "jack": TOKEN[jack], "jack_holder": holder, "winner": winner,
                   "record": HandRecord.from_hand(hand).to_json(), "case": "second_lead",
                   "players": hand.n},
                  "none", (text,), "buob.first_lead", choices=("none",),
                  offer=_trick_cards(_plays(players, cards)))


def _why_not_buob(pz: Puzzle, g: str) -> Message:
    sit = pz.situation
    holder, case = sit.get("jack_holder"), sit.get("case")
    if case == "second_lead":
        return msg("puzzle.buob#hint_second_lead")
    if case == "kingjack":
        if g == "none":
            return msg("puzzle.buob#hint_kingjack_moves")
        if _seat_of(pz, g) == holder:
            return msg("puzzle.buob#hint_kingjack_own", card=g, seat=holder)
        return msg("puzzle.buob#hint_kingjack_not", card=g)
    if g == "none":
        return msg("puzzle.buob#hint_moves" if holder is not None else
                   "puzzle.buob#hint_where_jack")
    if pz.answer == "none":
        hint = {"buob.scart": "scart", "buob.fool": "fool", "buob.sche": "sche",
                "buob.court": "court", "buob.own_king": "own_king"}.get(pz.rule, "none")
        return msg(f"puzzle.buob#stays_{hint}", card=g)
    seat = _seat_of(pz, g)
    if seat is None:
        return msg("puzzle.winner#not_in_trick", card=g)
    if seat != holder:
        return msg("puzzle.buob#hint_not_holder", card=g, seat=seat)
    return msg("puzzle.buob#hint_not_card", card=g)


_BUOB_CASES = ("exchange", "sche", "queen", "fool", "scart", "exchange")


def _gen_buob(seed: int, rng: random.Random) -> Puzzle:
    want = _BUOB_CASES[seed % len(_BUOB_CASES)]
    fallback: tuple[Hand, str] | None = None
    for _attempt in range(300):
        hand = _random_hand(rng)
        while not hand.is_terminal() and hand.phase != "call":
            ids = hand.legal_action_ids()
            hand.apply_action(ids[int(rng.random() * len(ids))])
        if hand.phase != "call":
            continue
        assert hand.pending_call is not None  # the phase is "call"
        s, caller = hand.pending_call
        jack = suit_card(s, JACK)
        holder = next((p for p in range(hand.n) if jack in hand.cards_of(p)), None)
        mine = [c for q, c in zip(hand.trick_players, hand.trick_cards) if q == holder]
        case = ("scart" if holder is None else "fool" if mine == [FOOL] else
                "queen" if mine and SUIT_OF[mine[0]] == s and RANK_OF[mine[0]] in (CAVALIER, QUEEN)
                else "exchange")
        call = "buob_sche" if want == "sche" or (case == "queen" and rng.random() < 0.5) \
            else "buob"
        if case == want or (want == "sche" and case == "queen"):
            return _buob_from_hand({"kind": "buob", "seed": seed}, hand, call)
        if fallback is None and case == "exchange":
            fallback = (hand, call)
    assert fallback is not None  # some deal of 300 reaches a call
    hand, call = fallback
    return _buob_from_hand({"kind": "buob", "seed": seed}, hand, call)


def _author_buob(spec: dict[str, Any]) -> Puzzle:
    hand = _authored_hand(spec)
    call = spec.get("call", "buob")
    if call not in ("buob", "buob_sche"):
        raise PuzzleError(msg("puzzle.buob#call", value=quote(call), field="call"))
    return _buob_from_hand(spec, hand, call)


REGISTRY.register(PuzzleKind(
    "buob", "card_or_choice", generate=_gen_buob, check=_check_choice(_why_not_buob), hint=_hint("buob"), author=_author_buob,
    fields=frozenset({'hands', 'dealer', 'scart', 'plays', 'call', 'void', 'players', 'seed'})))


# ---- fool --------------------------------------------------------------------------------
FOOL_CHOICES = ("keep", "owed", "lost")


def _fool_from_hand(spec: dict[str, Any], hand: Hand) -> Puzzle:
    if hand.phase == "call":
        raise PuzzleError(msg("puzzle.fool#call_pending"))
    if not hand.finished_tricks or FOOL not in hand.finished_tricks[-1][1]:
        raise PuzzleError(msg("puzzle.fool#no_fool"))
    players, cards, winner, wside, _, fool_ev = hand.finished_tricks[-1]
    fp = players[cards.index(FOOL)]
    fside = hand.side_of[fp]
    # The side's won tricks before this one (where the low card comes from).
    earlier = [list(t[1]) for t in hand.finished_tricks[:-1] if t[3] == fside]
    low = sorted({c for t in earlier for c in low_cards(t)})
    record = HandRecord.from_hand(hand).to_json()
    sit = {"trick": _plays(players, cards), "fool_player": fp, "winner": winner,
           "fool_side": [p for p in range(hand.n) if hand.side_of[p] == fside],
           "side_tricks": [_tokens(t) for t in earlier], "record": record,
           "players": hand.n}
    offer = tuple(c for t in sit["side_tricks"] for c in t)
    q = msg("puzzle.fool#question", seat=fp, winner=winner)
    # What happened to the Fool is the engine's: the events of the trick's end and the hand's.
    if fool_ev is not None and any(e["type"] == "all_tricks" for e in hand.events):
        return _make("fool", spec, q, sit, "lost",
                      (msg("puzzle.fool#all_tricks"),),
                      "fool.all_tricks", choices=FOOL_CHOICES, offer=offer)
    if fool_ev is None:  # the Fool's own side won the trick: nothing to exchange
        return _make("fool", spec, q, sit, "keep",
                      (msg("puzzle.fool#keep"),), "fool.exchange", choices=FOOL_CHOICES, offer=offer)
    if fool_ev["type"] == "fool_owed":
        return _make("fool", spec, q, sit, "owed",
                      (msg("puzzle.fool#owed"),),
                      "fool.owed", choices=FOOL_CHOICES, offer=offer)
    return _make("fool", spec, q, sit, TOKEN[low[0]],
                  (msg("puzzle.fool#exchange"),), "fool.exchange",
                  accept=tuple(_tokens(low)), choices=FOOL_CHOICES,
                  offer=offer, **_any_one_of(_tokens(low)))


def _why_not_fool(pz: Puzzle, g: str) -> Message:
    sit = pz.situation
    answer = pz.answer
    own_side_won = answer == "keep"
    if g == "keep":
        return msg("puzzle.fool#hint_keep")
    if g == "owed":
        which = "own" if own_side_won else "lost" if answer == "lost" else "won"
        return msg(f"puzzle.fool#hint_owed_{which}")
    if g == "lost":
        return msg("puzzle.fool#hint_lost")
    if own_side_won:
        return msg("puzzle.fool#hint_own_side", card=g)
    if answer in ("owed", "lost"):
        return msg("puzzle.fool#hint_cannot_give", card=g)
    won = {c for t in sit["side_tricks"] for c in t}
    if g not in won:
        return msg("puzzle.fool#hint_not_won", card=g)
    return msg("puzzle.fool#hint_not_low", card=g)


def _gen_fool(seed: int, rng: random.Random) -> Puzzle:
    want = ("exchange", "owed", "exchange", "keep")[seed % 4]
    fallback: Hand | None = None
    for _attempt in range(200):
        hand = _random_hand(rng)
        while not hand.is_terminal():
            ids = hand.legal_action_ids()
            hand.apply_action(ids[int(rng.random() * len(ids))])
            if hand.phase == "play" and hand.plays_in_trick == 0 and hand.finished_tricks \
                    and FOOL in hand.finished_tricks[-1][1]:
                break
        if hand.is_terminal() and not (hand.finished_tricks and FOOL in hand.finished_tricks[-1][1]):
            continue
        t = hand.finished_tricks[-1]
        fside = hand.side_of[t[0][t[1].index(FOOL)]]
        ev = t[5]
        case = "keep" if fside == t[3] else ("owed" if ev and ev["type"] == "fool_owed"
                                             else "exchange")
        if case == want:
            return _fool_from_hand({"kind": "fool", "seed": seed}, hand)
        if fallback is None:
            fallback = hand
    assert fallback is not None  # some deal of 200 has the Fool played
    return _fool_from_hand({"kind": "fool", "seed": seed}, fallback)


def _author_fool(spec: dict[str, Any]) -> Puzzle:
    return _fool_from_hand(spec, _authored_hand(spec))


REGISTRY.register(PuzzleKind(
    "fool", "card_or_choice", generate=_gen_fool, check=_check_choice(_why_not_fool), hint=_hint("fool"), author=_author_fool,
    fields=frozenset({'hands', 'dealer', 'scart', 'plays', 'void', 'players', 'seed'}),
    rule_steps=frozenset({"puzzle.fool#keep", "puzzle.fool#owed", "puzzle.fool#all_tricks",
                          "puzzle.fool#exchange"})))


# ---- legal -------------------------------------------------------------------------------
def _legal_puzzle(spec: dict[str, Any], hand_ids: list[int], trick_plays: list[tuple[int, int]],
                  seat: int | None = None, players: int | None = None) -> Puzzle:
    trick_ids = [c for _, c in trick_plays]
    if set(hand_ids) & set(trick_ids):
        raise PuzzleError(msg("notation.duplicate#hand_trick",
                              card=TOKEN[(set(hand_ids) & set(trick_ids)).pop()]))
    hmask = sum(1 << c for c in hand_ids)
    led = led_suit(trick_ids)
    legal = legal_mask(hmask, led)
    answer = [TOKEN[c] for c in sort_ids(hand_ids) if legal >> c & 1]
    steps = []
    if not trick_ids or led < 0:
        steps.append(msg("puzzle.legal#lead"))
        rule = "play.fool_lead" if trick_ids else "play.turn"
    else:
        # The clause of the puzzle: the rule that refuses a card, else the one that allows them.
        verdicts = [play_verdict(hmask, led, c) for c in sort_ids(hand_ids) if c != FOOL]
        refused = [(c, v) for c, v in zip([c for c in sort_ids(hand_ids) if c != FOOL],
                                           verdicts) if not v.ok]
        # The cards refused for the same reason in one sentence, not one sentence each; the
        # reason says what was led, so the suit led is said alone only when nothing is refused.
        if not refused:
            steps.append(msg("puzzle.legal#led", suit=SUIT_CODE[led]))
        reasons: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[Message, list[str]]] = {}
        for c, v in refused:
            same = (v.reason.id, tuple(sorted((k, str(x)) for k, x in v.reason.params.items()
                                              if k != "card")))
            reasons.setdefault(same, (v.reason, []))[1].append(TOKEN[c])
        for reason, cards in reasons.values():
            steps.append(msg("puzzle.legal#not", why=Message(
                reason.domain, reason.id,
                {**reason.params, "card": msg("puzzle#cards_and", cards=cards)})))
        rule = (refused[0][1] if refused else verdicts[0]).rule if verdicts else "play.fool"
        if FOOL in hand_ids:
            steps.append(msg("puzzle.legal#fool"))
    if not any(m.id == "puzzle.legal#not" for m in steps):
        # Otherwise the refusals are the working and the answer is what they leave: said
        # again ("May be played: …" after "Solution: …") it only repeats the answer.
        steps.append(msg("puzzle.legal#answer", cards=answer))
    return _make("legal", spec, msg("puzzle.legal#question"),
                  {"hand": _tokens(sort_ids(hand_ids)), "trick": _plays(*zip(*trick_plays))
                   if trick_plays else [], "seat": seat,
                   "led": suit_name(led) if led >= 0 else None, "players": players},
                  answer, steps, rule, offer=tuple(_tokens(sort_ids(hand_ids))))


def _check_legal(pz: Puzzle, given: object) -> dict[str, Any]:
    chosen = set(parse_ids(given if isinstance(given, (list, str)) else []))
    right = set(parse_ids(pz.answer))
    if chosen == right:
        return {"correct": True, "explanation": msg("puzzle.legal#right")}
    hand = parse_ids(pz.situation["hand"])
    hmask = sum(1 << c for c in hand)
    led = led_suit(parse_ids([c for _, c in pz.situation["trick"]]))
    notes, rule = [], pz.rule
    for c in sort_ids(chosen - right):
        why = refusal(hmask, led, c)
        if why:
            notes.append(msg("puzzle.legal#may_not", card=TOKEN[c], why=why))
            rule = why.rule
    missed = sort_ids(right - chosen)
    for c in missed:
        notes.append(msg("puzzle.legal#may_too", card=TOKEN[c],
                         why=play_verdict(hmask, led, c).reason))
    # The clue: why the first card chosen wrongly may not be played (the reader's own card),
    # else how many playable cards were left out, without naming them.
    clue = notes[0] if len(notes) > len(missed) else msg("puzzle.hint.legal#missed", n=len(missed))
    return {"correct": False, "explanation": msg("puzzle#notes", notes=notes), "rule": rule,
            "clue": clue}


def _gen_legal(seed: int, rng: random.Random) -> Puzzle:
    for _ in range(50):
        hand = _random_hand(rng)
        stop = rng.randrange(4, 60)
        while not hand.is_terminal() and hand.action_count < stop + 20:
            ids = hand.legal_action_ids()
            hand.apply_action(ids[int(rng.random() * len(ids))])
            if hand.phase == "play" and hand.plays_in_trick > 0 and hand.action_count >= stop:
                break
        if hand.phase != "play" or hand.plays_in_trick == 0:
            continue
        p = hand.current_player
        ids = hand.cards_of(p)
        legal = legal_mask(hand.seat_mask(p), hand.led)
        if 0 < bin(legal).count("1") < len(ids) or rng.random() < 0.1:
            return _legal_puzzle({"kind": "legal", "seed": seed}, ids,
                                 list(zip(hand.trick_players, hand.trick_cards)), seat=p,
                                 players=hand.n)
    raise AssertionError("no legal-play situation found")  # pragma: no cover


def _author_legal(spec: dict[str, Any]) -> Puzzle:
    return _legal_puzzle(spec, _cards_field(spec, "hand"), _trick_field(spec))


def _expect_legal(pz: Puzzle, expect: object) -> bool:
    return _normal(expect if isinstance(expect, list) else str(expect).split()) == \
        _normal(pz.answer)


REGISTRY.register(PuzzleKind(
    "legal", "cards", generate=_gen_legal, check=_check_legal, hint=_hint("legal"), author=_author_legal,
    fields=frozenset({'hand', 'trick'}),
    expect=_expect_legal, rule_steps=frozenset({"puzzle.legal#lead", "puzzle.legal#fool"})))


# ---- winner ------------------------------------------------------------------------------
def _winner_puzzle(spec: dict[str, Any], trick_plays: list[tuple[int, int]],
                   players: int | None = None) -> Puzzle:
    cards = [c for _, c in trick_plays]
    if len(cards) < 2 or all(c == FOOL for c in cards):
        raise PuzzleError(msg("puzzle.winner#two_cards"))
    i, why = explain_winner(cards)
    return _make("winner", spec, msg("puzzle.winner#question"),
                 {"trick": _plays(*zip(*trick_plays)), "players": players}, TOKEN[cards[i]],
                 (msg("puzzle#sentence", why=why),), "trick.winner", offer=tuple(_tokens(cards)))


def _check_winner(pz: Puzzle, given: object) -> dict[str, Any]:
    c = _one_card(given)
    if TOKEN[c] == pz.answer:
        return {"correct": True, "explanation": pz.steps[0]}
    cards = parse_ids([t for _, t in pz.situation["trick"]])
    if c not in cards:
        return {"correct": False, "explanation": msg("puzzle.winner#not_in_trick",
                                                      card=TOKEN[c])}
    why = why_not_winner(cards, cards.index(c))
    return {"correct": False, "explanation": msg("puzzle#then", first=why, then=pz.steps[0]),
            "clue": _winner_clue(why, c)}


def _winner_clue(why: Message, card: int) -> Message:
    """why_not_winner's reason without the card that wins."""
    if why.id == "trick.winner#trumped":
        return msg("puzzle.hint.winner#trumped", card=TOKEN[card])
    if why.id in ("trick.winner#ranks", "trick.winner#ranks_round"):
        if SUIT_OF[card] == TRUMP:
            return msg("puzzle.hint.winner#trump_ranks", card=TOKEN[card])
        kind = "ranks_round" if why.id == "trick.winner#ranks_round" else "ranks"
        return msg(f"puzzle.hint.winner#{kind}", card=TOKEN[card], suit=SUIT_CODE[SUIT_OF[card]])
    return why  # the Fool, or a card off the suit led: nothing of the winner said


def _gen_winner(seed: int, rng: random.Random) -> Puzzle:
    hand = play_random(_random_hand(rng), rng)
    tricks = hand.finished_tricks
    # Prefer tricks with something to think about: a trump, the Fool, a round suit.
    def interest(t: TrickRecord) -> float:
        cards = t[1]
        return (any(SUIT_OF[c] == TRUMP for c in cards) + (FOOL in cards)
                + (led_suit(cards) in (0, 1)) + rng.random())
    t = max(rng.sample(tricks, 5), key=interest)
    return _winner_puzzle({"kind": "winner", "seed": seed}, list(zip(t[0], t[1])), hand.n)


def _author_winner(spec: dict[str, Any]) -> Puzzle:
    return _winner_puzzle(spec, _trick_field(spec))


REGISTRY.register(PuzzleKind(
    "winner", "card", generate=_gen_winner, check=_check_winner, hint=_hint("winner"), author=_author_winner,
    fields=frozenset({'trick'})))


# ---- scart -------------------------------------------------------------------------------
SCART_GOALS = ("void",)


def _may_lay_away(hand_ids: Sequence[int]) -> set[int]:
    """The cards of ``hand_ids`` the scart rule (:func:`scart_verdict`) lets the dealer lay away."""
    return {c for c in hand_ids if scart_verdict(hand_ids, c).ok}


def void_scarts(hand_ids: Sequence[int], k: int) -> list[tuple[int, list[int]]]:
    """The suits the dealer can empty with a scart of ``k`` cards, with their cards: every
    card of the suit held goes, each one the scart rule allows (so never a suit with its king)."""
    plans = []
    may = _may_lay_away(hand_ids)
    for s in range(4):
        cards = sort_ids(c for c in hand_ids if SUIT_OF[c] == s)
        if cards and len(cards) <= k and all(c in may for c in cards):
            plans.append((s, cards))
    return plans


def _scart_puzzle(spec: dict[str, Any], hand_ids: list[int], players: int = 4, goal: object = None
                  ) -> Puzzle:
    from .deal import SCART_SIZE
    k = SCART_SIZE[players]
    may = _may_lay_away(hand_ids)
    allowed = [TOKEN[c] for c in sort_ids(hand_ids) if c in may]
    honours = [TOKEN[c] for c in sort_ids(hand_ids) if c not in may]
    steps = [msg("puzzle.scart#lays", k=k),
             msg("puzzle.scart#honours", cards=honours) if honours else
             msg("puzzle.scart#no_honours")]
    held = _tokens(sort_ids(hand_ids))
    situation = {"hand": held, "count": k, "players": players}
    if goal is None:
        steps.append(msg("puzzle.scart#wise"))
        return _make("scart", spec, msg("puzzle.scart#question", n=len(hand_ids), k=k),
                     situation, allowed, steps, "scart.honour", offer=tuple(held),
                     answer_text=msg("puzzle.scart#answer_any", k=k, n=len(allowed),
                                     cards=allowed), pick=k, extra={"k": k})
    if goal not in SCART_GOALS:
        raise PuzzleError(msg("puzzle.scart#goal", value=quote(goal), goals=list(SCART_GOALS),
                              field="goal"))
    # The judged goal (stated on the puzzle page and tested): after the scart the dealer holds
    # no card of some suit he held before.
    plans = void_scarts(hand_ids, k)
    if not plans:
        raise PuzzleError(msg("puzzle.scart#no_void_possible", k=k, field="hand"))
    for s, cards in plans:
        steps.append(msg("puzzle.scart#void_plan", suit=SUIT_CODE[s], cards=_tokens(cards), k=k))
    s, cards = plans[0]
    example = _tokens((cards + [c for c in sort_ids(hand_ids)
                                if c in may and c not in cards])[:k])
    return _make("scart", spec, msg("puzzle.scart#question_void", n=len(hand_ids), k=k),
                 situation, example, steps, "scart", offer=tuple(held),
                 answer_text=msg("puzzle.scart#answer_void", cards=example, suit=SUIT_CODE[s]),
                 pick=k, extra={"k": k, "goal": goal})


def _check_scart(pz: Puzzle, given: object) -> dict[str, Any]:
    chosen = parse_ids(given if isinstance(given, (list, str)) else [])
    k = pz.extra["k"]
    hand = parse_ids(pz.situation["hand"])
    verdicts = [scart_verdict(hand, c) for c in chosen]
    not_held = [v for v in verdicts if v.rule == "play.in_hand"]
    if not_held:
        return {"correct": False, "explanation": msg("puzzle#sentence", why=not_held[0].reason)}
    if len(chosen) != k:
        return {"correct": False, "rule": "scart",
                "explanation": msg("puzzle.scart#size", k=k, n=len(chosen))}
    honours = [TOKEN[c] for c, v in zip(chosen, verdicts) if not v.ok]
    if honours:
        return {"correct": False, "rule": "scart.honour",
                "explanation": msg("puzzle.scart#honour" if len(honours) == 1
                                   else "puzzle.scart#honours_chosen", cards=honours)}
    left = [c for c in hand if c not in chosen]
    if pz.extra.get("goal") == "void":
        emptied = [s for s in range(4) if any(SUIT_OF[c] == s for c in chosen)
                   and not any(SUIT_OF[c] == s for c in left)]
        if not emptied:
            return {"correct": False, "rule": "scart",
                    "explanation": msg("puzzle.scart#no_void")}
        return {"correct": True, "rule": "scart", "wise": True,
                "explanation": msg("puzzle.scart#void_made", suit=SUIT_CODE[emptied[0]])}
    # Allowed. Wisdom: does it leave a suit void, or lay away trumps?
    advice = []
    for s in {SUIT_OF[c] for c in chosen if SUIT_OF[c] < 4}:
        if not any(SUIT_OF[c] == s for c in left):
            advice.append(msg("puzzle.scart#void", suit=SUIT_CODE[s]))
    if any(SUIT_OF[c] == TRUMP for c in chosen):
        advice.append(msg("puzzle.scart#trumps"))
    if not advice:
        may = _may_lay_away(hand)
        short = min((s for s in range(4) if any(SUIT_OF[c] == s and c in may for c in hand)),
                    key=lambda s: sum(SUIT_OF[c] == s for c in hand))
        advice.append(msg("puzzle.scart#shortest", suit=SUIT_CODE[short]))
    return {"correct": True, "explanation": msg("puzzle.scart#allowed", advice=advice),
            "wise": advice[0].id == "puzzle.scart#void"}


def _gen_scart(seed: int, rng: random.Random) -> Puzzle:
    hand = _random_hand(rng)
    while hand.phase != "scart":
        hand = _random_hand(rng)
    ids = hand.cards_of(hand.dealer)
    return _scart_puzzle({"kind": "scart", "seed": seed}, ids)


def _author_scart(spec: dict[str, Any]) -> Puzzle:
    players = check_players(spec.get("players", 4))
    hand_ids = _cards_field(spec, "hand")
    from .deal import METHODS, DEFAULT_METHOD
    size = sum(METHODS[players][DEFAULT_METHOD[players]][-1][-1:]) and \
        sum(b[-1] for b in METHODS[players][DEFAULT_METHOD[players]])
    if len(hand_ids) != size:
        raise PuzzleError(msg("puzzle.scart#hand_size", size=size, players=players,
                              n=len(hand_ids), field="hand"))
    return _scart_puzzle(spec, hand_ids, players, spec.get("goal"))


def _expect_scart(pz: Puzzle, expect: object) -> bool:
    return bool(pz.check(expect)["correct"])


def _hint_scart(pz: Puzzle) -> Message:
    goal = pz.extra.get("goal")
    return msg(f"puzzle.hint.scart.{goal}" if goal else "puzzle.hint.scart")


REGISTRY.register(PuzzleKind(
    "scart", "cards", generate=_gen_scart, check=_check_scart, hint=_hint_scart, author=_author_scart,
    fields=frozenset({'hand', 'players', 'goal'}),
    expect=_expect_scart,
    rule_steps=frozenset({"puzzle.scart#lays", "puzzle.scart#no_honours", "puzzle.scart#wise"})))


# ---- the kinds, as the rest of the engine and the site read them ---------------------------------
KINDS = REGISTRY.names


class _Titles(Mapping[str, str]):
    """Each kind's title, read when asked: puzzle.title.<kind> in the catalogue of the current
    language ("Counting", "Abzählen"). A puzzle without a title of its own has its kind's."""

    def __getitem__(self, kind: str) -> str:
        if kind not in REGISTRY:
            raise KeyError(kind)
        return REGISTRY.title(kind)

    def __iter__(self) -> Iterator[str]:
        return iter(KINDS)

    def __len__(self) -> int:
        return len(KINDS)


TITLES = _Titles()
COMMON_FIELDS = set(_COMMON)
AUTHORED_FIELDS = {k.name: set(k.fields) for k in REGISTRY.values()}
# Steps that state a rule without naming anything of their puzzle: the same sentence wherever
# it applies. A worksheet's key says each of them once, not under every puzzle.
RULE_STEPS = frozenset().union(*(k.rule_steps for k in REGISTRY.values()))


def check_kind(kind: object) -> str:
    return REGISTRY.kind(kind).name


def generate(kind: object, seed: int) -> Puzzle:
    """The puzzle of this kind for this seed: the same everywhere the engine runs."""
    return REGISTRY.generate(kind, seed)


def from_authored(spec: dict[str, Any]) -> Puzzle:
    """An authored puzzle (its ``expect`` not compared)."""
    k = REGISTRY.kind(spec.get("kind"))
    unknown = sorted(set(spec) - COMMON_FIELDS - k.fields)
    if unknown:
        raise PuzzleError(msg("puzzle#unknown_field", field=unknown[0], kind=k.name,
                              fields=sorted(k.fields | COMMON_FIELDS)))
    assert k.author is not None  # every Troccas kind may be authored
    return k.author(spec)


verify_expect = REGISTRY.verify_expect
from_spec = REGISTRY.from_spec
cached = REGISTRY.cached
