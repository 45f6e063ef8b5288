"""A game's glossary: its kinds (kinds, registered by the game), data loading and validation
(load), page rendering (render).

Free of mkdocs imports so that tests and other tools can use it directly; the mkdocs side is
build_tools/parts/glossary.py. It imports no game: the game's folder registers its kinds
(build_tools/games/<game>/glossary.py) and checks cards through the game's facade.
"""

from .kinds import Context, Kind  # noqa: F401
from .load import (DATA_DIR, Glossary, GlossaryError, load_glossary,  # noqa: F401
                   form_lists, renderings, term_forms, with_variants)
