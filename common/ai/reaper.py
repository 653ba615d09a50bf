"""No bot outlives the program that started it, even one killed with SIGKILL.

Each outside bot runs in its own process group (its own session), so that ending the group ends
the programs it started too. `register(pgid)` hands the group to a small watchdog process,
started once per program on first use: it reads "+PGID" / "-PGID" lines on its stdin, and when
that pipe closes (this program exited, however it ended: the kernel closes its end) it kills
every group still registered (each bot's keeper is asked first: it ends what the bot
started outside the group, `common.ai.keeper`), and every process registered with
`register_process` (the CPU worker: one stopped with SIGSTOP cannot end itself). It
ignores SIGINT (a Ctrl+C in the terminal is this program's to handle) and runs in its own
session. `unregister(pgid)` after a group was ended normally.

The watchdog is this Python running the script below (`-c`); in the stand-alone build there
is no Python to hand it to (`sys.executable` is the game itself), so the build's executable is
started as its own "watchdog" script (`common.launch.script_command`, run by main.py).

On Windows there are no process groups and no SIGKILL: the watchdog kills each registered
process with everything below it (psutil), and the app's Job Object
(`common.processes.die_with_app`) kills them all with the app even when the watchdog could
not (it is in the job too). Started with no console window (`common.processes.popen_options`).
"""

from __future__ import annotations

import subprocess
import threading

from common import processes

WATCHDOG_SOURCE = processes.KILL_TREE_SCRIPT + """
import os, signal, sys, time
signal.signal(signal.SIGINT, signal.SIG_IGN)
groups, procs = set(), set()
for line in sys.stdin:
    try:
        op, pid = line[0], int(line[1:])
    except ValueError:
        continue
    own_group = os.getpgid(0) if hasattr(os, "getpgid") else -1
    if pid < 2 or pid in (os.getpid(), own_group):  # never init (1), "every group" (0),
        continue                                     # or this watchdog itself
    {"+": groups.add, "-": groups.discard, "p": procs.add, "q": procs.discard}.get(
        op, lambda _: None)(pid)
if not hasattr(os, "killpg"):  # Windows: no groups, no SIGKILL: each process and all below it
    for pid in procs | groups:
        kill_tree(pid)
    sys.exit(0)
for pid in procs:  # a worker, even a stopped one (SIGKILL ends it all the same)
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
for pgid in groups:  # the keepers first: each ends what its bot started (common.ai.keeper)
    try:
        os.kill(pgid, signal.SIGTERM)
    except OSError:
        pass
deadline = time.monotonic() + 2.0
for pgid in groups:
    while time.monotonic() < deadline:
        try:
            os.kill(pgid, 0)
        except OSError:
            break
        time.sleep(0.01)
for pgid in groups:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except OSError:
        pass
"""


_lock = threading.Lock()
_proc: subprocess.Popen[bytes] | None = None


def _watchdog() -> subprocess.Popen[bytes] | None:
    global _proc
    if _proc is None or _proc.poll() is not None:
        try:
            _proc = subprocess.Popen(command(), stdin=subprocess.PIPE,
                                     stdout=subprocess.DEVNULL, **processes.popen_options())
        except OSError:
            _proc = None
    return _proc


def command() -> list[str]:
    """The watchdog's command line (this Python with the script, or the stand-alone build's
    executable told to be the watchdog: `common.launch.script_command`)."""
    from common import launch

    return launch.script_command("watchdog")


def _send(line: str) -> None:
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


def register_process(pid: int) -> None:
    """The process (a CPU worker) is killed when this program ends, even if it is stopped
    (SIGSTOP: it cannot watch for its parent then), unless unregistered first."""
    _send(f"p{pid}")


def unregister_process(pid: int) -> None:
    """The process was ended: forget it."""
    _send(f"q{pid}")
