"""The ``play`` command: open the app straight into a game (the app runs it: `common.cli.run`
hands it to the window). No pygame here.

    main.py play GAME [--players SPECS] [--seed N] [--first SEAT] [--bot-timeout S]
"""

from __future__ import annotations

import argparse

from common.cli.arguments import Subparsers, seconds
from common.i18n import _


def arguments(sub: Subparsers, names: list[str]) -> argparse.ArgumentParser:
    """The command's parser."""
    play = sub.add_parser("play", help=_("open the app straight into a game"))
    play.add_argument("game", choices=names)
    play.add_argument("--players", default=None,
                      help=_("one spec per seat, comma-separated (2 seats; 2, 3 or 4 for "
                             "prepollency): human, random, novice, easy, normal, hard, "
                             "cmd:PROGRAM ARGS (an outside bot); e.g. human,novice"))
    play.add_argument("--seed", type=int, default=None, help=_("seed for the board and the CPUs"))
    play.add_argument("--first", type=int, default=None,
                      help=_("prepollency: the seat that moves first (default: drawn at random)"))
    play.add_argument("--bot-timeout", type=seconds, default=None,
                      help=_("a cmd: bot silent this many seconds forfeits (10)"))
    return play
