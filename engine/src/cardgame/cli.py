"""What every game's command line shares: bad input is one line and status 2, an engine bug
one line and status 1, an interrupt (Ctrl-C) one line and status 130, never a traceback; and
the commands other installed packages add to a game's command line (:func:`plugin_commands`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable

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


# The entry-point group other packages offer commands under (the project's site tooling offers
# ``worksheet``). Each entry point is ``register(game, sub, cmd)``: it adds its subcommand to
# that game's parser and returns ``run(args, fail)``, or returns None when it has nothing for
# that game. The engine itself knows nothing of them.
COMMANDS_GROUP = "cardgame.commands"

# A plugin's runner: run(args, fail) -> exit status, ``fail(message, rule)`` reporting one line.
Runner = Callable[[argparse.Namespace, Callable[[str, str], int]], int]


def plugin_commands(game: str, sub: Any,
                    cmd: Callable[[str, str], argparse.ArgumentParser]) -> dict[str, Runner]:
    """The commands installed packages add to ``game``'s command line, by name."""
    from importlib.metadata import entry_points
    runners: dict[str, Runner] = {}
    for ep in entry_points(group=COMMANDS_GROUP):
        try:
            run = ep.load()(game, sub, cmd)
        except Exception:  # noqa: BLE001 - a broken plugin must not break the engine's commands
            continue
        if run is not None:
            runners[ep.name] = run
    return runners
