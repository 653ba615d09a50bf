"""The shape of common/ui: no import cycles between its modules, its packages (scenes,
widgets) included, counting lazy imports too (a cycle that only a lazy import hides still
ties the modules together)."""

from __future__ import annotations

from pathlib import Path

from tests.test_layers import _ui_imports  # the same reading of imports as the layer test

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "common" / "ui"


def _modules() -> dict[str, Path]:
    out = {}
    for path in UI.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def test_common_ui_and_its_packages_have_no_import_cycles():
    files = _modules()
    graph = {name: _ui_imports(path, set(files)) - {name} for name, path in files.items()}
    # a package's facade re-exports its modules: importing a module imports its package
    # first, so a module importing the facade is a cycle only if the facade imports it back
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        for dep in sorted(graph[name]):
            if name.startswith(dep + "."):  # a module of a package naming the package
                continue
            assert dep not in path, "import cycle: " + " -> ".join(path[path.index(dep):]
                                                                   + [dep])
            if dep not in done:
                visit(dep, path + [dep])
        done.add(name)

    for name in sorted(graph):
        visit(name, [name])
    assert "common.ui.scenes.menu_scene" in graph and "common.ui.widgets.button" in graph


SEAM_OWNERS = ("scene", "controller", "view", "c")  # what a seam's other side is named


def _probes(path: Path) -> list[str]:
    """Each getattr / hasattr whose first argument is a scene, a controller or a view
    (`scene`, `self.scene`, `self.scene.controller`, `c`, ...): "LINE: code"."""
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr") and node.args):
            target = node.args[0]
            last = target.attr if isinstance(target, ast.Attribute) else \
                target.id if isinstance(target, ast.Name) else ""
            if last in SEAM_OWNERS or (last == "self" and "scene" in path.name):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_game_screens_seams_are_written_not_probed():
    """Issue 33: the game screen's contract is written down (Protocols with default hooks in
    common/ui/game_seams.py): nothing asks a scene, a controller or a view whether it has
    a hook or a field."""
    files = [*UI.rglob("*.py"), *(ROOT / "overlords" / "ui").glob("*.py"),
             *(ROOT / "prepollency" / "ui").glob("*.py")]
    probes = {str(p.relative_to(ROOT)): _probes(p) for p in files}
    assert {k: v for k, v in probes.items() if v} == {}


def test_the_seams_probe_check_sees_a_probe(tmp_path):
    bad = tmp_path / "game_scene.py"
    bad.write_text("def f(scene, self):\n    getattr(scene, 'x', None)\n"
                   "    hasattr(self.scene.controller, 'y')\n    hasattr(self, 'z')\n")
    assert len(_probes(bad)) == 3


def test_both_games_controllers_and_views_inherit_the_default_hooks():
    from common.ui.game_seams import GameController, GameView
    from overlords.ui.controller import OverlordsController
    from overlords.ui.view import OverlordsView
    from prepollency.ui.controller import TurnController
    from prepollency.ui.view import PrepollencyView

    assert issubclass(OverlordsController, GameController)
    assert issubclass(TurnController, GameController)
    assert issubclass(OverlordsView, GameView) and issubclass(PrepollencyView, GameView)


def test_common_ui_keeps_no_facade_that_only_re_exports_a_scene():
    """The screens live in common/ui/scenes and are imported from their own modules
    (issue 33: a facade only where it spares many imports)."""
    import ast

    facades = []
    for path in UI.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        body = [n for n in tree.body if not (isinstance(n, ast.Expr) and n is tree.body[0])]
        if body and all(isinstance(n, ast.ImportFrom | ast.Import | ast.Assign) for n in body) \
                and any(isinstance(n, ast.ImportFrom) and (n.module or "").startswith(
                    "common.ui.scenes") for n in body):
            facades.append(path.name)
    assert facades == []
