"""The tschintschar phrases as the engine's calls give them: each with its meaning, sources,
topic and moments, and those said at one moment of the deal, grouped by what they tell (the
``phrases`` call, and the table's view at a seat's talk decision).

The talk at its moment is one rule (:func:`verdict`, rule ``talk``): words said with a decision
are a phrase of the glossary, said with a talk decision, at a moment the glossary places it
(troccas.bots.signals.said_at, the test that also makes the table's offer and the bots'
choice). A hand refuses any other words (``Hand.apply``), and so does a record's replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgame.messages import catalogue
from cardgame.verdict import Verdict

from .bots import signals
from .errors import msg
from .results import PhraseGroup, PhraseInfo, PhrasesResult
from .tables import DEALER_CHOICE, TALK

if TYPE_CHECKING:
    from .hand import Hand


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


def moment_now(hand: Hand) -> str | None:
    """The moment of the talk at ``hand``'s next decision (troccas.bots.signals.moment), or
    None when the next decision is not a talk decision (nor the dealer's choice after it)."""
    if hand.phase not in (TALK, DEALER_CHOICE):
        return None
    return signals.moment(hand.round, len(hand.rounds))


def verdict(hand: Hand, say: str) -> Verdict:
    """Whether the words ``say`` may go with ``hand``'s next decision (rule ``talk``): they are
    a phrase of the glossary (in any of its Romansh forms), the decision is a talk decision,
    and the glossary places the phrase at this moment of the deal. The table offers exactly
    the phrases this allows (:func:`phrases_at` of :func:`moment_now`)."""
    p = signals.phrase_of_text(say)
    if p is None:
        return Verdict(False, msg("talk#phrase_unknown", value=say))
    when = moment_now(hand)
    if when is None:
        return Verdict(False, msg("talk#phrase_outside", phrase=p["id"], text=p["text"],
                                  phase=hand.phase))
    if not signals.said_at(p, when):
        placed = [m for m in signals.MOMENTS if signals.said_at(p, m)]
        return Verdict(False, msg("talk#phrase_moment", phrase=p["id"], text=p["text"],
                                  moment=when, said=msg(f"phrase_moment.{when}"),
                                  placed=[msg(f"phrase_moment.{m}") for m in placed]))
    return Verdict(True, msg("talk#phrase_said", phrase=p["id"], text=p["text"], moment=when,
                             said=msg(f"phrase_moment.{when}")))
