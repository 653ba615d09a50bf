#!/usr/bin/env python3
"""Overlords and Prepollency: double-click target and command line.

    python main.py                       open the app on the main menu
    python main.py play GAME ...         open the app straight into a game
    python main.py selfplay GAME ...     CPU games, saved as records
    python main.py validate FILE...      check records against the rules
    python main.py perft FILE --depth D  count legal move sequences
    python main.py move FILE --player P  the move a player would make in a record's position
    python main.py --version             the version; --install-desktop-entry, too

`python main.py --help` lists every option.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (
    cli,  # noqa: E402
    launch,  # noqa: E402
    processes,  # noqa: E402
)
from common.games import engines  # noqa: E402
from common.protocol import Game  # noqa: E402


def games() -> dict[str, Game]:
    """The engines by record name (from the registry, common/games.py)."""
    return engines()


def open_app(args: argparse.Namespace) -> int:
    """Open the window (on the menu, or straight into a game for `play`)."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from common.cli.desktop_entry import remove_stale
    from common.ui.start import run_app

    if remove_stale():  # an entry left by an uninstalled copy would start a missing program
        from common.i18n import _

        print(_("removed this app's desktop entry: the program it started is gone"),
              file=sys.stderr)

    return run_app(args, games())


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    argv = sys.argv[1:] if argv is None else argv
    script = launch.run_script(argv)  # the stand-alone build starting one of its helpers
    if script is not None:
        return script
    processes.die_with_app()  # Windows: every program this one starts ends with it
    return cli.run(argv, games(), open_app)


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # the stand-alone build's CPU worker (spawned) starts here
    sys.exit(main())
