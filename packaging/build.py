#!/usr/bin/env python3
"""Build the stand-alone program: one folder holding an executable and everything it needs
(Python, pygame-ce, numpy, the assets), made by PyInstaller, for people without Python.

    python3 bootstrap.py build          set up (with the `build` extra), then build
    .venv/bin/python packaging/build.py [--out DIR]

The result is `dist/overlords-prepollency/` (or DIR/overlords-prepollency/): start it by
double-clicking `overlords-prepollency` (`overlords-prepollency.exe` on Windows, the
`overlords-prepollency.app` bundle beside it on macOS). PyInstaller builds for the platform it
runs on: build on Windows for Windows, on macOS for macOS. Zip the folder to hand it on.

The executable is windowed (no console on Windows and macOS), carries the icon on Windows, and
bundles `assets/` (art, fonts, sounds, icons; not the tools that made them) and
`pyproject.toml` (the version's one source). The games' modules are collected whole, since the
registry (common/games.py) and the CPU worker import them by name at run time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "overlords-prepollency"
APP_ID = "io.github.overlordsprepollency.OverlordsPrepollency"  # common/paths.APP_ID
PACKAGES = ("common", "overlords", "prepollency")  # imported by name at run time: collect all
EXCLUDES = ("tkinter", "unittest", "pydoc_data", "test", "pytest", "hypothesis", "chess",
            "PyInstaller", "setuptools", "pip")


def stage_assets(work: Path) -> Path:
    """assets/ without what only makes it (tools/, the generators' notes): the bundle's copy."""
    stage = work / "stage" / "assets"
    shutil.rmtree(stage, ignore_errors=True)
    shutil.copytree(ROOT / "assets", stage,
                    ignore=shutil.ignore_patterns("tools", "__pycache__", "*.pyc"))
    return stage


def stage_translations(work: Path) -> Path:
    """po/ with every language compiled (po/locale/<code>/LC_MESSAGES/*.mo): the bundle's
    copy (common/i18n reads the .mo files; the template gives the pseudo-language)."""
    stage = work / "stage" / "po"
    shutil.rmtree(stage, ignore_errors=True)
    shutil.copytree(ROOT / "po", stage, ignore=shutil.ignore_patterns("locale"))
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from common.i18n import mo_path
    from common.i18n.catalogue import compile_po

    for po in sorted(stage.glob("*.po")):
        compile_po(po, mo_path(po.stem, stage))
    return stage


def pyinstaller_args(out: Path, work: Path, assets: Path,
                     platform: str = sys.platform) -> list[str]:
    """The PyInstaller command line (without the program that runs it) on `platform` (a
    `sys.platform` value): Windows' executable gets the .ico; macOS's bundle the app id and
    the 512 px icon (PyInstaller makes the .icns from it)."""
    sep = os.pathsep  # SOURCE<sep>DEST, as every PyInstaller version reads it
    args = [
        "--noconfirm", "--clean", "--onedir", "--windowed",
        "--name", NAME,
        "--distpath", str(out), "--workpath", str(work / "pyinstaller"),
        "--specpath", str(work),
        "--paths", str(ROOT),
        "--add-data", f"{assets}{sep}assets",
        "--add-data", f"{assets.parent / 'po'}{sep}po",
        "--add-data", f"{ROOT / 'pyproject.toml'}{sep}.",
    ]
    for package in PACKAGES:
        args += ["--collect-submodules", package]
    for module in EXCLUDES:
        args += ["--exclude-module", module]
    args += ["--hidden-import", "psutil"]  # imported by the keeper and watchdog scripts (-c)
    if platform == "win32":
        args += ["--icon", str(ROOT / "assets" / "icons" / f"{NAME}.ico")]
    if platform == "darwin":
        icon = ROOT / "assets" / "icons" / "hicolor" / "512x512" / "apps" / f"{APP_ID}.png"
        args += ["--osx-bundle-identifier", APP_ID, "--icon", str(icon)]
    return [*args, str(ROOT / "main.py")]


def executable(out: Path) -> Path:
    """The built program's executable."""
    return out / NAME / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def build(out: Path, work: Path, quiet: bool = False) -> Path:
    """Build; the executable's path (CalledProcessError if PyInstaller fails)."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        sys.exit("PyInstaller is missing: run `python3 bootstrap.py build` (it installs the "
                 "`build` extra of pyproject.toml)")
    work.mkdir(parents=True, exist_ok=True)
    assets = stage_assets(work)
    stage_translations(work)
    cmd = [sys.executable, "-m", "PyInstaller", *pyinstaller_args(out, work, assets)]
    if quiet:
        cmd[3:3] = ["--log-level", "WARN"]
    subprocess.run(cmd, check=True, cwd=ROOT)
    return executable(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist",
                        help="folder for the built program (dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's working folder (build/pyinstaller/)")
    parser.add_argument("--quiet", action="store_true", help="only PyInstaller's warnings")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    exe = build(args.out.resolve(), args.work.resolve(), args.quiet)
    print(f"built {exe} in {time.perf_counter() - start:.0f} s; double-click it to play")
    return 0


if __name__ == "__main__":
    sys.exit(main())
