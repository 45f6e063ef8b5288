"""The browser's Python in two parts: what it imports to start, and the rest, fetched after.

`make stdlib` (build_tools/precompile_stdlib.mjs) splits the trimmed standard library and the
engine in two zips. python_stdlib.zip holds what Pyodide's start-up, the worker's own lines,
each game's facade, its warm-up and its catalogue import (measured there), so that a first
visit downloads only that before the engine is ready. python_rest.zip holds every other
module the browser's Python may import (the bots, the solver, the table, the command line and
what the static scan found), which the worker fetches as soon as the engine is ready.

This module goes into python_stdlib.zip as ``_cardsite_rest``, with ``NAMES`` (the modules in
python_rest.zip) filled in by the build. The worker calls :func:`install` once Pyodide is up.
An import of one of ``NAMES`` before python_rest.zip is in place asks ``load``:

* True: it is in place now (the worker fetched it synchronously: no fetch was under way);
* False: the worker's own fetch is under way. :class:`RestNotYet` then unwinds the call, which
  the worker makes again once the zip has arrived (a call is a pure function of its
  arguments), rather than download the zip a second time beside its fetch.
"""

from __future__ import annotations

import os
import sys
import zipimport
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

# Where the worker writes python_rest.zip in Pyodide's file system.
PATH = "/lib/python_rest.zip"
# The modules python_rest.zip holds (written in by the build).
NAMES: frozenset[str] = frozenset()

_load: Callable[[], object] | None = None


class RestNotYet(BaseException):
    """python_rest.zip is on its way: the worker makes the call again once it is in place. A
    BaseException, so that it passes the facade's ``except Exception`` (which turns any error
    into an answer) up to the worker."""


def ready() -> bool:
    """Whether python_rest.zip is in place."""
    return os.path.isfile(PATH)


class RestFinder:
    """Finds the modules of python_rest.zip, asking for the zip the first time one is needed.
    Placed last on ``sys.meta_path``: every other finder has looked first."""

    @staticmethod
    def find_spec(name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name not in NAMES:
            return None
        if not ready():
            if _load is None:
                return None
            if not _load():
                raise RestNotYet(name)
            if not ready():
                raise ImportError(f"{name}: python_rest.zip, which holds it, could not be"
                                  f" fetched", name=name)
        parent = name.rpartition(".")[0]
        folder = PATH + "/" + (parent.replace(".", "/") + "/" if parent else "")
        return zipimport.zipimporter(folder).find_spec(name)


def install(load: Callable[[], object]) -> None:
    """Adds the finder. ``load()`` writes python_rest.zip to ``PATH`` and returns True, or
    returns False while the worker's own fetch of it is under way."""
    global _load
    _load = load
    if RestFinder not in sys.meta_path:
        sys.meta_path.append(RestFinder)
