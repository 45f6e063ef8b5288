"""Truc puzzles (issue 18), each drawn from a real hand played at random from its seed and
answered by the hand itself, so a puzzle can never disagree with the rules. Each kind is
registered once, at the end of this module, as a ``cardgame.puzzles.PuzzleKind``; the facade's
``puzzle`` and ``check`` give the same records as every game's (``cardgame.puzzles``):

* ``trick`` — who takes this trick (draws included): rule ``trick.winner``;
* ``hand`` — which team wins the hand, from its tricks: rule ``hand.winner``;
* ``score`` — what the hand scores, and for whom, after its bets and answers;
* ``raise`` — who may raise the stake now: rule ``bet.right``;
* ``eleven`` — what the score before the hand means for it (the 11-point rules);

and the lessons' kinds (issue 31), each also authored from a page (its ``fields``):

* ``high`` — which of these cards is highest, in the Catalan or a French pack (``cards``,
  ``pack``): the pack's ranking;
* ``lead`` — who leads the next trick after this one (``plays``, ``leader``): rule
  ``trick.winner`` and its draws;
* ``tap`` — may the dealer give one card each (``totals``, ``cut``): rule ``cut``;
* ``signal`` — what a partner's signal says (``signal``): rule ``signal``;
* ``french`` — in the French game, may the team to play raise now: rule ``bet.french_twice``.

A puzzle's answer is one of its choices (answer type ``choice``), labelled in the engine's
words. A wrong answer gets graded hints that never name the answer: the kind's rule said in
general (``puzzle.hint.<kind>``), then a clue about the answer given, read off the same hand
(``puzzle.hint.<kind>#…``); the answer and the engine's reason come with the solution.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable

from cardgame.messages import Message as _Message
from cardgame.messages import quote as _quote
from cardgame.puzzles import Puzzle, PuzzleKind, PuzzleKinds

from .errors import DOMAIN, TrucError, msg
from . import signals as _signals
from .cards import pack as _pack
from .hand import CUT_ID, DEAL_ONE, PLAY, PLAYBET, TAP, Hand
from .rules import Rules

if TYPE_CHECKING:
    from cardgame.messages import Message

    from .hand import Trick

# What a puzzle maker finds in a hand (None: nothing to ask, try the next deal): the answer,
# the reason, the situation as data, the choices (each answer and its words), the question and
# what the clues read of the hand.
Made = tuple[str, "Message", dict[str, Any], list[dict[str, Any]], "Message",
             dict[str, Any]] | None


class PuzzleError(TrucError):
    rule = "puzzle"


def _random_hand(seed: int, rng: random.Random, totals: list[int] | None = None,
                 stop: Callable[[Hand], bool] | None = None) -> Hand:
    """A four-player hand dealt from ``seed`` and played by random legal actions; ``stop(h)``
    may end it early (the moment a puzzle asks about)."""
    h = Hand(Rules(), seed % 4, seed=seed, totals=totals or [0, 0])
    while not h.is_terminal():
        if stop is not None and stop(h):
            break
        ids = h.legal_action_ids()
        h.apply_action(ids[int(rng.random() * len(ids))])
    return h


def _team_choices(h: Hand, draw: bool = False) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"answer": f"team{t}", "label": msg(f"term.{h.team_term(t)}")}
                                 for t in (0, 1)]
    if draw:
        out.append({"answer": "draw", "label": msg("puzzle#drawn")})
    return out


def _tricks(h: Hand, tricks: list[Trick]) -> list[dict[str, Any]]:
    tok = h.pack.tokens
    return [{"plays": [[p, tok[c]] for p, c in plays], "team": team} for plays, team, _ in tricks]


def _trick(deal: int, rng: random.Random) -> Made:
    h = _random_hand(deal, rng)
    if not h.tricks:
        return None
    drawn = [t for t in h.tricks if t[1] is None]
    plays, team, _ = rng.choice(drawn) if drawn and rng.random() < 0.4 else rng.choice(h.tricks)
    reason = h.trick_reason(plays)
    answer = "draw" if team is None else f"team{team}"
    return (answer, reason, {"plays": _tricks(h, [(plays, None, 0)])[0]["plays"]},
            _team_choices(h, draw=True), msg("puzzle.trick#question"), {})


def _hand(deal: int, rng: random.Random) -> Made:
    h = _random_hand(deal, rng)
    assert h.result is not None
    if h.result["how"] != "tricks":
        return None
    if all(t is not None for _, t, _ in h.tricks) and rng.random() < 0.7:
        return None  # most hands are two tricks to one: prefer those with a draw
    team, reason = h.hand_verdict([t for _, t, _ in h.tricks])
    assert reason is not None  # the hand is over, won by its tricks
    situation = {"dealer": h.dealer, "cards_each": h.cards_each,
                 "tricks": [dict(t, team=None) for t in _tricks(h, h.tricks)]}
    return (f"team{team}", reason, situation, _team_choices(h), msg("puzzle.hand#question"),
            {"drawn": any(t is None for _, t, _ in h.tricks)})


def _score(deal: int, rng: random.Random) -> Made:
    h = _random_hand(deal, rng)
    r = h.result
    assert r is not None
    bets = [e for e in h.events if e["type"] in ("bet", "answer")]
    if not bets or r["how"] not in ("fold", "tricks"):
        return None
    if r["how"] == "fold":
        reason = msg("puzzle.score#fold", team=h.side(r["team"]), points=r["points"])
    else:
        reason = msg("puzzle.score#tricks", team=h.side(r["team"]), points=r["points"])
    events = [dict(e) for e in h.events if e["type"] in ("bet", "answer", "play", "trick")]
    choices = [{"answer": f"team{t}:{p}",
                "label": msg("puzzle.score#choice", team=h.side(t), points=p)}
               for t in (0, 1) for p in (1, 2, 3)]
    return (f"team{r['team']}:{r['points']}", reason, {"dealer": h.dealer, "events": events},
            choices, msg("puzzle.score#question"), {"how": r["how"]})


def _raise(deal: int, rng: random.Random) -> Made:
    target = rng.choice((1, 2, 2, 3))

    def stop(h: Hand) -> bool:
        return h.phase == PLAY and h.pending is None and h.stake >= target and \
            len(h.trick) > 0
    h = _random_hand(deal, rng, stop=stop)
    if h.is_terminal():
        return None
    may = [t for t in (0, 1) if h._bets(t)]
    answer = {2: "either", 0: "nobody"}.get(len(may)) or f"team{may[0]}"
    if not may:
        reason = msg("puzzle.raise#top" if h.stake >= 3 else "puzzle.raise#closed",
                     stake=h.stake)
    elif len(may) == 2:
        reason = msg("puzzle.raise#either")
    else:
        reason = msg("puzzle.raise#accepted", team=h.side(may[0]), stake=h.stake)
    events = [dict(e) for e in h.events if e["type"] in ("bet", "answer")]
    choices = _team_choices(h) + [{"answer": "either", "label": msg("puzzle.raise#any")},
                                  {"answer": "nobody", "label": msg("puzzle.raise#none")}]
    return (answer, reason, {"stake": h.stake, "bets": events, "to_play": h.to_play},
            choices, msg("puzzle.raise#question"), {})


def _eleven(deal: int, rng: random.Random) -> Made:
    totals = rng.choice(([11, rng.randrange(11)], [rng.randrange(11), 11], [11, 11],
                         [rng.randrange(11), rng.randrange(11)]))
    h = Hand(Rules(), deal % 4, seed=deal, totals=totals)
    h.apply_action(h.legal_action_ids()[0])  # the cut
    if h.phase == "eleven":
        answer, reason = "decide", msg("puzzle.eleven#decide",
                                       team=h.side(h.team_of[h.current_player]))
    elif not h.betting:
        answer, reason = "no_bets", msg("puzzle.eleven#both")
    else:
        answer, reason = "usual", msg("puzzle.eleven#usual")
    choices = [{"answer": a, "label": msg(f"puzzle.eleven#choice_{a}")}
               for a in ("usual", "decide", "no_bets")]
    return (answer, reason, {"totals": totals, "dealer": h.dealer}, choices,
            msg("puzzle.eleven#question", a=totals[0], b=totals[1]), {})


# ---- the lessons' kinds (issue 31): each generated from a seed or authored on a page ---------
def _field_error(kind: str, field: str, value: object, what: str) -> PuzzleError:
    return PuzzleError(msg("puzzle#field", kind=kind, field=field, value=_quote(value),
                           what=what))


def _order(pack_name: str) -> list[str]:
    """A pack's ranks from the highest, as the source writes them (12, 11, 10 for the
    Catalan rei, cavall and sota)."""
    p = _pack(pack_name)
    alias = {"R": "12", "C": "11", "S": "10"} if pack_name == "catalan40" else {}
    return [alias.get(r, r) for r in p.ranks]


def _high_made(tokens: list[str], pack_name: str) -> Made:
    """Which of ``tokens`` ranks highest in the pack (no two of one rank: that is a draw, the
    ``trick`` kind's question)."""
    p = _pack(pack_name)
    cards = p.parse(tokens)
    powers = [p.power[c] for c in cards]
    if len(cards) < 2 or len(set(powers)) != len(powers):
        raise _field_error("high", "cards", " ".join(tokens), "two or more cards of different "
                           "ranks")
    top = cards[powers.index(max(powers))]
    toks = [p.tokens[c] for c in cards]
    reason = msg("trick.winner#puzzle_high", card=p.said[top], order=_order(pack_name))
    choices = [{"answer": t, "label": msg("puzzle.high#choice", card=p.said_of(t))}
               for t in toks]
    return (p.tokens[top], reason, {"cards": toks, "pack": pack_name}, choices,
            msg("puzzle.high#question"), {"pack": pack_name})


def _high(deal: int, rng: random.Random) -> Made:
    p = _pack()
    n = rng.choice((2, 3, 3, 4))
    ranks = rng.sample(p.ranks, n)
    return _high_made([r + rng.choice(p.suits) for r in ranks], p.name)


def _author_high(spec: dict[str, Any]) -> Puzzle:
    pack_name = spec.get("pack", "catalan40")
    if pack_name not in _PACK_NAMES:
        raise _field_error("high", "pack", pack_name, ", ".join(_PACK_NAMES))
    cards = spec.get("cards")
    tokens = cards.split() if isinstance(cards, str) else cards
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise _field_error("high", "cards", cards, "card tokens, as in '3o 1c 12b'")
    return _build("high", dict(spec), _high_made(tokens, pack_name))


def _lead_made(h: Hand, plays: list[tuple[int, int]]) -> Made:
    """Who leads after the trick ``plays``: the engine's trick result (rule ``trick.winner``)."""
    team, lead = h._trick_result(plays)
    best = max(h.pack.power[c] for _, c in plays)
    partners = sum(1 for _, c in plays if h.pack.power[c] == best) > 1 and team is not None
    situation = {"plays": [[s, h.pack.tokens[c]] for s, c in plays]}
    choices = [{"answer": f"seat{s}", "label": msg("seat#plain", n=s)} for s in range(h.n)]
    how = "drawn" if team is None else "partners" if partners else "winner"
    return (f"seat{lead}", h.trick_reason(plays), situation, choices,
            msg("puzzle.lead#question"), {"how": how, "led": plays[0][0]})


def _lead(deal: int, rng: random.Random) -> Made:
    h = _random_hand(deal, rng)
    if not h.tricks:
        return None
    plays, _, _ = rng.choice(h.tricks)
    return _lead_made(h, list(plays))


def _author_lead(spec: dict[str, Any]) -> Puzzle:
    h = Hand(Rules(), 0)
    leader = spec.get("leader", 1)
    if type(leader) is not int or not 0 <= leader < h.n:
        raise _field_error("lead", "leader", leader, f"a seat from 0 to {h.n - 1}")
    given = spec.get("plays")
    tokens = given.split() if isinstance(given, str) else given
    if not isinstance(tokens, list) or len(tokens) != h.n:
        raise _field_error("lead", "plays", given, f"{h.n} card tokens, in the order played")
    cards = h.pack.parse(tokens)
    plays = [((leader + i) % h.n, c) for i, c in enumerate(cards)]
    return _build("lead", dict(spec), _lead_made(h, plays))


def _tap_made(totals: list[int], tap: bool, dealer: int) -> Made:
    """May the dealer deal one card each: asked of the engine's hand after the cut or the tap
    (rule ``cut``)."""
    h = Hand(Rules(), dealer, seed=0, totals=totals)
    h.apply_action(TAP if tap else CUT_ID)
    one = DEAL_ONE in h.legal_action_ids()
    why = "yes" if one else "eleven" if tap else "cut"
    choices = [{"answer": a, "label": msg(f"puzzle.tap#choice_{a}")} for a in ("yes", "no")]
    return ("yes" if one else "no", msg(f"cut#puzzle_{why}", a=totals[0], b=totals[1]),
            {"totals": totals, "dealer": dealer},
            choices, msg(f"puzzle.tap#question_{'tap' if tap else 'cut'}", a=totals[0],
                         b=totals[1]), {"tap": tap, "why": why})


def _tap(deal: int, rng: random.Random) -> Made:
    eleven = Rules().target - 1
    totals = rng.choice(([rng.randrange(eleven), rng.randrange(eleven)],
                         [eleven, rng.randrange(eleven + 1)], [rng.randrange(eleven), eleven]))
    return _tap_made(totals, rng.random() < 0.75, deal % 4)


def _author_tap(spec: dict[str, Any]) -> Puzzle:
    totals = spec.get("totals", [0, 0])
    target = Rules().target
    if not (isinstance(totals, list) and len(totals) == 2 and all(
            type(t) is int and 0 <= t < target for t in totals)):
        raise _field_error("tap", "totals", totals, f"two scores from 0 to {target - 1}")
    how = spec.get("cut", "tap")
    if how not in ("cut", "tap"):
        raise _field_error("tap", "cut", how, "cut, tap")
    return _build("tap", dict(spec), _tap_made(totals, how == "tap", 0))


def _signal_made(signal: str) -> Made:
    p = _pack()
    rank = _signals.rank_of(signal, p)
    assert rank is not None  # every signal of the Catalan pack claims a rank of it
    choices = [{"answer": _signals.rank_of(s, p), "label": msg(f"signal.{s}#meaning")}
               for s in _signals.offered(p)]
    return (rank, msg("signal#puzzle", gesture=msg(f"signal.{signal}"),
                      meaning=msg(f"signal.{signal}#meaning")), {"signal": signal}, choices,
            msg("puzzle.signal#question", gesture=msg(f"signal.{signal}")),
            {"place": p.ranks.index(rank) + 1})


def _signal(deal: int, rng: random.Random) -> Made:
    return _signal_made(rng.choice(_signals.offered(_pack())))


def _author_signal(spec: dict[str, Any]) -> Puzzle:
    signal = spec.get("signal")
    if signal not in _signals.offered(_pack()):
        raise _field_error("signal", "signal", signal, ", ".join(_signals.offered(_pack())))
    return _build("signal", dict(spec), _signal_made(str(signal)))


FRENCH = Rules(pack="french32", betting="french")


def _french(deal: int, rng: random.Random) -> Made:
    """A moment of a French hand with a bet made: may the team to play raise now? (rule
    ``bet.french_twice``: never twice in a row by one team)."""
    h = Hand(FRENCH, deal % 4, seed=deal)
    h.apply_action(CUT_ID)
    want = rng.random() < 0.5  # ask just after a bet was accepted by a card, or later on
    while not h.is_terminal():
        ids = h.legal_action_ids()
        if h.pending is None and h.last_bet_team is not None and h.trick and \
                (want or rng.random() < 0.3):
            break
        cards = [a for a in ids if a < PLAYBET]
        bets = [a for a in ids if a >= PLAYBET and a < h.stake + 300 + 3]
        pool = bets if bets and rng.random() < 0.35 else cards or ids
        h.apply_action(pool[int(rng.random() * len(pool))])
    if h.is_terminal() or h.for_game:
        return None
    assert h.last_bet_team is not None  # the loop stops only after a bet, or at the end
    team = h.team_of[h.to_play]
    may = bool(h._bets(team))
    reason = msg("bet.french_twice#puzzle_yes" if may else "bet.french_twice#puzzle_no",
                 team=h.side(team), last=h.side(h.last_bet_team))
    # French bets have no names (truc, retruc): the drawing says the stake ("french").
    events = [dict(e, french=True) for e in h.events if e["type"] in ("bet", "answer")]
    choices = [{"answer": a, "label": msg(f"puzzle.french#choice_{a}")} for a in ("yes", "no")]
    return ("yes" if may else "no", reason, {"stake": h.stake, "bets": events,
                                             "to_play": h.to_play}, choices,
            msg("puzzle.french#question", seat=h.to_play), {})


_PACK_NAMES = ("catalan40", "french36", "french32", "french32_eight_high", "french32_eight_low")


# ---- what every kind does alike ---------------------------------------------------------------
REGISTRY = PuzzleKinds(DOMAIN, PuzzleError)


def _generator(kind: str, maker: Callable[[int, random.Random], Made]
               ) -> Callable[[int, random.Random], Puzzle]:
    """The puzzle of ``kind`` for a seed: the first deal from it that ``maker`` can ask about.
    (Its own random source, seeded as since issue 18, so a seed keeps its puzzle.)"""
    def generate(seed: int, _rng: random.Random) -> Puzzle:
        rng = random.Random(f"truc puzzle {kind} {seed}")
        for attempt in range(200):
            out = maker(seed * 1000 + attempt, rng)
            if out is not None:
                return _build(kind, {"kind": kind, "seed": seed}, out)
        raise PuzzleError(msg("puzzle#none", kind=kind, seed=seed))  # pragma: no cover
    return generate


def _build(kind: str, spec: dict[str, Any], made: Made) -> Puzzle:
    """A puzzle of ``kind`` from what its maker found (generated or authored alike)."""
    assert made is not None
    answer, reason, situation, choices, question, extra = made
    return REGISTRY.make(
        kind, spec, question, situation, answer, (msg("puzzle#sentence", why=reason),),
        reason.rule, choices=tuple(c["answer"] for c in choices),
        labels={c["answer"]: c["label"] for c in choices}, extra=extra)


def given_choice(pz: Puzzle, given: object) -> str:
    """The reader's answer if it is one of the puzzle's choices, else the refusal."""
    if not isinstance(given, str) or given not in pz.choices:
        raise PuzzleError(msg("puzzle#answer", value=_quote(given), choices=list(pz.choices)))
    return given


def _checker(clue: Callable[[Puzzle, str], _Message]
             ) -> Callable[[Puzzle, object], dict[str, Any]]:
    """Right, with the engine's reason; wrong, with a clue about this answer read off the same
    hand, which never names the answer."""
    def check(pz: Puzzle, given: object) -> dict[str, Any]:
        g = given_choice(pz, given)
        if g == pz.answer:
            return {"correct": True, "explanation": msg("puzzle#right_then", then=pz.steps[0])}
        return {"correct": False, "clue": clue(pz, g),
                "explanation": msg("puzzle#wrong_then", choice=pz.labels[g], then=pz.steps[0])}
    return check


def _hint(kind: str) -> Callable[[Puzzle], _Message]:
    """The rule a kind asks about, said in general: the first hint (puzzle.hint.<kind>)."""
    return lambda pz: msg(f"puzzle.hint.{kind}")


# ---- the clues: what a wrong answer missed, read off the hand ---------------------------------
def _clue_trick(pz: Puzzle, given: str) -> Message:
    if given == "draw":
        return msg("puzzle.hint.trick#not_drawn")
    if pz.answer == "draw":
        return msg("puzzle.hint.trick#drawn")
    return msg("puzzle.hint.trick#other_team")


def _clue_hand(pz: Puzzle, given: str) -> Message:
    if pz.situation["cards_each"] == 1:
        return msg("puzzle.hint.hand#one_card")
    return msg("puzzle.hint.hand#drawn" if pz.extra["drawn"] else "puzzle.hint.hand#two")


def _clue_score(pz: Puzzle, given: str) -> Message:
    if given.split(":")[0] != pz.answer.split(":")[0]:
        return msg(f"puzzle.hint.score#team_{pz.extra['how']}")
    return msg(f"puzzle.hint.score#points_{pz.extra['how']}")


def _clue_raise(pz: Puzzle, given: str) -> Message:
    return msg(f"puzzle.hint.raise#{'team' if given.startswith('team') else given}")


def _clue_eleven(pz: Puzzle, given: str) -> Message:
    return msg(f"puzzle.hint.eleven#{given}")


def _clue_high(pz: Puzzle, given: str) -> Message:
    p = _pack(pz.extra["pack"])
    return msg("puzzle.hint.high#place", card=p.said_of(given),
               place=p.ranks.index(p.rank_of[p.tokens.index(given)]) + 1)


def _clue_lead(pz: Puzzle, given: str) -> Message:
    return msg(f"puzzle.hint.lead#{pz.extra['how']}")


def _clue_tap(pz: Puzzle, given: str) -> Message:
    return msg(f"puzzle.hint.tap#{pz.extra['why'] if given == 'yes' else 'may'}")


def _clue_signal(pz: Puzzle, given: str) -> Message:
    return msg("puzzle.hint.signal#place", place=pz.extra["place"])


def _clue_french(pz: Puzzle, given: str) -> Message:
    return msg(f"puzzle.hint.french#{given}")


def _hint_high(pz: Puzzle) -> Message:
    return msg("puzzle.hint.high", order=_order(pz.extra["pack"]))


# ---- the kinds, each registered once ------------------------------------------------------------
REGISTRY.register(PuzzleKind("trick", "choice", generate=_generator("trick", _trick),
                             check=_checker(_clue_trick), hint=_hint("trick")))
REGISTRY.register(PuzzleKind("hand", "choice", generate=_generator("hand", _hand),
                             check=_checker(_clue_hand), hint=_hint("hand")))
REGISTRY.register(PuzzleKind("score", "choice", generate=_generator("score", _score),
                             check=_checker(_clue_score), hint=_hint("score")))
REGISTRY.register(PuzzleKind("raise", "choice", generate=_generator("raise", _raise),
                             check=_checker(_clue_raise), hint=_hint("raise")))
REGISTRY.register(PuzzleKind("eleven", "choice", generate=_generator("eleven", _eleven),
                             check=_checker(_clue_eleven), hint=_hint("eleven")))
REGISTRY.register(PuzzleKind("high", "choice", generate=_generator("high", _high),
                             check=_checker(_clue_high), hint=_hint_high, author=_author_high,
                             fields=frozenset({"cards", "pack"}), situation="cards"))
REGISTRY.register(PuzzleKind("lead", "choice", generate=_generator("lead", _lead),
                             check=_checker(_clue_lead), hint=_hint("lead"), author=_author_lead,
                             fields=frozenset({"plays", "leader"}), situation="trick"))
REGISTRY.register(PuzzleKind("tap", "choice", generate=_generator("tap", _tap),
                             check=_checker(_clue_tap), hint=_hint("tap"), author=_author_tap,
                             fields=frozenset({"totals", "cut"}), situation="eleven"))
REGISTRY.register(PuzzleKind("signal", "choice", generate=_generator("signal", _signal),
                             check=_checker(_clue_signal), hint=_hint("signal"),
                             author=_author_signal, fields=frozenset({"signal"})))
REGISTRY.register(PuzzleKind("french", "choice", generate=_generator("french", _french),
                             check=_checker(_clue_french), hint=_hint("french"),
                             situation="raise"))
from .strategy import register as _strategy  # noqa: E402  (truc.strategy: needs the helpers above)
_strategy(REGISTRY, _generator, _checker, _hint)
KINDS = REGISTRY.names
generate = REGISTRY.generate
from_spec = REGISTRY.from_spec
cached = REGISTRY.cached
