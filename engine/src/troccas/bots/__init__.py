"""Bots that play Troccas: ``random``, a rule-based ``baseline`` and a ``search`` bot.

Nothing here is imported when the engine starts: ``troccas.api.call_bot_action`` imports this
package the first time a bot is asked. A bot sees one seat's view of the hand
(:func:`troccas.bots.base.seen`: the seat's observation, the public history and the phrases
said), never another seat's cards.
"""

from __future__ import annotations

from .base import BOTS, Choice, get_bot, seen  # noqa: F401

__all__ = ["BOTS", "Choice", "get_bot", "seen"]
