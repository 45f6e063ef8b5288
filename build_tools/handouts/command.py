"""``<game> worksheet``: a game's command line gains this command from the site tooling.

The engine knows nothing of the site; it looks up commands other packages offer under the
entry-point group ``cardgame.commands`` (cardgame.cli.plugin_commands; see ``pyproject.toml``
at the project root). This one serves the games whose site has the worksheets part, and
prints puzzle worksheets with their answer keys, as the site's Handouts page offers them — one
sheet, or a class set with a different sheet for every learner (build_tools/worksheets/).
"""

from __future__ import annotations

import argparse

HELP = "printable puzzle worksheets (A4 PDF), each with its answer key page; needs Chromium"


def register(game, sub, cmd):
    """Add the subcommand to ``game``'s argument parser; return the function that runs it, or
    None when the game's site has no worksheets (its config leaves them out, ``without:``, or
    it has no site here: build_tools/site_code.py)."""
    from build_tools.site_code import has_part
    if not has_part(game, "worksheets"):
        return None
    from build_tools.worksheets import sheets
    kinds = sheets.all_kinds(game)
    c = cmd("worksheet", HELP)
    c.add_argument("kind", help=f"{', '.join(kinds[:-1])} or {kinds[-1]}; several for a mix, "
                                f"joined by commas ({','.join(kinds[:2])})")
    c.add_argument("--seed", type=int, default=1,
                   help="the first puzzle's seed (the next ones follow: N, N+1, ...)")
    c.add_argument("--count", type=int, default=6, help="how many puzzles a sheet (default 6)")
    c.add_argument("--sheets", type=int, default=1,
                   help="how many different sheets, e.g. one for each learner of a class "
                        "(default 1); each takes the next seeds")
    c.add_argument("--keys", choices=("after", "end"), default="after",
                   help="each answer key after its sheet (default), or all keys at the end")
    # The engine's own --lang (<game> --lang de worksheet …) chooses the sheets' language too;
    # given here, after the command, it does the same.
    c.add_argument("--lang", default=argparse.SUPPRESS, metavar="LANG",
                   help="the language the sheets are written in: "
                        f"{' or '.join(_languages(game))} (default: en)")
    c.add_argument("-o", "--output", required=True, metavar="FILE.pdf")
    return lambda args, fail: run(game, args, fail)


def _languages(game: str) -> list[str]:
    """The languages both the site's words and the game's engine speak."""
    from cardgame.messages import languages

    from build_tools import words
    return sorted(set(words.languages()) & set(languages(game)))


def use_language(game: str, lang: str) -> str | None:
    """Write everything from now on in ``lang``: the site's words, ``game``'s messages and the
    templates' t(). Returns what is wrong with ``lang``, or None."""
    from cardgame.messages import set_language

    from build_tools import site_code, templating, words
    have = _languages(game)
    if lang not in have:
        return f"--lang {lang}: the worksheets are written in {' or '.join(have)}"
    words.use(lang, game)
    set_language(lang)
    # The theme's overrides and the game's own templates (its situations on a sheet).
    templating.use(templating.environment(
        [templating.OVERRIDES, site_code.folder(game) / "templates"],
        words=words.words(lang, game)))
    return None


def run(game: str, args, fail) -> int:
    """Write ``game``'s worksheets; ``fail(message)`` reports a one-line error (exit status 2)."""
    from cardgame.errors import GameError

    from build_tools.worksheets.sheets import MAX_PUZZLES, MAX_SHEETS, SheetError, kinds_of, plan

    from build_tools.words import current

    from . import HandoutError, worksheet
    wrong = use_language(game, getattr(args, "lang", "en"))
    if wrong:
        return fail(wrong, "language")
    say = current().t
    try:
        kinds = kinds_of(args.kind)
    except GameError as exc:
        return fail(exc.message, exc.rule)
    except SheetError as exc:
        return fail(f"{args.kind!r}: {exc}", "puzzle")
    if not 1 <= args.count <= MAX_PUZZLES:
        return fail(say("worksheets.cli_count", count=args.count, most=MAX_PUZZLES), "puzzle")
    if not 1 <= args.sheets <= MAX_SHEETS:
        return fail(say("worksheets.cli_sheets", sheets=args.sheets, most=MAX_SHEETS), "puzzle")
    try:
        specs = plan(kinds, args.seed, args.count, args.sheets)
    except SheetError as exc:
        return fail(str(exc), "puzzle")
    from cardgame.files import target_of
    from .pdf import refused_output
    try:  # before Chromium starts: a device or a folder is refused at once
        target_of(args.output, refused_output)
    except HandoutError as exc:
        return fail(str(exc), "output")
    try:
        out = worksheet(kinds, args.seed, args.count, args.output, args.sheets, args.keys)
    except HandoutError as exc:
        return fail(str(exc), "worksheet")
    except OSError as exc:
        return fail(say("worksheets.cli_cannot_write", output=args.output, error=exc.strerror),
                    "output")
    what = ",".join(kinds)
    seeds = ", ".join(str(s["seed"]) for s in specs)
    sheets = say("worksheets.cli_sheets_seeds", n=args.sheets, seeds=seeds) if args.sheets > 1 \
        else say("worksheets.cli_seed", seed=args.seed)
    print(say("worksheets.cli_wrote", out=out, n=args.count, what=what, sheets=sheets))
    return 0
