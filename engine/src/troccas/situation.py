"""Real deals that reach a chosen moment: the hands that matter, the rest dealt at random.

Puzzles, worked examples and tests describe a situation by the cards that matter ("seat 1
holds Kc, seat 3 the jack") and the cards played since the first lead. :func:`setup_hand`
turns that into a genuine deck, deals it, talks the deal through, lays away the scart and plays
the cards through the engine, so every situation shown is one a real hand could reach.
"""

from __future__ import annotations

import random
import re
from typing import Any, Mapping, Sequence

from .cards import N_CARDS, SUIT_OF, SUITS, TOKEN, TRUMP, parse_ids
from .deal import (DEFAULT_METHOD, SCART_SIZE, check_named_hands, check_players, check_seed,
                   deck_for_hands)
from .errors import IllegalActionError, OptionError, TroccasError, msg, quote
from .hand import Hand
from .rules import Rules


class SituationError(TroccasError):
    rule = "situation"


def _void_suits(text: str) -> set[int]:
    out = set()
    for ch in str(text).lower().replace(",", " ").split():
        for part in ([ch] if ch in ("t", "trumps") else list(ch)):
            if part in ("t", "trumps"):
                out.add(TRUMP)
            elif part in SUITS:
                out.add(SUITS.index(part))
            else:
                raise SituationError(msg("situation#suit", value=part, field="void"))
    return out


def _mapping(value: object, field: str) -> list[tuple[Any, Any]]:
    """The items of a seat mapping such as ``{1: "Kc 3c"}`` (empty for None)."""
    if value is None:
        return []
    if not isinstance(value, Mapping):
        raise SituationError(msg("situation#mapping", field=field, value=quote(value)))
    return list(value.items())


def _seat(key: object, field: str) -> int:
    """A seat number written as a key: 1 or '1' (YAML and JSON write keys differently)."""
    if type(key) is int:
        return key
    if isinstance(key, str) and re.fullmatch(r"[0-9]{1,2}", key.strip()):
        return int(key)
    raise SituationError(msg("situation#seat", field=field, value=quote(key)))


def setup_hand(hands: Mapping[int, str | Sequence[str]] | None = None, *, players: int = 4,
               dealer: int = 0, scart: str | Sequence[str] = "", plays: Sequence[str] = (),
               rules: Rules | None = None, method: str | None = None,
               void: Mapping[int, str] | None = None, seed: int | str | None = 0,
               fill: Sequence[int] | None = None) -> Hand:
    """A hand dealt so each seat in ``hands`` holds those cards, the other cards dealt at random
    from ``seed`` (a seat in ``void`` gets none of those suits), every player saying 'continue',
    the dealer's ``scart`` laid away (chosen by the engine if ``plays`` follow and it is not
    given), then ``plays`` applied in turn: card tokens, or actions
    written without the seat ('call pass', 'kingjack c', 'takeback 3c'). ``fill`` deals the
    other cards in that order instead (then the rest in id order): a fixed, repeatable fill."""
    check_players(players)
    check_seed(seed)
    if type(dealer) is not int or not 0 <= dealer < players:
        raise SituationError(msg("deal#dealer_seat", last=players - 1, value=quote(dealer),
                                 field="dealer"))
    rules = rules or Rules()
    method = method or DEFAULT_METHOD[players]
    named = {_seat(seat, "hands"): parse_ids(cards) for seat, cards in _mapping(hands, "hands")}
    scart_ids = parse_ids(scart)
    if len(scart_ids) not in (0, SCART_SIZE[players]):
        raise SituationError(msg("scart#players", size=SCART_SIZE[players], players=players,
                                 n=len(scart_ids), field="scart"))
    named.setdefault(dealer, [])
    named[dealer] = scart_ids + [c for c in named[dealer] if c not in scart_ids]
    try:
        sizes = check_named_hands(players, dealer, named, method)
    except TroccasError as exc:
        raise SituationError(exc.msg or exc.message) from None
    all_named = [c for cs in named.values() for c in cs]
    voids = {_seat(s, "void"): _void_suits(v) for s, v in _mapping(void, "void")}
    for seat, suits in voids.items():
        held = [c for c in named.get(seat, []) if SUIT_OF[c] in suits]
        if held:
            raise SituationError(msg("situation#void_holds", seat=seat, card=TOKEN[held[0]],
                                     field="void"))
    if fill is None:
        rest = [c for c in range(N_CARDS) if c not in set(all_named)]
        random.Random(seed).shuffle(rest)
    else:
        order = list(fill) + [c for c in range(N_CARDS) if c not in set(fill)]
        rest = [c for c in order if c not in set(all_named)]
    # Seats with voids choose first, so the cards they must not have go to the others.
    full = {s: list(named.get(s, [])) for s in range(players)}
    for seat in sorted(range(players), key=lambda s: -len(voids.get(s, ()))):
        need = sizes[seat] - len(full[seat])
        banned = voids.get(seat, set())
        mine = [c for c in rest if SUIT_OF[c] not in banned][:need]
        if len(mine) < need:
            raise SituationError(msg("situation#void_short", seat=seat, field="void"))
        taken = set(mine)
        rest = [c for c in rest if c not in taken]
        full[seat] = mine + full[seat]  # named cards last: the last one is the face-up card
    # Scart cards must stay in the dealer's hand even if he is void-constrained.
    deck = deck_for_hands(players, dealer, full, method)
    hand = Hand(players, dealer, deck=deck, rules=rules, method=method)
    hand.deal_through()
    if hand.phase == "scart" and (scart_ids or plays):
        if not scart_ids:  # plays need a scart: lay away the first cards that may go
            scart_ids = [c for c in sorted(full[dealer], key=lambda c: (c in named[dealer], c))
                         if TOKEN[c] not in ("Fool",) and hand.can(f"{dealer} scart {TOKEN[c]}")
                         ][:SCART_SIZE[players]]
        for c in scart_ids:
            try:
                hand.apply(f"{dealer} scart {TOKEN[c]}")
            except IllegalActionError as exc:
                raise SituationError(msg("situation#scart", card=TOKEN[c], why=exc.msg,
                                         field="scart"), rule=exc.rule) from None
    for i, move in enumerate(plays):
        p = hand.current_player
        text = move.strip() if isinstance(move, str) else str(move)
        if p < 0:
            raise SituationError(msg("situation#over", index=i, text=text, field="plays"))
        action = text if " " in text else f"play {text}"
        try:
            hand.apply(f"{p} {action}")
        except TroccasError as exc:
            raise SituationError(msg("situation#play", index=i, text=text, seat=p,
                                     why=exc.msg, field="plays"), rule=exc.rule) from None
    return hand


__all__ = ["setup_hand", "SituationError", "OptionError"]
