"""Installing the project: a fresh virtual environment gets the `overlords-prepollency`
launcher (a GUI entry point), which prints the version from pyproject.toml and installs a
desktop entry that passes `desktop-file-validate`, and removes it again.

Offline and fast: the new environment sees the test interpreter's packages (pygame-ce,
numpy, setuptools) through a .pth file instead of downloading them, and the project is
installed with `--no-deps --no-build-isolation` from a copy of the source (so the checkout
gets no build/ or egg-info).
"""

from __future__ import annotations

import configparser
import os
import shutil
import site
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NAME = "overlords-prepollency"
SOURCE = ["pyproject.toml", "README.md", "main.py", "common", "overlords", "prepollency",
          "assets"]


def _version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The launcher of the project installed into a new virtual environment."""
    base = tmp_path_factory.mktemp("install")
    src = base / "src"
    src.mkdir()
    for name in SOURCE:
        item = ROOT / name
        if item.is_dir():
            shutil.copytree(item, src / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.pyc", "*.egg-info", "build"))
        else:
            shutil.copy2(item, src / name)
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=False, symlinks=os.name != "nt")
    scripts = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    purelib = subprocess.run([str(python), "-c", "import sysconfig;"
                              "print(sysconfig.get_path('purelib'))"],
                             capture_output=True, text=True, check=True).stdout.strip()
    # the test interpreter's packages (pip, setuptools, pygame-ce, numpy), seen after its own
    seen = [p for p in [*site.getsitepackages(), site.getusersitepackages()] if Path(p).is_dir()]
    Path(purelib, "_outer_packages.pth").write_text("\n".join(seen) + "\n")
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--no-build-isolation",
         "--no-index", "--disable-pip-version-check", "-q", str(src)],
        capture_output=True, text=True, cwd=base, env=_clean_env())
    assert done.returncode == 0, done.stdout + done.stderr
    launcher = scripts / (f"{NAME}.exe" if os.name == "nt" else NAME)
    assert launcher.is_file(), sorted(p.name for p in scripts.iterdir())
    return launcher


def _clean_env(**extra: str) -> dict[str, str]:
    """The environment without PYTHONPATH: the installed copy must run on its own."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(extra)
    return env


def test_the_launcher_prints_the_version(installed: Path, tmp_path: Path):
    done = subprocess.run([str(installed), "--version"], capture_output=True, text=True,
                          cwd=tmp_path, env=_clean_env(), timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{NAME} {_version()}"


def test_the_launcher_is_a_gui_script_and_runs_the_installed_copy(installed: Path,
                                                                    tmp_path: Path):
    code = ("import common, main, sys; print(common.__file__); print(main.__file__)")
    python = installed.parent / ("python.exe" if os.name == "nt" else "python")
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, env=_clean_env(), check=True)
    for line in done.stdout.split():
        assert Path(line).resolve().is_relative_to(installed.parent.parent.resolve()), line
    entry_points = next(installed.parent.parent.glob("lib*/**/entry_points.txt"), None) \
        or next(installed.parent.parent.glob("Lib/**/entry_points.txt"))
    parsed = configparser.ConfigParser()
    parsed.read(entry_points)
    assert parsed["gui_scripts"][NAME] == "main:main"


def test_the_desktop_entry_installs_validates_and_uninstalls(installed: Path, tmp_path: Path):
    data = tmp_path / "data"
    env = _clean_env(XDG_DATA_HOME=str(data))
    done = subprocess.run([str(installed), "--install-desktop-entry"], capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    entry = data / "applications" / f"{NAME}.desktop"
    assert entry.is_file()
    parsed = configparser.ConfigParser(interpolation=None)
    parsed.optionxform = str
    parsed.read(entry, encoding="utf-8")
    keys = parsed["Desktop Entry"]
    assert Path(keys["Exec"]) == installed.resolve()  # the launcher: it works from any folder
    assert keys["StartupWMClass"] == NAME  # the window class the app sets (common/ui/app.py)
    assert keys["Categories"] == "Game;BoardGame;"
    assert keys["Icon"] == NAME and keys["Terminal"] == "false"
    icons = data / "icons" / "hicolor"
    for size in (16, 32, 48, 64, 128, 256, 512):
        png = icons / f"{size}x{size}" / "apps" / f"{NAME}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", png
        assert int.from_bytes(png.read_bytes()[16:20], "big") == size  # IHDR width
    assert (icons / "scalable" / "apps" / f"{NAME}.svg").read_text().lstrip().startswith("<svg")
    validator = shutil.which("desktop-file-validate")
    if validator is not None:  # the check needs the tool (desktop-file-utils); the rest does not
        check = subprocess.run([validator, str(entry)], capture_output=True, text=True)
        assert check.returncode == 0 and not check.stdout.strip(), check.stdout + check.stderr

    done = subprocess.run([str(installed), "--uninstall-desktop-entry"], capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert not entry.exists()
    assert not [p for p in icons.rglob("*") if p.is_file()]
    again = subprocess.run([str(installed), "--uninstall-desktop-entry"], capture_output=True,
                           text=True, cwd=tmp_path, env=env, timeout=60)
    assert again.returncode == 0 and "nothing to remove" in again.stdout


@pytest.mark.skipif(sys.platform.startswith("win"), reason="freedesktop entries are for Linux")
def test_a_checkout_entry_starts_bootstrap_in_the_checkout(tmp_path: Path):
    """Run from the checkout, the entry starts `python3 .../bootstrap.py` there."""
    data = tmp_path / "data"
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--install-desktop-entry"],
                          capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "XDG_DATA_HOME": str(data)}, timeout=60)
    assert done.returncode == 0, done.stderr
    parsed = configparser.ConfigParser(interpolation=None)
    parsed.optionxform = str
    parsed.read(data / "applications" / f"{NAME}.desktop", encoding="utf-8")
    keys = parsed["Desktop Entry"]
    assert keys["Exec"].endswith(f" {ROOT / 'bootstrap.py'}") or \
        keys["Exec"].endswith(f'"{ROOT / "bootstrap.py"}"')
    assert keys["Path"] == str(ROOT)
