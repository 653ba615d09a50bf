"""Outside bots as app seats (`cmd:PROGRAM ARGS`): checking a command line before a game,
the bot's short name, a forfeit in words, and `BotRunner`, the `SeatRunner` of one bot seat.

Plain Python (no pygame). The seats play through `common.ai.bot.BotSeat`: asked in a thread,
polled every frame, stopped without the window ever waiting for a program.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

from common import command_line
from common.ai.bot import DEFAULT_TIMEOUT, PREFIX, BotSeat, quote
from common.i18n import _
from common.launch import self_command
from common.protocol import Forfeit
from common.seats import Ask, SeatSpec, script_of

NBSP = "\u00a0"
MAX_WORDS = 160  # characters of a bot's answer quoted in a forfeit message


def is_bot(spec: str | SeatSpec) -> bool:
    """True for a `cmd:` seat spec."""
    return str(spec).startswith(PREFIX)


def command_of(spec: str | SeatSpec) -> str:
    """The command line of a `cmd:` seat spec."""
    return str(spec)[len(PREFIX):]


def example_command() -> str:
    """The built-in example bot (`bot random`) of this same program, by absolute paths: it
    runs from any folder, in a checkout, an installed copy and the stand-alone build."""
    return command_line.join(self_command("bot", "random"))


def check_command(command: str) -> str | None:
    """Why this command line cannot run a bot (empty, bad quotes, a character no command
    holds, no such program or script, a path the file system refuses), or None when it looks
    runnable."""
    try:
        argv = command_line.split(command)
    except ValueError as err:
        return _("The command line cannot be read: {err}.").format(err=err)
    if any("\0" in arg for arg in argv):
        return _("The command line holds a NUL character, which no command can.")
    try:
        return _check_argv(argv)
    except OSError as err:  # a path too long for the file system, a loop of links...
        return _("That path cannot be used: {problem}.").format(
                   problem=(err.strerror or str(err)).lower())
    except (ValueError, RuntimeError) as err:  # a character the file system refuses; ~nobody
        return _("That path cannot be used: {err}.").format(err=quote(str(err), 120))


def _check_argv(argv: list[str]) -> str | None:
    if not argv:
        return _("Type the command that runs your bot, e.g. python3 my_bot.py.")
    program = argv[0]
    if os.sep in program or (os.altsep and os.altsep in program):
        path = Path(program).expanduser()
        if not path.is_file():
            return _("No such program: {program}").format(program=program)
        if not os.access(path, os.X_OK):
            return _("{program} is not executable (chmod +x, or start it with its "
                     "interpreter).").format(
                       program=program)
    elif shutil.which(program) is None:
        return _("Cannot find the program {program!r}: it is not on the PATH.").format(
                   program=program)
    script = script_of(argv)
    if script is not None and not Path(script).expanduser().exists():
        return _("No such file: {script}").format(script=script)
    return None


def forfeit_words(message: str, command: str) -> str:
    """A `Forfeit` message of `common.ai.bot`, said without the whole command line:
    "answered an illegal move "1H a1-a2" (no figure on a1)"."""
    quoted = quote(command, 120)  # as `common.ai.bot.Bot.name` says it
    if message.startswith("could not start"):
        why = message.split(": ", 1)[-1] if ": " in message else ""
        return _("it could not be started ({why})").format(
            why=why) if why else _("it could not be started")
    rest = message[len(quoted):].strip() if message.startswith(quoted) else message
    rest = _said(rest)
    if len(rest) > MAX_WORDS:
        rest = rest[:MAX_WORDS - 1] + "…"
    return rest


def _said(rest: str) -> str:
    """What `common.ai.bot` says of a failing program (in English: a bot's author reads it in
    the log too) in the player's language, where it is one of its known sentences."""
    played = re.match(r"(played|set up) (.*?): (.*)$", rest, re.DOTALL)
    if played:  # the move kept on one line; the engine's reason as a clause
        why = played[3].rstrip(".")
        why = why[:1].lower() + why[1:] if why[1:2].islower() else why
        said = _("answered an illegal move {move} ({problem})") if played[1] == "played" \
            else _("answered an illegal setup {move} ({problem})")
        return said.format(move=played[2].replace(" ", NBSP), problem=why)
    late = re.fullmatch(r"gave no answer within ([0-9.e+-]+) s", rest)
    if late:
        return _("no answer within {seconds} s").format(seconds=late[1])
    quit_ = re.fullmatch(r"stopped(?: \((exit status|killed by) (.*)\))? without answering",
                         rest)
    if quit_ and quit_[1] == "exit status":
        return _("the program quit (exit status {code}) without answering").format(
            code=quit_[2])
    if quit_ and quit_[1]:
        return _("the program quit (killed by {signal}) without answering").format(
            signal=quit_[2])
    if quit_:
        return _("the program quit without answering")
    if rest.startswith(("answered", "printed", "could not be asked")):
        # Translators: {problem} is the bot program's fault, in English (its author reads it)
        return _("it {problem}").format(problem=rest)
    return rest


class BotRunner:
    """The `common.seats.SeatRunner` of one `cmd:` seat: its program is started on the first
    question and asked in a thread (`common.ai.bot.BotSeat`); nothing here waits for it."""

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.command = command
        self.timeout = timeout
        self._seat: BotSeat | None = None

    def start(self, ask: Ask) -> None:
        """Ask the bot for its move (the record so far goes along)."""
        from common.games import get  # the registry names the engines

        if self._seat is None:
            self._seat = BotSeat(self.command, self.timeout)
        self._seat.start(get(ask.game).engine, ask.state, ask.record or {})

    def setup(self, game_name: str, state: Any, player: int) -> Any:
        """The start state with this seat's setup as the bot chose it, or None if it left the
        choice to the program; `Forfeit` if it failed. It blocks (the setup screen asks in a
        background thread); the program started here goes on to play the game's moves."""
        from common.games import get

        if self._seat is None:
            self._seat = BotSeat(self.command, self.timeout)
        bot = self._seat.bot
        try:
            return bot.ask_setup(get(game_name).engine, state, player)
        except Forfeit:
            bot.close()
            raise

    def poll(self) -> Any:
        """The move once it came, else None; raises `Forfeit` if the bot failed."""
        return None if self._seat is None else self._seat.poll()

    def busy(self) -> bool:
        """True while the bot is thinking."""
        return self._seat is not None and self._seat.busy()

    @property
    def pid(self) -> int | None:
        """The process id of the program while it runs (for tests)."""
        proc = self._seat.bot._proc if self._seat is not None else None
        return proc.pid if proc is not None else None

    def cancel(self) -> None:
        """Drop the pending question (undo, resign): the thinking program is stopped."""
        if self._seat is not None:
            self._seat.cancel()

    def close(self) -> None:
        """Stop the program (end of game, leaving the screen); a later turn starts anew."""
        if self._seat is not None:
            self._seat.close()
            self._seat = None
