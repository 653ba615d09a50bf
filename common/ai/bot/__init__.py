"""Bots from outside: a seat played by another program, over one JSON object per line.

Every message the program is sent gets exactly one answer line:

- its turn: ``{"type": "turn", "record": <the game record so far>, "seat": <"white"/"black" or
  a seat number>}``, answered ``{"move": "2D f1-c4"}`` (Overlords) or ``{"turn": ["c3-e5",
  "h7-h8"]}`` (Prepollency);
- its setup, before the first move, in a game whose record has a ``"setup"`` key (Overlords):
  ``{"type": "setup", "record": <the record with the features, and the setups of the seats
  before this one: White's when Black sets up>, "seat": "black"}``, answered ``{"setup": {"O":
  "e8", "D": "f8", "W": "d8", "H": "c8"}}``, or ``{"setup": null}`` to leave the choice to the
  program (the `normal` level's setup). The record of a setup message is not a whole record:
  the seats still to set up are missing from its "setup".

A malformed or illegal answer, a crash, a line longer than `MAX_LINE` bytes, a second line for
one message, or no answer within the timeout forfeits the seat: `ask` / `ask_setup` raise
`Forfeit` with a message that says which and why (quoting at most `QUOTED` characters of what
the program printed), and the caller applies ``game.resign(state, player, "forfeit")`` through
``record.withdraw`` (in a 4-player game that goes on, the records the other bots then receive
list the seat under "withdrawn"). The program is started on its first message and kept for the
whole game; what it prints on stderr passes through.

What is read is bounded: the program's output is read in chunks by a thread that keeps at most
one line of `MAX_LINE` bytes, and a longer line forfeits at once (a flood never fills memory,
and never delays the forfeit). What is written never blocks the asker: a program that does not
read its input cannot freeze the game. Each program runs in its own session (process group):
closing it ends the programs it started too, and `common.ai.reaper` ends the group should this
program be killed. `BotSeat` does the same off the UI thread.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import queue
import shlex
import shutil
import signal
import subprocess
import threading
import time
from collections import deque
from typing import Any

from common import record as rec
from common.ai import keeper, reaper
from common.protocol import Forfeit, Game, IllegalMoveError

DEFAULT_TIMEOUT = 10.0
MAX_TIMEOUT = 3600.0  # seconds: a longer timeout is a mistake (and `inf` would hang)
PREFIX = "cmd:"
MAX_LINE = 1024 * 1024  # bytes of one answer line (a turn needs ~30, a setup ~50)
QUOTED = 80  # characters of an answer a message quotes
SETUP_KEY = "setup"  # the record key of the seats' setups (RULES.md, "Game records")
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
            # The reader closes the pipe, not `Bot.close`: a descriptor closed under a reader
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


class Bot:
    """One outside program playing one seat; `ask` blocks until it answers or forfeits."""

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        try:
            self.argv = shlex.split(command)
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
                    keeper.command(_program(self.argv), os.getpid()), stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE, start_new_session=True)
            except (OSError, ValueError) as err:  # ValueError: a NUL in the command
                why = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
                raise Forfeit(f"could not start {self.name}: {quote(why, 160)}") from None
            reaper.register(self._proc.pid)
            self._out = _Output(self._proc.stdout)
            return self._proc, self._out

    def _exchange(self, message: dict) -> str:
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

    def ask(self, game: Game, state: Any, record: dict) -> Any:
        """The bot's legal move in state (record: the game so far); Forfeit if it fails."""
        seat = game.player_label(game.to_move(state))
        line = self._exchange({"type": "turn", "record": record, "seat": seat})
        return self._parse(game, state, line)

    def ask_setup(self, game: Game, state: Any, player: int) -> Any:
        """The start state with this seat's setup as the bot chose it, or None if it left the
        choice to the program (``{"setup": null}``); Forfeit if it fails. Only for a game
        whose records have a "setup" key (`has_setup`)."""
        label = game.player_label(player)
        line = self._exchange({"type": "setup", "record": setup_record(game, state, player),
                               "seat": label})
        answer = self._answer(line, SETUP_KEY)
        if answer is None:
            return None
        try:
            return with_setup(game, state, player, answer)
        except ValueError as err:
            raise Forfeit(f"{self.name} set up {_json_quote(answer)}: {rec.cut(err, 200)}") \
                from None

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

    def _answer(self, line: str, key: str) -> Any:
        """The value under `key` of an answer line; Forfeit if it is not such an object."""
        shown = quote(line.strip())
        try:
            answer = rec.encodable(json.loads(line), line)  # no lone surrogate passes on
        except (ValueError, RecursionError):  # a 4300-digit number is a ValueError too
            raise Forfeit(f"{self.name} answered {shown}, which is not JSON") from None
        if not isinstance(answer, dict) or key not in answer:
            raise Forfeit(f'{self.name} answered {shown}: expected {{"{key}": ...}}')
        return answer[key]

    def _parse(self, game: Game, state: Any, line: str) -> Any:
        key = "move" if game.MOVES_KEY == "moves" else "turn"
        data = self._answer(line, key)
        try:
            return game.parse_move(state, data)
        except (IllegalMoveError, ValueError, TypeError) as err:
            raise Forfeit(f"{self.name} played {_json_quote(data)}: {rec.cut(err, 200)}") \
                from None

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


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """End a bot: its keeper first (SIGTERM: it ends everything the bot started, even what
    left the group, `common.ai.keeper`), then the group (whatever is left of it)."""
    if hasattr(os, "killpg"):
        if proc.poll() is None:  # never a signal to a number reaped (and maybe reused)
            with contextlib.suppress(OSError):
                os.kill(proc.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=2.0)
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)


def _json_quote(value: Any) -> str:
    try:
        text = json.dumps(value)
    except (ValueError, TypeError, RecursionError):
        text = "that"
    return text if len(text) <= QUOTED else text[: QUOTED - 3] + "..."


# setups --------------------------------------------------------------------------------------

def has_setup(game: Game, state: Any) -> bool:
    """True if the game's seats set up before the first move (its record has "setup")."""
    return isinstance(game.record_header(state).get(SETUP_KEY), dict)


def setup_record(game: Game, state: Any, player: int) -> dict:
    """The record a seat sets up from: the start's keys, with the setups of the seats before
    it only (White's when Black sets up; none when White does), no moves, no result."""
    header = game.record_header(state)
    order = list(game.players(state))
    before = {str(game.player_label(p)) for p in order[: order.index(player)]}
    header[SETUP_KEY] = {k: v for k, v in header[SETUP_KEY].items() if k in before}
    return {"game": game.NAME, "version": rec.VERSION, **header, game.MOVES_KEY: [],
            "result": None}


def with_setup(game: Game, state: Any, player: int, setup: Any) -> Any:
    """The start state with the seat's setup replaced by `setup` (as a record writes it);
    ValueError naming what is wrong with it."""
    header = game.record_header(state)
    label = str(game.player_label(player))
    mine = header[SETUP_KEY].get(label)
    if not isinstance(setup, dict):
        raise ValueError(f'a setup is an object like {_json_quote(mine)}, or null')
    if isinstance(mine, dict) and set(setup) != set(mine):
        raise ValueError(f"a setup places exactly {', '.join(sorted(mine))}")
    header[SETUP_KEY] = {**header[SETUP_KEY], label: setup}
    try:
        return game.initial_state({"game": game.NAME, "version": rec.VERSION, **header})
    except TypeError as err:
        raise ValueError(str(err)) from None


def program_setup(game: Game, state: Any, player: int, rng: Any) -> Any:
    """The start state with the seat's setup as the `normal` level chooses it (a bot that
    answers ``{"setup": null}``)."""
    from common.ai.levels import LEVELS, heuristics_for

    return heuristics_for(game).opening(game, state, player, rng, LEVELS["normal"].care)


class BotPlayer:
    """A `cmd:` seat for the headless tools: called with the state and the game so far;
    `opening` asks for its setup before the first move."""

    needs_history = True

    def __init__(self, game: Game, command: str, timeout: float = DEFAULT_TIMEOUT,
                 rng: Any = None) -> None:
        import random

        self.game = game
        self.bot = Bot(command, timeout)
        self.rng = rng if rng is not None else random.Random()

    def opening(self, state: Any, player: int) -> Any:
        """The start state with this seat's setup (the bot's, or the program's if it leaves
        the choice); Forfeit if the bot fails (the caller then gives the seat the program's
        setup and the seat forfeits)."""
        if not has_setup(self.game, state):
            return state
        try:
            chosen = self.bot.ask_setup(self.game, state, player)
        except Forfeit:
            self.bot.close()
            raise
        return program_setup(self.game, state, player, self.rng) if chosen is None else chosen

    def __call__(self, state: Any, history: tuple[Any, ...] | None = None) -> Any:
        """The bot's move; history is (initial state, moves so far[, withdrawals so far]), as
        `record.build` takes them. Forfeit if it fails."""
        if history is None:
            raise ValueError("a bot seat needs the game so far")
        initial, moves, *withdrawn = history
        record = rec.build(self.game, initial, moves, state, *withdrawn)
        try:
            return self.bot.ask(self.game, state, record)
        except Forfeit:
            self.bot.close()
            raise

    def close(self) -> None:
        """Stop the program (end of game)."""
        self.bot.close()


class BotSeat:
    """A `cmd:` seat for the app: `start` asks in a thread; `poll`, `cancel` and `close` never
    block (a program being stopped is closed, or killed, by a background thread that the
    interpreter waits for on exit, so no process outlives the app)."""

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.bot = Bot(command, timeout)
        self._result: queue.Queue[tuple[int, str, Any]] = queue.Queue()
        self._number = 0
        self._waiting = False

    def start(self, game: Game, state: Any, record: dict) -> None:
        """Ask the bot for its move in state (record: the game so far, as saved)."""
        self.cancel()
        self._number += 1
        self._waiting = True
        number, bot = self._number, self.bot

        def work() -> None:
            try:
                self._result.put((number, "move", bot.ask(game, state, record)))
            except Forfeit as err:
                bot.close()
                self._result.put((number, "forfeit", str(err)))
            except Exception as err:  # noqa: BLE001 - a seat never waits for ever
                bot.close()
                self._result.put((number, "forfeit", f"{bot.name} could not be asked: "
                                                     f"{quote(str(err))}"))

        threading.Thread(target=work, name="bot-seat", daemon=True).start()

    def poll(self) -> Any:
        """The move once it came, else None; raises Forfeit (the seat is lost) if it failed."""
        while not self._result.empty():
            number, kind, payload = self._result.get_nowait()
            if number != self._number or not self._waiting:
                continue
            self._waiting = False
            if kind == "forfeit":
                raise Forfeit(payload)
            return payload
        return None

    def busy(self) -> bool:
        """True while the bot is thinking."""
        return self._waiting

    def cancel(self) -> None:
        """Drop the pending answer (undo, new game): the thinking program is stopped and a
        fresh one starts on the seat's next turn."""
        if self._waiting:  # its answer is of no use: no grace
            self._waiting = False
            old, self.bot = self.bot, Bot(self.bot.command, self.bot.timeout)
            _retire(old, 0.0)

    def close(self) -> None:
        """Stop the program."""
        self.cancel()
        _retire(self.bot)


def _retire(bot: Bot, grace: float = 0.5) -> None:
    """Stop a bot's program off the calling thread (not a daemon: exit waits for it)."""
    threading.Thread(target=bot.stop, args=(grace,), name="bot-stop").start()
