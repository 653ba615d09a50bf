"""The ``learn`` command: list the lessons, or (``--check``) replay every lesson and puzzle
with the engine (`common.lessons.check_command`). No pygame.

    main.py learn [--check]
"""

from __future__ import annotations

import argparse

from common.cli.arguments import Subparsers
from common.i18n import _
from common.protocol import Game


def arguments(sub: Subparsers, names: list[str]) -> argparse.ArgumentParser:
    """The command's parser."""
    learn = sub.add_parser("learn", help=_("list the lessons, or check them (and the puzzles)"))
    learn.add_argument("--check", action="store_true",
                       help=_("replay every lesson and puzzle with the engine; exit 0 only if "
                              "all hold"))
    return learn


def run(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Run the command."""
    from common.lessons import check_command

    return check_command(args.check)
