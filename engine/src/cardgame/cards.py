"""Cards and packs for any game: a card is a small int (its index in the pack), a set of cards
a bitmask, and the notation a table of tokens.

A game builds one :class:`Notation` for its pack, with its own tokens and aliases, its own
error classes and messages; it parses piles given as text (``"Kc, XXI 10s"``) or as lists of
tokens, and refuses a token or a card named twice with a message naming it.
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping, Sequence

from .messages import Message, quote

# The bits of each byte value, so ids_of reads a mask a byte at a time. Small on purpose: a
# bigger table made at import costs more start-up time in the browser than it saves.
_BYTE_BITS = [tuple(b for b in range(8) if v >> b & 1) for v in range(256)]


def mask_of(ids: Iterable[int]) -> int:
    """The bitmask of a set of cards."""
    m = 0
    for c in ids:
        m |= 1 << c
    return m


def ids_of_mask(mask: int, n_cards: int) -> tuple[int, ...]:
    """The cards of a bitmask, in pack order."""
    out: list[int] = []
    for k, v in enumerate(mask.to_bytes((n_cards + 7) // 8, "little")):
        if v:
            base = 8 * k
            out += [base + b for b in _BYTE_BITS[v]]
    return tuple(out)


class Notation:
    """A pack's tokens: ``lookup`` maps each lower-case spelling (aliases included) to a card.

    ``msg(id, **params)`` builds the game's messages; the ids used are ``notation#not_list``,
    ``notation#not_text``, ``notation.duplicate`` and ``notation.duplicate#as``;
    ``explain(token)`` says why a token is no card (a game knows its likely slips).

    ``more()``, if given, returns further spellings (lower case -> card): the codes of the
    game's other languages, read from their catalogues. It is called once, at the first token
    that the ``lookup`` does not know, so a process that only ever reads the canonical tokens
    never loads another language's catalogue."""

    def __init__(self, tokens: Sequence[str], lookup: Mapping[str, int], *,
                 msg: Callable[..., Message], explain: Callable[[str], Message],
                 invalid: type[Exception], duplicate: type[Exception],
                 more: Callable[[], Mapping[str, int]] | None = None) -> None:
        self.tokens = tuple(tokens)
        self.lookup = dict(lookup)
        self.msg, self.explain = msg, explain
        self.invalid, self.duplicate = invalid, duplicate
        self._more = more

    def parse_id(self, token: str) -> int:
        """The card of one token; raises the game's invalid-card error naming the token."""
        if not isinstance(token, str):
            raise self.invalid(self.msg("notation#not_text", value=quote(token)))
        key = token.strip().lower()
        cid = self.lookup.get(key)
        if cid is None and self._more is not None:
            more, self._more = self._more, None
            self.lookup.update(more())
            cid = self.lookup.get(key)
        if cid is None:
            raise self.invalid(self.explain(token))
        return cid

    def split(self, text: str | Iterable[str]) -> list[str]:
        """Tokens of a pile written as text ("Kc, XXI 10s") or given as a list of tokens."""
        if isinstance(text, str):
            return [t for t in text.replace(",", " ").split() if t]
        if not isinstance(text, (list, tuple)):
            raise self.invalid(self.msg("notation#not_list", value=quote(text)))
        out: list[str] = []
        for item in text:
            if not isinstance(item, str):
                raise self.invalid(self.msg("notation#not_text", value=quote(item)))
            out.extend(self.split(item) if (" " in item.strip() or "," in item) else [item])
        return out

    def parse_ids(self, text: str | Iterable[str], *, unique: bool = True) -> list[int]:
        """The cards of a pile; with ``unique`` a card named twice is refused, naming both
        spellings when they differ."""
        ids: list[int] = []
        seen: dict[int, str] = {}
        for tok in self.split(text):
            cid = self.parse_id(tok)
            if unique and cid in seen:
                first = seen[cid]
                raise self.duplicate(
                    self.msg("notation.duplicate#as", token=tok, first=first,
                             card=self.tokens[cid]) if first != tok
                    else self.msg("notation.duplicate", token=tok, card=self.tokens[cid]))
            seen[cid] = tok
            ids.append(cid)
        return ids
