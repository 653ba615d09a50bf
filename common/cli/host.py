"""The ``host`` command: host a network game (`common.net`): print the join and watch URLs,
play the local seats, write the record. No pygame.

    main.py host GAME --players SPEC,SPEC[,...] [--seed N] [--first N] [--out DIR] ...
"""

from __future__ import annotations

import argparse
from pathlib import Path

from common.cli.arguments import Subparsers
from common.i18n import _
from common.protocol import Game


def arguments(sub: Subparsers, names: list[str]) -> argparse.ArgumentParser:
    """The command's parser."""
    host = sub.add_parser("host", help=_("host a network game: print join URLs, play the local "
                            "seats, write the record"))
    host.add_argument("game", choices=names)
    host.add_argument("--players", default=None,
                      help=_("one spec per seat, comma-separated: random, novice, easy, normal, "
                             "hard, LEVEL:N, cmd:PROGRAM ARGS, or remote (a seat someone joins); "
                             "required unless --resume"))
    host.add_argument("--seed", type=int, default=None, help=_("seed of the board and the CPUs"))
    host.add_argument("--first", type=int, default=None, help=_("prepollency: the first seat"))
    host.add_argument("--out", type=Path, default=None, help=_("folder for the record"))
    host.add_argument("--listen", default="127.0.0.1",
                      help=_("address to listen on (127.0.0.1; 0.0.0.0 for the LAN)"))
    host.add_argument("--port", type=int, default=0, help=_("port (default: a free one)"))
    host.add_argument("--advertise", default=None,
                      help=_("the host name or address the join URLs carry (default: this "
                             "machine's first LAN address when listening beyond loopback)"))
    host.add_argument("--hub", default=None,
                      help=_("a hub's host URL (nats://hubhost:KEY@HOST:PORT): the game lives "
                             "there, this server links to it as a leaf node"))
    host.add_argument("--resume", default=None, metavar="GAME_ID",
                      help=_("restart a hosted game that was stopped (same store, same port)"))
    host.add_argument("--play-out", action="store_true", help=_("no CPU seat resigns"))
    return host


def run(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Run the command."""
    from common.net.commands import guarded, host_command

    return guarded(host_command, args, games)
