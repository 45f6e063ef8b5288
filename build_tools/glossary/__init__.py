"""The Romansh glossary: data loading and validation (load), page rendering (render).

Free of mkdocs imports so that tests and other tools can use it directly; the mkdocs side is
build_tools/parts/glossary.py.
"""

from .load import (DATA_DIR, KINDS, SOURCES, Glossary, GlossaryError, load_glossary,  # noqa: F401
                   form_lists, renderings, rm_forms, with_variants)
