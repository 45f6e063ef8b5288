"""``troccas worksheet``: the engine's command line gains this command from the site tooling.

The engine knows nothing of the site; it looks up commands other packages offer under the
entry-point group ``troccas.commands`` (see ``pyproject.toml`` at the project root). This one
prints puzzle worksheets with their answer keys, as the site's Handouts page offers them.
"""

from __future__ import annotations

HELP = "a printable puzzle worksheet (A4 PDF) with its answer key page; needs Chromium"


def register(sub, cmd):
    """Add the subcommand to the engine's argument parser; return the function that runs it."""
    c = cmd("worksheet", HELP)
    c.add_argument("kind", help="count, buob, fool, legal, winner or scart")
    c.add_argument("--seed", type=int, default=1,
                   help="the first puzzle's seed (the next ones follow: N, N+1, ...)")
    c.add_argument("--count", type=int, default=6, help="how many puzzles (default 6)")
    c.add_argument("-o", "--output", required=True, metavar="FILE.pdf")
    return run


def run(args, fail) -> int:
    """Write the worksheet; ``fail(message)`` reports a one-line error (exit status 2)."""
    from troccas import api  # the puzzles come from the engine's facade
    from troccas.errors import TroccasError

    from . import HandoutError, worksheet
    try:
        api.call("puzzle", kind=args.kind, seed=max(args.seed, 0))
    except TroccasError as exc:
        return fail(exc.message, exc.rule)
    if not 1 <= args.count <= 50:
        return fail(f"--count {args.count}: a worksheet holds 1 to 50 puzzles", "puzzle")
    try:
        out = worksheet(args.kind, args.seed, args.count, args.output)
    except HandoutError as exc:
        return fail(str(exc), "worksheet")
    except OSError as exc:
        return fail(f"{args.output}: cannot write the worksheet: {exc.strerror}", "output")
    last = args.seed + args.count - 1
    print(f"wrote {out}: {args.count} {args.kind} puzzle{'s' if args.count > 1 else ''},"
          f" seed {args.seed}{f'–{last}' if last != args.seed else ''}, and the answer key")
    return 0
