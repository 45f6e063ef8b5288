"""The tschintschar phrases as the engine's calls give them: each with its meaning, sources,
topic and moments, and those said at one moment of the deal, grouped by what they tell (the
``phrases`` call, and the table's view at a seat's talk decision).

The talk at its moment is one rule (troccas.bots.signals.verdict, rule ``talk``): words said
with a decision are a phrase of the glossary, said with a talk decision, at a moment the
glossary places it (``said_at``, the test that also makes this offer and the bots' choice). A
hand refuses any other words (``Hand.apply``), and so does a record's replay."""

from __future__ import annotations

from typing import Any

from cardgame.messages import catalogue

from .bots import signals
from .results import PhraseGroup, PhraseInfo, PhrasesResult


def phrase_info(p: dict[str, Any]) -> PhraseInfo:
    return PhraseInfo(p["id"], p["text"], signals.phrase(p["id"])["meaning"], list(p["sources"]),
                      p["topic"], list(p["when"]))


def phrases_at(moment: str) -> PhrasesResult:
    """The phrases said at ``moment`` (one of troccas.bots.signals.MOMENTS), grouped."""
    words = catalogue("troccas")
    groups = [PhraseGroup(topic, words.term(f"phrase_topic.{topic}"),
                          [phrase_info(p) for p in items])
              for topic, items in signals.offered(moment)]
    return PhrasesResult([p for g in groups for p in g.phrases], moment,
                         words.term(f"phrase_moment.{moment}"), groups)

