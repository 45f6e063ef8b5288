"""The one reader of the build's marks in a page: fenced blocks and <!-- name: arg --> markers."""

from __future__ import annotations

from build_tools.markdown_blocks import replace_blocks, replace_markers

PAGE = """# Title

<!-- puzzles: winner -->

```cardsite-puzzle
kind: winner
```

````markdown
```cardsite-puzzle
kind: count
```
<!-- puzzles: count -->
````

  ~~~troccas-example
  trick: Kc 3c
  ~~~
Text <!-- puzzles: legal --> inside a line.
"""


def test_blocks_of_the_given_languages_are_drawn_with_their_line_and_indentation():
    seen = []

    def draw(b):
        seen.append((b.lang, b.line, b.body))
        return f"<p>{b.lang}</p>\n<p>two</p>"

    out = replace_blocks(PAGE, ["cardsite-puzzle", "troccas-example"], draw, first_line=3)
    assert seen == [("cardsite-puzzle", 7, "kind: winner\n"),
                    ("troccas-example", 18, "  trick: Kc 3c\n")]
    assert "  <p>troccas-example</p>\n  <p>two</p>" in out
    # The block shown as code inside a longer fence stays code.
    assert "```cardsite-puzzle\nkind: count\n```" in out


def test_text_between_fences_is_handed_over_with_its_first_line():
    stretches = []
    replace_blocks(PAGE, [], lambda b: "", between=lambda t, line: stretches.append((line, t)) or t)
    # A stretch after a fence starts on the fence's closing line (with its line end).
    assert [line for line, _ in stretches] == [1, 7, 14, 18]
    assert stretches[0][1].startswith("# Title") and stretches[-1][1].startswith("\nText")


def test_markers_outside_fences_only_and_whole_line_when_asked():
    got = []

    def draw(m):
        got.append((m.name, m.arg, m.line))
        return f"[{m.arg}]"

    out = replace_markers(PAGE, ["puzzles"], draw, whole_line=True)
    assert got == [("puzzles", "winner", 3)]
    assert "<!-- puzzles: count -->" in out and "Text <!-- puzzles: legal --> inside" in out
    got.clear()
    out = replace_markers(PAGE, ["puzzles"], draw)
    assert got == [("puzzles", "winner", 3), ("puzzles", "legal", 19)]
    assert "Text [legal] inside" in out


def test_a_marker_without_argument_and_other_comments():
    out = replace_markers("a <!-- puzzle-progress --> b <!-- note: keep -->", ["puzzle-progress"],
                          lambda m: f"({m.arg})")
    assert out == "a (None) b <!-- note: keep -->"
