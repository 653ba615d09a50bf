"""What `bootstrap.py` does once it knows the Python is new enough: set up the project's virtual
environment (once) and run the game, the tests or a benchmark.

    python3 bootstrap.py [ARGS...]      set up, then run `main.py ARGS` (no ARGS: open the game)
    python3 bootstrap.py test [ARGS...] set up with the test tools, then run the whole test suite
    python3 bootstrap.py bench NAME     set up with the benchmark tools, then run bench/NAME.py
    python3 bootstrap.py build [ARGS]   set up with PyInstaller, then build the stand-alone
                                        program into dist/ (packaging/build.py ARGS)

Only Python 3.11+ is needed (`bootstrap.py`, which older Pythons can read, says so to an older
one before this module is imported). Dependencies come from pyproject.toml and are installed
into `.venv/` in the checkout's root; a stamp file makes later runs start at once while
pyproject.toml is unchanged.

It mends what it finds broken, saying so in one line: a `.venv/` whose Python is gone or is
another version than the one running this, or one without a working pip (left half-made by an
earlier run on a system without the venv module), is made again from scratch. When this
Python cannot make one (Debian and Ubuntu ship `venv`/`ensurepip` apart), it names the package
to install for the distribution it runs on, and leaves no half-made `.venv/` behind.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the checkout: this file is in packaging/
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _requirements(extras: list[str]) -> list[str]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = list(project["dependencies"])
    for extra in extras:
        reqs += project["optional-dependencies"][extra]
    return reqs


def _distribution() -> set[str]:
    """The running Linux distribution's ID and ID_LIKE words (/etc/os-release), lowercase."""
    for file in (Path("/etc/os-release"), Path("/usr/lib/os-release")):
        try:
            text = file.read_text(errors="replace")
        except OSError:
            continue
        words: set[str] = set()
        for line in text.splitlines():
            key, _, value = line.partition("=")
            if key in ("ID", "ID_LIKE"):
                words.update(value.strip().strip("\"'").lower().split())
        return words
    return set()


def venv_package_hint() -> str:
    """What to install so that this Python can make a virtual environment, for this system."""
    version = "{}.{}".format(*sys.version_info[:2])
    family = _distribution()
    if family & {"debian", "ubuntu"}:
        return f"sudo apt install python{version}-venv   (the package python{version}-venv)"
    if family & {"fedora", "rhel", "centos"}:
        return "sudo dnf install python3-libs python3-pip-wheel"
    if family & {"suse", "opensuse"}:
        return f"sudo zypper install python{version.replace('.', '')}"
    if family & {"arch"}:
        return "sudo pacman -S python"
    if family & {"alpine"}:
        return "sudo apk add python3"
    return ("the venv module of your Python (the python3-venv package on Debian and Ubuntu), "
            "or a Python from python.org")


def _can_make_venvs() -> bool:
    """True if this Python has the venv and ensurepip modules (a venv with pip needs both)."""
    try:
        import ensurepip
        import venv  # noqa: F401

        ensurepip.version()  # the pip it bundles is there
    except Exception:  # noqa: BLE001 - ImportError, or a stripped-down ensurepip
        return False
    return True


def _venv_version() -> str | None:
    """The Python version (major.minor) .venv/pyvenv.cfg says it was made with, if any."""
    try:
        text = (VENV / "pyvenv.cfg").read_text(errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        key, _, value = line.partition("=")
        if key.strip() in ("version", "version_info"):
            return ".".join(value.strip().split(".")[:2])
    return None


def venv_problem() -> str | None:
    """Why .venv cannot be used as it is (then it is made again), or None. Cheap: no process
    is started (the run that installs checks pip itself, `_pip_works`)."""
    if not VENV.exists() and not VENV.is_symlink():
        return None  # nothing there yet: made, not mended
    if not PY.exists():
        return "it has no Python (half-made, or its Python was removed)"
    made = _venv_version()
    ours = "{}.{}".format(*sys.version_info[:2])
    if made is not None and made != ours:
        return f"it was made by Python {made}, and this is Python {ours}"
    return None


def _pip_works() -> bool:
    done = subprocess.run([str(PY), "-m", "pip", "--version"], capture_output=True)
    return done.returncode == 0


def _make_venv(why: str | None) -> None:
    """Make .venv from scratch (removing what is there), or exit with what to install."""
    if not _can_make_venvs():
        sys.exit(f"This Python ({sys.executable}) cannot make a virtual environment: its venv "
                 f"or ensurepip module is missing. Install it with:\n    {venv_package_hint()}"
                 "\nthen run this again (nothing needs deleting).")
    if VENV.is_symlink():
        sys.exit(f".venv is a link to {os.readlink(VENV)} and {why}: mend or remove that "
                 "environment yourself (it is not this folder's to delete).")
    if why is not None:
        print(f"Making .venv again: {why}.", flush=True)
        shutil.rmtree(VENV)
    else:
        print("Creating the virtual environment in .venv ...", flush=True)
    done = subprocess.run([sys.executable, "-m", "venv", str(VENV)])
    if done.returncode != 0:
        shutil.rmtree(VENV, ignore_errors=True)  # never leave a half-made one behind
        sys.exit("Could not create .venv (see above). If the venv module is missing, install "
                 f"it with:\n    {venv_package_hint()}")


def _ensure_venv(extras: list[str]) -> None:
    reqs = _requirements(extras)
    digest = hashlib.sha256("\n".join(reqs).encode()).hexdigest()
    stamp = VENV / f".installed-{'-'.join(extras) or 'base'}"
    problem = venv_problem()
    if problem is None and PY.exists() and stamp.exists() and stamp.read_text() == digest:
        return
    if problem is None and PY.exists() and not _pip_works():
        problem = "it has no working pip (half-made)"
    if problem is not None or not PY.exists():
        _make_venv(problem)
    if reqs:
        print("Installing dependencies ...", flush=True)
        pip = [str(PY), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        subprocess.run([*pip, *reqs], check=True)
    stamp.write_text(digest)


def main(argv: list[str]) -> int:
    """Set up what the command needs, then run it; its exit status."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if argv[:1] == ["test"]:
        _ensure_venv(["test"])
        cmd = [str(PY), "-m", "pytest", "-n", "2", *argv[1:]]
    elif argv[:1] == ["bench"]:
        if len(argv) < 2:
            sys.exit("usage: python3 bootstrap.py bench NAME  (NAME of a file in bench/)")
        _ensure_venv(["bench", "build"] if argv[1] == "build" else ["bench"])
        cmd = [str(PY), str(ROOT / "bench" / f"{argv[1]}.py"), *argv[2:]]
    elif argv[:1] == ["build"]:
        _ensure_venv(["build"])
        cmd = [str(PY), str(ROOT / "packaging" / "build.py"), *argv[1:]]
    else:
        _ensure_venv([])
        env["OVERLORDS_PROG"] = Path(sys.argv[0]).name  # --help says "bootstrap.py"
        cmd = [str(PY), str(ROOT / "main.py"), *argv]
    return subprocess.call(cmd, cwd=ROOT, env=env)

