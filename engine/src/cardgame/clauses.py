"""The `clauses` call's answer, the same in every game: each rule id a verdict can name, its
title, and the sources that state it (the pages link each id to its anchor).

A module of its own, imported only when the call is made: a dataclass compiles code as it is
defined, and the reader's browser waits for the games' api modules to import.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ClauseInfo:
    id: str
    title: str
    sources: str


@dataclass(frozen=True)
class ClausesResult:
    clauses: list[ClauseInfo]
