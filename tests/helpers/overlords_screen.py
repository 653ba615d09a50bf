"""An Overlords game screen on a given position, for the UI tests (a real App, headless)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import main  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from overlords import rules  # noqa: E402
from overlords.ui.screens import game_scene  # noqa: E402


def open_position(state: rules.State, seats=("human", "human")):
    """(app, driver, game screen) on `state`, animations and the hot-seat hand-over off, one
    frame drawn; the caller closes the app."""
    app = App(main.games(), (1280, 800))
    app.settings.animation = "off"
    app.settings.handover = False  # the hot-seat hand-over band is tested on its own
    app.push(MainMenu(app))
    game = game_scene(app, state, seats, 1)
    app.push(game)
    d = Driver(app)
    d.frames(1)
    return app, d, game
