"""Issue 34, item 9: the Python conventions kept by the machine. `ruff check` and `mypy`
(configured in pyproject.toml) run in the suite and must be clean, with no module excused
(the typing debt is paid: 51 modules when mypy joined the suite); the package says it is
typed (py.typed); the pre-commit configuration runs the same two checks."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=900)


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.executable).parent
                                                          / "ruff").exists(),
                    reason="ruff is a test tool: pip install -e .[test]")
def test_ruff_is_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    done = subprocess.run([ruff, "check", "--no-cache", "."], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_mypy_is_clean_with_the_configuration_of_pyproject():
    pytest.importorskip("mypy", reason="mypy is a test tool: pip install -e .[test]")
    done = _run("mypy", "--cache-dir", str(ROOT / ".mypy_cache"))
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert done.stdout.startswith("Success: no issues found")


def test_no_module_is_excused_from_mypy():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    excused = [o["module"] for o in config.get("overrides", []) if o.get("ignore_errors")]
    assert excused == []
    for override in config.get("overrides", []):  # only a stub-less library may be excused
        assert set(override) <= {"module", "ignore_missing_imports"}, override


def test_the_package_is_typed_and_pre_commit_runs_the_same_checks():
    assert (ROOT / "py.typed").is_file()
    text = (ROOT / ".pre-commit-config.yaml").read_text()
    assert "id: ruff" in text and "id: mypy" in text and "entry: python -m mypy" in text
