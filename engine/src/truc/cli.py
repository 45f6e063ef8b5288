"""The ``truc`` command line: hands played at random for tests and teachers, records replayed.

    truc play --seed 7 [--players 2|4] [--betting french] [-o FILE]   a random hand's record
    truc replay hand.json [--json]                           every trick and the result
    truc trick "1 3o" "2 3c" "3 4e" "0 4b"                   who takes a trick, and why

Installed packages may add commands (``cardgame.commands``; the project's site tooling adds
``truc worksheet``, printable puzzle worksheets).

Bad input prints one line naming the field, token or action and the rule, status 2.
"""

from __future__ import annotations

import argparse
import json
import random
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
    c = sub.add_parser("play", help="a hand played by random legal actions, as a record")
    c.add_argument("--seed", default="0",
                   help="a whole number from 0 to 2**64-1 (the deck and the random choices)")
    c.add_argument("--players", type=int, default=4)
    c.add_argument("--dealer", type=int, default=0)
    c.add_argument("--betting", default="catalan")
    c.add_argument("-o", "--output", metavar="FILE", help="write the record to FILE")
    c = sub.add_parser("replay", help="replay a hand record: its tricks and its result")
    c.add_argument("record")
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
        seed = _seed(args.seed)
        rec = api.call("new", players=args.players, dealer=args.dealer, seed=seed,
                       rules={"betting": args.betting} if args.betting != "catalan" else None)
        rng = random.Random(seed)
        while True:
            view = api.call("view", record=rec, seat=max(0, _to_move(rec)))
            if view["result"] is not None:
                break
            legal = view["legal"]
            rec = api.call("apply", record=rec, action=legal[int(rng.random() * len(legal))])
        text = json.dumps(rec, ensure_ascii=False, indent=1) + "\n"
        if args.output:
            from cardgame.files import write_file
            write_file(args.output, text, lambda id, **params: TrucError(api.msg(id, **params)))
            print(f"wrote {args.output}")
        else:
            print(text, end="")
        return 0
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


def _fail(message: str, rule: str) -> int:
    print(f"truc: error: {message} [{rule}]".replace("\n", " "), file=sys.stderr)
    return 2


def _seed(text: str) -> int:
    """``--seed``: the shared rule (``cardgame.seed``), refused in the game's words."""
    from cardgame.seed import parse_seed
    return parse_seed(text, msg=api.msg, error=TrucError)


def _to_move(rec: dict[str, Any]) -> int:
    from .record import HandRecord
    return HandRecord.from_json(rec).replay().current_player


def main(argv: list[str] | None = None) -> int:
    from cardgame.cli import guarded
    return guarded("truc", run, argv)


if __name__ == "__main__":
    sys.exit(main())
