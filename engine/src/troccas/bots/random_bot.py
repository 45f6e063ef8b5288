"""The random bot: any legal action, uniformly (the floor every other bot must beat)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import msg
from .base import seen

if TYPE_CHECKING:
    import random

    from ..hand import Hand
    from .base import Choice


class RandomBot:
    name = "random"

    def choose(self, hand: Hand, seat: int, rng: random.Random) -> Choice:
        from .base import Choice
        legal = seen(hand, seat).legal_ids()
        aid = legal[int(rng.random() * len(legal))]
        return Choice(aid, None, msg("bot.random", n=len(legal)))
