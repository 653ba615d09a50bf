"""The ``perft`` command: count the legal move sequences after a record's moves, refusing one
that would run for minutes (`common.perft_budget`). No pygame.

    main.py perft FILE [--depth D]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from common import record as rec
from common.cli.arguments import MAX_DEPTH, Subparsers, depth
from common.cli.terminal import terminal
from common.i18n import _
from common.protocol import Game


def arguments(sub: Subparsers, names: list[str]) -> argparse.ArgumentParser:
    """The command's parser."""
    perft = sub.add_parser("perft", help=_("count legal move sequences after a record's moves"))
    perft.add_argument("file", type=Path, metavar="FILE")
    perft.add_argument("--depth", type=depth, default=1,
                       help=_("sequence length (1; at most {max_depth})").format(
                                max_depth=MAX_DEPTH))
    return perft


def run(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Run the command."""
    return perft(args.file, args.depth, games)


def perft(path: Path, depth: int, games: dict[str, Game]) -> int:
    """Print the number of legal move sequences of length depth after the record's moves."""
    try:
        replay = rec.replay(rec.load(path), games)
    except rec.RecordError as err:
        print(f"{terminal(path, None)}: {terminal(err)}", file=sys.stderr)
        return 1
    from common.perft_budget import refusal

    start = time.perf_counter()
    too_much = refusal(replay.game, replay.final, depth)
    if too_much is not None:
        print(_("perft: {too_much}").format(too_much=too_much), file=sys.stderr)
        return 2
    count = replay.game.perft(replay.final, depth)
    elapsed = time.perf_counter() - start
    print(f"{count}")
    print(_("depth {depth}: {count} in {elapsed:.3f} s").format(
              depth=depth, count=count, elapsed=elapsed), file=sys.stderr)
    return 0
