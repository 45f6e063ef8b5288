"""The registry of games: what a tool that serves any game (the site generator, the api tests,
a bot harness) asks to find them, as OpenSpiel's ``registered_games()``.

A game registers itself with a :class:`GameInfo` — in its package's metadata, under the entry
point group ``cardgame.games`` (``<game> = "<game>:GAME"``), so that installing a game's
package is all it takes — or, for a game that is not installed (the test game in tests/), by
:func:`register`. The record names its parts by import path, so that reading the registry
imports no game's rules.
"""

from __future__ import annotations

import importlib
from typing import Any, Mapping

from .state import GameState
from .value import Value

GROUP = "cardgame.games"
_registered: dict[str, "GameInfo"] = {}


class GameInfo(Value):
    """One game: its package and where its parts are.

    ``players`` is ``"module:attribute"``, the numbers of players the game allows;
    ``new_state`` is ``"module:function"``, a function ``(players, seed, options)`` returning
    a :class:`cardgame.state.GameState` at the start of a hand; ``options`` is
    ``"module:attribute"``, a mapping of each rule option's name to an object with ``values``
    (the values it may take) and ``default``; ``facade`` is the module of the game's calls
    (``cardgame.facade.Facade`` functions: ``call``, ``call_json``, ``schema``)."""

    # A Value, not a dataclass: each game's package makes one as it loads, in the browser too
    # (cardgame.value says what a dataclass costs there).
    __slots__ = ("name", "players", "new_state", "options", "facade")
    name: str
    players: str
    new_state: str
    options: str
    facade: str

    def _resolve(self, path: str) -> Any:
        module, _, attribute = path.partition(":")
        found: Any = importlib.import_module(module)
        for part in attribute.split(".") if attribute else ():
            found = getattr(found, part)
        return found

    def state(self, players: int, seed: int, options: Mapping[str, Any] | None = None
              ) -> GameState:
        """A new hand for ``players`` seats, dealt from ``seed``, under ``options``."""
        state: GameState = self._resolve(self.new_state)(players, seed, dict(options or {}))
        return state

    def player_counts(self) -> tuple[int, ...]:
        return tuple(self._resolve(self.players))

    def option_values(self) -> dict[str, tuple[Any, ...]]:
        """Each rule option and the values it may take."""
        return {name: tuple(option.values) for name, option in self._resolve(self.options).items()}

    def api(self) -> Any:
        """The game's facade module."""
        return importlib.import_module(self.facade)


def register(info: GameInfo) -> GameInfo:
    """Add a game that is not installed as a package (or replace one by the same name)."""
    _registered[info.name] = info
    return info


def _installed() -> dict[str, GameInfo]:
    # Imported here: a game's package imports this module as it loads, in the browser too,
    # where importlib.metadata (and what it imports) would slow Python's start for nothing.
    from importlib import metadata

    found: dict[str, GameInfo] = {}
    for point in metadata.entry_points(group=GROUP):
        info = point.load()
        if not isinstance(info, GameInfo) or info.name != point.name:
            raise TypeError(f"entry point {GROUP}:{point.name} = {point.value}: "
                            f"not a GameInfo named {point.name!r}")
        found[point.name] = info
    return found


def registered() -> dict[str, GameInfo]:
    """Every game: the installed ones, then those registered in this process, by name."""
    games = _installed()
    games.update(_registered)
    return dict(sorted(games.items()))


def game(name: str) -> GameInfo:
    games = registered()
    if name not in games:
        raise LookupError(f"no game {name!r}: the games are {', '.join(games) or 'none'}")
    return games[name]

