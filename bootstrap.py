#!/usr/bin/env python3
"""Set up the project's virtual environment (once) and run the game, the tests or a benchmark.

    python3 bootstrap.py [ARGS...]      set up, then run `main.py ARGS` (no ARGS: open the game)
    python3 bootstrap.py test [ARGS...] set up with the test tools, then run the whole test suite
    python3 bootstrap.py bench NAME     set up with the benchmark tools, then run bench/NAME.py
    python3 bootstrap.py build [ARGS]   set up with PyInstaller, then build the stand-alone
                                        program into dist/ (packaging/build.py ARGS)

Only Python 3.11+ is needed. Dependencies come from pyproject.toml and are installed into
`.venv/` beside this file; a stamp file makes later runs start at once while pyproject.toml is
unchanged.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _requirements(extras: list[str]) -> list[str]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = list(project["dependencies"])
    for extra in extras:
        reqs += project["optional-dependencies"][extra]
    return reqs


def _ensure_venv(extras: list[str]) -> None:
    reqs = _requirements(extras)
    digest = hashlib.sha256("\n".join(reqs).encode()).hexdigest()
    stamp = VENV / f".installed-{'-'.join(extras) or 'base'}"
    if PY.exists() and stamp.exists() and stamp.read_text() == digest:
        return
    if not PY.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        try:
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        except subprocess.CalledProcessError:
            sys.exit("Could not create .venv: install your system's python3-venv package.")
    print("Installing dependencies ...", flush=True)
    pip = [str(PY), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, *reqs], check=True)
    stamp.write_text(digest)


def main(argv: list[str]) -> int:
    if sys.version_info < (3, 11):  # noqa: UP036  (the message is for older interpreters)
        sys.exit("Python 3.11 or newer is needed (this is {}.{}).".format(*sys.version_info[:2]))
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
        cmd = [str(PY), str(ROOT / "main.py"), *argv]
    return subprocess.call(cmd, cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
