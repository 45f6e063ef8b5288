"""The two kinds of mark a page's Markdown can carry for the build, read in one place.

* Fenced blocks: ```` ```cardsite-puzzle ````, a game's own (```` ```<game>-example ````) … holding YAML.
  :func:`replace_blocks` walks every fence of a page (so a block shown as code inside a longer
  fence stays code) and hands the ones of the given languages to the part that draws them,
  with the line the block starts on; text between fences can be rewritten too (the figure
  macros).
* Markers: an HTML comment ``<!-- name: argument -->`` (``<!-- puzzles: winner -->``,
  ``<!-- widget: count-pile -->``). :func:`replace_markers` replaces those of the given names,
  in Markdown or in HTML; a marker inside a fenced block is left alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable

FENCE_RE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<lang>[\w-]*)[^\n]*\n"
    r"(?P<body>.*?)^(?P=indent)(?P=fence)[ \t]*$", re.M | re.S)
MARKER_RE = re.compile(r"<!--\s*(?P<name>[a-z][\w-]*)(?:\s*:\s*(?P<arg>.*?))?\s*-->", re.S)


@dataclass(frozen=True)
class Block:
    """One fenced block: its language, body, indentation and first line (1-based)."""

    lang: str
    body: str
    indent: str
    line: int
    text: str  # the whole block as written


@dataclass(frozen=True)
class Marker:
    name: str
    arg: str | None
    line: int  # 1-based, in the text given


def replace_blocks(markdown: str, langs: Iterable[str], draw: Callable[[Block], str], *,
                   between: Callable[[str, int], str] | None = None,
                   first_line: int = 1) -> str:
    """``markdown`` with each fenced block of one of ``langs`` replaced by ``draw(block)``
    (indented like the block) and, if ``between`` is given, each stretch of text outside
    every fence by ``between(text, line_it_starts_on)``. Lines count from ``first_line``."""
    langs = set(langs)
    out, pos = [], 0
    for m in FENCE_RE.finditer(markdown):
        if between is not None:
            out.append(between(markdown[pos:m.start()],
                               first_line + markdown.count("\n", 0, pos)))
        else:
            out.append(markdown[pos:m.start()])
        pos = m.end()
        if m.group("lang") not in langs:
            out.append(m.group(0))
            continue
        block = Block(m.group("lang"), m.group("body"), m.group("indent"),
                      first_line + markdown.count("\n", 0, m.start()), m.group(0))
        html = draw(block)
        out.append("\n".join(block.indent + line for line in html.splitlines()))
    rest = markdown[pos:]
    out.append(between(rest, first_line + markdown.count("\n", 0, pos)) if between else rest)
    return "".join(out)


def replace_markers(text: str, names: Iterable[str], draw: Callable[[Marker], str], *,
                    whole_line: bool = False) -> str:
    """``text`` with each ``<!-- name: arg -->`` of one of ``names`` replaced by
    ``draw(marker)``; with ``whole_line``, only a marker alone on its line counts. Markers in
    fenced blocks stay as written."""
    names = set(names)

    def outside(stretch: str, line: int) -> str:
        def sub(m: re.Match) -> str:
            if m.group("name") not in names:
                return m.group(0)
            if whole_line and not _alone(stretch, m):
                return m.group(0)
            arg = m.group("arg")
            return draw(Marker(m.group("name"), arg.strip() if arg is not None else None,
                               line + stretch.count("\n", 0, m.start())))
        return MARKER_RE.sub(sub, stretch)

    return replace_blocks(text, (), lambda b: b.text, between=outside)


def _alone(text: str, m: re.Match) -> bool:
    start = text.rfind("\n", 0, m.start()) + 1
    end = text.find("\n", m.end())
    end = len(text) if end < 0 else end
    return not text[start:m.start()].strip() and not text[m.end():end].strip()
