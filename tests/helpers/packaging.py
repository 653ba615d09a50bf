"""What the wheel carries of assets/: setup.py's data patterns (`DATA`, read without running
setup.py), for tests that check a data file of theirs is shipped."""

from __future__ import annotations

import ast
import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def data_patterns() -> list[str]:
    """The file patterns setup.py ships in every folder of assets/ (its `DATA` list)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "DATA"
                                                for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError("setup.py has no DATA list")


def packaged(path: Path) -> bool:
    """Whether a file under assets/ goes into the wheel (a pattern matches its name: each
    folder of assets/ is a data package with the same patterns)."""
    assert path.resolve().is_relative_to(ROOT / "assets"), path
    return any(fnmatch.fnmatch(path.name, p) for p in data_patterns())
