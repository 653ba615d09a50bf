"""Import directions (docs: DESIGN.md, "Layout"): the engines and the pygame-free shared layer
never load pygame, and nothing in `common/` names a game package except the registry.

- pygame: each listed module is imported in a fresh interpreter, one after another, and the
  first one after which `pygame` is in `sys.modules` is named.
- game packages: every file under `common/` is read with `ast`; it names a game package if it
  has an import statement of `overlords` / `prepollency` (or a module in them), a string that
  is such a name or module path (outside docstrings), or a module path built with an f-string
  for `importlib` (`f"{name}.ui"`: a lookup by convention instead of by the registry).
- no import cycles among the modules of `common/ui/`, lazy imports included (type-only ones
  under `TYPE_CHECKING` aside): scenes reach the app through the instance they are given.
- one skeleton for every game (DESIGN.md, convention 12): each game package has every module of
  `SKELETON`, names every other module it has in its package docstring (`GAME/__init__.py`, or
  `GAME/ui/__init__.py` for a screen), registers its facts (`GAME/facts.py`: `FACTS`, named
  after the package), keeps `GAME/rules.py` to imports, and its screens offer the registry's
  factory (`SCREENS`).
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME_PACKAGES = ("overlords", "prepollency")
REGISTRY = "common/games.py"  # the one module of common/ that names the games

KNOWN_OFFENDERS: set[str] = set()  # none left: every lookup goes through the registry

# the engines, the AI and the headless tools: everything but a game's screens
PYGAME_FREE = [
    "common.grid", "common.protocol", "common.record", "common.match", "common.seats",
    "common.saves.folder", "common.saves.trash", "common.saves.autosave", "common.saves.index",
    "common.facts",
    "common.games", "common.cli", "common.ai.search", "common.ai.levels", "common.ai.worker",
    "common.paths", "common.logs", "common.version", "common.desktop",
    "common.net.wire", "common.net.judge", "common.net.server", "common.net.client",
    "common.net.session", "common.net.local", "common.net.host", "common.net.hub",
    "common.net.keys", "common.net.lan", "common.net.commands",
    *(f"{game}.{module}" for game in GAME_PACKAGES for module in (
        "facts", "rules", "state", "moves", "movegen", "apply", "reasons", "setup", "ai",
        "tactics", "analysis", "lessons", "puzzles", "rules_text")),
    "overlords.ai.heuristics", "overlords.ai.setup", "overlords.tactics.lines",
    "overlords.tactics.defence", "overlords.tactics.danger",
    "prepollency.ai.heuristics", "prepollency.ai.plan", "prepollency.tactics.reach",
    "prepollency.tactics.wins", "prepollency.tactics.danger",
]

CHECK = """
import importlib, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
    if "pygame" in sys.modules:
        sys.exit(f"importing {name} loaded pygame")
"""


def test_engines_and_headless_layers_never_import_pygame():
    done = subprocess.run([sys.executable, "-c", CHECK, *PYGAME_FREE], cwd=ROOT,
                          capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr


def _is_game_module(text: str) -> bool:
    return text.split(".")[0] in GAME_PACKAGES and text.replace(".", "").isidentifier()


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def game_names(path: Path) -> list[str]:
    """Where a file names a game package: "line: what" for each place."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            found += [f"{line}: import {a.name}" for a in node.names if _is_game_module(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and _is_game_module(node.module):
            found.append(f"{line}: from {node.module} import ...")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs and _is_game_module(node.value):
            found.append(f"{line}: {node.value!r}")
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.JoinedStr):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "find_spec", "__import__"):
                found.append(f"{line}: {name}(f-string)")
    return found


def test_common_names_no_game_package_except_the_registry():
    offenders = {}
    for path in sorted((ROOT / "common").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel != REGISTRY:
            places = game_names(path)
            if places:
                offenders[rel] = places
    new = {k: v for k, v in offenders.items() if k not in KNOWN_OFFENDERS}
    assert not new, f"common/ names a game package outside {REGISTRY}: {new}"
    fixed = KNOWN_OFFENDERS - offenders.keys()
    assert not fixed, f"no longer offend, remove from KNOWN_OFFENDERS: {sorted(fixed)}"


def test_the_layer_check_sees_each_kind_of_naming(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""Mentions overlords.ui in prose."""\n'
                      "import importlib\n"
                      "from overlords import rules\n"
                      "import prepollency.rules\n"
                      "ENGINES = {'overlords': 'overlords.rules'}\n"
                      "def ui(name):\n"
                      "    return importlib.import_module(f'{name}.ui')\n")
    places = game_names(sample)
    assert [p.split(":")[0] for p in places] == ["3", "4", "5", "5", "7"], places


def _ui_imports(path: Path, modules: set[str]) -> set[str]:
    """The common.ui modules a file imports anywhere (lazily too), type-only imports aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for st in tree.body if isinstance(st, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(st.test) for n in ast.walk(st)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return found & modules


def test_common_ui_has_no_import_cycles():
    files = {f"common.ui.{p.stem}": p for p in (ROOT / "common" / "ui").glob("*.py")
             if p.stem != "__init__"}
    graph = {name: _ui_imports(path, set(files)) - {name} for name, path in files.items()}
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        for dep in sorted(graph[name]):
            assert dep not in path, "import cycle: " + " -> ".join(path[path.index(dep):] + [dep])
            if dep not in done:
                visit(dep, path + [dep])
        done.add(name)

    for name in sorted(graph):
        visit(name, [name])


def private_imports(path: Path) -> list[str]:
    """The private names (``_name``, dunders aside) a module imports from another module, or
    private modules it imports: ``from x import _y``, ``import x._y``, ``from x._y import z``
    (lazy imports too), each as "LINE: what". gettext's `_` (common/i18n) is public by
    the ecosystem's convention."""
    def private(name: str) -> bool:
        return name != "_" and any(part.startswith("_") and not part.startswith("__")
                                   for part in name.split("."))

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            if private(node.module or ""):
                found.append(f"{node.lineno}: from {module} import ...")
            found += [f"{node.lineno}: from {module} import {a.name}" for a in node.names
                      if private(a.name)]
        elif isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {a.name}" for a in node.names if private(a.name)]
    return found


def test_no_module_imports_a_private_name_of_another(tmp_path):
    """A module's `_name` is its own: what another module needs is given a public name (the
    interfaces are written down, docs/DESIGN.md). Every module of the program is read."""
    files = [ROOT / "main.py", *sorted(p for package in ("common", *GAME_PACKAGES)
                                       for p in (ROOT / package).rglob("*.py"))]
    offenders = {str(p.relative_to(ROOT)): private_imports(p) for p in files}
    assert {k: v for k, v in offenders.items() if v} == {}
    sample = tmp_path / "sample.py"  # the check sees each form, and passes the public ones
    sample.write_text("from a import _b, c\nimport a._b\nfrom a._b import c\n"
                      "def f():\n    from . import _d\n"
                      "from a import __version__, b as _b\nimport a.b as _c\n")
    assert private_imports(sample) == ["1: from a import _b", "2: import a._b",
                                       "3: from a._b import ...", "5: from . import _d"]


# --- one skeleton for every game ------------------------------------------------------------

SKELETON = (  # the modules every game package has, for the same roles (docs/ARCHITECTURE.md)
    "__init__.py", "facts.py", "rules.py", "state.py", "moves.py", "movegen.py", "apply.py",
    "reasons.py", "names.py", "why.py", "setup.py", "ai/__init__.py", "tactics/__init__.py",
    "analysis.py",
    "lessons.py", "puzzles.py", "rules_text.py", "coach.py",
    "ui/__init__.py", "ui/screens.py", "ui/controller.py", "ui/look.py", "ui/input.py",
    "ui/view.py", "ui/words.py", "ui/threats.py", "ui/marks.py", "ui/anim.py", "ui/art.py",
    "ui/board.py", "ui/panel.py", "ui/hint.py", "ui/rules_pictures.py", "ui/new_game.py",
)
BY_CONCEPT = ("ai/", "tactics/")  # packages whose modules are the game's own split by concept
SCREENS = ("new_game_scene", "play_scene", "resume_scene", "lesson_scene", "menu_tokens",
           "rules_picture", "scene_parts")  # what the registry's `screens` offers


def _package_modules(game: str) -> set[str]:
    return {p.relative_to(ROOT / game).as_posix() for p in (ROOT / game).rglob("*.py")}


def _docstring(path: Path) -> str:
    return ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_every_game_has_the_skeleton_and_names_what_only_it_has(game):
    have = _package_modules(game)
    missing = [module for module in SKELETON if module not in have]
    assert not missing, f"{game} lacks modules of the skeleton: {missing}"
    own = sorted(m for m in have - set(SKELETON) if not m.startswith(BY_CONCEPT))
    unnamed = []
    for module in own:
        where = ROOT / game / ("ui/__init__.py" if module.startswith("ui/") else "__init__.py")
        if f"`{Path(module).stem}`" not in _docstring(where):
            unnamed.append(module)
    assert not unnamed, f"{game}'s package docstrings do not name its own modules {unnamed}"


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_every_game_registers_its_facts_and_keeps_rules_to_imports(game):
    import importlib

    from common.games import GAME_PACKAGES as registered
    from common.games import GAMES

    assert game in registered
    facts = importlib.import_module(f"{game}.facts").FACTS
    assert facts.name == game and GAMES[game].title == facts.title
    tree = ast.parse((ROOT / game / "rules.py").read_text(encoding="utf-8"))
    code = [type(node).__name__ for node in tree.body[1:]
            if not isinstance(node, (ast.Import, ast.ImportFrom))
            and not (isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "__all__")]
    assert not code, f"{game}/rules.py holds more than imports and __all__: {code}"


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_every_game_offers_the_screens_factory(game):
    tree = ast.parse((ROOT / game / "ui" / "screens.py").read_text(encoding="utf-8"))
    names = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    names |= {a.asname or a.name for node in tree.body if isinstance(node, ast.ImportFrom)
              for a in node.names}
    assert not set(SCREENS) - names, f"{game}.ui.screens lacks {set(SCREENS) - names}"


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_every_view_draws_from_the_look_alone(game):
    """The view reads the controller through one value (`controller.look()`), never its
    internals (the pick, the targets, the threats, a drag, the recap)."""
    tree = ast.parse((ROOT / game / "ui" / "view.py").read_text(encoding="utf-8"))
    reads = sorted({f"{ast.unparse(node.value)}.{node.attr}:{node.lineno}"
                    for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                    and ast.unparse(node.value).endswith("controller") and node.attr != "look"})
    assert not reads, f"{game}.ui.view reads its controller's internals: {reads}"
    values = [(node.lineno, v) for node in ast.walk(tree) if isinstance(node, ast.Assign)
              for v in (node.value.elts if isinstance(node.value, ast.Tuple) else [node.value])]
    aliases = [line for line, v in values if isinstance(v, ast.Attribute)
               and v.attr == "controller"]
    assert not aliases, f"{game}.ui.view keeps its controller in a name (lines {aliases})"
