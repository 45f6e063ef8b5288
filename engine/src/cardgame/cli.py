"""What every game's command line shares: bad input is one line and status 2, an engine bug
one line and status 1, an interrupt (Ctrl-C) one line and status 130, never a traceback."""

from __future__ import annotations

import sys
from typing import Callable

from .errors import GameError


def guarded(prog: str, run: Callable[[list[str] | None], int], argv: list[str] | None) -> int:
    """``run(argv)``, with the game's errors printed as ``<prog>: error: … [rule]``."""
    try:
        return run(argv)
    except GameError as exc:
        print(f"{prog}: error: {exc.message} [{exc.rule}]", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:  # Ctrl-C, say in a long search: one line, the shell's status
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - an engine bug: still one line, not a traceback
        print(f"{prog}: internal error: {type(exc).__name__}: {exc} (please report this with"
              f" the command that caused it)".replace("\n", " "), file=sys.stderr)
        return 1
