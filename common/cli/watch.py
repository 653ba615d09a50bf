"""The ``watch`` command: print each move of a network game (`common.net`) as it comes, and
the result (a game already over is replayed). No pygame.

    main.py watch URL
"""

from __future__ import annotations

import argparse

from common.cli.arguments import Subparsers
from common.i18n import _
from common.protocol import Game


def arguments(sub: Subparsers, names: list[str]) -> argparse.ArgumentParser:
    """The command's parser."""
    watch = sub.add_parser("watch", help=_("watch a network game: print each move and the result"))
    watch.add_argument("url", help=_("the watch URL"))
    return watch


def run(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Run the command."""
    from common.net.commands import guarded, watch_command

    return guarded(watch_command, args, games)
