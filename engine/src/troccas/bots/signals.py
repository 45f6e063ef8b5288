"""Tschintschar for bots: what a phrase claims about the speaker's hand, and who may say it.

The phrases are game data, authored here: ``troccas/data/tschintschar.json`` (the format in
``troccas/data/README.md``), one entry per phrase with its Romansh forms, what it tells the
partner according to each source, and when it is said. The site's glossary reads the same file.
A meaning the bots can use carries a **claim**: a small dict, every key of which must hold of
the cards the speaker holds when he speaks.

Vocabulary (counts are ``[least, most]``, both included):

* ``trumps`` — trumps I–XXI held (the Fool is not a trump);
* ``high_trumps`` — trumps XI–XXI held;
* ``honours`` — cards worth 5 points held: kings, XXI, I and the Fool;
* ``kings``; ``bare_kings`` — kings with no other court card (Q, C, J) of their suit;
* ``courts`` — court cards held (K, Q, C, J of any suit);
* ``worth`` — the hand's worth as the baseline bot measures it (trumps + kings + the Fool + 2
  for the XXI), scaled to a hand of 19 cards and rounded;
* ``holds`` — these cards are held (``XXI``, ``I``, ``Fool``);
* ``suit_with`` — one suit holds all these ranks (``["K", "Q"]``: king and queen of a suit).

Which reading: where the sources read a phrase differently, the glossary puts the claim on one
meaning — pagat's where its words can be checked, else another source's — and that is the
reading bots speak and hear.

When (:func:`moment`, :func:`said_at`): the talk after a round of the deal that is not the last
is the moment the glossary calls ``after-6-or-12`` (wiki-en's first tournament list: after the
first or second batch); the talk after the last round, and the dealer's choice that follows
it, is ``after-full-deal`` (its second list). A phrase is said at a moment when one of its
sources places it there or says it is said at any pause (``any-time``). The table offers the
reader exactly those (:func:`offered`, grouped by the glossary's ``topic``: what the phrase
tells), and a bot says only those; a hand refuses any other words said with a decision
(:func:`verdict`, rule ``talk``).

A bot says, with each talk decision, the most telling phrase whose claim is true of its hand
and that it has not said yet (:func:`phrase_for`); its partner's search deals the unseen cards
only in ways that keep the partner's claims true (:func:`claims_for`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence
import json

from cardgame.verdict import Verdict

from ..cards import FOOL, KING, POINTS, RANK_OF, SUIT_OF, TRUMP, JACK, parse_id
from ..errors import msg
from ..tables import DEALER_CHOICE, TALK

if TYPE_CHECKING:
    from ..hand import Hand
    from .base import Seen

# What a partner said: (seat, round of the deal, the claim of the phrase).
Claim = tuple[int, int, dict[str, Any]]

_DATA: dict[str, Any] | None = None
_SCALE = {"trumps": 21, "high_trumps": 11, "honours": 8, "kings": 4, "bare_kings": 4,
          "courts": 16, "worth": 20}
_RANKS = {"K": 13, "Q": 12, "C": 11, "J": 10}
KEYS = tuple(_SCALE) + ("holds", "suit_with")


def _phrase(entry: dict[str, Any]) -> dict[str, Any]:
    """What the bots read of a phrase: its id, Romansh headword and every form, the meaning
    with a claim (else the first) with its sources, the claim, and the phases it is said in.
    The meaning is a map by language (``{"en": ..., "de": ...}``); the bots say it through
    their catalogues (phrase.<id>), which a test keeps equal to it."""
    claimed = [s for s in entry["signals"] if "claim" in s]
    meaning = claimed[0] if claimed else entry["signals"][0]
    return {"id": entry["id"], "text": entry["rm"][0]["text"],
            "forms": [f["text"] for f in entry["rm"]], "meaning": meaning["text"],
            "sources": list(meaning["sources"]), "claim": meaning.get("claim"),
            "when": sorted({w["phase"] for w in entry["when"]}), "topic": entry["topic"]}


def data() -> dict[str, Any]:
    """The phrases as the bots read them (``phrases``, in file order), by id and by form."""
    global _DATA
    if _DATA is None:
        from importlib import resources
        text = resources.files("troccas").joinpath("data/tschintschar.json").read_text("utf-8")
        phrases = [_phrase(e) for e in json.loads(text)]
        _DATA = {"phrases": phrases, "by_id": {p["id"]: p for p in phrases},
                 "by_text": {f.casefold(): p for p in phrases for f in p["forms"]}}
    return _DATA


# The moments of the talk, as the glossary names them (tschintschar.json's ``when``), in the
# order of the deal; ``any-time`` places a phrase at both.
MOMENTS = ("after-6-or-12", "after-full-deal")
ANY_TIME = "any-time"
# What a phrase tells, in the glossary's order of its topics (the tschintschar page's).
TOPICS = ("trumps", "honours", "kings", "courts", "fool", "good-hand", "mediocre-hand",
          "bad-hand", "deal-on", "choice", "start-play")


def moment(rounds_dealt: int, rounds: int) -> str:
    """The moment of a talk after ``rounds_dealt`` of the deal's ``rounds`` rounds: after the
    full deal once the last is dealt, else after a batch before it (see the module)."""
    return MOMENTS[1] if rounds_dealt >= rounds else MOMENTS[0]


def said_at(p: dict[str, Any], when: str) -> bool:
    """Whether phrase ``p`` (an item of ``data()["phrases"]``) is said at the moment
    ``when``: a source places it there, or says it is said in any pause of the deal."""
    return when in p["when"] or ANY_TIME in p["when"]


def moment_now(hand: Hand) -> str | None:
    """The moment of the talk at ``hand``'s next decision (:func:`moment`), or
    None when the next decision is not a talk decision (nor the dealer's choice after it)."""
    if hand.phase not in (TALK, DEALER_CHOICE):
        return None
    return moment(hand.round, len(hand.rounds))


def verdict(hand: Hand, say: str) -> Verdict:
    """Whether the words ``say`` may go with ``hand``'s next decision (rule ``talk``): they are
    a phrase of the glossary (in any of its Romansh forms), the decision is a talk decision,
    and the glossary places the phrase at this moment of the deal. The table offers exactly
    the phrases this allows (troccas.phrases.phrases_at of :func:`moment_now`)."""
    p = phrase_of_text(say)
    if p is None:
        return Verdict(False, msg("talk#phrase_unknown", value=say))
    when = moment_now(hand)
    if when is None:
        return Verdict(False, msg("talk#phrase_outside", phrase=p["id"], text=p["text"],
                                  phase=hand.phase))
    if not said_at(p, when):
        placed = [m for m in MOMENTS if said_at(p, m)]
        return Verdict(False, msg("talk#phrase_moment", phrase=p["id"], text=p["text"],
                                  moment=when, said=msg(f"phrase_moment.{when}"),
                                  placed=[msg(f"phrase_moment.{m}") for m in placed]))
    return Verdict(True, msg("talk#phrase_said", phrase=p["id"], text=p["text"], moment=when,
                             said=msg(f"phrase_moment.{when}")))


def offered(when: str) -> list[tuple[str, list[dict[str, Any]]]]:
    """The phrases said at the moment ``when``, grouped by what they tell: (topic, phrases)
    in the glossary's order of topics, each group's phrases in the data's order."""
    if when not in MOMENTS:
        raise ValueError(f"no moment of the talk is called {when!r}: {', '.join(MOMENTS)}")
    said = [p for p in data()["phrases"] if said_at(p, when)]
    return [(t, [p for p in said if p["topic"] == t]) for t in TOPICS
            if any(p["topic"] == t for p in said)]


def phrase(pid: str) -> dict[str, Any]:
    """A phrase by its glossary id: {id, text, meaning, claim}, the meaning in the current
    language (the catalogue's phrase.<id>: the glossary's meaning, in English the data's own)."""
    from cardgame.messages import catalogue
    p = data()["by_id"][pid]
    meaning = catalogue("troccas").term(f"phrase.{pid}")
    return {"id": p["id"], "text": p["text"], "meaning": meaning, "claim": p["claim"]}


def phrase_of_text(text: str) -> dict[str, Any] | None:
    """The phrase whose Romansh form is ``text`` (what a record's ``say`` holds), or None."""
    found: dict[str, Any] | None = data()["by_text"].get(" ".join(str(text).split()).casefold())
    return found


def measure(cards: Sequence[int]) -> dict[str, Any]:
    """The quantities a claim speaks of, for card ids ``cards``."""
    trumps = [c for c in cards if SUIT_OF[c] == TRUMP]
    courts = [c for c in cards if SUIT_OF[c] < TRUMP and RANK_OF[c] >= JACK]
    kings = [c for c in courts if RANK_OF[c] == KING]
    by_suit: dict[int, set[int]] = {}
    for c in courts:
        by_suit.setdefault(SUIT_OF[c], set()).add(RANK_OF[c])
    worth = len(trumps) + len(kings) + (FOOL in cards) + 2 * (21 in cards)
    return {"trumps": len(trumps), "high_trumps": sum(1 for c in trumps if c >= 11),
            "honours": sum(1 for c in cards if POINTS[c] == 5), "kings": len(kings),
            "bare_kings": sum(1 for ranks in by_suit.values() if ranks == {KING}),
            "courts": len(courts),
            "worth": round(worth * 19 / len(cards)) if cards else 0,
            "_suits": list(by_suit.values()), "_cards": set(cards)}


def holds(claim: dict[str, Any], cards: Sequence[int], m: dict[str, Any] | None = None) -> bool:
    """Whether ``claim`` is true of the card ids ``cards``."""
    m = m or measure(cards)
    for key, value in claim.items():
        if key == "holds":
            if not all(parse_id(t) in m["_cards"] for t in value):
                return False
        elif key == "suit_with":
            need = {_RANKS[r] for r in value}
            if not any(need <= ranks for ranks in m["_suits"]):
                return False
        else:
            lo, hi = value
            if not lo <= m[key] <= hi:
                return False
    return True


def _width(claim: dict[str, Any]) -> float:
    """How much a claim leaves open (smaller tells more)."""
    w = 0.0
    for key, value in claim.items():
        if key in _SCALE:
            w += (value[1] - value[0] + 1) / _SCALE[key]
        else:
            w += 0.1
    return w / len(claim) - 0.05 * len(claim)


def phrase_for(view: Seen, aid: int) -> str | None:
    """The phrase (glossary id) a bot says with its talk decision, or None."""
    if view.phase not in ("talk", "dealer_choice") or not view.cards:
        return None
    from ..deal import schedule
    when = moment(view.rounds, len(schedule(view.n, view.method)))
    said = {t.casefold() for p, t, _ in view.said if p == view.seat}
    m = measure(view.cards)
    best: tuple[tuple[float, str], str] | None = None
    for p in data()["phrases"]:
        claim = p["claim"]
        if not claim or p["text"].casefold() in said:
            continue
        if not said_at(p, when):
            continue
        if holds(claim, view.cards, m):
            key = (_width(claim), p["id"])
            if best is None or key < best[0]:
                best = (key, p["id"])
    return best[1] if best else None


def claims_for(view: Seen) -> list[Claim]:
    """(seat, round, claim) for every phrase the seat's partners said: what its search keeps
    true when it deals the unseen cards."""
    out: list[Claim] = []
    for seat, text, rnd in view.said:
        if seat == view.seat or view.side_of[seat] != view.side_of[view.seat]:
            continue
        p = phrase_of_text(text)
        if p and p["claim"]:
            out.append((seat, rnd, p["claim"]))
    return out
