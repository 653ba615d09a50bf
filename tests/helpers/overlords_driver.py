"""An Overlords game opened and set up through real clicks, for the UI tests and benchmarks."""

from __future__ import annotations

from typing import Any

from common.ui.app import App
from common.ui.driver import Driver
from common.ui.game_scene import GameScene
from common.ui.scenes.dialog_scene import Dialog
from common.ui.scenes.menu_scene import MainMenu
from overlords.ui.screens import play_scene
from overlords.ui.setup_scene import SetupScene


def finish_setup(app: App, d: Driver, limit: float = 120.0) -> GameScene:
    """Click through the setup on top (default setup for every person, started even where
    the setup screen warns; CPU sides are waited for) until the game screen shows; that
    screen."""
    import time

    end = time.monotonic() + limit
    while isinstance(app.top, SetupScene | Dialog):
        if isinstance(app.top, Dialog):  # "Overlord in danger": the default setup it is
            d.click(next(b for b in app.top.buttons if b.label == "Start anyway").rect.center)
            continue
        setup = app.top
        if setup.phase is not None:
            d.click(setup.default_b.rect.center)
            d.click(setup.ready_b.rect.center)
        else:
            d.frames(1)
            time.sleep(0.002)
        if time.monotonic() > end:
            raise TimeoutError("the setup did not finish")
    assert isinstance(app.top, GameScene)
    return app.top


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
    return app, d, finish_setup(app, d)
