"""cardgame — the game-neutral layer under each card game's rules engine.

Nothing here knows a particular game: messages as data (:mod:`cardgame.messages`), typed errors
(:mod:`cardgame.errors`), the OpenSpiel-shaped state interface that search and bots drive
(:mod:`cardgame.state`) and the facade registry that the command line, the browser worker and a
page build call (:mod:`cardgame.facade`). A game is a package beside this one (``<game>``,
with its facade ``<game>.api``) that builds on these; it never imports what shows it (pages, handouts).
"""

__version__ = "0.1.0"
