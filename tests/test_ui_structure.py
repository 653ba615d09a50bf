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
