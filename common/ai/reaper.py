"""No bot outlives the program that started it, even one killed with SIGKILL.

Each outside bot runs in its own process group (its own session), so that ending the group ends
the programs it started too. `register(pgid)` hands the group to a small watchdog process,
started once per program on first use: it reads "+PGID" / "-PGID" lines on its stdin, and when
that pipe closes (this program exited, however it ended: the kernel closes its end) it kills
every group still registered. It ignores SIGINT (a Ctrl+C in the terminal is this program's to
handle) and runs in its own session. `unregister(pgid)` after a group was ended normally.

The watchdog is this Python running the script below (`-c`); in the stand-alone build there
is no Python to hand it to (`sys.executable` is the game itself), so the build's executable is
started with `WATCHDOG_ARG` as its one argument and main.py runs `serve()` (`command()`).

Plain Python, Linux and other POSIX systems; elsewhere both calls do nothing.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

_WATCHDOG = """
import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_IGN)
groups = set()
for line in sys.stdin:
    try:
        op, pgid = line[0], int(line[1:])
    except ValueError:
        continue
    if pgid < 2 or pgid == os.getpgid(0):  # never init's group (1), "every group" (0) or ours
        continue
    if op == "+":
        groups.add(pgid)
    else:
        groups.discard(pgid)
for pgid in groups:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except OSError:
        pass
"""

WATCHDOG_ARG = "--overlords-bot-watchdog"  # the stand-alone build's watchdog (main.py)

_lock = threading.Lock()
_proc: subprocess.Popen[bytes] | None = None


def _watchdog() -> subprocess.Popen[bytes] | None:
    global _proc
    if _proc is None or _proc.poll() is not None:
        try:
            _proc = subprocess.Popen(command(), stdin=subprocess.PIPE,
                                     stdout=subprocess.DEVNULL, start_new_session=True)
        except OSError:
            _proc = None
    return _proc


def command() -> list[str]:
    """The watchdog's command line: this Python with the script, or the stand-alone build's
    executable told to be the watchdog."""
    if getattr(sys, "frozen", False):
        return [sys.executable, WATCHDOG_ARG]
    return [sys.executable, "-c", _WATCHDOG]


def serve() -> int:
    """Be the watchdog (the stand-alone build started with `WATCHDOG_ARG`): the script."""
    exec(compile(_WATCHDOG, "<bot watchdog>", "exec"), {"__name__": "__watchdog__"})
    return 0


def _send(line: str) -> None:
    if not hasattr(os, "killpg"):
        return
    with _lock:
        proc = _watchdog()
        if proc is None or proc.stdin is None:
            return
        try:
            proc.stdin.write(line.encode() + b"\n")
            proc.stdin.flush()
        except OSError:  # it died: the next call starts another
            pass


def register(pgid: int) -> None:
    """The group is killed when this program ends, unless unregistered first."""
    _send(f"+{pgid}")


def unregister(pgid: int) -> None:
    """The group was ended: forget it (its number may be reused)."""
    _send(f"-{pgid}")


def watchdog_pid() -> int | None:
    """The watchdog's process id, once started (for tests)."""
    return _proc.pid if _proc is not None else None
