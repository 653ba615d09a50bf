"""Who plays a seat, as a value: `SeatSpec`, parsed once from text and used by the command
line, the app, saves and settings; and `SeatRunner`, what asks a seat that no person plays for
its move without ever making the caller wait.

Plain Python (no pygame). The text forms are the command line's:

    human           a person at the table
    random          any legal move (for tests)
    novice          a CPU level (also easy, normal, hard; novice plays one ply deep)
    hard:4000       that level searching exactly 4000 nodes (reproducible from a seed)
    cmd:PROGRAM     an outside bot speaking the JSON-lines protocol (common.ai.bot)

``str(SeatSpec.parse(text))`` gives the text back in its one written form (spaces around the
level dropped), so a spec round-trips through a record, the settings file or a command line.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol

from common import command_line
from common.i18n import _, pgettext

BOT_PREFIX = "cmd:"
HUMAN: Final = "human"
RANDOM: Final = "random"
CPU: Final = "cpu"
BOT: Final = "bot"
LEVEL_NAMES = ("novice", "easy", "normal", "hard")  # common.ai.levels.LEVELS: their budgets
HINT_LEVEL = "normal"  # the level whose move the Hint shows (at its calibrated node count)
MAX_COMMAND = 1000  # characters of a bot's command line: longer is not a command
MAX_NODES = 1_000_000  # a fixed node budget a turn ("hard:N", --nodes): ~5 minutes of search
# programs that run a script: the bot's name is the script's, and the script must exist
# this program's names (its script, launcher and stand-alone executable), for its built-in bots
SELF_NAMES = ("main.py", "overlords-prepollency", "overlords-prepollency.exe")
INTERPRETERS = re.compile(r"(python|pypy|node|deno|ruby|perl|php|lua|bash|sh|zsh)[\d.]*$")



def _bot_command(command: str) -> str:
    """The command line of a ``cmd:`` seat (ValueError if it is none)."""
    if not command:
        raise ValueError(_("cmd: needs the command that runs the bot, e.g. "
                           "cmd:python3 my_bot.py"))
    if len(command) > MAX_COMMAND or "\n" in command or "\0" in command:
        raise ValueError(_("that bot command line is not a command (too long, or it "
                           "holds a line break)"))
    return command


def _node_count(name: str, count: str) -> int:
    """The node count of ``LEVEL:N`` (ValueError if it is not 1 to MAX_NODES)."""
    shown = count if len(count) <= 20 else count[:19] + "…"
    if not count.isascii() or not count.isdecimal():
        raise ValueError(_("{name}:{shown}: the node count {shown!r} is not a whole number").format(
                             name=name, shown=shown))
    digits = count.lstrip("0") or "0"  # int() of 4,300 digits or more would raise
    if len(digits) > len(str(MAX_NODES)) or int(digits) > MAX_NODES:
        raise ValueError(_("{name}:{shown}: too many nodes (at most {max_nodes:,}; {name} "
                           "searches a few thousand a turn)").format(
                             name=name, shown=shown, max_nodes=MAX_NODES))
    if int(digits) < 1:
        raise ValueError(_("{name}:{shown}: the node count must be positive").format(
                             name=name, shown=shown))
    return int(digits)

@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat: a person, the random player, a CPU level (maybe with a fixed node count), or
    an outside bot's command line."""

    kind: Literal["human", "random", "cpu", "bot"]
    level: str | None = None  # the CPU level of a "cpu" seat
    nodes: int | None = None  # a fixed node budget of a "cpu" seat ("hard:4000")
    command: str | None = None  # the command line of a "bot" seat

    @classmethod
    def parse(cls, text: Any) -> SeatSpec:
        """The spec a text names; ValueError saying what is expected otherwise."""
        if isinstance(text, SeatSpec):
            return text
        if not isinstance(text, str):
            raise ValueError(_("a seat is written as text like \"human\" or \"hard\", "
                               "not {name}").format(
                                 name=type(text).__name__))
        if text.startswith(BOT_PREFIX):
            return cls(BOT, command=_bot_command(text[len(BOT_PREFIX):].strip()))
        word = text.strip()
        if word in (HUMAN, RANDOM):
            return cls(HUMAN if word == HUMAN else RANDOM)
        name, colon, count = word.partition(":")
        if name not in LEVEL_NAMES:
            shown = word if len(word) <= 40 else word[:39] + "…"
            raise ValueError(_("unknown player {shown!r} (expected {join})").format(
                                 shown=shown, join=', '.join(KINDS_HELP)))
        if not colon:
            return cls(CPU, level=name)
        return cls(CPU, level=name, nodes=_node_count(name, count))

    def __str__(self) -> str:
        if self.kind == BOT:
            return f"{BOT_PREFIX}{self.command}"
        if self.kind == CPU:
            return str(self.level) if self.nodes is None else f"{self.level}:{self.nodes}"
        return self.kind

    @property
    def is_human(self) -> bool:
        """True for a person."""
        return self.kind == HUMAN

    @property
    def is_bot(self) -> bool:
        """True for an outside program."""
        return self.kind == BOT

    @property
    def searches(self) -> bool:
        """True for a CPU level (it needs the search worker; `random` does not)."""
        return self.kind == CPU

    def describe(self) -> str:
        """Who plays the seat, in words: "you", "CPU, easy", "bot random_bot.py"."""
        if self.kind == BOT:
            return f"bot {bot_name(self.command or '')}"
        if self.kind == CPU:
            return f"CPU, {self.level}"
        return "CPU, beginner" if self.kind == RANDOM else "person"  # it plays any move


def level_words(level: str) -> str:
    """A CPU level's name in the player's language ("hard:6000", a level with its budget,
    stays as it is)."""
    return pgettext("level", level)


def described_words(described: str) -> str:
    """A seat's description (`SeatSpec.describe`, "person", or "Human" as the save index
    writes it; other code reads them in English) in the player's language: "CPU, easy" with
    the level translated, "bot x.py", the puzzle's own seat."""
    if described.startswith("CPU, "):
        # Translators: a CPU seat and its level: "CPU, easy"
        return _("CPU, {level}").format(level=level_words(described[len("CPU, "):]))
    if described.startswith("bot "):
        return _("bot {program}").format(program=described[len("bot "):])
    if described == "puzzle":  # common/ui/puzzle_scene.SolverSeat: the puzzle answers
        # Translators: who plays the opponent's seat in a puzzle: "Black (puzzle)"
        return pgettext("seat", "puzzle")
    return _("Human") if described == "person" or described == "Human" else described


KINDS_HELP = ("human", "random", *LEVEL_NAMES, "hard:N", "cmd:PROGRAM ARGS")
HUMAN_SEAT = SeatSpec(HUMAN)


def recorded_seats(players: Any, labels: list[str], keep_bots: bool = False
                   ) -> list[SeatSpec]:
    """The seats a record's "players" map ({label: spec text}) gives, in `labels` order,
    for a saved game resumed: a missing or unreadable spec is a person (the record may come
    from anywhere), and so is a `cmd:` bot unless `keep_bots` (the player agreed to start
    that program again: a file alone never starts one)."""
    given = players if isinstance(players, dict) else {}
    out = []
    for label in labels:
        try:
            spec = SeatSpec.parse(given.get(label, HUMAN))
        except ValueError:
            spec = HUMAN_SEAT
        out.append(HUMAN_SEAT if spec.is_bot and not keep_bots else spec)
    return out


def parse_seats(text: str, counts: tuple[int, ...]) -> list[SeatSpec]:
    """Seat specs from a comma-separated list (`--players`), one per seat, in a count the
    game allows; ValueError naming the problem."""
    parts = [p.strip() for p in text.split(",")] if text.strip() else []
    if len(parts) not in counts:
        raise ValueError(_("--players needs {counts} specs (one per seat), not {count}").format(
            counts="/".join(map(str, counts)), count=len(parts)))
    return [SeatSpec.parse(p) for p in parts]


def script_of(argv: list[str]) -> str | None:
    """The script an interpreter is asked to run (`python3 bot.py`), if that is the shape."""
    if len(argv) > 1 and INTERPRETERS.match(os.path.basename(argv[0])) \
            and not argv[1].startswith("-"):
        return argv[1]
    return None


def bot_name(command: str) -> str:
    """A bot's short name: its program's file name (the script's, for `python3 bot.py`)."""
    try:
        argv = command_line.split(command)
    except ValueError:
        argv = command.split()
    if not argv:
        return "bot"
    program = os.path.basename(script_of(argv) or argv[0]) or argv[0]
    words = argv[2:] if script_of(argv) else argv[1:]
    if words[:1] == ["bot"] and len(words) > 1 and program in SELF_NAMES:
        return f"{words[1]}-bot"  # this program's built-in bot (`bot random`): "random-bot"
    return program


@dataclass(frozen=True)
class Ask:
    """One question to a seat: its move in `state` (the record so far, for bots; a seed, so
    that the same question gets the same answer)."""

    game: str  # the registry name of the game
    state: Any
    seed: int
    record: dict | None = None


class SeatRunner(Protocol):
    """What answers for a seat no person plays: the CPU worker, the random fallback, an
    outside bot, and the Hint. Nothing here blocks the caller."""

    def start(self, ask: Ask) -> None:
        """Begin choosing a move (a running question is dropped)."""

    def poll(self) -> Any:
        """The move once chosen (then forgotten), else None; `common.protocol.Forfeit` if
        the seat gave up (a bot that failed)."""

    def busy(self) -> bool:
        """True while a move is being chosen."""

    def cancel(self) -> None:
        """Drop the running question: its answer will never be polled."""

    def close(self) -> None:
        """Stop for good (a bot's program ends)."""
