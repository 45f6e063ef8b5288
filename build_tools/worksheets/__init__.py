"""Puzzle worksheets and their answer keys, drawn in one place (build_tools/worksheets/sheets.py).

The command line (``<game> worksheet``), the build's pre-made worksheets and the worksheet
maker in the reader's browser all call the same functions with the same templates: the browser's
Python loads this package from ``assets/puzzles/render.zip``, so nothing here may import MkDocs,
YAML or the glossary.
"""
