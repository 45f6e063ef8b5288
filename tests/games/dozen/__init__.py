"""Dozen — the project's test game: a dozen cards, two players, six tricks.

It is not a game anyone plays. It is the smallest game that has what the generator serves —
a pack, a deal, tricks, a rule that refuses, a rule option, a score — so that the tests can
show every part working for a game that is neither Troccas nor Truc, and a contributor can see
what a new game is: an engine package (this folder) and a site folder (``site/``).

The rules, in full: three suits (suns, moons, stars) of four ranks, 1 to 4. Each player gets
six cards. The dealer's opponent leads the first trick (rule option ``lead``: or the dealer).
The other player must follow suit if they can (option ``follow``: ``suit``, or ``free``: any
card). The higher card of the suit led takes the trick and leads the next. Each trick taken
scores one point.
"""

from __future__ import annotations

from cardgame.games import GameInfo

__version__ = "0.1.0"
WARM_UP = ("dozen.hand",)

GAME = GameInfo(name="dozen", players="dozen.rules:PLAYER_COUNTS",
                new_state="dozen.hand:new_state", options="dozen.rules:OPTIONS",
                facade="dozen.api")
