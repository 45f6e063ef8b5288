"""The build's one refusal, free of any site generator.

The content pipeline (the glossary, puzzles, handouts, worksheets, the games' parts) raises
:class:`BuildError` with one line naming the file, entry or page and the rule broken. The
generator's adapter (build_tools/plugin.py, for MkDocs) turns it into that generator's own
refusal (MkDocs's ``PluginError``), which stops the build with that line and no traceback.
"""

from __future__ import annotations


class BuildError(Exception):
    """Bad input that stops the build: the message is the one line the reader sees."""
