"""The game screen's layout for both games (issue 21): at 1920x1080 the board and the panel
are centred together (they hugged the left edge); in a tall window the panel goes under the
board (which had shrunk to about 420 px beside it); at the smallest window, side by side."""

from __future__ import annotations

import pytest

import main
from tests.helpers import overlords_driver as ui_driver
from tests.test_ui_prepollency import open_game


def screen(game_name: str, size):
    if game_name == "prepollency":
        return open_game(("human", "human"), size=size)
    return ui_driver.open_game(main.games(), ["human", "human"], 5, size, "off")


def parts(game):
    a = game.areas
    return game.view.board.frame, a.toolbar.unionall([a.status, a.log])


@pytest.mark.parametrize("name", ["prepollency", "overlords"])
def test_wide_window_centres_board_and_panel(name):
    app, d, game = screen(name, (1920, 1080))
    board, panel = parts(game)
    left, right = board.x, 1920 - panel.right
    assert board.right < panel.x and abs(left - right) <= app.m.pad * 2 + 2
    app.close()


@pytest.mark.parametrize("name", ["prepollency", "overlords"])
@pytest.mark.parametrize("size", [(960, 1400), (1080, 1920)])
def test_tall_window_stacks_the_panel_under_the_board(name, size):
    app, d, game = screen(name, size)
    board, panel = parts(game)
    assert panel.y >= board.bottom and panel.bottom <= size[1]
    assert board.w >= size[0] * 0.68, "the board uses the window's width"
    assert game.areas.log.h > 0 and game.areas.status.h > 0
    app.close()


@pytest.mark.parametrize("name", ["prepollency", "overlords"])
@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_ordinary_windows_stay_side_by_side(name, size):
    app, d, game = screen(name, size)
    board, panel = parts(game)
    assert board.right < panel.x and panel.right <= size[0] and board.bottom <= size[1]
    app.close()
