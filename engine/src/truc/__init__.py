"""Truc, the Catalan trick-and-bluff game of the Spanish 40-card pack, and its French relatives:
the second game on the project's game-neutral core (``cardgame``). Pure Python, no
dependencies. The rules come from one source, the truc page (see ``truc.rules.SOURCES``)."""

__version__ = "0.1.0"
WARM_UP = ("truc.hand", "truc.puzzles")

from cardgame.games import GameInfo  # noqa: E402

# The game in the registry of games (cardgame.games; engine/pyproject.toml's entry point).
GAME = GameInfo(name="truc", players="truc.rules:PLAYER_COUNTS",
                new_state="truc.hand:new_state",
                options="truc.rules:OPTIONS", facade="truc.api")
