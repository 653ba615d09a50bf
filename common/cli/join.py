"""The ``join`` command: take a seat of a network game (`common.net`) for a CPU level or a
`cmd:` bot and play it to the end (run again with the same URL, it resumes). No pygame.

    main.py join URL --as SPEC [--out DIR] [--seed N] [--play-out]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from common.cli.arguments import Subparsers
from common.i18n import _
from common.protocol import Game


def arguments(sub: Subparsers, names: list[str]) -> argparse.ArgumentParser:
    """The command's parser."""
    join = sub.add_parser("join", help=_("take a seat of a network game and play it to the end"))
    join.add_argument("url", help=_("the seat's join URL (nats://USER:SECRET@HOST:PORT/GAME_ID)"))
    join.add_argument("--as", dest="spec", required=True,
                      help=_("who plays the seat: random, novice, easy, normal, hard, LEVEL:N, "
                             "cmd:PROGRAM ARGS"))
    join.add_argument("--out", type=Path, default=None, help=_("folder for the record"))
    join.add_argument("--seed", type=int, default=0, help=_("seed of the seat's player (0)"))
    join.add_argument("--play-out", action="store_true", help=_("the CPU seat never resigns"))
    return join


def run(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Run the command."""
    from common.net.commands import guarded, join_command

    return guarded(join_command, args, games)
