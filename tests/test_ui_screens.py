"""Every scene rendered to a PNG (a CI artefact, never committed) and checked for content.

The images go to $UI_SCREENSHOTS, or to overlords-screens/ in the system's temp folder.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from common.ui.scenes.rules_scene import RulesScene  # noqa: E402
from common.ui.scenes.settings_scene import SettingsScene  # noqa: E402
from overlords import rules  # noqa: E402
from tests.test_ui_overlords import jump_to, open_game, playout  # noqa: E402

OUT = Path(os.environ.get("UI_SCREENSHOTS") or Path(tempfile.gettempdir()) / "overlords-screens")


KEY_SCENES = ("menu", "setup", "game-figure-picked", "rules")  # saved at every size


def save(app, name: str, write: bool = True) -> None:
    """Draw a frame, check it shows something, and write it to OUT/name.png."""
    app.step(1 / 60)
    packed = pygame.surfarray.pixels2d(app.screen)[::5, ::5].ravel()
    colours = np.unique(packed & 0xFFFFFF)
    assert len(colours) > 60, f"{name}: the frame looks empty"
    if write:
        OUT.mkdir(parents=True, exist_ok=True)
        path = OUT / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        assert path.stat().st_size > 10_000


@pytest.mark.parametrize("size", [(1280, 800), (960, 600), (1920, 1080)])
def test_every_scene_renders(size):
    app, d, game = open_game(("human", "random"), size=size)
    w = f"{size[0]}x{size[1]}"
    every = size == (1280, 800)

    def shot(name: str) -> None:
        save(app, f"{w}-{name}", every or name in KEY_SCENES)

    try:
        app.stack[0].layout(size)
        menu = app.stack.pop()
        shot("menu")
        app.stack.append(menu)
        from overlords.ui.screens import new_game_scene

        app.push(new_game_scene(app))
        shot("new-game")
        app.top.start_game()
        shot("setup")
        setup = app.top
        setup.phase.click_tray(rules.OVERLORD)
        setup.phase.click_square(rules.GRID.index("d1"))
        setup.refresh()
        shot("setup-partly")
        app.pop()
        app.push(game)
        game.layout(size)
        game = jump_to(game, playout(game.match.state, lambda s: s.ply >= 14, random.Random(9)))
        shot("game")
        frm = max({m.frm for m in rules.legal_moves(game.match.state) if m.frm is not None},
                  key=lambda sq: len(rules.moves_from(game.match.state, sq)))
        d.click(game.view.board.center(frm))
        d.move(game.view.board.center(frm))
        shot("game-figure-picked")
        bad = next(sq for sq in range(64) if sq not in game.controller.pick.targets() and sq != frm)
        d.click(game.view.board.center(bad))
        shot("game-refused")
        game.start_review(5)
        shot("review")
        game.end_review()
        game.open_menu()
        shot("paused")
        app.pop()
        app.push(SettingsScene(app))
        shot("settings")
        app.pop()
        app.push(RulesScene(app, "overlords"))
        shot("rules")
        app.pop()
        app.settings.colour_blind = True
        app.apply_settings()
        shot("colour-blind")
    finally:
        app.close()


def test_game_over_and_discard_screens():
    app, d, game = open_game()
    try:
        game = jump_to(game, playout(game.match.state, rules.must_discard, random.Random(4), 600))
        save(app, "discard")
        rng = random.Random(11)
        moves = list(game.match.moves)
        state = game.match.state
        while state.result is None:
            move = rules.random_move(state, rng)
            moves.append(move)
            state = rules.apply(state, move)
        game = jump_to(game, moves)
        game.game_over_shown = False
        d.frames(2)
        save(app, "game-over")
    finally:
        app.close()
