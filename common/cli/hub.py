"""The ``hub`` command: run a hub, a NATS server with JetStream for many network games
(`common.net.hub`). No pygame.

    main.py hub [--port N] [--leaf-port N] [--listen ADDR] [--store DIR] [--advertise HOST]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from common.cli.arguments import Subparsers
from common.i18n import _
from common.protocol import Game


def arguments(sub: Subparsers, names: list[str]) -> argparse.ArgumentParser:
    """The command's parser."""
    from common.net import wire

    hub = sub.add_parser("hub", help=_("run a hub: a NATS server for many network games"))
    hub.add_argument("--port", type=int, default=wire.DEFAULT_PORT, help=_("client port (4222)"))
    hub.add_argument("--leaf-port", type=int, default=7422, help=_("leaf-node port (7422)"))
    hub.add_argument("--listen", default="0.0.0.0", help=_("address to listen on (0.0.0.0)"))
    hub.add_argument("--store", type=Path, default=None,
                     help=_("folder for its streams and configuration (default: config folder)"))
    hub.add_argument("--advertise", default=None, help=_("host name the URLs carry"))
    return hub


def run(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Run the command."""
    from common.net.commands import guarded
    from common.net.hub import hub_command

    return guarded(lambda a, _games: hub_command(a), args, games)
