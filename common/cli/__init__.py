"""The command line: one entry point for the app and the headless tools (selfplay, validate,
perft, move, analyse, bot, learn). Every engine is reached through the `Game` protocol, so both
games share all of it. No pygame.

Each command is a module of this package with `arguments(sub, names)` (its parser) and
`run(args, games)` (what it does); `COMMANDS` is the table from command to module, so adding a
command is one row (and its module). `play` and no command at all open the window instead
(the `app` callable `run` is given).

Bad input (a missing file, a broken record, a wrong argument) prints one clear line and exits
with status 1 (2 for a wrong command line; `move` answers every bad input with 2, since a
script asking it cannot tell them apart anyway), never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass

from common import i18n
from common.cli import (
    analyse,
    bot,
    desktop_entry,
    host,
    hub,
    join,
    learn,
    move,
    perft,
    play,
    selfplay,
    validate,
    watch,
)
from common.cli.arguments import Subparsers, UsageError
from common.i18n import N_, _
from common.protocol import Game


@dataclass(frozen=True)
class Command:
    """A row of the command table: how the command's options are declared, and what runs it
    (None: the window opens, as for `play`)."""

    arguments: Callable[[Subparsers, list[str]], argparse.ArgumentParser]
    run: Callable[[argparse.Namespace, dict[str, Game]], int] | None


# command -> its parser and its handler, in the order --help lists them
COMMANDS: dict[str, Command] = {
    "play": Command(play.arguments, None),
    "selfplay": Command(selfplay.arguments, selfplay.run),
    "validate": Command(validate.arguments, validate.run),
    "perft": Command(perft.arguments, perft.run),
    "move": Command(move.arguments, move.run),
    "analyse": Command(analyse.arguments, analyse.run),
    "bot": Command(bot.arguments, bot.run),
    "learn": Command(learn.arguments, learn.run),
    "host": Command(host.arguments, host.run),
    "join": Command(join.arguments, join.run),
    "watch": Command(watch.arguments, watch.run),
    "hub": Command(hub.arguments, hub.run),
}

EPILOG = N_("""examples:
  %(prog)s                                       open the app on the main menu
  %(prog)s play overlords --players human,normal --seed 7
  %(prog)s play prepollency --players human,normal,human,hard --first 2
  %(prog)s selfplay overlords --players hard,easy --games 10 --seed 1 --out out/
  %(prog)s selfplay prepollency --players hard,random,random,random --first 2 --nodes 2000
  %(prog)s selfplay overlords --players "cmd:python3 my_bot.py,normal"
  %(prog)s validate out/*.json                   "FILE: ok", or the move and the reason
  %(prog)s perft out/overlords-0001.json --depth 2
  %(prog)s move out/overlords-0001.json --player hard:6000 --seed 3
  %(prog)s move saved.json --hint              the move the Hint would show
  %(prog)s move saved.json --hint --why        ... and why, from the engine
  %(prog)s learn --check                         replay every lesson and puzzle
  %(prog)s host overlords --players easy,remote   host a network game (prints join URLs)
  %(prog)s join nats://USER:SECRET@HOST:PORT/ID --as normal    play a seat of it
  %(prog)s watch nats://USER:SECRET@HOST:PORT/ID               print its moves

Seat specs: human (play only), random, novice, easy, normal, hard, LEVEL:N (exactly N search
nodes; novice does not search), cmd:PROGRAM ARGS (an outside bot speaking JSON lines; see the
README). COMMAND --help lists each command's options. Records are the JSON save files described
in the rules (RULES.md).""")


class Parser(argparse.ArgumentParser):
    """The main parser, which keeps each command's own (for that command's usage errors)."""

    subcommands: dict[str, argparse.ArgumentParser]


def build_parser(games: dict[str, Game]) -> Parser:
    """The argument parser for every command (`parser.subcommands`: command -> its parser)."""
    from common.launch import program_name
    from common.version import version

    parser = Parser(
        prog=program_name(),  # as the user started it: bootstrap.py, the launcher, main.py
        description=_("Overlords and Prepollency. With no command, opens the game window."),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_(EPILOG),
    )
    parser.add_argument("--version", action="version", version=f"overlords-prepollency "
                        f"{version()}")
    desktop_entry.arguments(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    names = sorted(games)
    parser.subcommands = {name: command.arguments(sub, names)
                          for name, command in COMMANDS.items()}
    return parser


def run(argv: list[str], games: dict[str, Game], app: Callable[[argparse.Namespace], int]) -> int:
    """Run a command line; `app` opens the window (no command, or `play`)."""
    i18n.use()  # the system's language (the window then takes the Settings row's)
    parser = build_parser(games)
    args = parser.parse_args(argv)
    if desktop_entry.wanted(args):
        return desktop_entry.run(args, parser)
    handler = COMMANDS[args.command].run if args.command is not None else None
    if handler is None:
        return app(args)
    try:
        return handler(args, games)
    except UsageError as err:
        parser.subcommands[args.command].error(str(err))
    except KeyboardInterrupt:  # Ctrl+C: one line, no traceback (what was printed stays)
        print(_("{command}: interrupted").format(command=args.command), file=sys.stderr)
        return 130
    except RecursionError:  # a hostile input nested too deeply for some engine code
        print(_("{command}: the input is nested too "
                "deeply to read").format(command=args.command), file=sys.stderr)
        return 2
    except BrokenPipeError:  # `... | head`: the reader left; stop quietly, no traceback
        with contextlib.suppress(OSError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 1
