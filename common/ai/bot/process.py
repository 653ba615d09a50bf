"""An outside bot's program as a process: started on its first message (in a session of
its own, under `common.ai.keeper`), sent one JSON message a line and read back one answer
line, bounded, and stopped with everything it started. No pygame.

What is read is bounded: the program's output is read in chunks by a thread that keeps at most
one line of `MAX_LINE` bytes, and a longer line forfeits at once (a flood never fills memory,
and never delays the forfeit). What is written never blocks the asker: a program that does not
read its input cannot freeze the game. Each program runs in its own session (process group):
closing it ends the programs it started too, and `common.ai.reaper` ends the group should this
program be killed. A failure of any kind (a crash, no answer in time, a line too long, a
second line for one message) is a `Forfeit` saying which.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import signal
import subprocess
import threading
import time
from collections import deque
from typing import Any

from common import command_line, processes
from common.ai import keeper, reaper
from common.protocol import Forfeit

DEFAULT_TIMEOUT = 10.0
MAX_TIMEOUT = 3600.0  # seconds: a longer timeout is a mistake (and `inf` would hang)
PREFIX = "cmd:"
MAX_LINE = 1024 * 1024  # bytes of one answer line (a turn needs ~30, a setup ~50)
QUOTED = 80  # characters of an answer a message quotes
EXIT_GRACE = 0.3  # seconds an answer may still come after the program exited
MAX_UNREAD = 16  # lines printed unasked: more is a flood (one already forfeits when seen)
_CHUNK = 64 * 1024


def check_timeout(seconds: float) -> str | None:
    """Why a bot timeout cannot be used (not a number, not positive, over MAX_TIMEOUT), or
    None."""
    if not isinstance(seconds, int | float) or isinstance(seconds, bool):
        return "the bot timeout is a number of seconds"
    if not 0 < seconds <= MAX_TIMEOUT:  # NaN fails both comparisons
        return f"the bot timeout must be more than 0 and at most {MAX_TIMEOUT:g} seconds"
    return None


def quote(text: str, limit: int = QUOTED) -> str:
    """Text a program printed, as a message quotes it: repr (control characters escaped),
    cut to about `limit` characters."""
    shown = repr(text[: limit + 1])
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


class _Output:
    """A program's stdout, read by a thread into whole lines (each at most MAX_LINE bytes):
    `get` the next line, `drain` the lines that came unasked."""

    def __init__(self, stdout: Any) -> None:
        self._stdout = stdout
        self._lines: deque[str] = deque()
        self._changed = threading.Condition()
        self.overflow: str | None = None  # what was too much: a line too long, a flood
        self.closed = False
        threading.Thread(target=self._read, name="bot-output", daemon=True).start()

    def _read(self) -> None:
        pending = bytearray()
        fd = self._stdout.fileno()
        try:
            while True:
                try:
                    chunk = os.read(fd, _CHUNK)
                except OSError:
                    break
                if not chunk:
                    break
                pending += chunk
                while (end := pending.find(b"\n")) >= 0:
                    if end > MAX_LINE:
                        break
                    line = pending[:end].decode("utf-8", "replace")
                    del pending[: end + 1]
                    with self._changed:
                        self._lines.append(line)
                        self._changed.notify_all()
                        flood = len(self._lines) > MAX_UNREAD
                    if flood:
                        self._overflow(f"over {MAX_UNREAD} lines nobody asked for, as "
                                       f"{quote(line, 40)}")
                        return  # stop reading: the program is stopped, its output unread
                if pending.find(b"\n", 0, MAX_LINE + 1) < 0 and len(pending) > MAX_LINE:
                    start = pending[:40].decode("utf-8", "replace")
                    self._overflow(f"a line of over {MAX_LINE // (1024 * 1024)} MB, starting "
                                   f"{quote(start, 40)}")
                    return
        finally:
            # The reader closes the pipe, not `Program.close`: a descriptor closed under a reader
            # still in os.read is reused by the next program's pipe, whose answer the old
            # thread would then steal (an empty or half line for the new program's message).
            with contextlib.suppress(OSError):
                self._stdout.close()
            with self._changed:
                self.closed = True
                self._changed.notify_all()

    def _overflow(self, what: str) -> None:
        with self._changed:
            self.overflow = what
            self._changed.notify_all()

    def get(self, timeout: float) -> str | None:
        """The next line, or None if none came within timeout (see `overflow`, `closed`)."""
        with self._changed:
            self._changed.wait_for(lambda: self._lines or self.overflow is not None
                                   or self.closed, timeout)
            return self._lines.popleft() if self._lines else None

    def drain(self) -> list[str]:
        """The lines already read and not yet taken."""
        with self._changed:
            lines = list(self._lines)
            self._lines.clear()
            return lines



class Program:
    """One outside program: started on its first message, one answer line per message
    (`exchange` blocks until it comes, or raises Forfeit), stopped by `close` / `stop`."""

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        try:
            self.argv = command_line.split(command)
        except ValueError as err:
            raise ValueError(f"bot command {command!r}: {err}") from None
        if not self.argv:
            raise ValueError("a cmd: seat needs a program to run")
        problem = check_timeout(timeout)
        if problem:
            raise ValueError(problem)
        self.command = command
        self.timeout = timeout
        self._proc: subprocess.Popen[bytes] | None = None
        self._out: _Output | None = None
        self._lock = threading.Lock()  # _start and close may run on different threads
        self._stopped = False
        self._writer: threading.Thread | None = None  # the last message being written

    @property
    def name(self) -> str:
        """The command line as messages quote it (cut)."""
        return quote(self.command, 120)

    def _start(self) -> tuple[subprocess.Popen[bytes], _Output]:
        with self._lock:
            if self._stopped:
                raise Forfeit(f"{self.name} was stopped")
            if self._proc is not None and self._out is not None:
                return self._proc, self._out
            try:
                self._proc = subprocess.Popen(
                    keeper.command(_program(self.argv), processes.Parent.here()),
                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, **processes.popen_options())
            except (OSError, ValueError) as err:  # ValueError: a NUL in the command
                why = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
                raise Forfeit(f"could not start {self.name}: {quote(why, 160)}") from None
            reaper.register(self._proc.pid)
            self._out = _Output(self._proc.stdout)
            return self._proc, self._out

    def exchange(self, message: dict) -> str:
        """Send one message and read its one answer line; Forfeit if there is none."""
        proc, out = self._start()
        extra = out.drain()
        if extra:
            self.close(0.0)
            raise Forfeit(f"{self.name} printed a second line for one message: "
                          f"{quote(extra[0])} (every message gets exactly one answer line)")
        data = (json.dumps(message) + "\n").encode("utf-8")
        writer = threading.Thread(target=_write, args=(proc, data), name="bot-input",
                                  daemon=True)
        self._writer = writer
        writer.start()
        deadline = time.monotonic() + self.timeout
        exited: float | None = None
        while True:
            now = time.monotonic()
            if now >= deadline:
                self.close(0.0)
                raise Forfeit(f"{self.name} gave no answer within {self.timeout:g} s")
            line = out.get(min(deadline - now, 0.05))
            if line is not None:
                return line
            if out.overflow is not None:
                self.close(0.0)
                raise Forfeit(f"{self.name} answered {out.overflow}")
            if out.closed:
                raise Forfeit(self._crashed(proc))
            if proc.poll() is not None:  # it quit, maybe leaving a child holding its output
                exited = exited or now
                if now - exited > EXIT_GRACE:
                    raise Forfeit(self._crashed(proc))

    def _crashed(self, proc: subprocess.Popen[bytes]) -> str:
        try:
            code = proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            code = None
        if code is not None and code < 0:
            with contextlib.suppress(ValueError):
                status = f" (killed by {signal.Signals(-code).name})"
                return f"{self.name} stopped{status} without answering"
        status = "" if code is None else f" (exit status {code})"
        return f"{self.name} stopped{status} without answering"

    def close(self, grace: float = 0.5) -> None:
        """Stop the program (end of game, or after it failed): its stdin closes, and it is
        killed if it has not quit after `grace` seconds, with every program it started. The
        next `ask` starts it again."""
        with self._lock:
            proc, self._proc, self._out = self._proc, None, None
            writer, self._writer = self._writer, None
        if proc is None:
            return
        if writer is not None and writer.is_alive():
            # a message still being written (the program reads nothing): closing its input
            # would wait for the writer, so the program is ended first, which frees it
            _kill_group(proc)
            writer.join(timeout=2.0)
        with contextlib.suppress(OSError, ValueError):
            if proc.stdin is not None:
                proc.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=grace)
        _kill_group(proc)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=2.0)
        # its stdout is closed by the reader thread once the pipe ends (`_Output._read`)
        reaper.unregister(proc.pid)

    def stop(self, grace: float = 0.5) -> None:
        """Close the program for good: an `ask` still under way (or to come) forfeits."""
        with self._lock:
            self._stopped = True
        self.close(grace)


def _write(proc: subprocess.Popen[bytes], data: bytes) -> None:
    """Write a message (off the asking thread: a program that reads nothing blocks only
    this thread, until it is closed)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        assert proc.stdin is not None
        proc.stdin.write(data)
        proc.stdin.flush()


def _program(argv: list[str]) -> list[str]:
    """The command line with its program found on PATH (OSError as starting it would give:
    the keeper runs it, so a missing program is told here, before it starts)."""
    if "\0" in argv[0]:
        raise ValueError("embedded null byte")
    found = shutil.which(argv[0])
    if found is None:
        exists = os.sep in argv[0] and os.path.exists(argv[0])
        code = errno.EACCES if exists else errno.ENOENT
        raise OSError(code, os.strerror(code), argv[0])
    return [found, *argv[1:]]


def _kill_group(proc: subprocess.Popen[bytes], on: str | None = None) -> None:
    """End a bot: its keeper first (SIGTERM: it ends everything the bot started, even what
    left the group, `common.ai.keeper`), then the group (whatever is left of it). Windows has
    neither: the keeper's whole tree is killed (psutil)."""
    if (on or processes.system()) == processes.WINDOWS:
        if proc.poll() is None:  # never a number reaped (and maybe reused)
            processes.kill_tree(proc.pid)
    elif hasattr(os, "killpg"):
        if proc.poll() is None:  # never a signal to a number reaped (and maybe reused)
            with contextlib.suppress(OSError):
                os.kill(proc.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=2.0)
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)


def json_quote(value: Any) -> str:
    """A JSON value as a message quotes it, cut to about QUOTED characters."""
    try:
        text = json.dumps(value)
    except (ValueError, TypeError, RecursionError):
        text = "that"
    return text if len(text) <= QUOTED else text[: QUOTED - 3] + "..."


