"""Seat kinds for the command line: the CPU levels and `cmd:` bots, in cli.PLAYER_FACTORIES.

Importing this module registers them once (main.py does). ``easy``, ``normal``, ``hard`` (and
``hard:N`` for exactly N nodes) become `CpuPlayer`s, searching by time unless the command
line's ``--nodes`` fixes every CPU seat's node budget; ``cmd:PROGRAM ARGS`` becomes a
`BotPlayer` that forfeits after ``--bot-timeout`` seconds of silence.
"""

from __future__ import annotations

import argparse
import random

from common import cli
from common.ai.bot import DEFAULT_TIMEOUT, PREFIX, BotPlayer
from common.ai.levels import LEVELS, make_cpu
from common.protocol import Game


def cpu_factory(game: Game, spec: str, rng: random.Random,
                args: argparse.Namespace) -> cli.Player | None:
    """A CPU player for a level spec ("easy", "hard:4000"), None for other specs."""
    if spec.partition(":")[0] not in LEVELS:
        return None
    return make_cpu(game, spec, rng, getattr(args, "nodes", None))


def bot_factory(game: Game, spec: str, rng: random.Random,
                args: argparse.Namespace) -> cli.Player | None:
    """A bot player for "cmd:PROGRAM ARGS", None for other specs."""
    if not spec.startswith(PREFIX):
        return None
    return BotPlayer(game, spec[len(PREFIX):], getattr(args, "bot_timeout", DEFAULT_TIMEOUT))


def register() -> None:
    """Add the factories to the command line's hook (once)."""
    for factory in (cpu_factory, bot_factory):
        if factory not in cli.PLAYER_FACTORIES:
            cli.PLAYER_FACTORIES.append(factory)


register()
