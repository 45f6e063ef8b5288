"""The test game's part of the puzzle worksheets (build_tools/worksheets/sheets.py): the site
page each puzzle opens at — every kind's practice is on the one puzzles page, which takes the
seed. The browser's worksheet maker imports this module too: it imports nothing."""

PUZZLE_URL = "puzzles/?seed={seed}"
