"""Installing the project: the sdist holds what its tests need and builds; installed from it
into a fresh virtual environment, the `overlords-prepollency` launcher (a GUI entry point)
prints the version from pyproject.toml, names itself in --help, plays with the example bot,
installs a desktop entry and metainfo that pass `desktop-file-validate` and `appstreamcli
validate` and removes them again; the wheel's data carries them too; and a PyPI package named
`common` beside it changes nothing (the program lives under `overlords_prepollency`).

Offline and fast: the new environment sees the test interpreter's packages (pygame-ce,
numpy, setuptools) through a .pth file instead of downloading them, and everything is built
with `--no-deps --no-build-isolation` from a copy of the source (so the checkout gets no
build/ or egg-info).
"""

from __future__ import annotations

import configparser
import os
import shlex
import shutil
import site
import subprocess
import sys
import tarfile
import tomllib
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NAME = "overlords-prepollency"
APP_ID = "io.github.overlordsprepollency.OverlordsPrepollency"
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist", ".venv",
                              ".git", ".pytest_cache", ".ruff_cache", ".hypothesis")


def _version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def _clean_env(**extra: str) -> dict[str, str]:
    """The environment without PYTHONPATH: the installed copy must run on its own."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def sdist(tmp_path_factory) -> Path:
    """The source distribution, built from a copy of the checkout."""
    base = tmp_path_factory.mktemp("sdist")
    src = base / "src"
    shutil.copytree(ROOT, src, ignore=SKIP, symlinks=True)
    out = base / "out"
    out.mkdir()
    code = (f"from setuptools import build_meta; print(build_meta.build_sdist({str(out)!r}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=src, env=_clean_env(), timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return out / done.stdout.split()[-1]


@pytest.fixture(scope="module")
def installed(sdist: Path, tmp_path_factory) -> Path:
    """The launcher of the project installed from its sdist into a new virtual environment."""
    base = tmp_path_factory.mktemp("install")
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=False, symlinks=os.name != "nt")
    scripts = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    # the test interpreter's packages (pip, setuptools, pygame-ce, numpy), seen after its own
    seen = [p for p in [*site.getsitepackages(), site.getusersitepackages()] if Path(p).is_dir()]
    Path(_purelib(python), "_outer_packages.pth").write_text("\n".join(seen) + "\n")
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--no-build-isolation",
         "--no-index", "--disable-pip-version-check", "--no-cache-dir", "-q", str(sdist)],
        capture_output=True, text=True, cwd=base, env=_clean_env(), timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr  # (no cache left in the HOME)
    launcher = scripts / (f"{NAME}.exe" if os.name == "nt" else NAME)
    assert launcher.is_file(), sorted(p.name for p in scripts.iterdir())
    return launcher


def _purelib(python: Path) -> str:
    return subprocess.run([str(python), "-c", "import sysconfig;"
                           "print(sysconfig.get_path('purelib'))"],
                          capture_output=True, text=True, check=True).stdout.strip()


def _python(launcher: Path) -> Path:
    return launcher.parent / ("python.exe" if os.name == "nt" else "python")


def test_the_sdist_holds_what_its_tests_need_and_they_collect(sdist: Path, tmp_path: Path):
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path, filter="data")
    (unpacked,) = tmp_path.iterdir()
    for rel in ("bootstrap.py", "LICENSE", "setup.py", "main.py", "tests/conftest.py",
                "tests/helpers/__init__.py", "tests/data", "examples/random_bot.py",
                "assets/fonts/LICENSE-OpenSans.txt", f"packaging/linux/{APP_ID}.desktop"):
        assert (unpacked / rel).exists(), rel
    ours = {p.relative_to(ROOT) for p in (ROOT / "tests").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}
    theirs = {p.relative_to(unpacked) for p in (unpacked / "tests").rglob("*") if p.is_file()}
    assert ours == theirs
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p",
                           "no:cacheprovider", "-n", "0", "tests"], capture_output=True,
                          text=True, cwd=unpacked, env=_clean_env(), timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "error" not in done.stdout.splitlines()[-1], done.stdout[-3000:]


def test_the_launcher_prints_the_version_and_its_own_name(installed: Path, tmp_path: Path):
    done = subprocess.run([str(installed), "--version"], capture_output=True, text=True,
                          cwd=tmp_path, env=_clean_env(), timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{NAME} {_version()}"
    helped = subprocess.run([str(installed), "--help"], capture_output=True, text=True,
                            cwd=tmp_path, env=_clean_env(), timeout=60)
    assert helped.stdout.startswith(f"usage: {NAME} ") and f"\n  {NAME} play " in helped.stdout


def test_one_package_of_its_own_name_and_the_metadata(installed: Path, tmp_path: Path):
    from importlib import metadata

    env_root = installed.parent.parent
    dist = next(env_root.glob("lib*/python*/site-packages/overlords_prepollency-*.dist-info"))
    assert (dist / "top_level.txt").read_text().split() == ["overlords_prepollency"]
    meta = metadata.PathDistribution(dist).metadata
    assert meta["Name"] == NAME and meta["Author"]
    classifiers = meta.get_all("Classifier")
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert any(url.startswith("Homepage, https://") for url in meta.get_all("Project-URL"))
    # PEP 639 (setuptools 77+: License-Expression) or the older License field
    assert (meta["License-Expression"] or meta["License"]) == "MIT AND Apache-2.0"
    assert next(dist.rglob("LICENSE")).read_text().startswith("MIT License")
    package = dist.parent / "overlords_prepollency"
    assert sorted(p.name for p in package.iterdir() if p.name != "__pycache__") == \
        ["__main__.py", "assets", "common", "main.py", "overlords", "po", "prepollency",
         "py.typed"]  # no bootstrap.py
    entry_points = configparser.ConfigParser()
    entry_points.read(dist / "entry_points.txt")
    assert entry_points["gui_scripts"][NAME] == "overlords_prepollency.main:main"
    assert entry_points["console_scripts"][f"{NAME}-cli"] == "overlords_prepollency.main:main"


def test_the_console_twin_and_python_m_print_in_a_terminal(installed: Path, tmp_path: Path):
    """Issue 34, item 3: a console entry point (a GUI script prints nothing in a Windows
    terminal) and `python -m overlords_prepollency`, each naming itself in --help."""
    cli = installed.parent / (f"{NAME}-cli.exe" if os.name == "nt" else f"{NAME}-cli")
    module = [str(_python(installed)), "-m", "overlords_prepollency"]
    for argv, name in (([str(cli)], f"{NAME}-cli"),
                       (module, "python -m overlords_prepollency")):
        done = subprocess.run([*argv, "--version"], capture_output=True, text=True,
                              cwd=tmp_path, env=_clean_env(), timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == f"{NAME} {_version()}"
        helped = subprocess.run([*argv, "--help"], capture_output=True, text=True,
                                cwd=tmp_path, env=_clean_env(), timeout=60)
        assert helped.stdout.startswith(f"usage: {name} "), helped.stdout[:200]
    done = subprocess.run([*module, "validate", str(ROOT / "tests" / "data" / "nothing.json")],
                          capture_output=True, text=True, cwd=tmp_path, env=_clean_env(),
                          timeout=60)
    assert done.returncode == 1 and "nothing.json: file not found" in done.stdout


def test_a_pypi_package_named_common_beside_it_changes_nothing(installed: Path,
                                                               tmp_path: Path):
    site_packages = Path(_purelib(_python(installed)))
    other = site_packages / "common"
    other.mkdir()
    (other / "__init__.py").write_text("raise ImportError('the PyPI common package')\n")
    try:
        done = subprocess.run([str(installed), "selfplay", "overlords", "--players",
                               "random,random", "--out", str(tmp_path)], capture_output=True,
                              text=True, cwd=tmp_path, env=_clean_env(), timeout=120)
        assert done.returncode == 0, done.stderr
        assert len(list(tmp_path.glob("*.json"))) == 1
    finally:
        shutil.rmtree(other)


def test_the_example_bot_of_the_bot_field_plays_in_the_installed_copy(installed: Path,
                                                                     tmp_path: Path):
    """The Bot… field's example (`bot random` of this program): a whole game."""
    code = ("import overlords_prepollency.main; from common.ui.bots import example_command;"
            " print(example_command())")
    example = subprocess.run([str(_python(installed)), "-c", code], capture_output=True,
                             text=True, cwd=tmp_path, env=_clean_env(), check=True).stdout.strip()
    argv = shlex.split(example)
    assert argv[0] == str(_python(installed)) and argv[-2:] == ["bot", "random"]
    assert Path(argv[1]).is_relative_to(installed.parent.parent)
    done = subprocess.run([str(installed), "selfplay", "prepollency", "--players",
                           f"cmd:{example},random", "--out", str(tmp_path)],
                          capture_output=True, text=True, cwd=tmp_path, env=_clean_env(),
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "forfeit" not in done.stdout, done.stdout


def _validate_entry(entry: Path) -> None:
    validator = shutil.which("desktop-file-validate")
    if validator is not None:  # the check needs the tool (desktop-file-utils); the rest does not
        check = subprocess.run([validator, str(entry)], capture_output=True, text=True)
        assert check.returncode == 0 and not check.stdout.strip(), check.stdout + check.stderr


def _validate_metainfo(file: Path) -> None:
    tool = shutil.which("appstreamcli")
    if tool is not None:  # Debian package appstream
        check = subprocess.run([tool, "validate", "--no-net", str(file)], capture_output=True,
                               text=True)
        assert check.returncode == 0, check.stdout + check.stderr
        assert not [line for line in check.stdout.splitlines()
                    if line.startswith(("E:", "W:"))], check.stdout


def test_the_wheel_data_carries_the_entry_metainfo_and_icons(installed: Path):
    share = installed.parent.parent / "share"
    entry = share / "applications" / f"{APP_ID}.desktop"
    parsed = configparser.ConfigParser(interpolation=None)
    parsed.optionxform = str
    parsed.read(entry, encoding="utf-8")
    assert parsed["Desktop Entry"]["Exec"] == NAME  # from the PATH, wherever it went
    _validate_entry(entry)
    _validate_metainfo(share / "metainfo" / f"{APP_ID}.metainfo.xml")
    for size in (16, 48, 256, 512):
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()


def test_the_desktop_entry_installs_validates_and_uninstalls(installed: Path, tmp_path: Path):
    data = tmp_path / "data"
    old = data / "applications" / f"{NAME}.desktop"  # an earlier version's entry
    old.parent.mkdir(parents=True)
    old.write_text("[Desktop Entry]\n")
    env = _clean_env(XDG_DATA_HOME=str(data))
    done = subprocess.run([str(installed), "--install-desktop-entry"], capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert not old.exists(), "the menu would show the game twice"
    entry = data / "applications" / f"{APP_ID}.desktop"
    assert entry.is_file()
    parsed = configparser.ConfigParser(interpolation=None)
    parsed.optionxform = str
    parsed.read(entry, encoding="utf-8")
    keys = parsed["Desktop Entry"]
    assert Path(keys["Exec"]) == installed.resolve()  # the launcher: it works from any folder
    assert keys["StartupWMClass"] == APP_ID  # the window class the app sets (common/ui/app.py)
    assert keys["Categories"] == "Game;BoardGame;"
    assert keys["Icon"] == APP_ID and keys["Terminal"] == "false"
    icons = data / "icons" / "hicolor"
    for size in (16, 32, 48, 64, 128, 256, 512):
        png = icons / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", png
        assert int.from_bytes(png.read_bytes()[16:20], "big") == size  # IHDR width
    svg = icons / "scalable" / "apps" / f"{APP_ID}.svg"
    assert svg.read_text().lstrip().startswith("<svg")
    metainfo = data / "metainfo" / f"{APP_ID}.metainfo.xml"
    assert f"<id>{APP_ID}</id>" in metainfo.read_text()
    _validate_entry(entry)
    _validate_metainfo(metainfo)

    done = subprocess.run([str(installed), "--uninstall-desktop-entry"], capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert not entry.exists() and not metainfo.exists()
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
    parsed.read(data / "applications" / f"{APP_ID}.desktop", encoding="utf-8")
    keys = parsed["Desktop Entry"]
    assert keys["Exec"].endswith(f" {ROOT / 'bootstrap.py'}") or \
        keys["Exec"].endswith(f'"{ROOT / "bootstrap.py"}"')
    assert keys["Path"] == str(ROOT)
