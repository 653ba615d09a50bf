"""The values of command-line options every command checks the same way: positive whole
numbers, perft depths, node counts, bot timeouts. Each refusal is one line
(`argparse.ArgumentTypeError`). No pygame.
"""

from __future__ import annotations

import argparse
import math
from typing import Any, Protocol

from common.cli.terminal import terminal
from common.i18n import _
from common.seats import MAX_NODES

MAX_DEPTH = 5  # perft depth: each more multiplies the time by ~100 (depth 4 takes minutes)


class Subparsers(Protocol):
    """What a command's `arguments` needs of argparse's subparsers: a parser of its own."""

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        """A new parser for the command `name`."""


class UsageError(ValueError):
    """A command line whose values do not fit the game (exit 2 with the usage)."""


def positive(text: str) -> int:
    """A whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:  # also a number of more than 4300 digits
        raise argparse.ArgumentTypeError(_("{terminal!r} is not a whole number (or not one "
                                           "this program reads)").format(
                                             terminal=terminal(text, 40))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("{number} is not positive").format(number=value))
    return value


def depth(text: str) -> int:
    """A perft depth: 1 to MAX_DEPTH."""
    value = positive(text)
    if value > MAX_DEPTH:
        raise argparse.ArgumentTypeError(_("depth {depth} would run for ever (at most "
                                           "{max_depth})").format(
                                             depth=value, max_depth=MAX_DEPTH))
    return value


def node_count(text: str) -> int:
    """Search nodes: 1 to `common.seats.MAX_NODES`."""
    value = positive(text)
    if value > MAX_NODES:
        raise argparse.ArgumentTypeError(
            _("{nodes} nodes is too many (at most {max_nodes:,}: hard searches "
              "~4,000 a turn)").format(
                nodes=value, max_nodes=MAX_NODES))
    return value


def seconds(text: str) -> float:
    """A bot timeout: more than 0 and at most `common.ai.bot.MAX_TIMEOUT` seconds (`inf`,
    `nan` and `1e308` are refused here: they would hang or crash a game)."""
    from common.ai.bot import check_timeout

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{terminal!r} is not a number of seconds").format(
                                             terminal=terminal(text, 40))) from None
    problem = check_timeout(value) if math.isfinite(value) else \
        _("the bot timeout must be a finite number of seconds")
    if problem:
        raise argparse.ArgumentTypeError(f"{terminal(text, 40)}: {problem}")
    return value
