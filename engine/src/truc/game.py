"""A game of Truc: hands until a team reaches the target (12, truc), the deal passing to the
right — in the order of play, the next seat — after every hand."""

from __future__ import annotations

from .hand import Hand
from .rules import Rules


class Game:
    """``rules``, the first ``dealer`` and a ``seed`` from which each hand's deck is drawn."""

    def __init__(self, rules: Rules | None = None, dealer: int = 0, seed: int | str = 0) -> None:
        self.rules = rules or Rules()
        self.dealer = dealer
        self.seed = seed
        self.totals = [0, 0]
        self.hands: list[Hand] = []
        self.hand = self._new_hand()

    def _new_hand(self) -> Hand:
        return Hand(self.rules, self.dealer, seed=f"{self.seed} {len(self.hands)}",
                    totals=self.totals)

    @property
    def winner(self) -> int | None:
        """The team that has reached the target, once one has."""
        for team, score in enumerate(self.totals):
            if score >= self.rules.target:
                return team
        return None

    def is_terminal(self) -> bool:
        return self.winner is not None

    def next_hand(self) -> Hand:
        """Score the finished hand and deal the next (the deal passes to the right)."""
        h = self.hand
        assert h.is_terminal() and not self.is_terminal() and h.result is not None
        self.totals[h.result["team"]] += h.result["points"]
        self.hands.append(h)
        self.dealer = (self.dealer + 1) % self.rules.players
        if not self.is_terminal():
            self.hand = self._new_hand()
        return self.hand


# truc, France: "the first player or team to win two games is the overall winner".
RUBBER_GAMES = 2


class Rubber:
    """Games until a team has won two (truc, France: "usually the game is played in rubbers -
    the first player or team to win two games is the overall winner"); the deal goes on
    passing to the right from one game to the next."""

    def __init__(self, rules: Rules | None = None, dealer: int = 0, seed: int = 0) -> None:
        self.rules = rules or Rules()
        self.seed = seed
        self.games: list[Game] = []
        self.wins = [0, 0]
        self.game = Game(self.rules, dealer, seed=f"{seed} game 0")

    @property
    def winner(self) -> int | None:
        return next((t for t in (0, 1) if self.wins[t] >= RUBBER_GAMES), None)

    def is_terminal(self) -> bool:
        return self.winner is not None

    def next_game(self) -> Game:
        g = self.game
        assert g.winner is not None and not self.is_terminal()
        self.wins[g.winner] += 1
        self.games.append(g)
        if not self.is_terminal():
            self.game = Game(self.rules, g.dealer, seed=f"{self.seed} game {len(self.games)}")
        return self.game
