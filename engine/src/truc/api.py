"""The facade of the Truc engine: the calls the command line, a page build, the browser's worker
and the tests make (``cardgame.facade``). Results are plain data; errors are one sentence."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgame.facade import OPTIONAL, Facade
from cardgame.messages import catalogue
from cardgame.puzzles import PuzzleCheck, PuzzleRecord
from cardgame.clauses import ClauseInfo as ClauseInfo, ClausesResult as ClausesResult

from .cards import pack as _pack
from .errors import DOMAIN, TrucError, quote
from .errors import msg as msg  # re-exported for the CLI
from .hand import Hand
from .record import HandRecord
from .rules import OPTIONS, Rules, SOURCES

FACADE = Facade(DOMAIN, TrucError)
_call = FACADE.call_fn
names, invoke, call, call_json, schema = FACADE.module_calls()


@dataclass(frozen=True)
class Card:
    token: str
    name: str
    rank: str
    suit: str
    power: int


@dataclass(frozen=True)
class PackResult:
    pack: str
    cards: list[Card]


@dataclass(frozen=True)
class OptionsResult:
    options: list[dict[str, Any]]
    sources: dict[str, str]


@dataclass(frozen=True)
class TrickResult:
    """A trick's outcome (rule ``trick.winner``): the team that takes it (None: drawn), the
    seat that leads next, and why in words."""
    team: int | None
    leads: int
    reason: dict[str, Any]
    text: str


@dataclass(frozen=True)
class HandView:
    """A hand as one seat sees it: its cards, the tricks, the stake, the bet pending, the
    seat's legal actions (text), and the result once the hand is over."""
    seat: int
    phase: str
    current_player: int
    hand: list[str]
    tricks: list[dict[str, Any]]
    trick: list[list[Any]]
    stake: int
    pending: list[int] | None
    totals: list[int]
    legal: list[str]
    result: dict[str, Any] | None


@_call
def call_pack(pack: str = "catalan40") -> PackResult:
    """The cards of a pack from the highest rank down, each with its name and its power."""
    from .rules import OPTIONS as opts
    if pack not in opts["pack"].values:
        raise TrucError(msg("options#value", name="pack", value=repr(pack),
                            values=", ".join(opts["pack"].values)))
    p = _pack(pack)
    order = sorted(range(p.size), key=lambda c: (-p.power[c], c))
    return PackResult(pack, [Card(p.tokens[c], p.name_of(c), p.rank_of[c], p.suit_of[c],
                                  p.power[c]) for c in order])


@_call
def call_options() -> OptionsResult:
    """The rule options, their values and what each means, and the sources, in the current
    language: the catalogue's option.<name>.point, option.<name>.<value> and source.<id>
    (en.json's are the words of truc.rules; an option the catalogue lacks keeps those)."""
    cat = catalogue(DOMAIN)

    def said(key: str, english: str) -> str:
        return str(cat.entries.get(key, english))

    return OptionsResult([{"name": o.name, "default": o.default,
                           "point": said(f"option.{o.name}.point", o.point),
                           "values": [{"value": v, "means": said(option_key(o.name, v), m)}
                                      for v, m in o.values.items()]}
                          for o in OPTIONS.values()],
                         {k: said(f"source.{k}", v) for k, v in SOURCES.items()})


def option_key(name: str, value: object) -> str:
    """The catalogue's key of an option's value: option.tap.true, option.players.4."""
    return f"option.{name}.{str(value).lower()}"


@_call
def call_clauses() -> ClausesResult:
    """Every rule clause the engine cites (its verdicts, its table's log, the coach's principles
    and the guided hand name them by id): its id, title and where the source says it."""
    from .rules import CLAUSES
    return ClausesResult([ClauseInfo(c, msg(f"clause.{c}").render(), where)
                          for c, where in CLAUSES.items()])


@_call
def call_trick(plays: list[Any], players: int = 4, pack: str = "catalan40") -> TrickResult:
    """Who takes a trick of ``plays`` (``[[seat, card], …]`` in the order played): rule
    ``trick.winner``, draws included."""
    h = Hand(Rules(players=players, pack=pack))
    if not isinstance(plays, list) or len(plays) != players:
        raise TrucError(msg("trick#plays", players=players))
    seen: list[tuple[int, int]] = []
    for item in plays:
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int
                and 0 <= item[0] < players):
            raise TrucError(msg("trick#plays", players=players))
        seen.append((item[0], h.pack.notation.parse_id(item[1])))
    if len({s for s, _ in seen}) != players or len({c for _, c in seen}) != players:
        raise TrucError(msg("trick#plays", players=players))
    reason = h.trick_reason(seen)
    team, leads = h._trick_result(seen)
    return TrickResult(team, leads, reason.to_json(), str(reason))


def _record(record: object) -> HandRecord:
    return HandRecord.loads(record) if isinstance(record, (str, bytes)) \
        else HandRecord.from_json(record)


@_call
def call_new(players: int = 4, dealer: int = 0, seed: object = 0,
             rules: dict[str, Any] | None = None, totals: list[Any] | None = None
             ) -> dict[str, Any]:
    """A new hand's record, no action yet."""
    Rules(players=players)  # refused as itself: "3 is not a value of the option 'players'"
    if rules is not None and "players" in rules:  # one place says how many play
        raise TrucError(msg("record#players_twice", value=quote(rules["players"])))
    data = {"format": "truc-hand", "version": 1, "rules": {**(rules or {}), "players": players},
            "dealer": dealer, "seed": seed, "totals": totals or [0, 0], "actions": []}
    return _record(data).to_json()


@_call
def call_view(record: object, seat: int) -> HandView:
    """What ``seat`` sees of the hand ``record`` and may do now."""
    h = _record(record).replay()
    o = h.observation(seat)
    return HandView(seat, o.phase, o.current_player, list(o.hand), list(o.tricks),
                    [list(t) for t in o.trick], o.stake,
                    list(o.pending) if o.pending else None, list(o.totals), list(o.legal),
                    h.result)


@_call
def call_apply(record: object, action: str) -> dict[str, Any]:
    """The record with ``action`` ("1 bet truc") applied, or the rule that refuses it."""
    rec = _record(record)
    h = rec.replay()
    h.apply(action)
    rec.actions.append(action)
    return rec.to_json()


@_call
def call_puzzle(kind: str | None = None, seed: int | None = None,
                spec: dict[str, Any] | None = None, answer: bool = False) -> PuzzleRecord:
    """A puzzle of ``kind`` (trick, hand, score, raise, eleven) drawn from ``seed``, or from a
    ``spec`` (kind, seed and a page's id, title, note, level, expect); with ``answer`` the
    engine's answer and its reason, the worked steps."""
    from . import puzzles
    return puzzles.REGISTRY.puzzle_call(kind, seed, spec, answer)


@_call
def call_check(answer: object, spec: dict[str, Any] | None = None, kind: str | None = None,
               seed: int | None = None) -> PuzzleCheck:
    """The reader's ``answer`` to a puzzle (its ``spec``, or ``kind`` and ``seed``): right or
    wrong and why; for a wrong one, hints that never name the answer (the rule, then a clue)."""
    from . import puzzles
    # an answer that is none the puzzle offers is refused, not a wrong answer
    return puzzles.REGISTRY.check_call(answer, spec, kind, seed, given=puzzles.given_choice)


@dataclass(frozen=True)
class Facts:
    """The game's numbers as the engine plays them, for pages and handouts to show."""
    target: int
    eleven: int
    hand_cards: int
    tap_cards: int
    tricks_to_win: int
    base_stake: int
    truc: int
    retruc: int
    eleven_stake: int
    least_raise: int
    rubber_games: int
    players: list[int]
    pack_sizes: dict[str, int]


@_call
def call_facts() -> Facts:
    """The target score, the 11 of the 11-point rules, cards dealt (three, or one after a
    tap), the tricks that win a hand, the stakes, the least French raise, the games that win a French rubber, the players
    and each pack's size."""
    from . import hand
    from .cards import PACKS
    from .game import RUBBER_GAMES
    target = OPTIONS["target"].default
    return Facts(target, target - 1, hand.HAND_CARDS, hand.TAP_CARDS, hand.TRICKS_TO_WIN,
                 hand.BASE_STAKE,
                 hand.TRUC, hand.RETRUC, hand.ELEVEN_STAKE, hand.LEAST_RAISE, RUBBER_GAMES, sorted(OPTIONS["players"].values),
                 {name: len(suits) * len(ranks) for name, (suits, ranks) in PACKS.items()})


# ---- the Play page's table (truc.table), the bots (truc.bots) --------------------------------
@_call
def call_table_new(players: int = 4, seed: object = None, dealer: int = 0, rules: object = None,
                   totals: object = None) -> dict[str, Any]:
    """A new hand for the Play page's table: its record, no action yet, dealt from ``seed``
    (a random one, kept in the record, when none is given)."""
    from . import table
    return table.new_record(players, seed, dealer, rules, totals)


@_call
def call_table_view(record: object, seat: int) -> dict[str, Any]:
    """What ``seat`` sees of the hand ``record`` and may do now: its cards, the trick and the
    tricks, the stake and the bet to answer, its legal actions in words with their group
    (card, card_bet, bet, raise, accept, fold, choice), the signals it has seen (its partner's,
    never the opponents') and may make, the log said to it; once over, every hand."""
    from . import table
    return table.view(record, seat)


@_call
def call_table_apply(record: object, action: str, say: object = None, viewer: object = None
                     ) -> dict[str, Any]:
    """``action`` ("1 bet truc") applied to the hand ``record`` with the signal ``say``
    (``close-one-eye`` …) made with it: the new record and its log entries, or the engine's
    refusal; with ``viewer`` (a seat) said to that seat ("you say truc")."""
    from . import table
    return table.apply(record, action, say, viewer)


@dataclass(frozen=True)
class BotAction:
    """A bot's decision for one seat: the action (as a record writes it), the signal made with
    it (id, gesture, meaning; or null), why (a message with its text), the odds it weighed
    (``win``, ``samples``, ``stake``, ``next``; or null), the bot and the seat.

    The coach (bot ``bettor``) says why as a principle (truc.principles): ``text`` is its
    sentence, with no figure; its id, the rule clause it rests on, the cards the hint marks in
    the hand, the question it asks before it tells, and the bot's own reason with the odds it
    weighed in ``details`` (``reason`` keeps that reason as data)."""
    action: str
    say: dict[str, str] | None
    reason: dict[str, Any]
    text: str
    odds: dict[str, Any] | None
    bot: str
    seat: int
    principle: str | None = field(default=None, metadata=OPTIONAL)
    rule: str | None = field(default=None, metadata=OPTIONAL)
    cards: list[str] | None = field(default=None, metadata=OPTIONAL)
    question: str | None = field(default=None, metadata=OPTIONAL)
    details: str | None = field(default=None, metadata=OPTIONAL)


# The bots a table uses: the bots' own seats play with TABLE_BOT; the coach's hint to a reader
# is COACH_BOT's choice, said to the reader (the betting bot, whose reasons give the odds of the hand and what a raise risks).
TABLE_BOT = "bettor"
COACH_BOT = "bettor"


@_call
def call_bot_action(record: object, seat: object = None, bot: str = "bettor", seed: object = 0,
                    viewer: object = None) -> BotAction:
    """What a bot (``random``, ``never_bets``, ``accepting``, ``bettor``) would do for ``seat``
    (default: the seat to act) in the hand ``record``: the action, the signal made with it and
    why — said to ``viewer`` if given. The ``bettor`` is the coach: its why is a principle
    (truc.principles) with the rule it rests on, the cards to mark and a question to ask first;
    the odds of winning the hand from what the seat knows and the points at stake now and after
    a raise go to ``details``. The bot knows only what the seat knows; ``seed`` makes its
    choice reproducible."""
    from . import bots, table
    table.check_viewer(viewer)
    hand = table.read(record).replay()
    choice, s = bots.decide(hand, seat, bot, seed)
    v = viewer if isinstance(viewer, int) else None
    action = str(hand.action(choice.aid, s))
    say = table.signal_info(choice.say) if choice.say else None
    said = choice.reason.render(viewer=v)
    if bot != "bettor":
        return BotAction(action, say, choice.reason.to_json(), said, choice.odds, str(bot), s)
    from . import principles
    win = choice.odds["win"] if choice.odds else None
    why = principles.explain(principles.Position(hand, s, seed, win), choice.aid)
    return BotAction(action, say, choice.reason.to_json(), why.reason.render(viewer=v),
                     choice.odds, str(bot), s, principle=why.principle, rule=why.clause,
                     cards=list(why.cards),
                     question=why.question.render(viewer=v) if why.question else None,
                     details=said if choice.odds else None)


@dataclass(frozen=True)
class SignalsResult:
    """The signals of the pack: id, gesture and what it tells the partner."""
    signals: list[dict[str, str]]


@_call
def call_signals(pack: str = "catalan40") -> SignalsResult:
    """The signals partners may pass (truc, "Communication and Signals") for ``pack``."""
    from . import signals, table
    Rules(pack=pack)
    return SignalsResult([table.signal_info(s) for s in signals.offered(_pack(pack))])


@dataclass(frozen=True)
class ReviewMarks:
    """The seat's decisions in a finished hand that the review marks (truc.review): each
    {index, trick, action, kind (card or answer), better, win, best, samples, reason, text};
    ``samples`` deals of the unseen cards per decision, ``margin`` the least difference in the
    chance of winning that is marked."""
    marks: list[dict[str, Any]]
    samples: int
    margin: float
    verdicts: list[dict[str, Any]]
    open_tricks: int


@_call
def call_review_marks(record: object, seat: int, seed: object = 0, trick: object = None
                      ) -> ReviewMarks:
    """For the finished hand ``record``, ``seat``'s cards and answers to bets that clearly
    lowered its side's chance of winning the hand, judged from what it knew then, over sampled
    deals of the cards it could not see; said to the seat ("your side wins …"). ``verdicts``:
    one per trick ({trick, verdict}: better, best, forced or none); with ``trick`` (a number),
    that trick alone, so a page asks trick by trick. No trick is solved open
    (``open_tricks`` 0): every judgement samples the unseen cards."""
    from . import review, table
    from cardgame.seed import check_seed
    check_seed(seed, msg=msg, error=TrucError, none=False)
    if trick is not None and (type(trick) is not int or trick < 1):
        raise TrucError(msg("record#cut_trick", value=repr(trick)))
    from .odds import SAMPLES
    marks, verdicts = review.review(table.read(record), seat, seed,
                                    trick if isinstance(trick, int) else None)
    return ReviewMarks(marks, SAMPLES, review.MARGIN, verdicts, 0)


@_call
def call_table_cut(record: object, trick: object) -> dict[str, Any]:
    """The hand ``record`` cut to the start of trick ``trick`` (1 for the first): every action
    before that trick's first card or bet, to play the hand again from there with the same
    cards."""
    from . import table
    return table.cut(record, trick)


@_call
def call_guided(hand: int = 1) -> "GuidedHand":
    """The guided hand ``hand`` (1, the first; 2, the one after it: the game's data,
    ``data/guided*.json``, checked at load): each of the reader's steps with the card, bet or
    answer to make, the idea it shows and the sentence of why (with its rule clause), what the
    bots did next, and at the end who won the hand and why and the stake counted."""
    from .guided import HANDS, guided
    if type(hand) is not int or not 1 <= hand <= len(HANDS):
        raise TrucError(msg("record#guided_hand", value=quote(hand), most=len(HANDS)))
    return guided(number=hand)


from .guided import GuidedHand  # noqa: E402 - the result type, after the calls it types
