"""The authored puzzles (puzzles/*.yaml): all load, the engine agrees with every `expect`, enough of
each kind, easy to hard, the rule cases covered; broken files stop with one line each."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from build_tools.puzzles.load import PuzzleFileError, check_block, load_puzzles  # noqa: E402
from troccas import api  # noqa: E402
from troccas.puzzles import from_spec  # noqa: E402
MINIMUM = {"count": 12, "buob": 12, "fool": 12, "legal": 6, "winner": 6, "scart": 6}
PUZZLES = load_puzzles()
ALL = [a for kind in PUZZLES for a in PUZZLES[kind]]


def test_enough_puzzles_of_each_kind_easy_to_hard():
    for kind, n in MINIMUM.items():
        assert len(PUZZLES[kind]) >= n, kind
        levels = [a.spec["level"] for a in PUZZLES[kind]]
        assert levels == sorted(levels) and levels[0] == 1, kind
        assert len(set(levels)) >= 3 if n >= 12 else 2, kind


@pytest.mark.parametrize("authored", ALL, ids=[a.spec["id"] for a in ALL])
def test_every_authored_puzzle_agrees_with_the_engine(authored):
    spec = authored.spec
    assert spec["note"].strip() and "expect" in spec
    pz = from_spec(spec)  # raises if the situation is impossible or expect disagrees
    # The engine's own answer checks right; the expected answer (one of several, for the Fool)
    # is accepted too.
    if pz.kind != "scart":  # a scart's "answer" lists every card allowed, not two of them
        assert pz.check(pz.answer)["correct"]
    assert pz.check(spec["expect"])["correct"]
    # The page carries the same puzzle as the engine gives through the facade (as JSON).
    assert api.call("puzzle", spec=spec, answer=True) == json.loads(json.dumps(authored.data))


def test_rule_cases_are_covered():
    rules = {kind: {from_spec(a.spec).rule for a in PUZZLES[kind]} for kind in PUZZLES}
    assert {"count.fours", "count.threes", "count.singly"} <= rules["count"]
    assert {"buob", "buob.sche", "buob.scart", "buob.fool", "buob.king_jack",
            "buob.first_lead"} <= rules["buob"]
    assert {"fool.exchange", "fool.owed", "fool.all_tricks"} <= rules["fool"]
    answers = {kind: [from_spec(a.spec).answer for a in PUZZLES[kind]] for kind in PUZZLES}
    assert {"keep", "owed", "lost"} <= set(answers["fool"])
    assert any(a not in ("keep", "owed", "lost") for a in answers["fool"])  # a card given in exchange
    calls = {a.spec.get("call") for a in PUZZLES["buob"]}
    assert {"buob", "buob_sche"} <= calls
    piles = [a.spec for a in PUZZLES["count"]]
    assert any(len(str(p["pile"]).split()) % 4 == 2 and p.get("method", "fours") == "fours"
               for p in piles)  # an odd pair
    assert any(p.get("scart") for p in piles)


GOOD = "- id: x\n  level: 1\n  title: T\n  note: N\n  pile: Kc 3c 4c 5c\n  expect: 5\n"

BROKEN = [
    ("count.yaml", GOOD.replace("expect: 5", "expect: 8"),
     "puzzles/count.yaml:6: puzzle 'x': expect is 8 but the engine answers 5: Kc 3c 4c 5c: 5 + 1 + 1 + 1 = 8, less 3 → 5"),
    ("count.yaml", GOOD.replace("Kc 3c", "Kc Zz"),
     "puzzles/count.yaml:5: puzzle 'x': field 'pile': 'Zz' is not a card: write trumps as"
     " I…XXI, the Fool as Fool or narr, and suit cards as rank (K Q C J 1…10) + suit (c cups,"
     " r coins, s swords, b batons), e.g. Kc, 10s"),
    ("count.yaml", GOOD.replace("  note: N\n", ""),
     "puzzles/count.yaml:1: puzzle 'x': field 'note': missing: say in one line what the puzzle"
     " teaches"),
    ("count.yaml", GOOD + "  colour: red\n",
     "puzzles/count.yaml:7: puzzle 'x': field 'colour': not a field of count puzzles (they take"
     " expect, id, kind, level, method, note, pile, question, rules, scart, title)"),
    ("count.yaml", GOOD.replace("level: 1", "level: one"),
     "puzzles/count.yaml:2: puzzle 'x': field 'level': expected a whole number, got text 'one'"),
    ("count.yaml", GOOD.replace("level: 1", "level: 2") + GOOD.replace("id: x", "id: y"),
     "puzzles/count.yaml:8: puzzle 'y': field 'level': level 1 comes after level 2: order the"
     " puzzles from easy to hard"),
    ("count.yaml", GOOD + GOOD,
     "puzzles/count.yaml:7: puzzle 'x': field 'id': duplicate id (first used at"
     " puzzles/count.yaml:1)"),
    ("count.yaml", GOOD.replace("id: x", "id: Bad Id"),
     "puzzles/count.yaml:1: puzzle 'Bad Id': field 'id': 'Bad Id' is not a valid id (lowercase"
     " letters, digits and single hyphens, e.g. 'strusch-in')"),
    ("count.yaml", GOOD.replace("pile: Kc 3c 4c 5c", "pile: [Kc, 3c"),
     "puzzles/count.yaml:6: bad YAML: expected ',' or ']', but got ':'"),
    ("count.yaml", GOOD.replace("  level: 1\n", "  level: 1\n  kind: buob\n"),
     "puzzles/count.yaml:3: puzzle 'x': field 'kind': 'buob' puzzles belong in"
     " puzzles/buob.yaml, not in this file"),
    ("count.yaml", GOOD + "  method: fives\n",
     "puzzles/count.yaml:7: puzzle 'x': field 'method': 'fives' is not one of fours, threes,"
     " singly"),
    ("buob.yaml", "- id: b\n  level: 1\n  title: T\n  note: N\n  hands: {1: Kc}\n  plays:\n"
                  "    - Kc\n    - 5c\n",
     "puzzles/buob.yaml:8: puzzle 'b': plays[1] '5c' by seat 2 is not possible: you do not"
     " hold 5c"),
    ("buob.yaml", "- id: b\n  level: 1\n  title: T\n  note: N\n  hands: {1: Kc, 2: 3c, 3: 5c,"
                  " 0: 7c}\n  scart: 8b 9b\n  plays: [Kc, 3c, 5c]\n",
     "puzzles/buob.yaml:1: puzzle 'b': after these plays no buob can be called (the call needs"
     " the first lead of a suit, its king in the trick and the jack not played)"),
    ("fool.yaml", "- id: f\n  level: 1\n  title: T\n  note: N\n  hands: {1: 3c, 2: Fool}\n"
                  "  plays: [3c]\n",
     "puzzles/fool.yaml:1: puzzle 'f': the last trick played must hold the Fool"),
    ("legal.yaml", "- id: l\n  level: 1\n  title: T\n  note: N\n  hand: Kc 3c\n  trick: 3c\n",
     "puzzles/legal.yaml:5: puzzle 'l': field 'hand': 3c is both in the hand and in the trick"),
    ("scart.yaml", "- id: s\n  level: 1\n  title: T\n  note: N\n  hand: Kc 3c\n",
     "puzzles/scart.yaml:5: puzzle 's': the dealer holds 21 cards before the scart with 4"
     " players, not 2"),
    ("chess.yaml", GOOD,
     "puzzles/chess.yaml: not a kind of puzzle; the files are count.yaml, buob.yaml, fool.yaml,"
     " legal.yaml, winner.yaml, scart.yaml"),
]


@pytest.mark.parametrize("name,text,message", BROKEN,
                         ids=[f"{i}-{b[0]}" for i, b in enumerate(BROKEN)])
def test_broken_puzzle_files_give_one_line(tmp_path, name, text, message):
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / name).write_text(text, encoding="utf-8")
    with pytest.raises(PuzzleFileError) as exc:
        load_puzzles(folder)
    assert str(exc.value) == message
    assert "\n" not in str(exc.value)


def test_a_page_block_reports_the_page_line():
    with pytest.raises(PuzzleFileError) as exc:
        check_block("kind: winner\ntrick: Kc 3c XI\nexpect: Kc\n", "docs/learn/x.md", 40)
    assert str(exc.value).startswith("docs/learn/x.md:43: puzzle 'line-40': expect is 'Kc' but"
                                     " the engine answers 'XI'")
    ok = check_block("kind: winner\ntrick: Kc 3c XI\n", "docs/learn/x.md", 40)
    assert ok.data["answer"] == "XI" and ok.spec["title"]


def test_a_broken_puzzle_file_stops_the_build_with_nothing_written(tmp_path):
    """mkdocs build with one bad file: exit 1, the one line, no traceback, no site written."""
    work = tmp_path / "repo"
    (work / "puzzles").mkdir(parents=True)
    for f in (ROOT / "puzzles").glob("*.yaml"):
        (work / "puzzles" / f.name).write_text(f.read_text())
    bad = (work / "puzzles" / "count.yaml")
    bad.write_text(bad.read_text().replace("expect: 17", "expect: 18"))
    script = (
        "import sys, pathlib\n"
        "from build_tools.errors import BuildError\n"
        "from build_tools.parts.puzzles import PuzzlesPart\n"
        "from build_tools.plugin import load_site\n"
        f"site = load_site(\"troccas\", puzzles=pathlib.Path({str(work / 'puzzles')!r}))\n"
        "try:\n    PuzzlesPart(site).on_config(type('C', (), {'extra_css': [], 'extra_javascript': [], 'extra': {'cardsite': {}}})())\n"
        "except BuildError as e:\n    print(e); sys.exit(1)\n")
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True)
    assert run.returncode == 1
    assert run.stdout.strip().startswith("puzzles/count.yaml:")
    assert "puzzle 'count-honours': expect is 18 but the engine answers 17" in run.stdout
    assert "Traceback" not in run.stderr


def test_the_puzzles_part_renders_a_page_block_and_reports_a_bad_one_by_page_line():
    from types import SimpleNamespace

    from build_tools.errors import BuildError

    from build_tools.parts.puzzles import PuzzlesPart
    from build_tools.plugin import load_site

    hook = PuzzlesPart(load_site("troccas"))
    hook.on_config(SimpleNamespace(extra_css=[], extra_javascript=[], extra={"cardsite": {}}))
    page = SimpleNamespace(url="learn/x/", meta={}, file=SimpleNamespace(
        src_uri="learn/x.md", abs_src_path=None))
    md = ("# Lesson\n\nText.\n\n```cardsite-puzzle\nkind: winner\ntrick: Kc 3c XI\n```\n\n"
          "````markdown\n```cardsite-puzzle\nkind: winner\n```\n````\n")
    out = hook.on_page_markdown(md, page, None, None)
    assert out.count('data-cardsite-widget="puzzle"') == 1  # the one inside a fence stays code
    assert 'data-puzzle-id="learn/x/#line-5"' in out and page.meta["engine"] is True
    assert "```cardsite-puzzle\nkind: winner\n```" in out
    bad = md.replace("trick: Kc 3c XI", "trick: Kc 3c XI\nexpect: Kc")
    with pytest.raises(BuildError) as exc:
        hook.on_page_markdown(bad, page, None, None)
    assert str(exc.value).startswith("docs/learn/x.md:8: puzzle 'line-5': expect is 'Kc' but"
                                     " the engine answers 'XI'")


def test_every_puzzle_in_a_page_has_its_own_id():
    """A reader's mistake is kept by the puzzle's id (build_tools/puzzles/static/review.js):
    a puzzle in a page without one would be named by its line and lost when the page changes."""
    import re
    seen = {a.spec["id"] for a in ALL}
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for block in re.findall(r"```cardsite-puzzle\n(.*?)```", page.read_text(encoding="utf-8"),
                                re.S):
            found = re.search(r"^id: *(\S+)", block, re.M)
            assert found, f"{page.relative_to(ROOT)}: a cardsite-puzzle block without an id"
            assert found.group(1) not in seen, f"{page.relative_to(ROOT)}: id {found.group(1)} twice"
            seen.add(found.group(1))
