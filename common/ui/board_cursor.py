"""The keyboard's cursor on a game's board, shared by both games' screens.

The arrow keys move it a square in the direction they point on screen (a flipped board
too); Home / End go to the first / last file of the row. Enter picks the square under it:
the game screen hands the square to the controller's `pick_square`, which does what a
click there does (pick a figure, play to a target, ask which Rune). It shows only after
an arrow key and goes away at a mouse click (the mouse took over) or on Esc, so a person
who only uses the mouse never sees it; it starts on the square last picked or the centre.
"""

from __future__ import annotations

import pygame

from common.ui.board import BoardView
from common.ui.input import Key
from common.ui.theme import Palette

STEPS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
         pygame.K_DOWN: (0, 1)}


class BoardCursor:
    """Where the cursor is, on screen (column, row from the top-left tile), and if it shows."""

    def __init__(self) -> None:
        self.cell: tuple[int, int] | None = None
        self.shown = False

    def square(self, board: BoardView) -> int:
        """The square under the cursor."""
        c, r = self.cell or (board.n // 2, board.n // 2)
        col, row = (board.n - 1 - c, r) if board.flipped else (c, board.n - 1 - r)
        square = board.grid.at(col, row)
        assert square is not None  # `handle` keeps the cell on the board
        return square

    def put(self, board: BoardView, square: int) -> None:
        """Move the cursor onto a square (it shows)."""
        self.cell = board.cell(square)
        self.shown = True

    def hide(self) -> bool:
        """Hide the cursor; True if it was showing."""
        was, self.shown = self.shown, False
        return was

    def handle(self, action: Key, board: BoardView, start: int | None = None) -> bool:
        """An arrow (or Home / End) moves the cursor, showing it: True. The first press only
        shows it, on `start` (the square picked) if given, else where it was or the
        centre."""
        if action.ctrl or action.key not in (*STEPS, pygame.K_HOME, pygame.K_END):
            return False
        if not self.shown:
            if start is not None:
                self.cell = board.cell(start)
            elif self.cell is None:
                self.cell = (board.n // 2, board.n // 2)
            self.shown = True
            return True
        c, r = self.cell or (board.n // 2, board.n // 2)
        if action.key == pygame.K_HOME:
            c = 0
        elif action.key == pygame.K_END:
            c = board.n - 1
        else:
            dc, dr = STEPS[action.key]
            c, r = min(board.n - 1, max(0, c + dc)), min(board.n - 1, max(0, r + dr))
        self.cell = (c, r)
        return True

    def draw(self, surface: pygame.Surface, board: BoardView, pal: Palette,
             color: tuple[int, int, int] | None = None) -> None:
        """A thick ring on the square under the cursor (a dark edge, the select colour or
        the game's `color`: Prepollency's, since its blue would read as the Blue player's),
        when it shows."""
        if not self.shown:
            return
        c, r = self.cell or (board.n // 2, board.n // 2)
        tile = board.tile
        rect = pygame.Rect(board.rect.x + c * tile, board.rect.y + r * tile, tile, tile)
        width = max(3, tile // 14)
        pygame.draw.rect(surface, pal.backdrop, rect.inflate(2, 2), width + 2,
                         border_radius=max(2, tile // 10))
        pygame.draw.rect(surface, color or pal.select, rect.inflate(-2, -2), width,
                         border_radius=max(2, tile // 10))
