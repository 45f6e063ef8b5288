"""The rule options of Truc. The Catalan game is the default; each other reading of the
source is an option naming where it comes from, never a silent pick.

The source (``truc``) describes the Catalan game and then the French one ("Truc in France")
with its packs and its betting; where it is unclear the option offers both readings.
"""

from __future__ import annotations

from typing import Any

from cardgame.value import Value

from .cards import PACKS
from .errors import OptionError, msg, quote

SOURCES = {"truc": "The Truc page of the pagat site (Enric Capo, John McLeod): the Catalan "
                   "game and its French relatives."}


class Option(Value):
    __slots__ = ("name", "default", "values", "point")
    name: str
    default: Any  # each option's own type (an int, a str, a bool)
    values: dict[Any, str]  # value -> what it means (with the source's words summarised)
    point: str


OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("players", 4, {4: "four, partners sitting opposite (truc)",
                          2: "two, each alone (truc: 'considerably less interesting')"},
           "How many play."),
    Option("pack", "catalan40", {
        "catalan40": "the Spanish 40-card pack, 3 2 1 R C S 7 6 5 4 (truc)",
        "french36": "the French 36-card pack, 7 6 A R D V 10 9 8 (truc, France)",
        "french32": "the 32-card pack, 7 8 A R D V 10 9 — the page lists a K and an R; "
                    "read as one king (truc, France)",
        "french32_eight_high": "the 32-card pack with the eight above the seven (truc: "
                               "'in some places')",
        "french32_eight_low": "the 32-card pack with the eight lowest, 7 A R D V 10 9 8 "
                              "(truc, after Lanes)"}, "The pack and the order of its ranks."),
    Option("betting", "catalan", {
        "catalan": "truc to 2 by either team, retruc to 3 by the team that accepted (truc)",
        "french": "any raise by one point or more, never twice in a row by one team, and "
                  "the remainder (truc, France)"}, "How the stake may be raised."),
    Option("bet_limit", "none", {
        "none": "no limit on the size of a bet (truc, France: 'there is no limit on the size "
                "or number of bets'); a bet is written as a number up to 99",
        "remainder": "a bet goes at most to what the team behind still needs for the game; "
                     "beyond that, the remainder bet (a reading of truc, France: a larger "
                     "stake changes nothing the game counts)"},
           "How high a French bet may go."),
    Option("tap", True, {True: "the player left of the dealer may tap instead of cutting, "
                               "and the dealer may then deal one card each (truc, Catalonia)",
                         False: "always three cards each (truc, France: no tap mentioned)"},
           "The one-card hand."),
    Option("redeal", False, {False: "no redeal (truc, Catalonia)",
                             True: "before the first lead the player after the dealer may "
                                   "propose a redeal from the rest of the pack, made if every "
                                   "other player agrees (truc, France)"},
           "The redeal proposal."),
    Option("redeals", "repeat", {
        "repeat": "after a redeal the new hands may be redealt too, as long as the pack holds "
                  "a new deal: each time, 'instead of leading to the first trick' the player "
                  "after the dealer may propose again (truc, France)",
        "once": "one redeal at most in a hand: new hands 'from the remainder of the pack' are "
                "played (truc, France, read as one proposal)"},
           "How often a French hand may be redealt."),
    Option("eleven", True, {
        True: "a team at 11 decides whether to play the hand, then worth 3 with no bets; "
              "both at 11, no bets (truc, Catalonia: 'If one team has a score of eleven "
              "points, they must decide…'), in the French game too",
        False: "no rule at 11 in the French game: its section names none, so a hand at 11 is "
               "dealt, bet and played like any other (truc, France, read on its own)"},
           "The hand at eleven points."),
    Option("target", 12, {12: "the game is to 12 points (truc)"}, "The game's target."),
)}
PLAYER_COUNTS: tuple[int, ...] = tuple(OPTIONS["players"].values)


class Rules(Value):
    """A set of rule options; ``Rules()`` is the Catalan game for four."""

    __slots__ = tuple(OPTIONS)
    players: int
    pack: str
    betting: str
    bet_limit: str
    tap: bool
    redeal: bool
    redeals: str
    eleven: bool
    target: int

    def __init__(self, **given: object) -> None:
        for name, value in given.items():
            if name not in OPTIONS:
                raise OptionError(msg("options#unknown", name=name,
                                      names=", ".join(OPTIONS)))
            # The type first: a list as a value cannot even be looked up.
            if type(value) is not type(OPTIONS[name].default) or value not in OPTIONS[
                    name].values:
                raise OptionError(msg("options#value", name=name, value=quote(value),
                                      values=", ".join(map(repr, OPTIONS[name].values))))
        for name, opt in OPTIONS.items():
            object.__setattr__(self, name, given.get(name, opt.default))
        assert self.pack in PACKS

    def to_json(self) -> dict[str, object]:
        return {n: getattr(self, n) for n in OPTIONS if getattr(self, n) != OPTIONS[n].default}


# The rule clauses the engine cites: every rule id its verdicts, its table's log, its coach and
# its guided hand give (a message id up to its '#'), each with the source's section that states
# it. Each has a section of the rules page whose anchor is the id with dots as hyphens; its
# title is the catalogue's ``clause.<id>``.
CLAUSES: dict[str, str] = {
    "deal": "truc: The deal (three cards each, or one after a tap)",
    "cut": "truc: The deal (cut, or tap for a hand of one card)",
    "redeal": "truc: Truc in France (the redeal proposal)",
    "redeal.once": "truc: Truc in France (a reading: one redeal in a hand)",
    "play": "truc: The play (the player right of the dealer leads; each plays one card)",
    "play.turn": "truc: The play (any card may be played at one's turn)",
    "play.held": "truc: The play (a player plays a card of his hand)",
    "trick.winner": "truc: The play (the highest card wins; the suits do not count)",
    "trick.draw": "truc: The play (equal highest cards of the two teams draw the trick)",
    "trick.partners": "truc: The play (equal highest cards of two partners take it)",
    "hand.winner": "truc: The play (two tricks of three; a drawn trick and the first trick)",
    "bet": "truc: The betting (a bet at one's turn to play, answered by the other team)",
    "bet.catalan_steps": "truc: The betting (truc to two by either team)",
    "bet.retruc_right": "truc: The betting (retruc to three by the team that accepted)",
    "bet.top": "truc: The betting (retruc is the last bet)",
    "bet.after_last": "truc: The play (play stops once the hand is decided)",
    "bet.answer": "truc: The betting (accept, or fold and give the stake before the bet)",
    "bet.answer_first": "truc: The betting (a bet is answered before play goes on)",
    "bet.nothing_to_answer": "truc: The betting (an answer is to a bet)",
    "bet.french_more": "truc: Truc in France (any raise, by one point or more)",
    "bet.french_twice": "truc: Truc in France (never twice in a row by one team)",
    "bet.french_before": "truc: Truc in France (a bet just before playing one's card)",
    "bet.french_most": "truc: Truc in France (no limit on the size of a bet)",
    "bet.french_limit": "truc: Truc in France (a reading: no bet beyond the game)",
    "bet.for_game": "truc: Truc in France (the remainder, for the game)",
    "eleven": "truc: The betting (a team at eleven decides whether to play for three)",
    "eleven.no_bets": "truc: The betting (no bets once a team has eleven)",
    "eleven.off": "truc: Truc in France (a reading: its section names no rule at eleven)",
    "signal": "truc: Communication and Signals (signals of what one holds)",
    "signal.partner": "truc: Communication and Signals (while the opponents are not looking)",
    "signal.turn": "truc: Communication and Signals (with one's own action, in play)",
}
