"""A bot's keeper: a small process between the program and the bot, so that nothing the bot
starts outlives it, not even a grandchild that left the bot's process group (``setsid``).

Linux: a process group is not enough for that, so the keeper makes itself a *child
subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``): whatever the bot starts stays below the
keeper in the process tree, orphans included. The keeper runs the bot (its stdin and stdout
are the bot's, the keeper keeps no copy), and ends every process below it when
- the bot exits (the keeper then exits as the bot did: its status, or its signal),
- the keeper is asked to (SIGTERM: `common.ai.bot` closing the seat; the watchdog of
  `common.ai.reaper` when the program ended), or
- the program that started it is gone (its parent changed: even after a SIGKILL).
"Every process below" is found in /proc by parent links and killed with SIGKILL (a stopped
one too), round after round until none is left (one forking meanwhile is caught next round).

Other POSIX systems (macOS), where there is no subreaper (or the call fails in any way): the
keeper simply becomes the bot (exec); the bot's process group is then what ends with it.

Windows has no exec (``os.execv`` there starts a new process and returns, so the bot would
look dead) and no signals to catch: the keeper starts the bot as its child on the same
stdin/stdout, with no console window, waits for it and exits as it did; it ends the bot's
tree (psutil) when the program that started it is gone, which Windows tells by the parent's
pid and start time, not by re-parenting. The program ends a keeper by killing its whole tree
(`common.processes.kill_tree`), and the app's Job Object kills them all when the app ends
(`common.processes.die_with_app`).
"""

from __future__ import annotations

from common import processes
from common.processes import Parent

SOURCE = processes.KILL_TREE_SCRIPT + r"""
import os, signal, sys, time
parent, started, argv = int(sys.argv[1]), sys.argv[2], sys.argv[3:]

def parent_gone():
    if os.name != "nt":
        return os.getppid() != parent
    try:
        import psutil
        return started != "-" and psutil.Process(parent).create_time() != float(started)
    except ImportError:
        return False
    except Exception:
        return True

if os.name == "nt":
    import subprocess
    try:
        bot = subprocess.Popen(argv, stdin=0, stdout=1, creationflags=0x08000000)
    except OSError:
        os._exit(127)
    while bot.poll() is None:
        if parent_gone():
            if not kill_tree(bot.pid):  # no psutil: the bot at least
                bot.kill()
            os._exit(1)
        try:
            bot.wait(0.05)
        except subprocess.TimeoutExpired:
            pass
    os._exit(bot.returncode if 0 <= bot.returncode < 2 ** 31 else 1)

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
    import ctypes
    subreaper = sys.platform.startswith("linux") and \
        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
except Exception:  # no such call, no C library to ask: no subreaper
    subreaper = False
if not subreaper:
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
    if parent_gone():
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


def command(argv: list[str], parent: Parent) -> list[str]:
    """The command line that runs `argv` under a keeper for the program `parent`."""
    from common import launch

    started = "-" if parent.started is None else repr(parent.started)
    return launch.script_command("keeper", str(parent.pid), started, *argv)


__all__ = ["SOURCE", "command"]
