"""An Overlords game opened and set up through real clicks, for the UI tests and benchmarks."""

from __future__ import annotations

from typing import Any

from common.ui.app import App
from common.ui.driver import Driver
from common.ui.menu import MainMenu
from overlords.ui import GameScene, play_scene


def open_game(games: dict[str, Any], specs: list[str], seed: int,
              size: tuple[int, int] = (1280, 800),
              animation: str = "off") -> tuple[App, Driver, GameScene]:
    """An app on the menu with a game above it, past its setup (default setup by clicks)."""
    app = App(games, size)
    app.settings.animation = animation
    app.push(MainMenu(app))
    app.push(play_scene(app, list(specs), seed))
    d = Driver(app)
    d.frames(1)
    game = app.top
    while game.setup is not None:
        d.click(game.default_b.rect.center)
        d.click(game.ready_b.rect.center)
    return app, d, game
