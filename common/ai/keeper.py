"""A bot's keeper: a small process between the program and the bot, so that nothing the bot
starts outlives it, not even a grandchild that left the bot's process group (``setsid``).

A process group is not enough for that, so the keeper makes itself a *child subreaper*
(Linux ``prctl(PR_SET_CHILD_SUBREAPER)``): whatever the bot starts stays below the keeper in
the process tree, orphans included. The keeper runs the bot (its stdin and stdout are the
bot's, the keeper keeps no copy), and ends every process below it when
- the bot exits (the keeper then exits as the bot did: its status, or its signal),
- the keeper is asked to (SIGTERM: `common.ai.bot` closing the seat; the watchdog of
  `common.ai.reaper` when the program ended), or
- the program that started it is gone (its parent changed: even after a SIGKILL).
"Every process below" is found in /proc by parent links and killed with SIGKILL (a stopped
one too), round after round until none is left (one forking meanwhile is caught next round).

Where there is no subreaper (not Linux) the keeper simply becomes the bot (exec), as before:
the bot's process group is then what ends with it.
"""

from __future__ import annotations

SOURCE = r"""
import ctypes, os, signal, sys, time
argv, parent = sys.argv[2:], int(sys.argv[1])

def below():
    kids = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/" + name + "/stat", "rb") as f:
                data = f.read()
            ppid = int(data[data.rindex(b")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        kids.setdefault(ppid, []).append(int(name))
    found, todo = [], [os.getpid()]
    while todo:
        for pid in kids.get(todo.pop(), ()):
            found.append(pid)
            todo.append(pid)
    return found

def reap():
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return

def end_all():
    for _ in range(200):
        pids = below()
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.005)
        reap()

def ended(*_):
    end_all()
    os._exit(143)

try:
    if ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) != 0:  # PR_SET_CHILD_SUBREAPER
        raise OSError
except (OSError, AttributeError):
    os.execvp(argv[0], argv)
signal.signal(signal.SIGTERM, ended)
signal.signal(signal.SIGINT, signal.SIG_IGN)
bot = os.fork()
if bot == 0:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        os.execvp(argv[0], argv)
    finally:
        os._exit(127)
null = os.open(os.devnull, os.O_RDWR)
os.dup2(null, 0)
os.dup2(null, 1)
status = None
while status is None:
    if os.getppid() != parent:
        ended()
    try:
        pid, code = os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        break
    if pid == bot:
        status = code
    elif pid == 0:
        time.sleep(0.05)
signal.signal(signal.SIGTERM, signal.SIG_IGN)
end_all()
code = os.waitstatus_to_exitcode(status) if status is not None else 1
if code < 0:
    signal.signal(-code, signal.SIG_DFL)
    os.kill(os.getpid(), -code)
os._exit(code)
"""


def command(argv: list[str], parent: int) -> list[str]:
    """The command line that runs `argv` under a keeper for the program `parent`."""
    from common import launch

    return launch.script_command("keeper", str(parent), *argv)


__all__ = ["SOURCE", "command"]
