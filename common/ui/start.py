"""Starting the app: `run_app(args, games)` is what `main.py` calls.

No command opens the main menu; `play GAME --players ... [--seed N] [--first SEAT]` opens
straight into a game. Games come from the registry (`common.games`): its screens module offers
`new_game_scene(app)`, `play_scene(app, seats, seed, first)` and, to open saved games,
`resume_scene(app, replay)`.

`build_app` loads the player's settings from their file (`common.ui.settings`) and hands the
app that file, so every change (Settings scene, M, F11, a bot command) is written back at once;
an `App` built without `settings_file`, as tests do, reads and writes no file. Likewise games
autosave only into the app's `saves_folder` (`build_app` gives the player's, tidied of a
killed writer's leftovers and a crashed visit's deletions once the first frame is on screen:
`common.ui.saves.tidy_in_background`).

SIGTERM (a logout, `kill`) and SIGHUP (the terminal closed) end the app as Quit does; their
handlers are set before the window opens, so a signal that comes while it opens is never
taken by SDL's own handler (which would make it a plain Quit).
"""

from __future__ import annotations

import argparse
import logging
import sys
import threading
from typing import Any

import pygame

from common import files, logs, paths
from common import games as registry
from common.ai.bot import check_timeout
from common.i18n import _
from common.seats import SeatSpec, bot_name, parse_seats
from common.ui import display, saves
from common.ui import settings as settings_io
from common.ui.app import App
from common.ui.window import DEFAULT_SIZE, MIN_SIZE

log = logging.getLogger(f"{paths.APP_NAME}.app")


def parse_players(text: str | None, counts: tuple[int, ...]) -> list[SeatSpec]:
    """Seat specs from `--players` (default: a person against the random CPU), as many as
    the game seats; a `cmd:` seat's program must be found. ValueError says what is wrong."""
    from common.ui.bots import check_command

    seats = parse_seats("human,random" if text is None else text, counts)
    for spec in seats:
        if spec.is_bot:
            problem = check_command(spec.command or "")
            if problem:
                raise ValueError(_("bot {bot_name!r}: {problem}").format(
                                     bot_name=bot_name(spec.command or ''), problem=problem))
    return seats


def _play_args(args: argparse.Namespace) -> tuple[Any, list[SeatSpec], Any, Any] | int | None:
    """The game `play` asks for (registry entry, seats, seed, first seat), None without
    `play`, or an exit status after saying what is wrong."""
    if getattr(args, "command", None) != "play":
        return None
    entry = registry.get(args.game)
    try:
        seats = parse_players(args.players, entry.seat_counts)
    except ValueError as err:
        print(_("play: {err}").format(err=err), file=sys.stderr)
        return 2
    first = getattr(args, "first", None)
    if first is not None and first not in entry.seats_for(len(seats)):
        allowed = ", ".join(map(str, entry.seats_for(len(seats))))
        print(_("play: --first {first} is not a seat of a {count}-player {title} game (seats "
                "{allowed})").format(
                  first=first, count=len(seats), title=entry.title, allowed=allowed),
                  file=sys.stderr)
        return 2
    return entry, seats, args.seed, first


def build_app(args: argparse.Namespace, games: dict[str, Any],
              size: tuple[int, int] = DEFAULT_SIZE) -> App | int:
    """The app with its first scenes for a command line, or an exit status for bad input."""
    from common.ui.scenes.menu_scene import MainMenu

    play = _play_args(args)
    if isinstance(play, int):
        return play
    timeout = getattr(args, "bot_timeout", None)
    if timeout is not None and check_timeout(timeout):
        print(_("play: {check_timeout}").format(check_timeout=check_timeout(timeout)),
              file=sys.stderr)
        return 2
    where = settings_io.path()
    threading.Thread(target=files.clean_temps, args=(where.parent,), name="tidy-config",
                     daemon=True).start()  # a killed writer's ".settings.json.*.tmp" and such
    sizes = display.prepare(size, MIN_SIZE)  # the screen: none at all, its DPI, its size
    if isinstance(sizes, str):
        print(_("cannot open a window: {problem}").format(problem=sizes), file=sys.stderr)
        return 2
    size, minimum = sizes
    try:
        app = App(games, size, settings_io.load(where), where, saves.folder())
        app.window.set_minimum_size(minimum)
        app.tidy_saves = True  # the player's own folder: tidied once the first frame is up
    except pygame.error as err:
        print(_("cannot open a window: {err}").format(err=err), file=sys.stderr)
        return 1
    app.push(MainMenu(app))
    if app.language_problem:
        app.toast(app.language_problem, 8.0, important=True)
    said = settings_io.notice(where)
    if said:  # a damaged settings file: said in the window too, where the player looks
        app.toast(said, 8.0, important=True)
    if timeout is not None:
        app.bot_timeout = timeout
    if play is not None:
        entry, seats, seed, first = play
        app.push(entry.screens.play_scene(app, seats, seed, first))
    return app


def run_app(args: argparse.Namespace, games: dict[str, Any]) -> int:
    """Open the window on the main menu, or straight into a game for `play`; everything
    unexpected goes to the log file (common/logs.py)."""
    from common.version import version

    logs.setup()
    sdl = ".".join(map(str, pygame.get_sdl_version()))
    log.info("start %s %s (Python %s, pygame-ce %s, SDL %s) on %s", paths.APP_NAME, version(),
             sys.version.split()[0], pygame.version.ver, sdl, sys.platform)
    stopping = StopOnSignals()  # before the window opens (see the module docstring)
    app = build_app(args, games)
    if isinstance(app, int):
        return app
    stopping.app = app
    log.info("window open: SIGTERM and SIGHUP save and quit")
    return app.run()


class StopOnSignals:
    """SIGTERM (a logout, `kill`) and SIGHUP (the terminal closed) end the app as Quit does,
    without a question: every game is saved (`App.close`) and the window closes. Set before
    the app exists; a signal that comes before `app` is set stops it as soon as it is."""

    def __init__(self) -> None:
        import signal

        self._app: App | None = None
        self.stopped = False
        for name in ("SIGTERM", "SIGHUP"):
            number = getattr(signal, name, None)
            if number is not None:
                try:
                    signal.signal(number, self._stop)
                except (ValueError, OSError):  # not the main thread, or not allowed here
                    continue

    @property
    def app(self) -> App | None:
        """The app the signals stop."""
        return self._app

    @app.setter
    def app(self, app: App) -> None:
        self._app = app
        if self.stopped:
            app.running = False

    def _stop(self, number: int, _frame: Any) -> None:
        log.info("signal %s: saving and quitting", number)
        self.stopped = True
        if self._app is not None:
            self._app.running = False

