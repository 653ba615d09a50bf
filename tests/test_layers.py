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
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME_PACKAGES = ("overlords", "prepollency")
REGISTRY = "common/games.py"  # the one module of common/ that names the games

KNOWN_OFFENDERS: set[str] = set()  # none left: every lookup goes through the registry

# the engines, the AI and the headless tools: everything but a game's screens
PYGAME_FREE = [
    "common.grid", "common.protocol", "common.record", "common.match", "common.seats",
    "common.savefiles", "common.autosave",
    "common.games", "common.cli", "common.ai.search", "common.ai.levels", "common.ai.worker",
    "common.paths", "common.logs", "common.version", "common.desktop",
    "overlords.rules", "overlords.state", "overlords.moves", "overlords.movegen",
    "overlords.apply", "overlords.reasons", "overlords.setup",
    "overlords.ai", "overlords.ai.heuristics", "overlords.ai.setup", "overlords.rules_text",
    "overlords.tactics",
    "prepollency.rules", "prepollency.state", "prepollency.moves", "prepollency.movegen",
    "prepollency.apply", "prepollency.reasons", "prepollency.setup", "prepollency.ai",
    "prepollency.ai.heuristics", "prepollency.ai.plan",
    "prepollency.rules_text",
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
