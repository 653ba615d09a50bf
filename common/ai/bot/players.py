"""The players an outside bot is: `Bot` (one program playing one seat: its move, its setup,
each answer checked), `BotPlayer` (for the headless tools) and `BotSeat` (for the app, asked
in a thread). No pygame.
"""

from __future__ import annotations

import json
import queue
import threading
from typing import Any

from common import record as rec
from common.ai.bot.process import DEFAULT_TIMEOUT, Program, json_quote, quote
from common.ai.bot.setup import SETUP_KEY, has_setup, program_setup, setup_record, with_setup
from common.protocol import Forfeit, Game, IllegalMoveError


class Bot(Program):
    """One outside program playing one seat; `ask` blocks until it answers or forfeits."""

    def ask(self, game: Game, state: Any, record: dict) -> Any:
        """The bot's legal move in state (record: the game so far); Forfeit if it fails."""
        seat = game.player_label(game.to_move(state))
        line = self.exchange({"type": "turn", "record": record, "seat": seat})
        return self._parse(game, state, line)

    def ask_setup(self, game: Game, state: Any, player: int) -> Any:
        """The start state with this seat's setup as the bot chose it, or None if it left the
        choice to the program (``{"setup": null}``); Forfeit if it fails. Only for a game
        whose records have a "setup" key (`has_setup`)."""
        label = game.player_label(player)
        line = self.exchange({"type": "setup", "record": setup_record(game, state, player),
                               "seat": label})
        answer = self._answer(line, SETUP_KEY)
        if answer is None:
            return None
        try:
            return with_setup(game, state, player, answer)
        except ValueError as err:
            raise Forfeit(f"{self.name} set up {json_quote(answer)}: {rec.cut(str(err), 200)}") \
                from None

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
            raise Forfeit(f"{self.name} played {json_quote(data)}: {rec.cut(str(err), 200)}") \
                from None


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

