"""The ``troccas`` command line: the engine's facade for teachers and scripts.

Every command prints readable text, or JSON with ``--json``. Bad input prints one line
naming the token or action and the rule, and exits with status 2; nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn
import argparse
import json
import sys

from cardgame.cli import Runner  # a plugin's runner, ``fail`` being _fail

from . import __version__, api
from .cards import as_code
from .errors import TroccasError, msg, quote

NOTATION = """\
card notation:
  trumps      Roman numerals I … XXI (IV and IIII, IX and VIIII … are both read)
  the Fool    Fool or narr
  suit cards  rank + suit: ranks K Q C J 1 … 10 (A = 1); suits c cuppas/cups,
              r rosas/coins, s spadas/swords, b bastuns/batons   e.g. Kc 10s Jr Cb
  Input is case-insensitive; cards are separated by spaces or commas.
"""


def _notation_help() -> str:
    """The notation, and each other language's codes from its catalogue (card.code): what
    ``--lang`` prints, and what is read as input in every language."""
    from cardgame.messages import catalogue, languages
    lines = [NOTATION.rstrip("\n")]
    for lang in languages("troccas"):
        data = catalogue("troccas", lang).entry("card.code")
        if as_code(["Fool", "Kc", "Qr", "Cs", "Jb"], lang) == ["Fool", "Kc", "Qr", "Cs", "Jb"]:
            continue
        ranks = " ".join(data["rank"][r] for r in "KQCJ")
        suits = ", ".join(f"{data['suit'][s]} {catalogue('troccas', lang).term('suit.' + s)}"
                          for s in "crsb")
        lines.append(f"  --lang {lang} prints: the Fool {data['fool']}; ranks {ranks} (for K Q C J);"
                     f"\n              suits {suits}; e.g. {' '.join(as_code(['Kc', '10s', 'Qb'], lang))}")
    lines.append("  Every language's codes are read as input in every language.")
    return "\n".join(lines) + "\n"

EPILOG = """
actions in hand records: '<seat> <kind> <arg>', e.g. '1 play Kc', '0 scart 3c',
  '2 talk liber', '3 call buob_sche', '1 kingjack c', '1 takeback 3c'.
Seats count in the order of play (anticlockwise): seat d+1 is the dealer d's right.
Rules: pagat by default; 'troccas options' lists the documented variants.
"""


class _Parser(argparse.ArgumentParser):
    plugins: dict[str, Runner]  # set by build_parser on the top-level parser

    def error(self, message: str) -> NoReturn:  # one line, status 2, like every other bad input
        from cardgame.messages import one_line  # an argument may hold a line break
        self.exit(2, f"troccas: error: {one_line(message)} (see 'troccas --help')\n")


def _cards_arg(values: list[str]) -> str:
    return " ".join(values)


def _print_count(r: dict[str, Any]) -> None:
    for i, g in enumerate(r["groups"], 1):
        values = " + ".join(str(v) for v in g["values"])
        print(f"group {i}: {' '.join(as_code(g['cards'])):<22} {values} = {g['sum']}"
              f" - {g['less']} = {g['points']}")
    print(f"points: {r['points']} ({r['method']})")


def _print_replay(r: dict[str, Any]) -> None:
    print(f"{r['players']} players, dealer seat {r['dealer']}, dealt {r['method'].replace('_', ' ')}")
    for e in r["talk"]:
        who = f"seat {e['player']}" if "player" in e else ""
        print(f"  talk: {who} {e.get('decision', e.get('method', e.get('text', '')))}".rstrip())
    if r["scart"]:
        print(f"scart: {' '.join(as_code(r['scart']))}")
    for t in r["tricks"]:
        plays = ", ".join(f"{p}:{as_code(c)}" for p, c in t["plays"])
        print(f"trick {t['number']:>2}: {plays:<40} won by seat {t['winner']}")
        for key in ("buob", "fool"):
            if t.get(key):
                print(f"          {key}: {t[key]['text']}")
    for e in r["events"]:
        print(f"  {e['text']}")
    if r["phase"] == "thrown_in":
        print("the deal was thrown in: no score")
    elif "result" in r:
        res = r["result"]
        for s, seats in enumerate(r["sides"]):
            score = res["scores"][s]
            print(f"side {s} (seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))}):"
                  f" {res['points'][s]} card points, par {res['par'][s]},"
                  f" score {score:+}")
    else:
        print(f"the hand is not over: seat {r['current_player']} is to act ({r['phase']})")


def _print_tricks(tricks: list[dict[str, Any]]) -> None:
    for t in tricks:
        plays = ", ".join(f"seat {p}: {as_code(c)}" for p, c in t["plays"])
        taken = f" — seat {t['winner']} takes it" if t.get("winner") is not None else ""
        print(f"  {plays}{taken}")


def _print_endgame(r: dict[str, Any]) -> None:
    sit = r["situation"]
    print(f"{r['title']} — puzzle endgame seed {r['spec'].get('seed')} (level {r['level']})")
    for p, cards in enumerate(sit["hands"]):
        who = "you" if p == sit["seat"] else "partner" if p in sit["partners"] else "opponent"
        print(f"seat {p} ({who}): {' '.join(as_code(cards))}")
    if sit["trick"]:
        print("trick: " + ", ".join(f"seat {p}: {as_code(c)}" for p, c in sit["trick"]))
    print(r["question"])
    if "answer" in r:
        print(f"answer: {' or '.join(as_code(r['answer']))} — {r['value']} card points for"
              " your side")
        for card, value in sorted(r["values"].items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"  {as_code(card):>5}  {value}")
        print("best play:")
        _print_tricks(r["line"])


def _print_puzzle(r: dict[str, Any]) -> None:
    sit = r["situation"]
    print(f"{r['title']} — puzzle {r['kind']} seed {r['spec'].get('seed')}")
    for key, label in (("context", None), ("pile", "cards"), ("hand", "hand"),
                       ("side_tricks", "the Fool's side has won"), ("trick", "trick")):
        value = sit.get(key)
        if not value:
            continue
        if key == "trick":
            value = ", ".join(f"seat {p}: {as_code(c)}" for p, c in value)
        elif key == "side_tricks":
            value = " / ".join(" ".join(as_code(t)) for t in value)
        elif isinstance(value, list):
            value = " ".join(as_code(value))
        print(f"{label}: {value}" if label else value)
    print(r["question"])
    if "answer" in r:
        ans = r["answer"]
        print("answer: " + r.get("answer_text", " ".join(ans) if isinstance(ans, list)
                                 else str(ans)))
        for step in r["steps"]:
            print(f"  {step}")


def _write_atomic(path: str, text: str) -> None:
    """Write all of ``text`` to ``path`` or nothing: a half-written record is worse than none;
    never over a device or a folder, through a symlink, with the usual mode
    (``cardgame.files``)."""
    from cardgame.files import write_file
    write_file(path, text, lambda id, **params: TroccasError(msg(id, **params)))


def _read_record(path: str) -> bytes:
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as f:
            return f.read()
    except OSError as exc:
        raise TroccasError(msg("record#read", path=path, why=exc.strerror)) from None


def build_parser() -> _Parser:
    p = _Parser(prog="troccas", description="The rules of Troccas, the Swiss tarot card game"
                " of the Surselva (pagat's rules by default).",
                formatter_class=argparse.RawDescriptionHelpFormatter,
                epilog=_notation_help() + EPILOG)
    p.add_argument("--version", action="version", version=f"troccas {__version__}")
    from cardgame.messages import languages
    p.add_argument("--lang", default="en", choices=languages("troccas"),
                   help="the language of the engine's explanations and refusals (default en)")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def cmd(name: str, help_: str) -> argparse.ArgumentParser:
        # help= is %-formatted by argparse, a raw description is not: one '%' there.
        c = sub.add_parser(name, help=help_, description=help_.replace("%%", "%"),
                           epilog=NOTATION,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        c.add_argument("--json", action="store_true", help="print JSON")
        return c

    c = cmd("count", "count the points of a pile of cards")
    c.add_argument("cards", nargs="+", metavar="CARD")
    g = c.add_mutually_exclusive_group()
    g.add_argument("--threes", action="store_const", dest="method", const="threes",
                   help="groups of three less 2 (3 players)")
    g.add_argument("--singly", action="store_const", dest="method", const="singly",
                   help="each card its value (3 and 5 players); see --scart")
    c.add_argument("--scart", default="", metavar="CARDS",
                   help="cards of the pile that lie in the scart (count one less singly)")
    c.set_defaults(method="fours")

    c = cmd("winner", "the card that wins a trick (cards in play order, first card led)")
    c.add_argument("cards", nargs="+", metavar="CARD")

    c = cmd("legal", "the cards of a hand that may be played to a trick")
    c.add_argument("--hand", required=True, metavar="CARDS")
    c.add_argument("--trick", default="", metavar="CARDS",
                   help="cards already played to the trick, in order (empty: you lead)")

    c = cmd("deal", "deal a hand from a seeded shuffle")
    c.add_argument("--players", type=int, default=4, choices=(3, 4, 5, 6))
    c.add_argument("--seed", default="0")
    c.add_argument("--dealer", type=int, default=0)
    c.add_argument("--method", default=None,
                   help="three_rounds (default), two_rounds or one_round with 4 players")

    c = cmd("replay", "replay a hand record: tricks, winners, buob and Fool, the count")
    c.add_argument("file", help="a hand record (JSON); - reads standard input")

    c = cmd("solve", "the open-card solver: each legal card's value for the seat to move, and"
            " the line of best play")
    c.add_argument("file", help="a hand record (JSON); - reads standard input")
    c.add_argument("--tricks", type=int, default=None,
                   help="solve where this many tricks remain (default: where the record ends)")

    c = cmd("random", "play a hand with random legal actions and print (or write) its record")
    c.add_argument("--players", type=int, default=4, choices=(3, 4, 5, 6))
    c.add_argument("--seed", default="0")
    c.add_argument("-o", "--output", metavar="FILE", help="write the record to FILE")

    c = cmd("puzzle", "a practice puzzle from a seed (the same in every place the engine runs)")
    c.add_argument("kind", help="count, buob, fool, legal, winner, scart or endgame")
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--answer", action="store_true", help="also print the answer and its steps")

    cmd("options", "the rule options where the sources disagree, and who plays each")

    c = cmd("play", "play a hand bot against bot and print its record (troccas replay reads it)")
    c.add_argument("--seed", default="0", help="the deal's seed (the bots' too)")
    c.add_argument("--bots", default="search,baseline,search,baseline", metavar="BOTS",
                   help="one bot per seat, comma-separated: random, baseline or search"
                   " (fewer than the players: repeated in turn)")
    c.add_argument("--players", type=int, default=4, choices=(3, 4, 5, 6))
    c.add_argument("--dealer", type=int, default=0)
    c.add_argument("-o", "--output", metavar="FILE", help="write the record to FILE")

    c = cmd("arena", "bot A against bot B over many deals, each dealt twice with the seats"
            " swapped: A's mean score per hand with a 95%% confidence interval")
    c.add_argument("a", metavar="A", help="random, baseline or search")
    c.add_argument("b", metavar="B", help="random, baseline or search")
    c.add_argument("--hands", type=_positive, default=100, help="deals to play (each twice)")
    c.add_argument("--seed", default="0")
    p.plugins = _plugin_commands(sub, cmd)
    return p


def _plugin_commands(sub: argparse._SubParsersAction[_Parser],
                     cmd: Callable[[str, str], argparse.ArgumentParser]) -> dict[str, Runner]:
    """The commands other installed packages add (cardgame.cli.plugin_commands; the project's
    tooling adds ``worksheet``)."""
    from cardgame.cli import plugin_commands
    runners = plugin_commands("troccas", sub, cmd)
    if "worksheet" not in runners:  # say where it comes from rather than "invalid choice"
        cmd("worksheet", "printable puzzle worksheets (from a plugin that is not installed)") \
            .add_argument("rest", nargs=argparse.REMAINDER)
    return runners


MOST_DEALS = 10_000  # an arena of the search bot plays some 10 deals a second at best


def _positive(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 6
            and 1 <= int(text) <= MOST_DEALS):
        raise argparse.ArgumentTypeError(
            f"{quote(text)} is not a number of deals from 1 to {MOST_DEALS}")
    return int(text)


def _bot_name(text: str) -> str:
    from .bots.base import BOTS
    if text not in BOTS:
        raise TroccasError(msg("bot#unknown", name=quote(text), bots=list(BOTS)))
    return text


def _bot_names(text: str) -> list[str]:
    return [_bot_name(b.strip()) for b in text.split(",")]


def _fail(message: str, rule: str) -> int:
    print(f"troccas: error: {message} [{rule}]".replace("\n", " "), file=sys.stderr)
    return 2


def _seed(text: str) -> int:
    """``--seed``: a whole number in the digits 0-9, up to 2**64 - 1 (``cardgame.seed``)."""
    from cardgame.seed import parse_seed
    from .errors import OptionError
    return parse_seed(text, msg=msg, error=OptionError)


def run(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    from cardgame.messages import set_language
    set_language(args.lang)
    c = args.command
    if c in parser.plugins:
        return parser.plugins[c](args, _fail)
    if c == "worksheet":
        raise TroccasError(msg("output#no_worksheet"))
    if c == "count":
        r = api.call("count", cards=_cards_arg(args.cards), method=args.method,
                     scart=args.scart)
        show = _print_count
    elif c == "winner":
        r = api.call("winner", cards=_cards_arg(args.cards))
        show = (lambda r: print(f"{as_code(r['winner'])} wins: {r['explanation']}"))
    elif c == "legal":
        r = api.call("legal", hand=args.hand, trick=args.trick)

        def show(r: dict[str, Any]) -> None:
            print("legal: " + " ".join(as_code(r["legal"])))
            for x in r["refused"]:
                print(f"  not {as_code(x['card'])}: {x['message']} [{x['rule']}]")
    elif c == "deal":
        r = api.call("deal", players=args.players, seed=_seed(args.seed), dealer=args.dealer,
                     method=args.method)

        def show(r: dict[str, Any]) -> None:
            for seat, cards in enumerate(r["hands"]):
                mark = " (dealer)" if seat == r["dealer"] else ""
                print(f"seat {seat}{mark}: {' '.join(as_code(cards))}"
                      f"   face up: {as_code(r['face_up'][seat])}")
    elif c == "replay":
        from .record import HandRecord
        where = "<stdin>" if args.file == "-" else args.file
        rec = HandRecord.loads(_read_record(args.file), where=where)
        r = api.replay_json(rec.replay(where=where))
        show = _print_replay
    elif c == "solve":
        from .record import HandRecord
        where = "<stdin>" if args.file == "-" else args.file
        rec = HandRecord.loads(_read_record(args.file), where=where)
        r = api.call("solve", record=rec.to_json(), tricks=args.tricks)

        def show(r: dict[str, Any]) -> None:
            print(f"seat {r['player']} to play (side {r['side']}); card points of that side at"
                  f" the end of the hand, with best play by everyone:")
            for v in r["values"]:
                mark = "  best" if v["action"] in r["best"] else ""
                print(f"  {v['action']:<16} {v['value']:>3}{mark}")
            print("line: " + ", ".join(r["line"]))
            print(f"({r['nodes']} positions searched)")
    elif c == "random":
        r = api.call("random_hand", players=args.players, seed=_seed(args.seed))
        text = json.dumps(r, ensure_ascii=False, indent=1) + "\n"
        if args.output:
            _write_atomic(args.output, text)
            show = (lambda r: print(f"wrote {args.output}"))
        else:
            show = (lambda r: print(text, end=""))
            args.json = False
    elif c == "play":
        from .bots.arena import play_hand, record_of
        from .bots.base import get_bot
        names = _bot_names(args.bots)
        if len(names) > args.players:
            raise TroccasError(msg("bot#too_many", n=len(names), players=args.players,
                                   bots=args.bots))
        if not 0 <= args.dealer < args.players:
            raise TroccasError(msg("deal#dealer_seat", last=args.players - 1,
                                   value=quote(args.dealer)))
        bots = [get_bot(names[i % len(names)]) for i in range(args.players)]
        seed = _seed(args.seed)
        r = record_of(play_hand(bots, seed, args.players, args.dealer, bot_seed=seed), seed)
        text = json.dumps(r, ensure_ascii=False, indent=1) + "\n"
        if args.output:
            _write_atomic(args.output, text)
            show = (lambda r: print(f"wrote {args.output}"))
        else:
            show = (lambda r: print(text, end=""))
            args.json = False
    elif c == "arena":
        from .bots.arena import arena, mean_ci
        _bot_name(args.a), _bot_name(args.b)  # one bot each: 'random,search' is no name
        scores = arena(args.a, args.b, args.hands, _seed(args.seed))
        mean, half = mean_ci(scores)
        r = {"a": args.a, "b": args.b, "deals": args.hands, "hands": 2 * args.hands,
             "seed": _seed(args.seed), "mean": round(mean, 3), "ci95": [
                 round(mean - half, 3), round(mean + half, 3)]}

        def show(r: dict[str, Any]) -> None:
            lo, hi = r["ci95"]
            print(f"{r['a']} against {r['b']}: {r['mean']:+.2f} points per hand for"
                  f" {r['a']}'s side (95% interval {lo:+.2f} to {hi:+.2f}) over {r['deals']}"
                  f" deals, each played with both seatings ({r['hands']} hands)")
    elif c == "puzzle" and args.kind == "endgame":
        r = api.call("endgame", seed=args.seed, answer=args.answer)
        show = _print_endgame
    elif c == "puzzle":
        from .puzzles import KINDS, PuzzleError
        if args.kind not in KINDS:  # name every kind, the endgames too
            raise PuzzleError(msg("puzzle#kind", value=quote(args.kind),
                                  kinds=[*KINDS, "endgame"], field="kind"))
        r = api.call("puzzle", kind=args.kind, seed=args.seed, answer=args.answer)
        show = _print_puzzle
    elif c == "options":
        r = api.call("options")

        def show(r: dict[str, Any]) -> None:
            for o in r["options"]:
                print(f"{o['name']} — {o['point']} (default {o['default']!r})")
                for v in o["values"]:
                    src = ", ".join(v["sources"]) or "—"
                    print(f"  {v['value']!r:<24} {v['meaning']} [{src}]")
    if getattr(args, "json", False):
        print(json.dumps(r, ensure_ascii=False, indent=1))
    else:
        show(r)
    return 0


def main(argv: list[str] | None = None) -> int:
    from cardgame.cli import guarded
    return guarded("troccas", run, argv)


if __name__ == "__main__":
    sys.exit(main())
