"""The random bot: any legal action, uniformly (the floor every other bot must beat)."""

from __future__ import annotations

from ..errors import msg
from .base import seen


class RandomBot:
    name = "random"

    def choose(self, hand, seat, rng):
        from .base import Choice
        legal = seen(hand, seat).legal_ids()
        aid = legal[int(rng.random() * len(legal))]
        return Choice(aid, None, msg("bot.random", n=len(legal)))
