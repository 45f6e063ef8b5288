"""A language's plural rule as data: CLDR's rules, evaluated without any dependency.

Each message catalogue carries its language's plural rule (``"@plural"`` in an engine
catalogue, ``{"one": "i in 1 and v in 0"}`` for English and German), in the syntax of CLDR's
plural rules as Babel writes them. :func:`plural_rule` turns it into a function from a number
to its category — ``zero``, ``one``, ``two``, ``few``, ``many`` or ``other`` — so the engine
(stdlib only, Pyodide included) picks the right form in any language, and a test holds the
catalogues' rules against Babel's CLDR data and this evaluator against Babel's.

The grammar (https://unicode.org/reports/tr35/tr35-numbers.html#Language_Plural_Rules)::

    condition  = and_cond ('or' and_cond)*
    and_cond   = relation ('and' relation)*
    relation   = operand ('mod' | '%' value)? op range_list
    op         = '=' | '!=' | 'is' | 'is not' | 'in' | 'not in' | 'within' | 'not within'
    range_list = (value | value '..' value) (',' (value | value '..' value))*

with the operands n (the absolute value), i (its integer digits), v and w (the number of
visible fraction digits, with and without trailing zeros), f and t (those digits as a number,
with and without trailing zeros), and c and e (the compact exponent, 0 here).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Callable, Mapping

CATEGORIES = ("zero", "one", "two", "few", "many", "other")
_TOKEN = re.compile(r"\s*(\.\.|!=|=|%|,|\d+|[a-z]+)")


_Ops = dict[str, Decimal]


class PluralRuleError(ValueError):
    """A plural rule that is not CLDR's syntax."""


def operands(number: int | float | str | Decimal) -> dict[str, Decimal]:
    """CLDR's operands of a number ("1.50" has v 2, f 50, t 5)."""
    if isinstance(number, bool):
        raise TypeError("a plural is chosen by a number, not a truth value")
    text = str(abs(Decimal(str(number))))
    whole, _, fraction = text.partition(".")
    stripped = fraction.rstrip("0")
    return {"n": abs(Decimal(text)), "i": Decimal(whole), "v": Decimal(len(fraction)),
            "w": Decimal(len(stripped)), "f": Decimal(fraction or 0),
            "t": Decimal(stripped or 0), "c": Decimal(0), "e": Decimal(0)}


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[str] = []
        pos = 0
        while pos < len(text.rstrip()):
            m = _TOKEN.match(text, pos)
            if m is None:
                raise PluralRuleError(f"{text!r}: cannot read {text[pos:].strip()!r}")
            self.tokens.append(m.group(1))
            pos = m.end()
        self.pos = 0

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, *expected: str) -> str:
        token = self.peek()
        if token is None or (expected and token not in expected):
            want = " or ".join(repr(e) for e in expected) or "more"
            raise PluralRuleError(f"{self.text!r}: expected {want}, found {token!r}")
        self.pos += 1
        return token

    def number(self) -> Decimal:
        token = self.take()
        if not token.isdigit():
            raise PluralRuleError(f"{self.text!r}: expected a number, found {token!r}")
        return Decimal(token)

    def condition(self) -> Callable[[_Ops], bool]:
        ors = [self.and_condition()]
        while self.peek() == "or":
            self.take("or")
            ors.append(self.and_condition())
        return lambda ops: any(cond(ops) for cond in ors)

    def and_condition(self) -> Callable[[_Ops], bool]:
        ands = [self.relation()]
        while self.peek() == "and":
            self.take("and")
            ands.append(self.relation())
        return lambda ops: all(rel(ops) for rel in ands)

    def relation(self) -> Callable[[_Ops], bool]:
        operand = self.take("n", "i", "v", "w", "f", "t", "c", "e")
        modulus = None
        if self.peek() in ("mod", "%"):
            self.take()
            modulus = self.number()
        negate, within = False, False
        op = self.take("=", "!=", "is", "in", "not", "within")
        if op == "!=":
            negate = True
        elif op == "is":
            if self.peek() == "not":
                self.take("not")
                negate = True
        elif op == "not":
            negate = True
            within = self.take("in", "within") == "within"
        elif op == "within":
            within = True
        ranges = [self.range()]
        while self.peek() == ",":
            self.take(",")
            ranges.append(self.range())

        def relation(ops: _Ops) -> bool:
            value = ops[operand] if modulus is None else ops[operand] % modulus
            whole = value == value.to_integral_value()
            found = any((whole or within) and low <= value <= high for low, high in ranges)
            return found != negate
        return relation

    def range(self) -> tuple[Decimal, Decimal]:
        low = self.number()
        if self.peek() == "..":
            self.take("..")
            return low, self.number()
        return low, low


def plural_rule(rules: Mapping[str, str]) -> Callable[[int | float | str | Decimal], str]:
    """The function choosing a number's plural category by ``rules`` (category -> condition;
    a number that meets none is ``other``). Raises PluralRuleError for a rule it cannot read."""
    if not isinstance(rules, Mapping):
        raise PluralRuleError(f"a plural rule is a mapping of categories to conditions,"
                              f" not {type(rules).__name__}")
    compiled = []
    for name in CATEGORIES:  # CLDR's order; the conditions exclude one another
        if name not in rules:
            continue
        if name == "other":
            raise PluralRuleError("'other' has no condition: it is what the others leave")
        parser = _Parser(str(rules[name]))
        cond = parser.condition()
        if parser.peek() is not None:
            raise PluralRuleError(f"{rules[name]!r}: unexpected {parser.peek()!r}")
        compiled.append((name, cond))
    unknown = sorted(set(rules) - set(CATEGORIES))
    if unknown:
        raise PluralRuleError(f"{unknown[0]!r} is no plural category ({', '.join(CATEGORIES)})")

    def category(number: int | float | str | Decimal) -> str:
        ops = operands(number)
        for name, cond in compiled:
            if cond(ops):
                return name
        return "other"
    return category


def choose(forms: Mapping[str, str], category: str) -> str:
    """The form of a plural entry for ``category``: its own, else ``other`` (every plural entry
    has one)."""
    return forms[category] if category in forms else forms["other"]
