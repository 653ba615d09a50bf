"""bootstrap.py mends what an earlier run or another Python left: a `.venv/` without pip, or
without its Python, or made by another Python version, is made again with one line saying
so; a Python that cannot make one (no venv/ensurepip, as Debian and Ubuntu ship it without
python3-venv) gets the package to install named, and no half-made `.venv/` is left, so the
next run after installing it works without deleting anything.

Offline: it runs on a copy of bootstrap.py (and packaging/bootstrap_env.py, its work) in a
temporary folder whose pyproject.toml has no dependencies and whose main.py only prints its
arguments (the real `.venv` is never touched). Any older Python, 2.7 included, reads
bootstrap.py and is told which version is needed (exit status 2), never a SyntaxError.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = """[project]
name = "overlords-prepollency"
version = "0.0.0"
dependencies = []
[project.optional-dependencies]
test = []
"""
# this Python, as one without the venv module's ensurepip (Debian without python3-venv)
NO_ENSUREPIP = ("import runpy, sys; sys.modules['ensurepip'] = None; "
                "sys.argv = ['bootstrap.py', *sys.argv[1:]]; "
                "runpy.run_path('bootstrap.py', run_name='__main__')")


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A folder with bootstrap.py, a dependency-free pyproject.toml and a main.py that says
    it ran."""
    (tmp_path / "bootstrap.py").write_bytes((ROOT / "bootstrap.py").read_bytes())
    (tmp_path / "packaging").mkdir()
    (tmp_path / "packaging" / "bootstrap_env.py").write_bytes(
        (ROOT / "packaging" / "bootstrap_env.py").read_bytes())
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    (tmp_path / "main.py").write_text("import os, sys\n"
                                      "print('ran', *sys.argv[1:], os.environ['OVERLORDS_PROG'])\n")
    return tmp_path


def _env() -> dict[str, str]:
    """The environment without this venv's marks, and with pip's cache off (the suite
    leaves nothing in the user's HOME)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return {**env, "PIP_NO_CACHE_DIR": "1"}


def _run(folder: Path, *args: str, python: list[str] | None = None):
    cmd = [*(python or [sys.executable, "bootstrap.py"]), *args]
    return subprocess.run(cmd, cwd=folder, capture_output=True, text=True, env=_env(),
                          timeout=300)


def _load(folder: Path):
    """The copy's bootstrap work (packaging/bootstrap_env.py) as a module (its paths point into
    the copy)."""
    spec = importlib.util.spec_from_file_location("bootstrap_copy",
                                                  folder / "packaging" / "bootstrap_env.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_venv_it_names_the_package_then_works_once_installed(checkout: Path):
    blocked = _run(checkout, "--version", python=[sys.executable, "-c", NO_ENSUREPIP])
    assert blocked.returncode != 0
    assert "cannot make a virtual environment" in blocked.stderr
    assert _load(checkout).venv_package_hint() in blocked.stderr
    assert "Traceback" not in blocked.stderr
    assert not (checkout / ".venv").exists(), "nothing half-made is left"

    # an older bootstrap.py did leave one: a .venv with a Python and no pip
    venv.create(checkout / ".venv", with_pip=False, symlinks=os.name != "nt")
    mended = _run(checkout, "--version")
    assert mended.returncode == 0, mended.stdout + mended.stderr
    lines = mended.stdout.splitlines()
    assert lines[0] == "Making .venv again: it has no working pip (half-made)."
    assert lines[-1] == "ran --version bootstrap.py"
    assert "Traceback" not in mended.stderr

    again = _run(checkout, "play")
    assert again.returncode == 0 and again.stdout.splitlines() == ["ran play bootstrap.py"]


@pytest.mark.parametrize("family, package", [
    ("ID=debian", "python{v}-venv"),
    ("ID=ubuntu\nID_LIKE=debian", "python{v}-venv"),
    ('ID=linuxmint\nID_LIKE="ubuntu debian"', "python{v}-venv"),
    ("ID=fedora", "python3-pip-wheel"),
    ("", "python3-venv package on Debian"),
])
def test_the_package_named_fits_the_distribution(checkout: Path, monkeypatch, family,
                                                 package):
    module = _load(checkout)
    words = set()
    for line in family.splitlines():
        words.update(line.partition("=")[2].strip('"').split())
    monkeypatch.setattr(module, "_distribution", lambda: words)
    version = "{}.{}".format(*sys.version_info[:2])
    assert package.format(v=version) in module.venv_package_hint()


def test_a_venv_without_its_python_or_of_another_version_is_a_problem(checkout: Path):
    module = _load(checkout)
    assert module.venv_problem() is None  # nothing there: made, not mended
    folder = checkout / ".venv"
    (folder / "bin").mkdir(parents=True)
    (folder / "bin" / "python").symlink_to(checkout / "no-such-python")
    assert "no Python" in module.venv_problem()
    (folder / "bin" / "python").unlink()
    (folder / "bin" / "python").symlink_to(sys.executable)
    (folder / "pyvenv.cfg").write_text("home = /usr/bin\nversion = 3.9.2\n")
    assert module.venv_problem() == ("it was made by Python 3.9, and this is Python "
                                     "{}.{}".format(*sys.version_info[:2]))
    (folder / "pyvenv.cfg").write_text("version = {}.{}.0\n".format(*sys.version_info[:2]))
    assert module.venv_problem() is None


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_a_linked_venv_is_never_deleted(checkout: Path, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("shared") / "venv"
    (elsewhere / "bin").mkdir(parents=True)
    (elsewhere / "pyvenv.cfg").write_text("version = 3.9.2\n")
    (checkout / ".venv").symlink_to(elsewhere)
    done = _run(checkout)
    assert done.returncode != 0 and "is a link to" in done.stderr
    assert (elsewhere / "pyvenv.cfg").is_file()


OLD_PYTHONS = [Path(p) for p in (os.path.expanduser(f"~/.pyenv/versions/{v}/bin/python")
                                 for v in ("2.7.18", "3.6.15", "3.7.16", "3.10.13"))
               if Path(p).exists()]


@pytest.mark.parametrize("python", OLD_PYTHONS or [None], ids=str)
def test_an_older_python_is_told_which_version_is_needed(checkout: Path, python: Path | None):
    if python is None:
        pytest.skip("no older Python installed here (pyenv)")
    done = _run(checkout, "--version", python=[str(python), "bootstrap.py"])
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("Python 3.11 or newer is needed (this is Python ")
    assert "Error" not in done.stderr and not (checkout / ".venv").exists()


@pytest.mark.parametrize("version", [(2, 7), (3, 6), (3, 10)])
def test_the_version_check_names_both_versions(version, monkeypatch):
    spec = importlib.util.spec_from_file_location("bootstrap_shim", ROOT / "bootstrap.py")
    shim = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shim)
    assert shim.too_old() is None
    monkeypatch.setattr(sys, "version_info", (*version, 0, "final", 0))
    said = shim.too_old()
    assert said.startswith(f"Python 3.11 or newer is needed (this is Python {version[0]}."
                           f"{version[1]}, ")
