"""The app in Windows' Start menu: a shortcut (.lnk) in this user's Start menu, with the app's
icon, starting this program without a console window (`--install-desktop-entry` there;
`common.desktop` is the freedesktop.org counterpart, `common.desktop_macos` macOS's).

A .lnk is a binary COM format: it is written by Windows itself, through the Windows Script
Host's ``WScript.Shell.CreateShortcut`` run by PowerShell (on every Windows since 7). The
paths are handed over in environment variables, never pasted into the script, so no name can
break its quoting. What the shortcut starts: the GUI launcher (``overlords-prepollency.exe``,
no console), or in a checkout ``pythonw.exe bootstrap.py`` (pythonw: no console window).

`shortcut_path`, `target` and `script` are pure (the tests check them on any system);
`install` and `uninstall` take the runner that starts PowerShell (the tests give a fake).
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from common import command_line, desktop_words, paths, processes
from common.i18n import _

SHORTCUT = f"{paths.TITLE}.lnk"
ICON = f"{paths.APP_NAME}.ico"
POWERSHELL = ["powershell.exe", "-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass",
              "-Command"]
# the PowerShell that writes the shortcut: every value from the environment (`variables`)
SCRIPT = ("$s = (New-Object -ComObject WScript.Shell).CreateShortcut($env:OP_SHORTCUT); "
          "$s.TargetPath = $env:OP_TARGET; $s.Arguments = $env:OP_ARGUMENTS; "
          "$s.WorkingDirectory = $env:OP_FOLDER; $s.IconLocation = $env:OP_ICON; "
          "$s.Description = $env:OP_DESCRIPTION; $s.Save()")
Runner = Callable[..., Any]  # subprocess.run's shape


def start_menu(environ: Mapping[str, str] | None = None) -> Path:
    """This user's Start menu programs folder (%APPDATA%\\Microsoft\\Windows\\Start Menu\\
    Programs)."""
    appdata = (os.environ if environ is None else environ).get("APPDATA") or \
        str(Path.home() / "AppData" / "Roaming")
    return Path(appdata) / "Microsoft" / "Windows" / "Start Menu" / "Programs"


def shortcut_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where the shortcut goes."""
    return start_menu(environ) / SHORTCUT


def target(command: list[str]) -> list[str]:
    """The command the shortcut starts: a console Python swapped for its windowed twin
    (python.exe -> pythonw.exe, beside it), so no console window opens."""
    program = Path(command[0])
    if program.name.lower() == "python.exe":
        windowed = program.with_name("pythonw.exe")
        if windowed.is_file():
            return [str(windowed), *command[1:]]
    return command


def variables(command: list[str], workdir: Path | None, shortcut: Path) -> dict[str, str]:
    """The environment variables `SCRIPT` reads."""
    program = target(command)
    folder = workdir if workdir is not None else Path(program[0]).parent
    return {"OP_SHORTCUT": str(shortcut), "OP_TARGET": program[0],
            "OP_ARGUMENTS": command_line.join(program[1:], processes.WINDOWS),
            "OP_FOLDER": str(folder), "OP_ICON": str(paths.assets_root() / "icons" / ICON),
            "OP_DESCRIPTION": _(desktop_words.SUMMARY)}  # in the installing person's language


def install(command: list[str], workdir: Path | None, run: Runner | None = None,
            environ: Mapping[str, str] | None = None) -> list[Path]:
    """Write the Start-menu shortcut; [its path] (OSError if PowerShell could not)."""
    run = run or subprocess.run
    shortcut = shortcut_path(environ)
    shortcut.parent.mkdir(parents=True, exist_ok=True)
    env = {**(os.environ if environ is None else environ),
           **variables(command, workdir, shortcut)}
    done = run([*POWERSHELL, SCRIPT], env=env, capture_output=True, text=True, timeout=60,
               **processes.no_window())
    if done.returncode != 0 or not shortcut.is_file():
        why = (done.stderr or done.stdout or "").strip().splitlines()
        said = why[-1][:200] if why else _("status {code}").format(code=done.returncode)
        raise OSError(0, _("PowerShell could not write the shortcut: {problem}").format(
            problem=said), str(shortcut))
    return [shortcut]


def uninstall(environ: Mapping[str, str] | None = None) -> list[Path]:
    """Remove the shortcut; [its path], or [] if it was not there."""
    shortcut = shortcut_path(environ)
    try:
        shortcut.unlink()
    except FileNotFoundError:
        return []
    return [shortcut]


__all__ = ["SCRIPT", "install", "shortcut_path", "start_menu", "target", "uninstall",
           "variables"]
