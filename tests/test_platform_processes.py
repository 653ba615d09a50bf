"""Issue 34, item 1: the programs this one starts, on every system. The choices are made by
functions told the system (so the Windows and macOS branches run here), the system calls they
make are real on Linux (psutil) or faked (kernel32); the keeper's and the watchdog's Windows
branches run for real, with only what Linux lacks stood in for (`os.name`, `os.killpg`, the
Windows-only `creationflags`)."""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from common import launch, processes
from common.ai import keeper, reaper
from common.ai.bot import process as bot_process
from common.processes import Parent

ROOT = Path(__file__).resolve().parents[1]
DEADLINE = 60.0  # seconds: generous, the suite runs at load 10


def _gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def _wait_gone(pids: list[int]) -> bool:
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        if all(_gone(pid) for pid in pids):
            return True
        time.sleep(0.02)
    return False


def _tree() -> tuple[subprocess.Popen[bytes], list[int]]:
    """A process with a child and a grandchild, and their pids (once all three run)."""
    proc = subprocess.Popen(["sh", "-c", "sh -c 'sleep 300 & wait' & wait"],
                            start_new_session=True)
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        below = psutil.Process(proc.pid).children(recursive=True)
        if len(below) >= 2:
            return proc, [proc.pid, *(p.pid for p in below)]
        time.sleep(0.02)
    raise AssertionError("the tree never started")


def test_the_system_is_named_from_sys_platform():
    assert processes.system("win32") == processes.WINDOWS
    assert processes.system("cygwin") == processes.WINDOWS
    assert processes.system("darwin") == processes.MACOS
    assert processes.system("linux") == processes.LINUX
    assert processes.system("freebsd14") == processes.LINUX  # POSIX: the Linux branch
    assert processes.system() == processes.system(sys.platform)


def test_a_program_starts_in_its_own_group_and_never_with_a_console_window():
    windows = processes.popen_options(processes.WINDOWS)
    assert windows == {"creationflags": 0x00000200 | 0x08000000}
    if sys.platform == "win32":  # the constants are the library's own where it has them
        assert windows["creationflags"] == (subprocess.CREATE_NEW_PROCESS_GROUP
                                            | subprocess.CREATE_NO_WINDOW)
    for other in (processes.MACOS, processes.LINUX):
        assert processes.popen_options(other) == {"start_new_session": True}
        assert processes.no_window(other) == {}
    assert processes.no_window(processes.WINDOWS) == {"creationflags": 0x08000000}


def test_kill_tree_ends_a_process_and_everything_below_it():
    proc, pids = _tree()
    try:
        assert processes.kill_tree(proc.pid) == len(pids)
        proc.wait(timeout=DEADLINE)
        assert _wait_gone(pids)
        assert processes.kill_tree(proc.pid) == 0  # gone: nothing to kill, no error
    finally:
        if proc.poll() is None:
            proc.kill()


def test_a_bot_on_windows_is_ended_by_its_tree_not_by_a_group():
    """`_kill_group` told it is on Windows kills the keeper's tree (psutil), which runs here."""
    proc, pids = _tree()
    try:
        bot_process._kill_group(proc, on=processes.WINDOWS)
        proc.wait(timeout=DEADLINE)
        assert _wait_gone(pids)
    finally:
        if proc.poll() is None:
            proc.kill()


def test_a_parent_is_gone_by_re_parenting_on_posix_and_by_its_start_time_on_windows():
    me = Parent.here()
    assert me.pid == os.getpid() and me.started == psutil.Process().create_time()
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
    try:
        theirs = Parent(child.pid, psutil.Process(child.pid).create_time())
        assert not theirs.gone(processes.WINDOWS)
        # the same pid, started at another time: a reused number, not the parent
        assert Parent(child.pid, theirs.started - 5).gone(processes.WINDOWS)
        # POSIX asks getppid, not the pid: this process's parent is not the child
        assert theirs.gone(processes.LINUX) and theirs.gone(processes.MACOS)
        assert not Parent(os.getppid(), None).gone(processes.LINUX)
        child.kill()
        child.wait(timeout=DEADLINE)
        assert theirs.gone(processes.WINDOWS)
        assert Parent(child.pid, None).gone(processes.WINDOWS)
    finally:
        if child.poll() is None:
            child.kill()


class FakeKernel32:
    """kernel32's job calls, recorded; `fail` names the one that fails."""

    class Call:
        def __init__(self, owner: FakeKernel32, name: str, result: object) -> None:
            self.owner, self.name, self.result = owner, name, result
            self.argtypes: list | None = None
            self.restype: object = None

        def __call__(self, *args: object) -> object:
            self.owner.calls.append((self.name, args))
            return 0 if self.owner.fail == self.name else self.result

    def __init__(self, fail: str | None = None) -> None:
        self.fail, self.calls = fail, []
        self.limits: processes.JobLimits | None = None
        for name, result in (("CreateJobObjectW", 77), ("AssignProcessToJobObject", 1),
                             ("GetCurrentProcess", -1), ("CloseHandle", 1)):
            setattr(self, name, self.Call(self, name, result))
        self.SetInformationJobObject = self.Call(self, "SetInformationJobObject", 1)

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]


@pytest.fixture
def no_job(monkeypatch):
    monkeypatch.setattr(processes, "_job", None)


def test_on_windows_the_app_is_put_in_a_job_that_kills_all_with_it(no_job):
    kernel32 = FakeKernel32()
    assert processes.die_with_app(processes.WINDOWS, kernel32)
    assert kernel32.names() == ["CreateJobObjectW", "SetInformationJobObject",
                                "GetCurrentProcess", "AssignProcessToJobObject"]
    _, (job, info_class, pointer, size) = kernel32.calls[1]
    assert job == 77 and info_class == 9  # JobObjectExtendedLimitInformation
    limits = ctypes.cast(pointer, ctypes.POINTER(processes.JobLimits)).contents
    assert limits.BasicLimitInformation.LimitFlags == 0x2000  # KILL_ON_JOB_CLOSE
    assert size == ctypes.sizeof(processes.JobLimits)
    if ctypes.sizeof(ctypes.c_void_p) == 8:  # the structure's size in the Windows headers
        assert size == 144
    # a handle is 64 bits wide: the results and arguments are declared, not left to int
    assert kernel32.CreateJobObjectW.restype is ctypes.c_void_p
    assert kernel32.GetCurrentProcess.restype is ctypes.c_void_p
    assert processes.die_with_app(processes.WINDOWS, FakeKernel32())  # once: kept
    assert processes._job == 77


@pytest.mark.parametrize("failing", ["SetInformationJobObject", "AssignProcessToJobObject"])
def test_a_job_windows_refuses_is_closed_and_the_app_runs_on(no_job, failing):
    kernel32 = FakeKernel32(fail=failing)
    assert not processes.die_with_app(processes.WINDOWS, kernel32)
    assert kernel32.names()[-1] == "CloseHandle" and processes._job is None
    assert not processes.die_with_app(processes.WINDOWS, FakeKernel32(fail="CreateJobObjectW"))


def test_linux_and_macos_need_no_job(no_job):
    for other in (processes.LINUX, processes.MACOS):
        kernel32 = FakeKernel32()
        assert not processes.die_with_app(other, kernel32)
        assert kernel32.calls == []


# the keeper's branches ------------------------------------------------------------------------

AS_WINDOWS = """
import os, subprocess
import psutil  # (reads os.name as it loads: the real one)
os.name = "nt"
class Popen(subprocess.Popen):  # creationflags are Windows' only: checked, then left out
    def __init__(self, *args, creationflags=0, **kwargs):
        assert creationflags == 0x08000000, creationflags
        super().__init__(*args, **kwargs)
subprocess.Popen = Popen
"""
NO_PRCTL = """
import ctypes
def CDLL(*args, **kwargs):
    raise TypeError("the Windows ctypes.CDLL(None)")
ctypes.CDLL = CDLL
"""
BOT = ("import json, os, subprocess, sys, time\n"
       "kid = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)'])\n"
       "line = sys.stdin.readline()\n"
       "print(json.dumps([os.getpid(), kid.pid, line.strip()]), flush=True)\n"
       "if line.strip() == 'wait':\n"
       "    time.sleep(300)\n"
       "kid.kill(); kid.wait(); sys.exit(3)\n")


def _keeper(preamble: str, parent: Parent) -> subprocess.Popen[str]:
    source = preamble + launch._source("keeper")
    argv = [sys.executable, "-c", BOT]
    return subprocess.Popen([sys.executable, "-c", source, *keeper.command(argv, parent)[3:]],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            start_new_session=True)


def test_the_windows_keeper_runs_the_bot_as_its_child_and_exits_as_it_did():
    proc = _keeper(AS_WINDOWS, Parent.here())
    try:
        out, _ = proc.communicate("hello\n", timeout=DEADLINE)
        bot, _kid, said = json.loads(out)
        assert said == "hello" and bot != proc.pid  # a child: Windows has no exec
        assert proc.returncode == 3
    finally:
        if proc.poll() is None:
            proc.kill()


def test_the_windows_keeper_ends_the_bots_tree_when_its_parent_is_gone():
    """Windows does not re-parent: the keeper sees its parent gone by its pid and start time."""
    parent = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
    proc = _keeper(AS_WINDOWS, Parent(parent.pid, psutil.Process(parent.pid).create_time()))
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("wait\n")
        proc.stdin.flush()
        bot, kid, _ = json.loads(proc.stdout.readline())
        assert not _gone(bot) and not _gone(kid)
        parent.kill()
        parent.wait(timeout=DEADLINE)
        assert proc.wait(timeout=DEADLINE) == 1
        assert _wait_gone([bot, kid])
    finally:
        for p in (parent, proc):
            if p.poll() is None:
                p.kill()


def test_a_keeper_without_a_subreaper_becomes_the_bot_even_when_ctypes_raises_typeerror():
    """What crashed every bot on Windows (`ctypes.CDLL(None)` raises TypeError there) is now
    "no subreaper": on POSIX the keeper then becomes the bot (exec), as on macOS."""
    proc = _keeper(NO_PRCTL, Parent.here())
    try:
        out, _ = proc.communicate("hello\n", timeout=DEADLINE)
        bot, _kid, said = json.loads(out)
        assert said == "hello" and bot == proc.pid and proc.returncode == 3
    finally:
        if proc.poll() is None:
            proc.kill()


def test_the_watchdog_without_process_groups_kills_each_registered_tree():
    """The watchdog as Windows runs it (no os.killpg): each registered process is killed with
    all below it, an unregistered one is left alone."""
    registered, pids = _tree()
    left, _ = _tree()
    code = "import os; del os.killpg\n" + launch._source("watchdog")
    watchdog = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                start_new_session=True)
    try:
        assert watchdog.stdin is not None
        watchdog.stdin.write(f"+{registered.pid}\n+{left.pid}\n-{left.pid}\n".encode())
        watchdog.stdin.close()  # the app is gone
        assert watchdog.wait(timeout=DEADLINE) == 0
        registered.wait(timeout=DEADLINE)
        assert _wait_gone(pids)
        assert left.poll() is None
    finally:
        for p in (registered, left, watchdog):
            if p.poll() is None:
                processes.kill_tree(p.pid)


def test_reaper_and_keepers_start_without_a_console_window_on_windows(monkeypatch):
    """The options every start of a helper uses come from `popen_options`/`no_window`."""
    seen = []

    class Popen:
        def __init__(self, argv, **kwargs):
            seen.append(kwargs)
            self.pid, self.stdin = 99999999, None

        def poll(self):
            return None

    monkeypatch.setattr(processes, "system", lambda platform=None: processes.WINDOWS)
    monkeypatch.setattr(reaper.subprocess, "Popen", Popen)
    monkeypatch.setattr(reaper, "_proc", None)
    reaper._watchdog()
    assert seen[-1]["creationflags"] == 0x00000200 | 0x08000000
    assert "start_new_session" not in seen[-1]
    monkeypatch.setattr(reaper, "_proc", None)
