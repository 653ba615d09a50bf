"""How this program starts itself, and the name it goes by.

- `self_command(*args)`: the command line that runs this program with args, for the programs
  it starts for its own use (the example bot offered in the Bot… field: `self_command("bot",
  "random")`). A checkout or an installed copy runs its own `main.py` with this same Python,
  by absolute paths (it runs from any folder); the stand-alone build (PyInstaller,
  `sys.frozen`) has no Python to hand a script to, so it starts its own executable. (The bot
  watchdog, common/ai/reaper.py, and the CPU worker, a multiprocessing "spawn" child started
  through `multiprocessing.freeze_support()` in main.py, do the same each in its own way.)
- `program_name()`: the program as the user started it, for `--help` and error messages:
  `bootstrap.py` in a checkout started through it (it says so in `$OVERLORDS_PROG`), the
  launcher's or the stand-alone executable's name, else the script's.

Pygame-free.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from common import paths

PROG_VAR = "OVERLORDS_PROG"  # set by bootstrap.py: how the user started the program
MAX_PROG = 60  # characters of a program name taken from the environment


def self_command(*args: str) -> list[str]:
    """The command line that runs this program with args."""
    if paths.frozen():
        return [sys.executable, *args]
    return [sys.executable, str(paths.SOURCE_ROOT / "main.py"), *args]


def program_name() -> str:
    """The program's name as the user started it (see the module docstring)."""
    told = os.environ.get(PROG_VAR, "").strip()
    if told and told.isprintable() and len(told) <= MAX_PROG:
        return told
    started = sys.argv[0] if sys.argv and sys.argv[0] else ""
    if paths.frozen() or not started:
        started = started or sys.executable
    name = Path(started).name
    return name if name and name.isprintable() else paths.APP_NAME
