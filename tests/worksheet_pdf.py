"""Worksheet PDFs read back with poppler, for the handout tests and the worksheet maker's test:
where each sheet and each key starts, the seeds and puzzles a sheet prints, and a check that a
key gives the engine's answer and the engine's working for every puzzle of its sheet.

Only the engine is asked (``troccas.api``): nothing here uses the code that made the sheets.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from troccas import api

PUZZLE_RE = re.compile(r"seed (\d+) · puzzles/(\w+)/\?seed=\1")
# What a sheet prints in each edition's language (the German edition's PDFs are in de/).
LABELS = {
    "en": {"sheet": "Worksheet:", "key": "Answer key: seed", "puzzle": "Puzzle",
           "players": "players", "ref": PUZZLE_RE},
    "de": {"sheet": "Arbeitsblatt:", "key": "Lösungen: Seed", "puzzle": "Aufgabe",
           "players": "Spieler", "ref": re.compile(r"Seed (\d+) · puzzles/(\w+)/\?seed=\1")},
}


def tool(name: str) -> str:
    exe = shutil.which(name)
    if not exe:
        pytest.fail(f"{name} is missing: apt-get install -y poppler-utils", pytrace=False)
    return exe


def flat(s: str) -> str:
    return " ".join(s.split())


def pages(pdf: Path) -> list[str]:
    """The text of every page (pdftotext separates pages with a form feed)."""
    out = subprocess.run([tool("pdftotext"), str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    return out.split("\f")[:-1] if out.endswith("\f") else out.split("\f")


@dataclass
class Sheet:
    seed: int
    first_page: int                                   # 1-based
    text: str = ""                                    # its puzzles' pages
    puzzles: list[tuple[str, int]] = field(default_factory=list)  # (kind, seed), in order
    key: str = ""                                     # its answer key, flattened
    key_seed: int | None = None
    key_page: int = 0                                 # where its key starts, 1-based


def sheets(pdf: Path, texts: list[str] | None = None, lang: str = "en") -> list[Sheet]:
    """The sheets of a worksheet PDF, each with its key (after it, or all keys at the end).
    A sheet starts a page with "Worksheet:", a key one with "Answer key: seed N" (in German
    "Arbeitsblatt:" and "Lösungen: Seed N"). ``texts``: the PDF's pages, if already read."""
    words = LABELS[lang]
    found: list[Sheet] = []
    keys: list[tuple[int, str, int]] = []
    where = None
    for n, text in enumerate(texts if texts is not None else pages(pdf), 1):
        t = flat(text)
        if t.startswith(words["sheet"]):
            seed = int(re.search(r"\bSeed (\d+)\b", t).group(1))
            found.append(Sheet(seed, n))
            where = "sheet"
        elif t.startswith(words["key"]):
            keys.append((int(re.match(re.escape(words["key"]) + r" (\d+)", t).group(1)), "", n))
            where = "key"
        if where == "sheet":
            found[-1].text += " " + t
        elif where == "key":
            keys[-1] = (keys[-1][0], keys[-1][1] + " " + t, keys[-1][2])
    assert len(keys) == len(found), f"{pdf.name}: {len(found)} sheets but {len(keys)} keys"
    for s, (seed, key, page) in zip(found, keys):
        s.puzzles = [(kind, int(seed_)) for seed_, kind in words["ref"].findall(s.text)]
        s.key, s.key_seed, s.key_page = flat(key), seed, page
    return found


def engine_answer(p: dict, lang: str = "en") -> str:
    """The engine's answer, as its own sentence if it gives one (a scart, several right
    cards), else its value; one of the question's choices ('owed', 'none') as the sheet's
    language words it."""
    if p.get("answer_text"):
        return flat(p["answer_text"])
    a = p["answer"]
    if isinstance(a, str) and a in p.get("choices", ()):
        from build_tools.words import words
        return words(lang, "troccas").t(f"worksheets.choice_{a}")
    return " ".join(a) if isinstance(a, list) else str(a)


def check_sheet(s: Sheet, lang: str = "en") -> None:
    """The sheet's key is its own (same seed) and gives, for each puzzle printed on the sheet,
    the engine's answer and every step of the engine's working (in the sheet's language);
    where the sheet mixes player counts, each puzzle of the key says how many play."""
    from cardgame.messages import set_language
    words = LABELS[lang]
    puzzle, players_word = words["puzzle"], words["players"]
    assert s.key_seed == s.seed, (s.seed, s.key_seed)
    assert s.puzzles, f"sheet of seed {s.seed}: no puzzles found"
    before = set_language(lang)
    try:
        engine = [api.call("puzzle", kind=k, seed=seed, answer=True) for k, seed in s.puzzles]
    finally:
        set_language(before)
    players = {p["situation"].get("players") for p in engine} - {None}
    for n, p in enumerate(engine, 1):
        assert flat(p["question"]) in s.text, (s.seed, n)
        m = re.search(rf"{puzzle} {n}(?: · (\d) {players_word})?: (.*?)(?= {puzzle} {n + 1}\b|$)",
                      s.key)
        assert m, f"sheet {s.seed}: no key for puzzle {n}"
        if len(players) > 1:
            assert m.group(1) == str(p["situation"]["players"]), (s.seed, n, m.group(0)[:60])
        else:
            assert m.group(1) is None, (s.seed, n, "players marked on a sheet of one table")
        answer = engine_answer(p, lang)
        assert re.match(re.escape(answer) + r"(?!\w)", m.group(2)), \
            (s.seed, n, answer, m.group(2)[:80])
        for step in p["steps"]:
            assert flat(step) in s.key, (s.seed, n, step)
    assert f"{puzzle} {len(engine) + 1}:" not in s.key
