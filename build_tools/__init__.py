"""The site generator's tooling: MkDocs hooks, the glossary and puzzle loaders, card pictures,
handouts and the offline service worker. Installed (editable) into the project's virtual
environment as the distribution ``cardsite`` (``pyproject.toml`` at the project root), so
the build, the tests and the benchmarks import it by name.
"""
