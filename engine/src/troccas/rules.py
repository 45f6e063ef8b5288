"""Rule options and the catalogue of rule clauses.

The default rule set is pagat's. Every point on which the sources disagree is an option of
:class:`Rules` whose values name the sources that play them (see ``OPTIONS``). Every refusal
the engine explains carries a clause id from ``CLAUSES``; whoever shows an explanation can link
the id to wherever the rule is written down (pages map ids to their own sections).
"""

from __future__ import annotations

from typing import Any

from cardgame.value import Value

from .errors import OptionError, msg, quote

SOURCES = {
    "pagat": "John McLeod, Troccas (pagat.com, 1995/2008)",
    "wiki-en": "English Wikipedia, Troccas",
    "wiki-de": "German Wikipedia, Troccas",
    "arcane": "SCA rules sheet (1995), Arcane Archive",
}


class Option(Value):
    __slots__ = ("name", "default", "values", "point", "note")
    _defaults = {"note": ""}
    name: str
    default: Any
    values: dict  # value -> (sources, what it means)
    point: str  # the disagreement, in a few words
    note: str


OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("first_lead", "dealer_right", {
        "dealer_right": (("pagat", "arcane", "wiki-de"), "the player to the dealer's right leads"
                                                          " to the first trick"),
        "dealer": (("wiki-en",), "the dealer leads to the first trick"),
    }, "who leads to the first trick"),
    Option("buob_caller", "trick_winner", {
        "trick_winner": (("pagat", "wiki-en"), "the winner of the trick may call, wherever the"
                                               " king was played in it"),
        "king_player": (("arcane",), "the player of the king may call"),
        "king_leader": (("wiki-de",), "only when the king set the suit of the trick; its player"
                                      " may call"),
    }, "who may call buob"),
    Option("buob_return", "own_card", {
        "own_card": (("pagat",), "the jack's holder takes back the card he played, a queen or"
                                 " cavalier too, unless 'buob, sche' was called"),
        "own_card_unless_court": (("wiki-en",), "the jack's holder takes back the card he"
                                               " played, unless it was the queen, the cavalier"
                                               " or the Fool: then he keeps the jack"),
        "next_highest_numeral": (("arcane",), "the jack's holder takes the highest numeral card"
                                              " of the suit in the trick, never a queen,"
                                              " cavalier or trump"),
        "numeral_from_table": (("wiki-de",), "the jack's holder takes a numeral card of the suit"
                                             " from the trick (the engine takes the lowest); a"
                                             " queen or cavalier he played goes back on 'buob'"
                                             " and stays on 'buob, sche'"),
    }, "what goes back for the jack",
        "'Buob, sche' is offered only where a played queen or cavalier can go back for the"
        " jack (pagat, wiki-de). Under every option the jack in the scart stays there, and a"
        " holder who played the Fool keeps the jack (pagat; the others are silent)."),
    Option("throw_in", "veto", {
        "veto": (("pagat",), "any player may veto; the third to speak may say 'liber' and leave"
                             " the choice to the dealer"),
        "consent": (("wiki-en",), "the deal is thrown in only if all four consent"),
        "cumandar": (("wiki-de",), "the first two may command another round; the third may"
                                   " command it or leave the choice to the dealer"),
    }, "how the deal is thrown in",
        "pagat and wiki-de have the players speak in turn from the dealer's right; wiki-en"
        " gives no order, and the engine uses pagat's. They differ in what the third speaker"
        " may say."),
    Option("three_player_counting", "threes", {
        "threes": (("pagat", "wiki-de"), "groups of three less 2; 78 points, par 26"),
        "singly": (("pagat",), "each card its value, scart cards one less; 127 points, par 43"
                               " for the dealer, 42 for the others"),
    }, "counting with three players"),
    Option("five_player_counting", "singly", {
        "singly": (("pagat",), "each card its value, scart cards one less; par 27 for the"
                               " dealer, 25 for the others"),
        "threes": (("wiki-de",), "groups of three less 2; the sources give no par, so the"
                                 " engine scores each player against the average"),
    }, "counting with five players"),
    Option("reckoning", "fours", {
        "fours": (("pagat", "wiki-en", "arcane"), "the pile is counted in groups of four"),
        "per_trick": (("wiki-de",), "each trick is counted on its own: its scoring cards less"
                                    " one per extra scorer, an empty trick 1"),
    }, "how the cards are counted",
        "With four players both give the same totals; only the groups shown differ. wiki-de"
        " describes it for four-card tricks only, so the engine refuses it with 3, 5 or 6"
        " players."),
    Option("catch_up_deals", True, {
        True: (("pagat", "wiki-en", "wiki-de"), "a losing side may demand a deal in two rounds,"
                                                " or in one when further behind (see"
                                                " catch_up_measure)"),
        False: ((), "always three rounds"),
    }, "the losing side's deal in fewer rounds"),
    Option("catch_up_measure", "own_score", {
        "own_score": (("wiki-de",), "the side's own running score: -9 or lower for two rounds,"
                                    " -18 or lower for one"),
        "gap": ((), "the gap between the two sides' scores: 9 or more for two rounds"
                            " (a score of -5 or lower), 18 or more for one (-9 or lower)"),
    }, "what 'losing by 9' measures",
        "pagat's and wiki-en's 'losing by at least 9 points' fits both readings. The default"
        " follows pagat's own bookkeeping, one running score that is plus for one side and"
        " minus for the other, and says what wiki-de says outright: 'neun oder mehr Punkte im"
        " Minus'."),
    Option("knocking", False, {
        False: (("wiki-de",), "no knocking (not allowed in tournaments)"),
        True: (("pagat",), "in some places the holder of the XXI knocks the first time trumps"
                           " are led, and later the holder of the highest trump still out knocks"
                           " on the next trump lead after it becomes the highest"),
    }, "knocking for the highest trump",
        "A signal only: it changes no legal play. Four and six players only: pagat allows no"
        " signalling with three or five."),
)}

# Points the sources disagree on that are not options because one side is a slip or the
# difference is only in words or in the glossary data.
NOT_OPTIONS = {
    "dealer_hand": "The dealer holds 21 cards before the scart (pagat, arcane, wiki-de);"
                   " wiki-en's 22 is an arithmetic slip (19 + 2 = 21), since 3 × 19 + 22 = 79.",
    "fool_led": "A Fool lead lets the second card set the suit (pagat, wiki-en, wiki-de);"
                " arcane's 'the next player chooses the suit' has the same effect.",
    "trump_names": "Romansh spellings differ (la vacca / la vaca); the glossary keeps both.",
    "tschintschar": "Phrase meanings differ by source and place; the glossary keeps each"
                    " source's meaning. The engine models only the decision taken.",
}


class Rules(Value):
    """The rule options in force; ``Rules()`` is pagat's game. Its fields are ``OPTIONS``, in
    order, each defaulting to pagat's value."""

    __slots__ = tuple(OPTIONS)
    _defaults = {name: o.default for name, o in OPTIONS.items()}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name in self._fields:
            opt = OPTIONS[name]
            value = getattr(self, name)
            if type(value) is not type(opt.default) or value not in opt.values:
                raise OptionError(msg("options#value", option=name, value=quote(value),
                                      values=[repr(v) for v in opt.values]))

    @classmethod
    def from_json(cls, data: dict | None) -> "Rules":
        data = data or {}
        if not isinstance(data, dict):
            raise OptionError(msg("options#object"))
        unknown = [k for k in data if k not in OPTIONS]
        if unknown:
            raise OptionError(msg("options#unknown", value=quote(unknown[0]),
                                  options=list(OPTIONS)))
        return cls(**data)

    def to_json(self, *, changed_only: bool = True) -> dict:
        d = self._asdict()
        if changed_only:
            d = {k: v for k, v in d.items() if v != OPTIONS[k].default}
        return d

    def with_(self, **changes) -> "Rules":
        return self._replace(**changes)

    @property
    def buob_sche(self) -> bool:
        """Whether 'buob, sche' may be called: only where a queen or cavalier played by the
        jack's holder would otherwise go back for the jack (pagat, wiki-de)."""
        return self.buob_return in ("own_card", "numeral_from_table")

    def check_players(self, players: int) -> "Rules":
        """Refuse an option that the sources define for other player counts only."""
        if self.reckoning == "per_trick" and players != 4:
            raise OptionError(msg("count#per_trick_four", players=players))
        return self


class Clause(Value):
    __slots__ = ("id", "title", "sources")
    id: str
    title: str
    sources: str  # short source names and the section, e.g. "pagat: The Play"


# Rule clauses cited by explanations and tests. Ids are stable: others link to them by id.
CLAUSES: dict[str, Clause] = {c.id: c for c in (
    Clause("notation", "Card notation", "troccas notation"),
    Clause("pack", "The pack and the card values", "pagat: Players and Cards, Scoring"),
    Clause("ranking", "How the cards rank", "pagat: Players and Cards"),
    Clause("partners", "Drawing for partners", "pagat: Players and Cards; arcane"),
    Clause("deal", "The deal", "pagat: The Deal; wiki-de: 1. Phase"),
    Clause("deal.method", "Dealing in fewer rounds when behind", "pagat: The Deal"),
    Clause("talk", "Throwing in the deal", "pagat: The Deal"),
    Clause("talk.liber", "Liber: the third speaker leaves the choice to the dealer",
           "pagat: The Deal"),
    Clause("talk.dealer_no_trump", "The dealer without trumps may abandon", "pagat: The Deal"),
    Clause("scart", "The scart", "pagat: The Discard"),
    Clause("scart.honour", "No 5-point card in the scart", "pagat: The Discard"),
    Clause("play.turn", "Playing in turn", "pagat: The Play"),
    Clause("play.in_hand", "Playing a card you hold", "pagat: The Play"),
    Clause("play.follow_suit", "Follow suit", "pagat: The Play"),
    Clause("play.must_trump", "Trump when void", "pagat: The Play"),
    Clause("play.trump_led", "Trump led: play a trump", "pagat: The Play"),
    Clause("play.no_overtrump", "No duty to overtrump", "pagat: The Play"),
    Clause("play.fool", "The Fool may always be played", "pagat: The Play"),
    Clause("play.fool_lead", "A Fool lead: the second card sets the suit", "pagat: The Play"),
    Clause("trick.winner", "Who wins a trick", "pagat: The Play"),
    Clause("fool.exchange", "The Fool stays with its side for a low card", "pagat: The Play"),
    Clause("fool.owed", "The exchange card is owed until the side wins a low card",
           "pagat: The Play"),
    Clause("fool.all_tricks", "A side taking every trick takes the Fool and the scart",
           "pagat: The Play"),
    Clause("buob", "Buob: calling for the jack", "pagat: The Play"),
    Clause("buob.first_lead", "Buob only on the first lead of a suit", "pagat: The Play"),
    Clause("buob.caller", "Who may call buob", "pagat: The Play; arcane; wiki-de"),
    Clause("buob.scart", "The jack in the scart: no effect", "pagat: The Play"),
    Clause("buob.fool", "The jack's holder played the Fool: he keeps the jack",
           "pagat: The Play"),
    Clause("buob.sche", "Buob, sche: a played queen or cavalier stays", "pagat: The Play"),
    Clause("buob.court", "A played queen or cavalier stays, and the jack with it (wiki-en)",
           "wiki-en: Rules"),
    Clause("buob.own_king", "The jack's holder played the king himself: he keeps the jack",
           "the engine's reading; the sources are silent"),
    Clause("buob.king_jack", "King and jack played together", "pagat: The Play"),
    Clause("buob.three_players", "No buob with three (or five) players",
           "pagat: Troccas for Three Players"),
    Clause("count", "Counting the cards", "pagat: Scoring"),
    Clause("count.fours", "Groups of four less 3; the odd pair less 1", "pagat: Scoring"),
    Clause("count.threes", "Groups of three less 2", "pagat: Troccas for Three Players"),
    Clause("count.singly", "Cards counted singly, scart one less",
           "pagat: Troccas for Three Players"),
    Clause("score", "Scoring a hand against par", "pagat: Scoring"),
    Clause("game", "A game of four hands (six with six players)", "pagat: Scoring; Six Players"),
    Clause("record", "Hand records", "troccas hand record format"),
    Clause("knocking", "Knocking for the highest trump (a regional custom)",
           "pagat: Variations; wiki-de: Sonderregeln"),
)}
