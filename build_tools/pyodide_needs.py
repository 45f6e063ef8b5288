"""Which standard-library modules the browser's Python needs: found by running it.

Run inside Pyodide's own Python under Node by build_tools/precompile_stdlib.mjs (``make stdlib``),
never by the site build: stdlib only. The browser's Python is Pyodide's start-up, the engine
worker's own lines (build_tools/static/js/engine-worker.js), every call of every game's facade
(``<game>.api``) and the site's own Python the worker unpacks (``render.zip``: the puzzle widget
and the worksheets). Every call is run with arguments taken from the game's own answers, the
way the pages call them (a record from the call that deals one, a spec and an answer from the
puzzle call, a card from the pack), and with wrong ones, so that the refusal's path runs too.
Beside what ran, a static scan: every module that the code names in an import, at any level,
or in ``importlib.import_module("…")``, imported here once with what it imports in turn.

``plan`` writes down each call made and its outcome; ``replay`` makes the same calls again on
the trimmed standard library and names the first module missing (the build then fails).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import itertools
import json
import os
import sys

# Values a parameter of that name takes before the game's own answers give better ones.
SEEDS: dict[str, list] = {"seed": [3, 1], "players": [4, 3], "seat": [0, 1], "hand": [1], "dealer": [0],
         "tricks": [1], "trick": [0], "answer": [True], "method": ["singly"]}
# How many distinct values of one name the pool keeps (records and specs: more, one a kind).
KEEP = 4
KEEP_MANY = 40
MANY = ("spec", "record", "kind")
TRIES = 30
# Per game, the calls no argument tried was answered (their refusal's path ran): the manifest.
UNANSWERED: dict[str, list[str]] = {}


def games(root: str) -> list[str]:
    """The game packages under ``root``: each with a facade, <game>/api.py."""
    return sorted(d for d in os.listdir(root) if os.path.isfile(os.path.join(root, d, "api.py")))


def named_imports(source: str, package: str) -> set[str]:
    """The absolute module names one module's source imports (relative imports resolved
    against ``package``), at any level, with importlib.import_module("…")/__import__("…"),
    and the codecs it names."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names)  # may be a submodule
        elif isinstance(node, ast.Call):
            found.update(codec_modules(node))
            if (node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                    and (getattr(node.func, "attr", None) == "import_module"
                         or getattr(node.func, "id", None) in ("import_module", "__import__"))):
                found.add(node.args[0].value)
    return {name for name in found if name}


def codec_modules(call: ast.Call) -> set[str]:
    """The codec modules a call names (``.encode("…")``, ``.decode("…")``, ``encoding="…"``):
    Python imports a codec's module (encodings.<name>) the first time it is used."""
    import encodings
    import encodings.aliases
    names = [k.value.value for k in call.keywords if k.arg == "encoding"
             and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)]
    if (isinstance(call.func, ast.Attribute) and call.func.attr in ("encode", "decode")
            and call.args and isinstance(call.args[0], ast.Constant)
            and isinstance(call.args[0].value, str)):
        names.append(call.args[0].value)
    found = set()
    for name in names:
        norm = encodings.normalize_encoding(name).lower()
        module = encodings.aliases.aliases.get(norm) or encodings.aliases.aliases.get(
            norm.replace(".", "_")) or norm.replace(".", "_")
        found.add(f"encodings.{module}")
    return found


def scan(root: str, packages: list[str]) -> set[str]:
    """The standard-library modules that the packages' code under ``root`` names."""
    names: set[str] = set()
    for top in packages:
        for folder, _, files in os.walk(os.path.join(root, top)):
            rel = os.path.relpath(folder, root).replace(os.sep, ".")
            for f in files:
                if f.endswith(".py"):
                    with open(os.path.join(folder, f), encoding="utf-8") as fh:
                        package = rel if f == "__init__.py" else rel
                        names |= named_imports(fh.read(), package)
    return {n for n in names if n.split(".")[0] in sys.stdlib_module_names}


def import_all(names: set[str]) -> list[str]:
    """Import each module (what it imports comes with it); the names that are no module."""
    missed = []
    for name in sorted(names):
        try:
            importlib.import_module(name)
        except ImportError:
            missed.append(name)  # a name imported from a module, not a module
    return missed


def _key(value: object) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _add(pool: dict[str, list], name: str, value: object) -> None:
    values = pool.setdefault(name, [])
    if value is None or len(values) >= (KEEP_MANY if name in MANY else KEEP):
        return
    if name not in ("record",) and len(_key(value)) > 4000:
        return
    if all(_key(v) != _key(value) for v in values):
        values.append(value)


def _harvest(pool: dict[str, list], value: object, depth: int = 0) -> None:
    if depth > 5:
        return
    if isinstance(value, dict):
        if isinstance(value.get("actions"), list):
            _add(pool, "record", value)
        for k, v in value.items():
            _add(pool, k, v)
            _harvest(pool, v, depth + 1)
        if isinstance(value.get("legal"), list):
            for a in value["legal"][:3]:
                _add(pool, "action", a)
    elif isinstance(value, list):
        for v in value[:6]:
            _harvest(pool, v, depth + 1)


def _candidates(pool: dict[str, list], name: str) -> list:
    tokens = [t for t in pool.get("token", []) if isinstance(t, str)]
    derived: list = []
    if tokens:
        tokens = (tokens * 6)[:6]
        made: dict[str, list] = {
            "cards": [" ".join(tokens[:4]), tokens[:4], tokens[:2]],
            "hand": [" ".join(tokens[:6])], "card": [tokens[0]], "trick": [tokens[1], 0],
            "plays": [tokens[:2]], "answer": [tokens[0]], "scart": [tokens[0]]}
        derived = made.get(name, [])
    found = pool.get(name, [])
    return found[:3] + SEEDS.get(name, []) + derived + found[3:]


def _outcome(answer: str) -> str:
    data = json.loads(answer)
    if data["ok"]:
        return "ok"
    error = data["error"]
    return f"{error.get('type')}:{error.get('rule')}"


def plan(game: str, languages: list[str]) -> list[tuple[str, dict, str, str]]:
    """Every call of the game's facade, each answered at least once where the game's own
    answers make arguments it takes, and refused once; in each language of its messages."""
    from cardgame.messages import set_language
    api = importlib.import_module(f"{game}.api")
    # Every kind the game's modules name (its puzzles', its exercises'), each as a spec too.
    package = importlib.import_module(game)
    folder = os.path.dirname(str(package.__file__))
    kinds: list[str] = []
    for f in sorted(os.listdir(folder)):
        if f.endswith(".py") and f[:-3] not in ("__main__", "cli"):
            found = getattr(importlib.import_module(f"{game}.{f[:-3]}"), "KINDS", ())
            kinds += [k for k in found if isinstance(k, str) and k not in kinds]
    pool: dict[str, list] = {"kind": kinds, "spec": [{"kind": k, "seed": 3} for k in kinds]}
    # A record and the action a bot chose on it: the pair a Play page applies next.
    pairs: list[dict] = []
    made: list[tuple[str, dict, str, str]] = []
    answered: dict[str, list[dict]] = {}
    language = languages[0]

    def run(name: str, args: dict) -> str:
        outcome = _outcome(api.call_json(name, json.dumps(args)))
        made.append((name, args, outcome, language))
        return outcome

    set_language(language)
    for name in api.names():
        run(name, {"no_such_argument": 1})  # the refusal's words
    for _ in range(3):  # later calls' answers make earlier calls' arguments
        for name in api.names():
            params = inspect.signature(api.FACADE.function(name)).parameters
            required = [p for p, v in params.items() if v.default is inspect.Parameter.empty]
            # Each kind and each spec once (their code paths differ), else the first that works.
            every = [p for p in ("kind", "spec") if p in params]
            combos: list[dict] = [{}] if not required else []
            combos += [{q: _candidates(pool, q)[0]} for q in params
                       if q not in required and _candidates(pool, q)] if not required else []
            if {"record", "action"} <= set(required):
                combos += [{**{q: _candidates(pool, q)[0] for q in required
                               if q not in p and _candidates(pool, q)}, **p} for p in pairs[:4]]
            lists = [_candidates(pool, p)[:6] for p in required]
            combos += [dict(zip(required, c)) for c in itertools.product(*lists)][:TRIES]
            for p in every:
                for value in _candidates(pool, p):
                    extra = {q: _candidates(pool, q)[0] for q in required
                             if q != p and _candidates(pool, q)}
                    if "answer" in params and "answer" not in required:
                        extra["answer"] = True
                    if "seed" in params and p == "kind":
                        extra["seed"] = 3
                    combos.append({**extra, p: value})
            done = {_key(a) for a in answered.get(name, [])}
            for args in combos:
                if _key(args) in done:
                    continue
                if run(name, args) == "ok":
                    answered.setdefault(name, []).append(args)
                    result = json.loads(api.call_json(name, json.dumps(args)))["result"]
                    _harvest(pool, result)
                    if "record" in args and isinstance(result, dict) and "action" in result:
                        pairs.append({"record": args["record"], "action": result["action"]})
                    if not every:
                        break
    for language in languages[1:]:  # run() writes the language down with each call
        set_language(language)
        for name, calls in answered.items():
            run(name, calls[0])
    set_language(languages[0])
    unanswered = sorted(set(api.names()) - set(answered))
    print(json.dumps({"game": game, "calls": len(made), "unanswered": unanswered}))
    UNANSWERED[game] = unanswered
    return made


def replay(game: str, made: list) -> str | None:
    """The calls again, one for each outcome a call had in each language (each path the
    answers and the refusals took): the first whose outcome differs, with the module missing."""
    from cardgame.messages import set_language
    api = importlib.import_module(f"{game}.api")
    seen = set()
    for name, args, outcome, language in made:
        if (name, outcome, language) in seen:
            continue
        seen.add((name, outcome, language))
        set_language(language)
        got = _outcome(api.call_json(name, json.dumps(args)))
        if got != outcome:
            try:
                api.FACADE.invoke(name, **args)
            except ImportError as exc:
                return f"{exc.name or exc}: {game}.api {name} imports it"
            except Exception as exc:  # noqa: BLE001 - any other difference is reported as it is
                return f"{game}.api {name}: {type(exc).__name__}: {exc} (was {outcome})"
            return f"{game}.api {name}: {got} (was {outcome})"
    return None


def worker_python(game: str, language: str) -> None:
    """The engine worker's own Python (engine-worker.js), line for line."""
    from cardgame.messages import set_language
    set_language(language)
    api = importlib.import_module(f"{game}.api")
    assert api.names()
    module = importlib.import_module(game)
    for name in getattr(module, "WARM_UP", ()):
        __import__(name)
    import site
    site.getsitepackages()
    sys.version.split()


# The site's own Python the worker unpacks (render.zip): its top-level packages.
SITE_PYTHON = ("build_tools", "jinja2", "markupsafe")
# A template as the puzzle widget and the worksheets have Jinja compile them in the browser:
# string literals (the lexer decodes them with the unicode-escape codec), filters, a macro.
TEMPLATE = ("{% macro m(x) %}<b title='{{ x }}'>{{ x|e }}</b>{% endmacro %}"
            "{% for i in range(2) %}{{ m('\\u00e9 ' ~ i) }}{{ '%d'|format(i) }}"
            "{{ {'a': [1]}|tojson }}{% endfor %}")


def site_python(root: str) -> None:
    """Every module of the site's own Python under ``root``, imported as the worker imports
    them by name, and a template compiled and rendered."""
    for folder, _, files in os.walk(root):
        rel = os.path.relpath(folder, root)
        if rel.split(os.sep)[0] in SITE_PYTHON:
            for f in sorted(files):
                if f.endswith(".py"):
                    name = os.path.join(rel, f[:-3]).replace(os.sep, ".")
                    importlib.import_module(name.removesuffix(".__init__"))
    jinja2 = importlib.import_module("jinja2")
    jinja2.Environment(autoescape=True).from_string(TEMPLATE).render()


def languages(game: str) -> list[str]:
    package = importlib.import_module(game)
    folder = os.path.join(os.path.dirname(str(package.__file__)), "messages")
    found = sorted(f[:-5] for f in os.listdir(folder) if f.endswith(".json")) \
        if os.path.isdir(folder) else []
    return sorted(found, key=lambda lang: lang != "en") or ["en"]
