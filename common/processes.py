"""The programs this program starts, on every system: how they are started, how a whole tree
of them is ended, how one notices its parent is gone, and how they all die with the app.

- `system()`: "windows", "macos" or "linux" (any other POSIX system is "linux" here: what
  differs is Windows' and macOS's). Every choice below takes the system as an argument, so the
  tests point it at another system; only `system()` reads the real one.
- `popen_options(system)`: what `subprocess.Popen` is given for a program that must be ended
  with all it starts: a session of its own on POSIX (its process group is then what
  ``killpg`` ends); on Windows a new process group and no console window
  (``CREATE_NO_WINDOW``: a console bot started from the windowed launcher would otherwise
  open a black window of its own).
- `kill_tree(pid)`: the process and every process below it, found by psutil (the children
  first, so none is left to be adopted), killed; what cannot be found or killed is skipped.
- `Parent`: the parent as a child is told it (its pid and start time), and `Parent.gone()`:
  on POSIX a child whose parent died is re-parented (its ``getppid`` changes); Windows never
  re-parents, so there the parent is gone when no process of that pid started at that time
  (a pid may be reused by the time the check runs).
- `die_with_app(system)`: on Windows this process is put in a Job Object that kills every
  process in it when its last handle closes, that is when the app ends however it ends (even
  killed from the Task Manager); every program it starts is in the job too. On Linux and
  macOS the watchdog (`common.ai.reaper`) and the keepers (`common.ai.keeper`) do that.

psutil (a dependency) is imported only when used.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
from dataclasses import dataclass
from typing import Any

WINDOWS, MACOS, LINUX = "windows", "macos", "linux"
CREATE_NEW_PROCESS_GROUP = 0x00000200  # subprocess.CREATE_NEW_PROCESS_GROUP, on Windows only
CREATE_NO_WINDOW = 0x08000000  # subprocess.CREATE_NO_WINDOW, on Windows only
KILL_WAIT = 2.0  # seconds `kill_tree` waits for the processes it killed to be gone


def system(platform: str | None = None) -> str:
    """The system this runs on (or the one `platform`, a `sys.platform` value, names)."""
    platform = sys.platform if platform is None else platform
    if platform.startswith(("win32", "cygwin", "msys")):
        return WINDOWS
    if platform == "darwin":
        return MACOS
    return LINUX


def popen_options(on: str | None = None) -> dict[str, Any]:
    """`subprocess.Popen` keywords for a program ended with all it starts (module docstring)."""
    if (on or system()) == WINDOWS:
        return {"creationflags": CREATE_NEW_PROCESS_GROUP | CREATE_NO_WINDOW}
    return {"start_new_session": True}


# `kill_tree` for the helper scripts (`common.ai.keeper`, `common.ai.reaper`), which run on
# their own (`python -c`) and import nothing of this program: their source starts with this.
# True if psutil could look for the tree (the process may have been gone already).
KILL_TREE_SCRIPT = """
def kill_tree(pid):
    try:
        import psutil
        root = psutil.Process(pid)
        found = [*root.children(recursive=True), root]
    except ImportError:
        return False
    except Exception:
        return True
    for proc in found:
        try:
            proc.kill()
        except psutil.Error:
            pass
    return True
"""


def no_window(on: str | None = None) -> dict[str, Any]:
    """`subprocess.Popen` keywords for a helper that must not open a console window (Windows:
    the windowed launcher has no console, so a console program would get one of its own)."""
    return {"creationflags": CREATE_NO_WINDOW} if (on or system()) == WINDOWS else {}


def kill_tree(pid: int, wait: float = KILL_WAIT) -> int:
    """Kill the process `pid` and every process below it; how many were killed."""
    import psutil

    try:
        root = psutil.Process(pid)
        found = [*root.children(recursive=True), root]
    except psutil.Error:
        return 0
    killed = []
    for proc in found:  # the deepest last found is a child: children before their parents
        with contextlib.suppress(psutil.Error):
            proc.kill()
            killed.append(proc)
    psutil.wait_procs(killed, timeout=wait)
    return len(killed)


@dataclass(frozen=True)
class Parent:
    """A process as its children know it: its pid and start time (`here()`), picklable."""

    pid: int
    started: float | None  # psutil's create_time, None where it could not be read

    @classmethod
    def here(cls) -> Parent:
        """This process, to give to a child."""
        return cls(os.getpid(), _started(os.getpid()))

    def gone(self, on: str | None = None) -> bool:
        """True once this parent has ended (see the module docstring)."""
        if (on or system()) != WINDOWS and hasattr(os, "getppid"):
            return os.getppid() != self.pid
        started = _started(self.pid)
        return started is None or (self.started is not None and started != self.started)


def _started(pid: int) -> float | None:
    try:
        import psutil

        return float(psutil.Process(pid).create_time())
    except Exception:  # noqa: BLE001 - no such process, no psutil, no access: unknown
        return None


# Windows Job Object -------------------------------------------------------------------------

JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE = 0x2000
JOB_OBJECT_EXTENDED_LIMIT_INFORMATION_CLASS = 9  # JobObjectExtendedLimitInformation


class _BasicLimits(ctypes.Structure):  # JOBOBJECT_BASIC_LIMIT_INFORMATION
    _fields_ = [("PerProcessUserTimeLimit", ctypes.c_int64),
                ("PerJobUserTimeLimit", ctypes.c_int64),
                ("LimitFlags", ctypes.c_uint32),
                ("MinimumWorkingSetSize", ctypes.c_size_t),
                ("MaximumWorkingSetSize", ctypes.c_size_t),
                ("ActiveProcessLimit", ctypes.c_uint32),
                ("Affinity", ctypes.c_size_t),
                ("PriorityClass", ctypes.c_uint32),
                ("SchedulingClass", ctypes.c_uint32)]


class _IoCounters(ctypes.Structure):  # IO_COUNTERS
    _fields_ = [(name, ctypes.c_uint64) for name in (
        "ReadOperationCount", "WriteOperationCount", "OtherOperationCount",
        "ReadTransferCount", "WriteTransferCount", "OtherTransferCount")]


class JobLimits(ctypes.Structure):  # JOBOBJECT_EXTENDED_LIMIT_INFORMATION
    _fields_ = [("BasicLimitInformation", _BasicLimits),
                ("IoInfo", _IoCounters),
                ("ProcessMemoryLimit", ctypes.c_size_t),
                ("JobMemoryLimit", ctypes.c_size_t),
                ("PeakProcessMemoryUsed", ctypes.c_size_t),
                ("PeakJobMemoryUsed", ctypes.c_size_t)]


_job: Any = None  # the job's handle, kept open for as long as this process lives


def die_with_app(on: str | None = None, kernel32: Any = None) -> bool:
    """Windows: put this process (and so every process it starts) in a Job Object that kills
    them all when this process ends; True if done. Elsewhere nothing to do (False). `kernel32`
    is the Windows library (the tests give a fake)."""
    global _job
    if (on or system()) != WINDOWS:
        return False
    if _job is not None:
        return True
    try:
        if kernel32 is None:
            kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]
        _declare(kernel32)
        job = kernel32.CreateJobObjectW(None, None)
        if not job:
            return False
        limits = JobLimits()
        limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
        if not kernel32.SetInformationJobObject(job, JOB_OBJECT_EXTENDED_LIMIT_INFORMATION_CLASS,
                                                ctypes.byref(limits), ctypes.sizeof(limits)):
            kernel32.CloseHandle(job)
            return False
        if not kernel32.AssignProcessToJobObject(job, kernel32.GetCurrentProcess()):
            kernel32.CloseHandle(job)  # already in a job that allows no other (before Windows 8)
            return False
    except (OSError, AttributeError):
        return False
    _job = job  # never closed: the system closes it when this process ends, killing the rest
    return True


def _declare(kernel32: Any) -> None:
    """The argument and result types of the calls made (a HANDLE is 64 bits wide: the default
    `int` result would cut it)."""
    handle, dword = ctypes.c_void_p, ctypes.c_uint32
    kernel32.CreateJobObjectW.restype = handle
    kernel32.CreateJobObjectW.argtypes = [ctypes.c_void_p, ctypes.c_wchar_p]
    kernel32.SetInformationJobObject.argtypes = [handle, ctypes.c_int, ctypes.c_void_p, dword]
    kernel32.AssignProcessToJobObject.argtypes = [handle, handle]
    kernel32.GetCurrentProcess.restype = handle
    kernel32.CloseHandle.argtypes = [handle]


__all__ = ["CREATE_NEW_PROCESS_GROUP", "CREATE_NO_WINDOW", "JobLimits", "Parent", "die_with_app",
           "kill_tree", "no_window", "popen_options", "system"]
