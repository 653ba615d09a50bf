"""The ``validate`` command: check records against the rules by replaying them. No pygame.

    main.py validate FILE...      "FILE: ok", or the move and the reason; status 1 if any failed
"""

from __future__ import annotations

import argparse
from pathlib import Path

from common import record as rec
from common.cli.arguments import Subparsers
from common.cli.terminal import terminal
from common.i18n import _
from common.protocol import Game


def arguments(sub: Subparsers, names: list[str]) -> argparse.ArgumentParser:
    """The command's parser."""
    validate = sub.add_parser("validate", help=_("check records against the rules"))
    validate.add_argument("files", nargs="+", type=Path, metavar="FILE")
    return validate


def run(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Run the command."""
    return validate(args.files, games)


def validate(files: list[Path], games: dict[str, Game]) -> int:
    """Print `FILE: ok` for each valid record, or the first problem; 1 if any failed."""
    failed = 0
    for path in files:
        name = terminal(path, None)
        try:
            rec.replay(rec.load(path), games)
        except rec.RecordError as err:
            print(f"{name}: {terminal(err)}")
            failed += 1
        except Exception as err:  # noqa: BLE001 - one file's surprise must not stop the rest
            print(_("{name}: cannot be checked ({name2}: {terminal})").format(
                      name=name, name2=type(err).__name__, terminal=terminal(err, 120)))
            failed += 1
        else:
            print(_("{name}: ok").format(name=name))
    return 1 if failed else 0
