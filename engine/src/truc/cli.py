"""The ``truc`` command line: hands played by bots or by you against them, bots against bots,
records replayed.

    truc play --seed 7 [--bots bettor,never_bets] [--players 2|4] [--betting french] [-o FILE]
                                      bots play a hand; its record (truc replay reads it)
    truc play --seat 0 [--bots ...]   you play seat 0 in the terminal against the bots
    truc arena bettor never_bets [--deals 200] [--seed 0]
                                      bot against bot, each deal with both seatings: A's points
                                      per hand with a 95% interval
    truc replay hand.json [--json]    every trick and the result
    truc trick "1 3o" "2 3c" "3 4e" "0 4b"   who takes a trick, and why
    truc facts [--json]               the game's numbers (target, stakes …) the pages show
    truc options [--json]             the rule options, both readings where the source has two

Installed packages may add commands (``cardgame.commands``; the project's site tooling adds
``truc worksheet``, printable puzzle worksheets).

Bad input prints one line naming the field, token or action and the rule, status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from . import __version__, api
from .errors import TrucError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, status 2, like every other bad input
        from cardgame.messages import one_line  # an argument may hold a line break
        self.exit(2, f"truc: error: {one_line(message)} (see 'truc --help')\n")


def run(argv: list[str] | None) -> int:
    p = _Parser(prog="truc", description="The Truc rules engine (Catalan Truc and its French "
                                         "relatives).")
    p.add_argument("--version", action="version", version=f"truc {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    c = sub.add_parser("play", help="a hand played by bots (or by you at --seat), as a record")
    c.add_argument("--seed", default="0",
                   help="a whole number from 0 to 2**64-1 (the deck and the bots' choices)")
    c.add_argument("--bots", default="bettor", metavar="BOTS",
                   help="one bot per seat, comma-separated (fewer than the seats: repeated in "
                        "turn): random, never_bets, accepting, bettor")
    c.add_argument("--seat", type=int, default=None,
                   help="play this seat yourself, in the terminal")
    c.add_argument("--players", type=int, default=4)
    c.add_argument("--dealer", type=int, default=0)
    c.add_argument("--betting", default="catalan")
    c.add_argument("-o", "--output", metavar="FILE", help="write the record to FILE")
    c = sub.add_parser("arena", help="bot A against bot B over many deals, each dealt twice "
                                     "with the seats swapped: A's points per hand, 95%% "
                                     "interval")
    c.add_argument("a", metavar="A", help="random, never_bets, accepting or bettor")
    c.add_argument("b", metavar="B", help="random, never_bets, accepting or bettor")
    c.add_argument("--deals", type=_positive, default=200, help="deals to play (each twice)")
    c.add_argument("--seed", default="0")
    c.add_argument("--json", action="store_true")
    c = sub.add_parser("replay", help="replay a hand record: its tricks and its result")
    c.add_argument("record")
    c.add_argument("--json", action="store_true")
    c = sub.add_parser("facts", help="the game's numbers as the engine plays them (what the "
                                     "site's pages show)")
    c.add_argument("--json", action="store_true")
    c = sub.add_parser("options", help="the rule options, each value with what it means and "
                                       "its source; where the source reads two ways, both")
    c.add_argument("--json", action="store_true")
    c = sub.add_parser("trick", help="who takes a trick: plays as 'seat card'")
    c.add_argument("plays", nargs="+")
    c.add_argument("--players", type=int, default=4)

    def cmd(name: str, help: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = sub.add_parser(name, help=help)
        return parser
    from cardgame.cli import plugin_commands
    plugins = plugin_commands("truc", sub, cmd)
    args = p.parse_args(argv)
    if args.command in plugins:
        return plugins[args.command](args, _fail)
    if args.command == "play":
        return _play(args)
    if args.command == "arena":
        return _arena(args)
    if args.command in ("facts", "options"):
        return _show(args.command, args.json)
    if args.command == "replay":
        try:
            with open(args.record, "rb") as f:
                data = f.read()
        except OSError as exc:
            raise TrucError(api.msg("record#read", path=args.record, why=exc.strerror)) from None
        from .record import HandRecord
        rec = HandRecord.loads(data)
        hand = rec.replay()
        out: dict[str, Any]
        out = {"tricks": [{"plays": [[s, hand.pack.tokens[c]] for s, c in plays], "team": team}
                          for plays, team, _ in hand.tricks],
               "stake": hand.stake, "phase": hand.phase, "result": hand.result}
        if args.json:
            print(json.dumps(out, ensure_ascii=False))
            return 0
        for i, t in enumerate(out["tricks"], 1):
            who = "drawn" if t["team"] is None else f"team {t['team']}"
            print(f"trick {i}: {' '.join(f'{s}:{c}' for s, c in t['plays'])} -> {who}")
        r = out["result"]
        print("not over" if r is None else
              f"team {r['team']} scores {r['points']} ({r['how']})")
        return 0
    plays: list[list[Any]] = []
    for text in args.plays:
        seat, _, card = text.partition(" ")
        if not seat.isascii() or not seat.isdigit() or not card:
            raise TrucError(api.msg("trick#plays", players=args.players))
        plays.append([int(seat), card.strip()])
    print(api.call("trick", plays=plays, players=args.players)["text"])
    return 0


MOST_DEALS = 100_000


def _show(what: str, as_json: bool) -> int:
    """``facts``: one ``name: value`` a line (a pack's size as ``pack_sizes.<pack>``, the name
    a page's ``<!-- truc-fact: NAME -->`` takes); ``options``: each option, its values, the
    default marked with ``*``."""
    data = api.call(what)
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    if what == "facts":
        for name, value in data.items():
            for key, v in (value.items() if isinstance(value, dict) else [("", value)]):
                print(f"{name}{'.' + key if key else ''}: {v}")
        return 0
    for o in data["options"]:
        print(f"{o['name']}: {o['point']}")
        for v in o["values"]:
            mark = "*" if v["value"] == o["default"] else " "
            print(f"  {mark} {json.dumps(v['value'])}: {v['means']}")
    return 0


def _positive(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 0 < int(text) <= MOST_DEALS:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 1 to {MOST_DEALS}")
    return int(text)


def _play(args: argparse.Namespace) -> int:
    from .bots import get_bot
    seed = _seed(args.seed)
    rules = {"betting": args.betting} if args.betting != "catalan" else None
    rec = api.call("table_new", players=args.players, dealer=args.dealer, seed=seed,
                   rules=rules)
    names = [n.strip() for n in args.bots.split(",")]
    for n in names:
        get_bot(n)  # an unknown name is refused before the hand
    if len(names) > args.players:
        raise TrucError(api.msg("bot#too_many", n=len(names), players=args.players))
    if args.seat is not None and not 0 <= args.seat < args.players:
        raise TrucError(api.msg("hand#seat", last=args.players - 1, value=repr(args.seat)))
    bots = [names[i % len(names)] for i in range(args.players)]
    if args.seat is not None:
        rec = _human(rec, args.seat, bots, seed)
        if rec is None:
            return 0
    else:
        while True:
            view = api.call("table_view", record=rec, seat=0)
            if view["result"] is not None:
                break
            b = api.call("bot_action", record=rec, bot=bots[view["current_player"]], seed=seed)
            rec = api.call("table_apply", record=rec, action=b["action"],
                           say=b["say"]["id"] if b["say"] else None)["record"]
    text = json.dumps(rec, ensure_ascii=False, indent=1) + "\n"
    if args.output:
        from cardgame.files import write_file
        write_file(args.output, text, lambda id, **params: TrucError(api.msg(id, **params)))
        print(f"wrote {args.output}")
    elif args.seat is None:
        print(text, end="")
    return 0


def _human(rec: dict[str, Any], seat: int, bots: list[str], seed: int
           ) -> dict[str, Any] | None:
    """A hand at the terminal: the bots act for the other seats; at the seat's turn its
    choices are numbered, a letter after the number adds a signal ("2a"), "h" asks the coach,
    "q" (or the end of the input) stops. Returns the record, None when stopped."""
    shown = 0
    while True:
        view = api.call("table_view", record=rec, seat=seat)
        for e in view["log"][shown:]:
            print("  " + e["text"])
        shown = len(view["log"])
        if view["result"] is not None:
            after = view["totals_after"]
            print(f"score: your team {after[view['side']]}, the others {after[1 - view['side']]}")
            return rec
        if view["current_player"] != seat:
            b = api.call("bot_action", record=rec, bot=bots[view["current_player"]], seed=seed)
            rec = api.call("table_apply", record=rec, action=b["action"],
                           say=b["say"]["id"] if b["say"] else None, viewer=seat)["record"]
            continue
        print(f"your cards: {' '.join(view['hand']) or '-'}   hand worth {view['stake']}")
        for i, c in enumerate(view["legal"], 1):
            print(f"  {i}. {c['label']}")
        letters = "abcdefgh"
        for letter, s in zip(letters, view["signals"]):
            print(f"  {letter}) signal: {s['text']} ({s['meaning']})")
        try:
            line = input("your choice (number, number+letter to signal, h: hint, q: quit): ")
        except (EOFError, OSError):  # the end of the input, or none to read: stop
            print()
            return None
        line = line.strip().lower()
        if line == "q":
            return None
        if line == "h":
            hint = api.call("bot_action", record=rec, bot="bettor", seed=seed, viewer=seat)
            print(f"  hint: {hint['text']}")
            continue
        num, letter = line.rstrip(letters), line[len(line.rstrip(letters)):]
        if not num.isdigit() or not 1 <= int(num) <= len(view["legal"]) or len(letter) > 1 \
                or (letter and letters.index(letter) >= len(view["signals"])):
            print(f"  {line!r} is not one of the choices")
            continue
        say = view["signals"][letters.index(letter)]["id"] if letter else None
        try:
            rec = api.call("table_apply", record=rec, action=view["legal"][int(num) - 1][
                "action"], say=say, viewer=seat)["record"]
        except TrucError as exc:
            print(f"  {exc.message}")


def _arena(args: argparse.Namespace) -> int:
    from .bots import arena, get_bot, mean_ci
    get_bot(args.a), get_bot(args.b)
    seed = _seed(args.seed)
    scores = arena(args.a, args.b, args.deals, seed)
    mean, half = mean_ci(scores)
    r = {"a": args.a, "b": args.b, "deals": args.deals, "hands": 2 * args.deals, "seed": seed,
         "mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)]}
    if args.json:
        print(json.dumps(r))
        return 0
    lo, hi = r["ci95"]
    print(f"{args.a} against {args.b}: {mean:+.3f} points per hand for {args.a}'s team (95% "
          f"interval {lo:+.3f} to {hi:+.3f}) over {args.deals} deals, each played with both "
          f"seatings ({2 * args.deals} hands)")
    return 0


def _fail(message: str, rule: str) -> int:
    print(f"truc: error: {message} [{rule}]".replace("\n", " "), file=sys.stderr)
    return 2


def _seed(text: str) -> int:
    """``--seed``: the shared rule (``cardgame.seed``), refused in the game's words."""
    from cardgame.seed import parse_seed
    return parse_seed(text, msg=api.msg, error=TrucError)


def main(argv: list[str] | None = None) -> int:
    from cardgame.cli import guarded
    return guarded("truc", run, argv)


if __name__ == "__main__":
    sys.exit(main())
