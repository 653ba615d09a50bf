"""Bots from outside: a seat played by another program, over one JSON object per line.

On its turn the program reads ``{"type": "turn", "record": <the game record so far>, "seat":
<"white"/"black" or a seat number>}`` on stdin and writes one line on stdout: ``{"move": "2D
f1-c4"}`` (Overlords) or ``{"turn": ["c3-e5", "h7-h8"]}`` (Prepollency). A malformed or illegal
answer, a crash, or no answer within the timeout forfeits the seat: `ask` raises `Forfeit`
with a message that says which and why, and the caller applies ``game.resign(state, player,
"forfeit")`` through ``record.withdraw`` (in a 4-player game that goes on, the records the
other bots then receive list the seat under "withdrawn"). The program is started on its first
turn and kept for the whole game; what it prints on stderr passes through. `BotSeat` does the
same off the UI thread.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import threading
from typing import Any

from common import record as rec
from common.protocol import Forfeit, Game, IllegalMoveError

DEFAULT_TIMEOUT = 10.0
PREFIX = "cmd:"
MAX_LINE = 64 * 1024  # characters of one answer line read from a bot (a turn needs ~30)


class Bot:
    """One outside program playing one seat; `ask` blocks until it answers or forfeits."""

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as err:
            raise ValueError(f"bot command {command!r}: {err}") from None
        if not self.argv:
            raise ValueError("a cmd: seat needs a program to run")
        self.command = command
        self.timeout = timeout
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()  # what this process printed
        self._lock = threading.Lock()  # _start and close may run on different threads
        self._stopped = False

    def _start(self) -> tuple[subprocess.Popen[str], queue.Queue[str | None]]:
        with self._lock:
            if self._stopped:
                raise Forfeit(f"{self.command!r} was stopped")
            if self._proc is not None:
                return self._proc, self._lines
            try:
                self._proc = subprocess.Popen(
                    self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                    encoding="utf-8", errors="replace", bufsize=1)
            except OSError as err:
                raise Forfeit(f"could not start {self.command!r}: {err.strerror or err}") from None
            self._lines = queue.Queue()
            threading.Thread(target=_read, args=(self._proc.stdout, self._lines),
                             daemon=True).start()
            return self._proc, self._lines

    def ask(self, game: Game, state: Any, record: dict) -> Any:
        """The bot's legal move in state (record: the game so far); Forfeit if it fails."""
        proc, lines = self._start()
        seat = game.player_label(game.to_move(state))
        message = json.dumps({"type": "turn", "record": record, "seat": seat})
        try:  # a program that already quit may still have printed an answer: read on
            assert proc.stdin is not None
            proc.stdin.write(message + "\n")
            proc.stdin.flush()
        except (OSError, ValueError):  # ValueError: another thread closed it just now
            pass
        try:
            line = lines.get(timeout=self.timeout)
        except queue.Empty:
            self.close()
            raise Forfeit(f"{self.command!r} gave no answer within {self.timeout:g} s") from None
        if line is None:
            raise Forfeit(self._crashed(proc))
        return self._parse(game, state, line)

    def _crashed(self, proc: subprocess.Popen[str]) -> str:
        try:
            code = proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            code = None
        status = "" if code is None else f" (exit status {code})"
        return f"{self.command!r} stopped{status} without answering"

    def _parse(self, game: Game, state: Any, line: str) -> Any:
        shown = line.strip()
        shown = shown if len(shown) <= 80 else shown[:77] + "..."
        key = "move" if game.MOVES_KEY == "moves" else "turn"
        try:
            answer = json.loads(line)
        except (json.JSONDecodeError, RecursionError):
            raise Forfeit(f"{self.command!r} answered {shown!r}, which is not JSON") from None
        if not isinstance(answer, dict) or key not in answer:
            raise Forfeit(f'{self.command!r} answered {shown!r}: expected {{"{key}": ...}}')
        try:
            return game.parse_move(state, answer[key])
        except (IllegalMoveError, ValueError, TypeError) as err:
            played = json.dumps(answer[key])
            played = played if len(played) <= 80 else played[:77] + "..."
            raise Forfeit(f"{self.command!r} played {played}: {err}") from None

    def close(self, grace: float = 0.5) -> None:
        """Stop the program (end of game, or after it failed): its stdin closes, and it is
        killed if it has not quit after `grace` seconds. The next `ask` starts it again."""
        with self._lock:
            proc, self._proc = self._proc, None
        if proc is None:
            return
        with contextlib.suppress(OSError):
            if proc.stdin is not None:
                proc.stdin.close()
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=2.0)

    def stop(self, grace: float = 0.5) -> None:
        """Close the program for good: an `ask` still under way (or to come) forfeits."""
        with self._lock:
            self._stopped = True
        self.close(grace)


def _read(stdout: Any, lines: queue.Queue[str | None]) -> None:
    """Put the program's lines on the queue, each cut to MAX_LINE characters (the rest of an
    overlong line is dropped, never held in memory), then None when it closes its output."""
    cut = False
    for chunk in iter(lambda: stdout.readline(MAX_LINE), ""):
        if not cut:
            lines.put(chunk)
        cut = not chunk.endswith("\n")
    lines.put(None)


class BotPlayer:
    """A `cmd:` seat for the headless tools: called with the state and the game so far."""

    needs_history = True

    def __init__(self, game: Game, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.game = game
        self.bot = Bot(command, timeout)

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
