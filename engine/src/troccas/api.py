"""The one facade every caller uses: the CLI, the browser worker, the build and the tests.

Each call returns a typed result (``troccas.results``). ``call(name, **args)`` gives it as JSON
data or raises a :class:`TroccasError`; ``invoke`` gives the result object; ``call_json(name,
args_json)`` wraps ``call`` for the worker: it never raises, it answers ``{"ok": true, "result":
…}`` or ``{"ok": false, "error": {"type", "rule", "message", "id", "params"}}``. ``schema()`` is
the JSON Schema of every result. Cards go in as notation text (``"Kc XXI 10s"``) or lists of
tokens and come out canonical.
"""

from __future__ import annotations

import random

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from cardgame.facade import Facade

from . import counting
from .cards import N_CARDS, TOKEN, Card, mask_of, parse_ids, ranking_order, sort_ids
from .deal import PLAYER_COUNTS, SCART_SIZE, check_seed, partner_draw, shuffled_deck
from .errors import DOMAIN, DuplicateCardError, OptionError, TroccasError, msg
from .hand import Hand, play_random
from .play import NO_SUIT, explain_winner, led_suit, legal_mask, play_verdict, refusal, suit_name
from .record import HandRecord
from .rules import CLAUSES, OPTIONS, Rules, not_options, sources

# The result types (troccas.results) are imported by each call when it first runs, not with
# this module: creating two dozen dataclasses costs start-up time the browser's reader waits
# for. The worker imports them just after it reports ready.
if TYPE_CHECKING:
    from .facts import Facts
    from .results import GuidedHand
    from .results import (BotAction, CardInfo, CardList, CheckResult, ClausesResult, CountResult,
                          DealResult, EndgameCheck, EndgamePlay, EndgameResult, ExerciseResult,
                          LegalResult, OptionsResult, PartnersResult, PhrasesResult,
                          PlayCheck,
                          PuzzleResult, RecordResult, ReplayResult, ReviewMarks, SolveResult,
                          TableApply, TableView, WinnerResult)

FACADE = Facade(DOMAIN, TroccasError, types="troccas.results")
_call = FACADE.call_fn
names, invoke, call, call_json, schema = FACADE.module_calls()


def tokens(ids: Iterable[int]) -> list[str]:
    return [TOKEN[c] for c in ids]


def card_info(card: Card) -> CardInfo:
    from .results import CardInfo
    return CardInfo(card.token, card.name_in(), card.code_in(), card.points, card.kind, card.suit,
                    card.rank, card.number)


@_call
def call_parse(cards: str | Iterable[str]) -> CardList:
    """Cards in canonical notation with their names and values."""
    from .results import CardList
    return CardList([card_info(Card(c)) for c in parse_ids(cards)])


@_call
def call_pack() -> CardList:
    """The 78 cards in ranking order (each suit high to low, trumps XXI…I, the Fool)."""
    from .results import CardList
    return CardList([card_info(c) for c in ranking_order()])


@_call
def call_count(cards: str | Iterable[str], method: str = "fours",
               scart: str | Iterable[str] = ()) -> CountResult:
    """Points of a pile, group by group (pagat: fours less 3, the odd pair less 1)."""
    ids = parse_ids(cards)
    scart_ids = parse_ids(scart)
    counting.check_scart(ids, scart_ids, counting.check_method(method))
    from .results import count_result
    return count_result(counting.count(ids, method, scart=scart_ids))


@_call
def call_winner(cards: str | Iterable[str]) -> WinnerResult:
    """The card that wins a trick given in play order (first card led), and why."""
    from .results import WinnerResult
    ids = parse_ids(cards)
    if len(ids) > MOST_PLAYERS:
        raise TroccasError(msg("size#trick", n=len(ids), most=MOST_PLAYERS))
    i, why = explain_winner(ids)
    led = led_suit(ids)
    return WinnerResult(tokens(ids), TOKEN[ids[i]], i,
                        suit_name(led) if led != NO_SUIT else None, "trick.winner", str(why),
                        why)


@_call
def call_legal(hand: str | Iterable[str], trick: str | Iterable[str] = ()) -> LegalResult:
    """Which cards of ``hand`` may be played to ``trick`` (cards already played, in order),
    with the reason each other card is refused."""
    from .results import LegalResult, Refused
    hand_ids = parse_ids(hand)
    trick_ids = parse_ids(trick)
    _check_sizes(hand_ids, trick_ids)
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
            refused.append(Refused(TOKEN[c], why.rule, str(why), why))
    return LegalResult(tokens(sort_ids(hand_ids)), tokens(trick_ids),
                       suit_name(led) if led != NO_SUIT else None,
                       tokens(c for c in sort_ids(hand_ids) if legal >> c & 1), refused)


# The most cards a trick and a hand can hold in any game (six players; three players hold 25
# each once the dealer's scart is laid): more is no position of Troccas.
MOST_PLAYERS = max(PLAYER_COUNTS)
MOST_HELD = max((N_CARDS - SCART_SIZE[n]) // n for n in PLAYER_COUNTS)


def _check_sizes(hand_ids: list[int], trick_ids: list[int]) -> None:
    if len(trick_ids) >= MOST_PLAYERS:
        raise TroccasError(msg("size#trick_full", n=len(trick_ids), players=MOST_PLAYERS,
                               most=MOST_PLAYERS - 1))
    if len(hand_ids) > MOST_HELD:
        raise TroccasError(msg("size#hand", n=len(hand_ids), most=MOST_HELD))


@_call
def call_check_play(hand: str | Iterable[str], card: str | Iterable[str],
                    trick: str | Iterable[str] = ()) -> PlayCheck:
    """Whether ``card`` may be played from ``hand`` to ``trick``; the reason if not."""
    from .results import PlayCheck
    hand_ids = parse_ids(hand)
    cid = parse_ids(card)
    if len(cid) != 1:
        raise TroccasError(msg("play.in_hand#one"))
    trick_ids = parse_ids(trick)
    _check_sizes(hand_ids, trick_ids)
    v = play_verdict(mask_of(hand_ids), led_suit(trick_ids), cid[0])
    return PlayCheck(TOKEN[cid[0]], v.ok, None if v.ok else v.rule,
                     None if v.ok else str(v.reason), v.reason)


def _hand_fields(hand: Hand) -> dict[str, Any]:
    return {"players": hand.n, "dealer": hand.dealer, "method": hand.method,
            "hands": [tokens(sort_ids(d)) for d in hand.dealt],
            "face_up": [TOKEN[c] if c is not None else None for c in hand.face_up],
            "deck": " ".join(tokens(hand.deck))}


@_call
def call_deal(players: int = 4, seed: object = None, dealer: int = 0,
              method: str | None = None) -> DealResult:
    """Deal a hand from a seeded shuffle (every round, no talk): each seat's cards."""
    from .results import DealResult
    hand = Hand(players, dealer, seed=seed, method=method)
    hand.deal_through()
    return DealResult(**_hand_fields(hand), seed=check_seed(seed))  # checked by Hand: unchanged


@_call
def call_partners(seed: object = None, players: int = 4) -> PartnersResult:
    """Draw for partners: cards dealt face up until each player holds a trump (pagat)."""
    from .results import PartnersResult
    d = partner_draw(shuffled_deck(seed), players).to_json()
    return PartnersResult(**{k: v for k, v in d.items() if k != "reason"},
                          reason=partner_draw(shuffled_deck(seed), players).explanation)


def replay_result(hand: Hand) -> ReplayResult:
    from .results import ReplayResult, Turn, count_result
    turn = hand.turn_reason()
    done = hand.phase == "done"
    return ReplayResult(
        **_hand_fields(hand), phase=hand.phase, scart=tokens(hand.scart),
        talk=[e for e in hand.events if e["type"] in ("talk", "dealer_choice", "deal_method",
                                                     "thrown_in")],
        tricks=hand.tricks,
        events=[e for e in hand.events if e["type"] in ("all_tricks", "fool_lost",
                                                       "king_jack_back", "buob_none")],
        current_player=hand.current_player, turn=Turn(str(turn), turn),
        sides=[[p for p in range(hand.n) if hand.side_of[p] == s] for s in range(hand.n_sides)],
        result=hand.result_json() if done else None,
        counts=[count_result(hand.count_detail(s)) for s in range(hand.n_sides)] if done
        else None)


def replay_json(hand: Hand) -> dict[str, Any]:
    """A replayed hand as JSON (the command line's ``replay``)."""
    from cardgame.facade import to_json
    out: dict[str, Any] = to_json(replay_result(hand))
    return out


@_call
def call_replay(record: object) -> ReplayResult:
    """Replay a hand record (JSON object or text): tricks, buob and Fool events, the count."""
    rec = HandRecord.loads(record) if isinstance(record, str) else HandRecord.from_json(record)
    return replay_result(rec.replay())


@_call
def call_random_hand(players: int = 4, seed: object = None, dealer: int = 0,
                     rules: object = None) -> RecordResult:
    """A complete hand played with random legal actions from ``seed``, as a record."""
    from .results import RecordResult
    hand = Hand(players, dealer, seed=seed, rules=Rules.from_json(rules))
    play_random(hand, random.Random(f"play-{seed}"))
    return RecordResult(**HandRecord.from_hand(hand, seed=check_seed(seed)).to_json())


@_call
def call_puzzle(kind: str | None = None, seed: int | None = None, spec: dict[str, Any] | None = None,
                answer: bool = False) -> PuzzleResult:
    """A puzzle from ``kind`` and ``seed`` (generated) or from an authored ``spec``; with
    ``answer`` the engine's answer and the worked steps are included."""
    from .results import PuzzleResult
    from . import puzzles
    spec = spec if spec is not None else {"kind": kind, "seed": seed}
    return PuzzleResult(**puzzles.cached(spec).to_json(with_answer=answer))


@_call
def call_check(spec: dict[str, Any], answer: object) -> CheckResult:
    """Check an answer to a puzzle: correct or not, and an explanation for this answer."""
    from .results import CheckResult
    from cardgame.messages import Message
    from . import puzzles
    v = puzzles.cached(spec).check(answer)
    if "reason" in v:
        v["reason"] = Message.from_json(DOMAIN, v["reason"])
    return CheckResult(**v)


@_call
def call_exercise(spec: dict[str, Any], answer: bool = False) -> ExerciseResult:
    """A lesson exercise from its spec (``kind``: rank, partners, talk or score): the question,
    the situation and the answers offered; with ``answer`` the engine's answer and the steps."""
    from .results import ExerciseOption, ExerciseResult
    from . import exercises
    d = exercises.cached(spec).to_json(with_answer=answer)
    d["options"] = [ExerciseOption(**o) for o in d["options"]]
    return ExerciseResult(**d)


@_call
def call_check_exercise(spec: dict[str, Any], answer: object) -> CheckResult:
    """Check an answer to a lesson exercise: right or not; if not, the hints in steps (the rule,
    then a clue about this answer), neither naming the answer."""
    from .results import CheckResult
    from . import exercises
    return CheckResult(**exercises.cached(spec).check(answer))


@_call
def call_facts(players: int = 4) -> Facts:
    """The figures of the game for ``players``: cards each, the dealer's, the scart, the
    batches of each deal method, the pack's total and par per counting method, the catch-up
    thresholds and the hands in a game (see troccas.facts)."""
    from .facts import facts
    return facts(players)


@_call
def call_options() -> OptionsResult:
    """The rule options, their values and the sources that play each (the words in the
    current language)."""
    from .results import OptionInfo, OptionValue, OptionsResult
    return OptionsResult([OptionInfo(o.name, o.default, o.point, o.note,
                                     [OptionValue(v, list(src), o.meaning(v))
                                      for v, src in o.values.items()])
                          for o in OPTIONS.values()], not_options(), sources())


@_call
def call_phrases(moment: object = None) -> PhrasesResult:
    """The tschintschar phrases (the engine's game data, troccas/data/tschintschar.json), each
    with the meaning the bots read in it, in the current language, its sources, what it tells
    and when it is said. With ``moment`` (``after-6-or-12``: the talk after a round before the
    last; ``after-full-deal``), only the phrases the glossary places at that moment, also
    grouped by what they tell (troccas.bots.signals.offered)."""
    from .bots import signals
    from .phrases import phrase_info, phrases_at
    if moment is None:
        from .results import PhrasesResult
        return PhrasesResult([phrase_info(p) for p in signals.data()["phrases"]])
    if moment not in signals.MOMENTS:
        raise OptionError(msg("talk#moment_unknown", value=repr(moment),
                              moments=list(signals.MOMENTS)))
    return phrases_at(str(moment))


@_call
def call_clauses() -> ClausesResult:
    """Every rule clause the engine cites: its id, title and sources."""
    from .results import ClauseInfo, ClausesResult
    return ClausesResult([ClauseInfo(c.id, c.title, c.cited())
                          for c in CLAUSES.values()])


@_call
def call_table_new(players: int = 4, seed: object = None, dealer: int = 0, rules: object = None,
                   totals: object = None) -> RecordResult:
    """A new hand for the Play page's table: its record, no action yet, the deck from ``seed``
    (a random one, kept in the record, when none is given)."""
    from .results import RecordResult
    from . import table
    return RecordResult(**table.new_record(players, seed, dealer, rules, totals))


@_call
def call_table_view(record: object, seat: int) -> TableView:
    """What ``seat`` sees of the hand ``record`` and may do now: its cards, the table, the
    talk, the tricks, its legal actions in words, the log; when over, the count group by
    group and every hand for the review. Never another seat's hidden cards."""
    from . import table
    return table.view(record, seat)


@_call
def call_guided() -> GuidedHand:
    """The guided first hand (the game's data, ``data/guided.json``, checked at load): each of
    the reader's steps with the card or call to make, the idea it shows and the sentence of why
    (with its rule clause), what the bots did next, and the count at the end."""
    from .guided import guided
    return guided()


@_call
def call_review_marks(record: object, seat: int, plays: object = None, trick: object = None
                      ) -> ReviewMarks:
    """For the finished hand ``record``, a verdict on ``seat``'s card in every trick, and the
    marks where a better card was found, with the card points it would have brought and why:
    in the last tricks by the solver with every card open, before them by playing each card
    out in sampled deals of the cards the seat could not see (``plays``: the budget of one
    trick, in cards played). With ``trick`` (a number), that trick alone: a page asks trick by
    trick and shows each verdict as it comes."""
    from . import table
    return table.marks(record, seat, plays, trick)


@_call
def call_table_cut(record: object, trick: int) -> RecordResult:
    """The hand ``record`` cut to the start of trick ``trick``: the same cards, every action
    before that trick's first card, to play the hand again from there."""
    from .results import RecordResult
    from . import table
    return RecordResult(**table.cut(record, trick))


@_call
def call_table_apply(record: object, action: str, say: object = None, viewer: object = None
                     ) -> TableApply:
    """``action`` ("0 play Kc") applied to the hand ``record``, with the words ``say`` spoken
    with a talk decision: the new record and its events, or the engine's refusal. With
    ``viewer`` (a seat) the events and the refusal are said to that seat: "you play …",
    "it is bot 2's turn, not yours"."""
    from . import table
    return table.apply(record, action, say, cast("int | None", viewer))  # apply checks it


# The bots a table uses: the bots' own seats play with TABLE_BOT; the coach's hint to a reader
# is COACH_BOT's choice, said to the reader (the search bot, which plays the hand out over deals of the unseen cards).
TABLE_BOT = "baseline"
COACH_BOT = "search"


@_call
def call_bot_action(record: object, seat: object = None, bot: str = "baseline", seed: object = 0,
                    viewer: object = None) -> BotAction:
    """What a bot (``random``, ``baseline`` or ``search``) would do for ``seat`` (default: the
    seat to act) in the hand ``record``: the action, the tschintschar phrase said with a talk
    decision, and why — said to the seat ``viewer`` if given (the coach's hint names the
    other seats "bot 2"). The bot sees only that seat's view; ``seed`` makes its choice
    reproducible. The ``search`` bot is the coach: its why is a principle with the rule it
    rests on, the cards to mark, a question to ask first, and its figures in ``details``."""
    from .results import BotAction, Phrase
    from .bots import base
    from .table import check_viewer
    check_viewer(viewer)
    rec = HandRecord.loads(record) if isinstance(record, str) else HandRecord.from_json(record)
    hand = rec.replay()
    choice, seat = base.decide(hand, seat, bot, seed)
    say = None
    if choice.say:
        from .bots.signals import phrase
        say = Phrase(**phrase(choice.say))
    action = hand.action(choice.aid)
    to = cast("int | None", viewer)  # checked above
    why = choice.why
    if why is None:
        return BotAction(str(action), say, choice.reason, choice.reason.render(viewer=to), bot,
                         seat)
    return BotAction(str(action), say, choice.reason, choice.reason.render(viewer=to), bot, seat,
                     principle=why.principle, rule=why.clause, cards=list(why.cards),
                     question=why.question.render(viewer=to) if why.question else None,
                     details=choice.details.render(viewer=to) if choice.details else None)


@_call
def call_endgame(seed: int | None = None, spec: dict[str, Any] | None = None,
                 answer: bool = False) -> EndgameResult:
    """An endgame puzzle (every hand shown, a few tricks left) from ``seed`` or an authored
    ``spec``; with ``answer`` the solver's best first card, the points it brings and the line
    of best play to the end, trick by trick."""
    from .results import EndgameResult
    from . import endgames
    eg = endgames.cached(spec if spec is not None else {"kind": "endgame", "seed": seed})
    out: dict[str, Any] = {
           "spec": eg.spec, "title": eg.spec.get("title") or str(msg("puzzle.title.endgame")),
           "question": str(endgames.question(eg)), "situation": eg.situation(),
           "level": eg.spec.get("level") or eg.level, "note": eg.spec.get("note"),
           "record": eg.record()}
    if answer:
        out.update(answer=[eg.card_of(a) for a in eg.best], value=max(eg.values.values()),
                   values={eg.card_of(a): v for a, v in eg.values.items()},
                   line=endgames._tricks_of(eg.hand, eg.line),
                   steps=[str(m) for m in endgames.steps(eg)])
    return EndgameResult(**out)


@_call
def call_check_endgame(spec: dict[str, Any], answer: object) -> EndgameCheck:
    """The reader's first card in an endgame: right, or wrong with the points it loses and the
    line of best play that refutes it; hints that never name the best card."""
    from .results import EndgameCheck
    from . import endgames
    verdict = endgames.check(endgames.cached(spec), answer)
    why = verdict["explanation"]
    return EndgameCheck(**{**verdict, "explanation": str(why), "reason": why,
                           "given": answer})


@_call
def call_endgame_play(spec: dict[str, Any], cards: list[Any]) -> EndgamePlay:
    """The endgame after the reader's ``cards`` (in order), each answered by the best play of
    the other seats until the reader is to play again: every hand, the trick, the tricks so
    far, the reader's legal cards, and for each of the reader's cards its value against the
    best there was."""
    from .results import EndgamePlay
    from . import endgames
    eg = endgames.cached(spec)
    hand, taken, verdicts = endgames.replay(eg, cards)
    sit = endgames.Endgame.situation_of(hand, eg.seat)
    legal = [] if hand.is_terminal() else sorted(
        {a.arg for a in hand.legal_actions() if a.kind == "play"})
    final = hand.result_json()["points"][eg.side] if hand.phase == "done" else None
    return EndgamePlay(situation=sit, tricks=endgames._tricks_of(eg.hand, taken),
                       legal=legal, verdicts=verdicts, over=hand.is_terminal(),
                       points=final, best=max(eg.values.values()))


@_call
def call_solve(record: object, tricks: int | None = None) -> SolveResult:
    """The open-card solver on the hand ``record``: where ``tricks`` tricks remain (or where the
    record ends), each legal action of the seat to move with its value — card points of that
    seat's side at the end with best play by everyone — the best actions and the line of best
    play to the end. A call searches at most ``solver.MAX_TRICKS`` tricks and ``solver.BUDGET``
    positions, so it ends in seconds; beyond that it is refused and says where to ask."""
    from .results import SolveResult
    from .solver import BUDGET, MAX_TRICKS, SolverError, position, solve, tricks_left
    rec = HandRecord.loads(record) if isinstance(record, str) else HandRecord.from_json(record)
    hand = position(rec, tricks)
    if not hand.is_terminal() and hand.phase == "play" and tricks_left(hand) > MAX_TRICKS:
        raise SolverError(msg("solver#too_many", n=tricks_left(hand), most=MAX_TRICKS))
    sol = solve(hand, budget=BUDGET)
    ranked = sorted(sol.values.items(), key=lambda kv: -kv[1])
    return SolveResult(player=sol.player, side=sol.side,
                       values=[{"action": a, "value": v} for a, v in ranked],
                       best=list(sol.best), line=list(sol.line), nodes=sol.nodes)
