"""``troccas worksheet``: the engine's command line gains this command from the site tooling.

The engine knows nothing of the site; it looks up commands other packages offer under the
entry-point group ``troccas.commands`` (see ``pyproject.toml`` at the project root). This one
prints puzzle worksheets with their answer keys, as the site's Handouts page offers them — one
sheet, or a class set with a different sheet for every learner (build_tools/worksheets/).
"""

from __future__ import annotations

HELP = "printable puzzle worksheets (A4 PDF), each with its answer key page; needs Chromium"


def register(sub, cmd):
    """Add the subcommand to the engine's argument parser; return the function that runs it."""
    c = cmd("worksheet", HELP)
    c.add_argument("kind", help="count, buob, fool, legal, winner, scart or endgame; several for a mix, "
                                "joined by commas (count,legal)")
    c.add_argument("--seed", type=int, default=1,
                   help="the first puzzle's seed (the next ones follow: N, N+1, ...)")
    c.add_argument("--count", type=int, default=6, help="how many puzzles a sheet (default 6)")
    c.add_argument("--sheets", type=int, default=1,
                   help="how many different sheets, e.g. one for each learner of a class "
                        "(default 1); each takes the next seeds")
    c.add_argument("--keys", choices=("after", "end"), default="after",
                   help="each answer key after its sheet (default), or all keys at the end")
    c.add_argument("-o", "--output", required=True, metavar="FILE.pdf")
    return run


def run(args, fail) -> int:
    """Write the worksheets; ``fail(message)`` reports a one-line error (exit status 2)."""
    from troccas.errors import TroccasError

    from build_tools.worksheets.sheets import MAX_PUZZLES, MAX_SHEETS, SheetError, kinds_of, plan

    from . import HandoutError, worksheet
    try:
        kinds = kinds_of(args.kind)
    except TroccasError as exc:
        return fail(exc.message, exc.rule)
    except SheetError as exc:
        return fail(f"{args.kind!r}: {exc}", "puzzle")
    if not 1 <= args.count <= MAX_PUZZLES:
        return fail(f"--count {args.count}: a worksheet holds 1 to {MAX_PUZZLES} puzzles",
                    "puzzle")
    if not 1 <= args.sheets <= MAX_SHEETS:
        return fail(f"--sheets {args.sheets}: a class set holds 1 to {MAX_SHEETS} sheets",
                    "puzzle")
    try:
        specs = plan(kinds, args.seed, args.count, args.sheets)
    except SheetError as exc:
        return fail(str(exc), "puzzle")
    try:
        out = worksheet(kinds, args.seed, args.count, args.output, args.sheets, args.keys)
    except HandoutError as exc:
        return fail(str(exc), "worksheet")
    except OSError as exc:
        return fail(f"{args.output}: cannot write the worksheet: {exc.strerror}", "output")
    what = ",".join(kinds)
    seeds = ", ".join(str(s["seed"]) for s in specs)
    sheets = f"{args.sheets} sheets (seeds {seeds})" if args.sheets > 1 else f"seed {args.seed}"
    print(f"wrote {out}: {args.count} {what} puzzle{'s' if args.count > 1 else ''} a sheet, "
          f"{sheets}, each with its answer key")
    return 0
