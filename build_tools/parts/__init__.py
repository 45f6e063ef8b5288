"""The game-neutral parts of the site build, run in order by the ``cardsite`` plugin
(build_tools/plugin.py): ``engine`` (Python in the browser), ``glossary``, ``puzzles``, ``notes``,
``teach`` (the projector view), ``handouts``, ``worksheets``, ``search`` (accent-free header
search), ``offline``. Each is a class whose methods are named after the MkDocs events it handles
and take the same arguments; a game adds its own parts in build_tools/games/<game>/."""

from __future__ import annotations


class Part:
    """One part of the build; ``site`` is what the parts of one build share."""

    def __init__(self, site) -> None:
        self.site = site
