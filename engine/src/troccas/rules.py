"""Rule options and the catalogue of rule clauses.

The default rule set is pagat's. Every point on which the sources disagree is an option of
:class:`Rules` whose values name the sources that play them (see ``OPTIONS``). Every refusal
the engine explains carries a clause id from ``CLAUSES``; whoever shows an explanation can link
the id to wherever the rule is written down (pages map ids to their own sections).

What a reader sees of them — each option's point, note and values' meanings, each clause's
title, the sources' titles — is the catalogue's, in the current language (option.*, clause.*,
source.*, not_option.* in troccas/messages/<language>.json); here are the ids and the data.
"""

from __future__ import annotations

from typing import Any

from cardgame.messages import catalogue
from cardgame.value import Value

from .errors import DOMAIN, OptionError, msg, quote

# The sources, by the short names the options and clauses cite; their full titles are the
# catalogue's (source.<name>), as are all the words below that a reader sees.
SOURCES = ("pagat", "wiki-en", "wiki-de", "arcane")


def _words(key: str) -> str:
    """An entry of the catalogue in the current language (no parameters)."""
    return catalogue(DOMAIN).term(key)


def _value_key(value: object) -> str:
    """An option's value as its catalogue key says it: 'dealer_right', 'true', 'false'."""
    return str(value).lower() if isinstance(value, bool) else str(value)


class Option(Value):
    """A point the sources disagree on: the values and the sources that play each. Its words
    are the catalogue's, in the current language: ``point`` (the disagreement, in a few words)
    is option.<name>.point, ``meaning(value)`` option.<name>.<value>, and ``note`` (or "")
    option.<name>.note where ``noted``."""

    __slots__ = ("name", "default", "values", "noted")
    _defaults = {"noted": False}
    name: str
    default: Any
    values: dict[Any, tuple[str, ...]]  # value -> the sources that play it
    noted: bool

    @property
    def point(self) -> str:
        return _words(f"option.{self.name}.point")

    @property
    def note(self) -> str:
        return _words(f"option.{self.name}.note") if self.noted else ""

    def meaning(self, value: object) -> str:
        return _words(f"option.{self.name}.{_value_key(value)}")


OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("first_lead", "dealer_right", {
        "dealer_right": ("pagat", "arcane", "wiki-de"),
        "dealer": ("wiki-en",),
    }),
    Option("buob_caller", "trick_winner", {
        "trick_winner": ("pagat", "wiki-en"),
        "king_player": ("arcane",),
        "king_leader": ("wiki-de",),
    }),
    Option("buob_return", "own_card", {
        "own_card": ("pagat",),
        "own_card_unless_court": ("wiki-en",),
        "next_highest_numeral": ("arcane",),
        "numeral_from_table": ("wiki-de",),
    }, noted=True),
    Option("throw_in", "veto", {
        "veto": ("pagat",),
        "consent": ("wiki-en",),
        "cumandar": ("wiki-de",),
    }, noted=True),
    Option("three_player_counting", "threes", {
        "threes": ("pagat", "wiki-de"),
        "singly": ("pagat",),
    }),
    Option("five_player_counting", "singly", {
        "singly": ("pagat",),
        "threes": ("wiki-de",),
    }),
    Option("reckoning", "fours", {
        "fours": ("pagat", "wiki-en", "arcane"),
        "per_trick": ("wiki-de",),
    }, noted=True),
    Option("catch_up_deals", True, {
        True: ("pagat", "wiki-en", "wiki-de"),
        False: (),
    }),
    Option("catch_up_measure", "own_score", {
        "own_score": ("wiki-de",),
        "gap": (),
    }, noted=True),
    Option("knocking", False, {
        False: ("wiki-de",),
        True: ("pagat",),
    }, noted=True),
)}

# Points the sources disagree on that are not options because one side is a slip or the
# difference is only in words or in the glossary data; what each says is the catalogue's
# not_option.<point>.
NOT_OPTIONS = ("dealer_hand", "fool_led", "trump_names", "tschintschar")


def not_options() -> dict[str, str]:
    """Each point that is not an option, with why, in the current language."""
    return {k: _words(f"not_option.{k}") for k in NOT_OPTIONS}


def sources() -> dict[str, str]:
    """Each source's short name with its full title, in the current language."""
    return {k: _words(f"source.{k}") for k in SOURCES}


class Rules(Value):
    """The rule options in force; ``Rules()`` is pagat's game. Its fields are ``OPTIONS``, in
    order, each defaulting to pagat's value."""

    __slots__ = tuple(OPTIONS)
    _defaults = {name: o.default for name, o in OPTIONS.items()}
    # The fields, for type checkers (tests/engine/test_static_checks.py: one for each option).
    first_lead: str
    buob_caller: str
    buob_return: str
    throw_in: str
    three_player_counting: str
    five_player_counting: str
    reckoning: str
    catch_up_deals: bool
    catch_up_measure: str
    knocking: bool

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in self._fields:
            opt = OPTIONS[name]
            value = getattr(self, name)
            if type(value) is not type(opt.default) or value not in opt.values:
                raise OptionError(msg("options#value", option=name, value=quote(value),
                                      values=[repr(v) for v in opt.values]))

    @classmethod
    def from_json(cls, data: object) -> "Rules":
        data = data or {}
        if not isinstance(data, dict):
            raise OptionError(msg("options#object"))
        unknown = [k for k in data if k not in OPTIONS]
        if unknown:
            raise OptionError(msg("options#unknown", value=quote(unknown[0]),
                                  options=list(OPTIONS)))
        return cls(**data)

    def to_json(self, *, changed_only: bool = True) -> dict[str, Any]:
        d = self._asdict()
        if changed_only:
            d = {k: v for k, v in d.items() if v != OPTIONS[k].default}
        return d

    def with_(self, **changes: Any) -> "Rules":
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
    """A rule clause the engine cites: its id and where the sources say it. Its ``title`` is the
    catalogue's clause.<id> in the current language; ``sources`` (short source names and the
    section, e.g. "pagat: The Play" — the sources' own section titles) is None where the clause
    is the engine's own, and then the catalogue's clause.<id>#sources."""

    __slots__ = ("id", "sources")
    id: str
    sources: str | None

    @property
    def title(self) -> str:
        return _words(f"clause.{self.id}")

    def cited(self) -> str:
        """Where the clause comes from, as a reader sees it."""
        return self.sources if self.sources is not None else _words(f"clause.{self.id}#sources")


# Rule clauses cited by explanations and tests. Ids are stable: others link to them by id.
CLAUSES: dict[str, Clause] = {c.id: c for c in (
    Clause("notation", None),
    Clause("pack", "pagat: Players and Cards, Scoring"),
    Clause("ranking", "pagat: Players and Cards"),
    Clause("partners", "pagat: Players and Cards; arcane"),
    Clause("deal", "pagat: The Deal; wiki-de: 1. Phase"),
    Clause("deal.method", "pagat: The Deal"),
    Clause("talk", "pagat: The Deal"),
    Clause("talk.liber", "pagat: The Deal"),
    Clause("talk.dealer_no_trump", "pagat: The Deal"),
    Clause("scart", "pagat: The Discard"),
    Clause("scart.honour", "pagat: The Discard"),
    Clause("play.turn", "pagat: The Play"),
    Clause("play.in_hand", "pagat: The Play"),
    Clause("play.follow_suit", "pagat: The Play"),
    Clause("play.must_trump", "pagat: The Play"),
    Clause("play.trump_led", "pagat: The Play"),
    Clause("play.no_overtrump", "pagat: The Play"),
    Clause("play.fool", "pagat: The Play"),
    Clause("play.fool_lead", "pagat: The Play"),
    Clause("trick.winner", "pagat: The Play"),
    Clause("fool.exchange", "pagat: The Play"),
    Clause("fool.owed", "pagat: The Play"),
    Clause("fool.all_tricks", "pagat: The Play"),
    Clause("buob", "pagat: The Play"),
    Clause("buob.first_lead", "pagat: The Play"),
    Clause("buob.caller", "pagat: The Play; arcane; wiki-de"),
    Clause("buob.scart", "pagat: The Play"),
    Clause("buob.fool", "pagat: The Play"),
    Clause("buob.sche", "pagat: The Play"),
    Clause("buob.court", "wiki-en: Rules"),
    Clause("buob.own_king", None),
    Clause("buob.king_jack", "pagat: The Play"),
    Clause("buob.three_players", "pagat: Troccas for Three Players"),
    Clause("count", "pagat: Scoring"),
    Clause("count.fours", "pagat: Scoring"),
    Clause("count.threes", "pagat: Troccas for Three Players"),
    Clause("count.singly", "pagat: Troccas for Three Players"),
    Clause("score", "pagat: Scoring"),
    Clause("game", "pagat: Scoring; Six Players"),
    Clause("record", None),
    Clause("knocking", "pagat: Variations; wiki-de: Sonderregeln"),
)}
