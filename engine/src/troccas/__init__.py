"""troccas — the rules of Troccas, the Swiss tarot card game of the Surselva.

The default rule set is pagat's; every point where the sources disagree is an option of
:class:`troccas.rules.Rules` naming the source that plays it.
"""

__version__ = "0.1.0"
# What the browser's worker imports once Python is up, before the reader's first question.
WARM_UP = ("troccas.results", "troccas.puzzles")

from .cards import Card, PACK, ranking_order  # noqa: E402
from .errors import (DuplicateCardError, IllegalActionError, InvalidCardError,  # noqa: E402
                     OptionError, RecordError, TroccasError)

__all__ = ["Card", "PACK", "ranking_order", "TroccasError", "InvalidCardError",
           "DuplicateCardError", "IllegalActionError", "RecordError", "OptionError",
           "__version__", "WARM_UP", "GAME"]

from cardgame.games import GameInfo  # noqa: E402

# The game in the registry of games (cardgame.games; engine/pyproject.toml's entry point).
GAME = GameInfo(name="troccas", players="troccas.deal:PLAYER_COUNTS",
                new_state="troccas.hand:new_state",
                options="troccas.rules:OPTIONS", facade="troccas.api")
