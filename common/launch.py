"""How this program starts itself, and the name it goes by.

- `self_command(*args)`: the command line that runs this program with args, for the programs
  it starts for its own use (the example bot offered in the Bot… field: `self_command("bot",
  "random")`). A checkout or an installed copy runs its own `main.py` with this same Python,
  by absolute paths (it runs from any folder); the stand-alone build (PyInstaller,
  `sys.frozen`) has no Python to hand a script to, so it starts its own executable. (The bot
  watchdog, common/ai/reaper.py, and the CPU worker, a multiprocessing "spawn" child started
  through `multiprocessing.freeze_support()` in main.py, do the same each in its own way.)
- `script_command(name, *args)`: the command line of one of the small Python programs this
  program starts for itself (`SCRIPTS`: the bot watchdog, each bot's keeper, the saves
  folder's summary helper): this Python with the script's source (`-c`); in the stand-alone
  build its own executable told which script (`SCRIPT_ARG NAME`), which main.py runs through
  `run_script` (one table, so no such program is forgotten there).
- `program_name()`: the program as the user started it, for `--help` and error messages:
  `bootstrap.py` in a checkout started through it (it says so in `$OVERLORDS_PROG`), the
  launcher's or the stand-alone executable's name, `python -m overlords_prepollency`, else
  the script's.

Pygame-free.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

from common import paths

PROG_VAR = "OVERLORDS_PROG"  # set by bootstrap.py: how the user started the program
MAX_PROG = 60  # characters of a program name taken from the environment
MODULE = "overlords_prepollency"  # the installed package (setup.py): `python -m` runs it


def self_command(*args: str) -> list[str]:
    """The command line that runs this program with args."""
    if paths.frozen():
        return [sys.executable, *args]
    return [sys.executable, str(paths.SOURCE_ROOT / "main.py"), *args]


SCRIPT_ARG = "--overlords-internal"  # the stand-alone build: be one of SCRIPTS (main.py)
# name -> (module, attribute holding the script's Python source; dots go into a class)
SCRIPTS = {
    "watchdog": ("common.ai.reaper", "WATCHDOG_SOURCE"),
    "keeper": ("common.ai.keeper", "SOURCE"),
    "save-index": ("common.saves.index", "SummaryHelper.SOURCE"),
}


def _source(name: str) -> str:
    module, attribute = SCRIPTS[name]
    value: object = importlib.import_module(module)
    for part in attribute.split("."):
        value = getattr(value, part)
    assert isinstance(value, str)
    return value


def script_command(name: str, *args: str) -> list[str]:
    """The command line that runs the script `name` of `SCRIPTS` with args (its sys.argv[1:])."""
    if paths.frozen():
        return [sys.executable, SCRIPT_ARG, name, *args]
    return [sys.executable, "-c", _source(name), *args]


def run_script(argv: list[str]) -> int | None:
    """Be the script an `argv` of `SCRIPT_ARG NAME ARGS...` names (the stand-alone build
    started it: `script_command`); None for any other command line."""
    if len(argv) < 2 or argv[0] != SCRIPT_ARG or argv[1] not in SCRIPTS:
        return None
    sys.argv = ["-c", *argv[2:]]  # as `python -c SOURCE ARGS` would see them
    exec(compile(_source(argv[1]), f"<{argv[1]}>", "exec"), {"__name__": "__main__"})
    return 0


def program_name() -> str:
    """The program's name as the user started it (see the module docstring)."""
    told = os.environ.get(PROG_VAR, "").strip()
    if told and told.isprintable() and len(told) <= MAX_PROG:
        return told
    started = sys.argv[0] if sys.argv and sys.argv[0] else ""
    if paths.frozen() or not started:
        started = started or sys.executable
    name = Path(started).name
    if name == "__main__.py":  # `python -m overlords_prepollency` (an installed copy)
        return f"python -m {MODULE}"
    return name if name and name.isprintable() else paths.APP_NAME
