"""The ``bot`` command: be the built-in outside bot on stdin/stdout (the Bot… field's example,
`common.ai.example_bot`). No pygame.

    main.py bot random [SEED]
"""

from __future__ import annotations

import argparse

from common.cli.arguments import Subparsers
from common.i18n import _
from common.protocol import Game


def arguments(sub: Subparsers, names: list[str]) -> argparse.ArgumentParser:
    """The command's parser."""
    bot = sub.add_parser(
        "bot", help=_("be a built-in outside bot (the Bot… field's example) on stdin/stdout"),
        description=_("Answer the game's JSON-line messages on stdin as an outside bot does "
                      "(see the README's \"Outside bots\"): random plays a random legal move."))
    bot.add_argument("name", choices=["random"])
    bot.add_argument("seed", type=int, nargs="?", default=None, help=_("seed of its choices"))
    return bot


def run(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Run the command."""
    from common.ai.example_bot import serve

    return serve(args.seed)
